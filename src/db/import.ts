import { toColumnValue } from '../fields/field.ts';
import { insertActivity, type ActivityRow } from './activity.ts';
import { RESOURCES, type Kind } from './images.ts';
import { prepare, type Db } from './open.ts';

// The row writes of restore, merge and bulk import. Every caller runs them inside one inTransaction with
// its one activity entry; records arrive checked, in the API's shape (camelCase).

/** A checked inventory record in the API's shape, with its id, version and timestamps. */
export type StoredRecord = Record<string, unknown> & { id: string };

function insertSql(kind: Kind): { sql: string; fields: ReturnType<typeof columnFields> } {
  const fields = columnFields(kind);
  const columns = fields.map((field) => field.column!);
  return { sql: `INSERT INTO ${RESOURCES[kind].table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, fields };
}

function columnFields(kind: Kind) {
  return RESOURCES[kind].fields.filter((field) => field.column !== undefined);
}

/** Inserts one inventory record as given (id, version and timestamps included); a port's tagged list too. */
export function insertRecord(db: Db, kind: Kind, record: StoredRecord): void {
  const { sql, fields } = insertSql(kind);
  prepare(db, sql).run(...fields.map((field) => toColumnValue(field, record[field.name]) as string | number | null));
  if (kind === 'port') {
    const add = prepare(db, 'INSERT INTO port_tagged_networks (port_id, network_id) VALUES (?, ?)');
    for (const networkId of (record.taggedNetworkIds as string[] | undefined) ?? []) add.run(record.id, networkId);
  }
}

/** Sets the link of one port (one end only), raising its version. */
export function setPortLink(db: Db, portId: string, linkedPortId: string | null, now: string): void {
  prepare(db, 'UPDATE ports SET linked_port_id = ?, version = version + 1, updated_at = ? WHERE id = ?').run(linkedPortId, now, portId);
}

/** The port a port is linked to, or null; undefined when the port does not exist. */
export function portLink(db: Db, portId: string): string | null | undefined {
  const row = prepare(db, 'SELECT linked_port_id AS linked FROM ports WHERE id = ?').get(portId) as { linked: string | null } | undefined;
  return row ? row.linked : undefined;
}

/** The highest position of a switch's ports, or 0 without ports. */
export function lastPortPosition(db: Db, switchId: string): number {
  return (prepare(db, 'SELECT coalesce(max(position), 0) AS last FROM ports WHERE switch_id = ?').get(switchId) as { last: number }).last;
}

/** Removes every site, network, switch, port and activity entry (restore replaces them all). */
export function deleteInventoryAndActivity(db: Db): void {
  prepare(db, 'UPDATE ports SET linked_port_id = NULL').run();
  for (const table of ['activity_entities', 'activity', 'port_tagged_networks', 'ports', 'switches', 'networks', 'sites']) {
    prepare(db, `DELETE FROM ${table}`).run();
  }
}

/** A user as a backup holds it. */
export interface StoredUser {
  id: string;
  username: string;
  passwordHash: string;
  role: string;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
  version: number;
}

/** The highest token_version any user ever had, deleted and replaced users included (migration 0005). */
export function maxTokenVersion(db: Db): number {
  return (prepare(db, 'SELECT highest AS v FROM token_versions WHERE id = 1').get() as { v: number }).v;
}

/** Removes every user and API token (restore with users=replace). */
export function deleteUsers(db: Db): void {
  prepare(db, 'DELETE FROM api_tokens').run();
  prepare(db, 'DELETE FROM users').run();
}

/** Inserts a user from a backup, with a token_version that no token issued before carries. */
export function insertStoredUser(db: Db, user: StoredUser, tokenVersion: number): void {
  prepare(
    db,
    `INSERT INTO users (id, username, password_hash, role, disabled, token_version, version, created_at, updated_at, last_login_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    user.id,
    user.username,
    user.passwordHash,
    user.role,
    user.disabled ? 1 : 0,
    tokenVersion,
    user.version,
    user.createdAt,
    user.updatedAt,
    user.lastLoginAt,
  );
}

/** Inserts an activity entry as a backup or merge holds it, with the entities it touched. */
export function insertStoredActivity(db: Db, row: Omit<ActivityRow, 'seq'>, touched: { type: string; id: string }[]): void {
  insertActivity(db, row, touched);
}
