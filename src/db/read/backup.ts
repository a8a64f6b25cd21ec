import { KIND_PLURALS, RESOURCES, VLAN_LISTS, type Kind } from '../images.ts';
import { prepare, type Db } from '../open.ts';
import { jsonBool, recordJson } from '../record-json.ts';

// The reads of the backup export: counts, then every table in chunks by rowid (keyset paging), so that the
// export never holds more than one chunk in memory. A favourite switch is a setting of its user, not
// inventory: user_favorite_switches is not exported (a restore leaves every user without favourites).
// They run on the export's own snapshot connection (openSnapshot in open.ts).

/** The kinds of a db-v1 document, in its order; each is also the table it is read from. */
export const DOCUMENT_KINDS = ['users', ...KIND_PLURALS, 'activity'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** How many records of each kind. */
export type Counts = Record<DocumentKind, number>;

/** The number of rows of each kind. */
export function countAll(db: Db): Counts {
  const counts = {} as Counts;
  for (const kind of DOCUMENT_KINDS) counts[kind] = (prepare(db, `SELECT count(*) AS n FROM ${kind}`).get() as { n: number }).n;
  return counts;
}

/**
 * A chunk aims at this many characters: V8 keeps a string over 128 KB in its large-object space until a full
 * collection, while smaller ones die young, so the server's memory stays flat during an export.
 */
const CHUNK_TARGET_CHARS = 64 * 1024;
const MAX_CHUNK_ROWS = 1000;
/** The rows of a kind's first chunk, from typical record sizes (activity ~1 KB; a bulk edit's undo image ~50 KB). */
const FIRST_CHUNK_ROWS: Record<DocumentKind, number> = {
  users: 100,
  sites: 200,
  vlans: 200,
  networks: 200,
  switches: 150,
  ports: 100,
  addresses: 300,
  ranges: 300,
  templates: 50,
  lags: 300,
  activity: 40,
};

/** A kind's record with its VLAN list (a port's taggedVlanIds, a switch's configuredVlanIds) as a JSON array of ids, sorted. */
function withVlanList(kind: Kind): string {
  const list = VLAN_LISTS[kind];
  if (!list) return recordJson(RESOURCES[kind], 't');
  const ids = `json((SELECT json_group_array(vlan_id) FROM
    (SELECT vlan_id FROM ${list.table} WHERE ${list.owner} = t.id ORDER BY vlan_id)))`;
  return recordJson(RESOURCES[kind], 't', { [list.field]: ids });
}

/**
 * A LAG's record: its tagged VLANs as withVlanList writes them, and memberPortIds, the ports whose lag_id is the
 * LAG (the column is the port's), in port order (position, then name, as the API answers them).
 */
function lagRecord(): string {
  const list = VLAN_LISTS.lag!;
  const tagged = `json((SELECT json_group_array(vlan_id) FROM
    (SELECT vlan_id FROM ${list.table} WHERE ${list.owner} = t.id ORDER BY vlan_id)))`;
  const members = `json((SELECT json_group_array(id) FROM
    (SELECT id FROM ports WHERE lag_id = t.id ORDER BY position, name, id)))`;
  return recordJson(RESOURCES.lag, 't', { [list.field]: tagged, memberPortIds: members });
}

// Each record is serialised by SQLite itself (record-json.ts), and a chunk comes back as one string: the export
// then makes one JavaScript string per chunk instead of an object per row, which keeps the server's memory flat.
const RECORD_JSON: Record<DocumentKind, string> = {
  users: `json_object('id', id, 'username', username, 'role', role, 'disabled', ${jsonBool('disabled')}, 'createdAt', created_at,
    'updatedAt', updated_at, 'lastLoginAt', last_login_at, 'version', version, 'passwordHash', password_hash,
    'displayName', display_name, 'language', language, 'signIn', sign_in, 'oidcIssuer', oidc_issuer, 'oidcSubject', oidc_subject,
    'ldapDn', ldap_dn)`,
  sites: withVlanList('site'),
  vlans: withVlanList('vlan'),
  networks: withVlanList('network'),
  switches: withVlanList('switch'),
  ports: withVlanList('port'),
  addresses: withVlanList('address'),
  ranges: withVlanList('range'),
  templates: withVlanList('template'),
  lags: lagRecord(),
  activity: `json_object('id', id, 'at', at, 'userId', user_id, 'username', username, 'action', action, 'entityType', entity_type,
    'entityId', entity_id, 'entityName', entity_name, 'siteId', site_id, 'summary', summary, 'changes', json(changes),
    'undoable', ${jsonBool('undoable = 1 AND undone_by IS NULL')}, 'undoneBy', undone_by, 'undoOf', undo_of,
    'undoLost', undo_lost, 'undoData', json(undo_data))`,
};

const KEY_COLUMN: Record<DocumentKind, string> = {
  users: 'rowid',
  sites: 'rowid',
  vlans: 'rowid',
  networks: 'rowid',
  switches: 'rowid',
  ports: 'rowid',
  addresses: 'rowid',
  ranges: 'rowid',
  templates: 'rowid',
  lags: 'rowid',
  activity: 'seq',
};

/**
 * One chunk of a kind after key `after`: at most `limit` records' JSON joined by commas (empty when there are
 * no more), cut after the record that reaches CHUNK_TARGET_CHARS, and `last`, the key to continue from.
 */
function readChunk(db: Db, kind: DocumentKind, after: number, limit: number): { text: string; count: number; last: number } {
  const key = KEY_COLUMN[kind];
  const row = prepare(
    db,
    `SELECT group_concat(record, ',') AS text, count(*) AS count, max(k) AS last FROM
    (SELECT k, record, sum(length(record)) OVER (ORDER BY k ROWS UNBOUNDED PRECEDING) - length(record) AS before FROM
      (SELECT t.${key} AS k, ${RECORD_JSON[kind]} AS record FROM ${kind} t WHERE t.${key} > ? ORDER BY t.${key} LIMIT ?))
    WHERE before < ?`,
  ).get(after, limit, CHUNK_TARGET_CHARS) as { text: string | null; count: number; last: number | null };
  return { text: row.text ?? '', count: row.count, last: row.last ?? after };
}

/** The records of a kind as JSON text chunks (records joined by commas) in key order, each about CHUNK_TARGET_CHARS. */
export function* recordChunks(db: Db, kind: DocumentKind): Generator<string> {
  let after = 0;
  // The rows asked for follow the sizes seen (at most doubling), so that few records are serialised only to be cut.
  let rows = FIRST_CHUNK_ROWS[kind];
  for (;;) {
    const chunk = readChunk(db, kind, after, rows);
    if (chunk.count === 0) return;
    yield chunk.text;
    after = chunk.last;
    const fitting = Math.round((chunk.count * CHUNK_TARGET_CHARS) / Math.max(1, chunk.text.length));
    rows = Math.max(1, Math.min(MAX_CHUNK_ROWS, 2 * rows, fitting + 1));
  }
}
