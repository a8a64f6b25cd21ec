import { randomUUID } from 'node:crypto';
import { recordsToCsv } from '../csv-layout.ts';
import { recordChange } from '../db/change.ts';
import type { Kind } from '../db/images.ts';
import type { Db } from '../db/open.ts';
import type { JsonPage } from '../db/list-query.ts';
import {
  getSite,
  insertSite,
  listSites,
  listSitesJson,
  removeSite,
  siteIdByName,
  updateSite,
  type SiteRow,
  type SiteValues,
} from '../db/sites.ts';
import { inputSchema, resourceSchema, rowToApi, toColumnValue, validateInput, type JsonSchema, type Resource } from '../fields/field.ts';
import { SITE } from '../fields/sites.ts';
import { HttpError, notFound, validationFailed, type FieldFault } from '../http-error.ts';
import type { Ctx, Reply, Route } from '../router.ts';
import { actorOf, checkIfMatch, created, etag, flag, listParams, pathId, wantsCsv, type ListParams } from './common.ts';

/** The query parameters every inventory list takes, for the OpenAPI document. */
export const LIST_QUERY_DOC = [
  {
    name: 'limit',
    schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
    description: 'A CSV answer without limit has every row.',
  },
  { name: 'offset', schema: { type: 'integer', minimum: 0, default: 0 } },
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
  return {
    type: 'object',
    required: ['items', 'total', 'limit', 'offset'],
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
    },
  };
}

/** The routes of sites. */
export const SITE_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/sites',
    access: 'viewer',
    handler: sitesList,
    summary: 'List sites (q searches the text fields).',
    doc: { response: listSchema(SITE), query: LIST_QUERY_DOC, produces: ['application/json', 'text/csv'] },
  },
  {
    method: 'POST',
    path: '/api/sites',
    access: 'editor',
    handler: siteCreate,
    body: { accepts: 'json' },
    summary: 'Create a site; names are unique (409 name_taken).',
    doc: { request: inputSchema(SITE, 'create'), response: resourceSchema(SITE), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/sites/:id',
    access: 'viewer',
    handler: siteGet,
    summary: 'One site, with its ETag.',
    doc: { response: resourceSchema(SITE) },
  },
  {
    method: 'PATCH',
    path: '/api/sites/:id',
    access: 'editor',
    handler: siteUpdate,
    body: { accepts: 'json' },
    summary: 'Change a site (If-Match honoured).',
    doc: { request: inputSchema(SITE, 'patch'), response: resourceSchema(SITE) },
  },
  {
    method: 'DELETE',
    path: '/api/sites/:id',
    access: 'editor',
    handler: siteDelete,
    summary:
      'Delete a site; one with switches or networks: 409 site_not_empty unless cascade=true, which deletes them all in one activity entry.',
    doc: {
      status: 204,
      query: [{ name: 'cascade', schema: { type: 'boolean' }, description: 'Also delete its networks, switches and ports.' }],
    },
  },
];

/** 409 for values another record holds already: `name_taken` when a name clashes, else `conflict`; every clash in details. */
export function uniquenessConflict(faults: FieldFault[]): HttpError {
  const names = faults.some((fault) => fault.field === 'name');
  const fields = faults.map((fault) => fault.field).join(', ');
  return new HttpError(409, names ? 'name_taken' : 'conflict', `Another record already has this ${fields}.`, faults);
}

/** A fault on siteId when it names no site (an invalid id was reported by validateInput already). */
export function siteFaults(db: Db, siteId: unknown): FieldFault[] {
  if (typeof siteId !== 'string' || getSite(db, siteId)) return [];
  return [{ field: 'siteId', message: `site ${siteId} does not exist` }];
}

/** The column values of API field values (booleans as 0/1), for the given fields that have columns. */
export function toColumns(resource: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (field.column && field.name in values) row[field.column] = toColumnValue(field, values[field.name]);
  }
  return row;
}

/** Whether a patch would leave every field it names as it is. */
export function changesNothing(current: Record<string, unknown>, patch: Record<string, unknown>): boolean {
  return Object.entries(patch).every(([name, value]) => JSON.stringify(current[name] ?? null) === JSON.stringify(value ?? null));
}

/** "1 port", "3 ports": a count with its noun for messages and summaries. */
export function counted(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

/** A resource as the API answers it. */
export type ApiRecord = Record<string, unknown> & { id: string; version: number };

/** The API object of a row, for the fields that have columns. */
export function apiOf(resource: Resource, row: object): ApiRecord {
  return rowToApi(resource, row as Record<string, unknown>) as ApiRecord;
}

/** The list parameters of a request; a CSV export without `limit` takes every row (LIMIT -1). */
export function listRequest(ctx: Ctx, resource: Resource): ListParams {
  const list = listParams(ctx, resource);
  return wantsCsv(ctx) && !ctx.query.get('limit') ? { ...list, limit: -1 } : list;
}

/** A list answer as CSV, the import layout, for a client that asked for it (wantsCsv); the total in X-Total-Count. */
export function csvListAnswer(ctx: Ctx, kind: Kind, items: Record<string, unknown>[], total: number): Reply {
  return {
    text: recordsToCsv(ctx.app.db, kind, items),
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'X-Total-Count': String(total) },
  };
}

