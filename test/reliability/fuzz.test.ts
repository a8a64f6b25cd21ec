// Property-based fuzzing of every route in ALL_ROUTES with fast-check, as an admin so requests reach validation.
// For every request: no 5xx, an error in the contract's shape, and a refused request changes nothing stored.
// Reproduce a failure with FUZZ_SEED=<seed from the test name> (and fast-check's printed path).
import fc from 'fast-check';
import { METHODS as HTTP_METHODS } from 'node:http';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, type Route } from '../../src/http/route.ts';
import { api, TEST_PASSWORD, userWithRole, useTestServer } from '../helpers/server.ts';
import { fingerprint, integrityCheck, openReadOnly } from '../helpers/db.ts';
import { seedInventory } from './helpers/fixtures.ts';
import {
  bodyValue,
  contentType,
  csvText,
  Deep,
  encodeBytes,
  Entries,
  Huge,
  queryName,
  queryValue,
  RAW_SEGMENTS,
  RawJson,
  requestFields,
  toJsonText,
} from './helpers/fuzz-values.ts';
import { pathParams, routeKey, ROUTES } from './helpers/routes.ts';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Runs per route at most; the time slice below usually ends a route's runs first on a slow machine. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** The whole file's fuzzing budget, shared equally by the routes (and the random-path property); a route's runs after its slice are skipped. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 40_000);
const REQUEST_LIMIT_MS = 15_000;

// Real ids come from the live database at the moment of the request, so a deleted fixture is never reused.
const ID_QUERIES: Record<string, string> = {
  sites: 'SELECT id FROM sites',
  vlans: 'SELECT id FROM vlans',
  networks: 'SELECT id FROM networks',
  switches: 'SELECT id FROM switches',
  ports: 'SELECT id FROM ports',
  users: "SELECT id FROM users WHERE username <> 'admin'",
  tokens: 'SELECT id FROM api_tokens',
  activity: 'SELECT id FROM activity',
};
const ANY_ID = Object.values(ID_QUERIES).join(' UNION ALL ');
const ENTITY_NAMES = ['sites', 'vlans', 'networks', 'switches', 'ports', 'users', 'activity', 'Sites', 'site'];

const server = useTestServer();
/** The admin's token: a fuzzed sign-out may end it, and the admin signs in again. */
let token: string;
let sessionMayBeEnded = false;
let reader: DatabaseSync;
let requests = 0;
let refused = 0;
let seeds = 0;

/** One path parameter: a real id of the right kind, a random UUID, or junk (already percent-encoded). */
type ParamChoice =
  | { kind: 'real'; index: number }
  | { kind: 'uuid'; value: string }
  | { kind: 'text'; value: string }
  | { kind: 'raw'; value: string };

const paramChoice: fc.Arbitrary<ParamChoice> = fc.oneof(
  { weight: 5, arbitrary: fc.nat().map((index) => ({ kind: 'real' as const, index })) },
  { weight: 2, arbitrary: fc.uuid({ version: 4 }).map((value) => ({ kind: 'uuid' as const, value })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom(...ENTITY_NAMES), fc.constant('x'.repeat(5000)))
      .map((value) => ({ kind: 'text' as const, value })),
  },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((value) => ({ kind: 'raw' as const, value })) },
);

interface FuzzRequest {
  method: string;
  params: ParamChoice[];
  query: ({ name: string; value: string } | RawJson)[];
  body: { type: string; value: unknown } | undefined;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO'];

function requestArbitrary(route: Route): fc.Arbitrary<FuzzRequest> {
  const params = pathParams(route.path);
  const query = fc.oneof(
    { weight: 9, arbitrary: fc.record({ name: queryName(route), value: queryValue }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('q=%', 'q=%FF', 'limit=%', 'sort=%00name', 'q', '&&&', 'q=a&q=b', 'limit=1&limit=600')
        .map((text) => new RawJson(text)),
    },
  );
  const body = fc.oneof(
    { weight: 8, arbitrary: fc.record({ type: contentType, value: bodyValue(route) }) },
    { weight: route.body?.accepts === 'json-or-csv' ? 3 : 0, arbitrary: fc.record({ type: fc.constant('text/csv'), value: csvText }) },
  );
  return fc.record({
    method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
    params: fc.tuple(...params.map(() => paramChoice)),
    query: fc.array(query, { maxLength: 4 }),
    body: route.body
      ? fc.option(body, { freq: 8 }).map((value) => value ?? undefined)
      : fc.option(body, { freq: 1 }).map((value) => value ?? undefined),
  });
}

function realId(collection: string, index: number): string {
  if (collection === 'import' || collection === 'export') return ENTITY_NAMES[index % 4];
  const ids = (reader.prepare(ID_QUERIES[collection] ?? ANY_ID).all() as { id: string }[]).map((row) => row.id);
  return ids.length ? ids[index % ids.length] : '00000000-0000-4000-8000-000000000000';
}

function pathOf(route: Route, choices: ParamChoice[]): string {
  let position = 0;
  const segments = route.path.split('/');
  return segments
    .map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const choice = choices[position++];
      if (choice.kind === 'real') return realId(segments[index - 1], choice.index);
      if (choice.kind === 'raw') return choice.value;
      return encodeBytes(choice.value);
    })
    .join('/');
}

