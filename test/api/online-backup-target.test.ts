// `npm run backup -- <file>` refuses a <file> that is the live database or one of its -wal, -shm, -journal
// files under another name (a symlinked directory, a symlink, a hard link, a relative path), and the data
// acknowledged before is all still there, also after a crash and a restart.
import { existsSync, linkSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { comparable, exportDocument, seedInventory } from '../helpers/data.ts';
import { databasePath, fileIntegrity, readDbFile } from '../helpers/db.ts';
import { ROOT, freshDataDir, runProcess, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const { call } = server;
let database: string;
let outside: string;
let acknowledged: unknown;

const backup = (target: string) => runProcess([join(ROOT, 'src', 'cli', 'backup.ts'), '--', target], { DATA_DIR: server.dataDir });

beforeAll(async () => {
  database = databasePath(server.dataDir);
  await seedInventory(server.baseUrl, server.token);
  for (let i = 0; i < 20; i++) {
    const answer = await call('POST', '/api/sites', { body: { name: `acknowledged ${i}`, notes: 'x'.repeat(2000) } });
    expect(answer.status).toBe(201);
  }
  acknowledged = comparable(await exportDocument(server.baseUrl, server.token));
  expect(existsSync(`${database}-wal`) && existsSync(`${database}-shm`)).toBe(true);
  outside = freshDataDir();
  symlinkSync(server.dataDir, join(outside, 'alias'));
  symlinkSync(database, join(outside, 'link.sqlite'));
  symlinkSync(join(outside, 'alias', 'db.sqlite-wal'), join(outside, 'link-to-alias-wal'));
  linkSync(database, join(outside, 'hard.sqlite'));
});

describe('npm run backup refuses the database under another name', () => {
  it.each<[string, () => string, string]>([
    ['the database through a symlinked directory', () => join(outside, 'alias', 'db.sqlite'), ''],
    ['the -wal file', () => `${database}-wal`, '-wal'],
    ['the -wal file by a relative path', () => relative(ROOT, `${database}-wal`), '-wal'],
    ['the -shm file', () => `${database}-shm`, '-shm'],
    ['the -journal file (not there while in WAL mode)', () => `${database}-journal`, '-journal'],
    ['the -wal through a symlinked directory', () => join(outside, 'alias', 'db.sqlite-wal'), '-wal'],
    ['a symlink to the database file', () => join(outside, 'link.sqlite'), ''],
    ['a symlink to the -wal through the symlinked directory', () => join(outside, 'link-to-alias-wal'), '-wal'],
    ['a hard link to the database file', () => join(outside, 'hard.sqlite'), ''],
  ])('%s: exit 1, one line naming the file, nothing written', async (_, target, suffix) => {
    const before = statSync(database, { bigint: true });
    const result = await backup(target());
    expect(result.code, result.output).toBe(1);
    const lines = result.output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ error the copy cannot be the database itself or one of its files: /);
    expect(lines[0]).toContain(`${database}${suffix};`);
    const after = statSync(database, { bigint: true });
    expect(after.ino).toBe(before.ino);
    expect(existsSync(`${database}-journal`)).toBe(false);
    expect(readdirSync(server.dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('still makes a normal copy, also of a new name in the database directory through its alias', async () => {
    for (const target of [join(freshDataDir(), 'copy.sqlite'), join(outside, 'alias', 'db-copy.sqlite')]) {
      const result = await backup(target);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/backup written: .* integrity ok/);
      expect(fileIntegrity(target)).toBe('ok');
      expect(readDbFile(target, "SELECT count(*) AS n FROM sites WHERE name LIKE 'acknowledged %'")).toEqual([{ n: 20 }]);
    }
  });

  it('keeps every acknowledged change: the same data through the API, and again after a crash and a restart', async () => {
    expect(comparable(await exportDocument(server.baseUrl, server.token))).toEqual(acknowledged);
    const later = await call('POST', '/api/sites', { body: { name: 'after the refusals' } });
    expect(later.status).toBe(201);
    const before = comparable(await exportDocument(server.baseUrl, server.token));
    await server.restart({ signal: 'SIGKILL' });
    expect(comparable(await exportDocument(server.baseUrl, server.token))).toEqual(before);
    expect(fileIntegrity(database)).toBe('ok');
  });
});
