import { randomUUID } from 'node:crypto';
import type { SQLInputValue } from 'node:sqlite';
import { Refusal } from '../errors/refusal.ts';
import { ADDRESS } from '../fields/addresses.ts';
import { apiOf, checkValue, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { SWITCH } from '../fields/switches.ts';
import { ipKey, isUsableHost } from '../lib/ip-math.ts';
import { cidrContains } from '../lib/net.ts';
import {
  addressConflict,
  addressIdByKey,
  addressOfSwitch,
  getAddress,
  insertAddress,
  removeAddress,
  type AddressRow,
} from './addresses.ts';
import type { Change } from './change.ts';
import { configuredVlanIds, deleteEntity, readImage, setVlanList, writeImage, type Image } from './images.ts';
import { removeLagsOfSwitch } from './lags.ts';
import { networksOfSite } from './networks.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { portIdsOfSwitch, removePorts } from './ports.ts';
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

/**
 * Deletes a switch after recording it, with its ports (far ends of their links unlinked), its LAGs (LAGs of other
 * switches paired with them unpaired) and its management address; returns how many ports.
 */
export function removeSwitch(change: Change, id: string): number {
  change.touch('switch', id);
  const address = addressOfSwitch(change.db, id);
  if (address) removeAddress(change, address.id);
  const ports = removePorts(change, portIdsOfSwitch(change.db, id));
  removeLagsOfSwitch(change, id);
  deleteEntity(change.db, 'switch', id);
  return ports;
}

// ---- The management IP as an address (docs/IPAM.md) ----

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

/** What keeping a switch's management address needs of it (its row as it is now). */
export interface ManagedSwitch {
  id: string;
  name: string;
  site_id: string;
  management_ip: string | null;
}

const HOSTNAME = ADDRESS.fields.find((field) => field.name === 'hostname')!;

/**
 * The host name a switch's address record gets: its name where that is a host name, else its name with every run
 * of other characters as "-" ("edge 1" -> "edge-1"); null when nothing of it is left.
 */
export function hostnameOfSwitch(name: string): string | null {
  const candidates = [name, name.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '')];
  for (const candidate of candidates) {
    const checked = candidate === '' ? undefined : checkValue(HOSTNAME, candidate);
    if (checked?.ok && typeof checked.value === 'string') return checked.value;
  }
  return null;
}

/** The first label of a host name, lower case: "SW-1.example.org" and "sw-1" name one device. */
const hostLabel = (hostname: string) => hostname.split('.')[0].toLowerCase();

/**
 * Whether a recorded address that holds a switch's new management IP is that switch's to take over: no other
 * switch's, of no other kind of device, and without a host name or with the switch's.
 */
function adoptable(address: AddressRow, sw: ManagedSwitch): boolean {
  if (address.switch_id !== null && address.switch_id !== sw.id) return false;
  if (address.device_type !== null && address.device_type !== 'switch') return false;
  const own = hostnameOfSwitch(sw.name);
  return address.hostname === null || (own !== null && hostLabel(address.hostname) === hostLabel(own));
}

/**
 * Keeps a switch's management IP recorded as an address, inside the change that wrote the switch (call it after
 * the switch's row is written; `previousName` on an update). When the IP lies in a network of the switch's site
 * (the most specific one when several hold it), that network has an address with the switch's switchId:
 * - made (hostname the switch's name, deviceType switch, status active), or, when the network has the address
 *   recorded already without a switch, of no other kind of device and without a host name or with the switch's,
 *   that record taken over (its switchId set);
 * - moved (same record, same id) when the IP or the site changes, into another network too; its host name follows
 *   a rename while it was the switch's;
 * - removed when the IP is cleared or lies in no network of the site, and when the switch is deleted.
 * Refuses (nothing is written) an IP that is not a usable host of its network (400), one inside a DHCP range of it
 * (409 in_dhcp_range), one recorded for another device (409 address_taken), and one recorded already while the
 * switch has a record of its own elsewhere (409 address_taken: the undo of merging the two could not write both
 * back).
 */
export function keepManagementAddress(change: Change, sw: ManagedSwitch, previousName?: string): void {
  const db = change.db;
  const current = addressOfSwitch(db, sw.id);
  const network = sw.management_ip === null ? undefined : networkHolding(networksOfSite(db, sw.site_id), sw.management_ip);
  if (network === undefined) {
    if (current) removeAddress(change, current.id);
    return;
  }
  const ip = sw.management_ip!;
  const where = `network ${network.name} (${network.subnet})`;
  if (!isUsableHost(network.subnet, ip))
    throw new Refusal('invalid', 'validation_failed', `${ip} is not a host address of ${where}.`, [
      { field: 'managementIp', message: `is the network or broadcast address of ${where}; pick a host address` },
    ]);
  const holderId = addressIdByKey(db, network.id, ipKey(ip)!);
  const pool = holderId !== undefined && holderId === current?.id ? undefined : addressConflict(db, network.id, ip, holderId ?? '');
  if (pool)
    throw new Refusal('conflict', pool.code, pool.message, [
      { field: 'managementIp', message: pool.details?.[0]?.message ?? pool.message },
    ]);
  const hostname = hostnameOfSwitch(sw.name);
  if (holderId !== undefined && holderId !== current?.id) {
    const holder = getAddress(db, holderId)!;
    if (!adoptable(holder, sw) || current) throw addressTaken(ip, where, holder, current);
    rewriteAddress(change, holder.id, { switch_id: sw.id, hostname: holder.hostname ?? hostname, device_type: 'switch' });
    return;
  }
  if (current) {
    const follows =
      current.hostname === null ||
      (previousName !== undefined && current.hostname.toLowerCase() === (hostnameOfSwitch(previousName) ?? '').toLowerCase());
    rewriteAddress(change, current.id, { network_id: network.id, address: ip, ...(follows ? { hostname } : {}) });
    return;
  }
  const id = randomUUID();
  change.touch('address', id);
  insertAddress(
    db,
    id,
    {
      network_id: network.id,
      switch_id: sw.id,
      address: ip,
      hostname,
      mac_address: null,
      device_type: 'switch',
      status: 'active',
      description: null,
      port_id: null,
    },
    change.now,
  );
}

function addressTaken(ip: string, where: string, holder: AddressRow, current: AddressRow | undefined): Refusal {
  const who = holder.hostname ? `"${holder.hostname}"` : holder.device_type ? `a ${holder.device_type}` : 'another device';
  const message = current
    ? `${ip} is recorded in ${where} already (as ${who}), and the switch's management IP is recorded as ${current.address}; ` +
      'delete one of the two records first.'
    : `${ip} is recorded in ${where} for ${who}; change or delete that record first, or pick another management IP.`;
  return new Refusal('conflict', 'address_taken', message, [
    { field: 'managementIp', message: `is recorded already (address ${holder.id})` },
  ]);
}

/** Writes some columns of an address (its keys follow), after recording it; nothing when they hold those values. */
function rewriteAddress(change: Change, id: string, columns: Partial<Image>): void {
  const image = readImage(change.db, 'address', id)!;
  if (Object.entries(columns).every(([column, value]) => image[column] === value)) return;
  change.touch('address', id);
  writeImage(change.db, 'address', { ...image, ...columns } as Image, image.version + 1, change.now);
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
