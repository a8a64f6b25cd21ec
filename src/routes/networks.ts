import { randomUUID } from 'node:crypto';
import { recordChange } from '../db/change.ts';
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
  type NetworkRow,
  type NetworkValues,
} from '../db/networks.ts';
import type { Db } from '../db/open.ts';
import { portIdsUsingNetwork } from '../db/ports.ts';
import { HttpError, notFound, uniquenessConflict, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { changesNothing, inputSchema, resourceSchema, toColumns, validateInput } from '../fields/field.ts';
import { NETWORK } from '../fields/networks.ts';
import { networkFaults } from '../fields/rules.ts';
import { created, csvListAnswer, etag, jsonListAnswer, withEtag } from '../http/answers.ts';
import { counted, siteFaults } from '../http/inventory-edits.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { actorOf, checkIfMatch, flag, pathId, uuidFilter, wantsCsv } from '../http/request.ts';
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

function networksList(ctx: Ctx) {
  const list = listRequest(ctx, NETWORK);
  const filter = { siteId: uuidFilter(ctx, 'siteId'), vlanId: vlanFilter(ctx) };
  if (!wantsCsv(ctx)) return jsonListAnswer(listNetworksJson(ctx.app.db, list, filter), list);
  const { rows, total } = listNetworks(ctx.app.db, list, filter);
  return csvListAnswer(recordsToCsv(ctx.app.db, 'network', rows.map(networkToApi)), total);
}

function networkGet(ctx: Ctx) {
  const network = getNetwork(ctx.app.db, pathId(ctx, 'network'));
  if (!network) throw notFound('network');
  return withEtag(networkToApi(network));
}

function networkCreate(ctx: Ctx) {
  const checked = validateInput(NETWORK, ctx.body, 'create');
  const faults = [...checked.faults, ...gatewayFaults(checked.faults, checked.values), ...siteFaults(ctx.app.db, checked.values.siteId)];
  if (faults.length) throw validationFailed(faults);
  const values = toColumns(NETWORK, checked.values) as NetworkValues;
  const id = randomUUID();
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    const clashes = networkClashes(change.db, values, id);
    if (clashes.length) throw uniquenessConflict(clashes);
    change.touch('network', id);
    insertNetwork(change.db, id, values, change.now);
    return {
      activity: {
        action: 'create',
        entityType: 'network',
        entityId: id,
        entityName: values.name,
        siteId: values.site_id,
        summary: `Created network ${label(values)}`,
      },
      result: id,
    };
  });
  const network = networkToApi(getNetwork(ctx.app.db, id)!);
  return created(`/api/networks/${id}`, network, { ETag: etag(network.version) });
}

function networkUpdate(ctx: Ctx) {
  const id = pathId(ctx, 'network');
  const network = getNetwork(ctx.app.db, id);
  if (!network) throw notFound('network');
  checkIfMatch(ctx, network.version);
  const checked = validateInput(NETWORK, ctx.body, 'patch');
  const current = networkToApi(network);
  const merged = { ...current, ...checked.values };
  const faults = [...checked.faults, ...gatewayFaults(checked.faults, merged), ...siteFaults(ctx.app.db, checked.values.siteId)];
  if (faults.length) throw validationFailed(faults);
  if (changesNothing(current, checked.values)) return withEtag(current);
  const values = toColumns(NETWORK, merged) as NetworkValues;
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    if (values.site_id !== network.site_id) refuseMoveInUse(change.db, network);
    const clashes = networkClashes(change.db, values, id);
    if (clashes.length) throw uniquenessConflict(clashes);
    change.touch('network', id);
    updateNetwork(change.db, id, values, change.now);
    return {
      activity: {
        action: 'update',
        entityType: 'network',
        entityId: id,
        entityName: values.name,
        siteId: values.site_id,
        summary: `Updated network ${label(values)}`,
      },
      result: id,
    };
  });
  return withEtag(networkToApi(getNetwork(ctx.app.db, id)!));
}

function networkDelete(ctx: Ctx) {
  const id = pathId(ctx, 'network');
  const network = getNetwork(ctx.app.db, id);
  if (!network) throw notFound('network');
  checkIfMatch(ctx, network.version);
  const force = flag(ctx, 'force');
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    const users = portIdsUsingNetwork(change.db, id).length;
    if (users > 0 && !force) throw networkInUse(network, users, 'force', 'add ?force=true to take it off them');
    removeNetwork(change, id);
    const what = users ? ` and took it off ${counted(users, 'port')}` : '';
    return {
      activity: {
        action: 'delete',
        entityType: 'network',
        entityId: id,
        entityName: network.name,
        siteId: network.site_id,
        summary: `Deleted network ${label(network)}${what}`,
      },
      result: id,
    };
  });
  return { status: 204 };
}

function label(network: Pick<NetworkValues, 'name' | 'vlan_id'>): string {
  return `${network.name} (VLAN ${network.vlan_id})`;
}

function vlanFilter(ctx: Ctx): number | undefined {
  const raw = ctx.query.get('vlanId');
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 4094) {
    throw validationFailed([{ field: 'vlanId', message: 'must be an integer from 1 to 4094' }], 'The vlanId filter is invalid.');
  }
  return value;
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
