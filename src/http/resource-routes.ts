// The generic resource adapter: the route table entries and thin handlers of a plain kind of the inventory (list with
// CSV, get, create, update with If-Match, delete) made from one declaration. The handlers read the request and
// answer; what a write checks and changes is the domain's (src/domain/<kind>.ts), which the declaration hands in.
import type { Actor } from '../db/change.ts';
import type { Kind } from '../db/images.ts';
import type { Db } from '../db/open.ts';
import { inputSchema, resourceSchema, type ApiRecord, type JsonSchema, type Resource } from '../fields/field.ts';
import { created, etag, withEtag } from './answers.ts';
import { inventoryList, type ListedKind } from './inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from './list-request.ts';
import { actorOf, checkIfMatch, flag, pathRow } from './request.ts';
import type { Ctx, Reply, Route } from './route.ts';

type QueryDoc = NonNullable<NonNullable<Route['doc']>['query']>[number];

/** A stored row: its id and the version its ETag names. */
type StoredRow = { id: string; version: number };

/** One list route of a kind: its path (the kind's own by default), its summary, its filters and their query parameters. */
export interface ListDeclaration<Filter> {
  path?: string;
  summary: string;
  /** The filters' query parameters, after the list's own (limit, offset, sort, q, format). */
  query?: QueryDoc[];
  /** The filter of a request (400 for a bad one). */
  filter(ctx: Ctx): Filter;
}

/** What the domain does for each write of a kind, as the handlers call it. */
export interface ResourceWrites<Row, Options> {
  create(db: Db, actor: Actor, input: unknown, ctx: Ctx): string;
  update(db: Db, actor: Actor, row: Row, input: unknown): void;
  delete(db: Db, actor: Actor, row: Row, options: Options): void;
}

/** A plain kind as the adapter serves it: its reads, its writes, and the summaries and docs of its routes. */
export interface ResourceDeclaration<Row extends StoredRow, Filter, Options = undefined> {
  /** Its fields; its collection is `/api/${resource.table}`, one record `/api/${resource.table}/:id` (a created one's Location). */
  resource: Resource;
  /**
   * Lists and reads; `get` is also given the caller (a switch's `favorite` is the caller's); `csv`, the CSV of records
   * (import/csv-layout.ts's recordsToCsv): a kind without one lists JSON only (no `format`).
   */
  reads: Omit<ListedKind<Row, Filter>, 'resource' | 'csv'> & { csv?: (db: Db, kind: Kind, records: ApiRecord[]) => string };
  lists: ListDeclaration<Filter>[];
  summaries: { create: string; get: string; update: string; delete: string };
  writes: ResourceWrites<Row, Options>;
  /** Where a create is posted, when not to `path` (a network's ranges: `/api/networks/:id/ranges`). */
  createPath?: string;
  /** The schema of one record's answer (default: the resource's). */
  record?: JsonSchema;
  /** GET of one answers more than the record (a switch with its ports): its schema and its answer. */
  getAnswer?: { response: JsonSchema; answer(ctx: Ctx, row: Row): ApiRecord & { version: number } };
  /** The query parameters of a delete and the options they make (?cascade=true). */
  deleteOptions?: { query: QueryDoc[]; of(ctx: Ctx): Options };
}

/** The writes of a kind whose records are created under a record the path names (a network's ranges). */
export function createdUnder<Row, Parent, Options>(
  writes: Omit<ResourceWrites<Row, Options>, 'create'> & { create(db: Db, actor: Actor, parent: Parent, input: unknown): string },
  parentOf: (ctx: Ctx) => Parent,
): ResourceWrites<Row, Options> {
  return { ...writes, create: (db, actor, input, ctx) => writes.create(db, actor, parentOf(ctx), input) };
}

/** A delete's boolean query parameter (?force=true) and the option it makes ({ force: true }). */
export function flagOption<Name extends string>(
  name: Name,
  description: string,
): { query: QueryDoc[]; of(ctx: Ctx): Record<Name, boolean> } {
  return {
    query: [{ name, schema: { type: 'boolean' }, description }],
    of: (ctx) => ({ [name]: flag(ctx, name) }) as Record<Name, boolean>,
  };
}

/** A uuid query filter's OpenAPI parameter (siteId=…). */
export function uuidParameter(name: string): QueryDoc {
  return { name, schema: { type: 'string', format: 'uuid' } };
}

