import { PORT } from '../fields/ports.ts';
import type { Change } from './change.ts';
import { taggedNetworkIds } from './images.ts';
export { setTagged } from './images.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, countMatching, pageSql, readJsonPage, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { apiOf, type ApiRecord } from './record-json.ts';

/** A ports row with its tagged network ids (sorted, as the activity images keep them). */
export interface PortRow {
  id: string;
  switch_id: string;
  name: string;
  position: number;
  description: string | null;
  enabled: number;
  mode: 'access' | 'trunk';
  untagged_network_id: string | null;
  speed: string | null;
  poe: number;
  linked_port_id: string | null;
  connected_device: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  tagged: string[];
}

/** The editable columns of a port; its tagged list is written by setTagged, the far end of a link by relinkFarEnds. */
export type PortValues = Pick<
  PortRow,
  'name' | 'position' | 'description' | 'enabled' | 'mode' | 'untagged_network_id' | 'speed' | 'poe' | 'linked_port_id' | 'connected_device'
>;

const PORT_SELECT = `SELECT p.id, p.switch_id, p.name, p.position, p.description, p.enabled, p.mode, p.untagged_network_id,
  p.speed, p.poe, p.linked_port_id, p.connected_device, p.version, p.created_at, p.updated_at FROM ports p`;

/** SQL of the JSON array of the tagged network ids of the port row `alias`, sorted as taggedNetworkIds reads them. */
export function taggedNetworkIdsJson(alias: string): string {
  return `json((SELECT json_group_array(network_id) FROM
    (SELECT network_id FROM port_tagged_networks WHERE port_id = ${alias}.id ORDER BY network_id)))`;
}

const PORT_LIST: ListShape = {
  resource: PORT,
  alias: 'p',
  computed: { taggedNetworkIds: { sql: taggedNetworkIdsJson('p') } },
  defaultOrder: 'p.switch_id, p.position, p.name, p.id',
};

function withTagged(db: Db, row: Omit<PortRow, 'tagged'> | undefined): PortRow | undefined {
  return row && { ...row, tagged: taggedNetworkIds(db, row.id) };
}

/** One port by id, with its tagged networks. */
export function getPort(db: Db, id: string): PortRow | undefined {
  return withTagged(db, prepare(db, `${PORT_SELECT} WHERE p.id = ?`).get(id) as Omit<PortRow, 'tagged'> | undefined);
}

/** The list filters of ports. */
export interface PortFilter {
  switchId?: string;
  siteId?: string;
}

function portsQuery(list: ListParams, filter: PortFilter): ListQuery {
  return buildListQuery(PORT_LIST, list, [
    { sql: 'p.switch_id', value: filter.switchId },
    { sql: '(SELECT w.site_id FROM switches w WHERE w.id = p.switch_id)', value: filter.siteId },
  ]);
}

/** One page of ports (filtered by switch and by site) and the total matching the same filter. */
export function listPorts(db: Db, list: ListParams, filter: PortFilter): { rows: PortRow[]; total: number } {
  const query = portsQuery(list, filter);
  const total = countMatching(db, PORT_LIST, query);
  const rows = prepare(db, pageSql(PORT_LIST, PORT_SELECT, 'ports', query)).all(
    ...query.params,
    query.limit,
    query.offset,
  ) as unknown as Omit<PortRow, 'tagged'>[];
  return { rows: rows.map((row) => withTagged(db, row)!), total };
}

/** The same page of ports as listPorts, with their tagged networks, serialised as the API's JSON items by SQLite. */
export function listPortsJson(db: Db, list: ListParams, filter: PortFilter): JsonPage {
  return readJsonPage(db, PORT_LIST, portsQuery(list, filter));
}

/** Every port of a switch by position, with tagged networks. */
export function portsOfSwitch(db: Db, switchId: string): PortRow[] {
  const rows = prepare(db, `${PORT_SELECT} WHERE p.switch_id = ? ORDER BY p.position, p.name, p.id`).all(switchId) as unknown as Omit<
    PortRow,
    'tagged'
  >[];
  return rows.map((row) => withTagged(db, row)!);
}

/** The switch of a port, or undefined when there is no such port. */
export function switchOfPort(db: Db, id: string): string | undefined {
  return (prepare(db, 'SELECT switch_id FROM ports WHERE id = ?').get(id) as { switch_id: string } | undefined)?.switch_id;
}

/** The id of the port of a switch with this name (case-insensitive), other than `exceptId`. */
export function portIdByName(db: Db, switchId: string, name: string, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM ports WHERE switch_id = ? AND name = ? COLLATE NOCASE AND id <> ?').get(
    switchId,
    name,
    exceptId,
  ) as { id: string } | undefined;
  return row?.id;
}

/** The position after the last port of a switch (1 for the first). */
export function nextPosition(db: Db, switchId: string): number {
  return (prepare(db, 'SELECT coalesce(max(position), 0) + 1 AS n FROM ports WHERE switch_id = ?').get(switchId) as { n: number }).n;
}

/** The ids of a switch's ports. */
export function portIdsOfSwitch(db: Db, switchId: string): string[] {
  return (prepare(db, 'SELECT id FROM ports WHERE switch_id = ?').all(switchId) as { id: string }[]).map((row) => row.id);
}

