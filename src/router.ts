import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App } from './app.ts';
import { readCookie, SESSION_COOKIE, type AuthUser, type Role } from './auth.ts';
import { HttpError } from './http-error.ts';
import { hostName, isKnownHost, requestHost, requestOrigin } from './client.ts';
import { committed } from './db/open.ts';
import { sqliteFailure } from './db/sqlite-errors.ts';
import { listEtag } from './read-cache.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import type { JsonSchema } from './fields/field.ts';

/** Who may call a route: anybody, any signed-in user, or at least the named role. */
export type Access = 'public' | 'user' | Role;

/** The HTTP methods routes use. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What a handler answers; a handler that wrote the response itself (a stream) returns undefined. */
export interface Reply {
  status?: number;
  body?: unknown;
  /** A ready text body (CSV, configuration text); sent as is with its own content type header. */
  text?: string | Buffer;
  /** A body already serialised as JSON (by SQLite, for list pages); sent as is, as application/json. */
  json?: string;
  headers?: Record<string, string>;
}

/** Everything a handler gets. */
export interface Ctx {
  app: App;
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The signed-in user; always set on routes whose access is not 'public'. */
  user: AuthUser | undefined;
  /** The parsed JSON body, or the raw text of a text/csv body (see `bodyType`). */
  body: unknown;
  bodyType: 'json' | 'csv' | 'none';
}

export type Handler = (ctx: Ctx) => Promise<Reply | undefined> | Reply | undefined;

/** How a route reads its body: not at all, JSON, or JSON or CSV; with its size limit. */
export interface BodySpec {
  accepts: 'json' | 'json-or-csv';
  limit?: number;
  /** A route whose body may be missing (treated as {}). */
  optional?: boolean;
}

/** One line of a route table. The OpenAPI document is generated from these. */
export interface Route {
  method: Method;
  path: string;
  access: Access;
  handler: Handler;
  summary: string;
  body?: BodySpec;
  /** Set false for a GET whose answer must be made fresh every time (the read cache keeps the others). */
  cache?: boolean;
  /** OpenAPI hints: the request body schema, the success answer's schema and status, query parameters. */
  doc?: {
    request?: JsonSchema;
    response?: JsonSchema;
    status?: number;
    query?: { name: string; schema: JsonSchema; description?: string; required?: boolean }[];
    produces?: string[];
  };
}

/** 1 MiB for ordinary bodies. */
export const BODY_LIMIT = 1024 * 1024;
/** 64 MiB for the import endpoints. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

/** How long the rest of a refused body is read and dropped before the connection is cut. */
const REFUSED_BODY_DRAIN_MS = 3000;

const ROLE_RANK: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };
const MUTATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  paramNames: string[];
}

/** Matches requests against a flat route table and runs the handler; the one error exit of the API. */
export function createRouter(routes: Route[]) {
  const compiled = routes.map(compile);

  return async function handleApi(app: App, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const path = url.pathname;
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    let answer: Serialized | undefined;
    try {
      const match = findRoute(compiled, method, path);
      const ctx: Ctx = {
        app,
        req,
        res,
        method,
        path,
        params: match.params,
        query: url.searchParams,
        user: undefined,
        body: undefined,
        bodyType: 'none',
      };
      // Reads take the data version first: the read cache and the signed-in user are both valid for it.
      const version = method === 'GET' ? app.cache.version() : undefined;
      ctx.user = await authorize(app, req, match.route.access, method, version);
      await readBody(ctx, match.route.body);
      // A body can take long to arrive (a 64 MiB restore): a caller disabled or signed out meanwhile stops here.
      if (MUTATING.has(method) && match.route.access !== 'public')
        ctx.user = await authorize(app, req, match.route.access, method, undefined);
      if (version !== undefined && isCacheable(match.route, ctx)) answer = await answerThroughCache(ctx, match.route.handler, version);
      else {
        const reply = await match.route.handler(ctx);
        if (reply) answer = serialize(reply);
      }
    } catch (error) {
      answer = errorAnswer(app, res, error, method, path);
    }
    if (answer) await writeOnceCommitted(app, res, answer, method, path);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    app.log.info('request', { method: req.method, path, status: res.statusCode, ms });
  };
}

// Nothing is told before it is durable: while the writes of concurrent requests wait for their shared COMMIT
// (group commit, see db/open.ts), every answer waits too, the ones that only read included, since they may
// have read those writes. If the COMMIT fails, the changes are gone and the answer says so instead.
async function writeOnceCommitted(app: App, res: ServerResponse, answer: Serialized, method: string, path: string): Promise<void> {
  const pending = committed(app.db);
  if (pending) {
    try {
      await pending;
    } catch (error) {
      const failed = errorAnswer(app, res, error, method, path);
      if (!failed) return;
      answer = failed;
    }
  }
  write(res, answer);
}

function compile(route: Route): CompiledRoute {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), paramNames };
}

