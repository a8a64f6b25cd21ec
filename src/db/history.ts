import { prepare, type Db } from './open.ts';

// The SQL of the history of what discoveries saw (migrations/0021_history.sql): MAC sightings, port state changes
// and each port's last observed state, written in bulk (one statement per table, through json_each) in the
// transaction of the discovery's row; and the timelines and free-port reports read from them.

/** A MAC seen on a documented access port by one discovery (the MAC and ARP tables kept: discover.ts keptFdb). */
export interface SeenMac {
  mac: string;
  vlan: number | null;
  portId: string;
  portName: string;
}

/** A documented port as one discovery saw it; the counters where the agent has them. */
export interface SeenPort {
  portId: string;
  name: string;
  operUp: 0 | 1;
  adminUp: 0 | 1;
  in?: number;
  out?: number;
}

/** One discovery of a switch for the history: when, the switch's discovery before (null: none), and its name. */
export interface HistoryPoll {
  switchId: string;
  switchName: string;
  at: string;
  previousAt: string | null;
}

/** When the switch was discovered last before the discovery `exceptId`, or null. */
export function previousDiscoveryAt(db: Db, switchId: string, exceptId: string): string | null {
  const row = prepare(db, 'SELECT observed_at FROM discoveries WHERE switch_id = ? AND id <> ? ORDER BY observed_at DESC LIMIT 1').get(
    switchId,
    exceptId,
  ) as { observed_at: string } | undefined;
  return row?.observed_at ?? null;
}

const SAME_STAY = `s.mac = j.value ->> 'mac' AND s.switch_id = :switch AND s.port_id = j.value ->> 'portId' AND s.vlan IS j.value ->> 'vlan'`;
const ARP_IP = `(SELECT a.ip FROM arp_entries a WHERE a.mac = j.value ->> 'mac' ORDER BY a.seen_at DESC, a.ip LIMIT 1)`;

/** Extends the sightings the switch's discovery before saw again where they were; starts a new one for every other MAC. */
export function recordSightings(db: Db, poll: HistoryPoll, seen: readonly SeenMac[]): void {
  if (seen.length === 0) return;
  const params = { switch: poll.switchId, name: poll.switchName, now: poll.at, entries: JSON.stringify(seen) };
  // j CROSS JOIN s: each MAC seen is looked up by its index, not every sighting of the switch matched against each.
  if (poll.previousAt !== null)
    prepare(
      db,
      `UPDATE mac_sightings SET last_seen = :now, switch_name = :name,
        port_name = coalesce((SELECT p.name FROM ports p WHERE p.id = mac_sightings.port_id), port_name),
        ip = coalesce((SELECT a.ip FROM arp_entries a WHERE a.mac = mac_sightings.mac ORDER BY a.seen_at DESC, a.ip LIMIT 1), ip)
      WHERE id IN (SELECT s.id FROM json_each(:entries) AS j CROSS JOIN mac_sightings s WHERE ${SAME_STAY} AND s.last_seen = :previous)`,
    ).run({ ...params, previous: poll.previousAt });
  prepare(
    db,
    `INSERT INTO mac_sightings (mac, vlan, switch_id, port_id, switch_name, port_name, ip, first_seen, last_seen)
    SELECT j.value ->> 'mac', j.value ->> 'vlan', :switch, j.value ->> 'portId', :name, j.value ->> 'portName', ${ARP_IP}, :now, :now
    FROM json_each(:entries) AS j WHERE NOT EXISTS (SELECT 1 FROM mac_sightings s WHERE ${SAME_STAY} AND s.last_seen = :now)`,
  ).run(params);
}

/** Records the link and admin state changes since each port's last observation, then makes this its last observation. */
export function recordPortStates(db: Db, poll: HistoryPoll, seen: readonly SeenPort[]): void {
  if (seen.length === 0) return;
  const params = { switch: poll.switchId, now: poll.at, ports: JSON.stringify(seen) };
  const changed = (state: string, column: string, up: string, down: string) =>
    `SELECT o.port_id, :switch, j.value ->> 'name', :now, CASE WHEN j.value ->> '${state}' = 1 THEN '${up}' ELSE '${down}' END
    FROM json_each(:ports) AS j JOIN port_observations o ON o.port_id = j.value ->> 'portId' WHERE o.${column} <> j.value ->> '${state}'`;
  prepare(
    db,
    `INSERT INTO port_state_changes (port_id, switch_id, port_name, at, change)
    ${changed('operUp', 'oper_up', 'link_up', 'link_down')} UNION ALL ${changed('adminUp', 'admin_up', 'admin_up', 'admin_down')}`,
  ).run(params);
  prepare(
    db,
    `INSERT INTO port_observations (port_id, oper_up, admin_up, in_octets, out_octets, first_observed_at, observed_at, last_up_at, last_used_at)
    SELECT j.value ->> 'portId', j.value ->> 'operUp', j.value ->> 'adminUp', j.value ->> 'in', j.value ->> 'out', :now, :now,
      CASE WHEN j.value ->> 'operUp' = 1 THEN :now END, NULL
    FROM json_each(:ports) AS j WHERE true
    ON CONFLICT (port_id) DO UPDATE SET
      last_used_at = CASE WHEN excluded.in_octets > in_octets OR excluded.out_octets > out_octets THEN :now ELSE last_used_at END,
      last_up_at = coalesce(excluded.last_up_at, last_up_at), oper_up = excluded.oper_up, admin_up = excluded.admin_up,
      in_octets = excluded.in_octets, out_octets = excluded.out_octets, observed_at = excluded.observed_at`,
  ).run({ now: params.now, ports: params.ports });
}

