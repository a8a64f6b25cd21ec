import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from './open.ts';

/** The project's migrations folder. */
export const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');

/** A folder holding the migration files up to `version`, as an install of that schema had them. */
export function migrationsUpTo(version: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-migrations-'));
  for (const file of readdirSync(MIGRATIONS).filter((name) => Number(name.slice(0, 4)) <= version)) {
    copyFileSync(join(MIGRATIONS, file), join(dir, file));
  }
  return dir;
}

/** The created/updated time of rows that tests insert directly. */
export const TEST_NOW = '2026-01-01T00:00:00.000Z';

/** Inserts one row with a fresh id and the test timestamps straight into a table (for query tests); returns the id. */
export function insertTestRow(db: Db, table: string, values: Record<string, unknown>): string {
  const row = { id: randomUUID(), created_at: TEST_NOW, updated_at: TEST_NOW, ...values };
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
    ...(Object.values(row) as (string | number | null)[]),
  );
  return row.id;
}
