import { randomUUID } from 'node:crypto';
import { recordChange, type Change } from '../db/change.ts';
import { diffImages, readImage } from '../db/images.ts';
import type { Db } from '../db/open.ts';
import { countPortsWithNetworks, insertPort, portToApi, portsOfSwitch } from '../db/ports.ts';
import {
  getSwitch,
  insertSwitch,
  listSwitches,
  listSwitchesJson,
  removeSwitch,
  switchIdByIp,
  switchIdByMac,
  switchIdByName,
  switchToApi,
  updateSwitch,
  type SwitchRow,
  type SwitchValues,
} from '../db/switches.ts';
import { HttpError, notFound, uniquenessConflict, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { changesNothing, inputSchema, resourceSchema, toColumns, validateInput } from '../fields/field.ts';
import { SWITCH, SWITCH_STATUSES } from '../fields/switches.ts';
import { created, csvListAnswer, etag, jsonListAnswer, withEtag } from '../http/answers.ts';
import { counted, siteFaults } from '../http/inventory-edits.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { actorOf, checkIfMatch, pathId, uuidFilter, wantsCsv } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';
import { SWITCH_WITH_PORTS } from './schemas/switches.ts';

/** The routes of switches. */
export const SWITCH_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/switches',
    access: 'viewer',
    handler: switchesList,
    summary: 'List switches, filtered by site and status.',
    doc: {
      response: listSchema(SWITCH),
      produces: ['application/json', 'text/csv'],
      query: [
        ...LIST_QUERY_DOC,
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        { name: 'status', schema: { type: 'string', enum: [...SWITCH_STATUSES] } },
      ],
    },
  },
  {
    method: 'POST',
    path: '/api/switches',
    access: 'editor',
    handler: switchCreate,
    body: { accepts: 'json' },
    summary: 'Create a switch; portCount makes ports named 1…N. Name unique per site, MAC unique, management IP unique per site (409).',
    doc: { request: inputSchema(SWITCH, 'create'), response: resourceSchema(SWITCH), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/switches/:id',
    access: 'viewer',
    handler: switchGet,
    summary: 'One switch with its ports (by position), with its ETag.',
    doc: { response: SWITCH_WITH_PORTS },
  },
  {
    method: 'PATCH',
    path: '/api/switches/:id',
    access: 'editor',
    handler: switchUpdate,
    body: { accepts: 'json' },
    summary: 'Change a switch (If-Match honoured); it moves site only while none of its ports uses a network (409 network_in_use).',
    doc: { request: inputSchema(SWITCH, 'patch'), response: resourceSchema(SWITCH) },
  },
  {
    method: 'DELETE',
    path: '/api/switches/:id',
    access: 'editor',
    handler: switchDelete,
    summary: 'Delete a switch and its ports (far ends of links are unlinked), in one activity entry.',
    doc: { status: 204 },
  },
];

function switchesList(ctx: Ctx) {
  const list = listRequest(ctx, SWITCH);
  const filter = { siteId: uuidFilter(ctx, 'siteId'), status: statusFilter(ctx) };
  if (!wantsCsv(ctx)) return jsonListAnswer(listSwitchesJson(ctx.app.db, list, filter), list);
  const { rows, total } = listSwitches(ctx.app.db, list, filter);
  return csvListAnswer(recordsToCsv(ctx.app.db, 'switch', rows.map(switchToApi)), total);
}

function switchGet(ctx: Ctx) {
  const row = getSwitch(ctx.app.db, pathId(ctx, 'switch'));
  if (!row) throw notFound('switch');
  return withEtag({ ...switchToApi(row), ports: portsOfSwitch(ctx.app.db, row.id).map(portToApi) });
}

function switchCreate(ctx: Ctx) {
  const checked = validateInput(SWITCH, ctx.body, 'create');
  const faults = [...checked.faults, ...siteFaults(ctx.app.db, checked.values.siteId)];
  if (faults.length) throw validationFailed(faults);
  const values = toColumns(SWITCH, checked.values) as SwitchValues;
  const portCount = checked.values.portCount as number;
  const id = randomUUID();
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    const clashes = switchClashes(change.db, values, id);
    if (clashes.length) throw uniquenessConflict(clashes);
    change.touch('switch', id);
    insertSwitch(change.db, id, values, change.now);
    for (let n = 1; n <= portCount; n++) addNumberedPort(change, id, n);
    const ports = portCount ? ` with ${counted(portCount, 'port')}` : '';
    // The entry lists the switch's fields and the number of ports, not every new port.
    const changes = {
      ...diffImages('switch', null, readImage(change.db, 'switch', id)),
      ...(portCount ? { portCount: [0, portCount] } : {}),
    };
    return {
      activity: {
        action: 'create',
        entityType: 'switch',
        entityId: id,
        entityName: values.name,
        siteId: values.site_id,
        summary: `Created switch ${values.name}${ports}`,
        changes,
      },
      result: id,
    };
  });
  const row = switchToApi(getSwitch(ctx.app.db, id)!);
  return created(`/api/switches/${id}`, row, { ETag: etag(row.version) });
}

