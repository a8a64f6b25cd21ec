import { closeSync, openSync } from 'node:fs';
import type { Config } from './config.ts';
import { applyMigrations } from '../db/migrate.ts';
import { openDatabase, type Db } from '../db/open.ts';
import { isDiskIoError, storageFaultOf, type StorageFault } from '../db/sqlite-errors.ts';
import { probeStorage } from '../db/storage-probe.ts';
import { migrateLegacyData } from '../legacy/migrate.ts';
import type { Logger } from './log.ts';
import { StartupError } from '../errors/startup-error.ts';

/**
 * Opens the database and brings it up to date: schema migrations, then the one-time legacy migration.
 * Refuses a database file this process cannot write (SQLite would open it read-only without a word, and every
 * change would fail), and a schema it cannot write for a full disk, each with one line that says what to do.
 * A full disk alone does not stop the start: reads, sign-in and exports work, and health says degraded.
 * With a replica (LITESTREAM_REPLICA_URL) the WAL's checkpoints are left to Litestream.
 */
export function openAndMigrate(config: Config, log: Logger): Db {
  ensureWritable(config.databasePath);
  let db: Db | undefined;
  try {
    db = openDatabase(config.databasePath, { litestreamCheckpoints: Boolean(config.replicaUrl) });
    const applied = applyMigrations(db, config.migrationsDir);
    if (applied.length > 0) log.info('schema migrations applied', { versions: applied.join(',') });
    migrateLegacyData(db, config.dataDir, log);
    return db;
  } catch (error) {
    db?.close();
    const fault = storageFaultOf(error) ?? (isDiskIoError(error) ? probeStorage(config.databasePath, { write: true }) : undefined);
    throw fault ? new StartupError(storageAdvice(config.databasePath, fault)) : error;
  }
}

const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

// A real open for writing (nothing is written), as the kernel decides it for this uid: file modes, ACLs, a
// read-only mount. Root passes a 0444 file, and may indeed write it. The -wal and -shm files count too: left
// behind by a run as another user, they make SQLite fail in the same way.
function ensureWritable(databasePath: string): void {
  for (const path of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
    try {
      closeSync(openSync(path, 'r+'));
    } catch (error) {
      const errno = (error as { code?: string }).code ?? '';
      if (NOT_WRITABLE.has(errno)) throw new StartupError(notWritable(path, databasePath, errno));
      // ENOENT: SQLite makes the file, in a directory that config.ts found writable.
    }
  }
}

function notWritable(path: string, databasePath: string, errno: string): string {
  if (errno === 'EROFS')
    return `database ${path} is on a read-only file system: mount its volume read-write (or point DATA_DIR at a writable one), then start again`;
  const uid = process.getuid?.() ?? '?';
  const gid = process.getgid?.() ?? '?';
  return (
    `database ${path} is not writable by uid ${uid}: chown ${uid}:${gid} ${databasePath} and its -wal and -shm files, ` +
    "or run the service as the files' owner (PUID/PGID in the container), then start again"
  );
}

function storageAdvice(path: string, fault: StorageFault): string {
  if (fault === 'read_only') {
    return (
      `database ${path} cannot be written (a read-only file or file system): make it writable for uid ${process.getuid?.() ?? '?'} ` +
      'or remount its volume read-write, then start again'
    );
  }
  return `database ${path} cannot be updated: the disk holding it is full; free space on its volume (or make it larger), then start again`;
}
