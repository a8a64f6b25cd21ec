// The flat route table matcher and the one error exit of the API. Each step of an answer has its own module:
// access.ts (who may call), body.ts (reading the body), cached-read.ts (the read cache, ETag and 304),
// reply.ts (serialising and writing), after-commit.ts (no answer before its COMMIT), errors.ts (what a thrown
// error answers). This file runs them in order and turns anything thrown on the way into the error answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeTurn } from '../db/open.ts';
import { HttpError } from '../errors/http-error.ts';
import { observe, type RequestStats, type RouteStats } from '../metrics/request-stats.ts';
import { agentAccess, allowedByAddress, authorize, isMutating, knownCaller } from './access.ts';
import { writeOnceCommitted } from './after-commit.ts';
import { readBody } from './body.ts';
import { answerAndKeep, cacheKey, isCacheable, keptAnswer, keptAnswerFor } from './cached-read.ts';
import { errorAnswerOf } from './errors.ts';
import { serialize, withActivityId, writeReply, type Serialized } from './reply.ts';
import type { App, Ctx, Route } from './route.ts';

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  paramNames: string[];
  /** Where its answers are counted. */
  stats: RouteStats;
}

// A path of letters, digits, '_', '-' and '/' is its own pathname: the URL parser changes none of them.
const PLAIN_API_PATH = /^\/api\/[\w/-]*$/;

/**
 * Matches requests against a flat route table and runs the handler; the one error exit of the API. Every answer
 * is counted in `requests` by route pattern (never the raw path), method and status, with its latency.
 * answerFromCache answers the reads that memory alone decides, before any URL is parsed; handleApi the rest.
 */
export function createRouter(routes: Route[], requests: RequestStats) {
  const compiled = routes.map((route) => compile(route, requests));
  const exact = exactPaths(compiled);
  const exactReads = exact.get('GET');

  /** Answers a GET of a plain path from the read cache when memory alone decides it (cached-read.ts); true when it did. */
  function answerFromCache(app: App, req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const started = performance.now();
    const url = req.url ?? '';
    const end = url.indexOf('?');
    const path = end === -1 ? url : url.slice(0, end);
    const found = PLAIN_API_PATH.test(path) ? exactReads?.get(path) : undefined;
    const answer = found && keptAnswerFor(app, req, found.route);
    if (!answer) return false;
    req.resume();
    writeReply(res, answer);
    noteAnswered(app, req, res, found.stats, found.route.secretPath ? found.route.path : path, started);
    return true;
  }

  async function handleApi(app: App, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const path = url.pathname;
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    let answer: Serialized | undefined;
    // What the log names: the path, or the route's pattern when the path holds a secret.
    let logged = path;
    // Unmatched (404, 405) until a route is found.
    let stats: RouteStats | undefined;
    try {
      const exactRoute = exact.get(method)?.get(path);
      const match = exactRoute ? { found: exactRoute, params: {} } : findRoute(compiled, method, path);
      const { route } = match.found;
      stats = match.found.stats;
      if (route.secretPath) logged = route.path;
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
        entryIds: [],
      };
      // Reads take the data version first: the read cache and the signed-in user are both valid for it.
      const version = method === 'GET' ? app.cache.version() : undefined;
      // A read by a caller whose token was checked at this data version already is decided without a promise.
      // A caller from an address the route lets in needs no token (a Prometheus scraper on METRICS_ALLOW).
      // An agent's token is checked first, and on every route: it is let in on the agent routes only (access.ts).
      ctx.agent = agentAccess(app, req, route.access);
      ctx.user =
        ctx.agent || allowedByAddress(app, req, route)
          ? undefined
          : (version !== undefined && knownCaller(app, req, route.access, version)) ||
            (await authorize(app, req, route.access, method, version));
      // A GET has no body: it is dropped as readBody drops one, without its promise.
      if (method === 'GET' && !route.body) req.resume();
      else await readBody(ctx, route.body);
      // A change waits for its turn to write once its body is in, so that a slow upload keeps nobody waiting.
      if (isMutating(method)) await writeTurn(app.db);
      // A body can take long to arrive (a 64 MiB restore): a caller disabled or signed out meanwhile stops here.
      if (isMutating(method) && route.access === 'agent') ctx.agent = agentAccess(app, req, route.access);
      else if (isMutating(method) && route.access !== 'public') ctx.user = await authorize(app, req, route.access, method, undefined);
      if (version !== undefined && isCacheable(route, ctx)) {
        const key = cacheKey(ctx);
        answer = keptAnswer(ctx, key, version) ?? (await answerAndKeep(ctx, route, key, version));
      } else {
        const reply = await route.handler(ctx);
        if (reply) answer = serialize(withActivityId(reply, ctx.entryIds));
      }
    } catch (error) {
      answer = errorAnswer(app, res, error, method, logged);
    }
    if (answer) await writeOnceCommitted(app.db, res, answer, (error) => errorAnswer(app, res, error, method, logged));
    noteAnswered(app, req, res, stats ?? requests.unmatched(method), logged, started);
  }

  return { answerFromCache, handleApi };
}

