import { describe, expect, it } from 'vitest';
import { decodeQBridge, hasQBridgeVlans } from './mib-q-bridge.ts';
import type { BridgePorts, SnmpValue } from './mib-values.ts';

const text = (value: string) => new TextEncoder().encode(value);
const bits = (...octets: number[]) => Uint8Array.from(octets);
/** Bridge ports 1-4 are ifIndexes 101-104. */
const BRIDGE: BridgePorts = {
  map: new Map([
    [1, 101],
    [2, 102],
    [3, 103],
    [4, 104],
  ]),
  ifIndexes: new Set([101, 102, 103, 104]),
};

describe('Q-BRIDGE VLANs with bitmap port lists', () => {
  const walk = new Map<string, SnmpValue>([
    ['1.3.6.1.2.1.17.7.1.4.3.1.1.1', text('default')],
    ['1.3.6.1.2.1.17.7.1.4.3.1.1.10', text('users')],
    ['1.3.6.1.2.1.17.7.1.4.3.1.1.20', text('voice')],
    // VLAN 1: ports 1 (untagged) and 4 (untagged); VLAN 10: 2 untagged, 4 tagged; VLAN 20: 2 and 4 tagged
    ['1.3.6.1.2.1.17.7.1.4.3.1.2.1', bits(0x90)],
    ['1.3.6.1.2.1.17.7.1.4.3.1.2.10', bits(0x50)],
    ['1.3.6.1.2.1.17.7.1.4.3.1.2.20', bits(0x50)],
    ['1.3.6.1.2.1.17.7.1.4.3.1.4.1', bits(0x90)],
    ['1.3.6.1.2.1.17.7.1.4.3.1.4.10', bits(0x40)],
    ['1.3.6.1.2.1.17.7.1.4.3.1.4.20', bits(0x00)],
    ['1.3.6.1.2.1.17.7.1.4.5.1.1.1', 1],
    ['1.3.6.1.2.1.17.7.1.4.5.1.1.2', 10],
    ['1.3.6.1.2.1.17.7.1.4.5.1.1.4', 1],
    // the current table says something else (port 3 in VLAN 10): the static lists are the configuration
    ['1.3.6.1.2.1.17.7.1.4.2.1.4.0.10', bits(0x20)],
    ['1.3.6.1.2.1.17.7.1.4.2.1.5.0.10', bits(0x20)],
  ]);

  it('reads names, untagged and tagged members by ifIndex from the static lists, with the PVID beside', () => {
    expect(hasQBridgeVlans(walk)).toBe(true);
    expect(decodeQBridge(walk, BRIDGE, false)).toEqual({
      vlans: [
        { vid: 1, name: 'default' },
        { vid: 10, name: 'users' },
        { vid: 20, name: 'voice' },
      ],
      membership: [
        { ifIndex: 101, untagged: 1, tagged: [], taggedComplete: true, trunk: false, pvid: 1 },
        { ifIndex: 102, untagged: 10, tagged: [20], taggedComplete: true, trunk: true, pvid: 10 },
        { ifIndex: 104, untagged: 1, tagged: [10, 20], taggedComplete: true, trunk: true, pvid: 1 },
      ],
      notes: [],
    });
  });

  it('uses the current lists (index timeMark.vid) when there are no static ones', () => {
    const current = new Map<string, SnmpValue>([
      ['1.3.6.1.2.1.17.7.1.4.3.1.1.10', text('users')],
      ['1.3.6.1.2.1.17.7.1.4.2.1.4.0.10', bits(0x30)],
      ['1.3.6.1.2.1.17.7.1.4.2.1.5.0.10', bits(0x20)],
      ['1.3.6.1.2.1.17.7.1.4.2.1.4.0.30', bits(0x10)],
    ]);
    expect(decodeQBridge(current, BRIDGE, false)).toEqual({
      vlans: [
        { vid: 10, name: 'users' },
        { vid: 30, name: null },
      ],
      membership: [
        { ifIndex: 103, untagged: 10, tagged: [], taggedComplete: true, trunk: false },
        { ifIndex: 104, untagged: null, tagged: [10, 30], taggedComplete: true, trunk: true },
      ],
      notes: [],
    });
  });

  it('keeps one untagged VLAN of several (the PVID when it is one of them) and says so', () => {
    const several = new Map<string, SnmpValue>([
      ['1.3.6.1.2.1.17.7.1.4.3.1.2.5', bits(0x80)],
      ['1.3.6.1.2.1.17.7.1.4.3.1.4.5', bits(0x80)],
      ['1.3.6.1.2.1.17.7.1.4.3.1.2.7', bits(0x80)],
      ['1.3.6.1.2.1.17.7.1.4.3.1.4.7', bits(0x80)],
      ['1.3.6.1.2.1.17.7.1.4.5.1.1.1', 7],
    ]);
    const facts = decodeQBridge(several, BRIDGE, false);
    expect(facts.membership).toEqual([{ ifIndex: 101, untagged: 7, tagged: [], taggedComplete: true, trunk: false, pvid: 7 }]);
    expect(facts.notes).toEqual(['ifIndex 101 is an untagged member of VLANs 5,7; 7 kept']);
  });
});

