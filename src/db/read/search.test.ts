import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../migrate.ts';
import { ipKey } from '../../lib/ip-math.ts';
import { openDatabase, type Db } from '../open.ts';
import { insertTestRow } from '../test-rows.ts';
import { MATCH_LABELS, search } from './search.ts';

let db: Db;
const ids: Record<string, string> = {};

function insert(table: string, key: string, values: Record<string, unknown>): void {
  ids[key] = insertTestRow(db, table, values);
}

/** An address recorded in a network, with its key columns. */
function insertAddress(key: string, networkId: string, address: string, values: Record<string, unknown> = {}): void {
  const { hi, lo } = ipKey(address)!;
  insert('addresses', key, { network_id: networkId, address, key_hi: hi, key_lo: lo, ...values });
}

beforeAll(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, join(import.meta.dirname, '..', '..', '..', 'migrations'));
  insert('sites', 'hq', { name: 'HQ' });
  insert('sites', 'hq2', { name: 'HQ East' });
  insert('sites', 'branch', { name: 'Branch near HQ' });
  insert('vlans', 'vUsers', { site_id: ids.hq, name: 'Users', vid: 10 });
  insert('vlans', 'vCams', { site_id: ids.hq, name: 'Cameras', vid: 30 });
  insert('vlans', 'vCamsBranch', { site_id: ids.branch, name: 'Cams', vid: 30 });
  insert('networks', 'users', { site_id: ids.hq, vlan_id: ids.vUsers, name: 'users', subnet: '10.0.10.0/24' });
  insert('networks', 'wide', { site_id: ids.hq, name: 'wide', subnet: '10.0.0.0/16' });
  insert('networks', 'v6', { site_id: ids.hq, vlan_id: ids.vUsers, name: 'v6', subnet: '2001:db8::/64' });
  insert('switches', 'core', {
    site_id: ids.hq,
    name: 'core-1',
    mac_address: 'aa:bb:cc:dd:ee:ff',
    management_ip: '10.0.10.2',
    serial_number: 'FOC1234X',
    tags: JSON.stringify(['datacenter', 'stack-a']),
  });
  insert('switches', 'edge', { site_id: ids.branch, name: 'acc-1', mac_address: '00:11:22:33:44:55', management_ip: '10.0.10.25' });
  insert('ports', 'p1', {
    switch_id: ids.core,
    name: 'Gi1/0/1',
    position: 1,
    description: 'uplink to edge',
    connected_device: 'printer-3f',
  });
  insert('ports', 'p48', { switch_id: ids.edge, name: '48', position: 48, mac_address: '02:00:5e:10:00:01' });
  insert('ports', 'p4', { switch_id: ids.edge, name: '4', position: 4 });
  insert('ports', 'gi48', { switch_id: ids.edge, name: 'Gi1/0/48', position: 148 });
  insert('templates', 'tAccess', { name: 'Access 48 PoE', vendor: 'Cisco', model: 'Catalyst 9300-48P', units: '[[]]' });
  insert('templates', 'tLeaf', { name: 'Leaf', vendor: 'Arista', model: 'DCS-7050SX3-48YC8', units: '[[]]' });
  insert('lags', 'po1', { switch_id: ids.edge, name: 'Po1' });
  insert('lags', 'po12', { switch_id: ids.edge, name: 'Po12' });
  insert('lags', 'ae0', { switch_id: ids.core, name: 'ae0' });
  insertAddress('aCore', ids.users, '10.0.10.2', { hostname: 'core-1', device_type: 'switch', switch_id: ids.core });
  insertAddress('aPrinter', ids.users, '10.0.10.60', { hostname: 'lab-printer', mac_address: '02:00:5e:aa:bb:0c' });
  insertAddress('aWide', ids.wide, '10.0.100.7', { hostname: 'nas' });
  insertAddress('aV6', ids.v6, '2001:db8::10', { hostname: 'nas-v6.example.org', mac_address: '02:00:5e:aa:bb:0d' });
});

