import { randomUUID } from 'node:crypto';
import type { Change } from '../db/change.ts';
import { diffImages, readImage } from '../db/images.ts';
import { inTransaction, type Db } from '../db/open.ts';
import { countPortsWithVlans, highestUnit, insertNumberedPorts, portToApi, portsOfSwitch } from '../db/ports.ts';
import {
  addFavoriteSwitch,
  getSwitch,
  insertSwitch,
  keepManagementAddress,
  listSwitches,
  listSwitchesJson,
  removeFavoriteSwitch,
  removeSwitch,
  setConfiguredVlans,
  switchIdByIp,
  switchIdByMac,
  switchIdByName,
  switchToApi,
  updateSwitch,
  type SwitchFilter,
  type SwitchRow,
  type SwitchValues,
} from '../db/switches.ts';
import { siteOfVlan } from '../db/vlans.ts';
import { HttpError, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { inputSchema, resourceSchema } from '../fields/field.ts';
import { eachOfList, vlanSiteFaults } from '../fields/rules.ts';
import { SWITCH_STATUSES } from '../fields/choices.ts';
import { SWITCH } from '../fields/switches.ts';
import { withEtag } from '../http/answers.ts';
import { counted, siteFaults } from '../http/inventory-edits.ts';
import { inventoryCreate, inventoryDelete, inventoryList, inventoryUpdate, type EditedKind } from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { pathRow, queryOneOf, uuidFilter } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';
import { SWITCH_WITH_PORTS } from './schemas/switches.ts';

/** The routes of switches and of the caller's favourite switches. */
export const SWITCH_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/switches',
    access: 'viewer',
    handler: switchesList,
    summary: "List switches, filtered by site, status and the caller's favourites (favorite=true or false).",
    doc: {
      response: listSchema(SWITCH),
      produces: ['application/json', 'text/csv'],
      query: [
        ...LIST_QUERY_DOC,
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        { name: 'status', schema: { type: 'string', enum: [...SWITCH_STATUSES] } },
        {
          name: 'favorite',
          schema: { type: 'string', enum: ['true', 'false'] },
          description: "Only the caller's favourites, or only the others.",
        },
      ],
    },
  },
  {
    method: 'POST',
    path: '/api/switches',
    access: 'editor',
    handler: switchCreate,
    body: { accepts: 'json' },
    summary:
      'Create a switch; portCount makes ports named 1…N. Name unique per site, MAC unique, management IP unique per site (409); configuredVlanIds are VLANs of its site. ' +
      "A management IP inside a network of its site is recorded there as an address with the switch's switchId (an unlinked record of that address without a host name or with the switch's is taken over), in the same entry; " +
      'refused inside a DHCP range (409 in_dhcp_range), when recorded for another device (409 address_taken), or as the network or broadcast address (400).',
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
    summary:
      "Change a switch (If-Match honoured); it moves site only while none of its ports carries a VLAN (409 vlan_in_use); stackSize stays at least its ports' highest unit (400). " +
      'Its management address moves with managementIp and siteId (same record), and goes when the IP is cleared or lies in no network of the site, in the same entry; refusals as on POST.',
    doc: { request: inputSchema(SWITCH, 'patch'), response: resourceSchema(SWITCH) },
  },
  {
    method: 'DELETE',
    path: '/api/switches/:id',
    access: 'editor',
    handler: switchDelete,
    summary: 'Delete a switch with its ports (far ends of links are unlinked) and its management address, in one activity entry.',
    doc: { status: 204 },
  },
  {
    method: 'PUT',
    path: '/api/switches/:id/favorite',
    access: 'user',
    handler: switchFavoriteAdd,
    summary: "Make the switch one of the caller's favourites (204, again too); not an inventory change: no version, no activity entry.",
    doc: { status: 204 },
  },
  {
    method: 'DELETE',
    path: '/api/switches/:id/favorite',
    access: 'user',
    handler: switchFavoriteRemove,
    summary: "Take the switch off the caller's favourites (204, also when it was not one).",
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
  ruleFaults: switchRuleFaults,
  clashes: switchClashes,
  refuseUpdate: (db, row, values) => {
    if (values.site_id !== row.site_id) refuseMoveWithVlans(db, row);
  },
  afterWrite: (change, id, record, before) => {
    setConfiguredVlans(change.db, id, (record.configuredVlanIds as string[] | undefined) ?? []);
    const now = getSwitch(change.db, id)!;
    const moved = !before || now.management_ip !== before.management_ip || now.site_id !== before.site_id || now.name !== before.name;
    if (moved) keepManagementAddress(change, now, before?.name);
  },
  onCreate: addNumberedPorts,
  entity: (row) => ({ name: row.name, siteId: row.site_id, label: row.name }),
};

