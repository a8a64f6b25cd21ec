import { RESOURCES, type Kind } from './images.ts';
import { prepare, type Db } from './open.ts';
import { taggedNetworkIdsJson } from './ports.ts';
import { jsonBool, recordJson } from './record-json.ts';

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

// Each record is serialised by SQLite itself (record-json.ts), and a chunk comes back as one string: the export
// then makes one JavaScript string per chunk instead of an object per row, which keeps the server's memory flat.
const RECORD_JSON: Record<DocumentKind, string> = {
  users: `json_object('id', id, 'username', username, 'role', role, 'disabled', ${jsonBool('disabled')}, 'createdAt', created_at,
    'updatedAt', updated_at, 'lastLoginAt', last_login_at, 'version', version, 'passwordHash', password_hash)`,
  sites: recordJson(RESOURCES.site, 't'),
  networks: recordJson(RESOURCES.network, 't'),
  switches: recordJson(RESOURCES.switch, 't'),
  ports: recordJson(RESOURCES.port, 't', { taggedNetworkIds: taggedNetworkIdsJson('t') }),
  activity: `json_object('id', id, 'at', at, 'userId', user_id, 'username', username, 'action', action, 'entityType', entity_type,
    'entityId', entity_id, 'entityName', entity_name, 'siteId', site_id, 'summary', summary, 'changes', json(changes),
    'undoable', ${jsonBool('undoable = 1 AND undone_by IS NULL')}, 'undoneBy', undone_by, 'undoOf', undo_of, 'undoData', json(undo_data))`,
};

const KEY_COLUMN: Record<DocumentKind, string> = { users: 'rowid', sites: 'rowid', networks: 'rowid', switches: 'rowid', ports: 'rowid', activity: 'seq' };

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
