import '../boot/silence-sqlite-warning.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bulkLoad,
  checkpoint,
  commitNow,
  committed,
  enableGroupCommit,
  inTransaction,
  lastWriteFault,
  openDatabase,
  TURN_BUDGET_MS,
  writeTurn,
  type Db,
} from './open.ts';

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

describe('a bulk load (bulkLoad)', () => {
  const journalMode = () => (db.prepare('PRAGMA main.journal_mode').get() as { journal_mode: string }).journal_mode;
  const foreignKeys = () => (db.prepare('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys;
  const loadItems =
    (ids: number[], parentId = 1) =>
    () => {
      ids.forEach((id) => insertItem(id, parentId));
      return journalMode();
    };

  it('loads with a rollback journal when it alone has the database open, and is back in the WAL after', () => {
    other.close();
    expect(bulkLoad(db, loadItems([1, 2]))).toBe('delete');
    expect(journalMode()).toBe('wal');
    other = openDatabase(path, { readOnly: true });
    expect(committedIds()).toEqual([1, 2]);
  });

  it('keeps the WAL while another connection has the database open', () => {
    expect(committedIds()).toEqual([]);
    expect(bulkLoad(db, loadItems([1]))).toBe('wal');
    expect(committedIds()).toEqual([1]);
  });

  it('rolls a load that throws back and is in the WAL again', () => {
    other.close();
    const failing = () =>
      bulkLoad(db, () => {
        insertItem(1);
        throw new Error('boom');
      });
    expect(failing).toThrow('boom');
    expect(journalMode()).toBe('wal');
    other = openDatabase(path, { readOnly: true });
    expect(committedIds()).toEqual([]);
  });

  it('refuses a row that names no row of its parent table, keeps nothing of the load, and checks row by row again after', () => {
    expect(() => bulkLoad(db, loadItems([1, 2, 3], 99))).toThrow('item.parent_id = 99 names no row of parent (id)');
    expect(committedIds()).toEqual([]);
    expect(foreignKeys()).toBe(1);
    expect(() => inTransaction(db, () => insertItem(4, 99))).toThrow(/FOREIGN KEY/);
  });

  it("refuses a row that names no row by a key to its parent's primary key left implicit", () => {
    db.exec('CREATE TABLE note (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent)');
    const load = () => bulkLoad(db, () => db.prepare('INSERT INTO note (id, parent_id) VALUES (1, 99)').run());
    expect(load).toThrow('a row of note names no row of parent');
    expect(db.prepare('SELECT count(*) AS n FROM note').get()).toEqual({ n: 0 });
  });

  it('keeps rows whose key is NULL (they name nothing) and rows whose parent the load itself writes', () => {
    bulkLoad(db, () => {
      insertItem(1, 2);
      db.prepare('INSERT INTO item (id, parent_id) VALUES (?, NULL)').run(2);
      db.prepare('INSERT INTO parent (id) VALUES (2)').run();
    });
    expect(committedIds()).toEqual([1, 2]);
  });

  it('refuses to run inside a transaction, where neither the journal mode nor the foreign keys can change', () => {
    expect(() => inTransaction(db, () => bulkLoad(db, () => 1))).toThrow(/between transactions/);
  });

  it('leaves a database that checkpoints, after TEMP tables too (a schema migration makes some)', () => {
    other.close();
    db.exec('CREATE TEMP TABLE scratch (v); DROP TABLE scratch');
    bulkLoad(db, loadItems([1]));
    expect(() => checkpoint(db)).not.toThrow();
    other = openDatabase(path, { readOnly: true });
    expect(committedIds()).toEqual([1]);
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

describe('turns to write (fair queueing of the commit groups)', () => {
  beforeEach(() => enableGroupCommit(db));

  // A write that uses up a whole turn (a bulk edit), so that each later turn lets in exactly one.
  const heavyWrite = (id: number) =>
    inTransaction(db, () => {
      insertItem(id);
      const until = performance.now() + TURN_BUDGET_MS + 1;
      while (performance.now() < until);
    });
  /** Waits for the turn when there is one to wait for, as a request does once its body is in. */
  const turnOf = async () => {
    const turn = writeTurn(db);
    if (turn) await turn;
  };

  it('lets writes in at once while the turn has time left, then queues the later ones', async () => {
    expect(writeTurn(db)).toBeUndefined();
    inTransaction(db, () => insertItem(1));
    expect(writeTurn(db)).toBeUndefined();
    heavyWrite(2);
    const next = writeTurn(db);
    expect(next).toBeInstanceOf(Promise);
    await next;
    heavyWrite(3);
    await committed(db);
    expect(committedIds()).toEqual([1, 2, 3]);
  });

  it('lets the waiting writes in by order of arrival, and commits each before it is told', async () => {
    await turnOf();
    heavyWrite(1);
    const letIn: number[] = [];
    await Promise.all(
      [2, 3, 4, 5].map(async (id) => {
        await turnOf();
        letIn.push(id);
        heavyWrite(id);
        await committed(db);
        expect(committedIds()).toContain(id);
      }),
    );
    expect(letIn).toEqual([2, 3, 4, 5]);
    expect(committedIds()).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets a writer that comes between two turns in after those already waiting', async () => {
    await turnOf();
    heavyWrite(1);
    const letIn: number[] = [];
    const write = async (id: number) => {
      await turnOf();
      letIn.push(id);
      heavyWrite(id);
    };
    const waiting = [write(2), write(3)];
    // Once the turn has ended (its end was scheduled first), with no turn begun yet.
    await new Promise((done) => setImmediate(done));
    await Promise.all([...waiting, write(4)]);
    expect(letIn).toEqual([2, 3, 4]);
    await committed(db);
    expect(committedIds()).toEqual([1, 2, 3, 4]);
  });

  it('does not let a writer that keeps coming back pass one that waits', async () => {
    const letIn: string[] = [];
    const writer = async (name: string, writes: number, firstId: number) => {
      for (let n = 0; n < writes; n++) {
        await turnOf();
        letIn.push(name);
        heavyWrite(firstId + n);
        await committed(db);
      }
    };
    const early = [writer('a', 6, 100), writer('b', 6, 200), writer('c', 6, 300)];
    // The newcomer arrives while the others are writing and queueing again.
    await new Promise((done) => setImmediate(done));
    const arrivedAt = letIn.length;
    await Promise.all([...early, writer('new', 1, 400)]);
    const after = letIn.slice(arrivedAt);
    const newcomerAt = after.indexOf('new');
    // Each of the others may have been waiting already when it came, but none gets a second turn before it.
    expect(newcomerAt).toBeGreaterThanOrEqual(0);
    expect(newcomerAt).toBeLessThanOrEqual(3);
    expect(new Set(after.slice(0, newcomerAt)).size).toBe(newcomerAt);
    expect(committedIds()).toHaveLength(19);
  });

  it('keeps the writes of a connection without group commit out of any queue', () => {
    const plain = openDatabase(path);
    try {
      expect(writeTurn(plain)).toBeUndefined();
      expect(writeTurn(plain)).toBeUndefined();
    } finally {
      plain.close();
    }
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
