import { getSite, listSites, listSitesJson, siteToApi } from '../db/sites.ts';
import { changeSite, createSite, deleteSite } from '../domain/sites.ts';
import { SITE } from '../fields/sites.ts';
import { flag } from '../http/request.ts';
import { resourceRoutes } from '../http/resource-routes.ts';
import type { Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

/** The routes of sites. */
export const SITE_ROUTES: Route[] = resourceRoutes({
  resource: SITE,
  path: '/api/sites',
  reads: {
    resource: SITE,
    get: getSite,
    toApi: siteToApi,
    listJson: listSitesJson,
    list: listSites,
    csv: (db, r) => recordsToCsv(db, 'site', r),
  },
  lists: [{ summary: 'List sites (q searches the text fields).', filter: () => undefined }],
  create: { summary: 'Create a site; names are unique (409 name_taken).', run: createSite },
  get: { summary: 'One site, with its ETag.' },
  update: { summary: 'Change a site (If-Match honoured).', run: changeSite },
  delete: {
    summary:
      'Delete a site; one with switches, VLANs or networks: 409 site_not_empty unless cascade=true, which deletes them all in one activity entry.',
    query: [{ name: 'cascade', schema: { type: 'boolean' }, description: 'Also delete its switches, ports, VLANs and networks.' }],
    run: (db, actor, site, ctx) => deleteSite(db, actor, site, { cascade: flag(ctx, 'cascade') }),
  },
});
