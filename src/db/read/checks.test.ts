// The checks against rows inserted directly: each finding kind with a data set that has it and one that does not.
// (The API tests do the same through the API; duplicate_mac can only be shown here, as the schema's UNIQUE
// constraint and the API's normalising keep two spellings of one MAC from being stored through the API.)
import { describe, expect, it } from 'vitest';
import {
  addLag,
  addNetwork,
  addPort,
  addSite,
  addSwitch,
  addVlan,
  freshDb,
  type LagInput,
  linkPorts,
  pairLags,
  type PortInput,
} from '../../../test/fixtures/config/inventory-db.ts';
import { addSiteWithEveryKind } from '../../../test/fixtures/checks-site.ts';
import { addAddress, addRange } from '../../../test/helpers/ipam-db.ts';
import { FINDING_KINDS, runChecks, type FindingKind } from './checks.ts';
import type { Db } from '../open.ts';

/** Port "1", a trunk, of a new switch `switchName` at `site`, its native VLAN a new VLAN of that site. */
function trunkPort(db: Db, site: string, switchName: string, native: { name: string; vid: number }, tagged: string[] = []): string {
  return addPort(db, addSwitch(db, site, { name: switchName }), { name: '1', mode: 'trunk', untagged: addVlan(db, site, native), tagged });
}

