import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/open.ts';
import { commitLegacyMigration } from '../../src/legacy/migrate.ts';
import type { Logger } from '../../src/boot/log.ts';
import { makeLarge, SAMPLE_DIR, writeLegacyFiles } from '../fixtures/legacy/make-fixture.ts';
import { integrityCheck } from '../helpers/db.ts';
import { freshDataDir, ROOT, runProcess, spawnNode, startServer } from '../helpers/server.ts';
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

describe('a crash while the migration writes', () => {
  // The load runs in a rollback journal (db/open.ts bulkLoad): killed mid-way, the process leaves a
  // hot journal, and the next start must roll the half-written load back and migrate the untouched files again.
  it('is rolled back by the next start, which migrates everything from the untouched files', async () => {
    const dataDir = freshDataDir();
    writeLegacyFiles(dataDir, makeLarge(20_000));
    const files = jsonFiles(dataDir);
    const journal = join(dataDir, 'db.sqlite-journal');
    const child = spawnNode(['src/cli/migrate.ts'], { DATA_DIR: dataDir });
    const exited = new Promise((done) => child.once('exit', done));
    let running = true;
    void exited.then(() => (running = false));
    while (running && !existsSync(journal)) await sleep(1);
    child.kill('SIGKILL');
    await exited;

    expect(existsSync(journal), 'the load was under way when the process died').toBe(true);
    expect(jsonFiles(dataDir)).toEqual(files);
    expect(archives(dataDir)).toEqual([]);

    const { code, output } = await runProcess(['src/cli/migrate.ts'], { DATA_DIR: dataDir }, 120_000);
    expect(code, output).toBe(0);
    expect(existsSync(journal)).toBe(false);
    expect(integrityCheck(dataDir)).toBe('ok');
    expect(counts(dataDir)).toMatchObject({ switches: Math.ceil(20_000 / 48), ports: 20_000, activity: 1 });
    expect(output.match(/legacy migration: ports migrated/g)).toHaveLength(1);
    expect(archives(dataDir)).toHaveLength(1);
  });
});
