import {
  addressConflict,
  addressToApi,
  getAddress,
  insertAddress,
  listAddresses,
  listAddressesJson,
  removeAddress,
  siteOfPort,
  updateAddress,
  type AddressFilter,
  type AddressRow,
  type AddressValues,
} from '../db/addresses.ts';
import { getNetwork, type NetworkRow } from '../db/networks.ts';
import type { Db } from '../db/open.ts';
import { HttpError, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { ADDRESS } from '../fields/addresses.ts';
import { ADDRESS_STATUSES, DEVICE_TYPES } from '../fields/choices.ts';
import { inputSchema, resourceSchema } from '../fields/field.ts';
import { addressFaults, addressPortFaults } from '../fields/rules.ts';
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

const FILTER_DOC = [
  { name: 'status', schema: { type: 'string', enum: [...ADDRESS_STATUSES] } },
  { name: 'deviceType', schema: { type: 'string', enum: [...DEVICE_TYPES] } },
];

/** The routes of the IP addresses recorded in networks (docs/IPAM.md). */
export const ADDRESS_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/networks/:id/addresses',
    access: 'viewer',
    handler: networkAddressesList,
    summary: 'The addresses of a network, by address (numerically) unless sorted otherwise; filtered by status and device type.',
    doc: { response: listSchema(ADDRESS), produces: ['application/json', 'text/csv'], query: [...LIST_QUERY_DOC, ...FILTER_DOC] },
  },
  {
    method: 'POST',
    path: '/api/networks/:id/addresses',
    access: 'editor',
    handler: networkAddressCreate,
    body: { accepts: 'json' },
    summary:
      'Record an address in a network: a usable host of its subnet, unique in it (409 address_taken), ' +
      "outside its DHCP ranges (409 in_dhcp_range); portId a port of the network's site.",
    doc: { request: inputSchema(ADDRESS, 'create'), response: resourceSchema(ADDRESS), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/addresses',
    access: 'viewer',
    handler: addressesList,
    summary: "The IP table: the addresses of a site's networks (or of one network), by address; q finds address, hostname, MAC.",
    doc: {
      response: listSchema(ADDRESS),
      produces: ['application/json', 'text/csv'],
      query: [
        ...LIST_QUERY_DOC,
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        { name: 'networkId', schema: { type: 'string', format: 'uuid' } },
        ...FILTER_DOC,
      ],
    },
  },
  {
    method: 'GET',
    path: '/api/addresses/:id',
    access: 'viewer',
    handler: addressGet,
    summary: 'One address, with its ETag.',
    doc: { response: resourceSchema(ADDRESS) },
  },
  {
    method: 'PATCH',
    path: '/api/addresses/:id',
    access: 'editor',
    handler: addressUpdate,
    body: { accepts: 'json' },
    summary: "Change an address (If-Match honoured); a switch's management address changes its address through the switch (409).",
    doc: { request: inputSchema(ADDRESS, 'patch'), response: resourceSchema(ADDRESS) },
  },
  {
    method: 'DELETE',
    path: '/api/addresses/:id',
    access: 'editor',
    handler: addressDelete,
    summary: "Delete an address; a switch's management address goes with the switch's managementIp (409).",
    doc: { status: 204 },
  },
];

/** The addresses of one network as the shared handlers (http/inventory-handlers.ts) take them. */
function addressesOf(network: NetworkRow): EditedKind<AddressRow, AddressValues, AddressFilter> {
  return {
    resource: ADDRESS,
    path: '/api/addresses',
    get: getAddress,
    toApi: addressToApi,
    listJson: listAddressesJson,
    list: listAddresses,
    csv: (db, records) => recordsToCsv(db, 'address', records),
    insert: (db, id, values, now) => insertAddress(db, id, { ...values, network_id: network.id }, now),
    update: updateAddress,
    ruleFaults: (db, address, checked) => addressRuleFaults(db, network, address, checked.faults),
    clashes: (db, values, id) => {
      const conflict = addressConflict(db, network.id, values.address, id);
      if (conflict) throw conflict;
      return [];
    },
    refuseUpdate: (_db, address, values) => {
      if (address.switch_id && values.address !== address.address) throw managedBySwitch(address, "change the switch's managementIp");
    },
    entity: (address) => ({ name: address.address, siteId: network.site_id, label: label(address, network) }),
  };
}

/** Lists read any network's addresses: the kind of no network in particular (lists and reads only). */
const ANY_NETWORK = addressesOf({ id: '', site_id: '', name: '', subnet: '' } as NetworkRow);

function networkAddressesList(ctx: Ctx) {
  const network = pathRow(ctx, 'network', getNetwork);
  const list = listRequest(ctx, ADDRESS);
  return inventoryList(ctx, ANY_NETWORK, list, { ...addressFilter(ctx), networkId: network.id });
}

function networkAddressCreate(ctx: Ctx) {
  const network = pathRow(ctx, 'network', getNetwork);
  return inventoryCreate(ctx, addressesOf(network));
}

function addressesList(ctx: Ctx) {
  const list = listRequest(ctx, ADDRESS);
  return inventoryList(ctx, ANY_NETWORK, list, {
    ...addressFilter(ctx),
    siteId: uuidFilter(ctx, 'siteId'),
    networkId: uuidFilter(ctx, 'networkId'),
  });
}

function addressGet(ctx: Ctx) {
  return inventoryGet(ctx, ANY_NETWORK);
}

function addressUpdate(ctx: Ctx) {
  return inventoryUpdate(ctx, addressesOf(networkOfPathAddress(ctx)));
}

function addressDelete(ctx: Ctx) {
  return inventoryDelete(ctx, addressesOf(networkOfPathAddress(ctx)), (change, address) => {
    if (address.switch_id) throw managedBySwitch(address, "clear or change the switch's managementIp");
    removeAddress(change, address.id);
    return '';
  });
}

/** The network of the address the path names (404 when there is no such address). */
function networkOfPathAddress(ctx: Ctx): NetworkRow {
  const address = pathRow(ctx, 'address', getAddress);
  return getNetwork(ctx.app.db, address.network_id)!;
}

function addressFilter(ctx: Ctx): Pick<AddressFilter, 'status' | 'deviceType'> {
  const faults: FieldFault[] = [];
  const status = queryOneOf(ctx, 'status', ADDRESS_STATUSES, faults);
  const deviceType = queryOneOf(ctx, 'deviceType', DEVICE_TYPES, faults);
  if (faults.length) throw validationFailed(faults, 'The address filters are invalid.');
  return { status, deviceType };
}

/** A usable host of the network's subnet; the port on a switch of the network's site (unless refused already). */
function addressRuleFaults(db: Db, network: NetworkRow, address: Record<string, unknown>, faults: FieldFault[]): FieldFault[] {
  const refused = new Set(faults.map((fault) => fault.field));
  return [
    ...(refused.has('address') ? [] : addressFaults(address, network.subnet)),
    ...(refused.has('portId') ? [] : addressPortFaults(address, network.site_id, (portId) => siteOfPort(db, portId))),
  ];
}

function label(address: Pick<AddressValues, 'address' | 'hostname'>, network: NetworkRow): string {
  return `${address.address}${address.hostname ? ` (${address.hostname})` : ''} in ${network.name}`;
}

/** 409 managed_by_switch: a switch's management address follows the switch. */
function managedBySwitch(address: AddressRow, hint: string): HttpError {
  return new HttpError(
    409,
    'managed_by_switch',
    `${address.address} is the management IP of switch ${address.switch_id}, kept in step with it; ${hint} instead.`,
    [{ field: 'address', message: `is the management IP of switch ${address.switch_id}` }],
  );
}
