// The stored versions of switches' running configurations (issue 38, migrations/0026_config_versions.sql): one
// function per query. A version's text is read only by getConfigVersionText; lists and lookups leave it out.
import { inTransaction, prepare, type Db } from './open.ts';

export const CONFIG_SOURCES = ['upload', 'ssh'] as const;
export type ConfigSource = (typeof CONFIG_SOURCES)[number];

/** A config_versions row without its text. */
export interface ConfigVersionRow {
  id: string;
  switch_id: string;
  number: number;
  content_hash: string;
  lines: number;
  source: ConfigSource;
  dialect: string | null;
  fetched_at: string;
  last_seen_at: string;
  seen_count: number;
  changed_lines: number | null;
  previous_id: string | null;
  created_by: string | null;
}

/** A version as the API answers it. */
export interface ConfigVersion {
  id: string;
  switchId: string;
  number: number;
  contentHash: string;
  lines: number;
  source: ConfigSource;
  dialect: string | null;
  fetchedAt: string;
  lastSeenAt: string;
  seenCount: number;
  changedLines: number | null;
  previousId: string | null;
  createdBy: string | null;
}

export function configVersionToApi(row: ConfigVersionRow): ConfigVersion {
  return {
    id: row.id,
    switchId: row.switch_id,
    number: row.number,
    contentHash: row.content_hash,
    lines: row.lines,
    source: row.source,
    dialect: row.dialect,
    fetchedAt: row.fetched_at,
    lastSeenAt: row.last_seen_at,
    seenCount: row.seen_count,
    changedLines: row.changed_lines,
    previousId: row.previous_id,
    createdBy: row.created_by,
  };
}

const COLUMNS = `id, switch_id, number, content_hash, lines, source, dialect, fetched_at, last_seen_at, seen_count, changed_lines,
  previous_id, created_by`;

/** One version, without its text. */
export function getConfigVersion(db: Db, id: string): ConfigVersionRow | undefined {
  return prepare(db, `SELECT ${COLUMNS} FROM config_versions WHERE id = ?`).get(id) as ConfigVersionRow | undefined;
}

/** The text of a version. */
export function getConfigVersionText(db: Db, id: string): string | undefined {
  return (prepare(db, 'SELECT text FROM config_versions WHERE id = ?').get(id) as { text: string } | undefined)?.text;
}

/** A switch's version of this content hash. */
export function configVersionByHash(db: Db, switchId: string, contentHash: string): ConfigVersionRow | undefined {
  return prepare(db, `SELECT ${COLUMNS} FROM config_versions WHERE switch_id = ? AND content_hash = ?`).get(switchId, contentHash) as
    | ConfigVersionRow
    | undefined;
}

/** The version a switch was last seen running (the newest last_seen_at; of equal times the higher number). */
export function latestConfigVersion(db: Db, switchId: string): ConfigVersionRow | undefined {
  return prepare(db, `SELECT ${COLUMNS} FROM config_versions WHERE switch_id = ? ORDER BY last_seen_at DESC, number DESC LIMIT 1`).get(
    switchId,
  ) as ConfigVersionRow | undefined;
}

/** The number the next version of a switch gets. */
export function nextConfigVersionNumber(db: Db, switchId: string): number {
  return (prepare(db, 'SELECT coalesce(max(number), 0) + 1 AS n FROM config_versions WHERE switch_id = ?').get(switchId) as { n: number })
    .n;
}

/** One page of a switch's versions, the newest number first, and how many it has. */
export function listConfigVersions(db: Db, switchId: string, limit: number, offset: number): { rows: ConfigVersionRow[]; total: number } {
  const rows = prepare(db, `SELECT ${COLUMNS} FROM config_versions WHERE switch_id = ? ORDER BY number DESC LIMIT ? OFFSET ?`).all(
    switchId,
    limit,
    offset,
  ) as unknown as ConfigVersionRow[];
  const total = (prepare(db, 'SELECT count(*) AS n FROM config_versions WHERE switch_id = ?').get(switchId) as { n: number }).n;
  return { rows, total };
}

/** Stores a new version. */
export function insertConfigVersion(db: Db, row: ConfigVersionRow & { text: string }): void {
  prepare(
    db,
    `INSERT INTO config_versions (id, switch_id, number, content_hash, text, lines, source, dialect, fetched_at, last_seen_at, seen_count,
       changed_lines, previous_id, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.switch_id,
    row.number,
    row.content_hash,
    row.text,
    row.lines,
    row.source,
    row.dialect,
    row.fetched_at,
    row.last_seen_at,
    row.seen_count,
    row.changed_lines,
    row.previous_id,
    row.created_by,
  );
}

/**
 * Notes that a switch runs the version of this content hash again (an observation: no activity entry), in one
 * transaction of its own; the version as it is now, or undefined when the switch has no version of that hash.
 */
export function markConfigVersionSeen(db: Db, switchId: string, contentHash: string, at: string): ConfigVersionRow | undefined {
  return inTransaction(db, () => {
    prepare(
      db,
      'UPDATE config_versions SET last_seen_at = max(last_seen_at, ?), seen_count = seen_count + 1 WHERE switch_id = ? AND content_hash = ?',
    ).run(at, switchId, contentHash);
    return configVersionByHash(db, switchId, contentHash);
  });
}

/** Removes a switch's oldest versions (by number) past the newest `keep`, never `spare`; how many it removed. */
export function pruneConfigVersions(db: Db, switchId: string, keep: number, spare: string): number {
  return Number(
    prepare(
      db,
      `DELETE FROM config_versions WHERE switch_id = ? AND id <> ? AND id NOT IN (
         SELECT id FROM config_versions WHERE switch_id = ? ORDER BY number DESC LIMIT ?)`,
    ).run(switchId, spare, switchId, keep).changes,
  );
}
