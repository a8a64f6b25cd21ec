import { Refusal } from '../errors/refusal.ts';
import { apiOf, faultOf, formedConflict, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { RANGE } from '../fields/ranges.ts';
import { ipKey, type IpKey } from '../lib/ip-math.ts';
import type { Change } from './change.ts';
import { removeEntity } from './images.ts';
import { heldInKeyRange } from './ip-keys.ts';
import { keyOrderedPages, rowById, rowsSelect, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { idsWhere, insertNew, updateRow } from './resource-sql.ts';

// The ranges of networks (DHCP pools, static assignments, addresses held back). start_hi … end_lo are derived
// columns of RANGE (resource-sql.ts writes them); they are compared in SQL only, never read back.

/** A ranges row. */
export type RangeRow = RowOf<typeof RANGE>;

/** The editable columns of a range. */
export type RangeValues = EditableRowOf<typeof RANGE>;

/** What a new range stores: its editable columns and its network. */
export type NewRange = RangeValues & { network_id: string };

const RANGE_LIST: ListShape = { resource: RANGE, alias: 'r', computed: {}, defaultOrder: 'r.start_hi, r.start_lo, r.id' };

/** One range by id. */
export const getRange = (db: Db, id: string) => rowById<RangeRow>(db, RANGE_LIST, id);

/** Every range of a network, by start address. */
export function listRanges(db: Db, networkId: string): RangeRow[] {
  return prepare(db, `${rowsSelect(RANGE_LIST)} WHERE r.network_id = ? ORDER BY r.start_hi, r.start_lo, r.id`).all(
    networkId,
  ) as unknown as RangeRow[];
}

/** The list filters of ranges. */
export interface RangeFilter {
  siteId?: string;
  networkId?: string;
  kind?: string;
}

// `sort=start` is numeric, as the default order is.
const RANGE_PAGES = keyOrderedPages<RangeRow, RangeFilter>(RANGE_LIST, 'start', (filter) => [
  // A site's ranges are those of its networks, read off the index by network (not the site of every range).
  { condition: 'r.network_id IN (SELECT n.id FROM networks n WHERE n.site_id = ?)', value: filter.siteId },
  { sql: 'r.network_id', value: filter.networkId },
  { sql: 'r.kind', value: filter.kind },
]);

/** One page of ranges (filtered by site, network and kind) and the total. */
export const listRangesPage = RANGE_PAGES.rows;

/** The same page of ranges as listRangesPage, serialised as the API's JSON items by SQLite. */
export const listRangesJson = RANGE_PAGES.json;

/** The first range (by start) of a network, other than `exceptId`, that shares an address with start…end (keys). */
export function overlappingRange(db: Db, networkId: string, start: IpKey, end: IpKey, exceptId = ''): RangeRow | undefined {
  return prepare(
    db,
    `${rowsSelect(RANGE_LIST)} WHERE r.network_id = ? AND r.id <> ?
      AND (r.start_hi, r.start_lo) <= (?, ?) AND (r.end_hi, r.end_lo) >= (?, ?)
    ORDER BY r.start_hi, r.start_lo LIMIT 1`,
  ).get(networkId, exceptId, end.hi, end.lo, start.hi, start.lo) as RangeRow | undefined;
}

/** The ids of a network's ranges. */
export const rangeIdsOfNetwork = (db: Db, networkId: string) => idsWhere(db, RANGE, 'network_id', networkId);

/** At most this many recorded addresses are named when a DHCP range would cover them. */
const NAMED_ADDRESSES = 20;

/**
 * Why a range cannot be stored in a network as it is now, or undefined: it shares an address with another range
 * (range_overlaps), or it is a DHCP pool over recorded addresses (in_dhcp_range, naming them). `exceptId`: the
 * range being changed.
 */
export function rangeConflict(
  db: Db,
  networkId: string,
  range: { start: string; end: string; kind: string },
  exceptId = '',
): Refusal | undefined {
  const start = ipKey(range.start);
  const end = ipKey(range.end);
  if (!start || !end) return undefined;
  const other = overlappingRange(db, networkId, start, end, exceptId);
  if (other)
    return formedConflict(
      'range_overlaps',
      { start: range.start, end: range.end, kind: other.kind, otherStart: other.start_address, otherEnd: other.end_address },
      [faultOf('start', 'overlaps_range', { start: other.start_address, end: other.end_address, id: other.id })],
    );
  if (range.kind !== 'dhcp') return undefined;
  const held = heldInKeyRange(db, networkId, start, end, NAMED_ADDRESSES + 1);
  if (held.length === 0) return undefined;
  const named = held.slice(0, NAMED_ADDRESSES).map((row) => row.address);
  const more = held.length > NAMED_ADDRESSES ? ' and more' : '';
  return new Refusal(
    'conflict',
    'in_dhcp_range',
    `A DHCP range ${range.start}-${range.end} would cover recorded addresses (${named.join(', ')}${more}); ` +
      'move or delete them first, or make it a static range.',
    held.slice(0, NAMED_ADDRESSES).map((row) => faultOf('addresses', 'covers_recorded_address', { address: row.address, id: row.id })),
  );
}

/** Stores a new range (its keys derived from start and end). */
export const insertRange = (db: Db, id: string, values: NewRange, now: string) => insertNew(db, RANGE, id, values, now);

/** Writes a range's editable columns (and its keys) and raises its version; its network stays. */
export const updateRange = (db: Db, id: string, values: RangeValues, now: string) => updateRow(db, RANGE, id, values, now);

/** Deletes a range after recording it. */
export const removeRange = (change: Change, id: string) => removeEntity(change, 'range', id);

/** A range as the API answers it. */
export function rangeToApi(row: RangeRow): ApiRecord {
  return apiOf(RANGE, row);
}
