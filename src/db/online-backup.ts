import { closeSync, fsyncSync, openSync, readlinkSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { integrityCheck, openDatabase, prepare } from './open.ts';

/** A copy refused because its file would be the database or one of its -wal, -shm or -journal files. */
export class CopyIsDatabaseError extends Error {}

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
  const clash = databaseFileNamedBy(source, target);
  if (clash) {
    const named = clash === resolve(target) ? clash : `${target} is ${clash}`;
    throw new CopyIsDatabaseError(`the copy cannot be the database itself or one of its files: ${named}; name another file`);
  }
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  const temporaryClash = databaseFileNamedBy(source, temporary);
  if (temporaryClash) throw new CopyIsDatabaseError(`the temporary copy ${temporary} would be ${temporaryClash}; name another file`);
  const db = openDatabase(source, { readOnly: true });
  let made = false;
  try {
    // Made here, exclusively (VACUUM INTO takes an empty file), so that a clean-up only ever removes our own file.
    closeSync(openSync(temporary, 'wx'));
    made = true;
    prepare(db, 'VACUUM INTO ?').run(temporary);
  } catch (error) {
    if (made) rmSync(temporary, { force: true });
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

const DATABASE_SUFFIXES = ['', '-wal', '-shm', '-journal'];

/**
 * The database file, or its -wal, -shm or -journal file, that writing `target` would replace or write
 * through: the same place after resolving symlinked directories and a symlink (chain) at `target`, or the
 * same file (device and inode: a hard link, a symlink); undefined when it is another file.
 */
function databaseFileNamedBy(database: string, target: string): string | undefined {
  const wanted = targetLocations(target);
  const wantedFile = fileIdentity(target);
  const bases = new Set([resolve(database), realLocation(database), realPath(database) ?? resolve(database)]);
  for (const base of bases) {
    for (const suffix of DATABASE_SUFFIXES) {
      const file = base + suffix;
      const places = [resolve(file), realLocation(file), realPath(file)];
      if (places.some((place) => place !== undefined && wanted.has(place))) return resolve(database) + suffix;
      if (wantedFile !== undefined && wantedFile === fileIdentity(file)) return resolve(database) + suffix;
    }
  }
  return undefined;
}

// Every place a write to `path` could land: the path, the path under the real parent directory, and each
// step of a symlink chain at it (dangling or not).
function targetLocations(path: string): Set<string> {
  const locations = new Set<string>();
  let step = resolve(path);
  for (let hop = 0; hop < 40 && !locations.has(realLocation(step)); hop++) {
    locations.add(step);
    locations.add(realLocation(step));
    const link = readLink(step);
    if (link === undefined) break;
    step = resolve(dirname(realLocation(step)), link);
  }
  const real = realPath(path);
  if (real !== undefined) locations.add(real);
  return locations;
}

// The path with its parent directory resolved through symlinks (the last part is left as it is).
function realLocation(path: string): string {
  const absolute = resolve(path);
  const parent = realPath(dirname(absolute));
  return parent === undefined ? absolute : join(parent, basename(absolute));
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function readLink(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

function fileIdentity(path: string): string | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
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
