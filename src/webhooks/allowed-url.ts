// Where webhooks may be sent (API.md, "Webhooks"): https:// to a public address, or to any address WEBHOOK_ALLOW
// allows, which http:// needs. Addresses are judged as a discovery's are (src/discovery/allowed-target.ts: the
// link-local and cloud metadata addresses only by an entry inside their block), and every address of a name counts.
import { addressAllowed, type LookupAll } from '../discovery/allowed-target.ts';
import { cidrContains, formatIp, parseIp, unmappedIp } from '../lib/net.ts';

/** Loopback, private, shared and unique-local ranges: https:// reaches them only where WEBHOOK_ALLOW allows. */
const PRIVATE_BLOCKS = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '::1/128', 'fc00::/7'];
const EVERYWHERE = ['0.0.0.0/0', '::/0'];

const systemLookup: LookupAll = async (host) => (await import('node:dns/promises')).lookup(host, { all: true });

/** Why webhooks may not be sent to `text`; undefined when they may. `allow`: WEBHOOK_ALLOW's CIDRs. */
export async function urlFault(text: string, allow: readonly string[], lookup: LookupAll = systemLookup): Promise<string | undefined> {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return 'must be an https:// URL (or http:// to an address WEBHOOK_ALLOW allows)';
  if (url.username || url.password) return 'must not hold a user name or password';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = parseIp(host) ? [host] : await addressesOf(host, lookup);
  if (addresses.length === 0) return `its host ${host} could not be resolved`;
  const refused = addresses.find((address) => !mayReach(address, url.protocol === 'https:', allow));
  if (refused === undefined) return undefined;
  if (url.protocol === 'http:') return `http:// only to an address WEBHOOK_ALLOW allows, and ${refused} is not one; use https://`;
  return `${refused} is a loopback, private or link-local address, which WEBHOOK_ALLOW does not allow`;
}

function mayReach(address: string, secure: boolean, allow: readonly string[]): boolean {
  if (addressAllowed(address, allow)) return true;
  if (!secure || !addressAllowed(address, EVERYWHERE)) return false;
  const ip = parseIp(address);
  const canonical = ip && formatIp(unmappedIp(ip));
  return canonical !== undefined && !PRIVATE_BLOCKS.some((block) => cidrContains(block, canonical));
}

async function addressesOf(host: string, lookup: LookupAll): Promise<string[]> {
  const found = await lookup(host).catch(() => []);
  return found.map((entry) => entry.address);
}
