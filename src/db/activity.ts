import { KIND_ORDER } from './images.ts';
import { prepare, type Db } from './open.ts';

/** The actions the activity log knows. */
export const ACTIONS = ['create', 'update', 'delete', 'bulk_update', 'import', 'restore', 'migrate', 'undo', 'discovery'] as const;
export type Action = (typeof ACTIONS)[number];

/** An activity row as stored. */
export interface ActivityRow {
  seq: number;
  id: string;
  at: string;
  user_id: string | null;
  username: string | null;
  action: Action;
  entity_type: string | null;
  entity_id: string | null;
  entity_name: string | null;
  site_id: string | null;
  summary: string;
  changes: string | null;
  undo_data: string | null;
  undoable: number;
  undone_by: string | null;
  undo_of: string | null;
  /** Why the entry cannot be undone although it could once (migration 0006), or null. */
  undo_lost: string | null;
}

/** The activity entry as the API answers it. */
/** The fields of an activity entry as the API answers it, in order. */
export const ACTIVITY_ENTRY_FIELDS = [
  'id',
  'at',
  'userId',
  'username',
  'action',
  'entityType',
  'entityId',
  'entityName',
  'siteId',
  'summary',
  'changes',
  'undoable',
  'undoneBy',
  'undoOf',
  'undoLost',
] as const satisfies readonly (keyof ActivityEntry)[];

export interface ActivityEntry {
  id: string;
  at: string;
  userId: string | null;
  username: string | null;
  action: Action;
  entityType: string | null;
  entityId: string | null;
  entityName: string | null;
  siteId: string | null;
  summary: string;
  changes: unknown;
  undoable: boolean;
  undoneBy: string | null;
  undoOf: string | null;
  undoLost: string | null;
}

const LIST_COLUMNS =
  'seq, id, at, user_id, username, action, entity_type, entity_id, entity_name, site_id, summary, changes, undoable, undone_by, undo_of, undo_lost';

/** Maps a row to the API's entry; an entry is undoable while it can be undone now. */
export function activityToApi(row: Omit<ActivityRow, 'undo_data'>): ActivityEntry {
  return {
    id: row.id,
    at: row.at,
    userId: row.user_id,
    username: row.username,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    entityName: row.entity_name,
    siteId: row.site_id,
    summary: row.summary,
    changes: row.changes ? JSON.parse(row.changes) : null,
    undoable: row.undoable === 1 && row.undone_by === null,
    undoneBy: row.undone_by,
    undoOf: row.undo_of,
    undoLost: row.undo_lost ?? null,
  };
}

/** An entry to store: undo_lost is only ever set by a restore carrying it (null when left out). */
export type NewActivityRow = Omit<ActivityRow, 'seq' | 'undo_lost'> & { undo_lost?: string | null };

