import { getSite, listSites, listSitesJson, siteToApi } from '../db/sites.ts';
import { SITE_WRITES } from '../domain/sites.ts';
import { SITE } from '../fields/sites.ts';
import { flagOption, resourceRoutes } from '../http/resource-routes.ts';
import type { Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

/** The routes of sites. */
export const SITE_ROUTES: Route[] = resourceRoutes({
  resource: SITE,
  reads: { get: getSite, toApi: siteToApi, listJson: listSitesJson, list: listSites, csv: recordsToCsv },
  lists: [{ summary: 'List sites (q searches the text fields).', filter: () => undefined }],
  summaries: {
    create: 'Create a site; names are unique (409 name_taken).',
    get: 'One site, with its ETag.',
    update: 'Change a site (If-Match honoured).',
    delete:
      'Delete a site; one with switches, VLANs or networks: 409 site_not_empty unless cascade=true, which deletes them all in one activity entry.',
  },
  writes: SITE_WRITES,
  deleteOptions: flagOption('cascade', 'Also delete its switches, ports, VLANs and networks.'),
});
