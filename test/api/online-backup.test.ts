// `npm run backup -- <file>` while the server runs and another process commits every 10 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInventory } from '../helpers/data.ts';
import { databasePath, fileIntegrity, readDbFile } from '../helpers/db.ts';
import { NODE, ROOT, freshDataDir, runProcess, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
let writer: ChildProcess;
let database: string;

// Commits one row every 10 ms, each its own transaction, until killed.
const WRITER = `
import { DatabaseSync } from 'node:sqlite';
const db = new DatabaseSync(process.argv[1], { timeout: 5000 });
const insert = db.prepare('INSERT INTO login_failures (key, at) VALUES (?, ?)');
let n = 0;
setInterval(() => { insert.run('writer', Date.now()); if (++n === 20) process.stdout.write('busy\\n'); }, 10);
`;

/** The count a `SELECT count(*) AS n` query gives on a database file. */
const count = (file: string, sql: string) => readDbFile<{ n: number }>(file, sql)[0].n;

function bulkPorts(path: string, switchId: string, howMany: number): void {
  const db = new DatabaseSync(path, { timeout: 5000 });
  const now = new Date().toISOString();
  const add = db.prepare(
    'INSERT INTO ports (id, switch_id, name, position, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  db.exec('BEGIN IMMEDIATE');
  for (let i = 0; i < howMany; i++) add.run(randomUUID(), switchId, `bulk ${i}`, 1000 + i, 'x'.repeat(100), now, now);
  db.exec('COMMIT');
  db.close();
}

beforeAll(async () => {
  database = databasePath(server.dataDir);
  const seeded = await seedInventory(server.baseUrl, server.token);
  bulkPorts(database, seeded.switches.core, 30_000);
  writer = spawn(NODE, ['--no-warnings', '--input-type=module', '-e', WRITER, database], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((done) => writer.stdout!.once('data', () => done()));
});
afterAll(() => {
  writer?.kill('SIGKILL');
});

const backup = (args: string[], dataDir = server.dataDir) =>
  runProcess([join(ROOT, 'src', 'cli', 'backup.ts'), ...args], { DATA_DIR: dataDir });

describe('npm run backup', () => {
  it('copies the live database while a writer commits every 10 ms: integrity ok, every earlier row there', async () => {
    const target = join(freshDataDir(), 'copy.sqlite');
    const committedBefore = count(database, "SELECT count(*) AS n FROM login_failures WHERE key = 'writer'");
    const ports = count(database, 'SELECT count(*) AS n FROM ports');
    const started = performance.now();
    const result = await backup(['--', target]);
    const ms = Math.round(performance.now() - started);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/backup written: .*copy\.sqlite .*integrity ok/);
    expect(fileIntegrity(target)).toBe('ok');
    expect(count(target, "SELECT count(*) AS n FROM login_failures WHERE key = 'writer'")).toBeGreaterThanOrEqual(committedBefore);
    expect(count(target, 'SELECT count(*) AS n FROM ports')).toBe(ports);
    expect(count(target, 'SELECT count(*) AS n FROM users')).toBe(1);
    expect(count(database, "SELECT count(*) AS n FROM login_failures WHERE key = 'writer'")).toBeGreaterThan(committedBefore);
    expect(readdirSync(join(target, '..'))).toEqual(['copy.sqlite']);
    console.log(`online backup of ${ports} ports while a writer committed every 10 ms: ${ms} ms including process start`);
  });

  it('replaces an existing copy whole', async () => {
    const target = join(freshDataDir(), 'again.sqlite');
    expect((await backup([target])).code).toBe(0);
    expect((await backup([target])).code).toBe(0);
    expect(count(target, 'SELECT count(*) AS n FROM sites')).toBe(1);
  });

  it.each<[string, () => string[], RegExp]>([
    ['no file named', () => [], /usage: npm run backup -- <file>/],
    ['the database itself', () => [database], /cannot be the database itself/],
    ['a directory that does not exist', () => [join(freshDataDir(), 'missing', 'x.sqlite')], /backup of .* failed/],
  ])('refuses %s with exit code 1', async (_, args, message) => {
    const result = await backup(args());
    expect(result.code).toBe(1);
    expect(result.output).toMatch(message);
  });

  it('fails clearly when there is no database', async () => {
    const empty = freshDataDir();
    const result = await backup([join(empty, 'x.sqlite')], empty);
    expect(result.code).toBe(1);
    expect(existsSync(join(empty, 'x.sqlite'))).toBe(false);
  });
});