/** The ids of the ports that carry a network, untagged or tagged. */
export function portIdsUsingNetwork(db: Db, networkId: string): string[] {
  return (
    prepare(
      db,
      `SELECT id FROM ports WHERE untagged_network_id = ?
    UNION SELECT port_id FROM port_tagged_networks WHERE network_id = ?`,
    ).all(networkId, networkId) as { id: string }[]
  ).map((row) => row.id);
}

/** How many ports of a switch carry any network (untagged or tagged). */
export function countPortsWithNetworks(db: Db, switchId: string): number {
  return (
    prepare(
      db,
      `SELECT count(*) AS n FROM ports p WHERE p.switch_id = ? AND (p.untagged_network_id IS NOT NULL
    OR EXISTS (SELECT 1 FROM port_tagged_networks t WHERE t.port_id = p.id))`,
    ).get(switchId) as { n: number }
  ).n;
}

/** Stores a new port; set its tagged list with setTagged. */
export function insertPort(db: Db, id: string, switchId: string, v: PortValues, now: string): void {
  prepare(
    db,
    `INSERT INTO ports (id, switch_id, name, position, description, enabled, mode, untagged_network_id, speed, poe,
    linked_port_id, connected_device, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(
    id,
    switchId,
    v.name,
    v.position,
    v.description,
    v.enabled,
    v.mode,
    v.untagged_network_id,
    v.speed,
    v.poe,
    v.linked_port_id,
    v.connected_device,
    now,
    now,
  );
}

/** Writes a port's editable columns and raises its version. */
export function updatePort(db: Db, id: string, v: PortValues, now: string): void {
  prepare(
    db,
    `UPDATE ports SET name = ?, position = ?, description = ?, enabled = ?, mode = ?, untagged_network_id = ?, speed = ?,
    poe = ?, linked_port_id = ?, connected_device = ?, version = version + 1, updated_at = ? WHERE id = ?`,
  ).run(
    v.name,
    v.position,
    v.description,
    v.enabled,
    v.mode,
    v.untagged_network_id,
    v.speed,
    v.poe,
    v.linked_port_id,
    v.connected_device,
    now,
    id,
  );
}

/** Points one end of a link (or null) and raises that port's version. */
export function setLink(db: Db, id: string, linkedPortId: string | null, now: string): void {
  prepare(db, 'UPDATE ports SET linked_port_id = ?, version = version + 1, updated_at = ? WHERE id = ?').run(linkedPortId, now, id);
}

/** Takes a network off one port (untagged and tagged) and raises the port's version. */
export function removeNetworkFromPort(db: Db, id: string, networkId: string, now: string): void {
  prepare(db, 'DELETE FROM port_tagged_networks WHERE port_id = ? AND network_id = ?').run(id, networkId);
  prepare(
    db,
    `UPDATE ports SET untagged_network_id = CASE WHEN untagged_network_id = ? THEN NULL ELSE untagged_network_id END,
    version = version + 1, updated_at = ? WHERE id = ?`,
  ).run(networkId, now, id);
}

/** Removes a port row and its tagged list (its far end must be unlinked first). */
export function deletePort(db: Db, id: string): void {
  prepare(db, 'DELETE FROM port_tagged_networks WHERE port_id = ?').run(id);
  prepare(db, 'DELETE FROM ports WHERE id = ?').run(id);
}

/** The ids of the ports whose link points at this port. */
export function portIdsLinkedTo(db: Db, id: string): string[] {
  return (prepare(db, 'SELECT id FROM ports WHERE linked_port_id = ?').all(id) as { id: string }[]).map((row) => row.id);
}

/** Deletes ports after recording them, first unlinking the far ends that stay; returns how many were deleted. */
export function removePorts(change: Change, ids: readonly string[]): number {
  const gone = new Set(ids);
  const farEnds = [...new Set(ids.flatMap((id) => portIdsLinkedTo(change.db, id)))].filter((id) => !gone.has(id));
  change.touch('port', [...ids, ...farEnds]);
  for (const id of farEnds) setLink(change.db, id, null, change.now);
  for (const id of ids) deletePort(change.db, id);
  return ids.length;
}

/**
 * Moves the link of `portId` from `before` to `after` on the other ends: the old partner and the new
 * partner's old partner are unlinked, the new partner points back. The caller writes `portId` itself.
 */
export function relinkFarEnds(change: Change, portId: string, before: string | null, after: string | null): void {
  if (before === after) return;
  const stale = new Set([...(before ? [before] : []), ...(after ? portIdsLinkedTo(change.db, after) : [])]);
  stale.delete(portId);
  if (after) stale.delete(after);
  change.touch('port', [...stale, ...(after ? [after] : [])]);
  for (const id of stale) setLink(change.db, id, null, change.now);
  if (after) setLink(change.db, after, portId, change.now);
}

/** A port as the API answers it, with its tagged network ids. */
export function portToApi(row: PortRow): ApiRecord {
  return { ...apiOf(PORT, row), taggedNetworkIds: row.tagged };
}
