import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from './migrate.ts';
import { openDatabase, type Db } from './open.ts';
import { insertTestRow } from './test-rows.ts';
import { search } from './search.ts';

let db: Db;
const ids: Record<string, string> = {};

function insert(table: string, key: string, values: Record<string, unknown>): void {
  ids[key] = insertTestRow(db, table, values);
}

beforeAll(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, join(import.meta.dirname, '..', '..', 'migrations'));
  insert('sites', 'hq', { name: 'HQ' });
  insert('sites', 'hq2', { name: 'HQ East' });
  insert('sites', 'branch', { name: 'Branch near HQ' });
  insert('networks', 'users', { site_id: ids.hq, name: 'users', vlan_id: 10, subnet: '10.0.10.0/24' });
  insert('networks', 'wide', { site_id: ids.hq, name: 'wide', vlan_id: 11, subnet: '10.0.0.0/16' });
  insert('networks', 'v6', { site_id: ids.hq, name: 'v6', vlan_id: 12, subnet: '2001:db8::/64' });
  insert('switches', 'core', {
    site_id: ids.hq,
    name: 'core-1',
    mac_address: 'aa:bb:cc:dd:ee:ff',
    management_ip: '10.0.10.2',
    serial_number: 'FOC1234X',
  });
  insert('switches', 'edge', { site_id: ids.branch, name: 'edge-1', mac_address: '00:11:22:33:44:55', management_ip: '10.0.10.25' });
  insert('ports', 'p1', {
    switch_id: ids.core,
    name: 'Gi1/0/1',
    position: 1,
    description: 'uplink to edge',
    connected_device: 'printer-3f',
  });
});

const find = (q: string) => search(db, q, 50);
const key = (hit: { type: string; id: string }) => `${hit.type}:${Object.entries(ids).find(([, id]) => id === hit.id)?.[0]}`;

describe('search', () => {
  it('ranks an exact name before a prefix before a substring', () => {
    expect(find('hq').map(key)).toEqual(['site:hq', 'site:hq2', 'site:branch']);
  });

  it.each(['AABB.CCDD.EEFF', 'aa:bb:cc:dd:ee:ff', 'AA-BB-CC-DD-EE-FF', 'ccdd', 'dd:ee'])('finds a switch by its MAC written %s', (q) => {
    const [first] = find(q);
    expect(first).toMatchObject({ type: 'switch', id: ids.core, siteId: ids.hq, match: 'macAddress' });
  });

  it('finds the networks whose subnet holds an address, most specific first, after an exact management IP', () => {
    expect(find('10.0.10.57').map((hit) => [key(hit), hit.match])).toEqual([
      ['network:users', 'subnet'],
      ['network:wide', 'subnet'],
    ]);
    expect(find('10.0.10.2').map(key).slice(0, 3)).toEqual(['switch:core', 'network:users', 'network:wide']);
    expect(find('2001:DB8:0::1').map(key)).toEqual(['network:v6']);
  });

  it('finds networks by VLAN id, switches by serial, ports by description and connected device', () => {
    expect(find('10')[0]).toMatchObject({ type: 'network', id: ids.users, match: 'vlanId' });
    expect(find('vlan 12')[0]).toMatchObject({ id: ids.v6, match: 'vlanId' });
    expect(find('foc1234x')[0]).toMatchObject({ type: 'switch', id: ids.core, match: 'serialNumber' });
    expect(find('printer')[0]).toMatchObject({
      type: 'port',
      id: ids.p1,
      switchId: ids.core,
      siteId: ids.hq,
      name: 'core-1 / Gi1/0/1',
      match: 'connectedDevice',
    });
    expect(find('uplink')[0]).toMatchObject({ type: 'port', match: 'description' });
  });

  it('lists each entity once, treats LIKE wildcards literally, and keeps to the limit', () => {
    expect(find('core').filter((hit) => hit.id === ids.core)).toHaveLength(1);
    expect(find('%')).toEqual([]);
    expect(find('_')).toEqual([]);
    expect(search(db, 'h', 2)).toHaveLength(2);
  });
});
