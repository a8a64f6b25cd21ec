import type { Refusal } from '../errors/refusal.ts';
import { ADDRESS } from '../fields/addresses.ts';
import { apiOf, faultOf, formedConflict, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { ipKey, type IpKey } from '../lib/ip-math.ts';
import type { Change } from './change.ts';
import { removeEntity } from './images.ts';
import { dhcpRangeHolding } from './ip-keys.ts';
import { keyOrderedPages, rowById, rowsSelect, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { idsWhere, insertRow, updateRow } from './resource-sql.ts';
import { networkAddressCount } from './search-index.ts';

// The addresses recorded in networks (docs/IPAM.md). key_hi/key_lo (the address as a number) are derived columns
// of ADDRESS: every INSERT and UPDATE of resource-sql.ts writes them, nothing here reads them back, and lists and
// range look-ups compare them in SQL only, so no statement returns an integer past 2^53.

/** An addresses row. */
export type AddressRow = RowOf<typeof ADDRESS>;

/** The editable columns of an address. */
export type AddressValues = EditableRowOf<typeof ADDRESS>;

/** What a new address stores: its editable columns, its network and, for a switch's management IP, its switch. */
export type NewAddress = AddressValues & { network_id: string; switch_id?: string | null };

// By address as a number (then network: the site's IP table may hold one address in two networks). With a
// network filter, the UNIQUE (network_id, key_hi, key_lo) index gives this order without sorting.
const ADDRESS_LIST: ListShape = { resource: ADDRESS, alias: 'a', computed: {}, defaultOrder: 'a.key_hi, a.key_lo, a.network_id' };

/** One address by id. */
export const getAddress = (db: Db, id: string) => rowById<AddressRow>(db, ADDRESS_LIST, id);

/** The list filters of addresses: a network, a site (its networks' addresses), a status, a device type. */
export interface AddressFilter {
  networkId?: string;
  siteId?: string;
  status?: string;
  deviceType?: string;
}

// A site's addresses are those of its networks, read off the (network_id, key) index; asked as the site of each
// address's network instead, every address was looked at.
const OF_SITE = 'a.network_id IN (SELECT n.id FROM networks n WHERE n.site_id = ?)';

// `sort=address` (ascending or descending) is numeric: the shape whose default order is by key, without a sort.
// A network's addresses alone are counted by derived data (network_address_counts).
const ADDRESS_PAGES = keyOrderedPages<AddressRow, AddressFilter>(
  ADDRESS_LIST,
  'address',
  (filter) => [
    { sql: 'a.network_id', value: filter.networkId },
    { sql: 'a.status', value: filter.status },
    { sql: 'a.device_type', value: filter.deviceType },
    { condition: OF_SITE, value: filter.siteId },
  ],
  ({ networkId, ...others }, list) =>
    networkId !== undefined && !list.q && Object.values(others).every((value) => value === undefined)
      ? (db) => networkAddressCount(db, networkId)
      : undefined,
);

/** One page of addresses (filtered by network, site, status and device type; q over the text fields) and the total. */
export const listAddresses = ADDRESS_PAGES.rows;

/** The same page of addresses as listAddresses, serialised as the API's JSON items by SQLite. */
export const listAddressesJson = ADDRESS_PAGES.json;

/** The id of the address of a network with this key, or undefined. */
export function addressIdByKey(db: Db, networkId: string, key: IpKey): string | undefined {
  const row = prepare(db, 'SELECT id FROM addresses WHERE network_id = ? AND key_hi = ? AND key_lo = ?').get(networkId, key.hi, key.lo) as
    | { id: string }
    | undefined;
  return row?.id;
}

/** The address that is a switch's management IP, or undefined. */
export function addressOfSwitch(db: Db, switchId: string): AddressRow | undefined {
  return prepare(db, `${rowsSelect(ADDRESS_LIST)} WHERE a.switch_id = ?`).get(switchId) as AddressRow | undefined;
}

/** The ids of a network's addresses. */
export const addressIdsOfNetwork = (db: Db, networkId: string) => idsWhere(db, ADDRESS, 'network_id', networkId);

/** The ids of the addresses whose device is on one of these ports. */
export function addressIdsOnPorts(db: Db, portIds: readonly string[]): string[] {
  if (portIds.length === 0) return [];
  const rows = prepare(db, 'SELECT id FROM addresses WHERE port_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(portIds)) as {
    id: string;
  }[];
  return rows.map((row) => row.id);
}

/** The site of the switch a port is on (the address ↔ port rule), or undefined when there is no such port. */
export function siteOfPort(db: Db, portId: string): string | undefined {
  const row = prepare(db, 'SELECT w.site_id FROM ports p JOIN switches w ON w.id = p.switch_id WHERE p.id = ?').get(portId) as
    | { site_id: string }
    | undefined;
  return row?.site_id;
}

/**
 * Why an address cannot be recorded in a network as it is now, or undefined: another address of the network
 * holds it (address_taken), or it lies in a DHCP range of the network (in_dhcp_range). `exceptId`: the address
 * being changed.
 */
export function addressConflict(db: Db, networkId: string, address: string, exceptId = ''): Refusal | undefined {
  const key = ipKey(address);
  if (!key) return undefined;
  const holder = addressIdByKey(db, networkId, key);
  if (holder && holder !== exceptId)
    return formedConflict('address_taken', { address }, [faultOf('address', 'address_recorded', { id: holder })]);
  const pool = dhcpRangeHolding(db, networkId, key);
  if (pool) {
    const range = { start: pool.start_address, end: pool.end_address };
    return formedConflict('in_dhcp_range', { address, ...range }, [faultOf('address', 'in_dhcp_range', { ...range, id: pool.id })]);
  }
  return undefined;
}

/** Stores a new address (its keys derived from it). */
export function insertAddress(db: Db, id: string, values: NewAddress, now: string): void {
  insertRow(db, ADDRESS, { switch_id: null, ...values, id, version: 1, created_at: now, updated_at: now });
}

/** Writes an address's editable columns (and its keys) and raises its version; its network and switch stay. */
export const updateAddress = (db: Db, id: string, values: AddressValues, now: string) => updateRow(db, ADDRESS, id, values, now);

/** Takes the devices off these ports (their addresses stay, without a port), raising their versions. */
export function detachAddressesFromPorts(db: Db, portIds: readonly string[], now: string): void {
  if (portIds.length === 0) return;
  prepare(
    db,
    'UPDATE addresses SET port_id = NULL, version = version + 1, updated_at = ? WHERE port_id IN (SELECT value FROM json_each(?))',
  ).run(now, JSON.stringify(portIds));
}

/** Deletes an address after recording it. */
export const removeAddress = (change: Change, id: string) => removeEntity(change, 'address', id);

/** An address as the API answers it. */
export function addressToApi(row: AddressRow): ApiRecord {
  return apiOf(ADDRESS, row);
}
