import '../boot/silence-sqlite-warning.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitNow, committed, enableGroupCommit, inTransaction, lastWriteFault, openDatabase, type Db } from './open.ts';

let dir: string;
let path: string;
let db: Db;
let other: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-open-'));
  path = join(dir, 'db.sqlite');
  db = openDatabase(path);
  db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE item (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)`);
  db.exec('INSERT INTO parent (id) VALUES (1)');
  // Another connection sees only what is committed, as another process would.
  other = openDatabase(path, { readOnly: true });
});

afterEach(() => {
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insertItem = (id: number, parentId = 1) => db.prepare('INSERT INTO item (id, parent_id) VALUES (?, ?)').run(id, parentId);
const committedIds = () => (other.prepare('SELECT id FROM item ORDER BY id').all() as { id: number }[]).map((row) => row.id);

describe('inTransaction without group commit', () => {
  it('commits before it returns', () => {
    inTransaction(db, () => insertItem(1));
    expect(committed(db)).toBeUndefined();
    expect(committedIds()).toEqual([1]);
  });

  it('rolls back everything when the work throws', () => {
    expect(() =>
      inTransaction(db, () => {
        insertItem(1);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.prepare('SELECT count(*) AS n FROM item').get()).toEqual({ n: 0 });
  });

  it('refuses nesting', () => {
    expect(() => inTransaction(db, () => inTransaction(db, () => insertItem(1)))).toThrow(/nested/);
  });
});

describe('inTransaction with group commit', () => {
  beforeEach(() => enableGroupCommit(db));

  it('groups the transactions of one turn of the event loop into one COMMIT, settled by committed()', async () => {
    inTransaction(db, () => insertItem(1));
    inTransaction(db, () => insertItem(2));
    const pending = committed(db);
    expect(pending).toBeInstanceOf(Promise);
    expect(committedIds()).toEqual([]);
    await pending;
    expect(committedIds()).toEqual([1, 2]);
    expect(committed(db)).toBeUndefined();
    expect(db.isTransaction).toBe(false);
  });

  it('rolls back only the work that threw; the others in the group commit', async () => {
    inTransaction(db, () => insertItem(1));
    expect(() =>
      inTransaction(db, () => {
        insertItem(2);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    inTransaction(db, () => insertItem(3));
    await committed(db);
    expect(committedIds()).toEqual([1, 3]);
  });

  it('rejects committed() and keeps none of the group when its COMMIT fails', async () => {
    inTransaction(db, () => insertItem(1));
    // A deferred foreign key is checked at COMMIT: this one fails it, for the whole group.
    inTransaction(db, () => insertItem(2, 99));
    await expect(committed(db)).rejects.toThrow(/FOREIGN KEY/);
    expect(db.isTransaction).toBe(false);
    expect(committedIds()).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM item').get()).toEqual({ n: 0 });
    inTransaction(db, () => insertItem(3));
    await committed(db);
    expect(committedIds()).toEqual([3]);
  });

  it('commits at once on commitNow (shutdown, checkpoint)', () => {
    inTransaction(db, () => insertItem(1));
    commitNow(db);
    expect(committedIds()).toEqual([1]);
    expect(committed(db)).toBeUndefined();
  });

  it('runs a DEFERRED (read) transaction on its own when no group is open', () => {
    const count = inTransaction(db, () => db.prepare('SELECT count(*) AS n FROM item').get(), 'DEFERRED');
    expect(count).toEqual({ n: 0 });
    expect(committed(db)).toBeUndefined();
  });
});

describe('the last write that failed for want of storage', () => {
  // SQLite answers a write past max_page_count as it does a full disk: SQLITE_FULL.
  const fillUp = () => db.exec(`PRAGMA max_page_count = ${(db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count}`);
  const makeRoom = () => db.exec('PRAGMA max_page_count = 1000000');
  const insertLarge = () => db.prepare('INSERT INTO big (v) VALUES (?)').run('x'.repeat(20_000));
  beforeEach(() => db.exec('CREATE TABLE big (v TEXT)'));

  it('is remembered, not forgotten by a COMMIT that stored nothing, and forgotten by one that stored a change', () => {
    expect(lastWriteFault(db)).toBeUndefined();
    fillUp();
    expect(() => inTransaction(db, insertLarge)).toThrow(/full/);
    expect(lastWriteFault(db)).toBe('disk_full');
    inTransaction(db, () => db.prepare('SELECT count(*) FROM item').get(), 'DEFERRED');
    inTransaction(db, () => db.prepare('UPDATE item SET parent_id = 1 WHERE id = -1').run());
    expect(lastWriteFault(db)).toBe('disk_full');
    makeRoom();
    inTransaction(db, insertLarge);
    expect(lastWriteFault(db)).toBeUndefined();
  });

  it('is remembered from a request of a commit group, and forgotten once a group stores a change', async () => {
    enableGroupCommit(db);
    fillUp();
    inTransaction(db, () => insertItem(1));
    expect(() => inTransaction(db, insertLarge)).toThrow(/full/);
    await committed(db)?.catch(() => undefined);
    expect(lastWriteFault(db)).toBe('disk_full');
    makeRoom();
    inTransaction(db, () => insertItem(2));
    await committed(db);
    expect(lastWriteFault(db)).toBeUndefined();
  });
});
