import type { SQLInputValue } from 'node:sqlite';
import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { SWITCH } from '../fields/switches.ts';
import { cidrContains } from '../lib/net.ts';
import { configuredVlanIds, setVlanList } from './images.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { jsonBool } from './record-json.ts';
import { idWhere, idsWhere, insertNew, updateRow } from './resource-sql.ts';

/** A switches row with its port count, its configured VLAN ids (sorted) and whether it is a favourite of the caller. */
export type SwitchRow = RowOf<typeof SWITCH> & { port_count: number; configured: string[]; favorite: boolean };

/** The editable columns of a switch; its configured VLANs are written by setConfiguredVlans. */
export type SwitchValues = EditableRowOf<typeof SWITCH>;

const PORT_COUNT = '(SELECT count(*) FROM ports p WHERE p.switch_id = w.id)';

/** SQL of the JSON array of the configured VLAN ids of the switch row `alias`, sorted as configuredVlanIds reads them. */
export function configuredVlanIdsJson(alias: string): string {
  return `json((SELECT json_group_array(vlan_id) FROM
    (SELECT vlan_id FROM switch_configured_vlans WHERE switch_id = ${alias}.id ORDER BY vlan_id)))`;
}

// Whether the switch row `w` is a favourite of the caller. The caller is the named parameter :caller, bound by
// withCaller for every query of SWITCH_LIST, so that the statement's text is the same for every user (one
// prepared statement) while each user reads their own favourites.
const IS_FAVORITE = 'EXISTS (SELECT 1 FROM user_favorite_switches f WHERE f.switch_id = w.id AND f.user_id = :caller)';

const SWITCH_LIST: ListShape = {
  resource: SWITCH,
  alias: 'w',
  computed: {
    portCount: { sql: PORT_COUNT, name: 'port_count' },
    configuredVlanIds: { sql: configuredVlanIdsJson('w') },
    favorite: { sql: jsonBool(IS_FAVORITE) },
  },
  defaultOrder: 'w.name, w.id',
};

/** One switch by id, with `favorite` for the user `callerId` (false without one). */
export function getSwitch(db: Db, id: string, callerId = ''): SwitchRow | undefined {
  const row = prepare(db, `${rowsSelect(SWITCH_LIST)} WHERE w.id = ?`).get(id) as Omit<SwitchRow, 'configured' | 'favorite'> | undefined;
  return row && { ...row, configured: configuredVlanIds(db, id), favorite: isFavoriteSwitch(db, callerId, id) };
}

/** A switch's name and site by id (CSV and imports name switches). */
export function switchRefById(db: Db, id: string): { name: string; siteId: string } | undefined {
  return prepare(db, 'SELECT name, site_id AS siteId FROM switches WHERE id = ?').get(id) as { name: string; siteId: string } | undefined;
}

/** The list filters of switches; `callerId` is whose favourites `favorite` (the field and the filter) means. */
export interface SwitchFilter {
  siteId?: string;
  status?: string;
  favorite?: boolean;
  callerId?: string;
}

function switchesQuery(list: ListParams, filter: SwitchFilter): ListQuery {
  const query = buildListQuery(SWITCH_LIST, list, [
    { sql: 'w.site_id', value: filter.siteId },
    { sql: 'w.status', value: filter.status },
    // Either filter names :caller, so that every statement of the list binds it (node:sqlite refuses a named
    // parameter that the statement does not have): the favourites, or a test that always holds.
    filter.favorite === undefined ? { sql: '(:caller IS NOT NULL)', value: 1 } : { sql: IS_FAVORITE, value: filter.favorite ? 1 : 0 },
  ]);
  return withCaller(query, filter.callerId ?? '');
}

// node:sqlite binds an object given first as the named parameters, the rest positionally (skipping named ones).
function withCaller(query: ListQuery, callerId: string): ListQuery {
  return { ...query, params: [{ caller: callerId } as unknown as SQLInputValue, ...query.params] };
}

/** One page of switches (filtered by site, status and the caller's favourites) and the total matching the same filter. */
export function listSwitches(db: Db, list: ListParams, filter: SwitchFilter): { rows: SwitchRow[]; total: number } {
  const { rows, total } = readRowsPage(db, SWITCH_LIST, switchesQuery(list, filter));
  const favorites = new Set(favoriteSwitchIds(db, filter.callerId ?? ''));
  return {
    rows: (rows as Omit<SwitchRow, 'configured' | 'favorite'>[]).map((row) => ({
      ...row,
      configured: configuredVlanIds(db, row.id),
      favorite: favorites.has(row.id),
    })),
    total,
  };
}