function findRoute(routes: CompiledRoute[], method: string, path: string) {
  const allowed = new Set<string>();
  for (const { route, pattern, paramNames } of routes) {
    const found = pattern.exec(path);
    if (!found) continue;
    if (route.method !== method) {
      allowed.add(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    paramNames.forEach((name, index) => {
      params[name] = safeDecode(found[index + 1]);
    });
    return { route, params };
  }
  if (allowed.size === 0) throw new HttpError(404, 'not_found', `No API endpoint at ${path}.`);
  if (allowed.has('GET')) allowed.add('HEAD');
  const allow = [...allowed].sort().join(', ');
  throw new HttpError(405, 'method_not_allowed', `${method} is not allowed here; use ${allow}.`, undefined, { Allow: allow });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function authorize(
  app: App,
  req: IncomingMessage,
  access: Access,
  method: string,
  version: string | undefined,
): Promise<AuthUser | undefined> {
  const changes = MUTATING.has(method);
  const bearer = /^Bearer\s/i.test(req.headers.authorization ?? '');
  // A browser's write (setup, sign-in, anything with the cookie) is only as safe as the Origin check, which a page
  // reached by DNS rebinding passes: its origin and the Host it sends are the attacker's name for this service.
  if (changes && !bearer) requireKnownHost(app, req);
  if (access === 'public') {
    if (changes && !bearer && readCookie(req, SESSION_COOKIE) !== undefined) requireSameOrigin(app, req);
    return app.auth.authenticateOptional(req, version);
  }
  const { user, via } = await app.auth.authenticate(req, version);
  if (via === 'cookie' && changes) requireSameOrigin(app, req);
  if (access !== 'user' && ROLE_RANK[user.role] < ROLE_RANK[access]) {
    throw new HttpError(403, 'forbidden', `This needs the ${access} role; you are ${user.role}.`);
  }
  return user;
}

function requireKnownHost(app: App, req: IncomingMessage): void {
  const host = requestHost(app.config, req);
  if (isKnownHost(app.config, host)) return;
  const name = hostName(host) ?? '(none)';
  throw new HttpError(
    421,
    'unknown_host',
    `This service does not answer changes for the host name "${name}": open it by its IP address, localhost or the machine's name, or add ${name} to APP_ALLOWED_HOSTS (behind a reverse proxy, also list the proxy in TRUSTED_PROXIES).`,
  );
}

function requireSameOrigin(app: App, req: IncomingMessage): void {
  const claimed = req.headers.origin ?? originOf(req.headers.referer);
  if (claimed && claimed === requestOrigin(app.config, req)) return;
  throw new HttpError(403, 'forbidden', "A change made with the session cookie must come from this service's own pages (Origin check).");
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

async function readBody(ctx: Ctx, spec: BodySpec | undefined): Promise<void> {
  if (!spec) return drain(ctx.req);
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const hasBody = ctx.req.headers['transfer-encoding'] !== undefined || Number(ctx.req.headers['content-length'] ?? 0) > 0;
  if (!hasBody) {
    if (spec.optional) {
      ctx.body = {};
      ctx.bodyType = 'json';
      return;
    }
    throw new HttpError(400, 'invalid_json', 'This request needs a JSON body.');
  }
  const isCsv = spec.accepts === 'json-or-csv' && type === 'text/csv';
  if (type !== 'application/json' && !isCsv) {
    const wanted = spec.accepts === 'json' ? 'application/json' : 'application/json or text/csv';
    throw new HttpError(415, 'unsupported_media_type', `Send the body as ${wanted}.`);
  }
  const text = await readText(ctx.req, spec.limit ?? BODY_LIMIT);
  if (isCsv) {
    ctx.body = text;
    ctx.bodyType = 'csv';
    return;
  }
  ctx.body = parseJson(text);
  ctx.bodyType = 'json';
}

function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  // UTF-8 text cannot hold a lone surrogate; only a \uD800-\uDFFF escape can make one, so only then is it looked for.
  if (SURROGATE_ESCAPE.test(text) && !isWellFormedJson(value)) {
    throw new HttpError(
      400,
      'invalid_json',
      'The body holds a lone UTF-16 surrogate (a \\uD800-\\uDFFF escape without its pair); text must be valid Unicode.',
    );
  }
  return value;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

function isWellFormedJson(value: unknown): boolean {
  if (typeof value === 'string') return value.isWellFormed();
  if (typeof value !== 'object' || value === null) return true;
  // Iterative: a body nested 100,000 deep must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string' && !item.isWellFormed()) return false;
    if (typeof item !== 'object' || item === null) continue;
    for (const [key, child] of Object.entries(item)) {
      if (!key.isWellFormed()) return false;
      pending.push(child);
    }
  }
  return true;
}

/** Reads the body as UTF-8 text, refusing (413) as soon as it passes `limit`, before buffering more. */
export function readText(req: IncomingMessage, limit: number): Promise<string> {
  const tooLarge = () => new HttpError(413, 'payload_too_large', `The body is larger than ${limit} bytes.`);
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    discardRest(req);
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: Error) => {
      discardRest(req);
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail(tooLarge());
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('aborted', () => fail(new HttpError(400, 'invalid_json', 'The body ended early.')));
    req.on('error', fail);
  });
}

/**
 * Drops what is left of a refused body instead of storing it, for a bounded time: closing the socket while
 * the client still sends makes its kernel answer with a reset, which can swallow the 413 before it is read.
 */
function discardRest(req: IncomingMessage): void {
  req.removeAllListeners('data');
  req.on('data', () => undefined);
  req.resume();
  const cutOff = setTimeout(() => req.socket.destroy(), REFUSED_BODY_DRAIN_MS).unref();
  req.once('end', () => clearTimeout(cutOff));
}

function drain(req: IncomingMessage): void {
  req.resume();
}

/** A reply ready to write: status, headers and the serialised body (undefined for no body). */
interface Serialized {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  /** Every header of the answer as writeHead takes them, made once (a kept answer is written many times). */
  headerList?: string[];
}

// API answers are revalidated every time: browsers must not reuse a stale inventory.
const API_HEADERS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, 'Cache-Control': 'no-cache' };