/** Deletes at most `batch` sightings and `batch` state changes last seen before `cutoff`; answers how many went. */
export function pruneHistory(db: Db, cutoff: string, batch: number): number {
  const sightings = prepare(
    db,
    'DELETE FROM mac_sightings WHERE id IN (SELECT id FROM mac_sightings WHERE last_seen < ? ORDER BY last_seen LIMIT ?)',
  ).run(cutoff, batch);
  const changes = prepare(
    db,
    'DELETE FROM port_state_changes WHERE id IN (SELECT id FROM port_state_changes WHERE at < ? ORDER BY at LIMIT ?)',
  ).run(cutoff, batch);
  return Number(sightings.changes) + Number(changes.changes);
}

// ---- Reading ----

/** A sighting as the timeline answers it: the names are the switch's and port's now, else those they had when seen. */
export interface SightingRow {
  mac: string;
  vlan: number | null;
  switch_id: string;
  port_id: string;
  switch_name: string;
  port_name: string;
  ip: string | null;
  first_seen: string;
  last_seen: string;
}

/** What a timeline of sightings is asked for: one of mac, ip, switchId or portId; since bounds last_seen. */
export interface SightingFilter {
  mac?: string;
  ip?: string;
  switchId?: string;
  portId?: string;
  since?: string;
}

const SIGHTING_COLUMNS = `s.mac, s.vlan, s.switch_id, s.port_id, coalesce(w.name, s.switch_name) AS switch_name,
  coalesce(p.name, s.port_name) AS port_name, s.ip, s.first_seen, s.last_seen`;

/** The WHERE of a filter: the one key asked (each has its index by key and last_seen), and since. */
function sightingWhere(filter: SightingFilter): string {
  const key = filter.mac ? 's.mac = :mac' : filter.ip ? 's.ip = :ip' : filter.switchId ? 's.switch_id = :switchId' : 's.port_id = :portId';
  return filter.since ? `${key} AND s.last_seen >= :since` : key;
}

/** One page of a timeline of sightings, newest first, with the total. */
export function listSightings(db: Db, filter: SightingFilter, limit: number, offset: number): { rows: SightingRow[]; total: number } {
  const params = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
  const where = sightingWhere(filter);
  const rows = prepare(
    db,
    `SELECT ${SIGHTING_COLUMNS} FROM mac_sightings s LEFT JOIN switches w ON w.id = s.switch_id LEFT JOIN ports p ON p.id = s.port_id
    WHERE ${where} ORDER BY s.last_seen DESC, s.id DESC LIMIT :limit OFFSET :offset`,
  ).all({ ...params, limit, offset }) as unknown as SightingRow[];
  const { n } = prepare(db, `SELECT count(*) AS n FROM mac_sightings s WHERE ${where}`).get(params) as { n: number };
  return { rows, total: n };
}

/** The time span of a page of a port's timeline: after (exclusive) and up to (inclusive) these times, when given. */
export interface TimeSpan {
  after?: string;
  upTo?: string;
}

/** A port's observed state changes within `span`, newest first (at most `limit`). */
export function portStateChanges(db: Db, portId: string, span: TimeSpan, limit: number): { at: string; change: string }[] {
  return prepare(
    db,
    `SELECT at, change FROM port_state_changes WHERE port_id = :port AND at > coalesce(:after, '') AND at <= coalesce(:upTo, '9999')
    ORDER BY at DESC, id DESC LIMIT :limit`,
  ).all({ port: portId, after: span.after ?? null, upTo: span.upTo ?? null, limit }) as { at: string; change: string }[];
}

/** A port with no link since before the cutoff, or never seen up, with its switch and when it was last up and used. */
export interface FreePortRow {
  port_id: string;
  port_name: string;
  description: string | null;
  switch_id: string;
  switch_name: string;
  admin_up: number;
  last_up_at: string | null;
  last_used_at: string | null;
  first_observed_at: string;
  observed_at: string;
}

const FREE_PORT = `SELECT p.id AS port_id, p.name AS port_name, p.description, w.id AS switch_id, w.name AS switch_name, o.admin_up,
  o.last_up_at, o.last_used_at, o.first_observed_at, o.observed_at`;
const NO_LINK_SINCE = 'o.oper_up = 0 AND (o.last_up_at IS NULL OR o.last_up_at < :cutoff)';

/** A switch's ports observed without link since before `cutoff` (or never up), in port order. */
export function switchFreePorts(db: Db, switchId: string, cutoff: string): FreePortRow[] {
  return prepare(
    db,
    `${FREE_PORT} FROM switches w JOIN ports p ON p.switch_id = w.id JOIN port_observations o ON o.port_id = p.id
    WHERE w.id = :switch AND ${NO_LINK_SINCE} ORDER BY p.position, p.name, p.id`,
  ).all({ switch: switchId, cutoff }) as unknown as FreePortRow[];
}

/** The same over every switch of a site, by switch name and port order. */
export function siteFreePorts(db: Db, siteId: string, cutoff: string): FreePortRow[] {
  return prepare(
    db,
    `${FREE_PORT} FROM switches w JOIN ports p ON p.switch_id = w.id JOIN port_observations o ON o.port_id = p.id
    WHERE w.site_id = :site AND ${NO_LINK_SINCE} ORDER BY w.name, w.id, p.position, p.name, p.id`,
  ).all({ site: siteId, cutoff }) as unknown as FreePortRow[];
}
