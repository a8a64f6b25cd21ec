// The role matrix, generated from the route table: every route × every kind of caller → allowed, 401 or 403.
// A route added without an access rule (or with one this table does not know) fails here.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access, Route } from '../../src/http/route.ts';
import { api, TEST_PASSWORD, TEST_SECRET, userWithRole, useTestServer } from '../helpers/server.ts';
import { ACCESS_LEVELS, fillPath, MUTATING_METHODS, routeKey, ROUTES } from './helpers/routes.ts';

const IDENTITIES = [
  'none',
  'expired',
  'wrong-signature',
  'unsigned',
  'disabled',
  'viewer',
  'editor',
  'admin',
  'admin-read-only',
  'agent',
  'revoked-agent',
] as const;
type Identity = (typeof IDENTITIES)[number];
type Outcome = 'allowed' | '401' | '403';

const BAD_TOKENS = new Set<Identity>(['none', 'expired', 'wrong-signature', 'unsigned', 'disabled', 'revoked-agent']);
const RANK: Record<string, number> = { viewer: 1, editor: 2, admin: 3 };

/** What the contract says a caller gets on a route of this access level (and method: a read-only token changes nothing). */
function expectedOutcome(access: Access, identity: Identity, method: string): Outcome {
  // An agent's token (issue 39) is let in on the agent routes only, on every other route 403 (public ones too); a
  // revoked one is 401 everywhere, and no user's token opens an agent route.
  if (identity === 'revoked-agent') return '401';
  if (access === 'agent') return identity === 'agent' ? 'allowed' : '401';
  if (identity === 'agent') return '403';
  if (access === 'public') return 'allowed';
  if (BAD_TOKENS.has(identity)) return '401';
  // An admin's read-only API token: a viewer's reads, and no change, whatever the route.
  if (identity === 'admin-read-only') return MUTATING_METHODS.has(method) ? '403' : expectedOutcome(access, 'viewer', method);
  if (access === 'user') return 'allowed';
  return RANK[identity] >= RANK[access] ? 'allowed' : '403';
}

function outcomeOf(status: number): Outcome {
  return status === 401 ? '401' : status === 403 ? '403' : 'allowed';
}

const server = useTestServer();
const tokens = {} as Record<Identity, string | undefined>;

async function signed(claims: { sub: string; ver: number }, secret: string, expiresAtS: number): Promise<string> {
  return new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(expiresAtS - 3600)
    .setExpirationTime(expiresAtS)
    .sign(new TextEncoder().encode(secret));
}

function unsignedToken(sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub, ver: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
}

beforeAll(async () => {
  const admin = { token: server.token, userId: server.userId };
  const now = Math.floor(Date.now() / 1000);
  tokens.none = undefined;
  tokens.admin = admin.token;
  tokens.viewer = (await userWithRole(server.baseUrl, admin.token, 'matrix-viewer', 'viewer')).token;
  tokens.editor = (await userWithRole(server.baseUrl, admin.token, 'matrix-editor', 'editor')).token;
  // Valid in every way but the one that matters: the admin's own claims, expired / signed with another secret / not signed.
  tokens.expired = await signed({ sub: admin.userId, ver: 1 }, TEST_SECRET, now - 60);
  tokens['wrong-signature'] = await signed({ sub: admin.userId, ver: 1 }, 'b'.repeat(64), now + 3600);
  tokens.unsigned = unsignedToken(admin.userId);
  const disabled = await userWithRole(server.baseUrl, admin.token, 'matrix-disabled', 'admin');
  const patch = await api(server.baseUrl, 'PATCH', `/api/users/${disabled.userId}`, { token: admin.token, body: { disabled: true } });
  expect(patch.status).toBe(200);
  tokens.disabled = disabled.token;
  const readOnly = await api(server.baseUrl, 'POST', '/api/tokens', {
    token: admin.token,
    body: { name: 'matrix read-only', readOnly: true },
  });
  expect(readOnly.status).toBe(201);
  tokens['admin-read-only'] = readOnly.body.token;
  const site = await api(server.baseUrl, 'POST', '/api/sites', { token: admin.token, body: { name: 'Matrix agents' } });
  const site2 = await api(server.baseUrl, 'POST', '/api/sites', { token: admin.token, body: { name: 'Matrix agents 2' } });
  const agent = await api(server.baseUrl, 'POST', '/api/agents', { token: admin.token, body: { name: 'matrix', siteIds: [site.body.id] } });
  const revoked = await api(server.baseUrl, 'POST', '/api/agents', {
    token: admin.token,
    body: { name: 'gone', siteIds: [site2.body.id] },
  });
  expect([agent.status, revoked.status]).toEqual([201, 201]);
  expect((await api(server.baseUrl, 'DELETE', `/api/agents/${revoked.body.id}`, { token: admin.token })).status).toBe(204);
  tokens.agent = agent.body.token;
  tokens['revoked-agent'] = revoked.body.token;
});