function queryOf(parts: FuzzRequest['query']): string {
  if (parts.length === 0) return '';
  return `?${parts.map((part) => (part instanceof RawJson ? part.text : `${encodeBytes(part.name)}=${encodeBytes(part.value)}`)).join('&')}`;
}

/** Keeps something of every kind in the database, so that real ids exist (a fuzzed DELETE may have removed them). */
async function ensureFixtures(): Promise<void> {
  // A fuzzed sign-out ends the admin's session: sign in again, so that the next requests reach validation.
  if (sessionMayBeEnded) {
    sessionMayBeEnded = false;
    const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    if (login.status === 200) token = login.body.token;
  }
  const count = (sql: string) => (reader.prepare(sql).get() as { n: number }).n;
  const empty = ['sites', 'vlans', 'networks', 'switches', 'ports'].some((table) => count(`SELECT count(*) AS n FROM ${table}`) === 0);
  if (empty) {
    seeds++;
    await seedInventory(server.baseUrl, token, { prefix: `fuzz${seeds}`, vlans: 2, switches: 2, portsPerSwitch: 4 });
  }
  if (count("SELECT count(*) AS n FROM users WHERE username <> 'admin'") === 0) {
    await userWithRole(server.baseUrl, token, `fuzz-user-${Date.now()}`, 'viewer');
  }
  if (count('SELECT count(*) AS n FROM api_tokens') === 0) {
    await api(server.baseUrl, 'POST', '/api/tokens', { token, body: { name: 'fuzz' } });
  }
}

