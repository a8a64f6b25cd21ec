import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { VLAN } from '../fields/vlans.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, namedCounts, pageReads, rowById, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { idWhere, idsWhere, insertNew, updateRow } from './resource-sql.ts';

/** A vlans row with its counts. */
export type VlanRow = RowOf<typeof VLAN> & { network_count: number; port_count: number; switch_count: number };

/** The editable columns of a VLAN. */
export type VlanValues = EditableRowOf<typeof VLAN>;

// Each port that carries the VLAN (untagged, tagged or both) once, and the switches with such a port (a switch that
// only configures it is not counted): from the per-VLAN sums of the per-switch counts (migrations 0011 and 0019).
const VLAN_LIST: ListShape = {
  resource: VLAN,
  alias: 'v',
  computed: namedCounts({
    networkCount: '(SELECT count(*) FROM networks n WHERE n.vlan_id = v.id)',
    portCount: 'coalesce((SELECT c.ports FROM vlan_counts c WHERE c.vlan_id = v.id), 0)',
    switchCount: 'coalesce((SELECT c.switches FROM vlan_counts c WHERE c.vlan_id = v.id), 0)',
  }),
  defaultOrder: 'v.vid, v.name, v.id',
};

/** One VLAN by id, with its counts. */
export const getVlan = (db: Db, id: string) => rowById<VlanRow>(db, VLAN_LIST, id);

/** A VLAN's number and site by id, or undefined when there is no such VLAN (port rules, CSV, configuration). */
export function vlanRefById(db: Db, id: string): { vid: number; siteId: string } | undefined {
  return prepare(db, 'SELECT vid, site_id AS siteId FROM vlans WHERE id = ?').get(id) as { vid: number; siteId: string } | undefined;
}

/** The site of a VLAN, or undefined when there is no such VLAN: the rules' VlanSiteLookup. */
export function siteOfVlan(db: Db, id: string): string | undefined {
  return vlanRefById(db, id)?.siteId;
}

/** The list filters of VLANs. */
export interface VlanFilter {
  siteId?: string;
  vid?: number;
  status?: string;
}

function vlansQuery(list: ListParams, filter: VlanFilter): ListQuery {
  return buildListQuery(VLAN_LIST, list, [
    { sql: 'v.site_id', value: filter.siteId },
    { sql: 'v.vid', value: filter.vid },
    { sql: 'v.status', value: filter.status },
  ]);
}

const VLAN_PAGES = pageReads<VlanRow, VlanFilter>((_db, list, filter) => ({ shape: VLAN_LIST, query: vlansQuery(list, filter) }));

/** One page of VLANs (filtered by site, number and status) and the total matching the same filter. */
export const listVlans = VLAN_PAGES.rows;

/** The same page of VLANs as listVlans, serialised as the API's JSON items by SQLite. */
export const listVlansJson = VLAN_PAGES.json;

/** The id of the VLAN of a site with this number, other than `exceptId`. */
export const vlanIdByVid = (db: Db, siteId: string, vid: number, exceptId = '') => idWhere(db, VLAN, { site_id: siteId, vid }, exceptId);

/** The id of the VLAN of a site with this name (case-insensitive), other than `exceptId`. */
export const vlanIdByName = (db: Db, siteId: string, name: string, exceptId = '') => idWhere(db, VLAN, { site_id: siteId, name }, exceptId);

/** The id of the VLAN of a site with this colour (stored form, lower case), other than `exceptId`. */
export const vlanIdByColor = (db: Db, siteId: string, color: string, exceptId = '') =>
  idWhere(db, VLAN, { site_id: siteId, color }, exceptId);

/** The ids of a site's VLANs. */
export const vlanIdsOfSite = (db: Db, siteId: string) => idsWhere(db, VLAN, 'site_id', siteId);

/** The colours a site's VLANs have (lower case), other than that of `exceptId`: what a new colour must avoid. */
export function usedColors(db: Db, siteId: string, exceptId = ''): Set<string> {
  const rows = prepare(db, 'SELECT color FROM vlans WHERE site_id = ? AND id <> ? AND color IS NOT NULL').all(siteId, exceptId) as {
    color: string;
  }[];
  return new Set(rows.map((row) => row.color.toLowerCase()));
}

/** A port that carries a VLAN, with its switch and how it carries it. */
export interface VlanPortRow {
  id: string;
  name: string;
  unit: number;
  position: number;
  mode: string;
  description: string | null;
  switch_id: string;
  switch_name: string;
  carried_as: 'untagged' | 'tagged';
}

// Each port once: untagged when it carries the VLAN untagged (and maybe tagged too), else tagged.
const VLAN_PORTS = `FROM ports p JOIN switches w ON w.id = p.switch_id
  WHERE p.id IN (SELECT id FROM ports WHERE untagged_vlan_id = :vlan UNION SELECT port_id FROM port_tagged_vlans WHERE vlan_id = :vlan)`;

/** One page of the ports that carry a VLAN, by switch name, unit and position, with the total. */
export function portsCarryingVlan(db: Db, vlanId: string, limit: number, offset: number): { rows: VlanPortRow[]; total: number } {
  const { n } = prepare(db, 'SELECT coalesce((SELECT ports FROM vlan_counts WHERE vlan_id = ?), 0) AS n').get(vlanId) as { n: number };
  const rows = prepare(
    db,
    `SELECT p.id, p.name, p.unit, p.position, p.mode, p.description, w.id AS switch_id, w.name AS switch_name,
      CASE WHEN p.untagged_vlan_id = :vlan THEN 'untagged' ELSE 'tagged' END AS carried_as
    ${VLAN_PORTS} ORDER BY w.name, w.id, p.unit, p.position, p.name, p.id LIMIT :limit OFFSET :offset`,
  ).all({ vlan: vlanId, limit, offset }) as unknown as VlanPortRow[];
  return { rows, total: n };
}

/** Stores a new VLAN (its colour chosen already). */
export const insertVlan = (db: Db, id: string, values: VlanValues, now: string) => insertNew(db, VLAN, id, values, now);

/** Writes a VLAN's editable columns and raises its version. */
export const updateVlan = (db: Db, id: string, values: VlanValues, now: string) => updateRow(db, VLAN, id, values, now);

/** A VLAN as the API answers it, with its counts. */
export function vlanToApi(row: VlanRow): ApiRecord {
  return { ...apiOf(VLAN, row), networkCount: row.network_count, portCount: row.port_count, switchCount: row.switch_count };
}
