import { getLag, lagToApi, listLags, listLagsJson, type LagFilter, type LagRow } from '../db/lags.ts';
import { getSwitch } from '../db/switches.ts';
import { changeLag, createLag, deleteLag } from '../domain/lags.ts';
import { inputSchema, resourceSchema } from '../fields/field.ts';
import { LAG } from '../fields/lags.ts';
import { created, etag, withEtag } from '../http/answers.ts';
import { inventoryGet, inventoryList, type ListedKind } from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { actorOf, checkIfMatch, pathId, pathRow } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

/** The routes of LAGs (port-channels) of a switch (docs/LAGS-TEMPLATES.md, "LAGs"). */
export const LAG_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/switches/:id/lags',
    access: 'viewer',
    handler: switchLagsList,
    summary: 'List the LAGs of a switch, by name; each with its members in port order (CSV too).',
    doc: { response: listSchema(LAG), produces: ['application/json', 'text/csv'], query: LIST_QUERY_DOC },
  },
  {
    method: 'POST',
    path: '/api/switches/:id/lags',
    access: 'editor',
    handler: lagCreate,
    body: { accepts: 'json' },
    summary:
      'Add a LAG to a switch: name unique per switch (409 name_taken), two or more member ports of the switch (not console or ' +
      'management) in no other LAG (409 lag_member); its portMode and VLANs are written to every member; ' +
      'remoteLagId pairs it with a LAG of another switch and links their members pairwise.',
    doc: { request: inputSchema(LAG, 'create'), response: resourceSchema(LAG), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/lags/:id',
    access: 'viewer',
    handler: lagGet,
    summary: 'One LAG, with its ETag.',
    doc: { response: resourceSchema(LAG) },
  },
  {
    method: 'PATCH',
    path: '/api/lags/:id',
    access: 'editor',
    handler: lagUpdate,
    body: { accepts: 'json' },
    summary:
      'Change a LAG (If-Match honoured): its members (ports that leave keep their configuration), ' +
      'its portMode and VLANs (written to every member), its remote LAG (symmetric; unpairing leaves the port links).',
    doc: { request: inputSchema(LAG, 'patch'), response: resourceSchema(LAG) },
  },
  {
    method: 'DELETE',
    path: '/api/lags/:id',
    access: 'editor',
    handler: lagDelete,
    summary: 'Delete a LAG (If-Match honoured): its members stay as they are, without lagId; its remote LAG is unpaired.',
    doc: { status: 204 },
  },
];

/** LAGs as the shared list and read of http/inventory-handlers.ts take them; their changes are their own (below). */
const LAGS: ListedKind<LagRow, LagFilter> = {
  resource: LAG,
  get: getLag,
  toApi: lagToApi,
  listJson: listLagsJson,
  list: listLags,
  csv: (db, records) => recordsToCsv(db, 'lag', records),
};

function switchLagsList(ctx: Ctx): Reply {
  const sw = pathRow(ctx, 'switch', getSwitch);
  return inventoryList(ctx, LAGS, listRequest(ctx, LAG), { switchId: sw.id });
}

function lagGet(ctx: Ctx): Reply {
  return inventoryGet(ctx, LAGS);
}

function lagCreate(ctx: Ctx): Reply {
  const answer = createLag(ctx.app.db, actorOf(ctx), pathId(ctx, 'switch'), ctx.body);
  return created(`/api/lags/${String(answer.id)}`, answer, { ETag: etag(answer.version) });
}

function lagUpdate(ctx: Ctx): Reply {
  return withEtag(changeLag(ctx.app.db, actorOf(ctx), pathId(ctx, 'lag'), ctx.body, (version) => checkIfMatch(ctx, version)));
}

function lagDelete(ctx: Ctx): Reply {
  deleteLag(ctx.app.db, actorOf(ctx), pathId(ctx, 'lag'), (version) => checkIfMatch(ctx, version));
  return { status: 204 };
}
