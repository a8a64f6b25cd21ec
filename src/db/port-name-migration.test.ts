// migrations/0004_port_interface_names.sql on databases of schema version 3: port names that are not plain
// interface names are rewritten, kept unique per switch, and each rename is an activity entry.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Refusal } from '../errors/refusal.ts';
import { isInterfaceName } from '../lib/interface-name.ts';
import type { Actor } from './change.ts';
import { undoEntry } from '../domain/undo.ts';
import { applyMigrations, schemaVersion } from './migrate.ts';
import { integrityCheck, openDatabase, type Db } from './open.ts';

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');
const ACTOR: Actor = { id: randomUUID(), username: 'tester' };
const OLD = '2025-01-01T00:00:00.000Z';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A folder holding the migration files up to `version`, as an install of that schema had them. */
function migrationsUpTo(version: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-migrations-'));
  const files = ['0001_init.sql', '0002_activity_entities_by_entry.sql', '0003_list_order_indexes.sql', '0004_port_interface_names.sql'];
  for (const file of files.slice(0, version)) copyFileSync(join(MIGRATIONS, file), join(dir, file));
  return dir;
}

let db: Db;
let site: string;
beforeEach(() => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), 'switchyard-unit-')), 'switchyard.db'));
  applyMigrations(db, migrationsUpTo(3));
  expect(schemaVersion(db)).toBe(3);
  site = randomUUID();
  db.prepare('INSERT INTO sites (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(site, 'HQ', OLD, OLD);
});

