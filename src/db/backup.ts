import { RESOURCES, type Kind } from './images.ts';
import { prepare, type Db } from './open.ts';

// The reads of the backup export: counts, then every table in chunks by rowid (keyset paging), so that the
// export never holds more than one chunk in memory. They run on the export's own snapshot connection (openSnapshot in open.ts).


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

/** Rows read per query for each kind: activity rows carry undo images (a bulk edit's are ~50 KB), so fewer. */
export const CHUNK_ROWS: Record<DocumentKind, number> = { users: 500, sites: 500, networks: 500, switches: 500, ports: 500, activity: 20 };

// Each record is serialised by SQLite itself (json_object), and a chunk comes back as one string: the export
// then makes one JavaScript string per chunk instead of an object per row and its serialisation, which keeps
// the server's memory flat and the export fast. The key lists derive from the field declarations.
const RECORD_JSON: Record<DocumentKind, string> = {
  users: `json_object('id', id, 'username', username, 'role', role, 'disabled', ${bool('disabled')}, 'createdAt', created_at,
    'updatedAt', updated_at, 'lastLoginAt', last_login_at, 'version', version, 'passwordHash', password_hash)`,
  sites: inventoryJson('site'),
  networks: inventoryJson('network'),
  switches: inventoryJson('switch'),
  ports: inventoryJson('port', `'taggedNetworkIds', json((SELECT json_group_array(network_id) FROM
    (SELECT network_id FROM port_tagged_networks WHERE port_id = t.id ORDER BY network_id)))`),
  activity: `json_object('id', id, 'at', at, 'userId', user_id, 'username', username, 'action', action, 'entityType', entity_type,
    'entityId', entity_id, 'entityName', entity_name, 'siteId', site_id, 'summary', summary, 'changes', json(changes),
    'undoable', ${bool('undoable = 1 AND undone_by IS NULL')}, 'undoneBy', undone_by, 'undoOf', undo_of, 'undoData', json(undo_data))`,
};

const KEY_COLUMN: Record<DocumentKind, string> = { users: 'rowid', sites: 'rowid', networks: 'rowid', switches: 'rowid', ports: 'rowid', activity: 'seq' };

function bool(condition: string): string {
  return `CASE WHEN ${condition} THEN json('true') ELSE json('false') END`;
}

function inventoryJson(kind: Kind, extra?: string): string {
  const pairs = RESOURCES[kind].fields.flatMap((field) => {
    if (!field.column) return [];
    return [`'${field.name}', ${field.type === 'boolean' ? bool(`t.${field.column} = 1`) : `t.${field.column}`}`];
  });
  return `json_object(${[...pairs, ...(extra ? [extra] : [])].join(', ')})`;
}

/**
 * One chunk of a kind after key `after`: the records' JSON joined by commas (empty when there are no more),
 * and `last`, the key to continue from.
 */
export function readChunk(db: Db, kind: DocumentKind, after: number, limit = CHUNK_ROWS[kind]): { text: string; count: number; last: number } {
  const key = KEY_COLUMN[kind];
  const row = prepare(db, `SELECT group_concat(record, ',') AS text, count(*) AS count, max(k) AS last FROM
    (SELECT t.${key} AS k, ${RECORD_JSON[kind]} AS record FROM ${TABLE_OF[kind]} t WHERE t.${key} > ? ORDER BY t.${key} LIMIT ?)`)
    .get(after, limit) as { text: string | null; count: number; last: number | null };
  return { text: row.text ?? '', count: row.count, last: row.last ?? after };
}
