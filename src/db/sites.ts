import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { SITE } from '../fields/sites.ts';
import type { Change } from './change.ts';
import { deleteEntity } from './images.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListShape } from './list-query.ts';
import { removeNetworkWithHoldings } from './network-removal.ts';
import { networkIdsOfSite } from './networks.ts';
import { prepare, type Db } from './open.ts';
import { removeSwitch, switchIdsOfSite } from './switches.ts';
import { removeVlan, vlanIdsOfSite } from './vlans.ts';
import { insertRow, updateRow } from './resource-sql.ts';

/** A sites row with its counts. */
export type SiteRow = RowOf<typeof SITE> & { switch_count: number; vlan_count: number; network_count: number };

/** The editable columns of a site. */
export type SiteValues = EditableRowOf<typeof SITE>;

const SWITCH_COUNT = '(SELECT count(*) FROM switches w WHERE w.site_id = s.id)';
const VLAN_COUNT = '(SELECT count(*) FROM vlans v WHERE v.site_id = s.id)';
const NETWORK_COUNT = '(SELECT count(*) FROM networks n WHERE n.site_id = s.id)';

const SITE_LIST: ListShape = {
  resource: SITE,
  alias: 's',
  computed: {
    switchCount: { sql: SWITCH_COUNT, name: 'switch_count' },
    vlanCount: { sql: VLAN_COUNT, name: 'vlan_count' },
    networkCount: { sql: NETWORK_COUNT, name: 'network_count' },
  },
  defaultOrder: 's.name, s.id',
};

/** One site by id. */
export function getSite(db: Db, id: string): SiteRow | undefined {
  return prepare(db, `${rowsSelect(SITE_LIST)} WHERE s.id = ?`).get(id) as SiteRow | undefined;
}

/** A site's name by id (CSV and import messages name sites). */
export function siteNameById(db: Db, id: string): string | undefined {
  return (prepare(db, 'SELECT name FROM sites WHERE id = ?').get(id) as { name: string } | undefined)?.name;
}

/** The id of the site with this name (case-insensitive), other than `exceptId`. */
export function siteIdByName(db: Db, name: string, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM sites WHERE name = ? COLLATE NOCASE AND id <> ?').get(name, exceptId) as
    | { id: string }
    | undefined;
  return row?.id;
}

/** One page of sites and the total matching the same filter. */
export function listSites(db: Db, list: ListParams): { rows: SiteRow[]; total: number } {
  return readRowsPage(db, SITE_LIST, buildListQuery(SITE_LIST, list)) as { rows: SiteRow[]; total: number };
}

/** The same page of sites as listSites, serialised as the API's JSON items by SQLite. */
export function listSitesJson(db: Db, list: ListParams): JsonPage {
  return readJsonPage(db, SITE_LIST, buildListQuery(SITE_LIST, list));
}

/** Stores a new site. */
export function insertSite(db: Db, id: string, values: SiteValues, now: string): void {
  insertRow(db, SITE, { ...values, id, version: 1, created_at: now, updated_at: now });
}

/** Writes a site's editable columns and raises its version. */
export function updateSite(db: Db, id: string, values: SiteValues, now: string): void {
  updateRow(db, SITE, id, values, now);
}

/** What a site delete removed along with the site. */
export interface Removed {
  switches: number;
  vlans: number;
  networks: number;
  ports: number;
}

/**
 * Deletes a site after recording it, with its switches, their ports, its networks with their addresses and ranges, and its VLANs (far ends of
 * links into the site unlinked), so that one activity entry can bring everything back.
 */
export function removeSite(change: Change, id: string): Removed {
  change.touch('site', id);
  const switches = switchIdsOfSite(change.db, id);
  const networks = networkIdsOfSite(change.db, id);
  const vlans = vlanIdsOfSite(change.db, id);
  let ports = 0;
  for (const switchId of switches) ports += removeSwitch(change, switchId);
  for (const networkId of networks) removeNetworkWithHoldings(change, networkId);
  for (const vlanId of vlans) removeVlan(change, vlanId);
  deleteEntity(change.db, 'site', id);
  return { switches: switches.length, vlans: vlans.length, networks: networks.length, ports };
}

/** A site as the API answers it, with its counts. */
export function siteToApi(row: SiteRow): ApiRecord {
  return { ...apiOf(SITE, row), switchCount: row.switch_count, vlanCount: row.vlan_count, networkCount: row.network_count };
}
