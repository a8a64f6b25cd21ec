import { accessSync, closeSync, constants, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StorageFault } from './sqlite-errors.ts';

/** Less free space than this on the database's volume counts as a full disk: a few transactions' worth of WAL. */
const LOW_SPACE_BYTES = 256 * 1024;

const READ_ONLY_ERRNOS = new Set(['EROFS', 'EACCES', 'EPERM']);
const FULL_ERRNOS = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Looks at the volume holding the database, cheaply (two system calls, nothing written): whether the file can
 * be opened for writing by this process (access(2) also reports a read-only mount, and as root a 0444 file
 * is writable indeed), and whether its volume has room left. With `write`, for a disk I/O error whose cause
 * SQLite does not say, it also writes one byte to a scratch file next to the database: that also notices a
 * file system the kernel turned read-only after an error, which access(2) does not on every kernel.
 */
export function probeStorage(databasePath: string, options: { write?: boolean } = {}): StorageFault | undefined {
  try {
    accessSync(databasePath, constants.W_OK);
  } catch (error) {
    if (READ_ONLY_ERRNOS.has(errnoOf(error))) return 'read_only';
  }
  if (freeBytes(dirname(databasePath)) < LOW_SPACE_BYTES) return 'disk_full';
  return options.write ? writeProbe(dirname(databasePath)) : undefined;
}

/** The free space of the volume holding `dir` as this process may use it; Infinity when it cannot be told. */
function freeBytes(dir: string): number {
  try {
    const stats = statfsSync(dir);
    // Root may use the blocks reserved for it (ext4 keeps 5 % back from everybody else).
    return (process.getuid?.() === 0 ? stats.bfree : stats.bavail) * stats.bsize;
  } catch {
    return Infinity;
  }
}

function writeProbe(dir: string): StorageFault | undefined {
  const probe = join(dir, `.write-probe-${process.pid}`);
  try {
    const fd = openSync(probe, 'w');
    try {
      writeSync(fd, 'x');
    } finally {
      closeSync(fd);
    }
    return undefined;
  } catch (error) {
    const errno = errnoOf(error);
    if (READ_ONLY_ERRNOS.has(errno)) return 'read_only';
    if (FULL_ERRNOS.has(errno)) return 'disk_full';
    return undefined;
  } finally {
    try {
      rmSync(probe, { force: true });
    } catch {
      // Nothing was made, or it cannot be removed now; the next probe overwrites it.
    }
  }
}

function errnoOf(error: unknown): string {
  return (error as { code?: string } | null)?.code ?? '';
}
