import { randomUUID } from 'node:crypto';
import { recordChange } from '../db/change.ts';
import {
  getSite,
  insertSite,
  listSites,
  listSitesJson,
  removeSite,
  siteIdByName,
  siteToApi,
  updateSite,
  type SiteRow,
  type SiteValues,
} from '../db/sites.ts';
import { HttpError, notFound, uniquenessConflict, validationFailed } from '../errors/http-error.ts';
import { changesNothing, inputSchema, resourceSchema, toColumns, validateInput } from '../fields/field.ts';
import { SITE } from '../fields/sites.ts';
import { created, csvListAnswer, etag, jsonListAnswer, withEtag } from '../http/answers.ts';
import { counted } from '../http/inventory-edits.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { actorOf, checkIfMatch, flag, pathId, wantsCsv } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

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

function sitesList(ctx: Ctx) {
  const list = listRequest(ctx, SITE);
  if (!wantsCsv(ctx)) return jsonListAnswer(listSitesJson(ctx.app.db, list), list);
  const { rows, total } = listSites(ctx.app.db, list);
  return csvListAnswer(recordsToCsv(ctx.app.db, 'site', rows.map(siteToApi)), total);
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
