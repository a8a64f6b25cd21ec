// Who may make a request: the caller signed in (401) with a role strong enough (403; a read-only API token has a
// viewer's rights whatever its owner's role, and no change of any route but a public one, 403); for a browser's change,
// a Host the service is known by (421, DNS rebinding) and an Origin of its own (403): always with the session
// cookie, and without it whenever the browser says the change comes from another origin.
import type { IncomingMessage } from 'node:http';
import { readCookie, SESSION_COOKIE, type AuthUser } from '../auth/auth.ts';
import { AGENT_TOKEN_PREFIX, agentByTokenHash, agentTokenHash, type AgentRow } from '../db/agents.ts';
import { HttpError } from '../errors/http-error.ts';
import { ROLES } from '../fields/choices.ts';
import { cidrContains } from '../lib/net.ts';
import { clientAddress, hostName, isKnownHost, requestHost, requestOrigin } from './client.ts';
import type { Access, App, Route } from './route.ts';

const MUTATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Whether a method changes data (and so needs the Host and Origin checks). */
export function isMutating(method: string): boolean {
  return MUTATING.has(method);
}

/**
 * Whether the client's address (client.ts: X-Forwarded-For believed from TRUSTED_PROXIES only) is one the route
 * lets in without a token. Such a request is not authenticated at all: the address is the grant. Reads only: a
 * page in a browser on such an address could send a change, and no Origin check would stand in its way.
 */
export function allowedByAddress(app: App, req: IncomingMessage, route: Route): boolean {
  if (!route.allowFrom || route.method !== 'GET') return false;
  const allowed = route.allowFrom(app.config);
  if (allowed.length === 0) return false;
  const address = clientAddress(app.config, req);
  return allowed.some((cidr) => cidrContains(cidr, address));
}

/**
 * The agent of a request that carries an agent's token (issue 39), the one place agent tokens are checked: 401 for a
 * token that is no agent's or a revoked agent's, 403 on any route that is not an agent's; an agent route without an
 * agent's token is 401 (a user's token does not do). Undefined for a request without an agent token on another route.
 */
export function agentAccess(app: App, req: IncomingMessage, access: Access): AgentRow | undefined {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const isAgentToken = token?.startsWith(AGENT_TOKEN_PREFIX) === true;
  if (!isAgentToken && access !== 'agent') return undefined;
  const agent = isAgentToken ? agentByTokenHash(app.db, agentTokenHash(token!)) : undefined;
  if (!agent || agent.revoked_at !== null)
    throw new HttpError(
      401,
      'unauthorized',
      isAgentToken ? "The agent's token is not valid or was revoked." : 'This endpoint takes an agent token.',
    );
  if (access !== 'agent') throw new HttpError(403, 'forbidden', 'An agent token may call the agent endpoints (/api/agent/...) only.');
  return agent;
}

/**
 * The caller of a request allowed on a route of `access`; undefined on a public route without a valid token.
 * With `version` (the read cache's data version), a token checked at that version already is not read again.
 */
export async function authorize(
  app: App,
  req: IncomingMessage,
  access: Access,
  method: string,
  version: string | undefined,
): Promise<AuthUser | undefined> {
  if (access === 'agent') throw new HttpError(401, 'unauthorized', 'This endpoint takes an agent token.');
  const caller = access === 'public' ? await app.auth.authenticateOptional(req, version) : await app.auth.authenticate(req, version);
  // A public route's change (sign-in, setup) is anybody's: a read-only token takes nothing from it.
  if (caller?.user.readOnly && MUTATING.has(method) && access !== 'public')
    throw new HttpError(
      403,
      'forbidden',
      'This API token is read-only: it reads, and makes no change. Make a token without readOnly for changes.',
    );
  // A browser's write (setup, sign-in, anything with the cookie) is only as safe as the Origin check, which a page
  // reached by DNS rebinding passes: its origin and the Host it sends are the attacker's name for this service.
  // Only a valid Bearer token, which no page is given, stands for a caller that is not a browser: such a page can
  // send an Authorization header of its own making.
  if (MUTATING.has(method) && caller?.via !== 'bearer') {
    requireKnownHost(app, req);
    const withCookie = caller?.via === 'cookie' || readCookie(req, SESSION_COOKIE) !== undefined;
    if (withCookie || fromAnotherOrigin(app, req)) requireSameOrigin(app, req);
  }
  if (!caller || access === 'public') return caller && rightsOf(caller.user);
  return withRole(rightsOf(caller.user), access);
}

/**
 * What authorize answers for a read on a route that is not public, decided from memory: the caller when its
 * token was checked at `version` already (403 when its role is too weak), else undefined: then authorize.
 */
export function knownCaller(app: App, req: IncomingMessage, access: Access, version: string): AuthUser | undefined {
  if (access === 'public' || access === 'agent') return undefined;
  const caller = app.auth.knownCaller(req, version);
  return caller && withRole(rightsOf(caller.user), access);
}

/** knownCaller without its 403: undefined when the role is too weak as well (authorize then refuses). */
export function knownCallerWithRole(app: App, req: IncomingMessage, access: Access, version: string): AuthUser | undefined {
  if (access === 'public' || access === 'agent') return undefined;
  const known = app.auth.knownCaller(req, version)?.user;
  const user = known && rightsOf(known);
  return user && hasRole(user, access) ? user : undefined;
}

/**
 * The caller as routes see it: a read-only API token's with a viewer's role whatever its owner's (the one place
 * that decides it; its changes authorize refuses above).
 */
function rightsOf(user: AuthUser): AuthUser {
  return user.readOnly && user.role !== 'viewer' ? { ...user, role: 'viewer' } : user;
}

function withRole(user: AuthUser, access: Exclude<Access, 'public' | 'agent'>): AuthUser {
  if (!hasRole(user, access)) throw new HttpError(403, 'forbidden', `This needs the ${access} role; you are ${user.role}.`);
  return user;
}

function hasRole(user: AuthUser, access: Exclude<Access, 'public' | 'agent'>): boolean {
  return access === 'user' || ROLES.indexOf(user.role) >= ROLES.indexOf(access);
}

function requireKnownHost(app: App, req: IncomingMessage): void {
  const host = requestHost(app.config, req);
  if (isKnownHost(app.config, host)) return;
  const name = hostName(host) ?? '(none)';
  throw new HttpError(
    421,
    'unknown_host',
    `This service does not answer changes for the host name "${name}": open it by its IP address, localhost or the machine's name, ` +
      `or add ${name} to APP_ALLOWED_HOSTS (behind a reverse proxy, also list the proxy in TRUSTED_PROXIES).`,
  );
}

function requireSameOrigin(app: App, req: IncomingMessage): void {
  const claimed = req.headers.origin ?? originOf(req.headers.referer);
  if (claimed && claimed === requestOrigin(app.config, req) && !fromAnotherOrigin(app, req)) return;
  throw new HttpError(403, 'forbidden', "A change made in a browser must come from this service's own pages (Origin check).");
}

// A browser's change that says it comes from another origin (Sec-Fetch-Site, Origin, else Referer) is refused whether
// the cookie came or not: SameSite=Strict keeps the cookie back from another site's form, but the answer's
// Set-Cookie still lands (a sign-out's would clear the victim's session cookie, a sign-in's set the attacker's).
function fromAnotherOrigin(app: App, req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const claimed = req.headers.origin ?? originOf(req.headers.referer);
  return claimed !== undefined && claimed !== requestOrigin(app.config, req);
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