/** Sends one fuzzed request and checks the rules; throws (a fast-check failure) on a breach. */
async function check(route: Route | undefined, path: string, request: FuzzRequest): Promise<void> {
  const before = fingerprint(reader);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: string | undefined;
  const canHaveBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (request.body && canHaveBody) {
    body = typeof request.body.value === 'string' && request.body.type === 'text/csv' ? request.body.value : toJsonText(request.body.value);
    if (request.body.type) headers['content-type'] = request.body.type;
  }
  if (path.includes('logout')) sessionMayBeEnded = true;
  const described = `${request.method} ${path.slice(0, 300)} body ${body === undefined ? '-' : `${body.length} chars: ${body.slice(0, 200)}`}`;
  requests++;
  let response: Response;
  try {
    response = await fetch(server.baseUrl + path, { method: request.method, headers, body, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
  } catch (error) {
    // The server may close the connection on a body over the limit before the client has sent it all.
    const limit = route?.body?.limit ?? BODY_LIMIT;
    if (body !== undefined && Buffer.byteLength(body) > limit && server.process.exitCode === null) return;
    throw new Error(`no answer (${String((error as Error).cause ?? error)}) to ${described}\n${server.logs().slice(-2000)}`);
  }
  const text = await response.text();
  if (response.status >= 500)
    throw new Error(`${response.status} for ${described}: ${text.slice(0, 500)}\nserver log:\n${server.logs().slice(-3000)}`);
  if (response.status >= 400) {
    refused++;
    // A method Node's HTTP parser does not know never reaches the router: the server's clientError handler answers a bare 400.
    const parserError = response.status === 400 && !HTTP_METHODS.includes(request.method);
    // `/api/%2e%2e` is `/` once the URL is normalised: the web UI's static files, which answer in plain text.
    const underApi = /^\/api(\/|$)/.test(new URL(server.baseUrl + path).pathname);
    if (request.method !== 'HEAD' && !parserError && underApi) {
      let error: { code?: unknown; message?: unknown } | undefined;
      try {
        error = JSON.parse(text).error;
      } catch {
        throw new Error(`${response.status} without a JSON error body for ${described}: ${text.slice(0, 300)}`);
      }
      if (typeof error?.code !== 'string' || typeof error?.message !== 'string')
        throw new Error(`${response.status} without the contract's error shape for ${described}: ${text.slice(0, 300)}`);
    }
    const after = fingerprint(reader);
    if (after !== before)
      throw new Error(`a refused request (${response.status}) changed the database: ${described}\nbefore ${before}\nafter  ${after}`);
  }
}

beforeAll(async () => {
  token = server.token;
  reader = openReadOnly(server.dataDir);
  await ensureFixtures();
  console.log(`fuzz seed ${SEED} (set FUZZ_SEED=${SEED} to repeat), up to ${RUNS} runs per route, ${ROUTES.length} routes`);
});
afterAll(async () => {
  console.log(`fuzz: ${requests} requests, ${refused} refused, fixtures re-seeded ${seeds} times, seed ${SEED}`);
  reader?.close();
});

const sliceMs = () => Math.max(300, Math.floor(BUDGET_MS / (ROUTES.length + 1)));

describe(`fuzz every route (seed ${SEED})`, () => {
  it.each(ROUTES.map((route) => [routeKey(route), route] as const))(
    `%s (seed ${SEED})`,
    async (_key, route) => {
      const deadline = Date.now() + sliceMs();
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async (request) => {
          if (Date.now() > deadline) return;
          await ensureFixtures();
          await check(route, pathOf(route, request.params) + queryOf(request.query), request);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(server.process.exitCode, 'the server process died').toBeNull();
      expect(integrityCheck(server.dataDir)).toBe('ok');
    },
    120_000,
  );

  // The cases the fuzzing must cover, every time and for every field, whatever the seed draws.
  const bodyRoutes = ROUTES.filter((route) => route.body);
  it.each(bodyRoutes.map((route) => [routeKey(route), route] as const))(
    '%s: deep nesting, 1e309, -0, lone surrogates, NUL, RTL, prototype keys, huge strings, wrong types',
    async (_key, route) => {
      const fields = requestFields(route).length ? requestFields(route) : ['name'];
      const bodies: unknown[] = [
        new Deep(100_000, 'array'),
        new Deep(100_000, 'object'),
        new RawJson('1e309'),
        new RawJson('-0'),
        new RawJson('[]'),
        new RawJson('{}'),
        new RawJson('{"__proto__": {"role": "admin", "isAdmin": true}, "constructor": {"prototype": {"polluted": true}}}'),
        new Entries([
          ['__proto__', new Entries(fields.map((field) => [field, 'x']))],
          ...fields.map((field): [string, unknown] => [field, '\uD800']),
        ]),
      ];
      for (const field of fields) {
        for (const value of [
          new Deep(1000, 'array'),
          // JSON.parse reads it; a rule that writes the value back with JSON.stringify overflows the stack.
          new Deep(100_000, 'array'),
          new RawJson('1e309'),
          new RawJson('-1e309'),
          new RawJson('-0'),
          '\uD800',
          'x\uDFFF',
          'a\u0000b',
          '\u202Eevil\u202C',
          new Huge(900_000, 'x'),
          123,
          true,
          [],
          {},
          null,
          '',
        ]) {
          bodies.push(new Entries([[field, value]]));
          bodies.push(
            new Entries([
              ...fields.filter((other) => other !== field).map((other): [string, unknown] => [other, 'ok']),
              [field, value],
              ['constructor', 'x'],
            ]),
          );
        }
      }
      for (const value of bodies) {
        const request: FuzzRequest = {
          method: route.method,
          params: pathParams(route.path).map(() => ({ kind: 'real', index: 0 })),
          query: [],
          body: { type: 'application/json', value },
        };
        await ensureFixtures();
        await check(route, pathOf(route, request.params), request);
      }
      expect(server.process.exitCode, 'the server process died').toBeNull();
    },
    120_000,
  );

  it(`random methods and paths under /api (seed ${SEED})`, async () => {
    const segments = [...new Set(ROUTES.flatMap((route) => route.path.split('/').filter((s) => s && !s.startsWith(':'))))];
    const segment = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...segments) },
      { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(encodeBytes) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    );
    const arbitrary = fc.record({
      method: fc.constantFrom(...METHODS),
      segments: fc.array(segment, { maxLength: 6 }),
      query: fc.array(fc.record({ name: fc.constantFrom('q', 'sort', 'limit', 'x'), value: queryValue }), { maxLength: 3 }),
      body: fc.option(fc.record({ type: contentType, value: bodyValue(ROUTES[0]) }), { freq: 2 }).map((value) => value ?? undefined),
    });
    const deadline = Date.now() + sliceMs() * 3;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (request) => {
        if (Date.now() > deadline) return;
        await ensureFixtures();
        const path = `/api/${request.segments.join('/')}`.replace(/\/{2,}/g, '/') + queryOf(request.query);
        await check(undefined, path, { method: request.method, params: [], query: [], body: request.body });
      }),
      { seed: SEED, numRuns: RUNS * 4, endOnFailure: true },
    );
    expect(server.process.exitCode, 'the server process died').toBeNull();
    expect(integrityCheck(server.dataDir)).toBe('ok');
  }, 120_000);

  it('leaves the process alive and the database sound at the end', async () => {
    expect(server.process.exitCode).toBeNull();
    expect((await api(server.baseUrl, 'GET', '/api/health')).status).toBe(200);
    expect(integrityCheck(server.dataDir)).toBe('ok');
  });
});
