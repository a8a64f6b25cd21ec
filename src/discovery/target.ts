// The agent a discovery reads: the `host` text of a request (and of a stored discovery) as a host and a UDP port.
import { normalizeIp, parseIp } from '../lib/net.ts';

/** The SNMP agent of a discovery: a host name or address and a UDP port. */
export interface Target {
  host: string;
  port: number;
}

export const SNMP_PORT = 161;
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/**
 * The agent a `host` text names: an IPv4 or IPv6 address or a host name, with `:port` when not 161 (an IPv6 address
 * with a port in brackets: `[2001:db8::1]:1161`); addresses in their stored spelling, names in lower case;
 * undefined when it is none of these. Apart from snmp-session.ts, so that the server does not load net-snmp
 * before the first discovery.
 */
export function parseTarget(text: string): Target | undefined {
  const trimmed = text.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(trimmed);
  if (bracketed) return targetOf(bracketed[1], bracketed[2], true);
  if (parseIp(trimmed)) return targetOf(trimmed, undefined, false);
  const withPort = /^([^:]+):(\d{1,5})$/.exec(trimmed);
  return withPort ? targetOf(withPort[1], withPort[2], false) : targetOf(trimmed, undefined, false);
}

function targetOf(host: string, port: string | undefined, ipv6Only: boolean): Target | undefined {
  const number = port === undefined ? SNMP_PORT : Number(port);
  if (!Number.isInteger(number) || number < 1 || number > 65535) return undefined;
  const address = parseIp(host);
  if (address) return ipv6Only && address.family !== 6 ? undefined : { host: normalizeIp(host)!, port: number };
  // A name of digits and dots only is a mistyped address, not a name.
  if (ipv6Only || !HOST_NAME.test(host) || /^[\d.]+$/.test(host)) return undefined;
  return { host: host.replace(/\.$/, '').toLowerCase(), port: number };
}
