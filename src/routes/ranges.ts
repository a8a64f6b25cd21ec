import { getNetwork, type NetworkRow } from '../db/networks.ts';
import { getRange, listRangesJson, listRangesPage, rangeToApi, type RangeFilter, type RangeRow } from '../db/ranges.ts';
import { RANGE_WRITES } from '../domain/ranges.ts';
import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { RANGE_KINDS } from '../fields/choices.ts';
import { RANGE } from '../fields/ranges.ts';
import { pathRow, queryOneOf, uuidFilter } from '../http/request.ts';
import { resourceRoutes, uuidParameter } from '../http/resource-routes.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

const KIND_DOC = { name: 'kind', schema: { type: 'string', enum: [...RANGE_KINDS] } };

/** The routes of the address ranges of networks (DHCP pools, static assignments, addresses held back). */
export const RANGE_ROUTES: Route[] = resourceRoutes<RangeRow, RangeFilter, undefined, NetworkRow>({
  resource: RANGE,
  reads: { get: getRange, toApi: rangeToApi, listJson: listRangesJson, list: listRangesPage, csv: recordsToCsv },
  lists: [
    {
      path: '/api/networks/:id/ranges',
      summary: 'The ranges of a network, by start address unless sorted otherwise; filtered by kind.',
      query: [KIND_DOC],
      filter: (ctx) => ({ networkId: pathRow(ctx, 'network', getNetwork).id, kind: kindFilter(ctx) }),
    },
    {
      summary: "The ranges of a site's networks (or of one network), by start address; filtered by kind.",
      query: [uuidParameter('siteId'), uuidParameter('networkId'), KIND_DOC],
      filter: (ctx) => ({ siteId: uuidFilter(ctx, 'siteId'), networkId: uuidFilter(ctx, 'networkId'), kind: kindFilter(ctx) }),
    },
  ],
  createdUnder: { path: '/api/networks/:id/ranges', parent: (ctx) => pathRow(ctx, 'network', getNetwork) },
  summaries: {
    create:
      'Add a range to a network: inside its subnet, start ≤ end, overlapping no other (409 range_overlaps); ' +
      'a dhcp range over no recorded address (409 in_dhcp_range) and not in a /31 or /32.',
    get: 'One range, with its ETag.',
    update: 'Change a range (If-Match honoured), under the same rules.',
    delete: 'Delete a range.',
  },
  writes: RANGE_WRITES,
});

function kindFilter(ctx: Ctx): string | undefined {
  const faults: FieldFault[] = [];
  const kind = queryOneOf(ctx, 'kind', RANGE_KINDS, faults);
  if (faults.length) throw validationFailed(faults, 'The range filters are invalid.');
  return kind;
}
