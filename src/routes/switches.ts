import { randomUUID } from 'node:crypto';
import type { Change } from '../db/change.ts';
import { diffImages, readImage } from '../db/images.ts';
import type { Db } from '../db/open.ts';
import { countPortsWithNetworks, insertNumberedPorts, portToApi, portsOfSwitch } from '../db/ports.ts';
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
  type SwitchFilter,
  type SwitchRow,
  type SwitchValues,
} from '../db/switches.ts';
import { HttpError, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { inputSchema, resourceSchema, type ValidatedInput } from '../fields/field.ts';
import { SWITCH, SWITCH_STATUSES } from '../fields/switches.ts';
import { withEtag } from '../http/answers.ts';
import { counted, siteFaults } from '../http/inventory-edits.ts';
import { inventoryCreate, inventoryDelete, inventoryList, inventoryUpdate, type EditedKind } from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { pathRow, queryOneOf, uuidFilter } from '../http/request.ts';
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

/** Switches as the shared handlers (http/inventory-handlers.ts: what GET, POST, PATCH and DELETE do) take them. */
const SWITCHES: EditedKind<SwitchRow, SwitchValues, SwitchFilter> = {
  resource: SWITCH,
  path: '/api/switches',
  get: getSwitch,
  toApi: switchToApi,
  listJson: listSwitchesJson,
  list: listSwitches,
  csv: (db, records) => recordsToCsv(db, 'switch', records),
  insert: insertSwitch,
  update: updateSwitch,
  ruleFaults: (db, _switch, checked) => siteFaults(db, checked.values.siteId),
  clashes: switchClashes,
  refuseUpdate: (db, row, values) => {
    if (values.site_id !== row.site_id) refuseMoveWithNetworks(db, row);
  },
  onCreate: addNumberedPorts,
  entity: (row) => ({ name: row.name, siteId: row.site_id, label: row.name }),
};

function switchesList(ctx: Ctx) {
  const list = listRequest(ctx, SWITCH);
  return inventoryList(ctx, SWITCHES, list, { siteId: uuidFilter(ctx, 'siteId'), status: statusFilter(ctx) });
}

function switchGet(ctx: Ctx) {
  const row = pathRow(ctx, 'switch', getSwitch);
  return withEtag({ ...switchToApi(row), ports: portsOfSwitch(ctx.app.db, row.id).map(portToApi) });
}

function switchCreate(ctx: Ctx) {
  return inventoryCreate(ctx, SWITCHES);
}

function switchUpdate(ctx: Ctx) {
  return inventoryUpdate(ctx, SWITCHES);
}

/** Its ports go with it (far ends of their links are unlinked). */
function switchDelete(ctx: Ctx) {
  return inventoryDelete(ctx, SWITCHES, (change, row) => {
    const ports = removeSwitch(change, row.id);
    return ports ? ` and its ${counted(ports, 'port')}` : '';
  });
}

/** portCount ports named 1…N; the entry lists the switch's fields and the number of ports, not every new port. */
function addNumberedPorts(change: Change, id: string, checked: ValidatedInput) {
  const portCount = checked.values.portCount as number;
  const portIds = Array.from({ length: portCount }, () => randomUUID());
  change.touch('port', portIds);
  insertNumberedPorts(change.db, id, portIds, change.now);
  const changes = {
    ...diffImages('switch', null, readImage(change.db, 'switch', id)),
    ...(portCount ? { portCount: [0, portCount] } : {}),
  };
  return { summaryEnd: portCount ? ` with ${counted(portCount, 'port')}` : '', changes };
}

function statusFilter(ctx: Ctx): string | undefined {
  const faults: FieldFault[] = [];
  const status = queryOneOf(ctx, 'status', SWITCH_STATUSES, faults);
  if (faults.length) throw validationFailed(faults, 'The status filter is invalid.');
  return status;
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
