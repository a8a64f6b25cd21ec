// The generic resource adapter: the route table entries and thin handlers of a kind (list with CSV, get, create, update
// with If-Match, delete) made from one declaration: the plain kinds of the inventory, ports and LAGs (created under
// their switch), users (admins only). The handlers read the request and answer; what a write checks and changes is
// the domain's (src/domain/<kind>.ts), which the declaration hands in.
import type { Kind } from '../db/images.ts';
import type { Db } from '../db/open.ts';
import { HttpError } from '../errors/http-error.ts';
import type { Writes, Written } from '../domain/save.ts';
import { inputSchema, resourceSchema, type ApiRecord, type JsonSchema, type Resource } from '../fields/field.ts';
import { created, etag } from './answers.ts';
import { inventoryList, type ListedKind } from './inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from './list-request.ts';
import { actorOf, checkIfMatch, flag, pathId, pathRow, wantsCsv } from './request.ts';
import type { Access, Ctx, Reply, Route } from './route.ts';

type QueryDoc = NonNullable<NonNullable<Route['doc']>['query']>[number];

/** A declaration as the reads take it, whatever its writes' options and parent. */
type Declaration<Row extends StoredRow, Filter> = ResourceDeclaration<Row, Filter, unknown, unknown, unknown>;

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

/** A kind as the adapter serves it: its reads, its writes, and the summaries and docs of its routes. */
export interface ResourceDeclaration<Row extends StoredRow, Filter, Options = undefined, Parent = void, UpdateOptions = undefined> {
  /** Its fields; its collection is `/api/${resource.table}`, one record `/api/${resource.table}/:id` (a created one's Location). */
  resource: Resource;
  /**
   * Lists and reads; `get` is also given the caller (a switch's `favorite` is the caller's); `csv`, the CSV of records
   * (import/csv-layout.ts's recordsToCsv): a kind without one lists JSON only (no `format`). A kind without lists
   * (users, whose list is their own route) reads one record only.
   */
  reads: Pick<ListedKind<Row, Filter>, 'get' | 'toApi'> &
    Partial<Pick<ListedKind<Row, Filter>, 'listJson' | 'list'>> & { csv?: (db: Db, kind: Kind, records: ApiRecord[]) => string };
  lists: ListDeclaration<Filter>[];
  summaries: { create: string; get: string; update: string; delete: string };
  /** Why it has no CSV layout, when reads.csv is absent: the reason a CSV request is refused with ("their units are JSON"). */
  noCsvBecause?: string;
  /** Its domain writes (domain/save.ts Writes): the handlers hand them the path's id and If-Match as the precondition. */
  writes: Writes<Options, Parent, Written | Promise<Written>, UpdateOptions>;
  /** Who may read and who may write (default: viewers read, editors write). */
  access?: { read: Access; write: Access };
  /**
   * A kind created under the record the path names, when not posted to its collection: where a create is posted (a
   * network's ranges: `/api/networks/:id/ranges`; a switch's ports) and the parent its create is given (the network's row).
   */
  createdUnder?: { path: string; parent(ctx: Ctx): Parent };
  /** The body of an update, when it is not a patch of every field (a user's: what an admin may change). */
  updateRequest?: JsonSchema;
  /** The schema of one record's answer (default: the resource's). */
  record?: JsonSchema;
  /** GET of one answers more than the record (a switch with its ports): its schema and its answer. */
  getAnswer?: { response: JsonSchema; answer(ctx: Ctx, row: Row): ApiRecord & { version: number } };
  /** The query parameters of a delete and the options they make (?cascade=true). */
  deleteOptions?: { query: QueryDoc[]; of(ctx: Ctx): Options };
  /** The query parameters of an update and the options they make (a port's ?matchFarEnd=true). */
  updateOptions?: { query: QueryDoc[]; of(ctx: Ctx): UpdateOptions };
}

/** A write's boolean query parameter (?force=true) and the option it makes ({ force: true }). */
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

/** The routes of a kind, in the order lists, create, get, update, delete. */
export function resourceRoutes<Row extends StoredRow, Filter, Options = undefined, Parent = void, UpdateOptions = undefined>(
  kind: ResourceDeclaration<Row, Filter, Options, Parent, UpdateOptions>,
): Route[] {
  const one = `${pathOf(kind)}/:id`;
  const record = kind.record ?? resourceSchema(kind.resource);
  const { read, write } = kind.access ?? { read: 'viewer', write: 'editor' };
  return [
    ...kind.lists.map((list) => listRoute(kind, list, read)),
    {
      method: 'POST',
      path: kind.createdUnder?.path ?? pathOf(kind),
      access: write,
      handler: (ctx) => resourceCreate(ctx, kind),
      body: { accepts: 'json' },
      summary: kind.summaries.create,
      doc: { request: inputSchema(kind.resource, 'create'), response: record, status: 201 },
    },
    {
      method: 'GET',
      path: one,
      access: read,
      handler: (ctx) => answerOf(ctx, kind, rowOfPath(ctx, kind)),
      summary: kind.summaries.get,
      doc: { response: kind.getAnswer?.response ?? record },
    },
    {
      method: 'PATCH',
      path: one,
      access: write,
      handler: (ctx) => resourceUpdate(ctx, kind),
      body: { accepts: 'json' },
      summary: kind.summaries.update,
      doc: {
        request: kind.updateRequest ?? inputSchema(kind.resource, 'patch'),
        response: record,
        ...(kind.updateOptions ? { query: kind.updateOptions.query } : {}),
      },
    },
    {
      method: 'DELETE',
      path: one,
      access: write,
      handler: (ctx) => resourceDelete(ctx, kind),
      summary: kind.summaries.delete,
      doc: { status: 204, ...(kind.deleteOptions ? { query: kind.deleteOptions.query } : {}) },
    },
  ];
}

