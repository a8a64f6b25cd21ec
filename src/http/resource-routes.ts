// The generic resource adapter: the route table entries and thin handlers of a kind (list with CSV, get, create, update
// with If-Match, delete) made from one declaration: the plain kinds of the inventory, ports and LAGs (created under
// their switch), users (admins only). The handlers read the request and answer; what a write checks and changes is
// the domain's (src/domain/<kind>.ts), which the declaration hands in.
import type { Actor } from '../db/change.ts';
import type { Kind } from '../db/images.ts';
import type { Db } from '../db/open.ts';
import { inputSchema, resourceSchema, type ApiRecord, type JsonSchema, type Resource } from '../fields/field.ts';
import { created, etag } from './answers.ts';
import { inventoryList, type ListedKind } from './inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from './list-request.ts';
import { actorOf, checkIfMatch, flag, pathId, pathRow } from './request.ts';
import type { Access, Ctx, Reply, Route } from './route.ts';

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

/** What a write answers: the new record's id, or the record as stored (answered as it is, without reading it again). */
export type Written = string | ApiRecord | undefined;

/** What the domain does for each write of a kind, as the handlers call it, given the row the path names (If-Match checked). */
export interface ResourceWrites<Row, Options> {
  create(db: Db, actor: Actor, input: unknown, ctx: Ctx): Written | Promise<Written>;
  update(db: Db, actor: Actor, row: Row, input: unknown): void;
  delete(db: Db, actor: Actor, row: Row, options: Options): void;
}

/**
 * The writes of a kind whose domain reads the record itself, once, and checks If-Match on it as a precondition: ports
 * and LAGs, and users, whose change checks it again after hashing a new password, on the row it then writes.
 */
export interface WritesById<Options> {
  byId: {
    create(db: Db, actor: Actor, input: unknown, ctx: Ctx): Written | Promise<Written>;
    update(db: Db, actor: Actor, id: string, input: unknown, precondition: Precondition): Written | Promise<Written>;
    delete(db: Db, actor: Actor, id: string, precondition: Precondition, options: Options): void;
  };
}

/** Checks a change before it is written: given the version of the record it starts from (If-Match). */
type Precondition = (version: number) => void;

/** A kind as the adapter serves it: its reads, its writes, and the summaries and docs of its routes. */
export interface ResourceDeclaration<Row extends StoredRow, Filter, Options = undefined> {
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
  writes: ResourceWrites<Row, Options> | WritesById<Options>;
  /** Who may read and who may write (default: viewers read, editors write). */
  access?: { read: Access; write: Access };
  /** Where a create is posted, when not to `path` (a network's ranges: `/api/networks/:id/ranges`; a switch's ports). */
  createPath?: string;
  /** The body of an update, when it is not a patch of every field (a user's: what an admin may change). */
  updateRequest?: JsonSchema;
  /** The schema of one record's answer (default: the resource's). */
  record?: JsonSchema;
  /** GET of one answers more than the record (a switch with its ports): its schema and its answer. */
  getAnswer?: { response: JsonSchema; answer(ctx: Ctx, row: Row): ApiRecord & { version: number } };
  /** The query parameters of a delete and the options they make (?cascade=true). */
  deleteOptions?: { query: QueryDoc[]; of(ctx: Ctx): Options };
}

type Create = ResourceWrites<unknown, unknown>['create'];

/** The writes of a kind whose records are created under a record the path names (a network's ranges). */
export function createdUnder<Row, Parent, Options>(
  writes: Omit<ResourceWrites<Row, Options>, 'create'> & { create(db: Db, actor: Actor, parent: Parent, input: unknown): string },
  parentOf: (ctx: Ctx) => Parent,
): ResourceWrites<Row, Options> {
  return { ...writes, create: underPath(writes.create, parentOf) };
}

