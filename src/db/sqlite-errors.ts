// What a node:sqlite error means: the router's one error exit (http/errors.ts, which picks the answer), the health
// check, the start, db/open.ts (its write faults, and a bulk load that finds the database busy), an undo's
// constraint conflicts and a migration the data refuses decode SQLite's result codes here, and nowhere else.

/** Why the database cannot take a write: the disk is full, or the file (or its file system) is read-only. */
export type StorageFault = 'disk_full' | 'read_only';

/** What a SQLite error means: another connection holds the lock, a constraint failed, the file moved, or a storage fault. */
export type SqliteMeaning = 'busy' | 'constraint' | 'moved' | StorageFault;

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CONSTRAINT = 19;
/** SQLITE_READONLY_DBMOVED: the file was renamed, replaced or deleted while the connection had it open. */
const SQLITE_READONLY_DBMOVED = SQLITE_READONLY | (4 << 8);

/** Each storage fault: its reason and advice in the health check. */
export const STORAGE_FAULTS: Readonly<Record<StorageFault, { reason: string; advice: string }>> = {
  disk_full: {
    reason: 'disk full',
    advice:
      'The disk holding the database is full: changes cannot be saved (sign-in, reads and exports still work). ' +
      'Free space on the data volume or make it larger; writes work again at once, without a restart.',
  },
  read_only: {
    reason: 'read-only database',
    advice:
      'The database cannot be written (its file or file system is read-only): ' +
      'changes cannot be saved (sign-in, reads and exports still work). ' +
      "Make the data volume writable for the service's user (chown the database file and its -wal/-shm files, " +
      'or remount the volume read-write), then restart the service.',
  },
};

// Disk I/O errors (SQLITE_IOERR_*) do not say why; db/open.ts finds out by probing the volume and notes it here.
const probedFaults = new WeakMap<object, StorageFault>();

/** Records what a probe found to be the cause of this (disk I/O) error. */
export function noteStorageFault(error: unknown, fault: StorageFault): void {
  if (typeof error === 'object' && error !== null) probedFaults.set(error, fault);
}

/** SQLite's extended result code of a node:sqlite error; undefined for any other error. */
function sqliteErrcode(error: unknown): number | undefined {
  const sqlite = error as { code?: string; errcode?: number } | null | undefined;
  if (sqlite?.code !== 'ERR_SQLITE_ERROR') return undefined;
  return sqlite.errcode ?? 0;
}

/** SQLite's primary result code of a node:sqlite error (its extended code's low byte); 0 for any other error. */
function primaryCode(error: unknown): number {
  return (sqliteErrcode(error) ?? 0) & 0xff;
}

/** Whether this is a SQLite disk I/O error (any SQLITE_IOERR_* code), whose cause only a probe can tell. */
export function isDiskIoError(error: unknown): boolean {
  return primaryCode(error) === SQLITE_IOERR;
}

/** Whether another connection holds the lock this one needed (SQLITE_BUSY, any extended code). */
export function isBusy(error: unknown): boolean {
  return primaryCode(error) === SQLITE_BUSY;
}

/** The storage fault behind a SQLite error: SQLITE_FULL, any SQLITE_READONLY_*, or a probed disk I/O error. */
export function storageFaultOf(error: unknown): StorageFault | undefined {
  const errcode = sqliteErrcode(error);
  if (errcode === undefined) return undefined;
  const primary = errcode & 0xff;
  if (primary === SQLITE_FULL) return 'disk_full';
  if (primary === SQLITE_READONLY) return 'read_only';
  if (primary === SQLITE_IOERR) return probedFaults.get(error as object);
  return undefined;
}

/**
 * A failed constraint (SQLITE_CONSTRAINT): the `table.column` names of a UNIQUE one, in the order SQLite lists
 * them (`switches.site_id`, `switches.name`), none for any other constraint; undefined for any other error.
 */
export function constraintFailure(error: unknown): { unique: string[] } | undefined {
  if (primaryCode(error) !== SQLITE_CONSTRAINT) return undefined;
  const unique = /UNIQUE constraint failed: (.+)$/.exec((error as { message?: string }).message ?? '');
  return { unique: unique ? unique[1].split(',').map((column) => column.trim()) : [] };
}

/** What a SQLite error means; undefined for any other error, and for a SQLite error of no known meaning. */
export function sqliteMeaning(error: unknown): SqliteMeaning | undefined {
  const errcode = sqliteErrcode(error);
  if (errcode === undefined) return undefined;
  const primary = errcode & 0xff;
  if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) return 'busy';
  if (primary === SQLITE_CONSTRAINT) return 'constraint';
  if (errcode === SQLITE_READONLY_DBMOVED) return 'moved';
  return storageFaultOf(error);
}
