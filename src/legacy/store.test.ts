import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../db/migrate.ts';
import { inTransaction, openDatabase, type Db } from '../db/open.ts';
import { withIndexesBuiltAfter } from './store.ts';

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
});

function indexes(): { name: string; sql: string | null }[] {
  return db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' ORDER BY name").all() as {
    name: string;
    sql: string | null;
  }[];
}

describe('withIndexesBuiltAfter', () => {
  it('writes without the bulk-built indexes and ends with every index as the migrations declare it', () => {
    const before = indexes();
    const during = inTransaction(db, () => withIndexesBuiltAfter(db, () => indexes().map((index) => index.name)));
    expect(during).not.toContain('port_tagged_networks_network');
    expect(during).not.toContain('activity_entity');
    expect(during).toContain('ports_linked_port');
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