/** The same page of switches as listSwitches, serialised as the API's JSON items by SQLite. */
export function listSwitchesJson(db: Db, list: ListParams, filter: SwitchFilter): JsonPage {
  return readJsonPage(db, SWITCH_LIST, switchesQuery(list, filter));
}

/** The id of the switch of a site with this name (case-insensitive), other than `exceptId`. */
export const switchIdByName = (db: Db, siteId: string, name: string, exceptId = '') =>
  idWhere(db, SWITCH, { site_id: siteId, name }, exceptId);

/** The id of the switch with this MAC address (stored form), other than `exceptId`. */
export const switchIdByMac = (db: Db, mac: string, exceptId = '') => idWhere(db, SWITCH, { mac_address: mac }, exceptId);

/** The id of the switch of a site with this management IP (stored form), other than `exceptId`. */
export const switchIdByIp = (db: Db, siteId: string, ip: string, exceptId = '') =>
  idWhere(db, SWITCH, { site_id: siteId, management_ip: ip }, exceptId);

/** The ids of a site's switches. */
export const switchIdsOfSite = (db: Db, siteId: string) => idsWhere(db, SWITCH, 'site_id', siteId);

/** The ids of the switches that list a VLAN among their configured VLANs. */
export function switchIdsConfiguringVlan(db: Db, vlanId: string): string[] {
  return (prepare(db, 'SELECT switch_id AS id FROM switch_configured_vlans WHERE vlan_id = ?').all(vlanId) as { id: string }[]).map(
    (row) => row.id,
  );
}

/** Takes a VLAN off a switch's configured VLANs and raises the switch's version; record the switch (touch) first. */
export function removeVlanFromSwitch(db: Db, switchId: string, vlanId: string, now: string): void {
  prepare(db, 'DELETE FROM switch_configured_vlans WHERE switch_id = ? AND vlan_id = ?').run(switchId, vlanId);
  prepare(db, 'UPDATE switches SET version = version + 1, updated_at = ? WHERE id = ?').run(now, switchId);
}

/** Makes a switch's configured VLANs exactly `vlanIds`. */
export function setConfiguredVlans(db: Db, switchId: string, vlanIds: readonly string[]): void {
  setVlanList(db, 'switch', switchId, vlanIds);
}

/** Stores a new switch; set its configured VLANs with setConfiguredVlans. */
export const insertSwitch = (db: Db, id: string, values: SwitchValues, now: string) => insertNew(db, SWITCH, id, values, now);

/** Writes a switch's editable columns and raises its version. */
export const updateSwitch = (db: Db, id: string, values: SwitchValues, now: string) => updateRow(db, SWITCH, id, values, now);

/** The network of `networks` whose subnet holds the address: the most specific (longest prefix) when several do. */
export function networkHolding<N extends { id: string; subnet: string }>(networks: readonly N[], ip: string): N | undefined {
  let best: N | undefined;
  let bestPrefix = -1;
  for (const network of networks) {
    if (!cidrContains(network.subnet, ip)) continue;
    const prefix = Number(network.subnet.split('/')[1]);
    if (prefix > bestPrefix || (prefix === bestPrefix && best !== undefined && network.id < best.id)) {
      best = network;
      bestPrefix = prefix;
    }
  }
  return best;
}

/** Whether a switch is one of a user's favourites. */
export function isFavoriteSwitch(db: Db, userId: string, switchId: string): boolean {
  return prepare(db, 'SELECT 1 AS x FROM user_favorite_switches WHERE user_id = ? AND switch_id = ?').get(userId, switchId) !== undefined;
}

/** The ids of a user's favourite switches. */
export function favoriteSwitchIds(db: Db, userId: string): string[] {
  return (prepare(db, 'SELECT switch_id AS id FROM user_favorite_switches WHERE user_id = ?').all(userId) as { id: string }[]).map(
    (row) => row.id,
  );
}

/** Makes a switch one of a user's favourites (again: nothing changes). Not an inventory change: no version, no entry. */
export function addFavoriteSwitch(db: Db, userId: string, switchId: string): void {
  prepare(db, 'INSERT OR IGNORE INTO user_favorite_switches (user_id, switch_id) VALUES (?, ?)').run(userId, switchId);
}

/** Takes a switch off a user's favourites (when it is not one: nothing changes). */
export function removeFavoriteSwitch(db: Db, userId: string, switchId: string): void {
  prepare(db, 'DELETE FROM user_favorite_switches WHERE user_id = ? AND switch_id = ?').run(userId, switchId);
}

/** A switch as the API answers it, with its port count, configured VLANs and the caller's favourite flag. */
export function switchToApi(row: SwitchRow): ApiRecord {
  return { ...apiOf(SWITCH, row), configuredVlanIds: row.configured, portCount: row.port_count, favorite: row.favorite };
}
