// The checks against rows inserted directly: each finding kind with a data set that has it and one that does not.
// (The API tests do the same through the API; duplicate_mac can only be shown here, as the schema's UNIQUE
// constraint and the API's normalising keep two spellings of one MAC from being stored through the API.)
import { describe, expect, it } from 'vitest';
import { addNetwork, addPort, addSite, addSwitch, freshDb, linkPorts } from '../../test/fixtures/config/inventory-db.ts';
import { runChecks, type FindingKind } from './checks.ts';
import type { Db } from './open.ts';

/** Port "1", a trunk, of a new switch `switchName` at `site`, its native VLAN a new network of that site. */
function trunkPort(db: Db, site: string, switchName: string, native: { name: string; vlanId: number }): string {
  return addPort(db, addSwitch(db, site, { name: switchName }), { name: '1', mode: 'trunk', untagged: addNetwork(db, site, native) });
}

/** A data set: builds rows and returns the entity ids (in order) of each finding of the kind it expects. */
type Scenario = [name: string, kind: FindingKind, build: (db: Db) => string[][]];

const scenarios: Scenario[] = [
  [
    'the same management IP at two sites',
    'duplicate_management_ip',
    (db) => {
      const a = addSwitch(db, addSite(db, 'A'), { name: 'a1', managementIp: '10.0.0.5' });
      const b = addSwitch(db, addSite(db, 'B'), { name: 'b1', managementIp: '10.0.0.5' });
      addSwitch(db, addSite(db, 'C'), { name: 'c1', managementIp: '10.0.0.6' });
      return [[a, b]];
    },
  ],
  [
    'different management IPs',
    'duplicate_management_ip',
    (db) => {
      addSwitch(db, addSite(db, 'A'), { name: 'a1', managementIp: '10.0.0.5' });
      addSwitch(db, addSite(db, 'B'), { name: 'b1', managementIp: '10.0.0.6' });
      return [];
    },
  ],
  [
    'one MAC stored in two spellings',
    'duplicate_mac',
    (db) => {
      const site = addSite(db, 'A');
      const a = addSwitch(db, site, { name: 'a1', macAddress: 'aa:bb:cc:dd:ee:ff' });
      const b = addSwitch(db, site, { name: 'a2', macAddress: 'AA-BB-CC-DD-EE-FF' });
      addSwitch(db, site, { name: 'a3', macAddress: 'aa:bb:cc:dd:ee:00' });
      return [[a, b]];
    },
  ],
  [
    'different MACs',
    'duplicate_mac',
    (db) => {
      const site = addSite(db, 'A');
      addSwitch(db, site, { name: 'a1', macAddress: 'aa:bb:cc:dd:ee:ff' });
      addSwitch(db, site, { name: 'a2', macAddress: 'aa:bb:cc:dd:ee:fe' });
      return [];
    },
  ],
  [
    "a management IP outside the site's IPv4 subnets",
    'management_ip_outside_subnets',
    (db) => {
      const site = addSite(db, 'A');
      addNetwork(db, site, { name: 'mgmt', vlanId: 99, subnet: '10.0.99.0/24' });
      addNetwork(db, site, { name: 'v6', vlanId: 98, subnet: '2001:db8::/64' });
      addSwitch(db, site, { name: 'inside', managementIp: '10.0.99.2' });
      const outside = addSwitch(db, site, { name: 'outside', managementIp: '10.0.100.2' });
      // Another site with the subnet does not count.
      addNetwork(db, addSite(db, 'B'), { name: 'b', vlanId: 5, subnet: '10.0.100.0/24' });
      return [[outside]];
    },
  ],
  [
    'management IPs inside, or of a family the site has no subnet of',
    'management_ip_outside_subnets',
    (db) => {
      const site = addSite(db, 'A');
      addNetwork(db, site, { name: 'mgmt', vlanId: 99, subnet: '10.0.99.0/24' });
      addNetwork(db, site, { name: 'plain', vlanId: 5 });
      addSwitch(db, site, { name: 'inside', managementIp: '10.0.99.2' });
      addSwitch(db, site, { name: 'v6', managementIp: '2001:db8::2' });
      addSwitch(db, addSite(db, 'B'), { name: 'no-subnets', managementIp: '192.168.1.1' });
      return [];
    },
  ],
  [
    'a link whose ends differ in untagged VLAN number',
    'link_native_vlan_mismatch',
    (db) => {
      const [siteA, siteB] = [addSite(db, 'A'), addSite(db, 'B')];
      const a = trunkPort(db, siteA, 'a', { name: 'n', vlanId: 1 });
      const b = trunkPort(db, siteB, 'b', { name: 'n', vlanId: 99 });
      linkPorts(db, a, b);
      const c = trunkPort(db, siteA, 'c', { name: 'm', vlanId: 7 });
      const d = addPort(db, addSwitch(db, siteA, { name: 'd' }), { name: '1', mode: 'trunk' });
      linkPorts(db, c, d);
      return [
        [a, b],
        [c, d],
      ];
    },
  ],
  [
    'links whose ends share the VLAN number (networks of two sites) or have none',
    'link_native_vlan_mismatch',
    (db) => {
      const [siteA, siteB] = [addSite(db, 'A'), addSite(db, 'B')];
      const a = trunkPort(db, siteA, 'a', { name: 'n', vlanId: 99 });
      const b = trunkPort(db, siteB, 'b', { name: 'other name', vlanId: 99 });
      linkPorts(db, a, b);
      linkPorts(
        db,
        addPort(db, addSwitch(db, siteA, { name: 'c' }), { name: '1', mode: 'trunk' }),
        addPort(db, addSwitch(db, siteA, { name: 'd' }), { name: '1', mode: 'trunk' }),
      );
      addPort(db, addSwitch(db, siteA, { name: 'e' }), { name: '1', untagged: addNetwork(db, siteA, { name: 'unlinked', vlanId: 3 }) });
      return [];
    },
  ],
  [
    'a link from an access port to a trunk',
    'link_mode_mismatch',
    (db) => {
      const site = addSite(db, 'A');
      const a = addPort(db, addSwitch(db, site, { name: 'a' }), { name: '1', mode: 'access' });
      const b = addPort(db, addSwitch(db, site, { name: 'b' }), { name: '1', mode: 'trunk' });
      linkPorts(db, b, a);
      return [[a, b]];
    },
  ],
  [
    'links between ports of one mode',
    'link_mode_mismatch',
    (db) => {
      const site = addSite(db, 'A');
      linkPorts(
        db,
        addPort(db, addSwitch(db, site, { name: 'a' }), { name: '1' }),
        addPort(db, addSwitch(db, site, { name: 'b' }), { name: '1' }),
      );
      linkPorts(
        db,
        addPort(db, addSwitch(db, site, { name: 'c' }), { name: '1', mode: 'trunk' }),
        addPort(db, addSwitch(db, site, { name: 'd' }), { name: '1', mode: 'trunk' }),
      );
      return [];
    },
  ],
  [
    'an access VLAN no linked trunk carries',
    'vlan_not_carried_by_uplink',
    (db) => {
      const site = addSite(db, 'A');
      const [users, cams, mgmt] = [
        addNetwork(db, site, { name: 'users', vlanId: 10 }),
        addNetwork(db, site, { name: 'cams', vlanId: 30 }),
        addNetwork(db, site, { name: 'mgmt', vlanId: 99 }),
      ];
      const sw = addSwitch(db, site, { name: 'edge' });
      addPort(db, sw, { name: '1', untagged: users });
      addPort(db, sw, { name: '2', untagged: cams });
      addPort(db, sw, { name: '3', untagged: cams });
      addPort(db, sw, { name: '4', untagged: mgmt });
      const uplink = addPort(db, sw, { name: '48', mode: 'trunk', untagged: mgmt, tagged: [users] });
      linkPorts(
        db,
        uplink,
        addPort(db, addSwitch(db, site, { name: 'core' }), { name: '1', mode: 'trunk', untagged: mgmt, tagged: [users, cams] }),
      );
      // An unlinked trunk carrying the VLAN does not help.
      addPort(db, sw, { name: '47', mode: 'trunk', tagged: [cams] });
      return [[sw, cams]];
    },
  ],
  [
    'access VLANs carried tagged or native, a disabled port, and a switch without uplinks',
    'vlan_not_carried_by_uplink',
    (db) => {
      const site = addSite(db, 'A');
      const [users, mgmt, lab] = [
        addNetwork(db, site, { name: 'users', vlanId: 10 }),
        addNetwork(db, site, { name: 'mgmt', vlanId: 99 }),
        addNetwork(db, site, { name: 'lab', vlanId: 50 }),
      ];
      const sw = addSwitch(db, site, { name: 'edge' });
      addPort(db, sw, { name: '1', untagged: users });
      addPort(db, sw, { name: '2', untagged: mgmt });
      addPort(db, sw, { name: '3', untagged: lab, enabled: false });
      linkPorts(
        db,
        addPort(db, sw, { name: '48', mode: 'trunk', untagged: mgmt, tagged: [users] }),
        addPort(db, addSwitch(db, site, { name: 'core' }), { name: '1', mode: 'trunk' }),
      );
      addPort(db, addSwitch(db, site, { name: 'standalone' }), { name: '1', untagged: lab });
      return [];
    },
  ],
  [
    "a gateway that is a switch's management IP",
    'gateway_is_management_ip',
    (db) => {
      const site = addSite(db, 'A');
      const net = addNetwork(db, site, { name: 'mgmt', vlanId: 99, subnet: '10.0.99.0/24', gateway: '10.0.99.1' });
      const sw = addSwitch(db, site, { name: 'core', managementIp: '10.0.99.1' });
      addSwitch(db, site, { name: 'edge', managementIp: '10.0.99.2' });
      return [[net, sw]];
    },
  ],
  [
    'gateways apart from every management IP',
    'gateway_is_management_ip',
    (db) => {
      const site = addSite(db, 'A');
      addNetwork(db, site, { name: 'mgmt', vlanId: 99, subnet: '10.0.99.0/24', gateway: '10.0.99.1' });
      addSwitch(db, site, { name: 'core', managementIp: '10.0.99.2' });
      return [];
    },
  ],
  [
    'a network no port uses',
    'unused_network',
    (db) => {
      const site = addSite(db, 'A');
      const unused = addNetwork(db, site, { name: 'unused', vlanId: 5 });
      const [untagged, tagged] = [addNetwork(db, site, { name: 'u', vlanId: 6 }), addNetwork(db, site, { name: 't', vlanId: 7 })];
      addPort(db, addSwitch(db, site, { name: 's' }), { name: '1', mode: 'trunk', untagged, tagged: [tagged] });
      return [[unused]];
    },
  ],
  [
    'networks used untagged or tagged only',
    'unused_network',
    (db) => {
      const site = addSite(db, 'A');
      const [untagged, tagged] = [addNetwork(db, site, { name: 'u', vlanId: 6 }), addNetwork(db, site, { name: 't', vlanId: 7 })];
      const sw = addSwitch(db, site, { name: 's' });
      addPort(db, sw, { name: '1', untagged });
      addPort(db, sw, { name: '2', mode: 'trunk', tagged: [tagged] });
      return [];
    },
  ],
];