function addSwitch(name: string): string {
  const id = randomUUID();
  db.prepare('INSERT INTO switches (id, site_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(id, site, name, OLD, OLD);
  return id;
}

/** A port stored straight into the table, as 0.26.0 and earlier let any text through. */
function addPort(switchId: string, name: string, position: number): string {
  const id = randomUUID();
  db.prepare('INSERT INTO ports (id, switch_id, name, position, version, created_at, updated_at) VALUES (?, ?, ?, ?, 3, ?, ?)').run(
    id,
    switchId,
    name,
    position,
    OLD,
    OLD,
  );
  return id;
}

function port(id: string): { name: string; version: number; updated_at: string } {
  return db.prepare('SELECT name, version, updated_at FROM ports WHERE id = ?').get(id) as {
    name: string;
    version: number;
    updated_at: string;
  };
}

/**
 * An undoable update entry of a port (its description), with images of the port as it is, written as 0.26.0 wrote
 * them (this code writes model-2 images, which a schema-3 database has no columns for).
 */
function describePort(id: string, description: string): string {
  const before = db.prepare('SELECT * FROM ports WHERE id = ?').get(id) as Record<string, unknown>;
  db.prepare('UPDATE ports SET description = ?, version = version + 1, updated_at = ? WHERE id = ?').run(description, OLD, id);
  const after = db.prepare('SELECT * FROM ports WHERE id = ?').get(id) as Record<string, unknown>;
  const image = (row: Record<string, unknown>) => ({ [id]: { ...row, taggedNetworkIds: [] } });
  const entryId = randomUUID();
  db.prepare(
    `INSERT INTO activity (id, at, user_id, username, action, entity_type, entity_id, entity_name, site_id, summary, undo_data, undoable)
     VALUES (?, ?, ?, ?, 'update', 'port', ?, 'p', ?, 'Updated port', ?, 1)`,
  ).run(
    entryId,
    OLD,
    ACTOR.id,
    ACTOR.username,
    id,
    site,
    JSON.stringify({ before: { port: image(before) }, after: { port: image(after) } }),
  );
  return entryId;
}

/** The newest entry of an entity's history (the entry's own entity, or one it touched). */
function newestEntryOf(id: string): string {
  return (
    db
      .prepare(
        'SELECT id FROM activity WHERE entity_id = ? OR seq IN (SELECT activity_seq FROM activity_entities WHERE entity_id = ?) ORDER BY seq DESC LIMIT 1',
      )
      .get(id, id) as { id: string }
  ).id;
}

function activityRows(): Record<string, unknown>[] {
  return db.prepare('SELECT * FROM activity ORDER BY seq').all() as Record<string, unknown>[];
}

function undoCode(entryId: string): string | undefined {
  try {
    undoEntry(db, ACTOR, entryId);
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.code;
    throw error;
  }
}

describe('migration 0004: port names become plain interface names', () => {
  it('rewrites every name that is not one, keeps names unique per switch, and logs each rename', () => {
    const core = addSwitch('core');
    const edge = addSwitch('edge');
    const keep = {
      plain: addPort(core, 'Gi1/0/1', 1),
      taken: addPort(core, 'GE-0/0/1', 2),
      takenSuffix: addPort(core, 'X_2', 3),
      numbered: addPort(core, '7', 7),
    };
    const bad = {
      injection: addPort(core, 'Gi1/0/2\n!\nusername evil privilege 15 secret 0 x', 10),
      junos: addPort(core, 'ge-0/0/1; }', 11),
      braceOpen: addPort(core, 'x{', 12),
      braceClose: addPort(core, 'x}', 13),
      controlsOnly: addPort(core, '\t\r\n', 14),
      spaces: addPort(core, '  a ;\t b  ', 15),
      accents: addPort(core, 'Büro 1', 16),
      nul: addPort(core, 'ok\u0000; evil', 17),
      long: addPort(core, `${'p'.repeat(63)};`, 18),
      longTwin: addPort(core, `${'P'.repeat(63)}}`, 19),
      otherSwitch: addPort(edge, 'x{', 1),
    };
    const entryOfBad = describePort(bad.junos, 'uplink');
    const entryOfPlain = describePort(keep.plain, 'desk');
    const before = activityRows().length;
    const kept = Object.values(keep).map(port);

    expect(applyMigrations(db, migrationsUpTo(4))).toEqual([4]);

    const names = Object.fromEntries(Object.entries(bad).map(([key, id]) => [key, port(id).name]));
    expect(names).toEqual({
      injection: 'Gi1/0/2 username evil privilege 15 secret 0 x',
      junos: 'ge-0/0/1_2',
      braceOpen: 'x',
      braceClose: 'x_3',
      controlsOnly: 'port-14',
      spaces: 'a b',
      accents: 'B ro 1',
      nul: 'ok',
      long: 'p'.repeat(63),
      longTwin: `${'P'.repeat(62)}_2`,
      otherSwitch: 'x',
    });
    const all = db.prepare('SELECT switch_id, name FROM ports').all() as { switch_id: string; name: string }[];
    expect(all.every((row) => isInterfaceName(row.name))).toBe(true);
    expect(new Set(all.map((row) => `${row.switch_id} ${row.name.toLowerCase()}`)).size).toBe(all.length);

    const entries = activityRows().slice(before);
    expect(entries).toHaveLength(Object.keys(bad).length);
    const at = entries[0].at as string;
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(at > OLD).toBe(true);
    for (const [key, id] of Object.entries(bad)) {
      const entry = entries.find((row) => row.entity_id === id)!;
      expect(entry).toMatchObject({
        at,
        user_id: null,
        username: null,
        action: 'update',
        entity_type: 'port',
        entity_name: names[key],
        site_id: site,
        undo_data: null,
        undoable: 0,
        undone_by: null,
        undo_of: null,
      });
      expect(entry.id).toMatch(UUID_V4);
      expect(entry.summary).toBe(
        `Renamed port ${names[key]} on ${id === bad.otherSwitch ? 'edge' : 'core'}: a port name may hold only letters, digits, spaces and / . : - _ +`,
      );
      const changes = JSON.parse(entry.changes as string);
      expect(Object.keys(changes)).toEqual(['name']);
      expect(changes.name[1]).toBe(names[key]);
      expect(changes.name[0]).not.toBe(names[key]);
      expect(port(id)).toMatchObject({ version: id === bad.junos ? 5 : 4, updated_at: at });
      // The port's history shows the rename.
      expect(newestEntryOf(id)).toBe(entry.id);
    }
    expect(JSON.parse(entries.find((row) => row.entity_id === bad.injection)!.changes as string).name[0]).toBe(
      'Gi1/0/2\n!\nusername evil privilege 15 secret 0 x',
    );
    expect(JSON.parse(entries.find((row) => row.entity_id === bad.junos)!.changes as string)).toEqual({
      name: ['ge-0/0/1; }', 'ge-0/0/1_2'],
    });
    expect(new Set(entries.map((row) => row.id)).size).toBe(entries.length);

    // Ports with plain names keep name, version and update time.
    expect(Object.values(keep).map(port)).toEqual(kept);
    expect(port(keep.taken)).toEqual({ name: 'GE-0/0/1', version: 3, updated_at: OLD });

    // The entry whose images hold the old name cannot write it back; the other stays undoable.
    expect(db.prepare('SELECT undo_data, undoable FROM activity WHERE id = ?').get(entryOfBad)).toEqual({ undo_data: null, undoable: 0 });
    expect(db.prepare('SELECT undo_data IS NOT NULL AS kept, undoable FROM activity WHERE id = ?').get(entryOfPlain)).toEqual({
      kept: 1,
      undoable: 1,
    });
    // Carried on to the current schema (model 2, whose code this is), neither can be undone: 0006 drops the other's
    // model-1 images too.
    applyMigrations(db, MIGRATIONS);
    expect(undoCode(entryOfBad)).toBe('not_undoable');
    expect(undoCode(entryOfPlain)).toBe('not_undoable');

    expect(integrityCheck(db)).toBe('ok');
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(db.prepare("SELECT name FROM sqlite_temp_schema WHERE name LIKE 'port_name_%'").all()).toEqual([]);
  });

  it('leaves a database without such names as it is: no entry, no version raised', () => {
    const sw = addSwitch('core');
    const ids = ['1', 'Gi1/0/1', 'ge-0/0/0:1', 'Port-Channel10', 'uplink 1', 'Te1/1/1+', 'mgmt_0.100'].map((name, i) =>
      addPort(sw, name, i + 1),
    );
    const entry = describePort(ids[1], 'desk');
    const ports = db.prepare('SELECT * FROM ports ORDER BY id').all();
    const activity = activityRows();

    expect(applyMigrations(db, migrationsUpTo(4))).toEqual([4]);

    expect(db.prepare('SELECT * FROM ports ORDER BY id').all()).toEqual(ports);
    expect(activityRows()).toEqual(activity);
    expect(db.prepare('SELECT undoable FROM activity WHERE id = ?').get(entry)).toEqual({ undoable: 1 });
    expect(integrityCheck(db)).toBe('ok');
  });

  it('runs on an empty database', () => {
    expect(applyMigrations(db, migrationsUpTo(4))).toEqual([4]);
    expect(activityRows()).toEqual([]);
  });
});
