import { getNetwork } from '../db/networks.ts';
import { getRange, listRangesJson, listRangesPage, rangeToApi, type RangeFilter, type RangeRow } from '../db/ranges.ts';
import { changeRange, createRange, deleteRange } from '../domain/ranges.ts';
import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { RANGE_KINDS } from '../fields/choices.ts';
import { RANGE } from '../fields/ranges.ts';
import { pathRow, queryOneOf, uuidFilter } from '../http/request.ts';
import { resourceRoutes } from '../http/resource-routes.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

const KIND_DOC = { name: 'kind', schema: { type: 'string', enum: [...RANGE_KINDS] } };

/** The routes of the address ranges of networks (DHCP pools, static assignments, addresses held back). */
export const RANGE_ROUTES: Route[] = resourceRoutes<RangeRow, RangeFilter>({
  resource: RANGE,
  path: '/api/ranges',
  reads: {
    resource: RANGE,
    get: getRange,
    toApi: rangeToApi,
    listJson: listRangesJson,
    list: listRangesPage,
    csv: (db, r) => recordsToCsv(db, 'range', r),
  },
  lists: [
    {
      path: '/api/networks/:id/ranges',
      summary: 'The ranges of a network, by start address unless sorted otherwise; filtered by kind.',
      query: [KIND_DOC],
      filter: (ctx) => ({ networkId: pathRow(ctx, 'network', getNetwork).id, kind: kindFilter(ctx) }),
    },
    {
      summary: "The ranges of a site's networks (or of one network), by start address; filtered by kind.",
      query: [
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        { name: 'networkId', schema: { type: 'string', format: 'uuid' } },
        KIND_DOC,
      ],
      filter: (ctx) => ({ siteId: uuidFilter(ctx, 'siteId'), networkId: uuidFilter(ctx, 'networkId'), kind: kindFilter(ctx) }),
    },
  ],
  create: {
    path: '/api/networks/:id/ranges',
    summary:
      'Add a range to a network: inside its subnet, start ≤ end, overlapping no other (409 range_overlaps); ' +
      'a dhcp range over no recorded address (409 in_dhcp_range) and not in a /31 or /32.',
    run: (db, actor, body, ctx) => createRange(db, actor, pathRow(ctx, 'network', getNetwork), body),
  },
  get: { summary: 'One range, with its ETag.' },
  update: { summary: 'Change a range (If-Match honoured), under the same rules.', run: changeRange },
  delete: { summary: 'Delete a range.', run: deleteRange },
});

function kindFilter(ctx: Ctx): string | undefined {
  const faults: FieldFault[] = [];
  const kind = queryOneOf(ctx, 'kind', RANGE_KINDS, faults);
  if (faults.length) throw validationFailed(faults, 'The range filters are invalid.');
  return kind;
}
