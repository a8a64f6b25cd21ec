import { afterEach, describe, expect, it } from 'vitest';
import { displayValue, poeText } from './format.ts';
import { setLanguage } from './messages.ts';
import { findingText } from './server-messages.ts';

afterEach(() => setLanguage('en'));

describe('numbers in the UI', () => {
  it("write a port's PoE watts with the locale's decimal mark, in the port table and in an entry's changes", async () => {
    expect(poeText({ type: '802.3at', maxWatts: 25.5 })).toBe('802.3at 25.5 W');
    await setLanguage('de');
    expect(poeText({ type: '802.3at', maxWatts: 25.5 })).toBe('802.3at 25,5 W');
    expect(displayValue({ type: '802.3bt-type4', maxWatts: 1500.5 })).toBe('802.3bt-type4 1.500,5 W');
    expect(poeText({ type: '802.3af', maxWatts: null })).toBe('802.3af');
    expect([displayValue(370.5), displayValue(4094)]).toEqual(['370,5', '4094']);
  });

  it("write the amounts of the server's messages in German (watts, per cents, counts), and leave the numbers that name", async () => {
    await setLanguage('de');
    const full = {
      kind: 'network_nearly_full',
      params: { network: 'lan', subnet: '10.0.0.0/16', site: 'HQ', percent: 92.5, used: 60000, dhcp: 500, reserved: 120, usable: 65534 },
      message: '',
    };
    expect(findingText(full)).toContain('zu 92,5 % belegt: 60.000');
    expect(findingText(full)).toContain('65.534');
    expect(findingText({ kind: 'unused_vlan', params: { vid: 4094, vlan: 'Spare', site: 'HQ' }, message: '' })).toBe(
      'VLAN 4094 (Spare) des Standorts HQ führt kein Port.',
    );
  });
});