describe('runChecks', () => {
  it.each(scenarios)('%s: %s', (_name, kind, build) => {
    const db = freshDb();
    const expected = build(db);
    const found = runChecks(db).filter((f) => f.kind === kind);
    const normal = (groups: string[][]) => groups.map((ids) => [...ids].sort()).sort((a, b) => (a.join() < b.join() ? -1 : 1));
    expect(normal(found.map((f) => f.entities.map((e) => e.id)))).toEqual(normal(expected));
    expect(found.every((f) => f.severity === found[0].severity && f.message.length > 0)).toBe(true);
  });

  it('writes findings in full, in a fixed order, and names ports with their switch', () => {
    const db = freshDb();
    const site = addSite(db, 'HQ');
    const unused = addNetwork(db, site, { name: 'Spare', vlanId: 300 });
    const a = addPort(db, addSwitch(db, site, { name: 'sw-b' }), { name: '48', mode: 'trunk' });
    const b = addPort(db, addSwitch(db, site, { name: 'sw-a' }), { name: '1', mode: 'access' });
    linkPorts(db, a, b);
    expect(runChecks(db)).toEqual([
      {
        kind: 'link_mode_mismatch',
        severity: 'error',
        message: 'The link between sw-a port 1 (access) and sw-b port 48 (trunk) has different modes at its ends.',
        entities: [
          { type: 'port', id: b, name: 'sw-a port 1' },
          { type: 'port', id: a, name: 'sw-b port 48' },
        ],
      },
      {
        kind: 'unused_network',
        severity: 'info',
        message: 'VLAN 300 (Spare) of site HQ is not used by any port.',
        entities: [{ type: 'network', id: unused, name: 'Spare' }],
      },
    ]);
  });

  it('with a site keeps what involves it, a duplicate across sites included', () => {
    const db = freshDb();
    const [siteA, siteB, siteC] = [addSite(db, 'A'), addSite(db, 'B'), addSite(db, 'C')];
    const a = addSwitch(db, siteA, { name: 'a', managementIp: '10.0.0.1' });
    const b = addSwitch(db, siteB, { name: 'b', managementIp: '10.0.0.1' });
    addNetwork(db, siteB, { name: 'unused at B', vlanId: 2 });
    const kinds = (site: string) => runChecks(db, site).map((f) => `${f.kind}:${f.entities.map((e) => e.id).join()}`);
    expect(kinds(siteA)).toEqual([`duplicate_management_ip:${a},${b}`]);
    expect(kinds(siteB)).toHaveLength(2);
    expect(kinds(siteC)).toEqual([]);
  });
});
