import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import type { SQLOutputValue, StatementSync } from 'node:sqlite';
import {
  NEARLY_FULL_PERCENT,
  freeBlocks,
  ipText,
  ipToBigInt,
  keyOf,
  subnetOf,
  utilization,
  valueOfKey,
  firstUsable,
  ipKey,
  lastUsable,
  type FreeBlock,
  type Interval,
  type RangeUse,
  type Subnet,
  type Utilization,
} from '../lib/ip-math.ts';
import { cidrContains, cidrOverlaps, normalizeIp, parseIp } from '../lib/net.ts';
import type { Change } from './change.ts';
import { removeEntity } from './images.ts';
import type { ListParams, SearchAlso } from './list-query.ts';
import { buildListQuery, pageReads, type ListQuery, type ListShape } from './list-query.ts';
import { defineSqlFunction, prepare, type Db } from './open.ts';
import { idWhere, idsWhere, insertNew, selectList, updateRow } from './resource-sql.ts';
import { jsonBool } from './record-json.ts';
import { addressCountSql, networkAddressCount } from './search-index.ts';

// read/checks.ts works out the utilisation of networks with the same count, and imports it from here.

/** A networks row. */
export type NetworkRow = RowOf<typeof NETWORK>;

/** The editable columns of a network. */
export type NetworkValues = EditableRowOf<typeof NETWORK>;

/** A networks row with the counts its list computes (docs/IPAM.md: utilisation). */
export type NetworkListRow = NetworkRow & { address_count: number; utilization: string };

// The utilisation of a network in SQL, for list pages that SQLite serialises (one value per row of `n`).
//
// The percent is that of ip-math.ts's utilization(): (used + dhcp + reserved) / usable, rounded half up to one
// decimal, where dhcp and reserved are the unrecorded usable addresses of such ranges. It is computed as a REAL:
// exact for IPv4 (every count is an integer below 2^33, and a quotient near a rounding boundary is at least
// 2^-33 from it, far above a double's error), and for IPv6 from doubles (53-bit mantissa: sizes past 2^53 are
// rounded, which moves the percent by far less than its 0.1 step; it can differ from the exact figure that
// GET /api/networks/{id} answers only when the exact percentage lies within ~1e-12 of a rounding boundary).
// A range may cover the network and broadcast addresses (IPv4 below /31) or the subnet-router anycast address
// (IPv6 below /127), which are not usable: they are found from the alignment of its ends to the subnet's size.

/** The network's prefix length and its number of host bits. */
const PREFIX = "CAST(substr(n.subnet, instr(n.subnet, '/') + 1) AS INTEGER)";
const IS_V6 = "instr(n.subnet, ':') > 0";
const HOST_BITS = `((CASE WHEN ${IS_V6} THEN 128 ELSE 32 END) - ${PREFIX})`;
/** The least signed 64-bit integer (a literal -9223372036854775808 would be read as a REAL). */
const MIN_INT = '(-9223372036854775807 - 1)';

/** The low `bits` bits set (all 64 from 64 on: SQLite shifts past 63 bits to 0). */
function lowBits(bits: string): string {
  return `(~(-1 << (${bits})))`;
}

/** 2^HOST_BITS as a number: an INTEGER up to 2^62, else a REAL. */
const SUBNET_SIZE = `(CASE WHEN ${HOST_BITS} <= 62 THEN (1 << ${HOST_BITS})
  WHEN ${HOST_BITS} <= 124 THEN (1 << (${HOST_BITS} - 62)) * 4611686018427387904.0
  ELSE (1 << (${HOST_BITS} - 124)) * 4611686018427387904.0 * 4611686018427387904.0 END)`;

const USABLE = `(${SUBNET_SIZE} - (CASE WHEN ${IS_V6} THEN (${PREFIX} < 127) ELSE 2 * (${PREFIX} < 31) END))`;

