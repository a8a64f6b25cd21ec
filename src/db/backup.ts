import { rowToApi } from '../fields/field.ts';
import { activityToApi, type ActivityRow } from './activity.ts';
import { RESOURCES, type Kind } from './images.ts';
import { openDatabase, prepare, type Db } from './open.ts';

// The reads of the backup export: counts, then every table in chunks by rowid (keyset paging), so that the
// export never holds more than one chunk in memory. They run on the export's own read-only connection.

/**
 * Opens a private read-only connection to the database file and starts a read transaction on it: every read
 * through it sees one snapshot, whatever other connections commit meanwhile. The export holds it open across
 * the awaits of its stream, which on the shared connection would take in the writes of other requests (and
 * inTransaction refuses async work for that reason); on a connection nobody else uses, BEGIN here is safe.
 * Closing the connection ends the transaction.
 */
export function openSnapshot(path: string): Db {
  const db = openDatabase(path, { readOnly: true });
  try {
    db.exec('BEGIN');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The kinds of a db-v1 document, in its order. */
export const DOCUMENT_KINDS = ['users', 'sites', 'networks', 'switches', 'ports', 'activity'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** How many records of each kind. */
export type Counts = Record<DocumentKind, number>;

/** The inventory kind of each inventory document kind. */
export const KIND_OF: Record<'sites' | 'networks' | 'switches' | 'ports', Kind> = { sites: 'site', networks: 'network', switches: 'switch', ports: 'port' };

const TABLE_OF: Record<DocumentKind, string> = { users: 'users', sites: 'sites', networks: 'networks', switches: 'switches', ports: 'ports', activity: 'activity' };

/** The number of rows of each kind. */
export function countAll(db: Db): Counts {
  const counts = {} as Counts;
  for (const kind of DOCUMENT_KINDS) counts[kind] = (prepare(db, `SELECT count(*) AS n FROM ${TABLE_OF[kind]}`).get() as { n: number }).n;
  return counts;
}

/** One chunk of records of a kind in the document's shape, after rowid `after`; `last` is the cursor of the next chunk. */
export function readChunk(db: Db, kind: DocumentKind, after: number, limit: number): { records: Record<string, unknown>[]; last: number } {
  if (kind === 'users') return usersChunk(db, after, limit);
  if (kind === 'activity') return activityChunk(db, after, limit);
  const resource = RESOURCES[KIND_OF[kind]];
  const columns = resource.fields.flatMap((field) => (field.column ? [field.column] : []));
  const rows = prepare(db, `SELECT rowid AS _rowid, ${columns.join(', ')} FROM ${resource.table} WHERE rowid > ? ORDER BY rowid LIMIT ?`)
    .all(after, limit) as Record<string, unknown>[];
  const records = rows.map((row) => rowToApi(resource, row));
  if (kind === 'ports' && rows.length > 0) addTagged(db, records, after, Number(rows[rows.length - 1]._rowid));
  return { records, last: rows.length ? Number(rows[rows.length - 1]._rowid) : after };
}

function addTagged(db: Db, ports: Record<string, unknown>[], after: number, last: number): void {
  const tagged = new Map<string, string[]>();
  const rows = prepare(db, `SELECT t.port_id AS portId, t.network_id AS networkId FROM ports p JOIN port_tagged_networks t ON t.port_id = p.id
    WHERE p.rowid > ? AND p.rowid <= ? ORDER BY t.port_id, t.network_id`).all(after, last) as { portId: string; networkId: string }[];
  for (const row of rows) {
    const list = tagged.get(row.portId);
    if (list) list.push(row.networkId);
    else tagged.set(row.portId, [row.networkId]);
  }
  for (const port of ports) port.taggedNetworkIds = tagged.get(port.id as string) ?? [];
}

function usersChunk(db: Db, after: number, limit: number) {
  const rows = prepare(db, `SELECT rowid AS _rowid, id, username, role, disabled, created_at, updated_at, last_login_at, password_hash, version
    FROM users WHERE rowid > ? ORDER BY rowid LIMIT ?`).all(after, limit) as Record<string, unknown>[];
  const records = rows.map((row) => ({
    id: row.id, username: row.username, role: row.role, disabled: row.disabled === 1, createdAt: row.created_at,
    updatedAt: row.updated_at, lastLoginAt: row.last_login_at, version: row.version, passwordHash: row.password_hash,
  }));
  return { records, last: rows.length ? Number(rows[rows.length - 1]._rowid) : after };
}

function activityChunk(db: Db, after: number, limit: number) {
  const rows = prepare(db, `SELECT seq, id, at, user_id, username, action, entity_type, entity_id, entity_name, site_id, summary, changes,
    undo_data, undoable, undone_by, undo_of FROM activity WHERE seq > ? ORDER BY seq LIMIT ?`).all(after, limit) as unknown as ActivityRow[];
  const records = rows.map((row) => ({ ...activityToApi(row), undoData: row.undo_data ? JSON.parse(row.undo_data) : null }));
  return { records, last: rows.length ? rows[rows.length - 1].seq : after };
}
