import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import type { Change } from './change.ts';
import { deleteEntity } from './images.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { portIdsUsingNetwork, removeNetworkFromPort } from './ports.ts';
import { insertRow, updateRow } from './resource-sql.ts';

/** A networks row with its port count. */
export type NetworkRow = RowOf<typeof NETWORK> & { port_count: number };

/** The editable columns of a network. */
export type NetworkValues = EditableRowOf<typeof NETWORK>;

// Ports carrying the network untagged, plus those carrying it tagged but not also untagged: each port once.
const PORT_COUNT = `((SELECT count(*) FROM ports p WHERE p.untagged_network_id = n.id)
  + (SELECT count(*) FROM port_tagged_networks t JOIN ports p ON p.id = t.port_id
     WHERE t.network_id = n.id AND p.untagged_network_id IS NOT t.network_id))`;

const NETWORK_LIST: ListShape = {
  resource: NETWORK,
  alias: 'n',
  computed: { portCount: { sql: PORT_COUNT, name: 'port_count' } },
  defaultOrder: 'n.vlan_id, n.name, n.id',
};

/** One network by id. */
export function getNetwork(db: Db, id: string): NetworkRow | undefined {
  return prepare(db, `${rowsSelect(NETWORK_LIST)} WHERE n.id = ?`).get(id) as NetworkRow | undefined;
}

/** A network's VLAN number and site by id, or undefined when there is no such network (port rules, CSV). */
export function networkRefById(db: Db, id: string): { vlanId: number; siteId: string } | undefined {
  return prepare(db, 'SELECT vlan_id AS vlanId, site_id AS siteId FROM networks WHERE id = ?').get(id) as
    | { vlanId: number; siteId: string }
    | undefined;
}

/** The site of a network, or undefined when there is no such network: the port rules' NetworkSiteLookup. */
export function siteOfNetwork(db: Db, id: string): string | undefined {
  return networkRefById(db, id)?.siteId;
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
  return readRowsPage(db, NETWORK_LIST, networksQuery(list, filter)) as { rows: NetworkRow[]; total: number };
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
  insertRow(db, NETWORK, { ...values, id, version: 1, created_at: now, updated_at: now });
}

/** Writes a network's editable columns and raises its version. */
export function updateNetwork(db: Db, id: string, values: NetworkValues, now: string): void {
  updateRow(db, NETWORK, id, values, now);
}

/** Deletes a network after recording it, first taking it off every port that carries it; returns how many ports that was. */
export function removeNetwork(change: Change, id: string): number {
  const users = portIdsUsingNetwork(change.db, id);
  change.touch('network', id);
  change.touch('port', users);
  for (const portId of users) removeNetworkFromPort(change.db, portId, id, change.now);
  deleteEntity(change.db, 'network', id);
  return users.length;
}

/** A network as the API answers it, with its port count. */
export function networkToApi(row: NetworkRow): ApiRecord {
  return { ...apiOf(NETWORK, row), portCount: row.port_count };
}
