import { mkdtempSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { createReadCache } from './read-cache.ts';

function freshDb() {
  const path = join(mkdtempSync(join(tmpdir(), 'switchyard-cache-')), 'db.sqlite');
  const db = openDatabase(path);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  return { db, path };
}

const reply = (body: string) => ({ status: 200, headers: {}, body });

describe('read cache', () => {
  it('serves a kept answer until this connection writes', () => {
    const { db } = freshDb();
    const cache = createReadCache(db);
    const v1 = cache.version();
    cache.set('k', v1, reply('one'));
    expect(cache.get('k', cache.version())?.body).toBe('one');
    db.prepare("INSERT INTO t (v) VALUES ('x')").run();
    expect(cache.version()).not.toBe(v1);
    expect(cache.get('k', cache.version())).toBeUndefined();
  });

  it('notices a commit by another connection (another process)', () => {
    const { db, path } = freshDb();
    const cache = createReadCache(db);
    cache.set('k', cache.version(), reply('one'));
    const other = openDatabase(path);
    other.prepare("INSERT INTO t (v) VALUES ('y')").run();
    other.close();
    expect(cache.get('k', cache.version())).toBeUndefined();
  });

  it('notices every commit by another connection, the WAL started over by a checkpoint included', () => {
    const { db, path } = freshDb();
    const cache = createReadCache(db);
    const other = openDatabase(path);
    for (let i = 0; i < 3; i++) {
      const version = cache.version();
      cache.set('k', version, reply('one'));
      other.prepare("INSERT INTO t (v) VALUES ('y')").run();
      other.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      expect(cache.version()).not.toBe(version);
      expect(cache.get('k', cache.version())).toBeUndefined();
    }
    other.close();
  });

  it('notices a commit by another connection without WAL too', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'switchyard-cache-')), 'db.sqlite');
    const db = new DatabaseSync(path);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const cache = createReadCache(db);
    cache.set('k', cache.version(), reply('one'));
    const other = new DatabaseSync(path);
    other.prepare("INSERT INTO t (v) VALUES ('y')").run();
    other.close();
    expect(cache.get('k', cache.version())).toBeUndefined();
  });

  it('drops an answer made while the data changed under it', () => {
    const { db } = freshDb();
    const cache = createReadCache(db);
    const before = cache.version();
    db.prepare("INSERT INTO t (v) VALUES ('z')").run();
    cache.set('k', before, reply('stale'));
    expect(cache.get('k', before)).toBeUndefined();
    expect(cache.get('k', cache.version())).toBeUndefined();
  });

  it('stays within its memory bound, dropping the oldest answers', () => {
    const { db } = freshDb();
    const cache = createReadCache(db, 10_000);
    const version = cache.version();
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, version, reply('x'.repeat(1000)));
    expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('k49', version)).toBeDefined();
    expect(cache.get('k0', version)).toBeUndefined();
  });

  it('keeps nothing when its bound is 0', () => {
    const { db } = freshDb();
    const cache = createReadCache(db, 0);
    cache.set('k', cache.version(), reply('x'));
    expect(cache.get('k', cache.version())).toBeUndefined();
  });
});
