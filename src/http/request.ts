// What handlers read from a request besides its body: the path id and the row it names, query filters and
// flags, If-Match, whether the client wants CSV, and the caller as the activity log names it.
import type { Actor } from '../db/change.ts';
import type { Db } from '../db/open.ts';
import { HttpError, notFound, type FieldFault } from '../errors/http-error.ts';
import { isUuid } from '../fields/field.ts';
import { etag } from './answers.ts';
import type { Ctx } from './route.ts';

/** The path id, lower-cased; 404 when it is not a UUID (the contract treats it as not found). */
export function pathId(ctx: Ctx, what: string, name = 'id'): string {
  const id = ctx.params[name];
  if (!isUuid(id)) throw notFound(what);
  return id.toLowerCase();
}

/** The row the path id names; 404 when it names none. */
export function pathRow<Row>(ctx: Ctx, what: string, get: (db: Db, id: string) => Row | undefined): Row {
  const row = get(ctx.app.db, pathId(ctx, what));
  if (!row) throw notFound(what);
  return row;
}

/** The row a change starts from: pathRow, then 412 when If-Match names another version. */
export function pathRowToChange<Row extends { version: number }>(
  ctx: Ctx,
  what: string,
  get: (db: Db, id: string) => Row | undefined,
): Row {
  const row = pathRow(ctx, what, get);
  checkIfMatch(ctx, row.version);
  return row;
}

/** A uuid query filter (siteId=…): undefined when absent, 400 when not a UUID. */
export function uuidFilter(ctx: Ctx, name: string): string | undefined {
  const value = ctx.query.get(name);
  if (value === null || value === '') return undefined;
  if (!isUuid(value))
    throw new HttpError(400, 'validation_failed', `The ${name} filter is not an id.`, [{ field: name, message: 'must be an id (a UUID)' }]);
  return value.toLowerCase();
}

/** An integer query parameter from min to max (`?limit=50`): undefined when absent or refused (its fault pushed on `faults`). */
export function queryInteger(ctx: Ctx, name: string, min: number, max: number, faults: FieldFault[]): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  if (/^\d+$/.test(raw) && value >= min && value <= max) return value;
  faults.push({ field: name, message: `must be an integer from ${min} to ${max}` });
  return undefined;
}

/** A query parameter that is one of `allowed` (`?status=active`): undefined when absent or refused (its fault pushed on `faults`). */
export function queryOneOf<T extends string>(ctx: Ctx, name: string, allowed: readonly T[], faults: FieldFault[]): T | undefined {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return undefined;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  faults.push({ field: name, message: `must be one of ${allowed.join(', ')}` });
  return undefined;
}

/** A query parameter that is one of two words (`?users=keep|replace`): the first when absent, else 400. */
export function queryChoice<T extends string>(ctx: Ctx, name: string, choices: readonly [T, T]): T {
  const value = ctx.query.get(name) ?? choices[0];
  if ((choices as readonly string[]).includes(value)) return value as T;
  const words = `${choices[0]} or ${choices[1]}`;
  throw new HttpError(400, 'validation_failed', `${name} must be ${words}.`, [{ field: name, message: `must be ${words}` }]);
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

/**
 * 412 precondition_failed when If-Match is sent and does not name the current version. RFC 9110 compares
 * If-Match strongly: a weak tag (W/"3") never matches; `*` or any strong tag of the list that names it does.
 */
export function checkIfMatch(ctx: Ctx, version: number): void {
  const header = ctx.req.headers['if-match'];
  if (header === undefined) return;
  const tags = header.split(',').map((tag) => tag.trim());
  if (tags.includes('*') || tags.includes(etag(version))) return;
  throw new HttpError(412, 'precondition_failed', `The resource is at version ${version}; reload it and try again.`);
}

/** The actor of the activity entry for this request. */
export function actorOf(ctx: Ctx): Actor {
  return { id: ctx.user?.id ?? null, username: ctx.user?.username ?? null, entryIds: ctx.entryIds };
}
