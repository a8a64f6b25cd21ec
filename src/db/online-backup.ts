import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { integrityCheck, openDatabase, prepare } from './open.ts';

/** What an online copy made: the file, its size and the integrity check of the copy. */
export interface CopyResult {
  path: string;
  bytes: number;
  integrity: string;
}

/**
 * Copies a live database consistently with VACUUM INTO (one read transaction: writers go on meanwhile) into
 * a temporary name next to `target`, fsyncs the copy and its directory, then renames it into place, so that
 * `target` is either the old file or the whole new copy. Not node:sqlite's backup(): that crashed the process
 * (SIGSEGV) while another process committed every 10 ms; and the sqlite3 CLI's `.backup` restarts on every
 * commit of another connection, so under steady writes it never finished.
 */
export function copyDatabase(source: string, target: string): CopyResult {
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  const db = openDatabase(source, { readOnly: true });
  try {
    prepare(db, 'VACUUM INTO ?').run(temporary);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    db.close();
  }
  try {
    fsyncPath(temporary);
    const copy = openDatabase(temporary, { readOnly: true });
    const integrity = integrityCheck(copy);
    copy.close();
    if (integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${integrity}`);
    renameSync(temporary, target);
    fsyncPath(dirname(target));
    return { path: target, bytes: statSync(target).size, integrity };
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
