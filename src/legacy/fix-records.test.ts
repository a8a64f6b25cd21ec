import { describe, expect, it } from 'vitest';
import { checkLegacyBundle } from './check.ts';
import { fixEntries } from './fix-entries.ts';
import type { LegacyData } from './types.ts';

// Each fix resolved to the record it is about, and the migration entry of each fixed record (fix-records.ts,
// fix-entries.ts), on a hand-made bundle in the format ezSWM 0.20.x wrote.

const BCRYPT = '$2b$10$AA1QfB3PbDX6ym4m7MZTy.4ASCeoh1ZghI0yd4.iMBtTt72oXVDlu';

function bundle(): Record<string, any> {
  return {
    sites: [{ id: 's1', name: 'HQ' }],
    vlans: [
      { id: 'v10', site_id: 's1', vlan_id: 10, name: 'Users' },
      { id: 'v11', site_id: 's1', vlan_id: 10, name: 'Again' },
      { id: 'v99', site_id: 's1', name: 'No number' },
    ],
    networks: [{ id: 'n10', site_id: 's1', vlan_id: 'v10', name: 'Users', subnet: '10.0.10.1/24', gateway: '10.0.10.1' }],
    'ip-allocations': [{ id: 'al1', network_id: 'n10', ip_address: '10.0.10.20', hostname: 'bad host', status: 'active' }],
    switches: [
      {
        id: 'a',
        site_id: 's1',
        name: 'core',
        management_ip: '10.0.10.2',
        ports: [
          { id: 'a1', unit: 1, index: 1, label: '1/1/1', port_mode: 'access', access_vlan: 10 },
          { id: 'a2', unit: 1, index: 2, label: '1/1/2', port_mode: 'access', access_vlan: 190, tagged_vlans: [30, 31] },
        ],
      },
    ],
    'public-tokens': [{ id: 't1', token: 'x'.repeat(43), switch_id: 'a', revoked_at: 'soon' }],
    users: [{ id: 'u1', username: 'ann', password_hash: BCRYPT, role: 'chief' }],
  };
}

function dataOf(b: Record<string, any>): LegacyData {
  const result = checkLegacyBundle(b);
  expect(result.faults).toEqual([]);
  return result.data!;
}

/** Each fix as `<file> <field>` with what it resolved to: `<kind> <name>` (of its parent), or null. */
function resolved(data: LegacyData): [string, string | null][] {
  return data.fixes.map((fix, i) => {
    const record = data.fixRecords[i];
    const parent = record?.parent ? ` of ${record.parent.name}` : '';
    return [`${fix.file} ${fix.field}`, record && `${record.kind} ${record.name}${parent}`];
  });
}

describe('fixedRecords', () => {
  it('resolves each fix to its migrated record: a port by its place in its switch, a record not migrated to nothing', () => {
    const data = dataOf(bundle());
    expect(data.fixRecords).toHaveLength(data.fixes.length);
    const pairs = resolved(data);
    expect(pairs).toContainEqual(['vlans.json vlan_id', null]);
    // A second VLAN of a number in a site is the first one now: its fix names that one.
    expect(pairs).toContainEqual(['vlans.json vlan_id', 'vlan 10 (Users)']);
    expect(pairs).toContainEqual(['networks.json subnet', 'network Users (10.0.10.0/24)']);
    expect(pairs).toContainEqual(['ip-allocations.json hostname', 'address 10.0.10.20 of Users (10.0.10.0/24)']);
    expect(pairs).toContainEqual(['switches.json ports[1].access_vlan', 'port 1/1/2 of core']);
    expect(pairs).toContainEqual(['users.json role', 'user ann']);
    expect(pairs.filter(([where]) => where.startsWith('public-tokens.json')).map(([, record]) => record)).toEqual([null]);
  });

  it('names the management address it records for a switch without an allocation as a fix of that address, the switch in its reason', () => {
    const data = dataOf(bundle());
    const i = data.fixes.findIndex((fix) => fix.field === 'management_ip');
    expect(data.fixes[i]).toMatchObject({ file: 'switches.json', id: 'a', from: null, to: '10.0.10.2' });
    expect(data.fixes[i].reason).toBe(
      'the management IP of switch core had no allocation in network "Users" (10.0.10.0/24); recorded as its address',
    );
    const address = data.addresses.find((a) => a.address === '10.0.10.2')!;
    expect(data.fixRecords[i]).toMatchObject({ kind: 'address', id: address.id, name: '10.0.10.2', parent: { kind: 'network' } });
  });

  it('lists no management address fix when the allocation was kept', () => {
    const b = bundle();
    b['ip-allocations'].push({ id: 'al2', network_id: 'n10', ip_address: '10.0.10.2', status: 'active' });
    expect(dataOf(b).fixes.filter((fix) => fix.field === 'management_ip')).toEqual([]);
  });
});

describe('fixEntries', () => {
  const data = dataOf(bundle());
  const entries = fixEntries(data.fixes, data.fixRecords, '2026-12-07T12:00:00.000Z');
  const port = data.ports.find((p) => p.name === '1/1/2')!;

  it('makes one migrate entry per fixed record, not undoable, about the record and linked to its switch', () => {
    const own = entries.filter((e) => e.row.entity_id === port.id);
    expect(own).toHaveLength(1);
    expect(own[0].row).toMatchObject({ action: 'migrate', entity_type: 'port', entity_name: '1/1/2', undoable: 0, undo_data: null });
    expect(own[0].touched).toEqual([{ type: 'switch', id: port.switchId }]);
    expect(own[0].row.summary).toBe(
      "Migration fixed port 1/1/2 of switch core: access_vlan 190 → none (VLAN 190 does not exist at the switch's site; dropped); " +
        "tagged_vlans 30 → none (VLAN 30 does not exist at the switch's site; dropped); " +
        "tagged_vlans 31 → none (VLAN 31 does not exist at the switch's site; dropped)",
    );
  });

  it("holds each fixed field as [from, to] with its reason, its reason's form and the API's name of the field, a field fixed again numbered", () => {
    const own = entries.find((e) => e.row.entity_id === port.id)!;
    expect(JSON.parse(own.row.changes!)).toEqual({
      access_vlan: [190, null],
      tagged_vlans: [30, null],
      'tagged_vlans (2)': [31, null],
      reasons: {
        access_vlan: "VLAN 190 does not exist at the switch's site; dropped",
        tagged_vlans: "VLAN 30 does not exist at the switch's site; dropped",
        'tagged_vlans (2)': "VLAN 31 does not exist at the switch's site; dropped",
      },
      forms: {
        access_vlan: { code: 'vlan_not_at_site', params: { vid: '190' } },
        tagged_vlans: { code: 'vlan_not_at_site', params: { vid: '30' } },
        'tagged_vlans (2)': { code: 'vlan_not_at_site', params: { vid: '31' } },
      },
      fields: { access_vlan: 'untaggedVlanId', tagged_vlans: 'taggedVlanIds', 'tagged_vlans (2)': 'taggedVlanIds' },
    });
  });

  it('makes none for a fix of no migrated record, nor for a user (who has no history)', () => {
    const kinds = entries.map((e) => e.row.entity_type);
    expect(kinds).not.toContain('user');
    expect(kinds).not.toContain(null);
    const records = new Set(data.fixRecords.filter((r) => r && r.kind !== 'user').map((r) => r!.id));
    expect(entries).toHaveLength(records.size);
  });
});
