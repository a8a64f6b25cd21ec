import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { columnFields, type Resource } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import { PORT } from '../fields/ports.ts';
import { SITE } from '../fields/sites.ts';
import { SWITCH } from '../fields/switches.ts';
import { VLAN } from '../fields/vlans.ts';
import type { JsonPage, ListParams } from './list-query.ts';
import { applyMigrations } from './migrate.ts';
import { listNetworks, listNetworksJson, networkToApi } from './networks.ts';
import { openDatabase, type Db } from './open.ts';
import { insertTestRow } from './test-rows.ts';
import { listPorts, listPortsJson, portToApi } from './ports.ts';
import { listSites, listSitesJson, siteToApi } from './sites.ts';
import { listSwitches, listSwitchesJson, switchToApi } from './switches.ts';
import { listVlans, listVlansJson, vlanToApi } from './vlans.ts';

// The JSON list pages are built by SQLite (listXJson); the single reads, CSV exports and the Fastify peer map
// rows in JavaScript (listX + xToApi). Both must give the same answer, byte for byte: keys, order, types, and
// the JSON columns (a network's dnsServers, a port's poe, a switch's tags) as JSON, not as strings.

// Text that JSON must escape, or must not: quotes, backslash, tab and line breaks, non-ASCII, U+2028, a tag.
const AWKWARD = 'say "hi" \\ back\tslash\r\nline two é 😀 \u2028 </script> {"not":"json"} 007';
let db: Db;
const ids: Record<string, string> = {};

function insert(table: string, key: string, values: Record<string, unknown>): void {
  ids[key] = insertTestRow(db, table, values);
}

function tag(port: string, ...vlans: string[]): void {
  for (const vlan of vlans) db.prepare('INSERT INTO port_tagged_vlans (port_id, vlan_id) VALUES (?, ?)').run(ids[port], ids[vlan]);
}

function configure(switchKey: string, ...vlans: string[]): void {
  for (const vlan of vlans)
    db.prepare('INSERT INTO switch_configured_vlans (switch_id, vlan_id) VALUES (?, ?)').run(ids[switchKey], ids[vlan]);
}

beforeAll(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, join(import.meta.dirname, '..', '..', 'migrations'));
  insert('sites', 'hq', { name: 'HQ', description: AWKWARD, address: 'Main street 1', notes: 'a\nb', version: 3 });
  insert('sites', 'empty', { name: 'Empty site' });
  insert('sites', 'branch', { name: 'branch', address: 'Ünterstraße 2' });
  insert('vlans', 'users', { site_id: ids.hq, name: 'Users', vid: 10, color: '#1f77b4' });
  insert('vlans', 'voice', { site_id: ids.hq, name: 'Voice', vid: 20, description: AWKWARD, color: '#ff7f0e', status: 'inactive' });
  insert('vlans', 'mgmt', { site_id: ids.hq, name: 'Mgmt', vid: 4094, color: '#2ca02c' });
  insert('vlans', 'unused', { site_id: ids.branch, name: 'Unused', vid: 10, color: '#1f77b4' });
  insert('networks', 'users4', {
    site_id: ids.hq,
    vlan_id: ids.users,
    name: 'Users v4',
    subnet: '10.0.10.0/24',
    gateway: '10.0.10.1',
    dns_servers: JSON.stringify(['10.0.0.53', '2001:db8::53']),
  });
  insert('networks', 'users6', { site_id: ids.hq, vlan_id: ids.users, name: 'Users v6', subnet: '2001:db8:10::/64', description: AWKWARD });
  insert('networks', 'transit', { site_id: ids.hq, name: 'Transit', subnet: '10.255.0.0/31' });
  insert('networks', 'branchLan', { site_id: ids.branch, name: 'Branch LAN', subnet: '10.0.10.0/24', dns_servers: '[]' });
  insert('switches', 'core', {
    site_id: ids.hq,
    name: 'core',
    vendor: 'Cisco',
    mac_address: 'aa:bb:cc:dd:ee:01',
    management_ip: '10.0.0.1',
    notes: AWKWARD,
    tags: JSON.stringify(['core', 'rack "A"']),
    role: 'core',
    stack_size: 2,
    version: 7,
  });
  insert('switches', 'edge', { site_id: ids.hq, name: 'edge 1', model: 'EX2300', status: 'planned', poe_budget_watts: 370 });
  insert('switches', 'bare', { site_id: ids.branch, name: 'bare', status: 'retired', location: 'rack "B"' });
  insert('ports', 'c1', {
    switch_id: ids.core,
    name: 'Gi1/0/1',
    position: 1,
    mode: 'trunk',
    untagged_vlan_id: ids.users,
    speed: '10G',
    type: 'sfp+',
    description: AWKWARD,
  });
  insert('ports', 'c2', {
    switch_id: ids.core,
    name: 'Gi1/0/2',
    position: 2,
    unit: 2,
    enabled: 0,
    poe: JSON.stringify({ type: '802.3af', maxWatts: 15.4 }),
    mac_address: '00:11:22:33:44:55',
    link_status: 'up',
    untagged_vlan_id: ids.users,
    connected_device: 'printer\nroom 2',
  });
  insert('ports', 'c3', { switch_id: ids.core, name: 'Gi1/0/3', position: 3, mode: 'trunk', untagged_vlan_id: ids.voice });
  insert('ports', 'e1', { switch_id: ids.edge, name: '1', position: 1, linked_port_id: ids.c1, connected_port: 'eth0' });
  db.prepare('UPDATE ports SET linked_port_id = ? WHERE id = ?').run(ids.e1, ids.c1);
  // Several tagged VLANs, inserted out of order; c3 carries voice both untagged and tagged (counted once).
  tag('c1', 'voice', 'mgmt', 'users');
  tag('c3', 'voice', 'mgmt');
  tag('e1', 'mgmt');
  configure('edge', 'voice', 'users');
});