/** The routes of a plain kind, in the order lists, create, get, update, delete. */
export function resourceRoutes<Row extends StoredRow, Filter, Options = undefined>(
  kind: ResourceDeclaration<Row, Filter, Options>,
): Route[] {
  const one = `${pathOf(kind)}/:id`;
  const record = kind.record ?? resourceSchema(kind.resource);
  const listed = listedKind(kind);
  return [
    ...kind.lists.map((list) => listRoute(kind, listed, list)),
    {
      method: 'POST',
      path: kind.createPath ?? pathOf(kind),
      access: 'editor',
      handler: (ctx) => resourceCreate(ctx, kind),
      body: { accepts: 'json' },
      summary: kind.summaries.create,
      doc: { request: inputSchema(kind.resource, 'create'), response: record, status: 201 },
    },
    {
      method: 'GET',
      path: one,
      access: 'viewer',
      handler: (ctx) => withEtag(answerOf(ctx, kind, rowOfPath(ctx, kind))),
      summary: kind.summaries.get,
      doc: { response: kind.getAnswer?.response ?? record },
    },
    {
      method: 'PATCH',
      path: one,
      access: 'editor',
      handler: (ctx) => resourceUpdate(ctx, kind),
      body: { accepts: 'json' },
      summary: kind.summaries.update,
      doc: { request: inputSchema(kind.resource, 'patch'), response: record },
    },
    {
      method: 'DELETE',
      path: one,
      access: 'editor',
      handler: (ctx) => resourceDelete(ctx, kind),
      summary: kind.summaries.delete,
      doc: { status: 204, ...(kind.deleteOptions ? { query: kind.deleteOptions.query } : {}) },
    },
  ];
}

/** The kind as the shared list takes it (inventory-handlers.ts). */
function listedKind<Row extends StoredRow, Filter, Options>(kind: ResourceDeclaration<Row, Filter, Options>): ListedKind<Row, Filter> {
  const csv = kind.reads.csv;
  return {
    ...kind.reads,
    resource: kind.resource,
    csv: (db, records) => {
      if (!csv) throw new Error(`${kind.resource.type} has no CSV layout`);
      return csv(db, kind.resource.type as Kind, records);
    },
  };
}

function listRoute<Row extends StoredRow, Filter, Options>(
  kind: ResourceDeclaration<Row, Filter, Options>,
  listed: ListedKind<Row, Filter>,
  list: ListDeclaration<Filter>,
): Route {
  const own = kind.reads.csv ? LIST_QUERY_DOC : LIST_QUERY_DOC.filter((parameter) => parameter.name !== 'format');
  return {
    method: 'GET',
    path: list.path ?? pathOf(kind),
    access: 'viewer',
    handler: (ctx) => inventoryList(ctx, listed, listRequest(ctx, kind.resource), list.filter(ctx)),
    summary: list.summary,
    doc: {
      response: listSchema(kind.resource),
      query: [...own, ...(list.query ?? [])],
      ...(kind.reads.csv ? { produces: ['application/json', 'text/csv'] } : {}),
    },
  };
}

/** POST: the domain creates it (or refuses); 201 with Location and ETag. */
function resourceCreate<Row extends StoredRow, Filter, Options>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter, Options>): Reply {
  const id = kind.writes.create(ctx.app.db, actorOf(ctx), ctx.body, ctx);
  const record = kind.reads.toApi(readRow(ctx, kind, id));
  return created(`${pathOf(kind)}/${id}`, record, { ETag: etag(record.version as number) });
}

/** PATCH: the row (404, If-Match 412), changed by the domain (or refused); the record as it is then. */
function resourceUpdate<Row extends StoredRow, Filter, Options>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter, Options>): Reply {
  const row = rowOfPath(ctx, kind);
  checkIfMatch(ctx, row.version);
  kind.writes.update(ctx.app.db, actorOf(ctx), row, ctx.body);
  return withEtag(kind.reads.toApi(readRow(ctx, kind, row.id)) as ApiRecord & { version: number });
}

/** DELETE: the row (404, If-Match 412), deleted by the domain (or refused); 204. */
function resourceDelete<Row extends StoredRow, Filter, Options>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter, Options>): Reply {
  const row = rowOfPath(ctx, kind);
  checkIfMatch(ctx, row.version);
  kind.writes.delete(ctx.app.db, actorOf(ctx), row, kind.deleteOptions?.of(ctx) as Options);
  return { status: 204 };
}

function pathOf<Row extends StoredRow, Filter, Options>(kind: ResourceDeclaration<Row, Filter, Options>): string {
  return `/api/${kind.resource.table}`;
}

function rowOfPath<Row extends StoredRow, Filter, Options>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter, Options>): Row {
  return pathRow(ctx, kind.resource.type, (db, id) => kind.reads.get(db, id, ctx.user?.id));
}

function readRow<Row extends StoredRow, Filter, Options>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter, Options>, id: string): Row {
  return kind.reads.get(ctx.app.db, id, ctx.user?.id)!;
}

function answerOf<Row extends StoredRow, Filter, Options>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter, Options>, row: Row) {
  return kind.getAnswer?.answer(ctx, row) ?? (kind.reads.toApi(row) as ApiRecord & { version: number });
}