/** Counts an answer with its latency, and logs it at the info level. */
function noteAnswered(app: App, req: IncomingMessage, res: ServerResponse, stats: RouteStats, logged: string, started: number): void {
  const elapsedMs = performance.now() - started;
  observe(stats, res.statusCode, elapsedMs / 1000);
  if (app.config.logLevel !== 'info' && app.config.logLevel !== 'debug') return;
  app.log.info('request', { method: req.method, path: logged, status: res.statusCode, ms: Math.round(elapsedMs * 10) / 10 });
}

/**
 * The route of each (method, path) that names a route without parameters, as findRoute finds it: a lookup
 * instead of trying every pattern in turn (a route near the end of the table was dozens of RegExp runs).
 */
function exactPaths(routes: CompiledRoute[]): Map<string, Map<string, CompiledRoute>> {
  const byMethod = new Map<string, Map<string, CompiledRoute>>();
  for (const { route, paramNames } of routes) {
    if (paramNames.length > 0) continue;
    const { found } = findRoute(routes, route.method, route.path);
    const paths = byMethod.get(route.method) ?? new Map<string, CompiledRoute>();
    byMethod.set(route.method, paths);
    if (!paths.has(route.path)) paths.set(route.path, found);
  }
  return byMethod;
}

function compile(route: Route, requests: RequestStats): CompiledRoute {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), paramNames, stats: requests.forRoute(route.method, route.path) };
}

function findRoute(routes: CompiledRoute[], method: string, path: string) {
  const allowed = new Set<string>();
  for (const entry of routes) {
    const found = entry.pattern.exec(path);
    if (!found) continue;
    if (entry.route.method !== method) {
      allowed.add(entry.route.method);
      continue;
    }
    const params: Record<string, string> = {};
    entry.paramNames.forEach((name, index) => {
      params[name] = safeDecode(found[index + 1]);
    });
    return { found: entry, params };
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

/**
 * The contract's error answer for `error` (errorAnswerOf: it never throws, a 500 is logged); undefined when the
 * answer had begun already (the connection is cut).
 */
function errorAnswer(app: App, res: ServerResponse, error: unknown, method: string, path: string): Serialized | undefined {
  const answer = errorAnswerOf(error, (cause) =>
    app.log.error('request failed', { method, path, error: cause instanceof Error ? cause.stack : String(cause) }),
  );
  if (res.headersSent) {
    res.destroy();
    return undefined;
  }
  // Headers set on `res` by a handler that then failed belong to the answer that failed, not to this one.
  for (const name of ['content-type', 'content-disposition', 'etag', 'location', 'set-cookie']) res.removeHeader(name);
  return answer;
}