/** New sign-in sessions of the admin, viewer and editor (the other identities' tokens are refused anyway). */
async function throwawaySessions(): Promise<Partial<Record<Identity, string>>> {
  const signIn = async (username: string) =>
    (await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username, password: TEST_PASSWORD } })).body.token as string;
  return { admin: await signIn('admin'), viewer: await signIn('matrix-viewer'), editor: await signIn('matrix-editor') };
}

/**
 * A request that cannot destroy the fixtures: path parameters are fresh ids that name nothing, a body is a JSON
 * string (no endpoint accepts one) and ?dryRun=true is set, so an allowed caller gets a 4xx other than 401/403.
 */
function harmlessRequest(route: Route) {
  const path = fillPath(route.path, () => randomUUID());
  const mutating = MUTATING_METHODS.has(route.method);
  return {
    path: mutating ? `${path}?dryRun=true` : path,
    raw: route.body ? JSON.stringify('not a valid body') : undefined,
    headers: route.body ? { 'content-type': 'application/json' } : undefined,
  };
}

// The routes model 2 added, with the access the contract gives them: a route missing from the table, or declared
// with other access, fails here before the matrix below runs it.
const MODEL2_ROUTES: Record<string, Access> = {
  'GET /api/vlans': 'viewer',
  'POST /api/vlans': 'editor',
  'GET /api/vlans/:id': 'viewer',
  'PATCH /api/vlans/:id': 'editor',
  'DELETE /api/vlans/:id': 'editor',
  'GET /api/vlans/:id/ports': 'viewer',
  // Favourites are the caller's own, not inventory: any signed-in user, viewers too.
  'PUT /api/switches/:id/favorite': 'user',
  'DELETE /api/switches/:id/favorite': 'user',
  // Display name and language of the own account, for every role.
  'PATCH /api/auth/me': 'user',
};

// The routes IPAM (issue 18) added, with their access: addresses and ranges are inventory (viewers read, editors
// change), the next free address is taken by an editor, and the subnet calculator is arithmetic for any signed-in
// user (every role is at least a viewer).
const IPAM_ROUTES: Record<string, Access> = {
  'GET /api/networks/:id/addresses': 'viewer',
  'POST /api/networks/:id/addresses': 'editor',
  'POST /api/networks/:id/addresses/next': 'editor',
  'GET /api/networks/:id/free': 'viewer',
  'GET /api/addresses': 'viewer',
  'GET /api/addresses/:id': 'viewer',
  'PATCH /api/addresses/:id': 'editor',
  'DELETE /api/addresses/:id': 'editor',
  'GET /api/networks/:id/ranges': 'viewer',
  'POST /api/networks/:id/ranges': 'editor',
  'GET /api/ranges/:id': 'viewer',
  'PATCH /api/ranges/:id': 'editor',
  'DELETE /api/ranges/:id': 'editor',
  'GET /api/tools/subnet': 'viewer',
};