/** How many addresses of the range `r` are not usable (0, 1 or 2). */
const RANGE_UNUSABLE = `(CASE WHEN ${IS_V6} THEN (${PREFIX} < 127
    AND (r.start_lo & ${lowBits(HOST_BITS)}) = (${MIN_INT} & ${lowBits(HOST_BITS)})
    AND (r.start_hi & ${lowBits(`max(${HOST_BITS} - 64, 0)`)}) = (${MIN_INT} & ${lowBits(`max(${HOST_BITS} - 64, 0)`)}))
  WHEN ${PREFIX} < 31 THEN ((r.start_lo & ${lowBits(HOST_BITS)}) = 0) + ((r.end_lo & ${lowBits(HOST_BITS)}) = ${lowBits(HOST_BITS)})
  ELSE 0 END)`;

/** The addresses of the range `r` (a REAL: an IPv6 range may hold more than 2^63). */
const RANGE_SIZE = '((r.end_hi - r.start_hi) * 18446744073709551616.0 + (r.end_lo - r.start_lo) + 1)';

/**
 * The addresses of the network recorded inside the range `r`: in three index ranges of (network_id, key_hi,
 * key_lo) — the range's first upper half, the halves between, its last — since SQLite does not seek the index
 * for a row-value BETWEEN whose bounds are columns of the outer query (it scanned the network's addresses once
 * per range). An IPv4 range, or one within one /64, is the first part alone.
 */
const RANGE_RECORDED = `((SELECT count(*) FROM addresses a WHERE a.network_id = r.network_id AND a.key_hi = r.start_hi
      AND a.key_lo >= r.start_lo AND a.key_lo <= (CASE WHEN r.end_hi = r.start_hi THEN r.end_lo ELSE 9223372036854775807 END))
  + (SELECT count(*) FROM addresses a WHERE r.end_hi > r.start_hi AND a.network_id = r.network_id AND a.key_hi > r.start_hi AND a.key_hi < r.end_hi)
  + (SELECT count(*) FROM addresses a WHERE r.end_hi > r.start_hi AND a.network_id = r.network_id AND a.key_hi = r.end_hi AND a.key_lo <= r.end_lo))`;

const ADDRESS_COUNT = addressCountSql('n');

/** The unrecorded usable addresses of the network's dhcp and reserved ranges. */
const HELD = `(SELECT total(${RANGE_SIZE} - ${RANGE_UNUSABLE} - ${RANGE_RECORDED}) FROM ranges r WHERE r.network_id = n.id AND r.kind IN ('dhcp', 'reserved'))`;

/** The percent in tenths, rounded half up; then as JSON writes it (50, not 50.0, as JavaScript does). */
const PERCENT = `(SELECT CASE WHEN t % 10 = 0 THEN t / 10 ELSE t / 10.0 END
  FROM (SELECT CAST((${ADDRESS_COUNT} + ${HELD}) * 1000.0 / ${USABLE} + 0.5 AS INTEGER) AS t))`;

/**
 * The DHCP and reserved ranges of the network `n` as text, `kind start_hi start_lo end_hi end_lo recorded` each,
 * comma-separated (integers as text are exact, where a function's arguments would not be past 2^53).
 */
const HELD_RANGES = `(SELECT group_concat(r.kind || ' ' || r.start_hi || ' ' || r.start_lo || ' ' || r.end_hi || ' ' || r.end_lo
    || ' ' || ${RANGE_RECORDED}, ',') FROM ranges r WHERE r.network_id = n.id AND r.kind IN ('dhcp', 'reserved'))`;

const UTILIZATION_FUNCTION = 'network_utilization';

/** The whole utilisation of the network `n` as JSON, exact: ip-math.ts's utilization, as one network's answer has it. */
const UTILIZATION = `json(${UTILIZATION_FUNCTION}(n.subnet, ${ADDRESS_COUNT}, ${HELD_RANGES}))`;

