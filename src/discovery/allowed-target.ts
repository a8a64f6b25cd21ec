// Where a discovery may send SNMP (DISCOVERY_ALLOW; docs/DISCOVERY.md, "Where a discovery may reach"). The host is
// looked up once, every address it has is checked, and the reader is given the first of them as an address, so that
// it looks nothing up again: a name cannot answer one address to the check and another to the read (DNS rebinding).
import { createRequire } from 'node:module';
import { cidrContains, formatIp, hostNameMatches, parseIp, unmappedIp } from '../lib/net.ts';
import { HttpError } from '../errors/http-error.ts';
import { DeviceError } from './observed.ts';
import type { Target } from './target.ts';

/**
 * Addresses that no entry reaches but one inside the block: link-local (where clouds answer with their instance
 * metadata: 169.254.169.254), the other metadata addresses of clouds, and what is no single host.
 */
export const GUARDED_BLOCKS: readonly string[] = [
  '169.254.0.0/16',
  'fe80::/10',
  'fd00:ec2::254/128',
  '100.100.100.200/32',
  '168.63.129.16/32',
  '0.0.0.0/8',
  '::/128',
  '224.0.0.0/4',
  '255.255.255.255/32',
  'ff00::/8',
];

/** An IPv4 address inside IPv6 by NAT64's well-known prefix (a mapped one, ::ffff:a.b.c.d, is read as IPv4: canonical). */
const NAT64 = '64:ff9b::/96';

/** The addresses a name has, as node:dns's lookup with `all` answers them. */
export type LookupAll = (host: string) => Promise<{ address: string; family: number }[]>;

// Required when a discovery runs, not imported: a static import would load node:dns at every start of the server.
const builtin = createRequire(import.meta.url);
const systemLookup: LookupAll = (host) => (builtin('node:dns/promises') as typeof import('node:dns/promises')).lookup(host, { all: true });

/** The outcome of the check: the target at the one address to read, or the first address that is not allowed. */
export type CheckedTarget = { ok: true; target: Target } | { ok: false; address: string };

/**
 * Looks `target`'s host up (an address is taken as it is) and checks every address it has against `allow`
 * (DISCOVERY_ALLOW's entries); throws DeviceError when the name has no address.
 */
export async function checkedTarget(target: Target, allow: readonly string[], lookup: LookupAll = systemLookup): Promise<CheckedTarget> {
  const name = parseIp(target.host) ? undefined : target.host;
  const addresses = name === undefined ? [target.host] : await addressesOf(name, lookup);
  const refused = addresses.find((address) => !addressAllowed(address, allow, name));
  if (refused !== undefined) return { ok: false, address: refused };
  return { ok: true, target: { host: canonical(addresses[0])!, port: target.port } };
}

async function addressesOf(name: string, lookup: LookupAll): Promise<string[]> {
  const found = await lookup(name).catch(() => []);
  if (found.length === 0) throw new DeviceError('error', 'the host name could not be resolved');
  return found.map((entry) => entry.address);
}

/**
 * Whether a discovery may send to `address`: a guarded address (GUARDED_BLOCKS) only when a CIDR entry inside its
 * block holds it; any other when a CIDR entry holds it, or when it was found by a name (`byName`) that a name entry
 * (`switch-1.example.net`, `*.example.net`) names. An address that is no plain address (a zone id) is never allowed.
 */
export function addressAllowed(address: string, allow: readonly string[], byName?: string): boolean {
  const ip = canonical(address);
  if (ip === undefined) return false;
  const cidrs = allow.filter((entry) => entry.includes('/') && cidrContains(entry, ip));
  const guard = guardOf(ip);
  if (guard !== undefined) return cidrs.some((entry) => prefixOf(entry) >= prefixOf(guard) && cidrContains(guard, ip));
  if (cidrs.length > 0) return true;
  return byName !== undefined && allow.some((entry) => !entry.includes('/') && hostNameMatches(entry, byName));
}

/** The block of GUARDED_BLOCKS that holds `ip` (an IPv4 address inside NAT64's prefix counts as that address). */
function guardOf(ip: string): string | undefined {
  const inside = cidrContains(NAT64, ip) ? embeddedIpv4(ip) : ip;
  return GUARDED_BLOCKS.find((block) => cidrContains(block, inside));
}

/** The canonical text of an address, an IPv4-mapped one as its IPv4 address; undefined for no address. */
function canonical(address: string): string | undefined {
  const ip = parseIp(address);
  return ip && formatIp(unmappedIp(ip));
}

function embeddedIpv4(ipv6: string): string {
  const bytes = parseIp(ipv6)!.bytes;
  return formatIp({ family: 4, bytes: bytes.subarray(12) });
}

function prefixOf(cidr: string): number {
  return Number(cidr.slice(cidr.indexOf('/') + 1));
}

/** The refusal of a target whose address DISCOVERY_ALLOW does not let a discovery or a fetch reach: nothing is sent. */
export function hostNotAllowed(target: Target, refused: { address: string }): HttpError {
  const which = refused.address === target.host ? 'the address' : `its address ${refused.address}`;
  return new HttpError(
    403,
    'host_not_allowed',
    `${target.host}: ${which} is not allowed by DISCOVERY_ALLOW (by default every address but link-local and cloud metadata ones); ` +
      'nothing was sent to it.',
  );
}
