import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../fields/field.ts';
import { fileIdentity, sha256 } from './read.ts';

/** What the `migrate` entry records about the files it migrated: the archive's name and each file's sha256. */
export interface ArchivePlan {
  /** A folder name in the data directory, `_archive_<ISO basic>`. */
  archive: string;
  /** File name to the sha256 of the bytes that were migrated. */
  files: Record<string, string>;
}

/** `_archive_20261122T051204Z` for that UTC time; a numbered variant when the name is taken already. */
export function archiveName(dataDir: string, at: Date): string {
  const basic = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  const base = `_archive_${basic}`;
  let name = base;
  for (let n = 2; existsSync(join(dataDir, name)); n++) name = `${base}_${n}`;
  return name;
}

/** Reads the archive plan out of a `migrate` entry's changes; undefined when it holds none. */
export function planOf(changes: unknown): ArchivePlan | undefined {
  if (!isPlainObject(changes) || typeof changes.archive !== 'string' || !isPlainObject(changes.files)) return undefined;
  if (!/^_archive_[0-9TZ_]+$/.test(changes.archive)) return undefined;
  const files: Record<string, string> = {};
  for (const [name, hash] of Object.entries(changes.files)) if (typeof hash === 'string') files[name] = hash;
  return { archive: changes.archive, files };
}

/**
 * The files of a plan still lying in the data directory unmoved: present, not in the archive yet, and with the
 * very bytes that were migrated (a file put there since is not ours to move). `read`: file name to its identity
 * when the migration read it (fileIdentity); a file still of that identity is not read and hashed again.
 */
export function unmovedFiles(dataDir: string, plan: ArchivePlan, read: ReadonlyMap<string, string> = new Map()): string[] {
  return Object.entries(plan.files)
    .filter(([name, hash]) => {
      const path = join(dataDir, name);
      if (!existsSync(path) || existsSync(join(dataDir, plan.archive, name))) return false;
      return read.get(name) === fileIdentity(statSync(path)) || sha256(readFileSync(path)) === hash;
    })
    .map(([name]) => name);
}

/** Moves files of the data directory into the plan's archive folder (made when missing) and syncs both folders. */
export function moveToArchive(dataDir: string, plan: ArchivePlan, names: string[]): string {
  const dir = join(dataDir, plan.archive);
  mkdirSync(dir, { recursive: true });
  for (const name of names) renameSync(join(dataDir, name), join(dir, name));
  syncDir(dir);
  syncDir(dataDir);
  return dir;
}

// A rename is only durable once the directory itself is flushed; some filesystems refuse fsync on a directory.
function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Best effort only.
  }
}
