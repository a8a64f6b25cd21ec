import { getNetwork, type NetworkRow } from '../db/networks.ts';
import {
  getRange,
  insertRange,
  listRangesJson,
  listRangesPage,
  rangeConflict,
  rangeToApi,
  removeRange,
  updateRange,
  type RangeFilter,
  type RangeRow,
  type RangeValues,
} from '../db/ranges.ts';
import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { RANGE_KINDS } from '../fields/choices.ts';
import { inputSchema, resourceSchema } from '../fields/field.ts';
import { RANGE } from '../fields/ranges.ts';
import { rangeFaults } from '../fields/rules.ts';
import {
  inventoryCreate,
  inventoryDelete,
  inventoryGet,
  inventoryList,
  inventoryUpdate,
  type EditedKind,
} from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { pathRow, queryOneOf, uuidFilter } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

/** The routes of the address ranges of networks (DHCP pools, static assignments, addresses held back). */
export const RANGE_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/networks/:id/ranges',
    access: 'viewer',
    handler: networkRangesList,
    summary: 'The ranges of a network, by start address unless sorted otherwise; filtered by kind.',
    doc: {
      response: listSchema(RANGE),
      produces: ['application/json', 'text/csv'],
      query: [...LIST_QUERY_DOC, { name: 'kind', schema: { type: 'string', enum: [...RANGE_KINDS] } }],
    },
  },
  {
    method: 'GET',
    path: '/api/ranges',
    access: 'viewer',
    handler: rangesList,
    summary: "The ranges of a site's networks (or of one network), by start address; filtered by kind.",
    doc: {
      response: listSchema(RANGE),
      produces: ['application/json', 'text/csv'],
      query: [
        ...LIST_QUERY_DOC,
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        { name: 'networkId', schema: { type: 'string', format: 'uuid' } },
        { name: 'kind', schema: { type: 'string', enum: [...RANGE_KINDS] } },
      ],
    },
  },
  {
    method: 'POST',
    path: '/api/networks/:id/ranges',
    access: 'editor',
    handler: networkRangeCreate,
    body: { accepts: 'json' },
    summary:
      'Add a range to a network: inside its subnet, start ≤ end, overlapping no other (409 range_overlaps); ' +
      'a dhcp range over no recorded address (409 in_dhcp_range) and not in a /31 or /32.',
    doc: { request: inputSchema(RANGE, 'create'), response: resourceSchema(RANGE), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/ranges/:id',
    access: 'viewer',
    handler: rangeGet,
    summary: 'One range, with its ETag.',
    doc: { response: resourceSchema(RANGE) },
  },
  {
    method: 'PATCH',
    path: '/api/ranges/:id',
    access: 'editor',
    handler: rangeUpdate,
    body: { accepts: 'json' },
    summary: 'Change a range (If-Match honoured), under the same rules.',
    doc: { request: inputSchema(RANGE, 'patch'), response: resourceSchema(RANGE) },
  },
  {
    method: 'DELETE',
    path: '/api/ranges/:id',
    access: 'editor',
    handler: rangeDelete,
    summary: 'Delete a range.',
    doc: { status: 204 },
  },
];

/** The ranges of one network as the shared handlers (http/inventory-handlers.ts) take them. */
function rangesOf(network: NetworkRow): EditedKind<RangeRow, RangeValues, RangeFilter> {
  return {
    resource: RANGE,
    path: '/api/ranges',
    get: getRange,
    toApi: rangeToApi,
    listJson: listRangesJson,
    list: listRangesPage,
    csv: (db, records) => recordsToCsv(db, 'range', records),
    insert: (db, id, values, now) => insertRange(db, id, { ...values, network_id: network.id }, now),
    update: updateRange,
    ruleFaults: (_db, range, checked) => {
      const refused = checked.faults.some((fault) => ['start', 'end', 'kind'].includes(fault.field));
      return refused ? [] : rangeFaults(range, network.subnet);
    },
    clashes: (db, values, id) => {
      const conflict = rangeConflict(db, network.id, { start: values.start_address, end: values.end_address, kind: values.kind }, id);
      if (conflict) throw conflict;
      return [];
    },
    entity: (range) => ({
      name: `${range.start_address}-${range.end_address}`,
      siteId: network.site_id,
      label: `${range.start_address}-${range.end_address} (${range.kind}) in ${network.name}`,
    }),
  };
}

/** Lists and reads: the kind of no network in particular. */
const ANY_NETWORK = rangesOf({ id: '', site_id: '', name: '', subnet: '' } as NetworkRow);

function networkRangesList(ctx: Ctx) {
  const network = pathRow(ctx, 'network', getNetwork);
  return inventoryList(ctx, ANY_NETWORK, listRequest(ctx, RANGE), { networkId: network.id, kind: kindFilter(ctx) });
}

function rangesList(ctx: Ctx) {
  const filter = { siteId: uuidFilter(ctx, 'siteId'), networkId: uuidFilter(ctx, 'networkId'), kind: kindFilter(ctx) };
  return inventoryList(ctx, ANY_NETWORK, listRequest(ctx, RANGE), filter);
}

function kindFilter(ctx: Ctx): string | undefined {
  const faults: FieldFault[] = [];
  const kind = queryOneOf(ctx, 'kind', RANGE_KINDS, faults);
  if (faults.length) throw validationFailed(faults, 'The range filters are invalid.');
  return kind;
}

function networkRangeCreate(ctx: Ctx) {
  const network = pathRow(ctx, 'network', getNetwork);
  return inventoryCreate(ctx, rangesOf(network));
}

function rangeGet(ctx: Ctx) {
  return inventoryGet(ctx, ANY_NETWORK);
}

function rangeUpdate(ctx: Ctx) {
  return inventoryUpdate(ctx, rangesOf(networkOfPathRange(ctx)));
}

function rangeDelete(ctx: Ctx) {
  return inventoryDelete(ctx, rangesOf(networkOfPathRange(ctx)), (change, range) => {
    removeRange(change, range.id);
    return '';
  });
}

/** The network of the range the path names (404 when there is no such range). */
function networkOfPathRange(ctx: Ctx): NetworkRow {
  const range = pathRow(ctx, 'range', getRange);
  return getNetwork(ctx.app.db, range.network_id)!;
}
