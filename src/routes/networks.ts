import { addressToApi, getAddress } from '../db/addresses.ts';
import {
  getNetwork,
  getNetworkWithUse,
  listNetworks,
  listNetworksJson,
  networkFreeBlocks,
  networkToApi,
  type NetworkFilter,
} from '../db/networks.ts';
import { recordNextAddress } from '../domain/addresses.ts';
import { NETWORK_WRITES, type NetworkWithUse } from '../domain/networks.ts';
import { ADDRESS } from '../fields/addresses.ts';
import { resourceSchema } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import { countOut, ipText } from '../lib/ip-math.ts';
import { created, etag } from '../http/answers.ts';
import { PAGE_QUERY_DOC, pageParams } from '../http/list-request.ts';
import { actorOf, pathRow, uuidFilter } from '../http/request.ts';
import { flagOption, resourceRoutes, uuidParameter } from '../http/resource-routes.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { FREE_PAGE, NEXT_BODY } from './schemas/networks.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

/** The routes of networks (IP subnets). */
export const NETWORK_ROUTES: Route[] = [
  ...resourceRoutes<NetworkWithUse, NetworkFilter, { force: boolean }>({
    resource: NETWORK,
    reads: {
      get: getNetworkWithUse,
      toApi: (row) => networkToApi(row, row.use),
      listJson: listNetworksJson,
      list: listNetworks,
      csv: recordsToCsv,
    },
    lists: [
      {
        summary: 'List networks (IP subnets), filtered by site and VLAN; q also finds the network whose subnet holds an address.',
        query: [uuidParameter('siteId'), uuidParameter('vlanId')],
        filter: (ctx) => ({ siteId: uuidFilter(ctx, 'siteId'), vlanId: uuidFilter(ctx, 'vlanId') }),
      },
    ],
    summaries: {
      create: 'Create a network; name unique per site (409 name_taken), no two subnets of a site overlap (409 subnet_overlaps).',
      get: 'One network, with its ETag and its utilization.',
      update: 'Change a network (If-Match honoured); its VLAN must be of its site.',
      delete:
        'Delete a network; one with addresses or ranges: 409 network_in_use with the counts unless force=true, which deletes them in the same activity entry.',
    },
    writes: NETWORK_WRITES,
    deleteOptions: flagOption('force', 'Also delete its addresses and ranges (undo brings them back).'),
  }),
  {
    method: 'POST',
    path: '/api/networks/:id/addresses/next',
    access: 'editor',
    handler: networkNextAddress,
    body: { accepts: 'json', optional: true },
    summary:
      'Record the lowest free address of the network: usable, outside every range, not the gateway, not recorded; ' +
      'atomic (two calls never get the same one); 409 network_full.',
    doc: { request: NEXT_BODY, response: resourceSchema(ADDRESS), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/networks/:id/free',
    access: 'viewer',
    handler: networkFree,
    summary: 'The free blocks of the network (usable, outside ranges, gateway and recorded addresses), by address, paged.',
    doc: { response: FREE_PAGE, query: PAGE_QUERY_DOC },
  },
];

/** Records the lowest free address of the network with the body's fields, in one change: 201, or 409 network_full. */
function networkNextAddress(ctx: Ctx): Reply {
  const network = pathRow(ctx, 'network', getNetwork);
  const id = recordNextAddress(ctx.app.db, actorOf(ctx), network, ctx.body);
  const record = addressToApi(getAddress(ctx.app.db, id)!);
  return created(`/api/addresses/${id}`, record, { ETag: etag(record.version) });
}

/** The free blocks of the network, a page of them. */
function networkFree(ctx: Ctx): Reply {
  const network = pathRow(ctx, 'network', getNetwork);
  const { limit, offset } = pageParams(ctx);
  const family = network.subnet.includes(':') ? 6 : 4;
  const blocks = networkFreeBlocks(ctx.app.db, network);
  const items = blocks.slice(offset, offset + limit).map((block) => ({
    first: ipText(family, block.first),
    last: ipText(family, block.last),
    size: countOut(block.size),
  }));
  return { body: { items, total: blocks.length, limit, offset } };
}
