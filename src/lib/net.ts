// IP address, CIDR and MAC address parsing and canonical formatting, written by hand (no I/O).
//
// All functions are strict: they never trim, so callers trim user input first if they want to.
// IPv4 octets with leading zeros ("010.0.0.1") are refused everywhere, because some tools read
// them as octal; IPv6 zone ids ("fe80::1%eth0") and brackets ("[::1]") are refused too.
import { FIELD_FORMS, type FieldFormCode, fillForm, type MessageParams, withForm } from './message-forms.ts';

/** An IP address as its family and its 4 (IPv4) or 16 (IPv6) bytes in network order. */
export interface ParsedIp {
  family: 4 | 6;
  bytes: Uint8Array;
}

/** The outcome of normalizeCidr: the canonical CIDR, or a short reason (with a suggested fix when only host bits are wrong). */
export type CidrResult =
  | { ok: true; value: string }
  | { ok: false; reason: string; network?: string; address?: string; code?: FieldFormCode; params?: MessageParams };

const DECIMAL_OCTET = /^(?:0|[1-9][0-9]{0,2})$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;
const PREFIX = /^(?:0|[1-9][0-9]*)$/;

function parseIpv4Into(text: string, out: Uint8Array, offset: number): boolean {
  const parts = text.split('.');
  if (parts.length !== 4) return false;
  for (let i = 0; i < 4; i++) {
    const part = parts[i];
    if (!DECIMAL_OCTET.test(part)) return false;
    const value = Number(part);
    if (value > 255) return false;
    out[offset + i] = value;
  }
  return true;
}

/** Parses the groups on one side of "::" (or the whole address) into 16-bit values; the last may be an IPv4 tail. */
function parseGroups(text: string, allowIpv4Tail: boolean): number[] | undefined {
  if (text === '') return [];
  const parts = text.split(':');
  const groups: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (allowIpv4Tail && i === parts.length - 1 && part.includes('.')) {
      const v4 = new Uint8Array(4);
      if (!parseIpv4Into(part, v4, 0)) return undefined;
      groups.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
    } else {
      if (!HEX_GROUP.test(part)) return undefined;
      groups.push(parseInt(part, 16));
    }
  }
  return groups;
}

function parseIpv6(text: string): Uint8Array | undefined {
  const gap = text.indexOf('::');
  let groups: number[];
  if (gap === -1) {
    const all = parseGroups(text, true);
    if (all === undefined || all.length !== 8) return undefined;
    groups = all;
  } else {
    // A second "::", overlapping (":::") or not ("1::2::3"), is ambiguous.
    if (text.indexOf('::', gap + 1) !== -1) return undefined;
    const right = text.slice(gap + 2);
    const head = parseGroups(text.slice(0, gap), false);
    const tail = parseGroups(right, true);
    if (head === undefined || tail === undefined) return undefined;
    const zeros = 8 - head.length - tail.length;
    // RFC 4291: "::" stands for one or more groups of zeros.
    if (zeros < 1) return undefined;
    groups = [...head, ...new Array<number>(zeros).fill(0), ...tail];
  }
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 8; i++) {
    bytes[2 * i] = groups[i] >> 8;
    bytes[2 * i + 1] = groups[i] & 0xff;
  }
  return bytes;
}

/** Parses an IPv4 dotted quad or any RFC 4291 IPv6 text form; undefined when the text is not exactly one address. */
export function parseIp(text: string): ParsedIp | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  if (text.includes(':')) {
    const bytes = parseIpv6(text);
    return bytes === undefined ? undefined : { family: 6, bytes };
  }
  const bytes = new Uint8Array(4);
  return parseIpv4Into(text, bytes, 0) ? { family: 4, bytes } : undefined;
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it carries; any other address as it is. */
export function unmappedIp(ip: ParsedIp): ParsedIp {
  return ip.family === 6 && isIpv4Mapped(ip.bytes) ? { family: 4, bytes: ip.bytes.slice(12) } : ip;
}