/** A LAG of `switchId` with a member port for each of `members` (named 1, 2, ... after `first`); returns its id and the members' ids. */
function lagWith(
  db: Db,
  switchId: string,
  lag: LagInput,
  members: Omit<PortInput, 'name'>[],
  first = 1,
): { id: string; members: string[] } {
  const ports = members.map((port, i) => addPort(db, switchId, { name: String(first + i), ...port }));
  return { id: addLag(db, switchId, { ...lag, members: ports }), members: ports };
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
    "a management IP outside the site's IPv4 networks",
    'management_ip_outside_subnets',
    (db) => {
      const site = addSite(db, 'A');
      addNetwork(db, site, { name: 'mgmt', subnet: '10.0.99.0/24', vlan: addVlan(db, site, { name: 'mgmt', vid: 99 }) });
      addNetwork(db, site, { name: 'v6', subnet: '2001:db8::/64' });
      addSwitch(db, site, { name: 'inside', managementIp: '10.0.99.2' });
      const outside = addSwitch(db, site, { name: 'outside', managementIp: '10.0.100.2' });
      // Another site with the subnet does not count.
      addNetwork(db, addSite(db, 'B'), { name: 'b', subnet: '10.0.100.0/24' });
      return [[outside]];
    },
  ],
  [
    'management IPs inside (a network without VLAN counts), or of a family the site has no network of',
    'management_ip_outside_subnets',
    (db) => {
      const site = addSite(db, 'A');
      addNetwork(db, site, { name: 'transit', subnet: '10.0.99.0/31' });
      addVlan(db, site, { name: 'plain', vid: 5 });
      addSwitch(db, site, { name: 'inside', managementIp: '10.0.99.1' });
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
      const a = trunkPort(db, siteA, 'a', { name: 'n', vid: 1 });
      const b = trunkPort(db, siteB, 'b', { name: 'n', vid: 99 });
      linkPorts(db, a, b);
      const c = trunkPort(db, siteA, 'c', { name: 'm', vid: 7 });
      const d = addPort(db, addSwitch(db, siteA, { name: 'd' }), { name: '1', mode: 'trunk' });
      linkPorts(db, c, d);
      return [
        [a, b],
        [c, d],
      ];
    },
  ],
  [
    'links whose ends share the VLAN number (VLANs of two sites) or have none',
    'link_native_vlan_mismatch',
    (db) => {
      const [siteA, siteB] = [addSite(db, 'A'), addSite(db, 'B')];
      const a = trunkPort(db, siteA, 'a', { name: 'n', vid: 99 });
      const b = trunkPort(db, siteB, 'b', { name: 'other name', vid: 99 });
      linkPorts(db, a, b);
      linkPorts(
        db,
        addPort(db, addSwitch(db, siteA, { name: 'c' }), { name: '1', mode: 'trunk' }),
        addPort(db, addSwitch(db, siteA, { name: 'd' }), { name: '1', mode: 'trunk' }),
      );
      addPort(db, addSwitch(db, siteA, { name: 'e' }), { name: '1', untagged: addVlan(db, siteA, { name: 'unlinked', vid: 3 }) });
      return [];
    },
  ],
  [
    'a link whose trunk ends carry different tagged VLANs, across sites too',
    'link_tagged_vlan_mismatch',
    (db) => {
      const [siteA, siteB] = [addSite(db, 'A'), addSite(db, 'B')];
      const [a10, a30] = [addVlan(db, siteA, { name: 'users', vid: 10 }), addVlan(db, siteA, { name: 'cams', vid: 30 })];
      const [b10, b40] = [addVlan(db, siteB, { name: 'users', vid: 10 }), addVlan(db, siteB, { name: 'lab', vid: 40 })];
      const a = addPort(db, addSwitch(db, siteA, { name: 'acc-1' }), { name: 'Gi1/0/48', mode: 'trunk', tagged: [a10, a30] });
      const b = addPort(db, addSwitch(db, siteB, { name: 'core-1' }), { name: 'Te1/0/1', mode: 'trunk', tagged: [b10, b40] });
      linkPorts(db, a, b);
      return [[a, b]];
    },
  ],
  [
    'links whose trunk ends carry the same tagged VLAN numbers, or whose ends differ in mode',
    'link_tagged_vlan_mismatch',
    (db) => {
      const [siteA, siteB] = [addSite(db, 'A'), addSite(db, 'B')];
      const [a10, a30] = [addVlan(db, siteA, { name: 'users', vid: 10 }), addVlan(db, siteA, { name: 'cams', vid: 30 })];
      const [b10, b30] = [addVlan(db, siteB, { name: 'staff', vid: 10 }), addVlan(db, siteB, { name: 'video', vid: 30 })];
      linkPorts(
        db,
        addPort(db, addSwitch(db, siteA, { name: 'a' }), { name: '1', mode: 'trunk', tagged: [a30, a10] }),
        addPort(db, addSwitch(db, siteB, { name: 'b' }), { name: '1', mode: 'trunk', tagged: [b10, b30] }),
      );
      linkPorts(
        db,
        addPort(db, addSwitch(db, siteA, { name: 'c' }), { name: '1', mode: 'trunk', tagged: [a10] }),
        addPort(db, addSwitch(db, siteA, { name: 'd' }), { name: '1', mode: 'access', untagged: a10 }),
      );
      return [];
    },
  ],
  [
    'LAG members whose mode, untagged VLAN or tagged VLANs differ from their LAG',
    'lag_member_mismatch',
    (db) => {
      const site = addSite(db, 'A');
      const [users, voice, cams, mgmt] = [10, 20, 30, 99].map((vid) => addVlan(db, site, { name: `v${vid}`, vid }));
      const sw = addSwitch(db, site, { name: 'acc-1' });
      const trunk = { mode: 'trunk', untagged: mgmt } as const;
      const po1 = lagWith(db, sw, { name: 'Po1', portMode: 'trunk', untagged: mgmt, tagged: [users, voice] }, [
        { ...trunk, tagged: [voice, users] },
        { ...trunk, tagged: [users, cams] },
        { mode: 'access', untagged: users },
        { mode: 'trunk', tagged: [users, voice] },
      ]);
      const po2 = lagWith(db, sw, { name: 'Po2', untagged: users }, [{ untagged: users }, { untagged: voice }, {}], 11);
      return [
        [po1.id, po1.members[1]],
        [po1.id, po1.members[2]],
        [po1.id, po1.members[3]],
        [po2.id, po2.members[1]],
        [po2.id, po2.members[2]],
      ];
    },
  ],
  [
    'LAG members configured as their LAG, and ports of no LAG',
    'lag_member_mismatch',
    (db) => {
      const site = addSite(db, 'A');
      const [users, voice] = [addVlan(db, site, { name: 'users', vid: 10 }), addVlan(db, site, { name: 'voice', vid: 20 })];
      const sw = addSwitch(db, site, { name: 'acc-1' });
      lagWith(db, sw, { name: 'Po1', untagged: users }, [{ untagged: users }, { untagged: users }]);
      lagWith(
        db,
        sw,
        { name: 'Po2', portMode: 'trunk', tagged: [voice] },
        [
          { mode: 'trunk', tagged: [voice] },
          { mode: 'trunk', tagged: [voice] },
        ],
        11,
      );
      lagWith(db, sw, { name: 'Po3', portMode: 'trunk' }, [{ mode: 'trunk' }, { mode: 'trunk' }], 21);
      addPort(db, sw, { name: '48', mode: 'trunk', untagged: voice, tagged: [users] });
      return [];
    },
  ],
  [
    'LAG pairs whose ends differ in mode, untagged VLAN, tagged VLANs, aggregation or member count, across sites too',
    'lag_pair_mismatch',
    (db) => {
      const [siteA, siteB] = [addSite(db, 'A'), addSite(db, 'B')];
      const [a10, a30] = [addVlan(db, siteA, { name: 'users', vid: 10 }), addVlan(db, siteA, { name: 'cams', vid: 30 })];
      const [b10, b40] = [addVlan(db, siteB, { name: 'users', vid: 10 }), addVlan(db, siteB, { name: 'lab', vid: 40 })];
      const [a, b, c] = [addSwitch(db, siteA, { name: 'a' }), addSwitch(db, siteB, { name: 'b' }), addSwitch(db, siteA, { name: 'c' })];
      const trunk = { mode: 'trunk' } as const;
      const pairs = [
        // Tagged VLANs.
        [
          lagWith(db, a, { name: 'Po1', portMode: 'trunk', tagged: [a10, a30] }, [trunk, trunk], 1),
          lagWith(db, b, { name: 'Po1', portMode: 'trunk', tagged: [b10, b40] }, [trunk, trunk], 1),
        ],
        // Mode (and untagged VLAN).
        [
          lagWith(db, a, { name: 'Po2', untagged: a10 }, [{}, {}], 11),
          lagWith(db, c, { name: 'Po2', portMode: 'trunk' }, [trunk, trunk], 11),
        ],
        // Untagged VLAN by number.
        [lagWith(db, a, { name: 'Po3', untagged: a30 }, [{}, {}], 21), lagWith(db, b, { name: 'Po3', untagged: b10 }, [{}, {}], 21)],
        // Static at one end, LACP at the other.
        [
          lagWith(db, a, { name: 'Po4', mode: 'static' }, [{}, {}], 31),
          lagWith(db, c, { name: 'Po4', mode: 'lacp-passive' }, [{}, {}], 31),
        ],
        // Member count.
        [lagWith(db, a, { name: 'Po5' }, [{}, {}], 41), lagWith(db, c, { name: 'Po5' }, [{}, {}, {}], 41)],
      ];
      for (const [x, y] of pairs) pairLags(db, x.id, y.id);
      // One-sided: Po6 of c points at a's Po6, which points nowhere; their member counts differ.
      const [one, other] = [lagWith(db, a, { name: 'Po6' }, [{}, {}], 51), lagWith(db, c, { name: 'Po6' }, [{}, {}, {}, {}], 51)];
      db.prepare('UPDATE lags SET remote_lag_id = ? WHERE id = ?').run(one.id, other.id);
      return [...pairs.map(([x, y]) => [x.id, y.id]), [one.id, other.id]];
    },
  ],
  [
    'LAG pairs whose ends agree (VLAN numbers of two sites, LACP active and passive), and LAGs of no pair',
    'lag_pair_mismatch',
    (db) => {
      const [siteA, siteB] = [addSite(db, 'A'), addSite(db, 'B')];
      const [a10, a99] = [addVlan(db, siteA, { name: 'users', vid: 10 }), addVlan(db, siteA, { name: 'mgmt', vid: 99 })];
      const [b10, b99] = [addVlan(db, siteB, { name: 'staff', vid: 10 }), addVlan(db, siteB, { name: 'management', vid: 99 })];
      const [a, b] = [addSwitch(db, siteA, { name: 'a' }), addSwitch(db, siteB, { name: 'b' })];
      const trunk = { mode: 'trunk' } as const;
      pairLags(
        db,
        lagWith(db, a, { name: 'Po1', portMode: 'trunk', untagged: a99, tagged: [a10] }, [trunk, trunk]).id,
        lagWith(db, b, { name: 'ae0', mode: 'lacp-passive', portMode: 'trunk', untagged: b99, tagged: [b10] }, [trunk, trunk]).id,
      );
      pairLags(
        db,
        lagWith(db, a, { name: 'Po2', mode: 'static' }, [{}, {}], 11).id,
        lagWith(db, b, { name: 'ae1', mode: 'static' }, [{}, {}], 11).id,
      );
      lagWith(db, a, { name: 'Po3', untagged: a10 }, [{}, {}, {}], 21);
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
    'VLANs used on a switch (by a port, or configured) that no uplink carries at both ends, seen from each switch',
    'vlan_not_carried_by_uplink',
    (db) => {
      const site = addSite(db, 'A');
      const [users, cams, mgmt, lab, voice] = [
        addVlan(db, site, { name: 'users', vid: 10 }),
        addVlan(db, site, { name: 'cams', vid: 30 }),
        addVlan(db, site, { name: 'mgmt', vid: 99 }),
        addVlan(db, site, { name: 'lab', vid: 40 }),
        addVlan(db, site, { name: 'voice', vid: 20 }),
      ];
      const edge = addSwitch(db, site, { name: 'edge', configured: [lab] });
      addPort(db, edge, { name: '1', untagged: users });
      addPort(db, edge, { name: '2', untagged: cams });
      addPort(db, edge, { name: '3', untagged: cams });
      addPort(db, edge, { name: '4', untagged: mgmt });
      // voice: carried by the edge's end of the uplink, not by the core's.
      addPort(db, edge, { name: '5', untagged: voice });
      const core = addSwitch(db, site, { name: 'core' });
      addPort(db, core, { name: '2', untagged: voice });
      linkPorts(
        db,
        addPort(db, edge, { name: '48', mode: 'trunk', untagged: mgmt, tagged: [users, voice] }),
        addPort(db, core, { name: '1', mode: 'trunk', untagged: mgmt, tagged: [users, cams] }),
      );
      // An unlinked trunk carrying the VLAN does not help.
      addPort(db, edge, { name: '47', mode: 'trunk', tagged: [cams] });
      return [
        [edge, voice, cams, lab],
        [core, voice],
      ];
    },
  ],
  [
    'VLANs carried tagged or native at both ends, a disabled port, VLANs only on the uplink, and a switch without uplinks',
    'vlan_not_carried_by_uplink',
    (db) => {
      const site = addSite(db, 'A');
      const [users, mgmt, lab] = [
        addVlan(db, site, { name: 'users', vid: 10 }),
        addVlan(db, site, { name: 'mgmt', vid: 99 }),
        addVlan(db, site, { name: 'lab', vid: 50 }),
      ];
      const edge = addSwitch(db, site, { name: 'edge', configured: [users] });
      addPort(db, edge, { name: '1', untagged: users });
      addPort(db, edge, { name: '2', untagged: mgmt });
      addPort(db, edge, { name: '3', untagged: lab, enabled: false });
      linkPorts(
        db,
        addPort(db, edge, { name: '48', mode: 'trunk', untagged: mgmt, tagged: [users] }),
        addPort(db, addSwitch(db, site, { name: 'core' }), { name: '1', mode: 'trunk', untagged: mgmt, tagged: [users, lab] }),
      );
      addPort(db, addSwitch(db, site, { name: 'standalone', configured: [lab] }), { name: '1', untagged: lab });
      return [];
    },
  ],
  [
    'PoE demand over the budget (disabled ports and ports without PoE left out)',
    'poe_over_budget',
    (db) => {
      const site = addSite(db, 'A');
      const over = addSwitch(db, site, { name: 'over', poeBudgetWatts: 60 });
      addPort(db, over, { name: '1', poe: { type: '802.3at', maxWatts: 30 } });
      addPort(db, over, { name: '2', poe: { type: '802.3at', maxWatts: 30 } });
      addPort(db, over, { name: '3', poe: { type: '802.3af', maxWatts: 15.4 } });
      addPort(db, over, { name: '4', poe: { type: '802.3af', maxWatts: null } });
      return [[over]];
    },
  ],
  [
    'PoE demand within the budget, or a switch without a known budget',
    'poe_over_budget',
    (db) => {
      const site = addSite(db, 'A');
      const exact = addSwitch(db, site, { name: 'exact', poeBudgetWatts: 60 });
      addPort(db, exact, { name: '1', poe: { type: '802.3at', maxWatts: 30 } });
      addPort(db, exact, { name: '2', poe: { type: '802.3at', maxWatts: 30 } });
      addPort(db, exact, { name: '3', poe: { type: '802.3bt-type4', maxWatts: 90 }, enabled: false });
      addPort(db, exact, { name: '4' });
      const unknown = addSwitch(db, site, { name: 'unknown' });
      addPort(db, unknown, { name: '1', poe: { type: '802.3bt-type4', maxWatts: 90 } });
      return [];
    },
  ],
  [
    'overlapping subnets of one site, nested and equal, IPv4 and IPv6',
    'overlapping_subnets',
    (db) => {
      const site = addSite(db, 'A');
      const wide = addNetwork(db, site, { name: 'campus', subnet: '10.0.0.0/16' });
      const users = addNetwork(db, site, { name: 'users', subnet: '10.0.10.0/24' });
      const same = addNetwork(db, site, { name: 'users again', subnet: '10.0.10.0/24' });
      addNetwork(db, site, { name: 'other', subnet: '10.1.0.0/24' });
      const v6 = addNetwork(db, site, { name: 'v6', subnet: '2001:db8::/48' });
      const v6small = addNetwork(db, site, { name: 'v6 small', subnet: '2001:db8:0:5::/64' });
      return [
        [wide, users],
        [wide, same],
        [users, same],
        [v6, v6small],
      ];
    },
  ],
  [
    'subnets apart, and the same subnet at two sites',
    'overlapping_subnets',
    (db) => {
      const site = addSite(db, 'A');
      addNetwork(db, site, { name: 'a', subnet: '10.0.0.0/24' });
      addNetwork(db, site, { name: 'b', subnet: '10.0.1.0/24' });
      addNetwork(db, site, { name: 'c', subnet: '10.0.2.0/31' });
      addNetwork(db, site, { name: 'v6', subnet: '::/0' });
      addNetwork(db, addSite(db, 'B'), { name: 'a', subnet: '10.0.0.0/24' });
      return [];
    },
  ],
  [
    "a gateway that is a switch's management IP",
    'gateway_is_management_ip',
    (db) => {
      const site = addSite(db, 'A');
      const net = addNetwork(db, site, {
        name: 'mgmt',
        subnet: '10.0.99.0/24',
        gateway: '10.0.99.1',
        vlan: addVlan(db, site, { name: 'mgmt', vid: 99 }),
      });
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
      addNetwork(db, site, { name: 'mgmt', subnet: '10.0.99.0/24', gateway: '10.0.99.1' });
      addSwitch(db, site, { name: 'core', managementIp: '10.0.99.2' });
      return [];
    },
  ],
  [
    'a VLAN no port carries, though a switch defines it',
    'unused_vlan',
    (db) => {
      const site = addSite(db, 'A');
      const unused = addVlan(db, site, { name: 'unused', vid: 5 });
      const [untagged, tagged] = [addVlan(db, site, { name: 'u', vid: 6 }), addVlan(db, site, { name: 't', vid: 7 })];
      addPort(db, addSwitch(db, site, { name: 's', configured: [unused] }), { name: '1', mode: 'trunk', untagged, tagged: [tagged] });
      return [[unused]];
    },
  ],
  [
    'VLANs carried untagged or tagged only',
    'unused_vlan',
    (db) => {
      const site = addSite(db, 'A');
      const [untagged, tagged] = [addVlan(db, site, { name: 'u', vid: 6 }), addVlan(db, site, { name: 't', vid: 7 })];
      const sw = addSwitch(db, site, { name: 's' });
      addPort(db, sw, { name: '1', untagged });
      addPort(db, sw, { name: '2', mode: 'trunk', tagged: [tagged] });
      return [];
    },
  ],
  [
    'one address recorded in two overlapping networks of a site',
    'duplicate_address',
    (db) => {
      const site = addSite(db, 'A');
      const [wide, lan] = [
        addNetwork(db, site, { name: 'wide', subnet: '10.0.0.0/16' }),
        addNetwork(db, site, { name: 'lan', subnet: '10.0.1.0/24' }),
      ];
      const a = addAddress(db, wide, '10.0.1.5', { hostname: 'printer' });
      const b = addAddress(db, lan, '10.0.1.5');
      addAddress(db, lan, '10.0.1.6');
      // The same address at another site is another address space.
      addAddress(db, addNetwork(db, addSite(db, 'B'), { name: 'b', subnet: '10.0.1.0/24' }), '10.0.1.5');
      return [[a, b, wide, lan]];
    },
  ],
  [
    'distinct addresses, and one address at two sites',
    'duplicate_address',
    (db) => {
      const site = addSite(db, 'A');
      const lan = addNetwork(db, site, { name: 'lan', subnet: '10.0.1.0/24' });
      addAddress(db, lan, '10.0.1.5');
      addAddress(db, lan, '10.0.1.6');
      addAddress(db, addNetwork(db, addSite(db, 'B'), { name: 'lan', subnet: '10.0.1.0/24' }), '10.0.1.5');
      return [];
    },
  ],
  [
    'addresses inside a DHCP range of their network, IPv4 and IPv6',
    'address_in_dhcp_range',
    (db) => {
      const site = addSite(db, 'A');
      const lan = addNetwork(db, site, { name: 'lan', subnet: '10.0.1.0/24' });
      addRange(db, lan, '10.0.1.100', '10.0.1.200', 'dhcp');
      const first = addAddress(db, lan, '10.0.1.100');
      const last = addAddress(db, lan, '10.0.1.200');
      addAddress(db, lan, '10.0.1.99');
      addAddress(db, lan, '10.0.1.201');
      const v6 = addNetwork(db, site, { name: 'v6', subnet: '2001:db8::/64' });
      addRange(db, v6, '2001:db8::8000:0:0:0', '2001:db8::ffff:ffff:ffff:ffff', 'dhcp');
      const high = addAddress(db, v6, '2001:db8::ffff:0:0:1');
      addAddress(db, v6, '2001:db8::7fff:ffff:ffff:ffff');
      return [
        [first, lan],
        [last, lan],
        [high, v6],
      ];
    },
  ],
  [
    'addresses outside DHCP ranges, or inside static and reserved ones',
    'address_in_dhcp_range',
    (db) => {
      const lan = addNetwork(db, addSite(db, 'A'), { name: 'lan', subnet: '10.0.1.0/24' });
      addRange(db, lan, '10.0.1.100', '10.0.1.200', 'dhcp');
      addRange(db, lan, '10.0.1.10', '10.0.1.20', 'static');
      addRange(db, lan, '10.0.1.30', '10.0.1.40', 'reserved');
      addAddress(db, lan, '10.0.1.15');
      addAddress(db, lan, '10.0.1.35');
      addAddress(db, lan, '10.0.1.201');
      return [];
    },
  ],
  [
    'management IPs out of step with their address records',
    'management_ip_not_recorded',
    (db) => {
      const site = addSite(db, 'A');
      const wide = addNetwork(db, site, { name: 'wide', subnet: '10.0.0.0/16' });
      const lan = addNetwork(db, site, { name: 'lan', subnet: '10.0.1.0/24' });
      const unrecorded = addSwitch(db, site, { name: 'unrecorded', managementIp: '10.0.1.2' });
      const moved = addSwitch(db, site, { name: 'moved', managementIp: '10.0.1.3' });
      const old = addAddress(db, lan, '10.0.1.33', { switchId: moved });
      const wrongNetwork = addSwitch(db, site, { name: 'wrong-network', managementIp: '10.0.1.4' });
      const inWide = addAddress(db, wide, '10.0.1.4', { switchId: wrongNetwork });
      const cleared = addSwitch(db, site, { name: 'cleared' });
      const stale = addAddress(db, lan, '10.0.1.5', { switchId: cleared });
      const outside = addSwitch(db, site, { name: 'outside', managementIp: '192.0.2.9' });
      const left = addAddress(db, lan, '10.0.1.9', { switchId: outside });
      return [
        [unrecorded, lan],
        [moved, old, lan],
        [wrongNetwork, inWide, wide, lan],
        [cleared, stale, lan],
        [outside, left, lan],
      ];
    },
  ],
  [
    'management IPs recorded in the most specific network, or in no network of their site',
    'management_ip_not_recorded',
    (db) => {
      const site = addSite(db, 'A');
      addNetwork(db, site, { name: 'wide', subnet: '10.0.0.0/16' });
      const lan = addNetwork(db, site, { name: 'lan', subnet: '10.0.1.0/24' });
      addAddress(db, lan, '10.0.1.2', { switchId: addSwitch(db, site, { name: 'recorded', managementIp: '10.0.1.2' }) });
      addSwitch(db, site, { name: 'elsewhere', managementIp: '192.0.2.9' });
      addSwitch(db, site, { name: 'none' });
      // A network of another site holding the IP asks for nothing.
      addNetwork(db, addSite(db, 'B'), { name: 'b', subnet: '192.0.2.0/24' });
      return [];
    },
  ],
  [
    'networks 80 % used and more: recorded, DHCP and reserved addresses',
    'network_nearly_full',
    (db) => {
      const site = addSite(db, 'A');
      // 8 of 10 usable (/28 has 14: 4 held back in a reserved range) -> 12 of 14 = 85.7 %.
      const small = addNetwork(db, site, { name: 'small', subnet: '10.0.1.0/28' });
      for (let host = 1; host <= 8; host++) addAddress(db, small, `10.0.1.${host}`);
      addRange(db, small, '10.0.1.11', '10.0.1.14', 'reserved');
      // 200 of 254 in a DHCP pool, 4 recorded: 204 / 254 = 80.3 %.
      const pool = addNetwork(db, site, { name: 'pool', subnet: '10.0.2.0/24' });
      addRange(db, pool, '10.0.2.50', '10.0.2.249', 'dhcp');
      for (let host = 1; host <= 4; host++) addAddress(db, pool, `10.0.2.${host}`);
      const p2p = addNetwork(db, site, { name: 'p2p', subnet: '10.0.3.0/31' });
      addAddress(db, p2p, '10.0.3.0');
      addAddress(db, p2p, '10.0.3.1');
      return [[small], [pool], [p2p]];
    },
  ],
  [
    'networks under 80 %, an empty one, an IPv6 /64 with a large DHCP pool',
    'network_nearly_full',
    (db) => {
      const site = addSite(db, 'A');
      const lan = addNetwork(db, site, { name: 'lan', subnet: '10.0.1.0/24' });
      addRange(db, lan, '10.0.1.50', '10.0.1.249', 'dhcp');
      addRange(db, lan, '10.0.1.1', '10.0.1.40', 'static');
      addAddress(db, lan, '10.0.1.1');
      addAddress(db, lan, '10.0.1.2');
      addNetwork(db, site, { name: 'empty', subnet: '10.0.2.0/24' });
      const v6 = addNetwork(db, site, { name: 'v6', subnet: '2001:db8::/64' });
      addRange(db, v6, '2001:db8::1', '2001:db8::ffff:ffff:ffff', 'dhcp');
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
    const spare = addVlan(db, site, { name: 'Spare', vid: 300 });
    const a = addPort(db, addSwitch(db, site, { name: 'sw-b' }), { name: '48', mode: 'trunk' });
    const b = addPort(db, addSwitch(db, site, { name: 'sw-a' }), { name: '1', mode: 'access' });
    linkPorts(db, a, b);
    expect(runChecks(db)).toEqual([
      {
        kind: 'link_mode_mismatch',
        severity: 'error',
        message: 'The link between sw-a port 1 (access) and sw-b port 48 (trunk) has different modes at its ends.',
        params: { portA: 'sw-a port 1', modeA: 'access', portB: 'sw-b port 48', modeB: 'trunk' },
        entities: [
          { type: 'port', id: b, name: 'sw-a port 1' },
          { type: 'port', id: a, name: 'sw-b port 48' },
        ],
      },
      {
        kind: 'unused_vlan',
        severity: 'info',
        message: 'VLAN 300 (Spare) of site HQ is carried by no port.',
        params: { vid: 300, vlan: 'Spare', site: 'HQ' },
        entities: [{ type: 'vlan', id: spare, name: 'Spare' }],
      },
    ]);
  });

  it('names each VLAN only one end of a link carries, and writes the new kinds in full', () => {
    const db = freshDb();
    const site = addSite(db, 'HQ');
    const [users, voice, cams, lab] = [
      addVlan(db, site, { name: 'Users', vid: 10 }),
      addVlan(db, site, { name: 'Voice', vid: 20 }),
      addVlan(db, site, { name: 'Cameras', vid: 30 }),
      addVlan(db, site, { name: 'Lab', vid: 40 }),
    ];
    const acc = addSwitch(db, site, { name: 'acc-1', poeBudgetWatts: 30, configured: [lab] });
    const core = addSwitch(db, site, { name: 'core-1' });
    const near = addPort(db, acc, { name: 'Gi1/0/48', mode: 'trunk', tagged: [users, cams] });
    const far = addPort(db, core, { name: 'Te1/0/1', mode: 'trunk', tagged: [users, voice] });
    linkPorts(db, near, far);
    addPort(db, acc, { name: 'Gi1/0/1', untagged: users, poe: { type: '802.3at', maxWatts: 25.5 } });
    addPort(db, acc, { name: 'Gi1/0/2', untagged: users, poe: { type: '802.3af', maxWatts: 15.4 } });
    const lan = addNetwork(db, site, { name: 'LAN', subnet: '10.0.0.0/16' });
    const office = addNetwork(db, site, { name: 'Office', subnet: '10.0.10.0/24', vlan: users });
    const acc1 = { type: 'switch', id: acc, name: 'acc-1' };
    expect(runChecks(db).filter((f) => f.kind !== 'unused_vlan')).toEqual([
      {
        kind: 'link_tagged_vlan_mismatch',
        severity: 'error',
        message:
          'The link between acc-1 port Gi1/0/48 and core-1 port Te1/0/1 carries different tagged VLANs at its ends: ' +
          'VLAN 30 only on acc-1 Gi1/0/48; VLAN 20 only on core-1 Te1/0/1.',
        params: {
          portA: 'acc-1 port Gi1/0/48',
          portB: 'core-1 port Te1/0/1',
          vlans: {
            separator: '; ',
            parts: [
              { form: 'part.vlan_only_on', params: { vid: 30, where: 'acc-1 Gi1/0/48' } },
              { form: 'part.vlan_only_on', params: { vid: 20, where: 'core-1 Te1/0/1' } },
            ],
          },
        },
        entities: [
          { type: 'port', id: near, name: 'acc-1 port Gi1/0/48' },
          { type: 'port', id: far, name: 'core-1 port Te1/0/1' },
        ],
      },
      {
        kind: 'overlapping_subnets',
        severity: 'warning',
        message: 'Networks LAN (10.0.0.0/16) and Office (10.0.10.0/24) of site HQ overlap.',
        params: { networkA: 'LAN', subnetA: '10.0.0.0/16', networkB: 'Office', subnetB: '10.0.10.0/24', site: 'HQ' },
        entities: [
          { type: 'network', id: lan, name: 'LAN' },
          { type: 'network', id: office, name: 'Office' },
        ],
      },
      {
        kind: 'poe_over_budget',
        severity: 'warning',
        message: 'PoE demand of switch acc-1 is 40.9 W (2 enabled PoE ports), over its budget of 30 W.',
        params: { switch: 'acc-1', demand: 40.9, ports: 2, budget: 30 },
        entities: [acc1],
      },
      {
        kind: 'vlan_not_carried_by_uplink',
        severity: 'warning',
        message:
          'Switch acc-1 uses 1 VLAN that no trunk towards its linked switches (core-1) carries at both ends: VLAN 40 (Lab, configured).',
        form: 'vlan_not_carried_by_uplink.one_vlan',
        params: {
          switch: 'acc-1',
          neighbours: 'core-1',
          vlans: { separator: '; ', parts: [{ form: 'part.uncarried_configured', params: { vid: 40, vlan: 'Lab' } }] },
        },
        entities: [acc1, { type: 'vlan', id: lab, name: 'Lab' }],
      },
    ]);
  });

  it('counts the ports that use a VLAN once each, leaving out uplinks and disabled ports, however they carry it', () => {
    const db = freshDb();
    const site = addSite(db, 'A');
    const [users, cams, lab, mgmt] = [10, 30, 40, 99].map((vid) => addVlan(db, site, { name: `v${vid}`, vid }));
    const edge = addSwitch(db, site, { name: 'edge' });
    addPort(db, edge, { name: '1', untagged: users });
    // Tags its own untagged VLAN: still one port.
    addPort(db, edge, { name: '2', mode: 'trunk', untagged: users, tagged: [users] });
    addPort(db, edge, { name: '3', mode: 'trunk', untagged: cams, tagged: [cams], enabled: false });
    addPort(db, edge, { name: '4', untagged: cams });
    addPort(db, edge, { name: '5', mode: 'trunk', tagged: [users, cams], enabled: false });
    addPort(db, edge, { name: '6', mode: 'trunk', untagged: lab, tagged: [lab], enabled: false });
    // The uplink carries users, cams and lab at its own end only, and its untagged mgmt tagged too.
    const core = addSwitch(db, site, { name: 'core' });
    linkPorts(
      db,
      addPort(db, edge, { name: '48', mode: 'trunk', untagged: mgmt, tagged: [users, cams, lab, mgmt] }),
      addPort(db, core, { name: '1', mode: 'trunk', untagged: mgmt }),
    );
    const edgeRef = { type: 'switch', id: edge, name: 'edge' };
    expect(runChecks(db).filter((f) => f.kind === 'vlan_not_carried_by_uplink')).toEqual([
      {
        kind: 'vlan_not_carried_by_uplink',
        severity: 'warning',
        message:
          'Switch edge uses 2 VLANs that no trunk towards its linked switches (core) carries at both ends: VLAN 10 (v10, on 2 ports); ' +
          'VLAN 30 (v30, on 1 port).',
        params: {
          switch: 'edge',
          vlanCount: 2,
          neighbours: 'core',
          vlans: {
            separator: '; ',
            parts: [
              { form: 'part.uncarried_on_ports', params: { vid: 10, vlan: 'v10', ports: 2 } },
              { form: 'part.uncarried_on_one_port', params: { vid: 30, vlan: 'v30' } },
            ],
          },
        },
        entities: [edgeRef, { type: 'vlan', id: users, name: 'v10' }, { type: 'vlan', id: cams, name: 'v30' }],
      },
    ]);
    expect(runChecks(db, site).filter((f) => f.kind === 'vlan_not_carried_by_uplink')).toHaveLength(1);
  });

  it('writes the LAG findings in full: what differs, each VLAN by number, the LAGs and ports named with their switch', () => {
    const db = freshDb();
    const [hq, dc] = [addSite(db, 'HQ'), addSite(db, 'DC')];
    const [users, voice, cams, mgmt] = [10, 20, 30, 99].map((vid) => addVlan(db, hq, { name: `v${vid}`, vid }));
    const [dcUsers, dcLab] = [addVlan(db, dc, { name: 'users', vid: 10 }), addVlan(db, dc, { name: 'lab', vid: 40 })];
    const acc = addSwitch(db, hq, { name: 'acc-1' });
    const core = addSwitch(db, dc, { name: 'core-1' });
    const near = lagWith(db, acc, { name: 'Po1', portMode: 'trunk', untagged: mgmt, tagged: [users, voice] }, [
      { mode: 'trunk', untagged: mgmt, tagged: [users, voice] },
      { mode: 'trunk', tagged: [users, cams] },
    ]);
    const far = lagWith(db, core, { name: 'ae0', mode: 'static', portMode: 'trunk', tagged: [dcUsers, dcLab] }, [
      { mode: 'trunk', tagged: [dcUsers, dcLab] },
      { mode: 'trunk', tagged: [dcUsers, dcLab] },
      { mode: 'trunk', tagged: [dcUsers, dcLab] },
    ]);
    pairLags(db, near.id, far.id);
    const access = lagWith(db, acc, { name: 'Po2', untagged: users }, [{ untagged: users }, { mode: 'trunk', untagged: voice }], 11);
    const po1 = { type: 'lag', id: near.id, name: 'acc-1 LAG Po1' };
    const lagFindings = () => runChecks(db, hq).filter((f) => f.kind.startsWith('lag_'));
    expect(lagFindings()).toEqual([
      {
        kind: 'lag_member_mismatch',
        severity: 'error',
        message:
          'Member 12 of LAG Po2 on switch acc-1 differs from its LAG: mode trunk where the LAG is access; untagged VLAN 20 where the LAG has VLAN 10.',
        params: {
          port: '12',
          lag: 'Po2',
          switch: 'acc-1',
          differences: {
            separator: '; ',
            parts: [
              { form: 'part.member_mode', params: { mode: 'trunk', lagMode: 'access' } },
              { form: 'part.member_untagged', params: { vid: 20, lagVid: 10 } },
            ],
          },
        },
        entities: [
          { type: 'lag', id: access.id, name: 'acc-1 LAG Po2' },
          { type: 'port', id: access.members[1], name: 'acc-1 port 12' },
        ],
      },
      {
        kind: 'lag_member_mismatch',
        severity: 'error',
        message:
          'Member 2 of LAG Po1 on switch acc-1 differs from its LAG: no untagged VLAN where the LAG has VLAN 99; VLAN 30 only on the member; ' +
          'VLAN 20 only on the LAG.',
        params: {
          port: '2',
          lag: 'Po1',
          switch: 'acc-1',
          differences: {
            separator: '; ',
            parts: [
              { form: 'part.member_untagged.member_none', params: { lagVid: 99 } },
              { form: 'part.vlan_only_on_member', params: { vid: 30 } },
              { form: 'part.vlan_only_on_lag', params: { vid: 20 } },
            ],
          },
        },
        entities: [po1, { type: 'port', id: near.members[1], name: 'acc-1 port 2' }],
      },
      {
        kind: 'lag_pair_mismatch',
        severity: 'error',
        message:
          'The LAG pair between acc-1 LAG Po1 and core-1 LAG ae0 differs at its ends: untagged VLAN 99 on acc-1 Po1, none on core-1 ae0; ' +
          'VLAN 20 only on acc-1 Po1; VLAN 40 only on core-1 ae0; aggregation lacp-active on acc-1 Po1, static on core-1 ae0; ' +
          '2 members on acc-1 Po1, 3 on core-1 ae0.',
        params: {
          lagA: 'acc-1 LAG Po1',
          lagB: 'core-1 LAG ae0',
          differences: {
            separator: '; ',
            parts: [
              { form: 'part.pair_untagged.none_at_b', params: { vidA: 99, atA: 'acc-1 Po1', atB: 'core-1 ae0' } },
              { form: 'part.vlan_only_on', params: { vid: 20, where: 'acc-1 Po1' } },
              { form: 'part.vlan_only_on', params: { vid: 40, where: 'core-1 ae0' } },
              {
                form: 'part.pair_aggregation',
                params: { aggregationA: 'lacp-active', aggregationB: 'static', atA: 'acc-1 Po1', atB: 'core-1 ae0' },
              },
              { form: 'part.pair_members', params: { membersA: 2, membersB: 3, atA: 'acc-1 Po1', atB: 'core-1 ae0' } },
            ],
          },
        },
        entities: [po1, { type: 'lag', id: far.id, name: 'core-1 LAG ae0' }],
      },
    ]);
    // The same data gives the same findings; the pair is found from the far site too, the members only at theirs.
    expect(lagFindings()).toEqual(lagFindings());
    expect(runChecks(db, dc).map((f) => f.kind)).toEqual(['lag_pair_mismatch']);
    expect(runChecks(db, addSite(db, 'elsewhere'))).toEqual([]);
  });

  it('finds a LAG member that is a console or management port, which data from before the rule may hold', () => {
    const db = freshDb();
    const site = addSite(db, 'HQ');
    const acc = addSwitch(db, site, { name: 'acc-1' });
    const lag = lagWith(db, acc, { name: 'Po3' }, [{}, {}], 21);
    db.prepare("UPDATE ports SET type = 'console' WHERE id = ?").run(lag.members[1]);
    expect(runChecks(db, site).filter((f) => f.kind === 'lag_member_mismatch')).toEqual([
      {
        kind: 'lag_member_mismatch',
        severity: 'error',
        message: 'Member 22 of LAG Po3 on switch acc-1 differs from its LAG: port "22" is a console port, which cannot be a LAG member.',
        params: {
          port: '22',
          lag: 'Po3',
          switch: 'acc-1',
          differences: { separator: '; ', parts: [{ form: 'part.member_type', params: { port: '22', type: 'console' } }] },
        },
        entities: [
          { type: 'lag', id: lag.id, name: 'acc-1 LAG Po3' },
          { type: 'port', id: lag.members[1], name: 'acc-1 port 22' },
        ],
      },
    ]);
  });

  it('writes the IPAM findings in full, naming each address with its network', () => {
    const db = freshDb();
    const site = addSite(db, 'HQ');
    const wide = addNetwork(db, site, { name: 'Wide', subnet: '10.0.0.0/16' });
    const lan = addNetwork(db, site, { name: 'LAN', subnet: '10.0.1.0/24' });
    const twiceWide = addAddress(db, wide, '10.0.1.5', { hostname: 'printer' });
    const twiceLan = addAddress(db, lan, '10.0.1.5');
    addRange(db, lan, '10.0.1.100', '10.0.1.200', 'dhcp');
    const leased = addAddress(db, lan, '10.0.1.150', { hostname: 'cam-1' });
    const sw = addSwitch(db, site, { name: 'acc-1', managementIp: '10.0.1.2' });
    const old = addAddress(db, lan, '10.0.1.3', { hostname: 'acc-1', switchId: sw });
    const p2p = addNetwork(db, site, { name: 'Uplink', subnet: '192.0.2.0/30' });
    addAddress(db, p2p, '192.0.2.1');
    addAddress(db, p2p, '192.0.2.2');
    expect(runChecks(db).filter((f) => f.kind !== 'overlapping_subnets')).toEqual([
      {
        kind: 'duplicate_address',
        severity: 'error',
        message: 'Address 10.0.1.5 is recorded in 2 networks of site HQ: LAN (10.0.1.0/24), Wide (10.0.0.0/16) as printer.',
        params: {
          address: '10.0.1.5',
          networkCount: 2,
          site: 'HQ',
          records: {
            separator: ', ',
            parts: [
              { form: 'part.recorded_in', params: { network: 'LAN', subnet: '10.0.1.0/24' } },
              { form: 'part.recorded_in_as', params: { network: 'Wide', subnet: '10.0.0.0/16', hostname: 'printer' } },
            ],
          },
        },
        entities: [
          { type: 'address', id: twiceLan, name: '10.0.1.5' },
          { type: 'address', id: twiceWide, name: '10.0.1.5 (printer)' },
          { type: 'network', id: lan, name: 'LAN' },
          { type: 'network', id: wide, name: 'Wide' },
        ],
      },
      {
        kind: 'address_in_dhcp_range',
        severity: 'error',
        message: 'Address 10.0.1.150 (cam-1) of network LAN (10.0.1.0/24, HQ) is inside its DHCP range 10.0.1.100-10.0.1.200.',
        params: {
          address: '10.0.1.150 (cam-1)',
          network: 'LAN',
          subnet: '10.0.1.0/24',
          site: 'HQ',
          start: '10.0.1.100',
          end: '10.0.1.200',
        },
        entities: [
          { type: 'address', id: leased, name: '10.0.1.150 (cam-1)' },
          { type: 'network', id: lan, name: 'LAN' },
        ],
      },
      {
        kind: 'management_ip_not_recorded',
        severity: 'warning',
        message:
          'Management IP 10.0.1.2 of switch acc-1 differs from its address record 10.0.1.3 in network LAN (10.0.1.0/24): it lies in network LAN (10.0.1.0/24).',
        form: 'management_ip_not_recorded.differs',
        params: {
          ip: '10.0.1.2',
          switch: 'acc-1',
          address: '10.0.1.3',
          recordNetwork: 'LAN',
          recordSubnet: '10.0.1.0/24',
          network: 'LAN',
          subnet: '10.0.1.0/24',
        },
        entities: [
          { type: 'switch', id: sw, name: 'acc-1' },
          { type: 'address', id: old, name: '10.0.1.3 (acc-1)' },
          { type: 'network', id: lan, name: 'LAN' },
        ],
      },
      {
        kind: 'network_nearly_full',
        severity: 'warning',
        message: 'Network Uplink (192.0.2.0/30, HQ) is 100 % used: 2 recorded, 0 in DHCP ranges and 0 reserved of 2 usable addresses.',
        params: { network: 'Uplink', subnet: '192.0.2.0/30', site: 'HQ', percent: 100, used: '2', dhcp: '0', reserved: '0', usable: '2' },
        entities: [{ type: 'network', id: p2p, name: 'Uplink' }],
      },
    ]);
  });

  it('with a site keeps what involves it, a duplicate across sites included', () => {
    const db = freshDb();
    const [siteA, siteB, siteC] = [addSite(db, 'A'), addSite(db, 'B'), addSite(db, 'C')];
    const a = addSwitch(db, siteA, { name: 'a', managementIp: '10.0.0.1' });
    const b = addSwitch(db, siteB, { name: 'b', managementIp: '10.0.0.1' });
    addVlan(db, siteB, { name: 'unused at B', vid: 2 });
    const x = addNetwork(db, siteB, { name: 'x', subnet: '10.9.0.0/16' });
    const y = addNetwork(db, siteB, { name: 'y', subnet: '10.9.1.0/24' });
    const kinds = (site: string) => runChecks(db, site).map((f) => `${f.kind}:${f.entities.map((e) => e.id).join()}`);
    expect(kinds(siteA)).toEqual([`duplicate_management_ip:${a},${b}`]);
    expect(kinds(siteB)).toEqual([
      `duplicate_management_ip:${a},${b}`,
      `management_ip_outside_subnets:${b}`,
      `overlapping_subnets:${x},${y}`,
      expect.stringMatching(/^unused_vlan:/),
    ]);
    expect(kinds(siteC)).toEqual([]);
  });
});

