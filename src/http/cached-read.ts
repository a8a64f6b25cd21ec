// Reads go through the read cache: the same request at the same data version gets the same bytes, and a
// client that has them already gets 304. Keyed by user, because a few answers (me, tokens) are per user.
import { listEtag } from './read-cache.ts';
import { serialize, type Serialized } from './reply.ts';
import type { Ctx, Route } from './route.ts';

/** Whether a request's answer may be kept: a GET of a signed-in user, on a route that does not opt out. */
export function isCacheable(route: Route, ctx: Ctx): boolean {
  return ctx.method === 'GET' && route.access !== 'public' && route.cache !== false && ctx.user !== undefined;
}

/** The kept answer for this request at `version`, or the handler's, kept for next time; 304 when the client has it. */
export async function answerThroughCache(ctx: Ctx, route: Route, version: string): Promise<Serialized | undefined> {
  const { cache } = ctx.app;
  const key = `${ctx.user!.id} ${ctx.req.url} ${ctx.req.headers.accept ?? ''}`;
  let answer: Serialized | undefined = cache.get(key, version);
  if (!answer) {
    const reply = await route.handler(ctx);
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
