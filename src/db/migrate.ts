import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../errors/startup-error.ts';
import { inTransaction, type Db } from './open.ts';
import { constraintFailure } from './sqlite-errors.ts';

/** A migration file that was applied before and has changed since: the start must stop. */
class MigrationChecksumError extends StartupError {}

/** A migration that the data refused (a constraint, a row another tool wrote): rolled back, the start must stop. */
class MigrationFailedError extends StartupError {}

export interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** The migration files of `dir`, in order. */
function readMigrations(dir: string): MigrationFile[] {
  return readdirSync(dir)
    .filter((file) => FILE_PATTERN.test(file))
    .sort()
    .map((file) => {
      const [, version, name] = FILE_PATTERN.exec(file)!;
      const sql = readFileSync(join(dir, file), 'utf8');
      return { version: Number(version), name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Applies every pending migration of `dir`, each in its own transaction; returns the versions applied. */
export function applyMigrations(db: Db, dir: string): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Map(
    (db.prepare('SELECT version, checksum FROM schema_migrations').all() as { version: number; checksum: string }[]).map((row) => [
      row.version,
      row.checksum,
    ]),
  );
  const done: number[] = [];
  for (const migration of readMigrations(dir)) {
    const checksum = applied.get(migration.version);
    if (checksum === migration.checksum) continue;
    if (checksum !== undefined) {
      throw new MigrationChecksumError(
        `migration ${migration.version}_${migration.name}.sql has changed since it was applied; migrations are append-only, restore the file and add a new one`,
      );
    }
    try {
      inTransaction(db, () => {
        db.exec(migration.sql);
        db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)').run(
          migration.version,
          migration.name,
          migration.checksum,
          new Date().toISOString(),
        );
      });
    } catch (error) {
      throw migrationFailure(migration, error);
    }
    done.push(migration.version);
  }
  return done;
}

// The transaction was rolled back, so the file holds what it held before: the one line says so, and which row
// kind SQLite refused. A storage fault (full disk, read-only file) is left as it is: the start explains those.
function migrationFailure(migration: MigrationFile, error: unknown): unknown {
  if (!constraintFailure(error)) return error;
  return new MigrationFailedError(
    `migration ${String(migration.version).padStart(4, '0')}_${migration.name}.sql failed (${(error as Error).message}) ` +
      'and changed nothing: the database holds a row its constraints refuse, likely written by another tool; ' +
      'find it with PRAGMA foreign_key_check and PRAGMA integrity_check, mend or restore the file, then start again',
  );
}

/** The highest applied migration version, 0 for an empty database. */
export function schemaVersion(db: Db): number {
  const row = db.prepare('SELECT max(version) AS version FROM schema_migrations').get() as { version: number | null };
  return row.version ?? 0;
}
