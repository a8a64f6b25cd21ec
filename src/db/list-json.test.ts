import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { columnFields, type Resource } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import { PORT } from '../fields/ports.ts';
import { SITE } from '../fields/sites.ts';
import { SWITCH } from '../fields/switches.ts';
import type { JsonPage, ListParams } from './list-query.ts';
import { applyMigrations } from './migrate.ts';
import { listNetworks, listNetworksJson, networkToApi } from './networks.ts';
import { openDatabase, type Db } from './open.ts';
import { insertTestRow } from './test-rows.ts';
import { listPorts, listPortsJson, portToApi } from './ports.ts';
import { listSites, listSitesJson, siteToApi } from './sites.ts';
import { listSwitches, listSwitchesJson, switchToApi } from './switches.ts';

// The JSON list pages are built by SQLite (listXJson); the single reads, CSV exports and the Fastify peer map
// rows in JavaScript (listX + xToApi). Both must give the same answer, byte for byte: keys, order, types.

// Text that JSON must escape, or must not: quotes, backslash, tab and line breaks, non-ASCII, U+2028, a tag.
const AWKWARD = 'say "hi" \\ back\tslash\r\nline two é 😀 \u2028 </script> {"not":"json"} 007';
let db: Db;
const ids: Record<string, string> = {};

function insert(table: string, key: string, values: Record<string, unknown>): void {
  ids[key] = insertTestRow(db, table, values);
}

function tag(port: string, ...networks: string[]): void {
  for (const network of networks)
    db.prepare('INSERT INTO port_tagged_networks (port_id, network_id) VALUES (?, ?)').run(ids[port], ids[network]);
}

beforeAll(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, join(import.meta.dirname, '..', '..', 'migrations'));
  insert('sites', 'hq', { name: 'HQ', description: AWKWARD, address: 'Main street 1', notes: 'a\nb', version: 3 });
  insert('sites', 'empty', { name: 'Empty site' });
  insert('sites', 'branch', { name: 'branch', address: 'Ünterstraße 2' });
  insert('networks', 'users', {
    site_id: ids.hq,
    name: 'Users',
    vlan_id: 10,
    subnet: '10.0.10.0/24',
    gateway: '10.0.10.1',
    color: '#1f77b4',
  });
  insert('networks', 'voice', { site_id: ids.hq, name: 'Voice', vlan_id: 20, description: AWKWARD });
  insert('networks', 'mgmt', { site_id: ids.hq, name: 'Mgmt', vlan_id: 4094, subnet: '2001:db8::/64' });
  insert('networks', 'unused', { site_id: ids.branch, name: 'Unused', vlan_id: 10 });
  insert('switches', 'core', {
    site_id: ids.hq,
    name: 'core',
    vendor: 'Cisco',
    mac_address: 'aa:bb:cc:dd:ee:01',
    management_ip: '10.0.0.1',
    notes: AWKWARD,
    version: 7,
  });
  insert('switches', 'edge', { site_id: ids.hq, name: 'edge 1', model: 'EX2300', status: 'planned' });
  insert('switches', 'bare', { site_id: ids.branch, name: 'bare', status: 'retired', location: 'rack "B"' });
  insert('ports', 'c1', {
    switch_id: ids.core,
    name: 'Gi1/0/1',
    position: 1,
    mode: 'trunk',
    untagged_network_id: ids.users,
    speed: '10G',
    description: AWKWARD,
  });
  insert('ports', 'c2', {
    switch_id: ids.core,
    name: 'Gi1/0/2',
    position: 2,
    enabled: 0,
    poe: 1,
    untagged_network_id: ids.users,
    connected_device: 'printer\nroom 2',
  });
  insert('ports', 'c3', { switch_id: ids.core, name: 'Gi1/0/3', position: 3, mode: 'trunk', untagged_network_id: ids.voice });
  insert('ports', 'e1', { switch_id: ids.edge, name: '1', position: 1, linked_port_id: ids.c1 });
  db.prepare('UPDATE ports SET linked_port_id = ? WHERE id = ?').run(ids.e1, ids.c1);
  // Several tagged networks, inserted out of order; c3 carries voice both untagged and tagged (counted once).
  tag('c1', 'voice', 'mgmt', 'users');
  tag('c3', 'voice', 'mgmt');
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

  it.each(cases(NETWORK, 'o'))('networks, %s: the same JSON as the mapped rows', (_, list) => {
    expectSame(listNetworksJson(db, list, {}), listNetworks(db, list, {}), networkToApi);
    const filter = { siteId: ids.hq, vlanId: 20 };
    expectSame(listNetworksJson(db, list, filter), listNetworks(db, list, filter), networkToApi);
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

  it('answers JSON types: booleans, integers, null, sorted id arrays, counts', () => {
    const ports = JSON.parse(listPortsJson(db, paramsOf(), { switchId: ids.core }).items);
    expect(ports[0]).toMatchObject({
      enabled: true,
      poe: false,
      position: 1,
      description: AWKWARD,
      linkedPortId: ids.e1,
      connectedDevice: null,
    });
    expect(ports[0].taggedNetworkIds).toEqual([ids.voice, ids.mgmt, ids.users].sort());
    expect(ports[1]).toMatchObject({ enabled: false, poe: true, taggedNetworkIds: [] });
    expect(Object.keys(ports[0])).toEqual(
      columnFields(PORT)
        .map((f) => f.name)
        .concat('taggedNetworkIds'),
    );
    const networks = JSON.parse(listNetworksJson(db, paramsOf(), { siteId: ids.hq }).items);
    expect(networks.map((n: { name: string; portCount: number }) => [n.name, n.portCount])).toEqual([
      ['Users', 2],
      ['Voice', 2],
      ['Mgmt', 2],
    ]);
    const sites = JSON.parse(listSitesJson(db, paramsOf({ sort: { field: 'name', descending: false } })).items);
    expect(
      sites.map((s: { switchCount: number; networkCount: number; version: number }) => [s.switchCount, s.networkCount, s.version]),
    ).toEqual([
      [1, 1, 1],
      [0, 0, 1],
      [2, 3, 3],
    ]);
    expect(listSwitchesJson(db, paramsOf({ q: 'no such switch' }), {})).toEqual({ items: '[]', total: 0 });
  });
});
