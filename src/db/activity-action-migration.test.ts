// migrations/0013_discovery.sql rebuilds the activity log's table so that its action may be `discovery`: every entry,
// its entities, its seq and the AUTOINCREMENT high-water mark survive on a database of schema version 12.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations, schemaVersion } from './migrate.ts';
import { integrityCheck, openDatabase, type Db } from './open.ts';
import { MIGRATIONS, migrationsUpTo } from './test-rows.ts';

const AT = '2026-01-01T00:00:00.000Z';

function addEntry(db: Db, seq: number, action: string): void {
  db.prepare(
    `INSERT INTO activity (seq, id, at, username, action, entity_type, entity_id, summary, undo_data, undoable)
    VALUES (?, ?, ?, 'admin', ?, 'switch', 'sw-1', ?, '{}', 1)`,
  ).run(seq, `entry-${seq}`, AT, action, `entry ${seq}`);
  db.prepare("INSERT INTO activity_entities (activity_seq, entity_type, entity_id) VALUES (?, 'port', ?)").run(seq, `port-${seq}`);
}

const sequence = (db: Db) =>
  (db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'activity'").get() as { seq: number } | undefined)?.seq;

let db: Db;
beforeEach(() => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), 'switchyard-unit-')), 'switchyard.db'));
  applyMigrations(db, migrationsUpTo(12));
  expect(schemaVersion(db)).toBe(12);
});

describe('the activity log on the way to schema 13', () => {
  it('keeps every entry, its entities and its seq, and then takes the action discovery', () => {
    for (const [seq, action] of [
      [1, 'create'],
      [2, 'bulk_update'],
      [5, 'undo'],
    ] as const)
      addEntry(db, seq, action);
    const before = db.prepare('SELECT * FROM activity ORDER BY seq').all();
    applyMigrations(db, MIGRATIONS);
    expect(db.prepare('SELECT * FROM activity ORDER BY seq').all()).toEqual(before);
    expect(db.prepare('SELECT activity_seq, entity_id FROM activity_entities ORDER BY activity_seq').all()).toEqual(
      [1, 2, 5].map((seq) => ({ activity_seq: seq, entity_id: `port-${seq}` })),
    );
    addEntry(db, 6, 'discovery');
    expect(() => addEntry(db, 7, 'rename')).toThrow(/CHECK/);
    expect(integrityCheck(db)).toBe('ok');
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });

  it('never hands out a seq again: the high-water mark of deleted entries is kept', () => {
    for (const seq of [1, 2, 3]) addEntry(db, seq, 'update');
    db.prepare('DELETE FROM activity_entities WHERE activity_seq = 3').run();
    db.prepare('DELETE FROM activity WHERE seq = 3').run();
    expect(sequence(db)).toBe(3);
    applyMigrations(db, MIGRATIONS);
    expect(sequence(db)).toBe(3);
    db.prepare("INSERT INTO activity (id, at, action, summary) VALUES ('next', ?, 'create', 'next')").run(AT);
    expect(db.prepare("SELECT seq FROM activity WHERE id = 'next'").get()).toEqual({ seq: 4 });
  });

  it('carries a log without entries forward with its indexes and its sequence', () => {
    const kept = sequence(db);
    applyMigrations(db, MIGRATIONS);
    const indexes = db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('activity', 'activity_entities') AND sql IS NOT NULL ORDER BY name",
      )
      .all();
    expect(indexes.map((row) => (row as { name: string }).name)).toEqual([
      'activity_entities_by_entry',
      'activity_entity',
      'activity_site',
      'activity_user',
    ]);
    expect(sequence(db)).toBe(kept);
  });
});
