import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import { cidrContains, cidrOverlaps, normalizeIp } from '../lib/net.ts';
import type { Change } from './change.ts';
import { deleteEntity } from './images.ts';
import type { ListParams, SearchAlso } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { insertRow, updateRow } from './resource-sql.ts';

/** A networks row. */
export type NetworkRow = RowOf<typeof NETWORK>;

/** The editable columns of a network. */
export type NetworkValues = EditableRowOf<typeof NETWORK>;

const NETWORK_LIST: ListShape = {
  resource: NETWORK,
  alias: 'n',
  computed: {},
  defaultOrder: 'n.subnet, n.id',
};

/** One network by id. */
export function getNetwork(db: Db, id: string): NetworkRow | undefined {
  return prepare(db, `${rowsSelect(NETWORK_LIST)} WHERE n.id = ?`).get(id) as NetworkRow | undefined;
}

/** The list filters of networks. */
export interface NetworkFilter {
  siteId?: string;
  vlanId?: string;
}

function networksQuery(db: Db, list: ListParams, filter: NetworkFilter): ListQuery {
  return buildListQuery(
    NETWORK_LIST,
    list,
    [
      { sql: 'n.site_id', value: filter.siteId },
      { sql: 'n.vlan_id', value: filter.vlanId },
    ],
    addressSearch(db, list.q),
  );
}

/** `q` that is an address also finds the networks whose subnet holds it (`10.0.10.5` finds 10.0.10.0/24). */
function addressSearch(db: Db, q: string | undefined): SearchAlso | undefined {
  const ip = q === undefined ? undefined : normalizeIp(q);
  if (ip === undefined) return undefined;
  return { sql: 'n.id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(networkIdsHolding(db, ip))] };
}

/** The ids of the networks (of any site) whose subnet holds an address. */
export function networkIdsHolding(db: Db, ip: string): string[] {
  const rows = prepare(db, 'SELECT id, subnet FROM networks').all() as { id: string; subnet: string }[];
  return rows.filter((row) => cidrContains(row.subnet, ip)).map((row) => row.id);
}

/** One page of networks (filtered by site and VLAN) and the total matching the same filter. */
export function listNetworks(db: Db, list: ListParams, filter: NetworkFilter): { rows: NetworkRow[]; total: number } {
  return readRowsPage(db, NETWORK_LIST, networksQuery(db, list, filter)) as { rows: NetworkRow[]; total: number };
}

/** The same page of networks as listNetworks, serialised as the API's JSON items by SQLite. */
export function listNetworksJson(db: Db, list: ListParams, filter: NetworkFilter): JsonPage {
  return readJsonPage(db, NETWORK_LIST, networksQuery(db, list, filter));
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

/** The ids of a site's networks. */
export function networkIdsOfSite(db: Db, siteId: string): string[] {
  return (prepare(db, 'SELECT id FROM networks WHERE site_id = ?').all(siteId) as { id: string }[]).map((row) => row.id);
}

/** A site's networks by subnet (checks, switch configuration). */
export function networksOfSite(db: Db, siteId: string): NetworkRow[] {
  return prepare(db, `${rowsSelect(NETWORK_LIST)} WHERE n.site_id = ? ORDER BY n.subnet, n.id`).all(siteId) as unknown as NetworkRow[];
}

/** The ids of the networks in a VLAN. */
export function networkIdsOfVlan(db: Db, vlanId: string): string[] {
  return (prepare(db, 'SELECT id FROM networks WHERE vlan_id = ?').all(vlanId) as { id: string }[]).map((row) => row.id);
}

/** Takes every network out of a VLAN (they stay, without one), raising their versions. */
export function detachNetworksFromVlan(db: Db, vlanId: string, now: string): void {
  prepare(db, 'UPDATE networks SET vlan_id = NULL, version = version + 1, updated_at = ? WHERE vlan_id = ?').run(now, vlanId);
}

/** A network of a site, other than `exceptId`, whose subnet overlaps `subnet` (the first by subnet), or undefined. */
export function overlappingNetwork(
  db: Db,
  siteId: string,
  subnet: string,
  exceptId = '',
): { id: string; name: string; subnet: string } | undefined {
  const rows = prepare(db, 'SELECT id, name, subnet FROM networks WHERE site_id = ? AND id <> ? ORDER BY subnet, id').all(
    siteId,
    exceptId,
  ) as { id: string; name: string; subnet: string }[];
  return rows.find((row) => cidrOverlaps(row.subnet, subnet));
}

/** Stores a new network. */
export function insertNetwork(db: Db, id: string, values: NetworkValues, now: string): void {
  insertRow(db, NETWORK, { ...values, id, version: 1, created_at: now, updated_at: now });
}

/** Writes a network's editable columns and raises its version. */
export function updateNetwork(db: Db, id: string, values: NetworkValues, now: string): void {
  updateRow(db, NETWORK, id, values, now);
}

/** Deletes a network after recording it. */
export function removeNetwork(change: Change, id: string): void {
  change.touch('network', id);
  deleteEntity(change.db, 'network', id);
}

/** A network as the API answers it. */
export function networkToApi(row: NetworkRow): ApiRecord {
  return apiOf(NETWORK, row);
}
