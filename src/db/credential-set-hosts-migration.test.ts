// migrations/0024_credential_set_hosts.sql: a credential set kept before allowed hosts existed allows the hosts it was
// being sent to, so that every schedule polls on after the upgrade, and a set no schedule used allows none.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations } from './migrate.ts';
import { openDatabase, type Db } from './open.ts';
import { insertTestRow, MIGRATIONS, migrationsUpTo, TEST_NOW } from './test-rows.ts';

let db: Db;
beforeEach(() => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), 'switchyard-unit-')), 'switchyard.db'));
  applyMigrations(db, migrationsUpTo(23));
});

const set = (name: string) =>
  insertTestRow(db, 'credential_sets', { name, version: '2c', nonce: new Uint8Array(12), sealed: new Uint8Array(32) });
const schedule = (table: 'switch_polling' | 'site_polling', key: string, id: string, credentialId: string, host?: string) =>
  db
    .prepare(
      `INSERT INTO ${table} (${key}, enabled, interval_minutes, credential_id, updated_at${host ? ', host' : ''}) VALUES (?, 1, 15, ?, ?${host ? ', ?' : ''})`,
    )
    .run(id, credentialId, TEST_NOW, ...(host ? [host] : []));
const allowed = (id: string) =>
  JSON.parse((db.prepare('SELECT allowed_hosts FROM credential_sets WHERE id = ?').get(id) as { allowed_hosts: string }).allowed_hosts);

describe('credential sets on the way to schema 24', () => {
  it("allow the management IPs of the switches their schedules cover, and a switch schedule's own address", () => {
    const campus = insertTestRow(db, 'sites', { name: 'Campus' });
    const [siteSet, ownSet, unused] = [set('Campus'), set('Core'), set('Unused')];
    const switchAt = (name: string, ip: string | null) => insertTestRow(db, 'switches', { site_id: campus, name, management_ip: ip });
    const [acc1, , , core, named, ported] = [
      switchAt('acc-1', '10.0.0.21'),
      switchAt('acc-2', '10.0.0.22'),
      switchAt('acc-3', null),
      switchAt('core-1', '10.0.0.1'),
      switchAt('core-2', '10.0.0.2'),
      switchAt('core-3', '2001:db8::3'),
    ];
    schedule('site_polling', 'site_id', campus, siteSet);
    schedule('switch_polling', 'switch_id', acc1, siteSet, '10.9.0.21');
    schedule('switch_polling', 'switch_id', core, ownSet);
    schedule('switch_polling', 'switch_id', named, ownSet, 'core-2.example.net');
    schedule('switch_polling', 'switch_id', ported, ownSet, '10.0.0.3:1161');
    applyMigrations(db, MIGRATIONS);
    expect(allowed(siteSet)).toEqual(['10.0.0.22/32', '10.9.0.21/32']);
    expect(allowed(ownSet)).toEqual(['10.0.0.1/32']);
    expect(allowed(unused)).toEqual([]);
  });
});
