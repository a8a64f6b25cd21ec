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
import { HttpError } from '../errors/http-error.ts';
import { inputSchema, resourceSchema } from '../fields/field.ts';
import { SITE } from '../fields/sites.ts';
import { counted } from '../http/inventory-edits.ts';
import {
  inventoryCreate,
  inventoryDelete,
  inventoryGet,
  inventoryList,
  inventoryUpdate,
  type EditedKind,
} from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { flag } from '../http/request.ts';
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
      'Delete a site; one with switches, VLANs or networks: 409 site_not_empty unless cascade=true, which deletes them all in one activity entry.',
    doc: {
      status: 204,
      query: [{ name: 'cascade', schema: { type: 'boolean' }, description: 'Also delete its switches, ports, VLANs and networks.' }],
    },
  },
];

/** Sites as the shared handlers (http/inventory-handlers.ts: what GET, POST, PATCH and DELETE do) take them. */
const SITES: EditedKind<SiteRow, SiteValues, undefined> = {
  resource: SITE,
  path: '/api/sites',
  get: getSite,
  toApi: siteToApi,
  listJson: listSitesJson,
  list: listSites,
  csv: (db, records) => recordsToCsv(db, 'site', records),
  insert: insertSite,
  update: updateSite,
  clashes: (db, values, id) =>
    siteIdByName(db, values.name, id) ? [{ field: 'name', message: `a site named "${values.name}" exists` }] : [],
  // A site's entry is of its own site.
  entity: (site, id) => ({ name: site.name, siteId: id, label: site.name }),
};

function sitesList(ctx: Ctx) {
  return inventoryList(ctx, SITES, listRequest(ctx, SITE), undefined);
}

function siteGet(ctx: Ctx) {
  return inventoryGet(ctx, SITES);
}

function siteCreate(ctx: Ctx) {
  return inventoryCreate(ctx, SITES);
}

function siteUpdate(ctx: Ctx) {
  return inventoryUpdate(ctx, SITES);
}

/** A site with switches, VLANs or networks: 409 site_not_empty, unless ?cascade=true deletes them all in the same entry. */
function siteDelete(ctx: Ctx) {
  const cascade = flag(ctx, 'cascade');
  return inventoryDelete(ctx, SITES, (change, site) => {
    const counts = getSite(change.db, site.id)!;
    if (!cascade && counts.switch_count + counts.vlan_count + counts.network_count > 0) throw siteNotEmpty(counts);
    const removed = removeSite(change, site.id);
    if (!cascade) return '';
    const switches = counted(removed.switches, 'switch', 'switches');
    return ` with ${switches}, ${counted(removed.ports, 'port')}, ${counted(removed.vlans, 'VLAN')} and ${counted(removed.networks, 'network')}`;
  });
}

function siteNotEmpty(site: SiteRow): HttpError {
  const switches = counted(site.switch_count, 'switch', 'switches');
  const what = `${switches}, ${counted(site.vlan_count, 'VLAN')} and ${counted(site.network_count, 'network')}`;
  return new HttpError(409, 'site_not_empty', `Site "${site.name}" still has ${what}; delete them first or add ?cascade=true.`, [
    { field: 'cascade', message: `${what} would be deleted too` },
  ]);
}
