import { describe, expect, it } from 'vitest';
import { decodeCiscoVlans, hasVtpVlans, vlansNeedingInstances } from './mib-cisco-vlans.ts';
import type { SnmpValue } from './mib-values.ts';

const text = (value: string) => new TextEncoder().encode(value);
const VTP = '1.3.6.1.4.1.9.9.46.1.3.1.1';
const TRUNK = '1.3.6.1.4.1.9.9.46.1.6.1.1';
const VM_VLAN = '1.3.6.1.4.1.9.9.68.1.2.2.1.2';

function vtpRows(vlans: [number, number, string][]): [string, SnmpValue][] {
  return vlans.flatMap(([vid, type, name]): [string, SnmpValue][] => [
    [`${VTP}.2.1.${vid}`, 1],
    [`${VTP}.3.1.${vid}`, type],
    [`${VTP}.4.1.${vid}`, text(name)],
  ]);
}

/** VLANs 1, 10, 20 (ethernet) and 1002 (fddi-default); Gi 101-102 access, 103 a trunk (native 1), 104 a trunk whose link is down. */
const walk = new Map<string, SnmpValue>([
  ...vtpRows([
    [1, 1, 'default'],
    [10, 1, 'users'],
    [20, 1, 'printers'],
    [1002, 2, 'fddi-default'],
  ]),
  [`${TRUNK}.5.103`, 1],
  [`${TRUNK}.5.104`, 1],
  [`${TRUNK}.16.101`, 6],
  [`${TRUNK}.16.103`, 4],
  [`${TRUNK}.16.104`, 6],
  [`${VM_VLAN}.101`, 10],
  [`${VM_VLAN}.102`, 555],
  ['1.3.6.1.4.1.9.9.68.1.5.1.1.1.101', 20],
]);

describe('Cisco VLANs from VTP, vmVlan and per-VLAN bridge instances', () => {
  it('asks for the instances of the ethernet VLANs but VLAN 1', () => {
    expect(hasVtpVlans(walk)).toBe(true);
    expect(vlansNeedingInstances(walk)).toEqual([10, 20]);
  });

  it('takes access ports from vmVlan and trunk members from every instance, complete when all were read', () => {
    const instances = new Map([
      [1, new Set([103])],
      [10, new Set([101, 103, 104])],
      [20, new Set([103])],
    ]);
    expect(decodeCiscoVlans(walk, instances)).toEqual({
      vlans: [
        { vid: 1, name: 'default' },
        { vid: 10, name: 'users' },
        { vid: 20, name: 'printers' },
        { vid: 555, name: null },
      ],
      membership: [
        { ifIndex: 101, untagged: 10, tagged: [], taggedComplete: true, trunk: false, voiceVlan: 20 },
        { ifIndex: 102, untagged: 555, tagged: [], taggedComplete: true, trunk: false },
        { ifIndex: 103, untagged: 1, tagged: [10, 20], taggedComplete: true, trunk: true },
        { ifIndex: 104, untagged: null, tagged: [10], taggedComplete: true, trunk: true },
      ],
      notes: ['ports not trunking by the VTP trunk table but listed in per-VLAN BRIDGE-MIB instances are taken as trunks (ifIndex 104)'],
    });
  });

  it('marks trunks incomplete where an instance did not answer, and keeps the native VLAN whose instance is unknown', () => {
    const facts = decodeCiscoVlans(walk, new Map([[10, new Set([103])]]));
    expect(facts.membership.find((row) => row.ifIndex === 103)).toEqual({
      ifIndex: 103,
      untagged: 1,
      tagged: [10],
      taggedComplete: false,
      trunk: true,
    });
    expect(facts.notes).toContain("trunks' tagged VLANs are unknown for VLANs 1,20 (no per-VLAN BRIDGE-MIB instance read)");
  });

  it('prefers vlanTrunkPortDynamicStatus to the encapsulation', () => {
    const notTrunking = new Map(walk).set(`${TRUNK}.14.103`, 2).set(`${VM_VLAN}.103`, 20);
    const row = decodeCiscoVlans(notTrunking, new Map()).membership.find((m) => m.ifIndex === 103);
    expect(row).toEqual({ ifIndex: 103, untagged: 20, tagged: [], taggedComplete: true, trunk: false });
  });

  it('takes a trunk allowed list (vlanTrunkPortVlansEnabled) as complete, and then needs no instance', () => {
    const allowed = new Uint8Array(128);
    allowed[0] = 0x40; // VLAN 1
    allowed[1] = 0x20; // VLAN 10
    allowed[2] = 0x08; // VLAN 20
    const withAllowed = new Map(walk).set(`${TRUNK}.4.103`, allowed);
    expect(vlansNeedingInstances(withAllowed)).toEqual([]);
    const row = decodeCiscoVlans(withAllowed, new Map()).membership.find((m) => m.ifIndex === 103);
    expect(row).toEqual({ ifIndex: 103, untagged: 1, tagged: [10, 20], taggedComplete: true, trunk: true });
  });
});
