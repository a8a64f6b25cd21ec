import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../db/migrate.ts';
import { inTransaction, openDatabase, type Db } from '../db/open.ts';
import { BUILT_AFTER, withIndexesBuiltAfter } from './store.ts';

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
});

/** The indexes and triggers of the schema, as the migrations declare them. */
function indexes(): { name: string; sql: string | null }[] {
  return db.prepare("SELECT name, sql FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY name").all() as {
    name: string;
    sql: string | null;
  }[];
}

describe('withIndexesBuiltAfter', () => {
  it('writes without the bulk-built indexes and insert triggers, and ends with every one as the migrations declare it', () => {
    const before = indexes();
    // Each one named is in the schema: a renamed one would be left in place, unnoticed.
    expect(before.map((index) => index.name)).toEqual(expect.arrayContaining([...BUILT_AFTER]));
    const during = inTransaction(db, () => withIndexesBuiltAfter(db, () => indexes().map((index) => index.name)));
    for (const name of BUILT_AFTER) expect(during).not.toContain(name);
    expect(during).toContain('ports_linked_port');
    expect(during).toContain('ports_index_delete');
    expect(indexes()).toEqual(before);
  });

  it('refuses to drop an index outside a transaction', () => {
    expect(() => withIndexesBuiltAfter(db, () => undefined)).toThrow('only inside a transaction');
    expect(indexes().map((index) => index.name)).toContain('activity_entity');
  });

  it('leaves every index in place when the write fails and the transaction rolls back', () => {
    const before = indexes();
    expect(() =>
      inTransaction(db, () =>
        withIndexesBuiltAfter(db, () => {
          throw new Error('a write failed');
        }),
      ),
    ).toThrow('a write failed');
    expect(indexes()).toEqual(before);
  });
});
