import type { Db } from '../db/open.ts';
import {
  getNetwork,
  insertNetwork,
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
import { HttpError, type FieldFault } from '../errors/http-error.ts';
import { inputSchema, resourceSchema } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import { networkFaults, vlanSiteFaults } from '../fields/rules.ts';
import { siteFaults } from '../http/inventory-edits.ts';
import {
  inventoryCreate,
  inventoryDelete,
  inventoryGet,
  inventoryList,
  inventoryUpdate,
  type EditedKind,
} from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { uuidFilter } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
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
    doc: { request: inputSchema(NETWORK, 'create'), response: resourceSchema(NETWORK), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/networks/:id',
    access: 'viewer',
    handler: networkGet,
    summary: 'One network, with its ETag.',
    doc: { response: resourceSchema(NETWORK) },
  },
  {
    method: 'PATCH',
    path: '/api/networks/:id',
    access: 'editor',
    handler: networkUpdate,
    body: { accepts: 'json' },
    summary: 'Change a network (If-Match honoured); its VLAN must be of its site.',
    doc: { request: inputSchema(NETWORK, 'patch'), response: resourceSchema(NETWORK) },
  },
  {
    method: 'DELETE',
    path: '/api/networks/:id',
    access: 'editor',
    handler: networkDelete,
    summary: 'Delete a network.',
    doc: { status: 204 },
  },
];

/** Networks as the shared handlers (http/inventory-handlers.ts: what GET, POST, PATCH and DELETE do) take them. */
const NETWORKS: EditedKind<NetworkRow, NetworkValues, NetworkFilter> = {
  resource: NETWORK,
  path: '/api/networks',
  get: getNetwork,
  toApi: networkToApi,
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

/** Nothing refers to a network yet (addresses come with IPAM): it is deleted in one entry. */
function networkDelete(ctx: Ctx) {
  return inventoryDelete(ctx, NETWORKS, (change, network) => {
    removeNetwork(change, network.id);
    return '';
  });
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