const find = (q: string) => search(db, q, 50);
const key = (hit: { type: string; id: string }) => `${hit.type}:${Object.entries(ids).find(([, id]) => id === hit.id)?.[0]}`;
/** The keys of the hits of one type, in their order. */
const keysOf = (q: string, type: string) =>
  find(q)
    .filter((hit) => hit.type === type)
    .map(key);

describe('search', () => {
  it('ranks an exact name before a prefix before a substring', () => {
    expect(find('hq').map(key)).toEqual(['site:hq', 'site:hq2', 'site:branch']);
  });

  it.each(['AABB.CCDD.EEFF', 'aa:bb:cc:dd:ee:ff', 'AA-BB-CC-DD-EE-FF', 'AABBCCDDEEFF', 'ccdd', 'dd:ee'])(
    'finds a switch by its MAC written %s',
    (q) => {
      const [first] = find(q);
      expect(first).toMatchObject({ type: 'switch', id: ids.core, siteId: ids.hq, match: 'macAddress', label: 'MAC address' });
    },
  );

  it.each(['02:00:5e:10:00:01', '02-00-5E-10-00-01', '0200.5e10.0001', '02005E100001', '5e10'])(
    "finds a port by its connected device's MAC written %s",
    (q) => {
      expect(find(q)[0]).toEqual({
        type: 'port',
        id: ids.p48,
        name: 'acc-1 / 48',
        siteId: ids.branch,
        switchId: ids.edge,
        match: 'deviceMacAddress',
        label: 'Connected device MAC address',
        value: '02:00:5e:10:00:01',
      });
    },
  );

  it.each<[string, string[]]>([
    ['acc-1/48', ['port:p48']],
    ['ACC-1 / 48', ['port:p48']],
    ['acc-1 48', ['port:p48']],
    ['acc-1 Gi1/0/48', ['port:gi48']],
    ['acc-1/4', ['port:p4', 'port:p48']],
    ['core-1 gi1/0/1', ['port:p1']],
  ])('finds ports by switch and port %j', (q, expected) => {
    const ports = find(q).filter((hit) => hit.match === 'switchPort');
    expect(ports.map(key)).toEqual(expected);
    expect(ports[0]).toMatchObject({ label: 'Switch and port', switchId: expect.any(String) });
  });

  it('finds the networks whose subnet holds an address, most specific first, after an exact management IP', () => {
    expect(find('10.0.10.57').map((hit) => [key(hit), hit.label])).toEqual([
      ['network:users', 'Subnet holds the address'],
      ['network:wide', 'Subnet holds the address'],
    ]);
    expect(find('10.0.10.2').map(key).slice(0, 4)).toEqual(['switch:core', 'address:aCore', 'network:users', 'network:wide']);
    expect(find('2001:DB8:0::1').map(key)).toEqual(['network:v6']);
    expect(find('10.0.10.0/24')[0]).toMatchObject({ id: ids.users, match: 'subnet', label: 'Subnet' });
  });

  it.each<[string, string[], string]>([
    ['10.0.10.60', ['address:aPrinter'], 'ipAddress'],
    ['2001:DB8:0:0::10', ['address:aV6'], 'ipAddress'],
    ['10.0.10.', ['address:aCore', 'address:aPrinter'], 'ipAddress'],
    ['10.0.1', ['address:aCore', 'address:aPrinter', 'address:aWide'], 'ipAddress'],
    ['2001:db8:', ['address:aV6'], 'ipAddress'],
    ['lab-printer', ['address:aPrinter'], 'hostname'],
    ['NAS', ['address:aWide', 'address:aV6'], 'hostname'],
    ['example.org', ['address:aV6'], 'hostname'],
    ['02:00:5E:AA:BB:0C', ['address:aPrinter'], 'macAddress'],
    ['0200.5eaa.bb0c', ['address:aPrinter'], 'macAddress'],
    ['02-00-5e-aa-bb-0d', ['address:aV6'], 'macAddress'],
    ['5eaabb', ['address:aPrinter', 'address:aV6'], 'macAddress'],
  ])('finds recorded addresses by %s', (q, expected, match) => {
    const addresses = find(q).filter((hit) => hit.type === 'address');
    expect(addresses.map(key)).toEqual(expected);
    expect(addresses.every((hit) => hit.match === match && hit.label === MATCH_LABELS[match])).toBe(true);
  });

  it('answers an address with its name, network and site', () => {
    expect(find('lab-printer')[0]).toEqual({
      type: 'address',
      id: ids.aPrinter,
      name: '10.0.10.60 (lab-printer)',
      siteId: ids.hq,
      networkId: ids.users,
      match: 'hostname',
      label: 'Host name',
      value: 'lab-printer',
    });
    expect(find('10.0.10.60').map((hit) => [key(hit), hit.label])).toEqual([
      ['address:aPrinter', 'IP address'],
      ['network:users', 'Subnet holds the address'],
      ['network:wide', 'Subnet holds the address'],
    ]);
  });

  it('finds VLANs by number at every site and by name, named with their number', () => {
    expect(keysOf('30', 'vlan')).toEqual(['vlan:vCams', 'vlan:vCamsBranch']);
    expect(find('vlan 10')[0]).toMatchObject({ type: 'vlan', id: ids.vUsers, name: 'VLAN 10 (Users)', match: 'vid', label: 'VLAN number' });
    expect(find('camera')[0]).toMatchObject({ type: 'vlan', id: ids.vCams, name: 'VLAN 30 (Cameras)', match: 'name', label: 'Name' });
  });

  it('finds switches by serial and tag, ports by description and connected device', () => {
    expect(find('foc1234x')[0]).toMatchObject({ type: 'switch', id: ids.core, match: 'serialNumber', label: 'Serial number' });
    expect(find('datacenter')[0]).toMatchObject({ type: 'switch', id: ids.core, match: 'tags', label: 'Tag', value: 'datacenter' });
    expect(find('stack')[0]).toMatchObject({ type: 'switch', id: ids.core, match: 'tags', value: 'stack-a' });
    expect(find('ccdd')[0]).toMatchObject({ value: 'aa:bb:cc:dd:ee:ff' });
    expect(find('10.0.10.57')[0]).toMatchObject({ value: '10.0.10.0/24' });
    expect(find('30')[0]).toMatchObject({ type: 'vlan', value: '30' });
    expect(find('printer')[0]).toMatchObject({
      type: 'port',
      id: ids.p1,
      switchId: ids.core,
      siteId: ids.hq,
      name: 'core-1 / Gi1/0/1',
      match: 'connectedDevice',
      label: 'Connected device',
    });
    expect(find('uplink')[0]).toMatchObject({ type: 'port', match: 'description' });
  });

  it('labels every match in words', () => {
    // Words, not field names: no camelCase (macAddress), capitalised.
    for (const label of Object.values(MATCH_LABELS)) expect(label).toMatch(/^[A-Z](?![A-Za-z]*[a-z][A-Z])[A-Za-z ]*$/);
    expect(find('hq').every((hit) => hit.label === MATCH_LABELS[hit.match])).toBe(true);
  });

  it('lists each entity once, treats LIKE wildcards literally, and keeps to the limit', () => {
    expect(find('core').filter((hit) => hit.id === ids.core)).toHaveLength(1);
    expect(find('%')).toEqual([]);
    expect(find('_')).toEqual([]);
    expect(find('acc-1/%')).toEqual([]);
    expect(search(db, 'h', 2)).toHaveLength(2);
  });
});

