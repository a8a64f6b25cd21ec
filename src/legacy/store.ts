import { insertActivity, type Action } from '../db/activity.ts';
import { prepare, type Db } from '../db/open.ts';
import type { ApiRecord } from './types.ts';

// The legacy migration's own SQL: plain inserts of records already checked, one prepared statement each,
// reused for every row (100,000 ports go through the same statement), and the indexes it builds after them.

/** Whether the database holds inventory data: any site, network, switch or activity entry (users do not count). */
export function holdsData(db: Db): boolean {
  const row = prepare(
    db,
    `SELECT EXISTS (SELECT 1 FROM sites) OR EXISTS (SELECT 1 FROM networks)
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
const INDEXES_BUILT_AFTER = ['port_tagged_networks_network', 'ports_untagged_network', 'activity_entity', 'activity_site', 'activity_user'];

/**
 * Runs `write` with those indexes dropped, then creates them again from their own definitions, so the schema
 * ends as it began. Only inside the migration's transaction: a rollback restores them too.
 */
export function withIndexesBuiltAfter<T>(db: Db, write: () => T): T {
  if (!db.isTransaction) throw new Error('withIndexesBuiltAfter: only inside a transaction');
  const definitions: string[] = [];
  for (const name of INDEXES_BUILT_AFTER) {
    const row = prepare(db, "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?").get(name) as
      | { sql: string | null }
      | undefined;
    if (!row?.sql) continue;
    definitions.push(row.sql);
    db.exec(`DROP INDEX "${name}"`);
  }
  const result = write();
  for (const sql of definitions) db.exec(sql);
  return result;
}

/** Stores a site. */
export function insertSite(db: Db, site: ApiRecord): void {
  prepare(
    db,
    `INSERT INTO sites (id, name, description, address, notes, version, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(site.id, text(site.name), text(site.description), text(site.address), text(site.notes), text(site.createdAt), text(site.updatedAt));
}

/** Stores a network. */
export function insertNetwork(db: Db, network: ApiRecord): void {
  prepare(
    db,
    `INSERT INTO networks (id, site_id, name, vlan_id, subnet, gateway, description, color, version, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(
    network.id,
    text(network.siteId),
    text(network.name),
    network.vlanId as number,
    text(network.subnet),
    text(network.gateway),
    text(network.description),
    text(network.color),
    text(network.createdAt),
    text(network.updatedAt),
  );
}

/** Stores a switch (its ports are stored apart). */
export function insertSwitch(db: Db, record: ApiRecord): void {
  prepare(
    db,
    `INSERT INTO switches (id, site_id, name, vendor, model, serial_number, mac_address, management_ip, firmware_version,
      location, status, notes, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(
    record.id,
    text(record.siteId),
    text(record.name),
    text(record.vendor),
    text(record.model),
    text(record.serialNumber),
    text(record.macAddress),
    text(record.managementIp),
    text(record.firmwareVersion),
    text(record.location),
    text(record.status),
    text(record.notes),
    text(record.createdAt),
    text(record.updatedAt),
  );
}

/** Stores a port and its tagged networks; linked_port_id is deferred, so both ends of a link may come in any order. */
export function insertPort(db: Db, port: ApiRecord): void {
  prepare(
    db,
    `INSERT INTO ports (id, switch_id, name, position, description, enabled, mode, untagged_network_id, speed, poe,
      linked_port_id, connected_device, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(
    port.id,
    text(port.switchId),
    text(port.name),
    port.position as number,
    text(port.description),
    port.enabled ? 1 : 0,
    text(port.mode),
    text(port.untaggedNetworkId),
    text(port.speed),
    port.poe ? 1 : 0,
    text(port.linkedPortId),
    text(port.connectedDevice),
    text(port.createdAt),
    text(port.updatedAt),
  );
  const tagged = port.taggedNetworkIds as string[];
  if (tagged.length === 0) return;
  // One statement for all of a port's rows (a trunk has 5–20), in key order, so that the rows of ports written
  // in id order go in at the right edge of the table's B-tree.
  const values = tagged.map(() => '(?, ?)').join(', ');
  prepare(db, `INSERT INTO port_tagged_networks (port_id, network_id) VALUES ${values}`).run(
    ...[...tagged].sort().flatMap((networkId) => [port.id as string, networkId]),
  );
}

/** Whether a username is taken (case-insensitively). */
export function usernameTaken(db: Db, username: string): boolean {
  return prepare(db, 'SELECT 1 AS x FROM users WHERE username = ? COLLATE NOCASE').get(username) !== undefined;
}

/** Stores a legacy user with its password hash as it was. */
export function insertLegacyUser(db: Db, user: ApiRecord): void {
  prepare(db, `INSERT INTO users (id, username, password_hash, role, disabled, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)`).run(
    user.id,
    text(user.username),
    text(user.passwordHash),
    text(user.role),
    text(user.createdAt),
    text(user.updatedAt),
  );
}

/** Stores a legacy activity entry as an ordinary, never undoable entry. */
export function insertLegacyActivity(db: Db, entry: ApiRecord): void {
  insertActivity(
    db,
    {
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
      changes: null,
      undo_data: null,
      undoable: 0,
      undone_by: null,
      undo_of: null,
    },
    entry.entityType && entry.entityId ? [{ type: entry.entityType as string, id: entry.entityId as string }] : [],
  );
}

function text(value: unknown): string | null {
  return value === undefined || value === null ? null : String(value);
}
