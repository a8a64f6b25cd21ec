import { insertActivities, type Action, type NewActivityRow } from '../db/activity.ts';
import { insertStoredUser, type StoredUser } from '../db/users.ts';
import { prepare, type Db } from '../db/open.ts';
import type { LegacyChange } from './history.ts';
import { historyUndo, type HistoryUndo } from './history-undo.ts';
import type { ApiRecord } from './types.ts';

// The legacy migration's own SQL: what it finds stored, its users and activity entries as it keeps them, and the
// indexes it builds after its inserts. Its inventory records are checked records in the API's shape, which
// images.ts's insertRecord stores (100,000 ports go through the same prepared statement).

/** Whether the database holds inventory data: any site, VLAN, network, switch or activity entry (users do not count). */
export function holdsData(db: Db): boolean {
  const row = prepare(
    db,
    `SELECT EXISTS (SELECT 1 FROM sites) OR EXISTS (SELECT 1 FROM vlans) OR EXISTS (SELECT 1 FROM networks)
    OR EXISTS (SELECT 1 FROM switches) OR EXISTS (SELECT 1 FROM activity) AS held`,
  ).get() as { held: number };
  return row.held === 1;
}

/** The `changes` JSON of the newest `migrate` entry, parsed; undefined when there is none. */
export function latestMigrateChanges(db: Db): unknown {
  const row = prepare(db, "SELECT changes FROM activity WHERE action = 'migrate' ORDER BY seq DESC LIMIT 1").get() as
    | { changes: string | null }
    | undefined;
  return row?.changes ? JSON.parse(row.changes) : undefined;
}

// Indexes the migration builds once after its inserts instead of row by row. Their keys arrive in no useful
// order (a site's networks, the switch an activity entry names), so inserting splits pages all over their
// B-trees, while CREATE INDEX sorts once and fills each page. ports_linked_port is not among them: while one
// end of a link is missing, the deferred linked_port_id check looks every new port up in it.
// And the insert triggers of the derived data on the tables it fills by the hundred thousand rows: paused for the
// load (derived_data_paused), they would still run a program per row to learn that they are (~0.9 s of 100,000
// ports and their ~600,000 tagged VLANs); the load rebuilds the derived data once at its end anyway.
export const BUILT_AFTER = [
  'port_tagged_vlans_vlan',
  'ports_untagged_vlan',
  'ports_description_nocase',
  'ports_connected_device_nocase',
  'ports_name',
  'activity_entity',
  'activity_site',
  'activity_user',
  'ports_index_insert',
  'ports_vlan_counts_insert',
  'port_tagged_vlans_counts_insert',
];

/**
 * Runs `write` with those indexes and triggers dropped, then creates them again from their own definitions, so
 * the schema ends as it began. Only inside the migration's transaction: a rollback restores them too.
 */
export function withIndexesBuiltAfter<T>(db: Db, write: () => T): T {
  if (!db.isTransaction) throw new Error('withIndexesBuiltAfter: only inside a transaction');
  const definitions: string[] = [];
  for (const name of BUILT_AFTER) {
    const row = prepare(db, "SELECT type, sql FROM sqlite_schema WHERE type IN ('index', 'trigger') AND name = ?").get(name) as
      | { type: 'index' | 'trigger'; sql: string | null }
      | undefined;
    if (!row?.sql) continue;
    definitions.push(row.sql);
    db.exec(`DROP ${row.type.toUpperCase()} "${name}"`);
  }
  const result = write();
  for (const sql of definitions) db.exec(sql);
  return result;
}

/** Stores a checked legacy user (a StoredUser but for its version) with its password hash as it was. */
export function insertLegacyUser(db: Db, user: ApiRecord): void {
  insertStoredUser(db, { ...user, version: 1 } as unknown as StoredUser, 1);
}

/**
 * Stores legacy activity entries (each names only its own entity): those with the history of their record
 * (history-undo.ts) with their changes, undoable when their undo data could be made; the rest as history only.
 */
export function insertLegacyActivities(db: Db, entries: readonly ApiRecord[], history: ReadonlyMap<string, LegacyChange>): void {
  const undo =
    history.size > 0
      ? historyUndo(
          db,
          entries.map((entry) => entry.id),
          history,
        )
      : new Map<string, HistoryUndo>();
  const row = (entry: ApiRecord) => activityRow(entry, undo.get(entry.id));
  // A thousand rows at a time: 100,000 rows made at once would all outlive the young generation, for nothing.
  for (let start = 0; start < entries.length; start += 1024) insertActivities(db, entries.slice(start, start + 1024).map(row));
}

function activityRow(entry: ApiRecord, undo: HistoryUndo | undefined): NewActivityRow {
  return {
    id: entry.id,
    at: entry.at as string,
    user_id: text(entry.userId),
    username: text(entry.username),
    action: entry.action as Action,
    entity_type: text(entry.entityType),
    entity_id: text(entry.entityId),
    entity_name: text(entry.entityName),
    site_id: text(entry.siteId),
    summary: entry.summary as string,
    changes: undo ? JSON.stringify(undo.changes) : null,
    undo_data: undo?.undoData ?? null,
    undoable: undo?.undoData ? 1 : 0,
    undone_by: null,
    undo_of: null,
    undo_lost: undo?.lost ?? null,
  };
}

function text(value: unknown): string | null {
  return value === undefined || value === null ? null : String(value);
}
