// A whole IP or MAC address is a key lookup (issue 36): every statement search runs for one reads its table through
// an index, never by a SCAN, and every spelling of a MAC finds the same records, wherever a MAC is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipKey } from '../../lib/ip-math.ts';
import { applyMigrations, schemaVersion } from '../migrate.ts';
import { openDatabase, type Db } from '../open.ts';
import { planOf, statementsOf } from '../test-plans.ts';
import { insertTestRow, MIGRATIONS, migrationsUpTo } from '../test-rows.ts';
import { search } from './search.ts';

const MAC_SPELLINGS = ['02:00:5e:33:44:55', '02-00-5e-33-44-55', '0200.5e33.4455', '02005e334455', '02:00:5E:33:44:55', '0200.5E33.4455'];

let db: Db;
const ids: Record<string, string> = {};

/** A database at schema 17 with a MAC kept in each place, then brought forward by every later migration. */
function databaseWithMacs(): Db {
  const made = openDatabase(':memory:');
  applyMigrations(made, migrationsUpTo(17));
  const insert = (table: string, key: string, values: Record<string, unknown>) => (ids[key] = insertTestRow(made, table, values));
  insert('sites', 'hq', { name: 'HQ' });
  insert('networks', 'users', { site_id: ids.hq, name: 'users', subnet: '10.0.10.0/24' });
  insert('switches', 'core', { site_id: ids.hq, name: 'core-1', mac_address: '02:00:5e:33:44:55', management_ip: '10.0.10.2' });
  // Stored in another spelling, as rows another tool wrote: the key is the same.
  insert('ports', 'device', { switch_id: ids.core, name: 'Gi1/0/1', position: 1, mac_address: '02-00-5E-33-44-55' });
  // A description that names the MAC in one spelling is not where a MAC is kept: no spelling finds it.
  insert('ports', 'seen', { switch_id: ids.core, name: 'Gi1/0/3', position: 3 });
  insert('ports', 'noted', { switch_id: ids.core, name: 'Gi1/0/2', position: 2, description: 'relay for 02:00:5e:33:44:55' });
  const { hi, lo } = ipKey('10.0.10.60')!;
  insert('addresses', 'host', {
    network_id: ids.users,
    address: '10.0.10.60',
    key_hi: hi,
    key_lo: lo,
    mac_address: '02:00:5e:33:44:55',
    hostname: 'lab-printer',
  });
  made
    .prepare('INSERT INTO fdb_entries (switch_id, port_id, mac, vlan, seen_at) VALUES (?, ?, ?, ?, ?)')
    .run(ids.core, ids.seen, '02:00:5E:33:44:55', 10, '2026-01-02T00:00:00.000Z');
  made
    .prepare('INSERT INTO arp_entries (switch_id, ip, mac, seen_at) VALUES (?, ?, ?, ?)')
    .run(ids.core, '10.0.10.60', '02:00:5e:33:44:55', '2026-01-02T00:00:00.000Z');
  applyMigrations(made, MIGRATIONS);
  return made;
}

/** The lines of a statement's plan that read a whole table (a search index, json_each or a subquery's rows aside). */
function scans(sql: string, args: unknown[]): string[] {
  return planOf(db, sql, args).filter((detail) => /^SCAN /.test(detail) && !/VIRTUAL TABLE|^SCAN \(subquery|CONSTANT ROW/.test(detail));
}

beforeAll(() => {
  db = databaseWithMacs();
});
afterAll(() => db.close());

const key = (hit: { type: string; id: string; match: string }) =>
  `${hit.type}:${Object.keys(ids).find((k) => ids[k] === hit.id)}:${hit.match}`;

describe('search of a whole address', () => {
  it('is brought to schema 18 with the MAC keys on a database that held MACs', () => {
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(18);
  });

  it.each(MAC_SPELLINGS)('finds the MAC %s where it is kept, the same records in every spelling', (q) => {
    expect(search(db, q, 50).map(key)).toEqual([
      'switch:core:macAddress',
      'port:device:deviceMacAddress',
      'address:host:macAddress',
      'port:seen:seenMac',
    ]);
  });

  it.each([...MAC_SPELLINGS, '10.0.10.60', '10.0.10.2'])('looks %s up by key: no statement scans a table', (q) => {
    const ran = statementsOf(() => search(db, q, 50));
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.flatMap(([sql, args]) => scans(sql, args).map((scan) => `${scan} in ${sql.replace(/\s+/g, ' ').slice(0, 120)}`))).toEqual(
      [],
    );
  });

  it.each(['5254.0001', '0200.5e33', '52:54:00', '02-00-5e-33'])('looks for part of a MAC (%s) in no address text', (q) => {
    const ran = statementsOf(() => search(db, q, 50));
    expect(ran.filter(([sql, args]) => scans(sql, args).some((scan) => /^SCAN a\b/.test(scan)))).toEqual([]);
  });

  it('finds host names recorded before the migration, and those changed after it, in their own index', () => {
    expect(search(db, 'printer', 50).map(key)).toEqual(['address:host:hostname']);
    db.prepare('UPDATE addresses SET hostname = ? WHERE id = ?').run('copier-2', ids.host);
    expect(search(db, 'printer', 50)).toEqual([]);
    expect(search(db, 'copier', 50).map(key)).toEqual(['address:host:hostname']);
    db.prepare('UPDATE addresses SET hostname = ? WHERE id = ?').run('lab-printer', ids.host);
  });

  it('finds the port where the MAC of an IP address of a kept ARP table was seen, by the MAC key', () => {
    expect(search(db, '10.0.10.60', 50).map(key)).toContain('port:seen:seenIp');
  });
});
