// What handlers read from a request besides its body: the path id, query filters and flags, If-Match, whether
// the client wants CSV, and the caller as the activity log names it.
import type { Actor } from '../db/change.ts';
import { HttpError, notFound } from '../errors/http-error.ts';
import { isUuid } from '../fields/field.ts';
import { etag } from './answers.ts';
import type { Ctx } from './route.ts';

/** The path id, lower-cased; 404 when it is not a UUID (the contract treats it as not found). */
export function pathId(ctx: Ctx, what: string, name = 'id'): string {
  const id = ctx.params[name];
  if (!isUuid(id)) throw notFound(what);
  return id.toLowerCase();
}

/** A uuid query filter (siteId=…): undefined when absent, 400 when not a UUID. */
export function uuidFilter(ctx: Ctx, name: string): string | undefined {
  const value = ctx.query.get(name);
  if (value === null || value === '') return undefined;
  if (!isUuid(value))
    throw new HttpError(400, 'validation_failed', `The ${name} filter is not an id.`, [{ field: name, message: 'must be an id (a UUID)' }]);
  return value.toLowerCase();
}

/** Whether a query flag like `?cascade=true` is set. */
export function flag(ctx: Ctx, name: string): boolean {
  const value = ctx.query.get(name);
  return value === 'true' || value === '1';
}

/** Whether the client asked for CSV (`Accept: text/csv` or `?format=csv`). */
export function wantsCsv(ctx: Ctx): boolean {
  const format = ctx.query.get('format');
  if (format === 'csv') return true;
  if (format === 'json') return false;
  return (ctx.req.headers.accept ?? '').split(',').some((type) => type.trim().startsWith('text/csv'));
}

/** 412 precondition_failed when If-Match is sent and does not name the current version. */
export function checkIfMatch(ctx: Ctx, version: number): void {
  const header = ctx.req.headers['if-match'];
  if (header === undefined) return;
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (tags.includes('*') || tags.includes(etag(version))) return;
  throw new HttpError(412, 'precondition_failed', `The resource is at version ${version}; reload it and try again.`);
}

/** The actor of the activity entry for this request. */
export function actorOf(ctx: Ctx): Actor {
  return { id: ctx.user?.id ?? null, username: ctx.user?.username ?? null };
}
