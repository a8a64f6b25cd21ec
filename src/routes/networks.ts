import { randomUUID } from 'node:crypto';
import { addressToApi, getAddress, insertAddress, siteOfPort, type AddressValues } from '../db/addresses.ts';
import { recordChange } from '../db/change.ts';
import type { Db } from '../db/open.ts';
import { removeNetworkWithHoldings } from '../db/network-removal.ts';
import {
  getNetwork,
  getNetworkWithUse,
  insertNetwork,
  networkFreeBlocks,
  networkHoldings,
  nextFreeAddress,
  listNetworks,
  listNetworksJson,
  networkIdByName,
  networkToApi,
  overlappingNetwork,
  removeNetwork,
  updateNetwork,
  type NetworkFilter,
  type NetworkRow,
  type NetworkValues,
} from '../db/networks.ts';
import { siteOfVlan } from '../db/vlans.ts';
import { HttpError, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { ADDRESS } from '../fields/addresses.ts';
import { defaultColumns, inputSchema, resourceSchema, toColumns, validateInput } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import { addressPortFaults, networkFaults, vlanSiteFaults } from '../fields/rules.ts';
import { countOut, ipText, type Utilization } from '../lib/ip-math.ts';
import { created, etag } from '../http/answers.ts';
import { counted, siteFaults } from '../http/inventory-edits.ts';
import {
  inventoryCreate,
  inventoryDelete,
  inventoryGet,
  inventoryList,
  inventoryUpdate,
  type EditedKind,
} from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, PAGE_QUERY_DOC, listRequest, listSchema, pageParams } from '../http/list-request.ts';
import { actorOf, flag, pathRow, uuidFilter } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { FREE_PAGE, NEXT_BODY, ONE_NETWORK } from './schemas/networks.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

/** The routes of networks (IP subnets). */
export const NETWORK_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/networks',
    access: 'viewer',
    handler: networksList,
    summary: 'List networks (IP subnets), filtered by site and VLAN; q also finds the network whose subnet holds an address.',
    doc: {
      response: listSchema(NETWORK),
      produces: ['application/json', 'text/csv'],
      query: [
        ...LIST_QUERY_DOC,
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        { name: 'vlanId', schema: { type: 'string', format: 'uuid' } },
      ],
    },
  },
  {
    method: 'POST',
    path: '/api/networks',
    access: 'editor',
    handler: networkCreate,
    body: { accepts: 'json' },
    summary: 'Create a network; name unique per site (409 name_taken), no two subnets of a site overlap (409 subnet_overlaps).',
    doc: { request: inputSchema(NETWORK, 'create'), response: ONE_NETWORK, status: 201 },
  },
  {
    method: 'GET',
    path: '/api/networks/:id',
    access: 'viewer',
    handler: networkGet,
    summary: 'One network, with its ETag and its utilization.',
    doc: { response: ONE_NETWORK },
  },
  {
    method: 'PATCH',
    path: '/api/networks/:id',
    access: 'editor',
    handler: networkUpdate,
    body: { accepts: 'json' },
    summary: 'Change a network (If-Match honoured); its VLAN must be of its site.',
    doc: { request: inputSchema(NETWORK, 'patch'), response: ONE_NETWORK },
  },
  {
    method: 'DELETE',
    path: '/api/networks/:id',
    access: 'editor',
    handler: networkDelete,
    summary:
      'Delete a network; one with addresses or ranges: 409 network_in_use with the counts unless force=true, which deletes them in the same activity entry.',
    doc: {
      status: 204,
      query: [{ name: 'force', schema: { type: 'boolean' }, description: 'Also delete its addresses and ranges (undo brings them back).' }],
    },
  },
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

/** Networks as the shared handlers (http/inventory-handlers.ts: what GET, POST, PATCH and DELETE do) take them. */
const NETWORKS: EditedKind<NetworkRow & { use?: Utilization }, NetworkValues, NetworkFilter> = {
  resource: NETWORK,
  path: '/api/networks',
  get: getNetworkWithUse,
  toApi: (row) => networkToApi(row, row.use),
  listJson: listNetworksJson,
  list: listNetworks,
  csv: (db, records) => recordsToCsv(db, 'network', records),
  insert: insertNetwork,
  update: updateNetwork,
  ruleFaults: (db, network, checked) => {
    const site = siteFaults(db, checked.values.siteId);
    return [...gatewayFaults(checked.faults, network), ...site, ...vlanFaults(db, [...checked.faults, ...site], network)];
  },
  clashes: networkClashes,
  entity: (network) => ({ name: network.name, siteId: network.site_id, label: label(network) }),
};

function networksList(ctx: Ctx) {
  const list = listRequest(ctx, NETWORK);
  return inventoryList(ctx, NETWORKS, list, { siteId: uuidFilter(ctx, 'siteId'), vlanId: uuidFilter(ctx, 'vlanId') });
}

function networkGet(ctx: Ctx) {
  return inventoryGet(ctx, NETWORKS);
}

function networkCreate(ctx: Ctx) {
  return inventoryCreate(ctx, NETWORKS);
}

function networkUpdate(ctx: Ctx) {
  return inventoryUpdate(ctx, NETWORKS);
}

