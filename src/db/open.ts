import { DatabaseSync, type SQLInputValue, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { isBusy, isDiskIoError, noteStorageFault, storageFaultOf, type StorageFault } from './sqlite-errors.ts';
import { probeStorage } from './storage-probe.ts';
import { getOrMake } from '../lib/memo.ts';

/** The handle every query goes through: node:sqlite's synchronous database. */
export type Db = DatabaseSync;

const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the database and sets every PRAGMA the service relies on; nothing else sets PRAGMAs.
 * synchronous=FULL: an acknowledged change survives a power cut on a small host, not only a crash.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  const db = new DatabaseSync(path, { readOnly: options.readOnly ?? false, timeout: BUSY_TIMEOUT_MS });
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec('PRAGMA foreign_keys = ON');
  if (!options.readOnly) {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
  }
  if (options.litestreamCheckpoints) {
    // litestream.io/tips: a checkpoint made while Litestream has not yet copied the WAL makes it start a new
    // generation (a full snapshot); with none of ours, Litestream checkpoints after each copy.
    db.exec('PRAGMA wal_autocheckpoint = 0');
    checkpointsLeftToLitestream.add(db);
  }
  return db;
}

export interface OpenOptions {
  readOnly?: boolean;
  /** Litestream replicates this database (LITESTREAM_REPLICA_URL): it alone checkpoints the WAL. */
  litestreamCheckpoints?: boolean;
}

const checkpointsLeftToLitestream = new WeakSet<Db>();

/**
 * Writes the WAL back into the main file and truncates it; called at shutdown. On a full disk or a read-only
 * file that cannot be done and is left undone: the WAL keeps every committed change, and the next start reads it.
 * Under Litestream it only commits: the WAL is Litestream's to checkpoint.
 */
export function checkpoint(db: Db): void {
  commitNow(db);
  if (checkpointsLeftToLitestream.has(db)) return;
  try {
    // main: the temp database (a schema migration's TEMP tables) has no WAL, and naming every database lets
    // its B-tree fail the checkpoint with SQLITE_LOCKED once the journal mode has changed (bulkLoad).
    db.exec('PRAGMA main.wal_checkpoint(TRUNCATE)');
  } catch (error) {
    noteWriteFailure(db, error);
    if (!storageFaultOf(error)) throw error;
  }
}

/**
 * Runs `write` in one transaction as a bulk load into a database that holds no data yet (the legacy migration):
 * - with a rollback journal instead of the WAL. In the WAL every page of the load is written twice: into the WAL,
 *   then into the database file by the checkpoint (~230 MB each for 100,000 ports, ~0.9 s of a 5 s migration). A
 *   rollback journal holds only the pages that were there before the load, a few of an empty database; a crash or
 *   a failed load rolls back just as well (synchronous=FULL). Where the WAL cannot be left (another connection has
 *   the database open) or must not be (Litestream replicates it), the load runs in the WAL.
 * - with its foreign keys checked once before the COMMIT instead of row by row: each key's distinct values are
 *   looked up once (~0.1 s), where the ~1.3 million lookups of 100,000 ports and their tagged VLANs took ~0.3 s.
 *   A value that names no row throws, and nothing of the load is kept.
 * The WAL and the row-by-row checks are back before it returns.
 */
export function bulkLoad<T>(db: Db, write: () => T): T {
  if (db.isTransaction || groupingConnections.has(db)) throw new Error('bulkLoad: only on a connection between transactions');
  const journalLeft = !checkpointsLeftToLitestream.has(db) && leaveWal(db);
  db.exec('PRAGMA foreign_keys = OFF');
  try {
    return inTransaction(db, () => {
      const result = write();
      assertForeignKeys(db);
      return result;
    });
  } finally {
    db.exec('PRAGMA foreign_keys = ON');
    if (journalLeft) db.exec('PRAGMA main.journal_mode = WAL');
  }
}

interface ForeignKeyColumn {
  id: number;
  parent: string;
  child: string;
  key: string | null;
}

/**
 * Throws when a row names, by a foreign key, no row of the table it refers to: what the row-by-row checks that
 * bulkLoad turns off would have refused. A key with any NULL column names nothing, as SQLite has it.
 */
