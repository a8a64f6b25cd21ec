import { prepare, type Db } from './open.ts';

// The SQL of SNMP discoveries (docs/DISCOVERY.md): discoveries with what they read and proposed, the credentials
// kept per switch (sealed: src/discovery/credentials.ts), the MAC and ARP tables kept per switch, and the reads of
// the documented data a proposal compares with. Observations, not inventory: no activity entry, no undo.

/** A discoveries row as stored; system, proposal, observed, notes and applied_keys are JSON text. */
export interface DiscoveryRow {
  id: string;
  site_id: string;
  switch_id: string | null;
  for_new_switch: number;
  host: string;
  observed_at: string;
  created_by: string | null;
  system: string;
  proposal: string;
  observed: string;
  notes: string;
  applied_at: string | null;
  applied_keys: string | null;
  activity_id: string | null;
  credentials_nonce: Uint8Array | null;
  credentials_sealed: Uint8Array | null;
  /** The agent that read it (migrations/0027_agents.sql); null for the server's own discoveries and polls. */
  agent_id?: string | null;
}

/** A discovery as lists show it: without what it read for applying, and without credentials. */
export type ListedDiscoveryRow = Omit<DiscoveryRow, 'observed' | 'proposal' | 'credentials_nonce' | 'credentials_sealed'> & {
  proposal_count: number;
  /** 1 when SNMP credentials are remembered for its switch now. */
  credentials_remembered: number;
};

/** Stores a new discovery. */
export function insertDiscovery(db: Db, row: DiscoveryRow): void {
  prepare(
    db,
    `INSERT INTO discoveries (id, site_id, switch_id, for_new_switch, host, observed_at, created_by, system, proposal, observed, notes,
      applied_at, applied_keys, activity_id, credentials_nonce, credentials_sealed, agent_id)
    VALUES (:id, :site_id, :switch_id, :for_new_switch, :host, :observed_at, :created_by, :system, :proposal, :observed, :notes,
      :applied_at, :applied_keys, :activity_id, :credentials_nonce, :credentials_sealed, :agent_id)`,
  ).run({ ...row, agent_id: row.agent_id ?? null });
}

/** One discovery by id. */
export function getDiscovery(db: Db, id: string): DiscoveryRow | undefined {
  return prepare(db, 'SELECT * FROM discoveries WHERE id = ?').get(id) as DiscoveryRow | undefined;
}

/** The list filters of discoveries. */
export interface DiscoveryFilter {
  switchId?: string;
  siteId?: string;
}

const LISTED = `id, site_id, switch_id, for_new_switch, host, observed_at, created_by, agent_id, system, notes, applied_at, applied_keys,
  activity_id, json_array_length(proposal) AS proposal_count,
  EXISTS (SELECT 1 FROM snmp_credentials c WHERE c.switch_id = discoveries.switch_id) AS credentials_remembered`;

/**
 * The WHERE of the filters given, so that SQLite takes the index by switch or by site (`:switch IS NULL OR
 * switch_id = :switch` would read every discovery, proposals and all).
 */
