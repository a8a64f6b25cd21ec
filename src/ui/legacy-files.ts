// The files of an ezSWM 0.20.x data directory (or one backup file of a newer ezSWM) as the body of
// POST /api/data/import: each file under its name without `.json`, the names of releases before 0.18.3 read as
// today's, files a merge does not take left out and said so. The kinds come from the server's reader
// (src/legacy/types.ts), so a file it learns to take is sent without a change here.
import { LEGACY_KINDS, OLD_FILE_NAMES, type LegacyKind } from '../legacy/types.ts';
import { decodeUtf8, notUtf8Problem } from '../lib/text-bytes.ts';
import type { FieldError } from './api.ts';

/** A picked file: its name and its text, or why its bytes are no text (they are never read with U+FFFD). */
export type PickedFile = { name: string; text: string } | { name: string; notUtf8: string };

/** A file's bytes as a PickedFile: UTF-8, decoded strictly, as 0.20.x wrote its files. */
export function pickedFile(name: string, bytes: Uint8Array): PickedFile {
  const text = decodeUtf8(bytes);
  return text === undefined ? { name, notUtf8: notUtf8Problem(bytes) } : { name, text };
}

/** What became of one picked file. */
export type FileRow = { name: string } & (
  | { role: 'file'; kind: LegacyKind; records: number | null; oldName: boolean }
  | { role: 'backup'; schema: string; version: string | null }
  | { role: 'left-out'; why: 'unknown' | 'shadowed'; by?: string }
  | { role: 'problem'; problem: 'notUtf8' | 'notJson' | 'backupAlone'; detail?: string }
);

/** A picked file read: its content, or why it has none. */
type Parsed = { file: PickedFile } & ({ text: string; content: unknown } | { notUtf8: string } | { error: string });

/** The rows in the order picked, and the body to send (null when nothing can be sent or a file has a problem). */
export type ReadFiles = { rows: FileRow[]; body: string | null };

const KINDS = new Set<string>(LEGACY_KINDS);
const FROM_OLD_NAME = new Map(
  Object.entries(OLD_FILE_NAMES).map(([current, old]) => [old.replace(/\.json$/, ''), current.replace(/\.json$/, '')]),
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Records in a 0.20.x file's content: an array's length, or that of `{ version, items }`; null for an object. */
function recordCount(content: unknown): number | null {
  if (Array.isArray(content)) return content.length;
  if (isObject(content) && Array.isArray(content.items)) return content.items.length;
  return null;
}

/** The bundle kind a file name stands for (`ipAllocations.json` is `ip-allocations`), or null. */
function kindOf(name: string): { kind: LegacyKind; oldName: boolean } | null {
  const base = name.replace(/\.json$/i, '');
  if (KINDS.has(base)) return { kind: base as LegacyKind, oldName: false };
  const current = FROM_OLD_NAME.get(base);
  if (current && KINDS.has(current)) return { kind: current as LegacyKind, oldName: true };
  return null;
}

/**
 * Reads the picked files: one file holding a document with a `schema` (an ezSWM backup, `sqlite-v1`) is sent
 * as it is; otherwise each file of a known name goes into the bundle under its kind (today's name before an old
 * one, as the start-up migration reads them).
 */
export function readLegacyFiles(files: PickedFile[]): ReadFiles {
  const parsed = files.map((file): Parsed => {
    if ('notUtf8' in file) return { file, notUtf8: file.notUtf8 };
    try {
      return { file, text: file.text, content: JSON.parse(file.text) as unknown };
    } catch (err) {
      return { file, error: err instanceof Error ? err.message : String(err) };
    }
  });
  const only = parsed.length === 1 ? parsed[0]! : null;
  if (only && 'content' in only && isObject(only.content) && typeof only.content.schema === 'string') {
    const version = typeof only.content.version === 'string' ? only.content.version : null;
    return { rows: [{ name: only.file.name, role: 'backup', schema: only.content.schema, version }], body: only.text };
  }
  const named = parsed.map((p) => ({ p, kind: kindOf(p.file.name) }));
  // The kinds whose file is there under today's name: an old-named file of the same kind is left out.
  const current = new Map(named.filter((n) => n.kind && !n.kind.oldName).map((n) => [n.kind!.kind, n.p.file.name]));
  const bundle: Record<string, unknown> = {};
  let blocked = false;
  const rows = named.map(({ p, kind }): FileRow => {
    const name = p.file.name;
    if ('notUtf8' in p) {
      blocked = true;
      return { name, role: 'problem', problem: 'notUtf8', detail: p.notUtf8 };
    }
    if ('error' in p) {
      blocked = true;
      return { name, role: 'problem', problem: 'notJson', detail: p.error };
    }
    if (isObject(p.content) && typeof p.content.schema === 'string') {
      blocked = true;
      return { name, role: 'problem', problem: 'backupAlone' };
    }
    if (!kind) return { name, role: 'left-out', why: 'unknown' };
    const by = current.get(kind.kind);
    if (kind.oldName && by) return { name, role: 'left-out', why: 'shadowed', by };
    bundle[kind.kind] = p.content;
    return { name, role: 'file', kind: kind.kind, records: recordCount(p.content), oldName: kind.oldName };
  });
  const body = blocked || Object.keys(bundle).length === 0 ? null : JSON.stringify(bundle);
  return { rows, body };
}

/**
 * The faults of a refused import by the file they belong to: the legacy reader writes each as
 * `<file>.json …: reason`, so a fault that starts with the file name of a kind is that file's (shown under the
 * name it was picked as); anything else is listed on its own (group name null).
 */
export function faultsByFile(details: FieldError[], rows: FileRow[]): { file: string | null; details: FieldError[] }[] {
  const picked = new Map<string, string>();
  for (const row of rows) if (row.role === 'file') picked.set(row.kind, row.name);
  const groups = new Map<string | null, FieldError[]>();
  for (const detail of details) {
    const kind = LEGACY_KINDS.find((k) => detail.message.startsWith(`${k}.json `));
    const file = kind ? (picked.get(kind) ?? `${kind}.json`) : null;
    groups.set(file, [...(groups.get(file) ?? []), detail]);
  }
  return [...groups].map(([file, list]) => ({ file, details: list })).sort((a, b) => (a.file === null ? 1 : b.file === null ? -1 : 0));
}