/** The headers of an API answer: the security headers and no-cache, then `own` (which may override them). */
export function apiHeaders(own: Record<string, string>): Record<string, string> {
  return { ...API_HEADERS, ...own };
}

function serialize(reply: Reply): Serialized {
  const headers = { ...reply.headers };
  if (reply.text !== undefined) {
    return { status: reply.status ?? 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers }, body: reply.text };
  }
  if (reply.json !== undefined) {
    return { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: reply.json };
  }
  const status = reply.status ?? (reply.body === undefined ? 204 : 200);
  if (status === 204 || status === 304 || reply.body === undefined) return { status, headers, body: undefined };
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(reply.body) };
}

// One writeHead with every header: a setHeader per header was a noticeable part of a cached read.
function write(res: ServerResponse, answer: Serialized): void {
  answer.headerList ??= Object.entries(apiHeaders(answer.headers)).flat();
  res.writeHead(answer.status, answer.headerList).end(answer.body);
}

function isCacheable(route: Route, ctx: Ctx): boolean {
  return ctx.method === 'GET' && route.access !== 'public' && route.cache !== false && ctx.user !== undefined;
}

// Reads go through the read cache: the same request at the same data version gets the same bytes, and a
// client that has them already gets 304. Keyed by user, because a few answers (me, tokens) are per user.
async function answerThroughCache(ctx: Ctx, handler: Handler, version: string): Promise<Serialized | undefined> {
  const { cache } = ctx.app;
  const key = `${ctx.user!.id} ${ctx.req.url} ${ctx.req.headers.accept ?? ''}`;
  let answer: Serialized | undefined = cache.get(key, version);
  if (!answer) {
    const reply = await handler(ctx);
    if (!reply) return undefined;
    answer = serialize(reply);
    if (answer.status !== 200 || answer.body === undefined) return answer;
    // A list has no version of its own: its ETag names the data version, so a 304 is never stale. A single
    // resource's ETag is its version (for If-Match), which does not cover what it embeds (a switch's ports),
    // so it never earns a 304.
    answer.headers.ETag ??= listEtag(version, key);
    // Kept as bytes: encoding the same text again for every answer was a tenth of a cached read.
    answer.body = Buffer.from(answer.body);
    cache.set(key, version, answer as Serialized & { body: Buffer });
  }
  const etag = answer.headers.ETag;
  const ifNoneMatch = ctx.req.headers['if-none-match'];
  if (etag?.startsWith('W/') && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
    return { status: 304, headers: { ETag: etag }, body: undefined };
  }
  return answer;
}

/** The contract's error body for `error`; undefined when the answer had begun already (the connection is cut). */
function errorAnswer(app: App, res: ServerResponse, error: unknown, method: string, path: string): Serialized | undefined {
  const httpError = toHttpError(error);
  if (httpError.status >= 500) {
    app.log.error('request failed', { method, path, error: error instanceof Error ? error.stack : String(error) });
  }
  if (res.headersSent) {
    res.destroy();
    return undefined;
  }
  const body = {
    error: { code: httpError.code, message: httpError.message, ...(httpError.details ? { details: httpError.details } : {}) },
  };
  for (const name of ['content-type', 'content-disposition', 'etag', 'location', 'set-cookie']) res.removeHeader(name);
  return serialize({ status: httpError.status, body, headers: httpError.headers });
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  // Busy, conflict, disk full (507), read-only (503): decoded in one place, db/sqlite-errors.ts.
  const sqlite = sqliteFailure(error);
  if (sqlite) return new HttpError(sqlite.status, sqlite.code, sqlite.message, undefined, sqlite.headers);
  return new HttpError(500, 'internal', 'Something went wrong on the server; its log has the details.');
}