describe('runChecks of one site', () => {
  it('finds what the checks of all sites find that names an entity of the site, links, pairs and duplicates across sites too', () => {
    const db = freshDb();
    const [one, two, three] = [1, 2, 3].map((n) => addSiteWithEveryKind(db, n));
    // Across sites: a MAC address, a link (and one that only one end names), a LAG pair, a gateway.
    addSwitch(db, two.site, { name: 'twin', macAddress: '0200.0000.0001' });
    linkPorts(db, addPort(db, one.edge, { name: '40', mode: 'trunk' }), addPort(db, two.edge, { name: '40' }));
    const dangling = addPort(db, three.core, { name: '40', mode: 'trunk' });
    db.prepare('UPDATE ports SET linked_port_id = ? WHERE id = ?').run(addPort(db, one.core, { name: '40' }), dangling);
    pairLags(db, lagWith(db, one.core, { name: 'Po9' }, [{}], 30).id, lagWith(db, three.edge, { name: 'Po9' }, [{}, {}], 30).id);
    addNetwork(db, two.site, { name: 'gw', subnet: '10.99.0.0/24', gateway: '10.3.10.1' });
    const siteOf = new Map(
      (
        db
          .prepare(
            `SELECT id, site_id FROM switches UNION ALL SELECT id, site_id FROM vlans UNION ALL SELECT id, site_id FROM networks
            UNION ALL SELECT p.id, sw.site_id FROM ports p JOIN switches sw ON sw.id = p.switch_id
            UNION ALL SELECT l.id, sw.site_id FROM lags l JOIN switches sw ON sw.id = l.switch_id
            UNION ALL SELECT a.id, n.site_id FROM addresses a JOIN networks n ON n.id = a.network_id`,
          )
          .all() as { id: string; site_id: string }[]
      ).map((row) => [row.id, row.site_id]),
    );
    const all = runChecks(db);
    expect(new Set(all.map((f) => f.kind))).toEqual(new Set(FINDING_KINDS));
    for (const { site } of [one, two, three, { site: addSite(db, 'empty') }]) {
      expect(runChecks(db, site)).toEqual(all.filter((f) => f.entities.some((entity) => siteOf.get(entity.id) === site)));
    }
  });
});