/** A host name or a `*.` wildcard of one, each label 1 to 63 letters, digits and inner hyphens. */
const HOST_NAME_OR_WILDCARD = /^(\*\.)?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * A host name as the configuration's lists take one (`switch.example.net`, or `*.example.net` for every name under
 * example.net): in lower case without a final dot; undefined when it is none.
 */
export function hostNamePattern(entry: string): string | undefined {
  const name = entry.toLowerCase().replace(/\.$/, '');
  return HOST_NAME_OR_WILDCARD.test(name) ? name : undefined;
}

/** Whether `name` is one that `pattern` (of hostNamePattern) names: itself, or for `*.example.net` any name under it. */
export function hostNameMatches(pattern: string, name: string): boolean {
  return pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) : name === pattern;
}

function isIpv4Mapped(bytes: Uint8Array): boolean {
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return false;
  return bytes[10] === 0xff && bytes[11] === 0xff;
}

function formatIpv4(bytes: Uint8Array, offset: number): string {
  return `${bytes[offset]}.${bytes[offset + 1]}.${bytes[offset + 2]}.${bytes[offset + 3]}`;
}

function joinHex(groups: number[]): string {
  return groups.map((g) => g.toString(16)).join(':');
}

/** Formats an address canonically: IPv4 dotted, IPv6 per RFC 5952 (IPv4-mapped as ::ffff:a.b.c.d); throws RangeError on a malformed ParsedIp. */
export function formatIp(ip: ParsedIp): string {
  const { family, bytes } = ip;
  if (family === 4 && bytes.length === 4) return formatIpv4(bytes, 0);
  if (family !== 6 || bytes.length !== 16) {
    throw new RangeError(`formatIp: family ${family} with ${bytes.length} bytes is not an IP address`);
  }
  if (isIpv4Mapped(bytes)) return `::ffff:${formatIpv4(bytes, 12)}`;

  const groups: number[] = [];
  for (let i = 0; i < 8; i++) groups.push((bytes[2 * i] << 8) | bytes[2 * i + 1]);

  // Longest run of two or more zero groups; the first one wins a tie (RFC 5952 section 4.2).
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < 8 && groups[end] === 0) end++;
    if (end - i > bestLength) {
      bestStart = i;
      bestLength = end - i;
    }
    i = end;
  }
  if (bestStart === -1) return joinHex(groups);
  return `${joinHex(groups.slice(0, bestStart))}::${joinHex(groups.slice(bestStart + bestLength))}`;
}

/** Returns the canonical text of an IP address, or undefined when the text is not one. */
export function normalizeIp(text: string): string | undefined {
  const ip = parseIp(text);
  return ip === undefined ? undefined : formatIp(ip);
}

interface ParsedCidr {
  ip: ParsedIp;
  prefix: number;
}

/** A refusal of a CIDR: its reason worded by the form `code` (withForm: the code and params not enumerable). */
function cidrRefusal<T extends object>(code: FieldFormCode, params: MessageParams = {}, extra?: T) {
  return withForm({ ok: false as const, reason: fillForm(FIELD_FORMS[code], params), ...extra }, code, params);
}