/** A network with addresses or ranges: 409 network_in_use with the counts, unless ?force=true deletes them in the same entry. */
function networkDelete(ctx: Ctx) {
  const force = flag(ctx, 'force');
  return inventoryDelete(ctx, NETWORKS, (change, network) => {
    const held = networkHoldings(change.db, network.id);
    if (held.addresses + held.ranges === 0) {
      removeNetwork(change, network.id);
      return '';
    }
    if (!force) throw networkInUse(network, held);
    removeNetworkWithHoldings(change, network.id);
    return ` with ${heldText(held)}`;
  });
}

/** Records the lowest free address of the network with the body's fields, in one change: 201, or 409 network_full. */
function networkNextAddress(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const network = pathRow(ctx, 'network', getNetwork);
  const values = nextAddressValues(ctx, network);
  const id = randomUUID();
  recordChange(db, actorOf(ctx), (change) => {
    const address = nextFreeAddress(change.db, network);
    if (address === undefined) throw networkFull(network);
    change.touch('address', id);
    insertAddress(change.db, id, { ...values, address, network_id: network.id }, change.now);
    return {
      activity: {
        action: 'create',
        entityType: 'address',
        entityId: id,
        entityName: address,
        siteId: network.site_id,
        summary: `Created address ${address}${values.hostname ? ` (${values.hostname})` : ''} in ${network.name}, the next free one`,
      },
      result: address,
    };
  });
  const record = addressToApi(getAddress(db, id)!);
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

/** The body of a next-free call, checked as an address's fields without `address` (400), with the defaults of a create. */
function nextAddressValues(ctx: Ctx, network: NetworkRow): Omit<AddressValues, 'address'> {
  const body = ctx.body ?? {};
  const checked = validateInput(ADDRESS, body, 'patch');
  const faults = [...checked.faults];
  if (typeof body === 'object' && body !== null && Object.hasOwn(body, 'address'))
    faults.push({
      field: 'address',
      message: 'is chosen by the server: leave it out (or record it with POST /api/networks/{id}/addresses)',
    });
  const refused = new Set(faults.map((fault) => fault.field));
  if (!refused.has('portId'))
    faults.push(...addressPortFaults(checked.values, network.site_id, (portId) => siteOfPort(ctx.app.db, portId)));
  if (faults.length) throw validationFailed(faults);
  return { ...defaultColumns(ADDRESS), ...toColumns(ADDRESS, checked.values) } as Omit<AddressValues, 'address'>;
}

/** 409 network_in_use: the counts of addresses and ranges in the message and in details. */
function networkInUse(network: NetworkRow, held: { addresses: number; ranges: number }): HttpError {
  return new HttpError(
    409,
    'network_in_use',
    `The network ${label(network)} has ${heldText(held)}; add ?force=true to delete them with it.`,
    [
      { field: 'force', message: `the network has ${heldText(held)}` },
      { field: 'addresses', message: `${held.addresses} recorded` },
      { field: 'ranges', message: `${held.ranges} defined` },
    ],
  );
}

function heldText(held: { addresses: number; ranges: number }): string {
  return `${counted(held.addresses, 'address', 'addresses')} and ${counted(held.ranges, 'range')}`;
}

/** 409 network_full: no usable address is left outside the ranges, the gateway and the recorded ones. */
function networkFull(network: NetworkRow): HttpError {
  return new HttpError(
    409,
    'network_full',
    `The network ${label(network)} has no free address: every usable one is recorded, in a range or the gateway.`,
  );
}

function label(network: Pick<NetworkValues, 'name' | 'subnet'>): string {
  return `${network.name} (${network.subnet})`;
}

/** The gateway-in-subnet rule, unless subnet or gateway was refused already (the rule would only repeat that). */
function gatewayFaults(faults: FieldFault[], network: Record<string, unknown>): FieldFault[] {
  return faults.some((fault) => fault.field === 'subnet' || fault.field === 'gateway') ? [] : networkFaults(network);
}

/** The VLAN must exist and be of the network's site, unless vlanId or siteId was refused already. */
function vlanFaults(db: Db, faults: FieldFault[], network: Record<string, unknown>): FieldFault[] {
  if (faults.some((fault) => fault.field === 'vlanId' || fault.field === 'siteId') || typeof network.siteId !== 'string') return [];
  return vlanSiteFaults([['vlanId', network.vlanId]], network.siteId, (id) => siteOfVlan(db, id));
}

/** The name unique per site (409 name_taken); then no overlap with another subnet of the site (409 subnet_overlaps). */
function networkClashes(db: Db, values: NetworkValues, id: string): FieldFault[] {
  if (networkIdByName(db, values.site_id, values.name, id))
    return [{ field: 'name', message: `the site has a network named "${values.name}"` }];
  const other = overlappingNetwork(db, values.site_id, values.subnet, id);
  if (other) throw subnetOverlaps(values.subnet, other);
  return [];
}

function subnetOverlaps(subnet: string, other: { id: string; name: string; subnet: string }): HttpError {
  return new HttpError(
    409,
    'subnet_overlaps',
    `${subnet} overlaps ${other.subnet} of the network ${other.name} at the same site; two networks of a site never overlap.`,
    [{ field: 'subnet', message: `overlaps ${other.subnet} (network ${other.name}, ${other.id})` }],
  );
}
