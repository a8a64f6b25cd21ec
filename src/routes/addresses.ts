import { addressToApi, getAddress, listAddresses, listAddressesJson, type AddressFilter, type AddressRow } from '../db/addresses.ts';
import { getNetwork, type NetworkRow } from '../db/networks.ts';
import { ADDRESS_WRITES } from '../domain/addresses.ts';
import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { ADDRESS } from '../fields/addresses.ts';
import { ADDRESS_STATUSES, DEVICE_TYPES } from '../fields/choices.ts';
import { pathRow, queryOneOf, uuidFilter } from '../http/request.ts';
import { resourceRoutes, uuidParameter } from '../http/resource-routes.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

const FILTER_DOC = [
  { name: 'status', schema: { type: 'string', enum: [...ADDRESS_STATUSES] } },
  { name: 'deviceType', schema: { type: 'string', enum: [...DEVICE_TYPES] } },
];

/** The routes of the IP addresses recorded in networks (docs/IPAM.md). */
export const ADDRESS_ROUTES: Route[] = resourceRoutes<AddressRow, AddressFilter, undefined, NetworkRow>({
  resource: ADDRESS,
  reads: { get: getAddress, toApi: addressToApi, listJson: listAddressesJson, list: listAddresses, csv: recordsToCsv },
  lists: [
    {
      summary: "The IP table: the addresses of a site's networks (or of one network), by address; q finds address, hostname, MAC.",
      query: [uuidParameter('siteId'), uuidParameter('networkId'), ...FILTER_DOC],
      filter: (ctx) => ({ ...addressFilter(ctx), siteId: uuidFilter(ctx, 'siteId'), networkId: uuidFilter(ctx, 'networkId') }),
    },
    {
      path: '/api/networks/:id/addresses',
      summary: 'The addresses of a network, by address (numerically) unless sorted otherwise; filtered by status and device type.',
      query: FILTER_DOC,
      filter: (ctx) => ({ ...addressFilter(ctx), networkId: pathRow(ctx, 'network', getNetwork).id }),
    },
  ],
  createdUnder: { path: '/api/networks/:id/addresses', parent: (ctx) => pathRow(ctx, 'network', getNetwork) },
  summaries: {
    create:
      'Record an address in a network: a usable host of its subnet, unique in it (409 address_taken), ' +
      "outside its DHCP ranges (409 in_dhcp_range); portId a port of the network's site.",
    get: 'One address, with its ETag.',
    update: "Change an address (If-Match honoured); a switch's management address changes its address through the switch (409).",
    delete: "Delete an address; a switch's management address goes with the switch's managementIp (409).",
  },
  writes: ADDRESS_WRITES,
});

function addressFilter(ctx: Ctx): Pick<AddressFilter, 'status' | 'deviceType'> {
  const faults: FieldFault[] = [];
  const status = queryOneOf(ctx, 'status', ADDRESS_STATUSES, faults);
  const deviceType = queryOneOf(ctx, 'deviceType', DEVICE_TYPES, faults);
  if (faults.length) throw validationFailed(faults, 'The address filters are invalid.');
  return { status, deviceType };
}
