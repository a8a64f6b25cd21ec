// Reads go through the read cache: the same request at the same data version gets the same bytes, and a
// client that has them already gets 304. Keyed by user and role, because a few answers (me, tokens) are per user.
import type { IncomingMessage } from 'node:http';
import type { AuthUser } from '../auth/auth.ts';
import { committed } from '../db/open.ts';
import { knownCallerWithRole } from './access.ts';
import { listEtag } from './read-cache.ts';
import { serialize, type Serialized } from './reply.ts';
import type { App, Ctx, Route } from './route.ts';

/** A kept answer, with its 304 made once (a kept answer is revalidated many times). */
type Kept = Serialized & { body: Buffer; notModified?: Serialized };

/** Whether a request's answer may be kept: a GET of a signed-in user, on a route that does not opt out. */
export function isCacheable(route: Route, ctx: Ctx): boolean {
  return ctx.method === 'GET' && route.access !== 'public' && route.cache !== false && ctx.user !== undefined;
}

/** The read cache's key of a cacheable request: its user, its URL and what it accepts. */
export function cacheKey(ctx: Ctx): string {
  return keyOf(ctx.user!, ctx.req);
}

function keyOf(user: AuthUser, req: IncomingMessage): string {
  // With its role: a read-only token of an admin reads as a viewer, and is not given what the admin was answered.
  return `${user.id} ${user.role} ${req.url} ${req.headers.accept ?? ''}`;
}

/** The answer kept for `key` at `version` (304 when the client has it), or undefined: then answerAndKeep. */
export function keptAnswer(ctx: Ctx, key: string, version: string): Serialized | undefined {
  const kept = ctx.app.cache.get(key, version) as Kept | undefined;
  return kept && revalidated(ctx.req, kept);
}

/**
 * The kept answer of a GET of `route` when memory alone decides it as the router's steps would: no commit group
 * open, the caller known at this data version with a role strong enough, an answer kept for it. Else undefined,
 * with no miss counted: the router's steps then decide (and count it).
 */
export function keptAnswerFor(app: App, req: IncomingMessage, route: Route): Serialized | undefined {
  if (route.access === 'public' || route.cache === false || route.body || route.allowFrom || committed(app.db)) return undefined;
  const version = app.cache.version();
  const user = knownCallerWithRole(app, req, route.access, version);
  const kept = user && (app.cache.get(keyOf(user, req), version, false) as Kept | undefined);
  return kept ? revalidated(req, kept) : undefined;
}

/** The handler's answer, kept for next time at `version`; 304 when the client has it. */
export async function answerAndKeep(ctx: Ctx, route: Route, key: string, version: string): Promise<Serialized | undefined> {
  const reply = await route.handler(ctx);
  if (!reply) return undefined;
  const answer = serialize(reply);
  if (answer.status !== 200 || answer.body === undefined) return answer;
  // A list has no version of its own: its ETag names the data version, so a 304 is never stale. A single
  // resource's ETag is its version (for If-Match), which does not cover what it embeds (a switch's ports),
  // so it never earns a 304.
  answer.headers.ETag ??= listEtag(version, key);
  // Kept as bytes: encoding the same text again for every answer was a tenth of a cached read.
  if (typeof answer.body === 'string') answer.body = Buffer.from(answer.body);
  ctx.app.cache.set(key, version, answer as Kept);
  return revalidated(ctx.req, answer as Kept);
}

function revalidated(req: IncomingMessage, answer: Kept): Serialized {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch === undefined) return answer;
  const etag = answer.headers.ETag;
  if (etag?.startsWith('W/') && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    answer.notModified ??= { status: 304, headers: { ETag: etag }, body: undefined };
    return answer.notModified;
  }
  return answer;
}
