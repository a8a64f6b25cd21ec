import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/open.ts';
import { commitLegacyMigration } from '../../src/legacy/migrate.ts';
import type { Logger } from '../../src/boot/log.ts';
import { SAMPLE_DIR } from '../fixtures/legacy/make-fixture.ts';
import { ROOT, startServer } from '../helpers/server.ts';
import { archives, counts, jsonFiles, sampleDataDir } from './helpers.ts';

const QUIET: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** What a process that died right after the commit leaves behind: the data committed, the files not moved. */
function commitWithoutMove(dataDir: string): void {
  const db = openDatabase(join(dataDir, 'db.sqlite'));
  try {
    applyMigrations(db, join(ROOT, 'migrations'));
    expect(commitLegacyMigration(db, dataDir, QUIET)).toBeDefined();
  } finally {
    db.close();
  }
}

describe('a crash between the commit and the move', () => {
  it('is finished by the next start: the files are moved, never migrated twice', async () => {
    const dataDir = sampleDataDir();
    commitWithoutMove(dataDir);
    const committed = counts(dataDir);
    expect(committed.sites).toBe(3);
    expect(Object.keys(jsonFiles(dataDir))).toEqual(Object.keys(jsonFiles(SAMPLE_DIR)));
    expect(archives(dataDir)).toEqual([]);

    const server = await startServer({ dataDir });
    await server.stop();
    expect(counts(dataDir)).toEqual(committed);
    const [archive] = archives(dataDir);
    expect(archive).toMatch(/^_archive_\d{8}T\d{6}Z$/);
    expect(jsonFiles(dataDir)).toEqual({});
    expect(jsonFiles(join(dataDir, archive))).toEqual(jsonFiles(SAMPLE_DIR));
    expect(server.logs()).toContain(
      `legacy migration: finished moving the files of an interrupted migration to the archive archive=${join(dataDir, archive)}`,
    );
    expect(server.logs()).not.toContain('sites migrated');
  });

  it('moves only the migrated files: one changed since, or a new one, stays where it is', async () => {
    const dataDir = sampleDataDir();
    commitWithoutMove(dataDir);
    writeFileSync(join(dataDir, 'users.json'), '[]\n');
    const server = await startServer({ dataDir });
    await server.stop();
    const [archive] = archives(dataDir);
    expect(Object.keys(jsonFiles(join(dataDir, archive)))).toEqual(
      Object.keys(jsonFiles(SAMPLE_DIR)).filter((name) => name !== 'users.json'),
    );
    expect(Object.keys(jsonFiles(dataDir))).toEqual(['users.json']);
    expect(existsSync(join(dataDir, 'users.json'))).toBe(true);
    expect(counts(dataDir).sites).toBe(3);
  });
});