describe('search of templates and LAGs', () => {
  it.each([
    ['access 48 poe', 'tAccess', 'name', 'Name', 'Access 48 PoE'],
    ['cisco', 'tAccess', 'vendor', 'Vendor', 'Cisco'],
    ['9300', 'tAccess', 'model', 'Model', 'Catalyst 9300-48P'],
    ['arista', 'tLeaf', 'vendor', 'Vendor', 'Arista'],
    ['7050sx3', 'tLeaf', 'model', 'Model', 'DCS-7050SX3-48YC8'],
  ])('finds a template by %j: %s by %s (%s)', (q, template, match, label, value) => {
    const hit = find(q).find((h) => h.type === 'template');
    // Templates are of no site: the hit has no siteId.
    const name = template === 'tAccess' ? 'Access 48 PoE' : 'Leaf';
    expect(hit).toEqual({ type: 'template', id: ids[template], name, match, label, value });
  });

  it('finds LAGs by name, named "switch / LAG" with their switch and site, the exact name first', () => {
    expect(keysOf('po1', 'lag')).toEqual(['lag:po1', 'lag:po12']);
    expect(find('AE0')[0]).toEqual({
      type: 'lag',
      id: ids.ae0,
      name: 'core-1 / ae0',
      siteId: ids.hq,
      switchId: ids.core,
      match: 'name',
      label: 'Name',
      value: 'ae0',
    });
  });

  it.each([
    ['acc-1/Po1', ['lag:po1', 'lag:po12']],
    ['acc-1 / po12', ['lag:po12']],
    ['ACC-1 Po', ['lag:po1', 'lag:po12']],
    ['core-1/ae0', ['lag:ae0']],
    ['acc-1/ae0', []],
  ])('finds LAGs by switch and LAG name %j', (q, expected) => {
    const hits = find(q).filter((hit) => hit.type === 'lag' && hit.match === 'switchLag');
    expect(hits.map(key)).toEqual(expected);
    for (const hit of hits) expect(hit).toMatchObject({ label: 'Switch and LAG', value: hit.name, switchId: expect.any(String) });
  });

  it('ranks a LAG named exactly by switch/LAG first', () => {
    expect(find('acc-1/Po1')[0]).toMatchObject({ type: 'lag', id: ids.po1, name: 'acc-1 / Po1', siteId: ids.branch, switchId: ids.edge });
  });
});