/** The kind as the shared list takes it (inventory-handlers.ts); one without a CSV layout is refused CSV before (csvRefused). */
function listedKind<Row extends StoredRow, Filter>(kind: Declaration<Row, Filter>): ListedKind<Row, Filter> {
  const { csv, listJson, list } = kind.reads;
  if (!listJson || !list) throw new Error(`${kind.resource.type} has no list reads`);
  return { ...kind.reads, listJson, list, resource: kind.resource, csv: (db, records) => csv!(db, kind.resource.type as Kind, records) };
}

function listRoute<Row extends StoredRow, Filter>(kind: Declaration<Row, Filter>, list: ListDeclaration<Filter>, access: Access): Route {
  const listed = listedKind(kind);
  const own = kind.reads.csv ? LIST_QUERY_DOC : LIST_QUERY_DOC.filter((parameter) => parameter.name !== 'format');
  return {
    method: 'GET',
    path: list.path ?? pathOf(kind),
    access,
    handler: (ctx) => {
      const request = listRequest(ctx, kind.resource);
      const filter = list.filter(ctx);
      if (!kind.reads.csv && wantsCsv(ctx)) throw csvRefused(kind);
      return inventoryList(ctx, listed, request, filter);
    },
    summary: list.summary,
    doc: {
      response: listSchema(kind.resource),
      query: [...own, ...(list.query ?? [])],
      ...(kind.reads.csv ? { produces: ['application/json', 'text/csv'] } : {}),
    },
  };
}

/** 400 on `format` for a kind without a CSV layout: "Templates have no CSV layout (their units are JSON); ask for JSON." */
function csvRefused<Row extends StoredRow, Filter>(kind: Declaration<Row, Filter>): HttpError {
  const plural = kind.resource.table;
  const why = kind.noCsvBecause ? ` (${kind.noCsvBecause})` : '';
  return new HttpError(400, 'validation_failed', `${plural[0].toUpperCase()}${plural.slice(1)} have no CSV layout${why}; ask for JSON.`, [
    { field: 'format', message: `must be json: ${plural} have no CSV layout` },
  ]);
}

/** POST: the domain creates it under its parent, when it has one (or refuses); 201 with Location and ETag. */
function resourceCreate<Row extends StoredRow, Filter, Options, Parent>(
  ctx: Ctx,
  kind: ResourceDeclaration<Row, Filter, Options, Parent, unknown>,
): Reply | Promise<Reply> {
  const parent = kind.createdUnder?.parent(ctx) as Parent;
  return then(kind.writes.create(ctx.app.db, actorOf(ctx), ctx.body, parent), (written) => {
    const { body, headers } = writtenAnswer(ctx, kind, written);
    return created(`${pathOf(kind)}/${String(body.id)}`, body, headers);
  });
}

/** PATCH: changed by the domain, which reads the record (404), runs If-Match on it (412), then checks (or refuses); the record as it is then. */
function resourceUpdate<Row extends StoredRow, Filter, Options, Parent, UpdateOptions>(
  ctx: Ctx,
  kind: ResourceDeclaration<Row, Filter, Options, Parent, UpdateOptions>,
): Reply | Promise<Reply> {
  const id = pathId(ctx, kind.resource.type);
  const options = kind.updateOptions?.of(ctx);
  const written = kind.writes.update(ctx.app.db, actorOf(ctx), id, ctx.body, (version) => checkIfMatch(ctx, version), options);
  return then(written, (record) => writtenAnswer(ctx, kind, record ?? id));
}

/** DELETE: deleted by the domain, which reads the record (404) and runs If-Match on it (412) first (or refuses); 204. */
function resourceDelete<Row extends StoredRow, Filter, Options, Parent>(
  ctx: Ctx,
  kind: ResourceDeclaration<Row, Filter, Options, Parent, unknown>,
): Reply {
  const options = kind.deleteOptions?.of(ctx) as Options;
  kind.writes.delete(ctx.app.db, actorOf(ctx), pathId(ctx, kind.resource.type), (version) => checkIfMatch(ctx, version), options);
  return { status: 204 };
}

/** The answer to a write: the record it answered, or the record of the id it wrote as stored now; its ETag. */
function writtenAnswer<Row extends StoredRow, Filter>(
  ctx: Ctx,
  kind: Declaration<Row, Filter>,
  written: Written,
): Reply & { body: ApiRecord; headers: Record<string, string> } {
  if (typeof written === 'object') return { body: written, headers: { ETag: etag(written.version as number) } };
  const row = kind.reads.get(ctx.app.db, String(written), ctx.user?.id)!;
  return { body: kind.reads.toApi(row), headers: { ETag: etag(row.version) } };
}

/** `next` of a value, or of what a promise of it gives (users' writes wait for the password hash). */
function then<T, R>(value: T | Promise<T>, next: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

function pathOf<Row extends StoredRow, Filter>(kind: Declaration<Row, Filter>): string {
  return `/api/${kind.resource.table}`;
}

function rowOfPath<Row extends StoredRow, Filter>(ctx: Ctx, kind: Declaration<Row, Filter>): Row {
  return pathRow(ctx, kind.resource.type, (db, id) => kind.reads.get(db, id, ctx.user?.id));
}

function answerOf<Row extends StoredRow, Filter>(ctx: Ctx, kind: Declaration<Row, Filter>, row: Row): Reply {
  return { body: kind.getAnswer?.answer(ctx, row) ?? kind.reads.toApi(row), headers: { ETag: etag(row.version) } };
}