function switchUpdate(ctx: Ctx) {
  const id = pathId(ctx, 'switch');
  const row = getSwitch(ctx.app.db, id);
  if (!row) throw notFound('switch');
  checkIfMatch(ctx, row.version);
  const checked = validateInput(SWITCH, ctx.body, 'patch');
  const faults = [...checked.faults, ...siteFaults(ctx.app.db, checked.values.siteId)];
  if (faults.length) throw validationFailed(faults);
  const current = switchToApi(row);
  if (changesNothing(current, checked.values)) return withEtag(current);
  const values = toColumns(SWITCH, { ...current, ...checked.values }) as SwitchValues;
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    if (values.site_id !== row.site_id) refuseMoveWithNetworks(change.db, row);
    const clashes = switchClashes(change.db, values, id);
    if (clashes.length) throw uniquenessConflict(clashes);
    change.touch('switch', id);
    updateSwitch(change.db, id, values, change.now);
    return {
      activity: {
        action: 'update',
        entityType: 'switch',
        entityId: id,
        entityName: values.name,
        siteId: values.site_id,
        summary: `Updated switch ${values.name}`,
      },
      result: id,
    };
  });
  return withEtag(switchToApi(getSwitch(ctx.app.db, id)!));
}

function switchDelete(ctx: Ctx) {
  const id = pathId(ctx, 'switch');
  const row = getSwitch(ctx.app.db, id);
  if (!row) throw notFound('switch');
  checkIfMatch(ctx, row.version);
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    const ports = removeSwitch(change, id);
    const what = ports ? ` and its ${counted(ports, 'port')}` : '';
    return {
      activity: {
        action: 'delete',
        entityType: 'switch',
        entityId: id,
        entityName: row.name,
        siteId: row.site_id,
        summary: `Deleted switch ${row.name}${what}`,
      },
      result: id,
    };
  });
  return { status: 204 };
}

function addNumberedPort(change: Change, switchId: string, n: number): void {
  const portId = randomUUID();
  change.touch('port', portId);
  insertPort(
    change.db,
    portId,
    switchId,
    {
      name: String(n),
      position: n,
      description: null,
      enabled: 1,
      mode: 'access',
      untagged_network_id: null,
      speed: null,
      poe: 0,
      linked_port_id: null,
      connected_device: null,
    },
    change.now,
  );
}

function statusFilter(ctx: Ctx): string | undefined {
  const raw = ctx.query.get('status');
  if (raw === null || raw === '') return undefined;
  if (!(SWITCH_STATUSES as readonly string[]).includes(raw)) {
    throw validationFailed([{ field: 'status', message: `must be one of ${SWITCH_STATUSES.join(', ')}` }], 'The status filter is invalid.');
  }
  return raw;
}

function switchClashes(db: Db, values: SwitchValues, id: string): FieldFault[] {
  const clashes: FieldFault[] = [];
  if (switchIdByName(db, values.site_id, values.name, id))
    clashes.push({ field: 'name', message: `the site has a switch named "${values.name}"` });
  if (values.mac_address && switchIdByMac(db, values.mac_address, id))
    clashes.push({ field: 'macAddress', message: `another switch has MAC ${values.mac_address}` });
  if (values.management_ip && switchIdByIp(db, values.site_id, values.management_ip, id)) {
    clashes.push({ field: 'managementIp', message: `another switch of the site has management IP ${values.management_ip}` });
  }
  return clashes;
}

function refuseMoveWithNetworks(db: Db, row: SwitchRow): void {
  const ports = countPortsWithNetworks(db, row.id);
  if (ports === 0) return;
  const count = counted(ports, 'port');
  throw new HttpError(
    409,
    'network_in_use',
    `Switch ${row.name} has ${count} using networks of its site; take them off before moving it.`,
    [{ field: 'siteId', message: `${count} use networks of the current site` }],
  );
}
