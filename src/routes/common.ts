import type { Actor } from '../db/change.ts';
import { isUuid, type Resource } from '../fields/field.ts';
import { HttpError, notFound } from '../http-error.ts';
import type { Ctx } from '../router.ts';

/** The default and the largest `limit` of a list. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;

/** Paging, sorting and search of a list request, checked. */
export interface ListParams {
  limit: number;
  offset: number;
  /** A field name of the resource (whitelisted) and its direction. */
  sort: { field: string; descending: boolean } | undefined;
  q: string | undefined;
}

/** Reads limit/offset/sort/q; 400 validation_failed names the bad parameter. */
export function listParams(ctx: Ctx, resource: Resource): ListParams {
  const faults: { field: string; message: string }[] = [];
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = ctx.query.get(name);
    if (raw === null || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      faults.push({ field: name, message: `must be an integer from ${min} to ${max}` });
      return fallback;
    }
    return value;
  };
  const limit = integer('limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
  const offset = integer('offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const sortText = ctx.query.get('sort');
  let sort: ListParams['sort'];
  if (sortText) {
    const descending = sortText.startsWith('-');
    const field = descending ? sortText.slice(1) : sortText;
    const sortable = resource.fields.filter((f) => f.sortable || f.name === 'name').map((f) => f.name);
    if (sortable.includes(field)) sort = { field, descending };
    else faults.push({ field: 'sort', message: `must be one of ${sortable.join(', ')} (with - for descending)` });
  }
  if (faults.length) throw new HttpError(400, 'validation_failed', 'The list parameters are invalid.', faults);
  const q = ctx.query.get('q')?.trim() || undefined;
  return { limit, offset, sort, q };
}

/** A uuid query filter (siteId=…): undefined when absent, 400 when not a UUID. */
export function uuidFilter(ctx: Ctx, name: string): string | undefined {
  const value = ctx.query.get(name);
  if (value === null || value === '') return undefined;
  if (!isUuid(value))
    throw new HttpError(400, 'validation_failed', `The ${name} filter is not an id.`, [{ field: name, message: 'must be an id (a UUID)' }]);
  return value.toLowerCase();
}

/** The path id, lower-cased; 404 when it is not a UUID (the contract treats it as not found). */
export function pathId(ctx: Ctx, what: string, name = 'id'): string {
  const id = ctx.params[name];
  if (!isUuid(id)) throw notFound(what);
  return id.toLowerCase();
}

/** The ETag of a version. */
export function etag(version: number): string {
  return `"${version}"`;
}

/** 412 precondition_failed when If-Match is sent and does not name the current version. */
export function checkIfMatch(ctx: Ctx, version: number): void {
  const header = ctx.req.headers['if-match'];
  if (header === undefined) return;
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (tags.includes('*') || tags.includes(etag(version))) return;
  throw new HttpError(412, 'precondition_failed', `The resource is at version ${version}; reload it and try again.`);
}

/** Whether a query flag like `?cascade=true` is set. */
export function flag(ctx: Ctx, name: string): boolean {
  const value = ctx.query.get(name);
  return value === 'true' || value === '1';
}

/** The actor of the activity entry for this request. */
export function actorOf(ctx: Ctx): Actor {
  return { id: ctx.user?.id ?? null, username: ctx.user?.username ?? null };
}

/** Whether the client asked for CSV (`Accept: text/csv` or `?format=csv`). */
export function wantsCsv(ctx: Ctx): boolean {
  const format = ctx.query.get('format');
  if (format === 'csv') return true;
  if (format === 'json') return false;
  return (ctx.req.headers.accept ?? '').split(',').some((type) => type.trim().startsWith('text/csv'));
}

/** A 201 answer with its Location header. */
export function created(location: string, body: unknown, headers: Record<string, string> = {}) {
  return { status: 201, body, headers: { Location: location, ...headers } };
}