const NETWORK_LIST: ListShape = {
  resource: NETWORK,
  alias: 'n',
  computed: {
    addressCount: { sql: ADDRESS_COUNT, name: 'address_count' },
    utilization: { sql: UTILIZATION, name: 'utilization', sortSql: PERCENT },
    nearlyFull: { sql: jsonBool(`${PERCENT} >= ${NEARLY_FULL_PERCENT}`) },
  },
  defaultOrder: 'n.subnet, n.id',
};

/** The SQL of the utilisation percent of the network `n` (checks: the networks at 80 % and more). */
export const NETWORK_PERCENT_SQL = PERCENT;

/** The SQL of the addresses recorded inside the range `r` (by the index, not by a scan of the network's addresses). */
export const RANGE_RECORDED_SQL = RANGE_RECORDED;

/** One network by id (its columns only: see networkUse for its counts). */
export function getNetwork(db: Db, id: string): NetworkRow | undefined {
  return prepare(db, `SELECT ${selectList(NETWORK, 'n')} FROM networks n WHERE n.id = ?`).get(id) as NetworkRow | undefined;
}

/** One network by id with its exact utilisation (`use`): what one network's answer is made from. */
export function getNetworkWithUse(db: Db, id: string): (NetworkRow & { use?: Utilization }) | undefined {
  const row = getNetwork(db, id);
  return row && { ...row, use: networkUse(db, row) };
}

/**
 * The exact utilisation of a network (ip-math.ts's utilization) from its counts in SQL: its addresses, and for
 * each of its DHCP and reserved ranges its size less its unusable and recorded addresses. The sizes are summed
 * exactly in 32-bit limbs (an IPv6 range may hold 2^64 addresses and more), which BigInt puts together.
 */
export function networkUse(db: Db, network: Pick<NetworkRow, 'id' | 'subnet'>): Utilization | undefined {
  const subnet = subnetOf(network.subnet);
  if (!subnet) return undefined;
  const used = networkAddressCount(db, network.id);
  const held = { dhcp: 0n, reserved: 0n };
  for (const row of prepare(db, HELD_OF).all(network.id) as unknown as HeldRow[]) {
    const spans = ((BigInt(row.hh) << 32n) + BigInt(row.hl)) * 2n ** 64n + (BigInt(row.lh) << 32n) + BigInt(row.ll);
    held[row.kind] = spans + BigInt(row.ranges - row.unusable - row.recorded);
  }
  return utilization(subnet, BigInt(used), held);
}

/** Per kind: the ranges, the limbs of Σ(end - start) (upper half high and low 32 bits, lower half the same), their unusable and recorded addresses. */
interface HeldRow {
  kind: 'dhcp' | 'reserved';
  ranges: number;
  hh: number;
  hl: number;
  lh: number;
  ll: number;
  unusable: number;
  recorded: number;
}

// x >> 32 shifts arithmetically, so x = (x >> 32) * 2^32 + (x & 0xffffffff) for negative keys too.
const HELD_OF = `SELECT r.kind, count(*) AS ranges,
    sum((r.end_hi >> 32) - (r.start_hi >> 32)) AS hh, sum((r.end_hi & 4294967295) - (r.start_hi & 4294967295)) AS hl,
    sum((r.end_lo >> 32) - (r.start_lo >> 32)) AS lh, sum((r.end_lo & 4294967295) - (r.start_lo & 4294967295)) AS ll,
    sum(${RANGE_UNUSABLE}) AS unusable, sum(${RANGE_RECORDED}) AS recorded
  FROM ranges r JOIN networks n ON n.id = r.network_id WHERE r.network_id = ? AND r.kind IN ('dhcp', 'reserved') GROUP BY r.kind`;

