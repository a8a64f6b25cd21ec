import { describe, expect, it } from 'vitest';
import { decodeLags } from './mib-lag.ts';
import type { ObservedPort } from './observed.ts';

function port(ifIndex: number, name: string, ifType: number): ObservedPort {
  return { ifIndex, name, description: '', ifType, speedMbps: 0, adminUp: true, operUp: true, present: true, mac: null };
}

const PORTS = [
  port(1, 'Et1', 6),
  port(2, 'Et2', 6),
  port(3, 'Et3', 6),
  port(100, 'Port-Channel1', 161),
  port(101, 'ae0.0', 53),
  port(5001, 'Po1', 53),
  port(6000, 'Vlan10', 53),
];

describe('LAGs', () => {
  it('takes an aggregate (ieee8023adLag or a Cisco Po) stacked over physical ports from ifStackTable', () => {
    const walk = new Map([
      ['1.3.6.1.2.1.31.1.2.1.3.0.100', 1],
      ['1.3.6.1.2.1.31.1.2.1.3.100.2', 1],
      ['1.3.6.1.2.1.31.1.2.1.3.100.1', 1],
      ['1.3.6.1.2.1.31.1.2.1.3.101.100', 1],
      ['1.3.6.1.2.1.31.1.2.1.3.5001.3', 1],
      ['1.3.6.1.2.1.31.1.2.1.3.6000.1', 1],
      ['1.3.6.1.2.1.31.1.2.1.3.1.0', 1],
    ]);
    expect(decodeLags(walk, PORTS)).toEqual([
      { ifIndex: 100, memberIfIndexes: [1, 2] },
      { ifIndex: 5001, memberIfIndexes: [3] },
    ]);
  });

  it('prefers IEEE8023-LAG-MIB when the agent has it', () => {
    const walk = new Map([
      ['1.2.840.10006.300.43.1.2.1.1.13.1', 100],
      ['1.2.840.10006.300.43.1.2.1.1.13.2', 0],
      ['1.2.840.10006.300.43.1.2.1.1.13.3', 100],
      ['1.3.6.1.2.1.31.1.2.1.3.5001.2', 1],
    ]);
    expect(decodeLags(walk, PORTS)).toEqual([{ ifIndex: 100, memberIfIndexes: [1, 3] }]);
  });
});
