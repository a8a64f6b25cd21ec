import { describe, expect, it } from 'vitest';
import { isVolatileLine } from './volatile-lines.ts';

describe('isVolatileLine', () => {
  it.each([
    'Building configuration...',
    'Current configuration : 1366 bytes',
    '! Last configuration change at 18:41:02 UTC Thu Nov 24 2016',
    '! NVRAM config last updated at 09:37:40 CEST Tue Aug 20 2024 by oxidized',
    '!Time: Sun Aug  6 16:43:18 2017',
    '! Time: Mon Dec  7 10:00:00 2026',
    '! Startup-config last modified at  Sun Sep 11 18:35:01 2016 by root',
    '!Running configuration last done at: Sun Aug  6 16:43:18 2017',
    'ntp clock-period 36028797018963968',
    '## Last commit: 2024-12-06 11:41:05 UTC by root',
    '! LAB-SW123 uptime is 44 weeks, 4 days, 1 hour, 16 minutes',
  ])('counts %j as volatile', (line) => {
    expect(isVolatileLine(line)).toBe(true);
  });

  it.each([
    'hostname CSR1',
    'ntp server 10.0.0.1',
    '! Command: show running-config',
    ' description uptime monitor link',
    'interface GigabitEthernet1/0/1',
    '## SECRET-DATA',
  ])('keeps %j as configuration', (line) => {
    expect(isVolatileLine(line)).toBe(false);
  });
});