/** Stores an entry and the entities it touched; returns its seq. */
export function insertActivity(db: Db, row: NewActivityRow, touched: { type: string; id: string }[] = []): number {
  const result = prepare(
    db,
    `INSERT INTO activity (id, at, user_id, username, action, entity_type, entity_id, entity_name,
      site_id, summary, changes, undo_data, undoable, undone_by, undo_of, undo_lost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.at,
    row.user_id,
    row.username,
    row.action,
    row.entity_type,
    row.entity_id,
    row.entity_name,
    row.site_id,
    row.summary,
    row.changes,
    row.undo_data,
    row.undoable,
    row.undone_by,
    row.undo_of,
    row.undo_lost ?? null,
  );
  const seq = Number(result.lastInsertRowid);
  const link = prepare(db, 'INSERT OR IGNORE INTO activity_entities (activity_seq, entity_type, entity_id) VALUES (?, ?, ?)');
  // The entry's own entity is found through activity_entity already; only the others need a link row
  // (each row is two more index pages in every commit's fsync).
  for (const entity of touched) {
    if (entity.type !== row.entity_type || entity.id !== row.entity_id) link.run(seq, entity.type, entity.id);
  }
  return seq;
}

/**
 * An event for webhooks (API.md, "Webhooks") other than an activity entry's, which migration 0023's trigger queues
 * as the entry is written.
 */
export interface NewEvent {
  eventId: string;
  type: string;
  siteId: string | null;
  occurredAt: string;
  data: string | null;
}

// One row of the outbox per enabled subscription whose patterns name the event's type and whose sites hold its site,
// matched as the trigger of migration 0023 matches an entry's.
const QUEUE_EVENT = `INSERT INTO webhook_deliveries (subscription_id, event_id, type, site_id, occurred_at, data)
  SELECT s.id, ?1, ?2, ?3, ?4, ?5 FROM webhook_subscriptions s
  WHERE s.enabled = 1
    AND (instr(s.events, '"' || ?2 || '"') > 0 OR (substr(?2, 1, 9) = 'activity.' AND instr(s.events, '"activity.*"') > 0))
    AND (s.site_ids IS NULL OR instr(s.site_ids, '"' || ?3 || '"') > 0)
  ORDER BY s.id`;

/** Queues `event` for webhooks in the caller's transaction: the change that made it. */
export function queueEvent(db: Db, event: NewEvent): void {
  prepare(db, QUEUE_EVENT).run(event.eventId, event.type, event.siteId, event.occurredAt, event.data);
}

const ACTIVITY_COLUMNS = [
  'id',
  'at',
  'user_id',
  'username',
  'action',
  'entity_type',
  'entity_id',
  'entity_name',
  'site_id',
  'summary',
  'changes',
  'undo_data',
  'undoable',
  'undone_by',
  'undo_of',
  'undo_lost',
] as const;
const ENTRIES_PER_INSERT = 256;

/**
 * Stores entries that touched only their own entity (no activity_entities rows), up to ENTRIES_PER_INSERT in one
 * statement: the legacy migration's 100,000 entries spend most of their time per statement.
 */
export function insertActivities(db: Db, rows: readonly NewActivityRow[]): void {
  const one = `(${ACTIVITY_COLUMNS.map(() => '?').join(', ')})`;
  const sqlOf = (count: number) => `INSERT INTO activity (${ACTIVITY_COLUMNS.join(', ')}) VALUES ${Array(count).fill(one).join(', ')}`;
  const full = sqlOf(ENTRIES_PER_INSERT);
  // One array of values for every statement, filled in place: no copy of the rows, no array per row.
  const values: (string | number | null)[] = [];
  for (let start = 0; start < rows.length; start += ENTRIES_PER_INSERT) {
    const end = Math.min(rows.length, start + ENTRIES_PER_INSERT);
    values.length = 0;
    for (let i = start; i < end; i++) for (const column of ACTIVITY_COLUMNS) values.push(rows[i][column] ?? null);
    prepare(db, end - start === ENTRIES_PER_INSERT ? full : sqlOf(end - start)).run(...values);
  }
}

/** One entry by id, with its undo data. */
export function getActivity(db: Db, id: string): ActivityRow | undefined {
  return prepare(db, `SELECT ${LIST_COLUMNS}, undo_data FROM activity WHERE id = ?`).get(id) as ActivityRow | undefined;
}

/** Marks an entry as undone by another. */
export function markUndone(db: Db, id: string, undoneBy: string): void {
  prepare(db, 'UPDATE activity SET undone_by = ? WHERE id = ?').run(undoneBy, id);
}

/** Filters of the activity list; every one optional. */
export interface ActivityFilter {
  entityType?: string;
  entityId?: string;
  siteId?: string;
  userId?: string;
  action?: string;
  /** Only entries older than this seq (the cursor). */
  beforeSeq?: number;
  limit: number;
}

/**
 * Entries newest first, with the filter. The entity filter also finds entries that touched the entity among
 * others (a bulk edit, a cascade). Only fixed SQL fragments are joined; every value is bound.
 */
export function listActivity(db: Db, filter: ActivityFilter): Omit<ActivityRow, 'undo_data'>[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const add = (sql: string, ...values: (string | number)[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (filter.entityId && filter.entityType) {
    add(
      `((a.entity_type = ? AND a.entity_id = ?) OR a.seq IN
      (SELECT e.activity_seq FROM activity_entities e WHERE e.entity_type = ? AND e.entity_id = ?))`,
      filter.entityType,
      filter.entityId,
      filter.entityType,
      filter.entityId,
    );
  } else if (filter.entityId) {
    // a.entity_id = ? alone has no index (activity_entity leads with the type), so the entries were scanned newest
    // first until the page was full: the whole log for a record with few entries. It is asked here of each entity
    // type stored (read off that index, one step each) and of entries without a type.
    add(
      `((a.entity_type, a.entity_id) IN (WITH RECURSIVE types(t) AS (SELECT min(entity_type) FROM activity
          UNION ALL SELECT (SELECT min(entity_type) FROM activity WHERE entity_type > t) FROM types WHERE t IS NOT NULL)
        SELECT t, ? FROM types WHERE t IS NOT NULL)
      OR (a.entity_type IS NULL AND a.entity_id = ?)
      OR a.seq IN (SELECT e.activity_seq FROM activity_entities e
      WHERE e.entity_type IN (${KIND_ORDER.map(() => '?').join(', ')}) AND e.entity_id = ?))`,
      filter.entityId,
      filter.entityId,
      ...KIND_ORDER,
      filter.entityId,
    );
  } else if (filter.entityType) {
    add('a.entity_type = ?', filter.entityType);
  }
  if (filter.siteId) add('a.site_id = ?', filter.siteId);
  if (filter.userId) add('a.user_id = ?', filter.userId);
  if (filter.action) add('a.action = ?', filter.action);
  if (filter.beforeSeq !== undefined) add('a.seq < ?', filter.beforeSeq);
  const sql = `SELECT ${LIST_COLUMNS.split(', ')
    .map((c) => `a.${c}`)
    .join(', ')} FROM activity a
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.seq DESC LIMIT ?`;
  return prepare(db, sql).all(...params, filter.limit) as unknown as Omit<ActivityRow, 'undo_data'>[];
}

/** When the entry `seq` was made, or undefined when there is none. */
export function activityAtSeq(db: Db, seq: number): string | undefined {
  return (prepare(db, 'SELECT at FROM activity WHERE seq = ?').get(seq) as { at: string } | undefined)?.at;
}

/**
 * The newest entry of a legacy migration as a whole (action migrate, about no one record: not the entries of its
 * fixes), or undefined. Found through activity_entity, where the entries without an entity are few.
 */
export function latestMigrationEntry(db: Db): { at: string; changes: string | null } | undefined {
  return prepare(
    db,
    "SELECT at, changes FROM activity WHERE entity_type IS NULL AND entity_id IS NULL AND action = 'migrate' ORDER BY seq DESC LIMIT 1",
  ).get() as { at: string; changes: string | null } | undefined;
}

/** The time of the newest entry: when the data last changed. */
export function lastChangeAt(db: Db): string | undefined {
  return (prepare(db, 'SELECT at FROM activity ORDER BY seq DESC LIMIT 1').get() as { at: string } | undefined)?.at;
}