/** A cached statement that reads integers as BigInt (key columns pass 2^53). Its SQL must be used for nothing else. */
function bigIntStatement(db: Db, sql: string): StatementSync {
  const statement = prepare(db, sql);
  statement.setReadBigInts(true);
  return statement;
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

const NETWORK_PAGES = pageReads<NetworkListRow, NetworkFilter>((db, list, filter) => {
  defineSqlFunction(db, UTILIZATION_FUNCTION, utilizationJson);
  return { shape: NETWORK_LIST, query: networksQuery(db, list, filter) };
});

/** network_utilization(subnet, recorded addresses, HELD_RANGES): the utilisation's JSON text. */
function utilizationJson(subnetText: SQLOutputValue, used: SQLOutputValue, held: SQLOutputValue): string {
  const subnet = subnetOf(String(subnetText));
  if (!subnet) return 'null';
  const ranges = typeof held === 'string' ? held.split(',').map(heldRangeOf) : [];
  return JSON.stringify(utilization(subnet, BigInt(Number(used)), ranges));
}

function heldRangeOf(text: string): RangeUse {
  const [kind, startHi, startLo, endHi, endLo, recorded] = text.split(' ') as [string, string, string, string, string, string];
  return {
    kind,
    first: valueOfKey({ hi: BigInt(startHi), lo: BigInt(startLo) }),
    last: valueOfKey({ hi: BigInt(endHi), lo: BigInt(endLo) }),
    recorded: BigInt(recorded),
  };
}

/** One page of networks (filtered by site and VLAN) and the total matching the same filter. */
export const listNetworks = NETWORK_PAGES.rows;

/** The same page of networks as listNetworks, serialised as the API's JSON items by SQLite. */
export const listNetworksJson = NETWORK_PAGES.json;

/** The id of the network of a site with this name (case-insensitive), other than `exceptId`. */
export const networkIdByName = (db: Db, siteId: string, name: string, exceptId = '') =>
  idWhere(db, NETWORK, { site_id: siteId, name }, exceptId);

/** The ids of a site's networks. */
export const networkIdsOfSite = (db: Db, siteId: string) => idsWhere(db, NETWORK, 'site_id', siteId);

/** A site's networks by subnet (imports, checks), their columns only. */
export function networksOfSite(db: Db, siteId: string): NetworkRow[] {
  return prepare(db, `SELECT ${selectList(NETWORK, 'n')} FROM networks n WHERE n.site_id = ? ORDER BY n.subnet, n.id`).all(
    siteId,
  ) as unknown as NetworkRow[];
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
export const insertNetwork = (db: Db, id: string, values: NetworkValues, now: string) => insertNew(db, NETWORK, id, values, now);

/** Writes a network's editable columns and raises its version. */
export const updateNetwork = (db: Db, id: string, values: NetworkValues, now: string) => updateRow(db, NETWORK, id, values, now);

/** Deletes a network after recording it. */
export const removeNetwork = (change: Change, id: string) => removeEntity(change, 'network', id);

/** A network as the API answers it: with its counts and utilisation, from the list's SQL (a list row) or from `use` (one network's). */
export function networkToApi(row: NetworkRow | NetworkListRow, use?: Utilization): ApiRecord {
  const record = apiOf(NETWORK, row);
  if (use) {
    return { ...record, addressCount: use.used, utilization: use, nearlyFull: use.percent >= NEARLY_FULL_PERCENT };
  }
  const listed = row as Partial<NetworkListRow>;
  const listedUse = listed.utilization === undefined ? undefined : (JSON.parse(listed.utilization) as Utilization | null);
  return {
    ...record,
    addressCount: listed.address_count,
    utilization: listedUse,
    nearlyFull: listedUse ? listedUse.percent >= NEARLY_FULL_PERCENT : false,
  };
}

/** How many addresses and ranges a network has (a delete refuses while it has any). */
export function networkHoldings(db: Db, networkId: string): { addresses: number; ranges: number } {
  return prepare(
    db,
    'SELECT (SELECT count(*) FROM addresses WHERE network_id = ?1) AS addresses, (SELECT count(*) FROM ranges WHERE network_id = ?1) AS ranges',
  ).get(networkId) as { addresses: number; ranges: number };
}

/** The addresses no address may be handed out from: every range of the network and its gateway, by first address. */
function heldIntervals(db: Db, network: Pick<NetworkRow, 'id' | 'gateway'>): Interval[] {
  const rows = bigIntStatement(db, RANGES_OF).all(network.id) as unknown as KeyRangeRow[];
  const held = rows.map((row) => ({
    first: valueOfKey({ hi: row.start_hi, lo: row.start_lo }),
    last: valueOfKey({ hi: row.end_hi, lo: row.end_lo }),
  }));
  const gateway = network.gateway ? parseIp(network.gateway) : undefined;
  if (gateway) {
    const value = ipToBigInt(gateway);
    const at = held.findIndex((interval) => interval.first > value);
    held.splice(at === -1 ? held.length : at, 0, { first: value, last: value });
  }
  return held;
}

interface KeyRangeRow {
  start_hi: bigint;
  start_lo: bigint;
  end_hi: bigint;
  end_lo: bigint;
}

const RANGES_OF = 'SELECT start_hi, start_lo, end_hi, end_lo FROM ranges WHERE network_id = ? ORDER BY start_hi, start_lo';

/**
 * The lowest usable address of the network outside its ranges, other than its gateway and not recorded, or
 * undefined when it is full. Without reading every address: the stretches between ranges (and the gateway) are
 * counted until one has fewer addresses recorded than it holds; in that one, the first gap is found by galloping
 * over the addresses in key order (the k-th address after a recorded one is that one plus k while there is no
 * gap). The work grows with the addresses before the gap, in SQLite's index steps (~1 ms for 30,000).
 */
export function nextFreeAddress(db: Db, network: Pick<NetworkRow, 'id' | 'subnet' | 'gateway'>): string | undefined {
  const subnet = subnetOf(network.subnet);
  if (!subnet) return undefined;
  const start =
    subnet.family === 4 || subnet.prefix >= 64 ? stretchWithGapOneHalf(db, network, subnet) : stretchWithGap(db, network, subnet);
  return start === undefined ? undefined : ipText(subnet.family, firstGap(db, network.id, start));
}

/** The first address of the first stretch between held intervals that is not full (any subnet). */
function stretchWithGap(db: Db, network: Pick<NetworkRow, 'id' | 'gateway'>, subnet: Subnet): bigint | undefined {
  for (const stretch of freeBlocks(subnet, heldIntervals(db, network))) {
    if (BigInt(countBetween(db, network.id, stretch.first, stretch.last)) < stretch.size) return stretch.first;
  }
  return undefined;
}

/**
 * stretchWithGap in one statement, for a subnet whose addresses share their upper key half (IPv4, IPv6 /64 and
 * longer): the stretches are the gaps between the ranges and the gateway (ordered by start, each after the
 * furthest end before it), clamped to the usable addresses, each counted on the index.
 */
function stretchWithGapOneHalf(db: Db, network: Pick<NetworkRow, 'id' | 'gateway'>, subnet: Subnet): bigint | undefined {
  const first = keyOf(firstUsable(subnet));
  const last = keyOf(lastUsable(subnet));
  const gateway = network.gateway ? ipKey(network.gateway) : undefined;
  const row = bigIntStatement(db, STRETCH_WITH_GAP).get(
    network.id,
    first.hi,
    first.lo,
    last.lo,
    gateway?.hi === first.hi ? gateway.lo : null,
  ) as { a: bigint } | undefined;
  return row && valueOfKey({ hi: first.hi, lo: row.a });
}

// ?1 network, ?2 the upper half of its keys, ?3 and ?4 the lower halves of its first and last usable address,
// ?5 the lower half of its gateway (or null). An end + 1 or a start - 1 past a 64-bit integer turns REAL in
// SQLite, which only happens beyond the usable addresses, where the clamps leave the stretch empty.
const STRETCH_WITH_GAP = `WITH held(s, e) AS (
    SELECT start_lo, end_lo FROM ranges WHERE network_id = ?1
    UNION ALL SELECT ?5, ?5 WHERE ?5 IS NOT NULL),
  after(s, before_end) AS (
    SELECT s, max(e) OVER (ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) FROM held),
  stretch(a, b) AS (
    SELECT max(coalesce(before_end + 1, ?3), ?3), min(s - 1, ?4) FROM after
    UNION ALL SELECT max(coalesce((SELECT max(e) FROM held) + 1, ?3), ?3), ?4)
  SELECT a FROM stretch
  WHERE a <= b AND (SELECT count(*) FROM addresses x WHERE x.network_id = ?1 AND x.key_hi = ?2 AND x.key_lo BETWEEN a AND b) < b - a + 1
  ORDER BY a LIMIT 1`;

function countBetween(db: Db, networkId: string, first: bigint, last: bigint): number {
  const a = keyOf(first);
  const b = keyOf(last);
  const row = prepare(db, 'SELECT count(*) AS n FROM addresses WHERE network_id = ? AND (key_hi, key_lo) BETWEEN (?, ?) AND (?, ?)').get(
    networkId,
    a.hi,
    a.lo,
    b.hi,
    b.lo,
  ) as { n: number };
  return row.n;
}

/** Whether the address `offset` places after `base` (in key order, from base on) is base + offset: no gap up to it. */
function denseTo(db: Db, networkId: string, base: bigint, offset: bigint): boolean {
  const key = keyOf(base);
  const row = bigIntStatement(
    db,
    'SELECT key_hi, key_lo FROM addresses WHERE network_id = ? AND (key_hi, key_lo) >= (?, ?) ORDER BY key_hi, key_lo LIMIT 1 OFFSET ?',
  ).get(networkId, key.hi, key.lo, offset) as { key_hi: bigint; key_lo: bigint } | undefined;
  return row !== undefined && valueOfKey({ hi: row.key_hi, lo: row.key_lo }) === base + offset;
}

/** The first unrecorded address from `start` on (the caller knows there is one before the stretch ends). */
function firstGap(db: Db, networkId: string, start: bigint): bigint {
  if (!denseTo(db, networkId, start, 0n)) return start;
  // base is recorded, and so is every address up to it from start; gallop while the next `step` are recorded too.
  let base = start;
  let step = 1n;
  while (denseTo(db, networkId, base, step)) {
    base += step;
    step *= 2n;
  }
  // There is a gap within base+1 … base+step: halve it, moving base over every stretch found recorded.
  while (step > 1n) {
    const half = step / 2n;
    if (denseTo(db, networkId, base, half)) {
      base += half;
      step -= half;
    } else step = half;
  }
  return base + 1n;
}

/** The free blocks of a network (ip-math.ts's freeBlocks): its usable addresses outside ranges, gateway and records. */
export function networkFreeBlocks(db: Db, network: Pick<NetworkRow, 'id' | 'subnet' | 'gateway'>): FreeBlock[] {
  const subnet = subnetOf(network.subnet);
  if (!subnet) return [];
  const runs = (
    bigIntStatement(db, RECORDED_RUNS).all(network.id) as unknown as { key_hi: bigint; first_lo: bigint; last_lo: bigint }[]
  ).map((run) => ({ first: valueOfKey({ hi: run.key_hi, lo: run.first_lo }), last: valueOfKey({ hi: run.key_hi, lo: run.last_lo }) }));
  const blocked = [...heldIntervals(db, network), ...runs].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  return freeBlocks(subnet, blocked);
}

// The runs of consecutive recorded addresses ("gaps and islands": within a run, key minus row number is constant).
// key_lo is shifted by 2^62 towards zero first, on each side of zero apart, so that no difference overflows.
const RECORDED_RUNS = `SELECT key_hi, min(key_lo) AS first_lo, max(key_lo) AS last_lo FROM (
    SELECT key_hi, key_lo, key_lo < 0 AS side,
      (CASE WHEN key_lo < 0 THEN key_lo + 4611686018427387904 ELSE key_lo - 4611686018427387904 END)
        - row_number() OVER (PARTITION BY key_hi ORDER BY key_lo) AS run
    FROM addresses WHERE network_id = ?)
  GROUP BY key_hi, side, run ORDER BY key_hi, first_lo`;