describe('search of what discoveries saw (docs/DISCOVERY.md, "Kept observations")', () => {
  const SEEN = '2026-11-20T10:00:00.000Z';
  const LATER = '2026-11-20T10:05:00.000Z';

  beforeAll(() => {
    const fdb = db.prepare('INSERT INTO fdb_entries (switch_id, port_id, mac, vlan, seen_at) VALUES (?, ?, ?, ?, ?)');
    fdb.run(ids.edge, ids.p4, '02:00:5e:77:00:01', 10, SEEN);
    fdb.run(ids.edge, ids.p4, '02:00:5e:77:00:01', 20, LATER);
    // The MAC documented as the device of port 48, seen on Gi1/0/48.
    fdb.run(ids.edge, ids.gi48, '02:00:5e:10:00:01', null, SEEN);
    db.prepare('INSERT INTO arp_entries (switch_id, ip, mac, seen_at) VALUES (?, ?, ?, ?)').run(
      ids.core,
      '10.0.10.77',
      '02:00:5e:77:00:01',
      SEEN,
    );
  });

  it.each(['02:00:5e:77:00:01', '02-00-5E-77-00-01', '0200.5e77.0001'])(
    'finds the port where a MAC written %s was seen, and when it was last',
    (q) => {
      expect(find(q)[0]).toEqual({
        type: 'port',
        id: ids.p4,
        name: 'acc-1 / 4',
        siteId: ids.branch,
        switchId: ids.edge,
        match: 'seenMac',
        label: 'MAC address seen on',
        value: '02:00:5e:77:00:01',
        seenAt: LATER,
      });
    },
  );

  it('finds it by part of the MAC too', () => {
    expect(find('5e7700').map((hit) => [key(hit), hit.match])).toEqual([['port:p4', 'seenMac']]);
  });

  it('finds the port where the MAC of an IP address of a kept ARP table was seen, before the subnets that hold it', () => {
    const hits = find('10.0.10.77');
    expect(hits[0]).toMatchObject({
      type: 'port',
      id: ids.p4,
      match: 'seenIp',
      label: 'IP address seen on',
      value: '10.0.10.77',
      seenAt: LATER,
    });
    expect(hits.slice(1).map(key)).toEqual(['network:users', 'network:wide']);
  });

  it('lists what is documented with a MAC before where it was seen', () => {
    expect(find('02:00:5e:10:00:01').map((hit) => [key(hit), hit.match])).toEqual([
      ['port:p48', 'deviceMacAddress'],
      ['port:gi48', 'seenMac'],
    ]);
  });
});
