// Where kept SNMP credentials may be sent without being given again (docs/DISCOVERY.md, "Credentials"): a community
// or a v3 user and its keys' HMAC go to whatever host a discovery reads, so credentials an admin asked the service to
// keep for one agent must not be sent to another one an editor names.
import type { ROLES } from '../fields/choices.ts';
import { cidrContains, hostNameMatches, hostNamePattern, normalizeCidr, normalizeIp, parseIp } from '../lib/net.ts';
import type { Target } from './target.ts';

/** An agent kept credentials are bound to: a host as written (a name or an address) and its port, or a network and port. */
export type BoundAgent = Target | { cidr: string; port: number };

/**
 * Whether credentials kept for `binding` may be sent to `target` by a user of `role`. Anybody who may discover may
 * send them to an agent they are bound to: the same host as written (a name matches only that name, never the
 * addresses it has) and port, or an address written as such inside a bound network and that port. Elsewhere only an
 * admin may. The one rule for every kind of kept credentials: a switch's remembered ones and credential sets.
 */
export function mayUseKeptCredentials(binding: readonly BoundAgent[], target: Target, role: (typeof ROLES)[number] | undefined): boolean {
  if (role === 'admin') return true;
  return binding.some(
    (agent) => agent.port === target.port && ('cidr' in agent ? inNetwork(agent.cidr, target.host) : agent.host === target.host),
  );
}

/**
 * Whether a credential set allows `target`: its host inside one of the networks the set names (an address is a
 * network of one), or written as one of the names it names (`*.example.net`: every name under it). A name allows only
 * itself, never the addresses it has, and an address is never allowed by a name.
 */
export function credentialSetAllows(allowedHosts: readonly string[], target: Target): boolean {
  const address = normalizeIp(target.host);
  return allowedHosts.some((entry) =>
    address === undefined
      ? !entry.includes('/') && hostNameMatches(entry, target.host.toLowerCase())
      : entry.includes('/') && cidrContains(entry, address),
  );
}

/** The most hosts a credential set names. */
export const ALLOWED_HOSTS_MAX = 100;

/**
 * A credential set's allowed host as stored: a network in canonical form (an address becomes the network of it alone,
 * /32 or /128), or a host name pattern in lower case; undefined for anything else.
 */
export function allowedHostEntry(text: string): string | undefined {
  const trimmed = text.trim();
  const address = normalizeIp(trimmed);
  if (address !== undefined) return `${address}/${address.includes(':') ? 128 : 32}`;
  if (trimmed.includes('/')) {
    const network = normalizeCidr(trimmed);
    return network.ok ? network.value : undefined;
  }
  return hostNamePattern(trimmed);
}

/**
 * Whether `role` may send a credential set to `target`: an admin anywhere, anyone else only to a host the set allows
 * (credentialSetAllows), so that an editor cannot have an admin's secrets sent to a host of their choosing, not even by
 * making it a switch's management IP. The scheduler holds every poll to the set's hosts (poll.ts), whoever set it.
 */
export function mayUseCredentialSet(allowedHosts: readonly string[], target: Target, role: (typeof ROLES)[number] | undefined): boolean {
  return role === 'admin' || credentialSetAllows(allowedHosts, target);
}

function inNetwork(cidr: string, host: string): boolean {
  return parseIp(host) !== undefined && cidrContains(cidr, host);
}

/** How an agent is written in a message: `host:port`, an IPv6 address in brackets. */
export function agentText(agent: Target): string {
  return `${agent.host.includes(':') ? `[${agent.host}]` : agent.host}:${agent.port}`;
}