// The routes of sharing (issue 20, docs/SHARING.md): editors make and revoke public links and place switches,
// viewers read links (never a token) and topologies, and a public link opens without signing in.
const SHARING_ROUTES: Record<string, Access> = {
  'POST /api/switches/:id/public-link': 'editor',
  'GET /api/switches/:id/public-links': 'viewer',
  'GET /api/public-links/:id': 'viewer',
  'DELETE /api/public-links/:id': 'editor',
  'GET /api/p/:token': 'public',
  'GET /api/sites/:id/topology': 'viewer',
  'PUT /api/sites/:id/topology-layout': 'editor',
};

describe('role matrix over every route in ALL_ROUTES', () => {
  it('has routes to check', () => {
    expect(ROUTES.length).toBeGreaterThan(0);
  });

  it.each<[string, Record<string, Access>]>([
    ['model 2', MODEL2_ROUTES],
    ['IPAM', IPAM_ROUTES],
    ['sharing', SHARING_ROUTES],
  ])('knows every route %s added, with its access', (_name, added) => {
    const declared = Object.fromEntries(ROUTES.filter((route) => routeKey(route) in added).map((route) => [routeKey(route), route.access]));
    expect(declared).toEqual(added);
  });

  it.each(ROUTES.map((route) => [routeKey(route), route] as const))('%s', async (_key, route) => {
    expect(ACCESS_LEVELS, `${routeKey(route)} has no known access rule`).toContain(route.access);
    const request = harmlessRequest(route);
    const actual: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    const statuses: Record<string, number> = {};
    // Signing out ends the session it is sent with: that route gets sessions of its own.
    const callers = route.path === '/api/auth/logout' ? { ...tokens, ...(await throwawaySessions()) } : tokens;
    await Promise.all(
      IDENTITIES.map(async (identity) => {
        const answer = await api(server.baseUrl, route.method, request.path, {
          token: callers[identity],
          raw: request.raw,
          headers: request.headers,
        });
        statuses[identity] = answer.status;
        actual[identity] = outcomeOf(answer.status);
        expected[identity] = expectedOutcome(route.access, identity, route.method);
        if (answer.status === 401) expect(answer.body.error.code, `${identity}: ${answer.text}`).toBe('unauthorized');
        if (answer.status === 403) expect(answer.body.error.code, `${identity}: ${answer.text}`).toBe('forbidden');
      }),
    );
    expect(actual, `statuses: ${JSON.stringify(statuses)}`).toEqual(expected);
    for (const [identity, status] of Object.entries(statuses)) expect(status, `${identity} got a server error`).toBeLessThan(500);
  });
});

describe('the session cookie on a change (CSRF)', () => {
  // An agent route takes an agent's token, never the cookie (401 with it).
  const guarded = ROUTES.filter((route) => MUTATING_METHODS.has(route.method) && route.access !== 'public' && route.access !== 'agent');

  it.each(guarded.map((route) => [routeKey(route), route] as const))(
    '%s: refused from another origin, allowed from its own',
    async (_key, route) => {
      const request = harmlessRequest(route);
      const cookie = `session=${tokens.admin}`;
      const foreign = await api(server.baseUrl, route.method, request.path, {
        raw: request.raw,
        headers: { ...request.headers, cookie, origin: 'http://evil.example' },
      });
      const missing = await api(server.baseUrl, route.method, request.path, { raw: request.raw, headers: { ...request.headers, cookie } });
      const own = await api(server.baseUrl, route.method, request.path, {
        raw: request.raw,
        headers: { ...request.headers, cookie, origin: server.baseUrl },
      });
      expect([foreign.status, missing.status]).toEqual([403, 403]);
      expect(outcomeOf(own.status), own.text).toBe('allowed');
      expect(own.status).toBeLessThan(500);
    },
  );
});