describe('Junos: ASCII port lists and JUNIPER-L2ALD-MIB names', () => {
  const junosBridge: BridgePorts = {
    map: new Map([
      [4097, 513],
      [4099, 518],
      [3, 520],
    ]),
    ifIndexes: new Set([513, 518, 520]),
  };
  const walk = new Map<string, SnmpValue>([
    ['1.3.6.1.2.1.17.7.1.4.3.1.2.1', text('')],
    ['1.3.6.1.2.1.17.7.1.4.3.1.2.23', text('0,4097,4099')],
    ['1.3.6.1.2.1.17.7.1.4.3.1.2.999', text('3')],
    ['1.3.6.1.2.1.17.7.1.4.3.1.4.23', text('4099')],
    ['1.3.6.1.2.1.17.7.1.4.3.1.4.999', text('3')],
    ['1.3.6.1.2.1.17.7.1.4.5.1.1.4097', 0],
    ['1.3.6.1.4.1.2636.3.48.1.3.1.1.2.2', text('default')],
    ['1.3.6.1.4.1.2636.3.48.1.3.1.1.2.5', text('noc-mgmt')],
    ['1.3.6.1.4.1.2636.3.48.1.3.1.1.2.6', text('UNUSED')],
    ['1.3.6.1.4.1.2636.3.48.1.3.1.1.3.2', 1],
    ['1.3.6.1.4.1.2636.3.48.1.3.1.1.3.5', 23],
    ['1.3.6.1.4.1.2636.3.48.1.3.1.1.3.6', 999],
  ]);

  it('reads the lists as bridge port numbers, names VLANs by tag and notes bridge ports without an interface', () => {
    expect(decodeQBridge(walk, junosBridge, true)).toEqual({
      vlans: [
        { vid: 1, name: 'default' },
        { vid: 23, name: 'noc-mgmt' },
        { vid: 999, name: 'UNUSED' },
      ],
      membership: [
        { ifIndex: 513, untagged: null, tagged: [23], taggedComplete: true, trunk: true, pvid: 0 },
        { ifIndex: 518, untagged: 23, tagged: [], taggedComplete: true, trunk: false },
        { ifIndex: 520, untagged: 999, tagged: [], taggedComplete: true, trunk: false },
      ],
      notes: ['Q-BRIDGE port lists name bridge ports with no dot1dBasePortIfIndex entry (ignored): 0'],
    });
  });

  it('has no Q-BRIDGE VLANs without any of its tables', () => {
    expect(hasQBridgeVlans(new Map([['1.3.6.1.2.1.17.7.1.4.5.1.1.1', 1]]))).toBe(false);
  });
});

describe('bridge ports without dot1dBasePortIfIndex', () => {
  it('takes a bridge port number as the ifIndex when it is one', () => {
    const bridge: BridgePorts = { map: new Map(), ifIndexes: new Set([1, 2]) };
    const walk = new Map<string, SnmpValue>([
      ['1.3.6.1.2.1.17.7.1.4.3.1.2.1', bits(0xe0)],
      ['1.3.6.1.2.1.17.7.1.4.3.1.4.1', bits(0xe0)],
    ]);
    const facts = decodeQBridge(walk, bridge, false);
    expect(facts.membership.map((row) => row.ifIndex)).toEqual([1, 2]);
    expect(facts.notes).toEqual(['Q-BRIDGE port lists name bridge ports with no dot1dBasePortIfIndex entry (ignored): 3']);
  });
});
