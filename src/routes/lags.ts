import { getLag, lagToApi, listLags, listLagsJson, type LagFilter, type LagRow } from '../db/lags.ts';
import { getSwitch } from '../db/switches.ts';
import { LAG_WRITES } from '../domain/lags.ts';
import { LAG } from '../fields/lags.ts';
import { pathId, pathRow } from '../http/request.ts';
import { resourceRoutes } from '../http/resource-routes.ts';
import type { Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

/** The routes of LAGs (port-channels) of a switch (docs/LAGS-TEMPLATES.md, "LAGs"). */
export const LAG_ROUTES: Route[] = resourceRoutes<LagRow, LagFilter, undefined, string>({
  resource: LAG,
  createdUnder: { path: '/api/switches/:id/lags', parent: (ctx) => pathId(ctx, 'switch') },
  summaries: {
    create:
      'Add a LAG to a switch: name unique per switch (409 name_taken), two or more member ports of the switch (not console or ' +
      'management) in no other LAG (409 lag_member); its portMode and VLANs are written to every member; ' +
      'remoteLagId pairs it with a LAG of another switch and links their members pairwise.',
    get: 'One LAG, with its ETag.',
    update:
      'Change a LAG (If-Match honoured): its members (ports that leave keep their configuration), ' +
      'its portMode and VLANs (written to every member), its remote LAG (symmetric; unpairing leaves the port links).',
    delete: 'Delete a LAG (If-Match honoured): its members stay as they are, without lagId; its remote LAG is unpaired.',
  },
  writes: LAG_WRITES,
  reads: { get: getLag, toApi: lagToApi, listJson: listLagsJson, list: listLags, csv: recordsToCsv },
  lists: [
    {
      path: '/api/switches/:id/lags',
      summary: 'List the LAGs of a switch, by name; each with its members in port order (CSV too).',
      filter: (ctx) => ({ switchId: pathRow(ctx, 'switch', getSwitch).id }),
    },
  ],
});
