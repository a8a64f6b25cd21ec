import { NETWORK } from '../fields/networks.ts';
import type { Change } from './change.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, countMatching, pageSql, readJsonPage, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { portIdsUsingNetwork, removeNetworkFromPort } from './ports.ts';
import { apiOf, type ApiRecord } from './record-json.ts';

/** A networks row with its port count. */
export interface NetworkRow {
  id: string;
  site_id: string;
  name: string;
  vlan_id: number;
  subnet: string | null;
  gateway: string | null;
  description: string | null;
  color: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  port_count: number;
}

/** The editable columns of a network. */
export type NetworkValues = Pick<NetworkRow, 'site_id' | 'name' | 'vlan_id' | 'subnet' | 'gateway' | 'description' | 'color'>;

// Ports carrying the network untagged, plus those carrying it tagged but not also untagged: each port once.
const PORT_COUNT = `((SELECT count(*) FROM ports p WHERE p.untagged_network_id = n.id)
  + (SELECT count(*) FROM port_tagged_networks t JOIN ports p ON p.id = t.port_id
     WHERE t.network_id = n.id AND p.untagged_network_id IS NOT t.network_id))`;

const NETWORK_SELECT = `SELECT n.id, n.site_id, n.name, n.vlan_id, n.subnet, n.gateway, n.description, n.color, n.version,
  n.created_at, n.updated_at, ${PORT_COUNT} AS port_count FROM networks n`;

const NETWORK_LIST: ListShape = {
  resource: NETWORK,
  alias: 'n',
  computed: { portCount: { sql: PORT_COUNT, name: 'port_count' } },
  defaultOrder: 'n.vlan_id, n.name, n.id',
};

/** One network by id. */
export function getNetwork(db: Db, id: string): NetworkRow | undefined {
  return prepare(db, `${NETWORK_SELECT} WHERE n.id = ?`).get(id) as NetworkRow | undefined;
}

/** The site of a network, or undefined when there is no such network (for the port rules). */
export function siteOfNetwork(db: Db, id: string): string | undefined {
  return (prepare(db, 'SELECT site_id FROM networks WHERE id = ?').get(id) as { site_id: string } | undefined)?.site_id;
}

/** The list filters of networks. */
export interface NetworkFilter {
  siteId?: string;
  vlanId?: number;
}

function networksQuery(list: ListParams, filter: NetworkFilter): ListQuery {
  return buildListQuery(NETWORK_LIST, list, [
    { sql: 'n.site_id', value: filter.siteId },
    { sql: 'n.vlan_id', value: filter.vlanId },
  ]);
}

/** One page of networks (filtered by site and VLAN) and the total matching the same filter. */
export function listNetworks(db: Db, list: ListParams, filter: NetworkFilter): { rows: NetworkRow[]; total: number } {
  const query = networksQuery(list, filter);
  const total = countMatching(db, NETWORK_LIST, query);
  const rows = prepare(db, pageSql(NETWORK_LIST, NETWORK_SELECT, 'networks', query)).all(
    ...query.params,
    query.limit,
    query.offset,
  ) as unknown as NetworkRow[];
  return { rows, total };
}

/** The same page of networks as listNetworks, serialised as the API's JSON items by SQLite. */
export function listNetworksJson(db: Db, list: ListParams, filter: NetworkFilter): JsonPage {
  return readJsonPage(db, NETWORK_LIST, networksQuery(list, filter));
}

/** The id of the network of a site with this name (case-insensitive), other than `exceptId`. */
export function networkIdByName(db: Db, siteId: string, name: string, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM networks WHERE site_id = ? AND name = ? COLLATE NOCASE AND id <> ?').get(
    siteId,
    name,
    exceptId,
  ) as { id: string } | undefined;
  return row?.id;
}

/** The id of the network of a site with this VLAN number, other than `exceptId`. */
export function networkIdByVlan(db: Db, siteId: string, vlanId: number, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM networks WHERE site_id = ? AND vlan_id = ? AND id <> ?').get(siteId, vlanId, exceptId) as
    | { id: string }
    | undefined;
  return row?.id;
}

/** The ids of a site's networks. */
export function networkIdsOfSite(db: Db, siteId: string): string[] {
  return (prepare(db, 'SELECT id FROM networks WHERE site_id = ?').all(siteId) as { id: string }[]).map((row) => row.id);
}

/** Stores a new network. */
export function insertNetwork(db: Db, id: string, values: NetworkValues, now: string): void {
  prepare(
    db,
    `INSERT INTO networks (id, site_id, name, vlan_id, subnet, gateway, description, color, version, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(id, values.site_id, values.name, values.vlan_id, values.subnet, values.gateway, values.description, values.color, now, now);
}

/** Writes a network's editable columns and raises its version. */
export function updateNetwork(db: Db, id: string, values: NetworkValues, now: string): void {
  prepare(
    db,
    `UPDATE networks SET site_id = ?, name = ?, vlan_id = ?, subnet = ?, gateway = ?, description = ?, color = ?,
    version = version + 1, updated_at = ? WHERE id = ?`,
  ).run(values.site_id, values.name, values.vlan_id, values.subnet, values.gateway, values.description, values.color, now, id);
}

/** Removes a network row (no port may use it any more). */
export function deleteNetwork(db: Db, id: string): void {
  prepare(db, 'DELETE FROM networks WHERE id = ?').run(id);
}

/** Deletes a network after recording it, first taking it off every port that carries it; returns how many ports that was. */
export function removeNetwork(change: Change, id: string): number {
  const users = portIdsUsingNetwork(change.db, id);
  change.touch('network', id);
  change.touch('port', users);
  for (const portId of users) removeNetworkFromPort(change.db, portId, id, change.now);
  deleteNetwork(change.db, id);
  return users.length;
}

/** A network as the API answers it, with its port count. */
export function networkToApi(row: NetworkRow): ApiRecord {
  return { ...apiOf(NETWORK, row), portCount: row.port_count };
}