/** A create under the record the path names (a switch's ports: its id), as the adapter calls it. */
export function underPath<Parent>(
  create: (db: Db, actor: Actor, parent: Parent, input: unknown) => Written,
  parentOf: (ctx: Ctx) => Parent,
): Create {
  return (db, actor, input, ctx) => create(db, actor, parentOf(ctx), input);
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

/** The routes of a kind, in the order lists, create, get, update, delete. */
export function resourceRoutes<Row extends StoredRow, Filter, Options = undefined>(
  kind: ResourceDeclaration<Row, Filter, Options>,
): Route[] {
  const one = `${pathOf(kind)}/:id`;
  const record = kind.record ?? resourceSchema(kind.resource);
  const { read, write } = kind.access ?? { read: 'viewer', write: 'editor' };
  return [
    ...kind.lists.map((list) => listRoute(kind, listedKind(kind), list, read)),
    {
      method: 'POST',
      path: kind.createPath ?? pathOf(kind),
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
      doc: { request: kind.updateRequest ?? inputSchema(kind.resource, 'patch'), response: record },
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

/** The kind as the shared list takes it (inventory-handlers.ts). */
function listedKind<Row extends StoredRow, Filter, Options>(kind: ResourceDeclaration<Row, Filter, Options>): ListedKind<Row, Filter> {
  const { csv, listJson, list } = kind.reads;
  if (!listJson || !list) throw new Error(`${kind.resource.type} has no list reads`);
  return {
    ...kind.reads,
    listJson,
    list,
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
  access: Access,
): Route {
  const own = kind.reads.csv ? LIST_QUERY_DOC : LIST_QUERY_DOC.filter((parameter) => parameter.name !== 'format');
  return {
    method: 'GET',
    path: list.path ?? pathOf(kind),
    access,
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
function resourceCreate<Row extends StoredRow, Filter, Options>(
  ctx: Ctx,
  kind: ResourceDeclaration<Row, Filter, Options>,
): Reply | Promise<Reply> {
  const writes = 'byId' in kind.writes ? kind.writes.byId : kind.writes;
  return then(writes.create(ctx.app.db, actorOf(ctx), ctx.body, ctx), (written) => {
    const { body, headers } = writtenAnswer(ctx, kind, written);
    return created(`${pathOf(kind)}/${String(body.id)}`, body, headers);
  });
}

/** PATCH: the row (404, If-Match 412), changed by the domain (or refused); the record as it is then. */
function resourceUpdate<Row extends StoredRow, Filter, Options>(
  ctx: Ctx,
  kind: ResourceDeclaration<Row, Filter, Options>,
): Reply | Promise<Reply> {
  const { db } = ctx.app;
  if ('byId' in kind.writes) {
    const written = kind.writes.byId.update(db, actorOf(ctx), pathId(ctx, kind.resource.type), ctx.body, (version) =>
      checkIfMatch(ctx, version),
    );
    return then(written, (record) => writtenAnswer(ctx, kind, record ?? pathId(ctx, kind.resource.type)));
  }
  const row = rowOfPath(ctx, kind);
  checkIfMatch(ctx, row.version);
  kind.writes.update(db, actorOf(ctx), row, ctx.body);
  return writtenAnswer(ctx, kind, row.id);
}

/** DELETE: the row (404, If-Match 412), deleted by the domain (or refused); 204. */
function resourceDelete<Row extends StoredRow, Filter, Options>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter, Options>): Reply {
  const options = kind.deleteOptions?.of(ctx) as Options;
  if ('byId' in kind.writes) {
    kind.writes.byId.delete(ctx.app.db, actorOf(ctx), pathId(ctx, kind.resource.type), (version) => checkIfMatch(ctx, version), options);
    return { status: 204 };
  }
  const row = rowOfPath(ctx, kind);
  checkIfMatch(ctx, row.version);
  kind.writes.delete(ctx.app.db, actorOf(ctx), row, options);
  return { status: 204 };
}

/** The answer to a write: the record it answered, or the record of the id it wrote as stored now; its ETag. */
function writtenAnswer<Row extends StoredRow, Filter, Options>(
  ctx: Ctx,
  kind: ResourceDeclaration<Row, Filter, Options>,
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

function pathOf<Row extends StoredRow, Filter, Options>(kind: ResourceDeclaration<Row, Filter, Options>): string {
  return `/api/${kind.resource.table}`;
}

function rowOfPath<Row extends StoredRow, Filter, Options>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter, Options>): Row {
  return pathRow(ctx, kind.resource.type, (db, id) => kind.reads.get(db, id, ctx.user?.id));
}

function answerOf<Row extends StoredRow, Filter, Options>(ctx: Ctx, kind: ResourceDeclaration<Row, Filter, Options>, row: Row): Reply {
  return { body: kind.getAnswer?.answer(ctx, row) ?? kind.reads.toApi(row), headers: { ETag: etag(row.version) } };
}
