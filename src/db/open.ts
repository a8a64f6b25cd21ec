import { DatabaseSync, type StatementSync } from 'node:sqlite';

/** The handle every query goes through: node:sqlite's synchronous database. */
export type Db = DatabaseSync;

const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the database and sets every PRAGMA the service relies on; nothing else sets PRAGMAs.
 * synchronous=FULL: an acknowledged change survives a power cut on a small host, not only a crash.
 */
export function openDatabase(path: string, options: { readOnly?: boolean } = {}): Db {
  const db = new DatabaseSync(path, { readOnly: options.readOnly ?? false, timeout: BUSY_TIMEOUT_MS });
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec('PRAGMA foreign_keys = ON');
  if (!options.readOnly) {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
  }
  return db;
}

/** Writes the WAL back into the main file and truncates it; called at shutdown. */
export function checkpoint(db: Db): void {
  commitNow(db);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
}

/** The result of PRAGMA integrity_check: 'ok' when the file is sound. */
export function integrityCheck(db: Db): string {
  const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
  return rows.map((row) => row.integrity_check).join('; ');
}

const statementCache = new WeakMap<Db, Map<string, StatementSync>>();

/** A prepared statement for this SQL text, prepared once per connection and reused. */
export function prepare(db: Db, sql: string): StatementSync {
  let cache = statementCache.get(db);
  if (!cache) statementCache.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/**
 * Opens a read-only connection holding one read transaction: every read through it sees the same snapshot,
 * whatever other connections commit meanwhile. For a reader that awaits between reads (the export stream):
 * on the shared connection that would let other requests' writes into its transaction. Closing the
 * connection ends the transaction.
 */
export function openSnapshot(path: string): Db {
  const db = openDatabase(path, { readOnly: true });
  try {
    db.exec('BEGIN');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const inTransactionNow = new WeakSet<Db>();

/** One COMMIT shared by the writes of concurrent requests: settles when it is done. */
interface CommitGroup {
  done: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Connections whose transactions are grouped (the server's); others commit each transaction at once. */
const groupingConnections = new WeakSet<Db>();
const openGroups = new WeakMap<Db, CommitGroup>();

/**
 * Runs `work` inside BEGIN IMMEDIATE … COMMIT, rolling back when it throws. The only place that says
 * BEGIN/COMMIT/ROLLBACK. Nesting is a programming error and throws instead of silently joining.
 * IMMEDIATE takes the write lock up front, so a busy database waits (busy_timeout) instead of failing mid-way.
 *
 * On a connection with group commit (see enableGroupCommit), `work` runs in a SAVEPOINT of the group's open
 * transaction instead: its changes are all there or rolled back alone, and they become durable with the
 * group's COMMIT, which the caller must await (`committed`) before telling anybody about them.
 */
export function inTransaction<T>(db: Db, work: () => T, mode: 'IMMEDIATE' | 'DEFERRED' = 'IMMEDIATE'): T {
  if (inTransactionNow.has(db)) throw new Error('inTransaction: nested transactions are not supported');
  inTransactionNow.add(db);
  try {
    if (groupingConnections.has(db) && (mode === 'IMMEDIATE' || openGroups.has(db))) return inGroup(db, work);
    db.exec(`BEGIN ${mode}`);
    try {
      const result = synchronous(work());
      db.exec('COMMIT');
      return result;
    } catch (error) {
      // Some errors (disk full, I/O) end the transaction themselves.
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    inTransactionNow.delete(db);
  }
}

function synchronous<T>(result: T): T {
  if (result instanceof Promise) throw new Error('inTransaction: work must be synchronous');
  return result;
}

function inGroup<T>(db: Db, work: () => T): T {
  openGroup(db);
  db.exec('SAVEPOINT request');
  try {
    const result = synchronous(work());
    db.exec('RELEASE request');
    return result;
  } catch (error) {
    if (db.isTransaction) {
      db.exec('ROLLBACK TO request');
      db.exec('RELEASE request');
    } else {
      // SQLite ended the whole transaction itself (disk full, I/O error): the group's other changes are gone too.
      failGroup(db, error);
    }
    throw error;
  }
}

function failGroup(db: Db, error: unknown): void {
  const group = openGroups.get(db);
  openGroups.delete(db);
  group?.reject(error);
}

// The group's transaction stays open until the event loop has run every request that is ready now; then one
// COMMIT (one fsync of the WAL under synchronous=FULL) makes all their changes durable together.
function openGroup(db: Db): void {
  if (openGroups.has(db)) return;
  db.exec('BEGIN IMMEDIATE');
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  // A failed group is reported to each request that awaits it; nobody awaiting is not an unhandled rejection.
  done.catch(() => undefined);
  openGroups.set(db, { done, resolve, reject });
  setImmediate(() => commitNow(db));
}

/**
 * Lets the transactions of concurrent requests share one COMMIT (group commit): with synchronous=FULL every
 * COMMIT waits for an fsync, and one per request caps a small host at a few hundred writes a second.
 */
export function enableGroupCommit(db: Db): void {
  groupingConnections.add(db);
}

/**
 * Settles once every change made so far on this connection is committed: undefined when none waits (the
 * common case, and free), else a promise that rejects if their COMMIT failed (they were rolled back).
 * An answer that shows or reports a change must await it; so must any answer made while a group was open,
 * because it may have read the group's uncommitted changes.
 */
export function committed(db: Db): Promise<void> | undefined {
  return openGroups.get(db)?.done;
}

/** Commits the open group at once (its scheduled turn, shutdown, before a checkpoint); no-op when none is open. */
export function commitNow(db: Db): void {
  const group = openGroups.get(db);
  if (!group) return;
  openGroups.delete(db);
  try {
    db.exec('COMMIT');
    group.resolve();
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    group.reject(error);
  }
}
