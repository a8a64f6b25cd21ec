import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTED_KINDS } from '../../src/legacy/migrate.ts';
import { SAMPLE_DIR } from '../fixtures/legacy/make-fixture.ts';
import { readDb } from '../helpers/db.ts';
import { freshDataDir } from '../helpers/server.ts';

/** A fresh data directory holding a copy of the committed 0.20.x sample. */
export function sampleDataDir(): string {
  const dir = freshDataDir();
  cpSync(SAMPLE_DIR, dir, { recursive: true });
  return dir;
}

/** The parsed records of one sample file (each is a JSON array, as 0.20.x wrote them). */
export function sampleRecords(name: string): any[] {
  return JSON.parse(readFileSync(join(SAMPLE_DIR, name), 'utf8'));
}

/** Every top-level .json file of a directory with its bytes, to compare byte for byte. */
export function jsonFiles(dir: string): Record<string, Buffer> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name))]),
  );
}

/** The `_archive_*` folders of a data directory. */
export function archives(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('_archive_'));
}

/** Rows per table, for the tables the migration writes. */
export function counts(dataDir: string): Record<string, number> {
  const tables = [...COUNTED_KINDS, 'port_tagged_vlans'];
  return Object.fromEntries(tables.map((table) => [table, readDb<{ n: number }>(dataDir, `SELECT count(*) AS n FROM ${table}`)[0].n]));
}
