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

/**
 * Runs `work` inside BEGIN IMMEDIATE … COMMIT, rolling back when it throws. The only place that says
 * BEGIN/COMMIT/ROLLBACK. Nesting is a programming error and throws instead of silently joining.
 * IMMEDIATE takes the write lock up front, so a busy database waits (busy_timeout) instead of failing mid-way.
 */
export function inTransaction<T>(db: Db, work: () => T, mode: 'IMMEDIATE' | 'DEFERRED' = 'IMMEDIATE'): T {
  if (inTransactionNow.has(db)) throw new Error('inTransaction: nested transactions are not supported');
  inTransactionNow.add(db);
  try {
    db.exec(`BEGIN ${mode}`);
    try {
      const result = work();
      if (result instanceof Promise) throw new Error('inTransaction: work must be synchronous');
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    inTransactionNow.delete(db);
  }
}