const paramsOf = (list: Partial<ListParams> = {}): ListParams => ({ limit: 100, offset: 0, sort: undefined, q: undefined, ...list });

/** The list parameters to compare under: default, paging, an empty page, a search, and every sort both ways. */
function cases(resource: Resource, q: string): [string, ListParams][] {
  const sortable = resource.fields.filter((f) => f.sortable || f.name === 'name').map((f) => f.name);
  return [
    ['default', paramsOf()],
    ['a middle page', paramsOf({ limit: 1, offset: 1 })],
    ['past the end', paramsOf({ offset: 50 })],
    [`q=${q}`, paramsOf({ q })],
    ...sortable.flatMap((field): [string, ListParams][] => [
      [`sort=${field}`, paramsOf({ sort: { field, descending: false } })],
      [`sort=-${field}`, paramsOf({ sort: { field, descending: true } })],
    ]),
  ];
}

function expectSame(json: JsonPage, rows: { rows: unknown[]; total: number }, toApi: (row: never) => unknown): void {
  expect(json.total).toBe(rows.total);
  expect(json.items).toBe(JSON.stringify(rows.rows.map((row) => toApi(row as never))));
}

describe('list pages serialised by SQLite', () => {
  it.each(cases(SITE, 'main'))('sites, %s: the same JSON as the mapped rows', (_, list) => {
    expectSame(listSitesJson(db, list), listSites(db, list), siteToApi);
  });

  it.each(cases(VLAN, 'o'))('vlans, %s: the same JSON as the mapped rows', (_, list) => {
    for (const filter of [{}, { siteId: ids.hq }, { siteId: ids.hq, vid: 20, status: 'inactive' }, { status: 'active' }]) {
      expectSame(listVlansJson(db, list, filter), listVlans(db, list, filter), vlanToApi);
    }
  });

  it.each(cases(NETWORK, 'users'))('networks, %s: the same JSON as the mapped rows', (_, list) => {
    for (const filter of [{}, { siteId: ids.hq }, { siteId: ids.hq, vlanId: ids.users }]) {
      expectSame(listNetworksJson(db, list, filter), listNetworks(db, list, filter), networkToApi);
    }
    const address = { ...list, q: '10.0.10.77' };
    expectSame(listNetworksJson(db, address, {}), listNetworks(db, address, {}), networkToApi);
  });

  it.each(cases(SWITCH, 'e'))('switches, %s: the same JSON as the mapped rows', (_, list) => {
    expectSame(listSwitchesJson(db, list, {}), listSwitches(db, list, {}), switchToApi);
    const filter = { siteId: ids.hq, status: 'active' };
    expectSame(listSwitchesJson(db, list, filter), listSwitches(db, list, filter), switchToApi);
  });

  it.each(cases(PORT, 'gi'))('ports, %s: the same JSON as the mapped rows', (_, list) => {
    expectSame(listPortsJson(db, list, {}), listPorts(db, list, {}), portToApi);
    for (const filter of [{ switchId: ids.core }, { siteId: ids.hq }, { siteId: ids.branch }]) {
      expectSame(listPortsJson(db, list, filter), listPorts(db, list, filter), portToApi);
    }
  });

  it('answers JSON types: booleans, integers, null, JSON columns, sorted id arrays, counts', () => {
    const ports = JSON.parse(listPortsJson(db, paramsOf(), { switchId: ids.core }).items);
    expect(ports[0]).toMatchObject({
      enabled: true,
      poe: null,
      position: 1,
      type: 'sfp+',
      description: AWKWARD,
      linkedPortId: ids.e1,
      connectedDevice: null,
    });
    expect(ports[0].taggedVlanIds).toEqual([ids.voice, ids.mgmt, ids.users].sort());
    expect(ports[1]).toMatchObject({ enabled: false, unit: 2, poe: { type: '802.3af', maxWatts: 15.4 }, taggedVlanIds: [] });
    expect(Object.keys(ports[0])).toEqual(
      columnFields(PORT)
        .map((f) => f.name)
        .concat('taggedVlanIds'),
    );
    const vlans = JSON.parse(listVlansJson(db, paramsOf(), { siteId: ids.hq }).items);
    expect(vlans.map((v: Record<string, unknown>) => [v.name, v.networkCount, v.portCount, v.switchCount])).toEqual([
      ['Users', 2, 2, 1],
      ['Voice', 0, 2, 1],
      ['Mgmt', 0, 3, 2],
    ]);
    expect(Object.keys(vlans[0])).toEqual(VLAN.fields.map((f) => f.name));
    const networks = JSON.parse(listNetworksJson(db, paramsOf(), { siteId: ids.hq }).items);
    expect(networks.map((n: { name: string; dnsServers: string[] }) => [n.name, n.dnsServers])).toEqual([
      ['Users v4', ['10.0.0.53', '2001:db8::53']],
      ['Transit', []],
      ['Users v6', []],
    ]);
    expect(
      JSON.parse(listNetworksJson(db, paramsOf({ q: '10.0.10.77', sort: { field: 'name', descending: false } }), {}).items).map(
        (n: { name: string }) => n.name,
      ),
    ).toEqual(['Branch LAN', 'Users v4']);
    const switches = JSON.parse(listSwitchesJson(db, paramsOf(), { siteId: ids.hq }).items);
    expect(switches[0]).toMatchObject({ name: 'core', tags: ['core', 'rack "A"'], configuredVlanIds: [] });
    expect(switches[1].configuredVlanIds).toEqual([ids.voice, ids.users].sort());
    const sites = JSON.parse(listSitesJson(db, paramsOf({ sort: { field: 'name', descending: false } })).items);
    expect(
      sites.map((s: { switchCount: number; vlanCount: number; networkCount: number; version: number }) => [
        s.switchCount,
        s.vlanCount,
        s.networkCount,
        s.version,
      ]),
    ).toEqual([
      [1, 1, 1, 1],
      [0, 0, 0, 1],
      [2, 3, 3, 3],
    ]);
    expect(listSwitchesJson(db, paramsOf({ q: 'no such switch' }), {})).toEqual({ items: '[]', total: 0, totalExact: true });
  });
});
