import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../fields/field.ts';
import { decodeUtf8, notUtf8Problem } from '../lib/text-bytes.ts';
import { topologyLayoutRecords } from './ezswm-sharing.ts';
import {
  LEGACY_FILES,
  LEGACY_KINDS,
  OLD_FILE_NAMES,
  type LegacyBundle,
  type LegacyFault,
  type LegacyFile,
  type LegacyKind,
} from './types.ts';

/** A legacy file found in the data directory: its name on disk (an old spelling too), full path and the sha256 of its bytes. */
export interface LegacyFileInfo {
  name: string;
  path: string;
  sha256: string;
  /** The file as it was when read (fileIdentity): the archive spares hashing it again while it is unchanged. */
  identity?: string;
}

/** Device, inode, size and times of a file: another file, or the same one written since, has another. */
export function fileIdentity(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

/** The file a kind is read from. */
export function fileOfKind(kind: LegacyKind): LegacyFile {
  return `${kind}.json` as LegacyFile;
}

/**
 * The legacy files present in `dataDir`, in LEGACY_FILES order, by their name on disk: a file of the current
 * name, else one of the name releases before 0.18.3 gave it (`layoutTemplates.json`).
 */
export function findLegacyFiles(dataDir: string): string[] {
  const present = namesIn(dataDir);
  return LEGACY_FILES.flatMap((name) => presentName(present, name) ?? []);
}

/**
 * The names in a directory (none when it is missing). One listing, not a path.join and a look per name: with a long
 * data directory path, two dozen joins at every start-up made V8 optimize path.join, and the optimizing compiler's
 * code stayed resident in the idle server (~5 MB, BENCHMARKS.md).
 */
function namesIn(dir: string): ReadonlySet<string> {
  try {
    return new Set(readdirSync(dir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
}

/** The name on disk of a legacy file: its current name, else its old one, else undefined. */
function presentName(present: ReadonlySet<string>, name: LegacyFile): string | undefined {
  if (present.has(name)) return name;
  const old = OLD_FILE_NAMES[name];
  return old && present.has(old) ? old : undefined;
}

/**
 * Reads every legacy file present: a bundle of parsed contents, the files with their checksums, and a fault
 * for each file that is not JSON. Only reads; never changes a file.
 */
export function readLegacyDir(dataDir: string): { bundle: LegacyBundle; files: LegacyFileInfo[]; faults: LegacyFault[] } {
  const bundle: LegacyBundle = {};
  const files: LegacyFileInfo[] = [];
  const faults: LegacyFault[] = [];
  const present = namesIn(dataDir);
  for (const kind of LEGACY_KINDS) {
    const name = fileOfKind(kind);
    const onDisk = presentName(present, name);
    if (onDisk === undefined) continue;
    const path = join(dataDir, onDisk);
    let bytes: Buffer;
    let identity: string;
    try {
      ({ bytes, identity } = readWithIdentity(path));
    } catch (error) {
      faults.push({
        file: name,
        id: null,
        index: null,
        field: '',
        reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})${readFrom(name, onDisk)}`,
      });
      continue;
    }
    files.push({ name: onDisk, path, sha256: sha256(bytes), identity });
    const parsed = parseJson(bytes);
    if (parsed.ok) bundle[kind] = parsed.value;
    else faults.push({ file: name, id: null, index: null, field: '', reason: `${parsed.reason}${readFrom(name, onDisk)}` });
  }
  return { bundle, files, faults };
}

/** Where a fault of a file read under its old name says so. */
function readFrom(name: string, onDisk: string): string {
  return name === onDisk ? '' : ` (read from ${onDisk})`;
}

/** The hex sha256 of some bytes. */
export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A file's bytes and its identity, both of the one file opened (not of one put in its place meanwhile). */
function readWithIdentity(path: string): { bytes: Buffer; identity: string } {
  const fd = openSync(path, 'r');
  try {
    const bytes = readFileSync(fd);
    return { bytes, identity: fileIdentity(fstatSync(fd)) };
  } finally {
    closeSync(fd);
  }
}

/** A file's JSON: UTF-8 decoded strictly (a byte that is not UTF-8 is named, never read as U+FFFD), a BOM allowed. */
export function parseJson(bytes: Buffer): { ok: true; value: unknown } | { ok: false; reason: string } {
  const decoded = decodeUtf8(bytes);
  if (decoded === undefined) return { ok: false, reason: `is not UTF-8 text, as 0.20.x wrote it: ${notUtf8Problem(bytes)}` };
  // Some editors on Windows write a byte order mark; JSON.parse refuses it.
  const text = decoded.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: `is not valid JSON (${(error as Error).message})` };
  }
}

/**
 * The records of one file's parsed content: a JSON array, as 0.20.x wrote each of these files (no wrapper, no
 * version field). A missing file (undefined) holds no records; anything else is the wrong shape.
 */
export function recordsOf(file: LegacyFile, content: unknown): { records: unknown[] } | { fault: LegacyFault } {
  // The one file that is an object keyed by site id (ezswm-sharing.ts makes it records).
  if (file === 'topology-layouts.json') return topologyLayoutRecords(content);
  if (content === undefined) return { records: [] };
  if (Array.isArray(content)) return { records: content };
  const shape = content === null ? 'null' : isPlainObject(content) ? 'an object' : `a ${typeof content}`;
  return {
    fault: { file, id: null, index: null, field: '', reason: `must be a JSON array of records, as 0.20.x wrote it; it is ${shape}` },
  };
}
