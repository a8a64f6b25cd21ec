import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertActivity, listActivity, type NewActivityRow } from './activity.ts';
import { applyMigrations } from './migrate.ts';
import { openDatabase, type Db } from './open.ts';

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
});

function entry(entityType: string | null, entityId: string | null, summary: string, touched: { type: string; id: string }[] = []): number {
  const row: NewActivityRow = {
    id: randomUUID(),
    at: '2026-01-01T00:00:00.000Z',
    user_id: null,
    username: 'tester',
    action: 'update',
    entity_type: entityType,
    entity_id: entityId,
    entity_name: null,
    site_id: null,
    summary,
    changes: null,
    undo_data: null,
    undoable: 0,
    undone_by: null,
    undo_of: null,
  };
  return insertActivity(db, row, touched);
}

describe('the activity of one record by its id alone', () => {
  it('finds its entries of every stored type (none, or one the API does not name too) and those that touched it, newest first', () => {
    const id = randomUUID();
    const other = randomUUID();
    entry('switch', id, 'own');
    entry('switch', other, 'other switch');
    entry(null, id, 'without a type');
    entry('port', other, 'touched it', [{ type: 'switch', id }]);
    entry('legacy-kind', id, 'a type another tool wrote');
    entry(null, null, 'a restore');
    entry('vlan', id, 'same id as a VLAN');
    expect(listActivity(db, { entityId: id, limit: 10 }).map((row) => row.summary)).toEqual([
      'same id as a VLAN',
      'a type another tool wrote',
      'touched it',
      'without a type',
      'own',
    ]);
    const [newest, next] = listActivity(db, { entityId: id, limit: 2 });
    expect(listActivity(db, { entityId: id, limit: 2, beforeSeq: next.seq }).map((row) => row.summary)).toEqual([
      'touched it',
      'without a type',
    ]);
    expect(newest.summary).toBe('same id as a VLAN');
  });
});
