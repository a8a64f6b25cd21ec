import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { SITE } from '../fields/sites.ts';
import { buildListQuery, namedCounts, pageReads, rowById, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { idWhere, insertNew, updateRow } from './resource-sql.ts';

/** A sites row with its counts. */
export type SiteRow = RowOf<typeof SITE> & { switch_count: number; vlan_count: number; network_count: number };

/** The editable columns of a site. */
export type SiteValues = EditableRowOf<typeof SITE>;

const SITE_LIST: ListShape = {
  resource: SITE,
  alias: 's',
  computed: namedCounts({
    switchCount: '(SELECT count(*) FROM switches w WHERE w.site_id = s.id)',
    vlanCount: '(SELECT count(*) FROM vlans v WHERE v.site_id = s.id)',
    networkCount: '(SELECT count(*) FROM networks n WHERE n.site_id = s.id)',
  }),
  defaultOrder: 's.name, s.id',
};

/** One site by id. */
export const getSite = (db: Db, id: string) => rowById<SiteRow>(db, SITE_LIST, id);

/** A site's name by id (CSV and import messages name sites). */
export function siteNameById(db: Db, id: string): string | undefined {
  return (prepare(db, 'SELECT name FROM sites WHERE id = ?').get(id) as { name: string } | undefined)?.name;
}

/** The id of the site with this name (case-insensitive), other than `exceptId`. */
export const siteIdByName = (db: Db, name: string, exceptId = '') => idWhere(db, SITE, { name }, exceptId);

const SITE_PAGES = pageReads<SiteRow, void>((_db, list) => ({ shape: SITE_LIST, query: buildListQuery(SITE_LIST, list) }));

/** One page of sites and the total matching the same filter. */
export const listSites = SITE_PAGES.rows;

/** The same page of sites as listSites, serialised as the API's JSON items by SQLite. */
export const listSitesJson = SITE_PAGES.json;

/** Stores a new site. */
export const insertSite = (db: Db, id: string, values: SiteValues, now: string) => insertNew(db, SITE, id, values, now);

/** Writes a site's editable columns and raises its version. */
export const updateSite = (db: Db, id: string, values: SiteValues, now: string) => updateRow(db, SITE, id, values, now);

/** A site as the API answers it, with its counts. */
export function siteToApi(row: SiteRow): ApiRecord {
  return { ...apiOf(SITE, row), switchCount: row.switch_count, vlanCount: row.vlan_count, networkCount: row.network_count };
}
