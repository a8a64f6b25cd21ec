// Addresses as numbers (BigInt): the keys the database orders addresses by, and the arithmetic of subnets,
// ranges and free blocks built on them. No I/O; the web UI uses it too.
import { formatIp, parseIp, type ParsedIp } from './net.ts';

const HALF = 2n ** 64n;
const OFFSET = 2n ** 63n;

/** An address's 128 bits (an IPv4 address: its 32 bits) as a BigInt. */
export function ipToBigInt(ip: ParsedIp): bigint {
  let value = 0n;
  for (const byte of ip.bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** The address of a family with the given number (the inverse of ipToBigInt). */
export function bigIntToIp(family: 4 | 6, value: bigint): ParsedIp {
  const length = family === 4 ? 4 : 16;
  const bytes = new Uint8Array(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    bytes[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return { family, bytes };
}

/**
 * The number of an address in the canonical text the API answers (normalizeIp's: IPv4 dotted, IPv6 compressed,
 * IPv4-mapped as ::ffff:a.b.c.d), without the full parser: the web UI places ranges on a network's bar with it.
 * Text that is not canonical gives a wrong number, never an error; ip-math.test.ts holds it to ipToBigInt(parseIp).
 */
export function canonicalIpNumber(text: string): bigint {
  if (!text.includes(':')) return text.split('.').reduce((n, x) => n * 256n + BigInt(Number(x) || 0), 0n);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) return 0xffff00000000n + canonicalIpNumber(mapped[1]!);
  const groups = (part = '') => (part ? part.split(':') : []);
  const [head, tail] = text.split('::').map(groups) as [string[], string[] | undefined];
  const all = tail ? [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail] : head;
  return all.reduce((n, x) => n * 65536n + BigInt(parseInt(x, 16) || 0), 0n);
}

/** The database key of an address: its upper and lower 64 bits, each less 2^63 (signed order = unsigned order). */
export interface IpKey {
  hi: bigint;
  lo: bigint;
}

/** The key of a number. */
export function keyOf(value: bigint): IpKey {
  return { hi: value / HALF - OFFSET, lo: (value % HALF) - OFFSET };
}

/** The number of a key (the inverse of keyOf). */
export function valueOfKey(key: { hi: bigint | number; lo: bigint | number }): bigint {
  return (BigInt(key.hi) + OFFSET) * HALF + (BigInt(key.lo) + OFFSET);
}

/** The key of an address's text, or undefined when it is not an address. */
export function ipKey(text: string): IpKey | undefined {
  const ip = parseIp(text);
  return ip ? keyOf(ipToBigInt(ip)) : undefined;
}

/** A subnet as numbers: its first and last address, how many addresses it has, its prefix length. */
export interface Subnet {
  family: 4 | 6;
  prefix: number;
  first: bigint;
  last: bigint;
  size: bigint;
}

/** The subnet of a CIDR without host bits ("10.0.0.0/24", "2001:db8::/64"), or undefined when it is not one. */
export function subnetOf(cidr: string): Subnet | undefined {
  if (typeof cidr !== 'string') return undefined;
  const slash = cidr.indexOf('/');
  if (slash === -1) return undefined;
  const ip = parseIp(cidr.slice(0, slash));
  const prefixText = cidr.slice(slash + 1);
  if (ip === undefined || !/^(?:0|[1-9][0-9]{0,2})$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  const bits = ip.family === 4 ? 32 : 128;
  if (prefix > bits) return undefined;
  const size = 1n << BigInt(bits - prefix);
  const first = ipToBigInt(ip);
  if (first % size !== 0n) return undefined;
  return { family: ip.family, prefix, first, last: first + size - 1n, size };
}

/**
 * Tells whether an address is a usable host of the subnet: inside it and, for IPv4 shorter than /31, neither the
 * network nor the broadcast address; for IPv6 shorter than /127, not the subnet-router anycast address (the first).
 */
export function isUsableHost(cidr: string, ip: string): boolean {
  const hosts = usableHostsOf(cidr);
  const address = parseIp(ip);
  if (hosts === undefined || address === undefined || address.family !== hosts.family) return false;
  const value = ipToBigInt(address);
  return value >= hosts.first && value <= hosts.last;
}

// The usable hosts of the subnet asked for last: an import judges thousands of addresses of one network in a row
// (parsing its subnet each time was most of what the rule of 30,000 addresses cost).
let lastHosts: { cidr: string; hosts?: { family: 4 | 6; first: bigint; last: bigint } } | undefined;

function usableHostsOf(cidr: string): { family: 4 | 6; first: bigint; last: bigint } | undefined {
  if (lastHosts?.cidr !== cidr) {
    const subnet = subnetOf(cidr);
    lastHosts = { cidr, hosts: subnet && { family: subnet.family, first: firstUsable(subnet), last: lastUsable(subnet) } };
  }
  return lastHosts.hosts;
}

/** The first assignable address of a subnet (after the network address or the subnet-router anycast address). */
export function firstUsable(subnet: Subnet): bigint {
  const max = subnet.family === 4 ? 32 : 128;
  return subnet.prefix >= max - 1 ? subnet.first : subnet.first + 1n;
}

/** The last assignable address of a subnet (IPv4 below /31: before the broadcast address). */
export function lastUsable(subnet: Subnet): bigint {
  return subnet.family === 4 && subnet.prefix < 31 ? subnet.last - 1n : subnet.last;
}

/** How many addresses of the subnet are assignable. */
export function usableCount(subnet: Subnet): bigint {
  return lastUsable(subnet) - firstUsable(subnet) + 1n;
}

/** A count as the API answers it: a number while it is below 2^53, else its decimal text (IPv6 sizes). */
export type Count = number | string;

/** A count as the API answers it. */
export function countOut(value: bigint): Count {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

/** `part` of `whole` in per cent, rounded half up to one decimal (0 when `whole` is 0). */
export function percentOf(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 2000n + whole) / (2n * whole)) / 10;
}

/** The percentage from which a network is flagged as nearly full. */
export const NEARLY_FULL_PERCENT = 80;

/** How full a network is (docs/IPAM.md): every count of its subnet, and the share in use. */
export interface Utilization {
  size: Count;
  usable: Count;
  used: Count;
  reserved: Count;
  dhcp: Count;
  free: Count;
  percent: number;
}

/** A range of a network, for its utilisation: its kind, its addresses, and how many of them are recorded. */
export interface RangeUse {
  kind: string;
  first: bigint;
  last: bigint;
  recorded: bigint;
}

/**
 * The utilisation of a subnet from its counts: `used` the recorded addresses, `held` the unrecorded usable
 * addresses of its DHCP and reserved ranges (or the ranges, whose usable addresses are counted here); `free` the
 * rest of the usable ones; percent = (used + dhcp + reserved) / usable.
 */
export function utilization(subnet: Subnet, used: bigint, held: { dhcp: bigint; reserved: bigint } | readonly RangeUse[]): Utilization {
  if (Array.isArray(held)) return utilization(subnet, used, heldOf(subnet, held));
  return utilizationOf(subnet, used, held as { dhcp: bigint; reserved: bigint });
}

/** The unrecorded usable addresses of the DHCP and of the reserved ranges. */
export function heldOf(subnet: Subnet, ranges: readonly RangeUse[]): { dhcp: bigint; reserved: bigint } {
  const held = { dhcp: 0n, reserved: 0n };
  for (const range of ranges) {
    if (range.kind !== 'dhcp' && range.kind !== 'reserved') continue;
    const first = max(range.first, firstUsable(subnet));
    const last = min(range.last, lastUsable(subnet));
    if (last >= first) held[range.kind] += last - first + 1n - range.recorded;
  }
  return held;
}

function utilizationOf(subnet: Subnet, used: bigint, held: { dhcp: bigint; reserved: bigint }): Utilization {
  const usable = usableCount(subnet);
  const busy = used + held.dhcp + held.reserved;
  return {
    size: countOut(subnet.size),
    usable: countOut(usable),
    used: countOut(used),
    reserved: countOut(held.reserved),
    dhcp: countOut(held.dhcp),
    free: countOut(usable > busy ? usable - busy : 0n),
    percent: percentOf(busy, usable),
  };
}

/** Addresses from `first` to `last`, both included. */
export interface Interval {
  first: bigint;
  last: bigint;
}

/**
 * The lowest usable address of the subnet outside every blocked interval (ranges, the gateway, the recorded
 * addresses, runs of them), or undefined when there is none. `blocked` is sorted by `first`; it may overlap.
 */
export function nextFree(subnet: Subnet, blocked: readonly Interval[]): bigint | undefined {
  let cursor = firstUsable(subnet);
  for (const interval of blocked) {
    if (interval.last < cursor) continue;
    if (interval.first > cursor) break;
    cursor = interval.last + 1n;
  }
  return cursor <= lastUsable(subnet) ? cursor : undefined;
}

/** A block of free addresses. */
export interface FreeBlock extends Interval {
  size: bigint;
}

/** The free blocks of the subnet's usable addresses between the blocked intervals (sorted by `first`, may overlap). */
export function freeBlocks(subnet: Subnet, blocked: readonly Interval[]): FreeBlock[] {
  const blocks: FreeBlock[] = [];
  const end = lastUsable(subnet);
  let cursor = firstUsable(subnet);
  for (const interval of blocked) {
    if (cursor > end) break;
    if (interval.last < cursor) continue;
    if (interval.first > cursor) {
      const last = min(interval.first - 1n, end);
      blocks.push({ first: cursor, last, size: last - cursor + 1n });
    }
    cursor = max(cursor, interval.last + 1n);
  }
  if (cursor <= end) blocks.push({ first: cursor, last: end, size: end - cursor + 1n });
  return blocks;
}

/** The text of an address of a family given as its number. */
export function ipText(family: 4 | 6, value: bigint): string {
  return formatIp(bigIntToIp(family, value));
}

/** Most smaller prefixes subnetInfo lists; `splitTotal` says how many there are. */
export const SPLIT_LIST_MAX = 256;

/** What the subnet calculator says about a CIDR. */
export interface SubnetInfo {
  cidr: string;
  family: 4 | 6;
  prefix: number;
  network: string;
  /** IPv4 only (null for IPv6, which has none). */
  broadcast: string | null;
  mask: string;
  wildcard: string;
  firstHost: string;
  lastHost: string;
  /** Every address of the subnet. */
  size: Count;
  /** The usable hosts (usableCount). */
  hostCount: Count;
  /** With `split`: the prefixes of that length it splits into (the first SPLIT_LIST_MAX), and how many there are. */
  split?: { prefix: number; total: Count; subnets: string[] };
}

/**
 * The subnet calculator: the network of a CIDR (host bits are cleared: 10.0.0.5/24 is 10.0.0.0/24), its broadcast,
 * mask, wildcard, first and last host and counts; with `split`, the subnets of that prefix length inside it.
 */
export function subnetInfo(
  cidr: string,
  split?: number,
): { ok: true; info: SubnetInfo } | { ok: false; field: 'cidr' | 'split'; message: string } {
  const slash = typeof cidr === 'string' ? cidr.indexOf('/') : -1;
  const ip = slash === -1 ? undefined : parseIp(cidr.slice(0, slash));
  const prefixText = slash === -1 ? '' : cidr.slice(slash + 1);
  const bits = ip?.family === 6 ? 128 : 32;
  if (ip === undefined || !/^(?:0|[1-9][0-9]{0,2})$/.test(prefixText) || Number(prefixText) > bits) {
    return { ok: false, field: 'cidr', message: 'must be an IPv4 or IPv6 CIDR like 10.0.10.0/24 or 2001:db8::/64' };
  }
  const prefix = Number(prefixText);
  const size = 1n << BigInt(bits - prefix);
  const first = ipToBigInt(ip) - (ipToBigInt(ip) % size);
  const subnet: Subnet = { family: ip.family, prefix, first, last: first + size - 1n, size };
  const all = (1n << BigInt(bits)) - 1n;
  const info: SubnetInfo = {
    cidr: `${ipText(ip.family, first)}/${prefix}`,
    family: ip.family,
    prefix,
    network: ipText(ip.family, first),
    broadcast: ip.family === 4 ? ipText(4, subnet.last) : null,
    mask: ipText(ip.family, all - (size - 1n)),
    wildcard: ipText(ip.family, size - 1n),
    firstHost: ipText(ip.family, firstUsable(subnet)),
    lastHost: ipText(ip.family, lastUsable(subnet)),
    size: countOut(size),
    hostCount: countOut(usableCount(subnet)),
  };
  if (split === undefined) return { ok: true, info };
  if (!Number.isInteger(split) || split < prefix || split > bits) {
    return { ok: false, field: 'split', message: `must be a prefix length from ${prefix} to ${bits}` };
  }
  const step = 1n << BigInt(bits - split);
  const total = 1n << BigInt(split - prefix);
  const subnets: string[] = [];
  for (let i = 0n; i < total && i < BigInt(SPLIT_LIST_MAX); i++) subnets.push(`${ipText(ip.family, first + i * step)}/${split}`);
  info.split = { prefix: split, total: countOut(total), subnets };
  return { ok: true, info };
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
