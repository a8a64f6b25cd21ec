import { SITE } from '../fields/sites.ts';
import type { Change } from './change.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, countMatching, pageSql, readJsonPage, type JsonPage, type ListShape } from './list-query.ts';
import { networkIdsOfSite, removeNetwork } from './networks.ts';
import { prepare, type Db } from './open.ts';
import { removeSwitch, switchIdsOfSite } from './switches.ts';
import { apiOf, type ApiRecord } from './record-json.ts';

/** A sites row with its counts. */
export interface SiteRow {
  id: string;
  name: string;
  description: string | null;
  address: string | null;
  notes: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  switch_count: number;
  network_count: number;
}

/** The editable columns of a site. */
export type SiteValues = Pick<SiteRow, 'name' | 'description' | 'address' | 'notes'>;

const SWITCH_COUNT = '(SELECT count(*) FROM switches w WHERE w.site_id = s.id)';
const NETWORK_COUNT = '(SELECT count(*) FROM networks n WHERE n.site_id = s.id)';

const SITE_SELECT = `SELECT s.id, s.name, s.description, s.address, s.notes, s.version, s.created_at, s.updated_at,
  ${SWITCH_COUNT} AS switch_count, ${NETWORK_COUNT} AS network_count FROM sites s`;

const SITE_LIST: ListShape = {
  resource: SITE,
  alias: 's',
  computed: { switchCount: { sql: SWITCH_COUNT, name: 'switch_count' }, networkCount: { sql: NETWORK_COUNT, name: 'network_count' } },
  defaultOrder: 's.name, s.id',
};

/** One site by id. */
export function getSite(db: Db, id: string): SiteRow | undefined {
  return prepare(db, `${SITE_SELECT} WHERE s.id = ?`).get(id) as SiteRow | undefined;
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
  const query = buildListQuery(SITE_LIST, list);
  const total = countMatching(db, SITE_LIST, query);
  const rows = prepare(db, pageSql(SITE_LIST, SITE_SELECT, 'sites', query)).all(
    ...query.params,
    query.limit,
    query.offset,
  ) as unknown as SiteRow[];
  return { rows, total };
}

/** The same page of sites as listSites, serialised as the API's JSON items by SQLite. */
export function listSitesJson(db: Db, list: ListParams): JsonPage {
  return readJsonPage(db, SITE_LIST, buildListQuery(SITE_LIST, list));
}

/** Stores a new site. */
export function insertSite(db: Db, id: string, values: SiteValues, now: string): void {
  prepare(
    db,
    `INSERT INTO sites (id, name, description, address, notes, version, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(id, values.name, values.description, values.address, values.notes, now, now);
}

/** Writes a site's editable columns and raises its version. */
export function updateSite(db: Db, id: string, values: SiteValues, now: string): void {
  prepare(
    db,
    `UPDATE sites SET name = ?, description = ?, address = ?, notes = ?, version = version + 1, updated_at = ?
    WHERE id = ?`,
  ).run(values.name, values.description, values.address, values.notes, now, id);
}

/** Removes a site row (its networks and switches must be gone). */
export function deleteSite(db: Db, id: string): void {
  prepare(db, 'DELETE FROM sites WHERE id = ?').run(id);
}

/** What a site delete removed along with the site. */
export interface Removed {
  switches: number;
  networks: number;
  ports: number;
}

/**
 * Deletes a site after recording it, with its switches, their ports and its networks (far ends of links
 * into the site unlinked), so that one activity entry can bring everything back.
 */
export function removeSite(change: Change, id: string): Removed {
  change.touch('site', id);
  const switches = switchIdsOfSite(change.db, id);
  const networks = networkIdsOfSite(change.db, id);
  let ports = 0;
  for (const switchId of switches) ports += removeSwitch(change, switchId);
  for (const networkId of networks) removeNetwork(change, networkId);
  deleteSite(change.db, id);
  return { switches: switches.length, networks: networks.length, ports };
}

/** A site as the API answers it, with its counts. */
export function siteToApi(row: SiteRow): ApiRecord {
  return { ...apiOf(SITE, row), switchCount: row.switch_count, networkCount: row.network_count };
}
