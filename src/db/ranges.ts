import { Refusal } from '../errors/refusal.ts';
import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { RANGE } from '../fields/ranges.ts';
import { ipKey, type IpKey } from '../lib/ip-math.ts';
import type { Change } from './change.ts';
import { deleteEntity } from './images.ts';
import { heldInKeyRange } from './ip-keys.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { insertRow, updateRow } from './resource-sql.ts';

// The ranges of networks (DHCP pools, static assignments, addresses held back). start_hi … end_lo are derived
// columns of RANGE (resource-sql.ts writes them); they are compared in SQL only, never read back.

/** A ranges row. */
export type RangeRow = RowOf<typeof RANGE>;

/** The editable columns of a range. */
export type RangeValues = EditableRowOf<typeof RANGE>;

/** What a new range stores: its editable columns and its network. */
export type NewRange = RangeValues & { network_id: string };

const RANGE_LIST: ListShape = { resource: RANGE, alias: 'r', computed: {}, defaultOrder: 'r.start_hi, r.start_lo, r.id' };
const RANGE_LIST_DESCENDING: ListShape = {
  resource: RANGE,
  alias: 'r',
  computed: {},
  defaultOrder: 'r.start_hi DESC, r.start_lo DESC, r.id DESC',
};

/** One range by id. */
export function getRange(db: Db, id: string): RangeRow | undefined {
  return prepare(db, `${rowsSelect(RANGE_LIST)} WHERE r.id = ?`).get(id) as RangeRow | undefined;
}

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
function rangesQuery(list: ListParams, filter: RangeFilter): { shape: ListShape; query: ListQuery } {
  const byStart = list.sort?.field === 'start';
  const shape = byStart && list.sort?.descending ? RANGE_LIST_DESCENDING : RANGE_LIST;
  const query = buildListQuery(shape, byStart ? { ...list, sort: undefined } : list, [
    // A site's ranges are those of its networks, read off the index by network (not the site of every range).
    { condition: 'r.network_id IN (SELECT n.id FROM networks n WHERE n.site_id = ?)', value: filter.siteId },
    { sql: 'r.network_id', value: filter.networkId },
    { sql: 'r.kind', value: filter.kind },
  ]);
  return { shape, query };
}

/** One page of ranges (filtered by site, network and kind) and the total. */
export function listRangesPage(db: Db, list: ListParams, filter: RangeFilter): { rows: RangeRow[]; total: number } {
  const { shape, query } = rangesQuery(list, filter);
  return readRowsPage(db, shape, query) as { rows: RangeRow[]; total: number };
}

/** The same page of ranges as listRangesPage, serialised as the API's JSON items by SQLite. */
export function listRangesJson(db: Db, list: ListParams, filter: RangeFilter): JsonPage {
  const { shape, query } = rangesQuery(list, filter);
  return readJsonPage(db, shape, query);
}

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
export function rangeIdsOfNetwork(db: Db, networkId: string): string[] {
  return (prepare(db, 'SELECT id FROM ranges WHERE network_id = ?').all(networkId) as { id: string }[]).map((row) => row.id);
}

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
    return new Refusal(
      'conflict',
      'range_overlaps',
      `${range.start}-${range.end} overlaps the ${other.kind} range ${other.start_address}-${other.end_address} of the network; ranges never overlap.`,
      [{ field: 'start', message: `overlaps ${other.start_address}-${other.end_address} (range ${other.id})` }],
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
    held.slice(0, NAMED_ADDRESSES).map((row) => ({ field: 'addresses', message: `${row.address} is recorded (address ${row.id})` })),
  );
}

/** Stores a new range (its keys derived from start and end). */
export function insertRange(db: Db, id: string, values: NewRange, now: string): void {
  insertRow(db, RANGE, { ...values, id, version: 1, created_at: now, updated_at: now });
}

/** Writes a range's editable columns (and its keys) and raises its version; its network stays. */
export function updateRange(db: Db, id: string, values: RangeValues, now: string): void {
  updateRow(db, RANGE, id, values, now);
}

/** Deletes a range after recording it. */
export function removeRange(change: Change, id: string): void {
  change.touch('range', id);
  deleteEntity(change.db, 'range', id);
}

/** A range as the API answers it. */
export function rangeToApi(row: RangeRow): ApiRecord {
  return apiOf(RANGE, row);
}
