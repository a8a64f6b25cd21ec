// The list contract of the inventory: limit, offset, sort and q read and checked from the query string, and
// their OpenAPI description with the shape of a list answer.
import { SEARCH_COUNT_LIMIT, type ListParams } from '../db/list-query.ts';
import { HttpError, type FieldFault } from '../errors/http-error.ts';
import { resourceSchema, type JsonSchema, type Resource } from '../fields/field.ts';
import { queryInteger, wantsCsv } from './request.ts';
import type { Ctx } from './route.ts';

/** The default and the largest `limit` of a list. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;

const LIMIT_SCHEMA = { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT };
const OFFSET_DOC = { name: 'offset', schema: { type: 'integer', minimum: 0, default: 0 } };

/** The query parameters of a list that takes a page only (pageParams), for the OpenAPI document. */
export const PAGE_QUERY_DOC = [{ name: 'limit', schema: LIMIT_SCHEMA }, OFFSET_DOC];

/** The query parameters every inventory list takes, for the OpenAPI document. */
export const LIST_QUERY_DOC = [
  { name: 'limit', schema: LIMIT_SCHEMA, description: 'A CSV answer without limit has every row.' },
  OFFSET_DOC,
  { name: 'sort', schema: { type: 'string' }, description: 'A field name; -field for descending.' },
  { name: 'q', schema: { type: 'string' }, description: 'Case-insensitive substring over the text fields.' },
  {
    name: 'format',
    schema: { type: 'string', enum: ['json', 'csv'] },
    description: 'csv answers the import layout (as Accept: text/csv does).',
  },
];

/** The JSON Schema of a list answer of a resource. */
export function listSchema(resource: Resource, item: JsonSchema = resourceSchema(resource)): JsonSchema {
  return pageSchema(item);
}

/** The JSON Schema of a page of `item`s: the list contract's items, total, totalExact, limit and offset. */
export function pageSchema(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['items', 'total', 'totalExact', 'limit', 'offset'],
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer' },
      totalExact: {
        type: 'boolean',
        description: `false when a q matches more than ${SEARCH_COUNT_LIMIT} rows: counting stopped there, and total is ${SEARCH_COUNT_LIMIT}.`,
      },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
    },
  };
}

/** A page of a list: limit and offset, as the list contract reads them. */
interface Page {
  limit: number;
  offset: number;
}

// Each bad parameter as a fault; the caller adds its own and answers them together.
function readPage(ctx: Ctx, faults: FieldFault[]): Page {
  const limit = queryInteger(ctx, 'limit', 1, MAX_LIMIT, faults) ?? DEFAULT_LIMIT;
  const offset = queryInteger(ctx, 'offset', 0, Number.MAX_SAFE_INTEGER, faults) ?? 0;
  return { limit, offset };
}

/** Reads limit/offset of a list that takes no sort or q; 400 validation_failed names the bad parameter. */
export function pageParams(ctx: Ctx): Page {
  const faults: FieldFault[] = [];
  const page = readPage(ctx, faults);
  if (faults.length) throw new HttpError(400, 'validation_failed', 'The list parameters are invalid.', faults);
  return page;
}

/** pageParams for a list that answers CSV too: a CSV export without `limit` takes every row (LIMIT -1). */
export function pageRequest(ctx: Ctx): Page {
  return csvTakesAll(ctx, pageParams(ctx));
}

/** Reads limit/offset/sort/q; 400 validation_failed names the bad parameter. */
export function listParams(ctx: Ctx, resource: Resource): ListParams {
  const faults: FieldFault[] = [];
  const { limit, offset } = readPage(ctx, faults);
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

/** The list parameters of a request; a CSV export without `limit` takes every row (LIMIT -1). */
export function listRequest(ctx: Ctx, resource: Resource): ListParams {
  return csvTakesAll(ctx, listParams(ctx, resource));
}

// A CSV export without `limit` takes every row (LIMIT -1).
function csvTakesAll<T extends Page>(ctx: Ctx, page: T): T {
  return wantsCsv(ctx) && !ctx.query.get('limit') ? { ...page, limit: -1 } : page;
}
