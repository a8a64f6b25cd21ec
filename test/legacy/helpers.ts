import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTED_KINDS } from '../../src/legacy/migrate.ts';
import { expect } from 'vitest';
import { SAMPLE_DIR, SAMPLE_PASSWORDS } from '../fixtures/legacy/make-fixture.ts';
import { readDb } from '../helpers/db.ts';
import { api, freshDataDir } from '../helpers/server.ts';

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

/**
 * Rows per table, for the tables the migration writes; `activity` without the migration's entries of each fixed
 * record (isFixEntry), which test/legacy/fixes-where-they-happened.test.ts counts.
 */
export function counts(dataDir: string): Record<string, number> {
  const tables = [...COUNTED_KINDS, 'port_tagged_vlans'];
  const sql = (table: string) =>
    `SELECT count(*) AS n FROM ${table}${table === 'activity' ? " WHERE NOT (action = 'migrate' AND entity_type IS NOT NULL)" : ''}`;
  return Object.fromEntries(tables.map((table) => [table, readDb<{ n: number }>(dataDir, sql(table))[0].n]));
}

/** An entry the migration wrote about one record it fixed (legacy/fix-entries.ts), besides its one overall entry. */
export function isFixEntry(entry: { action: string; entityType: string | null }): boolean {
  return entry.action === 'migrate' && entry.entityType !== null;
}

/** The sample's files by name, parsed. */
export type Files = Record<string, any[]>;

/**
 * A copy of the sample with its parsed files changed by `edit` and the changed ones written back as 0.20.x
 * would; with `raw`, `edit` gets the directory to change its bytes itself.
 */
export function editedSample(edit: ((files: Files) => void) | ((dir: string) => void), raw = false): string {
  const dir = sampleDataDir();
  if (raw) {
    (edit as (dir: string) => void)(dir);
    return dir;
  }
  const names = readdirSync(SAMPLE_DIR).filter((name) => name.endsWith('.json'));
  const files: Files = Object.fromEntries(names.map((name) => [name, JSON.parse(readFileSync(join(dir, name), 'utf8'))]));
  const before = new Map(names.map((name) => [name, JSON.stringify(files[name])]));
  (edit as (files: Files) => void)(files);
  for (const name of names) {
    if (JSON.stringify(files[name]) !== before.get(name)) writeFileSync(join(dir, name), JSON.stringify(files[name], null, 2));
  }
  return dir;
}

/** Signs in the sample's admin, alice, with her 0.20.x password (the migration kept it); her token. */
export async function signInSampleAdmin(baseUrl: string): Promise<string> {
  const login = await api(baseUrl, 'POST', '/api/auth/login', { body: { username: 'alice', password: SAMPLE_PASSWORDS.alice } });
  expect(login.status, login.text).toBe(200);
  return login.body.token;
}

/** Reads every item of a list (up to 500) from the server at `baseUrl()` with `token()`, both read when called. */
export function listReader(baseUrl: () => string, token: () => string): (path: string) => Promise<any[]> {
  return async (path) => {
    const answer = await api(baseUrl(), 'GET', `${path}${path.includes('?') ? '&' : '?'}limit=500`, { token: token() });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.items;
  };
}
