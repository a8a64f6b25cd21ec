// The answers handlers share: a resource with its ETag, a 201 with its Location, and list pages as JSON or CSV.
import type { JsonPage, ListParams } from '../db/list-query.ts';
import type { Reply } from './route.ts';

/** The ETag of a version. */
export function etag(version: number): string {
  return `"${version}"`;
}

/** A resource answer with its ETag. */
export function withEtag(body: Record<string, unknown> & { version: number }, status = 200): Reply {
  return { status, body, headers: { ETag: etag(body.version) } };
}

/** A 201 answer with its Location header. */
export function created(location: string, body: unknown, headers: Record<string, string> = {}) {
  return { status: 201, body, headers: { Location: location, ...headers } };
}

/** A list answer as JSON: the contract's page around the items SQLite serialised. */
export function jsonListAnswer(page: JsonPage, list: ListParams): Reply {
  const { items, total, totalExact } = page;
  return { json: `{"items":${items},"total":${total},"totalExact":${totalExact},"limit":${list.limit},"offset":${list.offset}}` };
}

/** A page answer made in JavaScript (a list without q, so its total is exact): the contract's page of `items`. */
export function pageAnswer(items: unknown[], total: number, page: { limit: number; offset: number }): Reply {
  return { body: { items, total, totalExact: true, limit: page.limit, offset: page.offset } };
}

/** A list answer as CSV (recordsToCsv of import/csv-layout.ts, the import layout); the total in X-Total-Count. */
export function csvListAnswer(csv: string, total: number): Reply {
  return { text: csv, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'X-Total-Count': String(total) } };
}