function assertForeignKeys(db: Db): void {
  const tables = prepare(db, "SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[];
  for (const { name } of tables) {
    const columns = prepare(db, 'SELECT id, "table" AS parent, "from" AS child, "to" AS key FROM pragma_foreign_key_list(?)').all(
      name,
    ) as unknown as ForeignKeyColumn[];
    for (const id of new Set(columns.map((column) => column.id))) {
      const key = columns.filter((column) => column.id === id);
      const found = firstDanglingKey(db, name, key);
      if (found) throw new Error(`bulk load: ${found}`);
    }
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

// Each distinct value once (read from an index where the key has one), looked up in the parent table.
function firstDanglingKey(db: Db, table: string, key: ForeignKeyColumn[]): string | undefined {
  const parent = key[0].parent;
  if (key.some((column) => column.key === null)) {
    // A key that names the parent's primary key implicitly: SQLite's own check, row by row.
    const rows = prepare(db, `PRAGMA foreign_key_check(${quoted(table)})`).all() as { parent: string; fkid: number }[];
    const row = rows.find((candidate) => candidate.fkid === key[0].id);
    return row ? `a row of ${table} names no row of ${parent}` : undefined;
  }
  const children = key.map((column) => quoted(column.child));
  const match = key.map((column, i) => `p.${quoted(column.key!)} = c.v${i}`).join(' AND ');
  const row = prepare(
    db,
    `SELECT ${children.map((_, i) => `c.v${i}`).join(', ')} FROM (SELECT DISTINCT ${children.map((column, i) => `${column} AS v${i}`).join(', ')}
    FROM ${quoted(table)} WHERE ${children.map((column) => `${column} IS NOT NULL`).join(' AND ')}) c
    WHERE NOT EXISTS (SELECT 1 FROM ${quoted(parent)} p WHERE ${match}) LIMIT 1`,
  ).get() as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const names = key.map((column) => `${table}.${column.child}`).join(', ');
  return `${names} = ${Object.values(row).map(String).join(', ')} names no row of ${parent} (${key.map((column) => column.key).join(', ')})`;
}

// Leaving the WAL takes an exclusive lock: when another connection has the database open, say so at once
// (SQLITE_BUSY) instead of waiting the busy timeout for a lock that the load does not need.
function leaveWal(db: Db): boolean {
  db.exec('PRAGMA busy_timeout = 0');
  try {
    return (prepare(db, 'PRAGMA main.journal_mode = DELETE').get() as { journal_mode: string }).journal_mode === 'delete';
  } catch (error) {
    if (isBusy(error)) return false;
    throw error;
  } finally {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/** The result of PRAGMA integrity_check: 'ok' when the file is sound. */
export function integrityCheck(db: Db): string {
  const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
  return rows.map((row) => row.integrity_check).join('; ');
}

const statementCache = new WeakMap<Db, Map<string, StatementSync>>();
const newStatementMap = () => new Map<string, StatementSync>();

/** A prepared statement for this SQL text, prepared once per connection and reused. */
export function prepare(db: Db, sql: string): StatementSync {
  // Every query passes here: the hit path makes no closure.
  const statements = getOrMake(statementCache, db, newStatementMap);
  const known = statements.get(sql);
  if (known) return known;
  const statement = db.prepare(sql);
  statements.set(sql, statement);
  return statement;
}

const definedFunctions = new WeakMap<Db, Set<string>>();

/** Defines a deterministic SQL function on the connection once (its arity is fn.length: no rest parameters). */
export function defineSqlFunction(db: Db, name: string, fn: (...args: SQLOutputValue[]) => SQLInputValue): void {
  const defined = getOrMake(definedFunctions, db, () => new Set<string>());
  if (defined.has(name)) return;
  db.function(name, { deterministic: true, directOnly: true }, fn);
  defined.add(name);
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
  /** Whether a request's changes were kept in it, seen while a write fault was on record (see wroteSince). */
  wrote: boolean;
  /** performance.now() when it began (BEGIN). */
  openedAt: number;
  /** The requests' transactions (savepoints released) its COMMIT carries. */
  transactions: number;
}

/** Connections whose transactions are grouped (the server's); others commit each transaction at once. */
const groupingConnections = new WeakSet<Db>();
const openGroups = new WeakMap<Db, CommitGroup>();

/**
 * How long the writes of one turn of the event loop may run before later ones wait for the next turn. Node
 * accepts one new connection per turn (libuv) and reads every socket once per turn: a turn that ran all the
 * writes ready (48 bulk edits of ~6 ms each) kept new connections out for seconds while the others came back.
 */
export const TURN_BUDGET_MS = 10;
/**
 * How long a commit group may stay open over several turns while writes wait their turn: they share its COMMIT
 * (one fsync under synchronous=FULL) instead of paying one each. Reads made meanwhile wait for it too.
 */
const GROUP_SPAN_MS = 200;

/** The turns of the writes on a connection with group commit. */
interface WriteTurns {
  /** Writes that wait for a turn, in arrival order: each is let in by calling it. */
  waiting: (() => void)[];
  /** performance.now() when the current turn began; undefined between turns. While set, its end is scheduled. */
  startedAt: number | undefined;
}

const writeTurns = new WeakMap<Db, WriteTurns>();

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
    const changesBefore = changesWhileFaulty(db);
    db.exec(`BEGIN ${mode}`);
    try {
      const result = synchronous(work());
      db.exec('COMMIT');
      countCommit(db, 1);
      if (wroteSince(db, changesBefore)) writeFaults.delete(db);
      return result;
    } catch (error) {
      // Some errors (disk full, I/O) end the transaction themselves.
      rollBack(db);
      noteWriteFailure(db, error);
      throw error;
    }
  } finally {
    inTransactionNow.delete(db);
  }
}

/** The end of a rehearsal: thrown out of its transaction so that the transaction rolls back. */
const REHEARSED = Symbol('rehearsed');

/**
 * Runs `work` in a transaction that always rolls back, and answers its result: a dry run that does all that the real
 * run would (its refusals too), leaving nothing behind. What `work` throws is thrown, as from inTransaction.
 */
export function rehearse<T>(db: Db, work: () => T): T {
  let result: T | undefined;
  try {
    inTransaction(db, () => {
      result = work();
      throw REHEARSED;
    });
  } catch (error) {
    if (error !== REHEARSED) throw error;
  }
  return result as T;
}

function synchronous<T>(result: T): T {
  if (result instanceof Promise) throw new Error('inTransaction: work must be synchronous');
  return result;
}

function inGroup<T>(db: Db, work: () => T): T {
  const group = openGroup(db);
  db.exec('SAVEPOINT request');
  const changesBefore = changesWhileFaulty(db);
  try {
    const result = synchronous(work());
    db.exec('RELEASE request');
    group.transactions++;
    if (wroteSince(db, changesBefore)) group.wrote = true;
    return result;
  } catch (error) {
    noteWriteFailure(db, error);
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
function openGroup(db: Db): CommitGroup {
  const open = openGroups.get(db);
  if (open) return open;
  db.exec('BEGIN IMMEDIATE');
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A failed group is reported to each request that awaits it; nobody awaiting is not an unhandled rejection.
  done.catch(() => undefined);
  const group: CommitGroup = { done, resolve, reject, wrote: false, openedAt: performance.now(), transactions: 0 };
  openGroups.set(db, group);
  // The end of the turn commits it (or, while writes wait, a later turn's end).
  const turns = writeTurns.get(db);
  if (turns) turnInProgress(db, turns);
  else setImmediate(() => commitNow(db));
  return group;
}

/**
 * Lets the transactions of concurrent requests share one COMMIT (group commit): with synchronous=FULL every
 * COMMIT waits for an fsync, and one per request caps a small host at a few hundred writes a second.
 * Requests take turns to write (see writeTurn).
 */
export function enableGroupCommit(db: Db): void {
  groupingConnections.add(db);
  if (!writeTurns.has(db)) writeTurns.set(db, { waiting: [], startedAt: undefined });
}

/**
 * Where a request that changes data waits for its turn, once its body is in and before its handler runs:
 * undefined when it may go on now, else a promise that settles when its turn comes. The writes of one turn of
 * the event loop run for TURN_BUDGET_MS at most (at least one runs); later ones wait, in arrival order, and
 * each turn lets in the longest waiting first, so no writer is passed over by those that came after it.
 */
export function writeTurn(db: Db): Promise<void> | undefined {
  const turns = writeTurns.get(db);
  if (!turns) return undefined;
  if (turns.waiting.length === 0 && (turns.startedAt === undefined || timeLeft(turns))) {
    turnInProgress(db, turns);
    return undefined;
  }
  return new Promise((letIn) => turns.waiting.push(letIn));
}

function timeLeft(turns: WriteTurns): boolean {
  return turns.startedAt !== undefined && performance.now() - turns.startedAt < TURN_BUDGET_MS;
}

// Scheduled from the poll phase (where requests arrive), the end runs in the same turn of the event loop; from
// the end of a turn, in the next one, after node has read its sockets and accepted a connection.
function turnInProgress(db: Db, turns: WriteTurns): void {
  if (turns.startedAt !== undefined) return;
  turns.startedAt = performance.now();
  setImmediate(() => endTurn(db, turns));
}

function endTurn(db: Db, turns: WriteTurns): void {
  turns.startedAt = undefined;
  const group = openGroups.get(db);
  if (group && (turns.waiting.length === 0 || performance.now() - group.openedAt >= GROUP_SPAN_MS)) commitNow(db);
  // One turn of the event loop without writes in between: twice the connections accepted per turn of writes.
  if (turns.waiting.length > 0) setImmediate(() => nextTurn(db, turns));
}

function nextTurn(db: Db, turns: WriteTurns): void {
  turnInProgress(db, turns);
  letInNext(turns);
}

// A write let in runs on in promise callbacks, its handler among them; a tick queued from a promise callback
// runs once they are all done, so the next write is let in only after it, while the turn has time left.
function letInNext(turns: WriteTurns): void {
  turns.waiting.shift()?.();
  if (turns.waiting.length === 0) return;
  queueMicrotask(() =>
    process.nextTick(() => {
      if (timeLeft(turns)) letInNext(turns);
    }),
  );
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
    countCommit(db, group.transactions);
    if (group.wrote) writeFaults.delete(db);
    group.resolve();
  } catch (error) {
    rollBack(db);
    noteWriteFailure(db, error);
    group.reject(error);
  }
}

/** How many COMMITs a connection has made and how many transactions they carried (a commit group carries many). */
export interface CommitCounts {
  commits: number;
  transactions: number;
}

const commitCountsOf = new WeakMap<Db, CommitCounts>();

/** The successful COMMITs of this connection so far, for GET /api/metrics. */
export function commitCounts(db: Db): CommitCounts {
  return { ...(commitCountsOf.get(db) ?? { commits: 0, transactions: 0 }) };
}

function countCommit(db: Db, transactions: number): void {
  const counts = getOrMake(commitCountsOf, db, () => ({ commits: 0, transactions: 0 }));
  counts.commits++;
  counts.transactions += transactions;
}

// The error that made the ROLLBACK necessary is the one to report: were the ROLLBACK to fail too (it writes
// nothing in WAL mode, so a vanished file system at most), it must not take that error's place, nor leave a
// commit group's requests waiting for an answer.
function rollBack(db: Db): void {
  if (!db.isTransaction) return;
  try {
    db.exec('ROLLBACK');
  } catch {
    // Nothing more can be done here; the next BEGIN reports what is wrong.
  }
}

/**
 * Why the last write on each connection failed for want of storage; forgotten once a COMMIT that stored a
 * change succeeds (an empty COMMIT succeeds on a read-only file too, so it proves nothing).
 */
const writeFaults = new WeakMap<Db, StorageFault>();

// Counted only while a fault is on record: the common case pays nothing.
function changesWhileFaulty(db: Db): number | undefined {
  return writeFaults.has(db) ? (prepare(db, 'SELECT total_changes() AS n').get() as { n: number }).n : undefined;
}

function wroteSince(db: Db, changesBefore: number | undefined): boolean {
  return changesBefore !== undefined && (prepare(db, 'SELECT total_changes() AS n').get() as { n: number }).n !== changesBefore;
}

/**
 * Runs bookkeeping `work` (a sign-in's failure counts, its last-login time) in a transaction of its own unless a
 * write has failed for want of storage since the last good COMMIT; true when it was stored. A full disk or a
 * read-only file must not keep anybody from signing in: such a failure is swallowed, any other is thrown.
 */
export function writeUnlessStorageFails(db: Db, work: () => void): boolean {
  if (writeFaults.has(db)) return false;
  try {
    inTransaction(db, work);
    return true;
  } catch (error) {
    if (storageFaultOf(error)) return false;
    throw error;
  }
}

/**
 * Why the last write on this connection failed for want of storage (disk full, read-only file), while no
 * COMMIT has succeeded since; undefined otherwise. For the health check, with a live look at the volume.
 */
export function lastWriteFault(db: Db): StorageFault | undefined {
  return writeFaults.get(db);
}

// A disk I/O error does not say its cause: a probe of the volume tells a full disk or a read-only file system
// from a failing disk, and the error carries the answer to the router (db/sqlite-errors.ts).
function noteWriteFailure(db: Db, error: unknown): void {
  let fault = storageFaultOf(error);
  if (!fault && isDiskIoError(error)) {
    const path = db.location();
    fault = path ? probeStorage(path, { write: true }) : undefined;
    if (fault) noteStorageFault(error, fault);
  }
  if (fault) writeFaults.set(db, fault);
}
