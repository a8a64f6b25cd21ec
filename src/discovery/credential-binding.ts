// Where kept SNMP credentials may be sent without being given again (docs/DISCOVERY.md, "Credentials"): a community
// or a v3 user and its keys' HMAC go to whatever host a discovery reads, so credentials an admin asked the service to
// keep for one agent must not be sent to another one an editor names.
import type { ROLES } from '../fields/choices.ts';
import { cidrContains, normalizeIp, parseIp } from '../lib/net.ts';
import { SNMP_PORT, type Target } from './target.ts';

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
 * Whether `role` may send a credential set (kept once, bound to no agent) to `target`: an admin anywhere, anyone else
 * only to a documented switch's own management IP, so that an editor cannot have an admin's secrets sent to a host
 * of their choosing.
 */
export function mayUseCredentialSet(
  managementIp: string | null | undefined,
  target: Target,
  role: (typeof ROLES)[number] | undefined,
): boolean {
  if (role === 'admin') return true;
  const host = normalizeIp(target.host);
  return managementIp != null && target.port === SNMP_PORT && host !== undefined && host === normalizeIp(managementIp);
}

function inNetwork(cidr: string, host: string): boolean {
  return parseIp(host) !== undefined && cidrContains(cidr, host);
}

/** How an agent is written in a message: `host:port`, an IPv6 address in brackets. */
export function agentText(agent: Target): string {
  return `${agent.host.includes(':') ? `[${agent.host}]` : agent.host}:${agent.port}`;
}