/** A list answer as JSON: the contract's page around the items SQLite serialised. */
export function jsonListAnswer(page: JsonPage, list: ListParams): Reply {
  return { json: `{"items":${page.items},"total":${page.total},"limit":${list.limit},"offset":${list.offset}}` };
}

/** A resource answer with its ETag. */
export function withEtag(body: Record<string, unknown> & { version: number }, status = 200): Reply {
  return { status, body, headers: { ETag: etag(body.version) } };
}

/** A site as the API answers it, with its counts. */
export function siteToApi(row: SiteRow): ApiRecord {
  return { ...apiOf(SITE, row), switchCount: row.switch_count, networkCount: row.network_count };
}

function sitesList(ctx: Ctx) {
  const list = listRequest(ctx, SITE);
  if (!wantsCsv(ctx)) return jsonListAnswer(listSitesJson(ctx.app.db, list), list);
  const { rows, total } = listSites(ctx.app.db, list);
  return csvListAnswer(ctx, 'site', rows.map(siteToApi), total);
}

function siteGet(ctx: Ctx) {
  const site = getSite(ctx.app.db, pathId(ctx, 'site'));
  if (!site) throw notFound('site');
  return withEtag(siteToApi(site));
}

function siteCreate(ctx: Ctx) {
  const checked = validateInput(SITE, ctx.body, 'create');
  if (checked.faults.length) throw validationFailed(checked.faults);
  const values = toColumns(SITE, checked.values) as SiteValues;
  const id = randomUUID();
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    if (siteIdByName(change.db, values.name))
      throw uniquenessConflict([{ field: 'name', message: `a site named "${values.name}" exists` }]);
    change.touch('site', id);
    insertSite(change.db, id, values, change.now);
    return {
      activity: {
        action: 'create',
        entityType: 'site',
        entityId: id,
        entityName: values.name,
        siteId: id,
        summary: `Created site ${values.name}`,
      },
      result: id,
    };
  });
  const site = siteToApi(getSite(ctx.app.db, id)!);
  return created(`/api/sites/${id}`, site, { ETag: etag(site.version) });
}

function siteUpdate(ctx: Ctx) {
  const id = pathId(ctx, 'site');
  const site = getSite(ctx.app.db, id);
  if (!site) throw notFound('site');
  checkIfMatch(ctx, site.version);
  const checked = validateInput(SITE, ctx.body, 'patch');
  if (checked.faults.length) throw validationFailed(checked.faults);
  const current = siteToApi(site);
  if (changesNothing(current, checked.values)) return withEtag(current);
  const values = toColumns(SITE, { ...current, ...checked.values }) as SiteValues;
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    if (siteIdByName(change.db, values.name, id))
      throw uniquenessConflict([{ field: 'name', message: `a site named "${values.name}" exists` }]);
    change.touch('site', id);
    updateSite(change.db, id, values, change.now);
    return {
      activity: {
        action: 'update',
        entityType: 'site',
        entityId: id,
        entityName: values.name,
        siteId: id,
        summary: `Updated site ${values.name}`,
      },
      result: id,
    };
  });
  return withEtag(siteToApi(getSite(ctx.app.db, id)!));
}

function siteDelete(ctx: Ctx) {
  const id = pathId(ctx, 'site');
  const site = getSite(ctx.app.db, id);
  if (!site) throw notFound('site');
  checkIfMatch(ctx, site.version);
  const cascade = flag(ctx, 'cascade');
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    const counts = getSite(change.db, id)!;
    if (!cascade && (counts.switch_count > 0 || counts.network_count > 0)) throw siteNotEmpty(counts);
    const removed = removeSite(change, id);
    const what = cascade
      ? ` with ${counted(removed.switches, 'switch', 'switches')}, ${counted(removed.networks, 'network')} and ${counted(removed.ports, 'port')}`
      : '';
    return {
      activity: {
        action: 'delete',
        entityType: 'site',
        entityId: id,
        entityName: site.name,
        siteId: id,
        summary: `Deleted site ${site.name}${what}`,
      },
      result: id,
    };
  });
  return { status: 204 };
}

function siteNotEmpty(site: SiteRow): HttpError {
  const what = `${counted(site.switch_count, 'switch', 'switches')} and ${counted(site.network_count, 'network')}`;
  return new HttpError(409, 'site_not_empty', `Site "${site.name}" still has ${what}; delete them first or add ?cascade=true.`, [
    { field: 'cascade', message: `${what} would be deleted too` },
  ]);
}
