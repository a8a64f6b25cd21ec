// The generic resource adapter: the route table entries and thin handlers of a plain kind of the inventory (list with
// CSV, get, create, update with If-Match, delete) made from one declaration. The handlers read the request and
// answer; what a write checks and changes is the domain's (src/domain/<kind>.ts), which the declaration hands in.
import type { Actor } from '../db/change.ts';
import type { Db } from '../db/open.ts';
import { inputSchema, resourceSchema, type ApiRecord, type JsonSchema, type Resource } from '../fields/field.ts';
import { created, etag, withEtag } from './answers.ts';
import { inventoryList, type ListedKind } from './inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from './list-request.ts';
import { actorOf, checkIfMatch, pathRow } from './request.ts';
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

/** A plain kind as the adapter serves it: its reads, and for each route its summary and its domain call. */
export interface ResourceDeclaration<Row extends StoredRow, Filter> {
  resource: Resource;
  /** The path of its collection; one record's is `${path}/:id` (a created one's Location too). */
  path: string;
  /** Lists and reads; `get` is also given the caller (a switch's `favorite` is the caller's). */
  reads: ListedKind<Row, Filter>;
  /** The schema of one record's answer (default: the resource's). */
  record?: JsonSchema;
  /** Lists answer JSON only (a template has no CSV layout): no `format` parameter. */
  jsonOnly?: boolean;
  lists: ListDeclaration<Filter>[];
  create: { summary: string; path?: string; run(db: Db, actor: Actor, body: unknown, ctx: Ctx): string };
  get: { summary: string; response?: JsonSchema; answer?(ctx: Ctx, row: Row): ApiRecord & { version: number } };
  update: { summary: string; run(db: Db, actor: Actor, row: Row, body: unknown): void };
  delete: { summary: string; query?: QueryDoc[]; run(db: Db, actor: Actor, row: Row, ctx: Ctx): void };
}

/** The routes of a plain kind, in the order lists, create, get, update, delete. */
export function resourceRoutes<Row extends StoredRow, Filter>(kind: ResourceDeclaration<Row, Filter>): Route[] {
  const one = `${kind.path}/:id`;
  const record = kind.record ?? resourceSchema(kind.resource);
  return [
    ...kind.lists.map((list) => listRoute(kind, list)),
    {
      method: 'POST',
      path: kind.create.path ?? kind.path,
      access: 'editor',
      handler: (ctx) => resourceCreate(ctx, kind),
      body: { accepts: 'json' },
      summary: kind.create.summary,
      doc: { request: inputSchema(kind.resource, 'create'), response: record, status: 201 },
    },
    {
      method: 'GET',
      path: one,
      access: 'viewer',
      handler: (ctx) => withEtag(answerOf(ctx, kind, rowOfPath(ctx, kind))),
      summary: kind.get.summary,
      doc: { response: kind.get.response ?? record },
    },
    {
      method: 'PATCH',
      path: one,
      access: 'editor',
      handler: (ctx) => resourceUpdate(ctx, kind),
      body: { accepts: 'json' },
      summary: kind.update.summary,
      doc: { request: inputSchema(kind.resource, 'patch'), response: record },
    },
    {
      method: 'DELETE',
      path: one,
      access: 'editor',
      handler: (ctx) => resourceDelete(ctx, kind),
      summary: kind.delete.summary,
      doc: { status: 204, ...(kind.delete.query ? { query: kind.delete.query } : {}) },
    },
  ];
}

function listRoute<Row extends StoredRow, Filter>(kind: ResourceDeclaration<Row, Filter>, list: ListDeclaration<Filter>): Route {
  const own = kind.jsonOnly ? LIST_QUERY_DOC.filter((parameter) => parameter.name !== 'format') : LIST_QUERY_DOC;
  return {
    method: 'GET',
    path: list.path ?? kind.path,
    access: 'viewer',
    handler: (ctx) => inventoryList(ctx, kind.reads, listRequest(ctx, kind.resource), list.filter(ctx)),
    summary: list.summary,
    doc: {
      response: listSchema(kind.resource),
      query: [...own, ...(list.query ?? [])],
      ...(kind.jsonOnly ? {} : { produces: ['application/json', 'text/csv'] }),
    },
  };
}

/** POST: the domain creates it (or refuses); 201 with Location and ETag. */
function resourceCreate<Row extends StoredRow, Filter>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter>): Reply {
  const id = kind.create.run(ctx.app.db, actorOf(ctx), ctx.body, ctx);
  const record = kind.reads.toApi(readRow(ctx, kind, id));
  return created(`${kind.path}/${id}`, record, { ETag: etag(record.version as number) });
}

/** PATCH: the row (404, If-Match 412), changed by the domain (or refused); the record as it is then. */
function resourceUpdate<Row extends StoredRow, Filter>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter>): Reply {
  const row = rowOfPath(ctx, kind);
  checkIfMatch(ctx, row.version);
  kind.update.run(ctx.app.db, actorOf(ctx), row, ctx.body);
  return withEtag(kind.reads.toApi(readRow(ctx, kind, row.id)) as ApiRecord & { version: number });
}

/** DELETE: the row (404, If-Match 412), deleted by the domain (or refused); 204. */
function resourceDelete<Row extends StoredRow, Filter>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter>): Reply {
  const row = rowOfPath(ctx, kind);
  checkIfMatch(ctx, row.version);
  kind.delete.run(ctx.app.db, actorOf(ctx), row, ctx);
  return { status: 204 };
}

function rowOfPath<Row extends StoredRow, Filter>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter>): Row {
  return pathRow(ctx, kind.resource.type, (db, id) => kind.reads.get(db, id, ctx.user?.id));
}

function readRow<Row extends StoredRow, Filter>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter>, id: string): Row {
  return kind.reads.get(ctx.app.db, id, ctx.user?.id)!;
}

function answerOf<Row extends StoredRow, Filter>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter>, row: Row) {
  return kind.get.answer?.(ctx, row) ?? (kind.reads.toApi(row) as ApiRecord & { version: number });
}