function filtered(filter: DiscoveryFilter): string {
  const conditions = [filter.switchId ? 'switch_id = :switch' : '', filter.siteId ? 'site_id = :site' : ''].filter(Boolean);
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** One page of discoveries, newest first, with the total matching the same filter. */
export function listDiscoveries(
  db: Db,
  filter: DiscoveryFilter,
  limit: number,
  offset: number,
): { rows: ListedDiscoveryRow[]; total: number } {
  const params = { ...(filter.switchId ? { switch: filter.switchId } : {}), ...(filter.siteId ? { site: filter.siteId } : {}) };
  const where = filtered(filter);
  const rows = prepare(db, `SELECT ${LISTED} FROM discoveries ${where} ORDER BY observed_at DESC, id LIMIT :limit OFFSET :offset`).all({
    ...params,
    limit,
    offset,
  }) as unknown as ListedDiscoveryRow[];
  const { n } = prepare(db, `SELECT count(*) AS n FROM discoveries ${where}`).get(params) as { n: number };
  return { rows, total: n };
}

/**
 * Marks a discovery applied (its keys, the switch it created, the activity entry that applied it), and lets go of
 * credentials it held for that switch.
 */
export function markDiscoveryApplied(
  db: Db,
  id: string,
  applied: { at: string; keys: readonly string[]; switchId: string; activityId: string },
): void {
  prepare(
    db,
    `UPDATE discoveries SET applied_at = ?, applied_keys = ?, switch_id = ?, activity_id = ?, credentials_nonce = NULL,
      credentials_sealed = NULL
    WHERE id = ?`,
  ).run(applied.at, JSON.stringify(applied.keys), applied.switchId, applied.activityId, id);
}

// ---- Credentials kept per switch ----

/** The sealed credentials kept for a switch. */
export function switchCredentials(db: Db, switchId: string): { nonce: Uint8Array; sealed: Uint8Array } | undefined {
  return prepare(db, 'SELECT nonce, sealed FROM snmp_credentials WHERE switch_id = ?').get(switchId) as
    | { nonce: Uint8Array; sealed: Uint8Array }
    | undefined;
}

/** Keeps sealed credentials for a switch, in place of any kept before. */
export function keepSwitchCredentials(db: Db, switchId: string, nonce: Uint8Array, sealed: Uint8Array, now: string): void {
  prepare(
    db,
    `INSERT INTO snmp_credentials (switch_id, nonce, sealed, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (switch_id) DO UPDATE SET nonce = excluded.nonce, sealed = excluded.sealed, updated_at = excluded.updated_at`,
  ).run(switchId, nonce, sealed, now);
}

// ---- MAC (forwarding database) and ARP tables kept per switch ----

/** A MAC address seen on a port. */
export interface FdbEntry {
  portId: string;
  mac: string;
  vlan: number | null;
}

/** An IP address and the MAC address it belongs to. */
export interface ArpEntry {
  ip: string;
  mac: string;
}

/** Makes `entries` the switch's MAC table, seen at `seenAt`. */
export function replaceFdb(db: Db, switchId: string, entries: readonly FdbEntry[], seenAt: string): void {
  prepare(db, 'DELETE FROM fdb_entries WHERE switch_id = ?').run(switchId);
  const insert = prepare(db, 'INSERT INTO fdb_entries (switch_id, port_id, mac, vlan, seen_at) VALUES (?, ?, ?, ?, ?)');
  for (const entry of entries) insert.run(switchId, entry.portId, entry.mac, entry.vlan, seenAt);
}

/** Makes `entries` the switch's ARP table, seen at `seenAt`. */
export function replaceArp(db: Db, switchId: string, entries: readonly ArpEntry[], seenAt: string): void {
  prepare(db, 'DELETE FROM arp_entries WHERE switch_id = ?').run(switchId);
  const insert = prepare(db, 'INSERT INTO arp_entries (switch_id, ip, mac, seen_at) VALUES (?, ?, ?, ?)');
  for (const entry of entries) insert.run(switchId, entry.ip, entry.mac, seenAt);
}

/** A kept MAC table entry with its port's name and the IP addresses any kept ARP table gives its MAC (JSON array). */
export interface FdbRow {
  mac: string;
  vlan: number | null;
  port_id: string;
  port_name: string;
  seen_at: string;
  ips: string;
}

/** One page of a switch's kept MAC table, by port order and MAC, with its total. */
export function listFdb(db: Db, switchId: string, limit: number, offset: number): { rows: FdbRow[]; total: number } {
  const rows = prepare(
    db,
    `SELECT f.mac, f.vlan, f.port_id, p.name AS port_name, f.seen_at,
      (SELECT json_group_array(ip) FROM (SELECT DISTINCT a.ip FROM arp_entries a WHERE a.mac = f.mac ORDER BY a.ip)) AS ips
    FROM fdb_entries f JOIN ports p ON p.id = f.port_id
    WHERE f.switch_id = ? ORDER BY p.position, p.name, f.mac, f.vlan LIMIT ? OFFSET ?`,
  ).all(switchId, limit, offset) as unknown as FdbRow[];
  const { n } = prepare(db, 'SELECT count(*) AS n FROM fdb_entries WHERE switch_id = ?').get(switchId) as { n: number };
  return { rows, total: n };
}

// ---- The documented data a proposal compares with ----

/** A port of the discovered switch, with what the proposal compares: VLAN numbers, its LAG's name, its link's far end. */
export interface DocumentedPortRow {
  id: string;
  name: string;
  description: string | null;
  speed: string | null;
  type: string;
  enabled: number;
  link_status: string | null;
  mode: string;
  untagged_vid: number | null;
  tagged_vids: string;
  lag_name: string | null;
  linked_switch: string | null;
  linked_port: string | null;
}

/** Every port of a switch, in port order, as a proposal compares it. */
export function documentedPorts(db: Db, switchId: string): DocumentedPortRow[] {
  return prepare(
    db,
    `SELECT p.id, p.name, p.description, p.speed, p.type, p.enabled, p.link_status, p.mode,
      (SELECT v.vid FROM vlans v WHERE v.id = p.untagged_vlan_id) AS untagged_vid,
      (SELECT json_group_array(vid) FROM (SELECT v.vid FROM port_tagged_vlans t JOIN vlans v ON v.id = t.vlan_id
        WHERE t.port_id = p.id ORDER BY v.vid)) AS tagged_vids,
      l.name AS lag_name, fw.name AS linked_switch, fp.name AS linked_port
    FROM ports p LEFT JOIN lags l ON l.id = p.lag_id
      LEFT JOIN ports fp ON fp.id = p.linked_port_id LEFT JOIN switches fw ON fw.id = fp.switch_id
    WHERE p.switch_id = ? ORDER BY p.position, p.name, p.id`,
  ).all(switchId) as unknown as DocumentedPortRow[];
}

/** Every LAG of a switch with its members' names in port order (JSON array). */
export function documentedLags(db: Db, switchId: string): { id: string; name: string; members: string }[] {
  return prepare(
    db,
    `SELECT l.id, l.name, (SELECT json_group_array(name) FROM
      (SELECT p.name FROM ports p WHERE p.lag_id = l.id ORDER BY p.position, p.name, p.id)) AS members
    FROM lags l WHERE l.switch_id = ? ORDER BY l.name, l.id`,
  ).all(switchId) as { id: string; name: string; members: string }[];
}

/** A site's VLANs by number: id, number and name. */
export function siteVlans(db: Db, siteId: string): { id: string; vid: number; name: string }[] {
  return prepare(db, 'SELECT id, vid, name FROM vlans WHERE site_id = ? ORDER BY vid').all(siteId) as {
    id: string;
    vid: number;
    name: string;
  }[];
}

/** A site's switches, each with its MAC and its port names (JSON array), for links through LLDP. */
export function siteSwitchesWithPorts(
  db: Db,
  siteId: string,
): { id: string; name: string; mac_address: string | null; management_ip: string | null; ports: string }[] {
  return prepare(
    db,
    `SELECT w.id, w.name, w.mac_address, w.management_ip,
      (SELECT json_group_array(name) FROM (SELECT p.name FROM ports p WHERE p.switch_id = w.id ORDER BY p.position, p.name)) AS ports
    FROM switches w WHERE w.site_id = ? ORDER BY w.name, w.id`,
  ).all(siteId) as { id: string; name: string; mac_address: string | null; management_ip: string | null; ports: string }[];
}