/** The switches of one request: their `favorite` is the caller's. */
function switchesOf(ctx: Ctx): EditedKind<SwitchRow, SwitchValues, SwitchFilter> {
  return { ...SWITCHES, get: (db, id) => getSwitch(db, id, ctx.user!.id) };
}

function switchesList(ctx: Ctx) {
  const list = listRequest(ctx, SWITCH);
  const filter = { siteId: uuidFilter(ctx, 'siteId'), ...listFilters(ctx), callerId: ctx.user!.id };
  return inventoryList(ctx, SWITCHES, list, filter);
}

function switchGet(ctx: Ctx) {
  const row = pathRow(ctx, 'switch', switchesOf(ctx).get);
  return withEtag({ ...switchToApi(row), ports: portsOfSwitch(ctx.app.db, row.id).map(portToApi) });
}

function switchCreate(ctx: Ctx) {
  return inventoryCreate(ctx, switchesOf(ctx));
}

function switchUpdate(ctx: Ctx) {
  return inventoryUpdate(ctx, switchesOf(ctx));
}

/** Its ports go with it (far ends of their links are unlinked). */
function switchDelete(ctx: Ctx) {
  return inventoryDelete(ctx, SWITCHES, (change, row) => {
    const ports = removeSwitch(change, row.id);
    return ports ? ` and its ${counted(ports, 'port')}` : '';
  });
}

/** A favourite is the caller's own bookmark: written in a transaction of its own, outside the activity log. */
function switchFavoriteAdd(ctx: Ctx) {
  const db = ctx.app.db;
  inTransaction(db, () => addFavoriteSwitch(db, ctx.user!.id, pathRow(ctx, 'switch', getSwitch).id));
  return { status: 204 };
}

function switchFavoriteRemove(ctx: Ctx) {
  const db = ctx.app.db;
  inTransaction(db, () => removeFavoriteSwitch(db, ctx.user!.id, pathRow(ctx, 'switch', getSwitch).id));
  return { status: 204 };
}

/** portCount ports named 1…N; the entry lists the switch's fields and the number of ports, not every new port. */
function addNumberedPorts(change: Change, id: string, checked: { values: Record<string, unknown> }) {
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

function listFilters(ctx: Ctx): Pick<SwitchFilter, 'status' | 'favorite'> {
  const faults: FieldFault[] = [];
  const status = queryOneOf(ctx, 'status', SWITCH_STATUSES, faults);
  const favorite = queryOneOf(ctx, 'favorite', ['true', 'false'], faults);
  if (faults.length) throw validationFailed(faults, 'The list filters are invalid.');
  return { status, favorite: favorite === undefined ? undefined : favorite === 'true' };
}

/** The site exists; configured VLANs are VLANs of it; stackSize leaves every port on a member of the stack. */
function switchRuleFaults(db: Db, record: Record<string, unknown>, checked: { values: Record<string, unknown> }): FieldFault[] {
  const faults = siteFaults(db, checked.values.siteId);
  const configured = Array.isArray(record.configuredVlanIds) ? (record.configuredVlanIds as string[]) : [];
  if (typeof record.siteId === 'string')
    faults.push(...vlanSiteFaults(eachOfList('configuredVlanIds', configured), record.siteId, (id) => siteOfVlan(db, id)));
  if (typeof record.id === 'string' && typeof record.stackSize === 'number') {
    const used = highestUnit(db, record.id);
    if (used > record.stackSize)
      faults.push({ field: 'stackSize', message: `must be at least ${used}: a port is on unit ${used}; move or delete it first` });
  }
  return faults;
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

function refuseMoveWithVlans(db: Db, row: SwitchRow): void {
  const ports = countPortsWithVlans(db, row.id);
  if (ports === 0) return;
  const count = counted(ports, 'port');
  throw new HttpError(409, 'vlan_in_use', `Switch ${row.name} has ${count} carrying VLANs of its site; take them off before moving it.`, [
    { field: 'siteId', message: `${count} carry VLANs of the current site` },
  ]);
}
