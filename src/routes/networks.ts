import type { Db } from '../db/open.ts';
import {
  getNetwork,
  insertNetwork,
  listNetworks,
  listNetworksJson,
  networkIdByName,
  networkIdByVlan,
  networkToApi,
  removeNetwork,
  updateNetwork,
  type NetworkFilter,
  type NetworkRow,
  type NetworkValues,
} from '../db/networks.ts';
import { portIdsUsingNetwork } from '../db/ports.ts';
import { HttpError, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { inputSchema, resourceSchema } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import { networkFaults } from '../fields/rules.ts';
import { counted, siteFaults } from '../http/inventory-edits.ts';
import {
  inventoryCreate,
  inventoryDelete,
  inventoryGet,
  inventoryList,
  inventoryUpdate,
  type EditedKind,
} from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { flag, queryInteger, uuidFilter } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

/** The routes of networks (VLANs). */
export const NETWORK_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/networks',
    access: 'viewer',
    handler: networksList,
    summary: 'List networks (VLANs), filtered by site and VLAN number.',
    doc: {
      response: listSchema(NETWORK),
      produces: ['application/json', 'text/csv'],
      query: [
        ...LIST_QUERY_DOC,
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        { name: 'vlanId', schema: { type: 'integer', minimum: 1, maximum: 4094 } },
      ],
    },
  },
  {
    method: 'POST',
    path: '/api/networks',
    access: 'editor',
    handler: networkCreate,
    body: { accepts: 'json' },
    summary: 'Create a network; name and VLAN unique per site (409).',
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
    summary: 'Change a network (If-Match honoured); it moves to another site only while no port uses it.',
    doc: { request: inputSchema(NETWORK, 'patch'), response: resourceSchema(NETWORK) },
  },
  {
    method: 'DELETE',
    path: '/api/networks/:id',
    access: 'editor',
    handler: networkDelete,
    summary:
      'Delete a network; one that ports use: 409 network_in_use unless force=true, which takes it off those ports in the same activity entry.',
    doc: { status: 204, query: [{ name: 'force', schema: { type: 'boolean' }, description: 'Also take it off the ports that use it.' }] },
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
  ruleFaults: (db, network, checked) => [...gatewayFaults(checked.faults, network), ...siteFaults(db, checked.values.siteId)],
  clashes: networkClashes,
  refuseUpdate: (db, network, values) => {
    if (values.site_id !== network.site_id) refuseMoveInUse(db, network);
  },
  entity: (network) => ({ name: network.name, siteId: network.site_id, label: label(network) }),
};

function networksList(ctx: Ctx) {
  const list = listRequest(ctx, NETWORK);
  return inventoryList(ctx, NETWORKS, list, { siteId: uuidFilter(ctx, 'siteId'), vlanId: vlanFilter(ctx) });
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

/** Ports that use the network: 409 network_in_use, unless ?force=true takes it off them in the same entry. */
function networkDelete(ctx: Ctx) {
  const force = flag(ctx, 'force');
  return inventoryDelete(ctx, NETWORKS, (change, network) => {
    const users = portIdsUsingNetwork(change.db, network.id).length;
    if (users > 0 && !force) throw networkInUse(network, users, 'force', 'add ?force=true to take it off them');
    removeNetwork(change, network.id);
    return users ? ` and took it off ${counted(users, 'port')}` : '';
  });
}

function label(network: Pick<NetworkValues, 'name' | 'vlan_id'>): string {
  return `${network.name} (VLAN ${network.vlan_id})`;
}

function vlanFilter(ctx: Ctx): number | undefined {
  const faults: FieldFault[] = [];
  const vlanId = queryInteger(ctx, 'vlanId', 1, 4094, faults);
  if (faults.length) throw validationFailed(faults, 'The vlanId filter is invalid.');
  return vlanId;
}

/** The gateway-in-subnet rule, unless subnet or gateway was refused already (the rule would only repeat that). */
function gatewayFaults(faults: FieldFault[], network: Record<string, unknown>): FieldFault[] {
  return faults.some((fault) => fault.field === 'subnet' || fault.field === 'gateway') ? [] : networkFaults(network);
}

function networkClashes(db: Db, values: NetworkValues, id: string): FieldFault[] {
  const clashes: FieldFault[] = [];
  if (networkIdByName(db, values.site_id, values.name, id))
    clashes.push({ field: 'name', message: `the site has a network named "${values.name}"` });
  if (networkIdByVlan(db, values.site_id, values.vlan_id, id))
    clashes.push({ field: 'vlanId', message: `the site has a network with VLAN ${values.vlan_id}` });
  return clashes;
}

function refuseMoveInUse(db: Db, network: NetworkRow): void {
  const users = portIdsUsingNetwork(db, network.id).length;
  if (users > 0) throw networkInUse(network, users, 'siteId', 'ports of its site use it; take it off them first');
}

/** 409 network_in_use with the number of ports in the message and in details. */
function networkInUse(network: NetworkRow, ports: number, field: string, hint: string): HttpError {
  const count = counted(ports, 'port');
  return new HttpError(409, 'network_in_use', `Network ${label(network)} is used by ${count}; ${hint}.`, [
    { field, message: `used by ${count}` },
  ]);
}