/** Splits "addr/prefix" into a parsed address and a checked prefix length, or a reason. */
function parseCidr(text: string): ParsedCidr | ReturnType<typeof cidrRefusal> {
  if (typeof text !== 'string') return cidrRefusal('not_cidr');
  const slash = text.indexOf('/');
  if (slash === -1 || slash !== text.lastIndexOf('/')) return cidrRefusal('not_cidr');
  const ip = parseIp(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (ip === undefined || !PREFIX.test(prefixText)) return cidrRefusal('not_cidr');
  const prefix = Number(prefixText);
  const max = ip.family === 4 ? 32 : 128;
  if (prefix > max) {
    return cidrRefusal('prefix_out_of_range', { prefix: prefixText, family: ip.family, max });
  }
  return { ip, prefix };
}

/** Returns a copy of the address bytes with every bit after the first `prefix` bits cleared. */
function maskBytes(bytes: Uint8Array, prefix: number): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const bitsHere = Math.max(0, Math.min(8, prefix - 8 * i));
    out[i] = bytes[i] & ((0xff << (8 - bitsHere)) & 0xff);
  }
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Checks and canonicalizes "addr/prefix"; with host bits set it fails but names the network and address so a caller can offer the fix. */
export function normalizeCidr(text: string): CidrResult {
  const parsed = parseCidr(text);
  if ('reason' in parsed) return parsed;
  const { ip, prefix } = parsed;
  const networkBytes = maskBytes(ip.bytes, prefix);
  const network = `${formatIp({ family: ip.family, bytes: networkBytes })}/${prefix}`;
  if (!sameBytes(networkBytes, ip.bytes)) {
    return cidrRefusal('host_bits_set', { network }, { network, address: formatIp(ip) });
  }
  return { ok: true, value: network };
}

/**
 * Tells whether the address lies inside the network; false when either is invalid (a CIDR with host bits set counts
 * as invalid) or the families differ, so an IPv4-mapped IPv6 address such as ::ffff:10.0.0.1 is never inside an IPv4 CIDR.
 */
export function cidrContains(cidr: string, ip: string): boolean {
  const parsed = parseCidr(cidr);
  if ('reason' in parsed) return false;
  const address = parseIp(ip);
  if (address === undefined || address.family !== parsed.ip.family) return false;
  const network = maskBytes(parsed.ip.bytes, parsed.prefix);
  if (!sameBytes(network, parsed.ip.bytes)) return false;
  return sameBytes(maskBytes(address.bytes, parsed.prefix), network);
}

/**
 * Tells whether two networks share an address: one contains the other (or they are the same). False when either
 * is invalid (host bits set count as invalid) or the families differ.
 */
export function cidrOverlaps(a: string, b: string): boolean {
  const first = parseCidr(a);
  const second = parseCidr(b);
  if ('reason' in first || 'reason' in second || first.ip.family !== second.ip.family) return false;
  if (!sameBytes(maskBytes(first.ip.bytes, first.prefix), first.ip.bytes)) return false;
  if (!sameBytes(maskBytes(second.ip.bytes, second.prefix), second.ip.bytes)) return false;
  // Two CIDR blocks either nest or are disjoint: they overlap when both agree on the shorter prefix's bits.
  const shorter = Math.min(first.prefix, second.prefix);
  return sameBytes(maskBytes(first.ip.bytes, shorter), maskBytes(second.ip.bytes, shorter));
}

const MAC_COLON = /^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/i;
const MAC_DASH = /^[0-9a-f]{2}(?:-[0-9a-f]{2}){5}$/i;
const MAC_CISCO = /^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/i;
const MAC_SEARCH = /^[0-9a-f:.-]*$/i;

/** Returns a MAC address as lower-case aa:bb:cc:dd:ee:ff, accepting only that form, its dash form, or Cisco aabb.ccdd.eeff. */
export function normalizeMac(text: string): string | undefined {
  if (typeof text !== 'string') return undefined;
  if (!MAC_COLON.test(text) && !MAC_DASH.test(text) && !MAC_CISCO.test(text)) return undefined;
  const digits = text.replace(/[:.-]/g, '').toLowerCase();
  return digits.match(/../g)!.join(':');
}

/** For search: the lower-case hex digits of text made only of hex digits and : - . separators, when there are at least 4; else undefined. */
export function macDigits(text: string): string | undefined {
  if (typeof text !== 'string' || !MAC_SEARCH.test(text)) return undefined;
  const digits = text.replace(/[:.-]/g, '').toLowerCase();
  return digits.length >= 4 ? digits : undefined;
}
