import { randomUUID } from 'node:crypto';
import { recordChange, type Change } from '../db/change.ts';
import { diffImages, readImage } from '../db/images.ts';
import { copyLags, lagsOfSwitch } from '../db/lags.ts';
import { inTransaction, type Db } from '../db/open.ts';
import {
  copyPorts,
  countPortsWithVlans,
  highestUnit,
  insertNumberedPorts,
  insertTemplatePorts,
  portToApi,
  portsOfSwitch,
} from '../db/ports.ts';
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
import { getTemplate, templateUnitsOf } from '../db/templates.ts';
import { siteOfVlan } from '../db/vlans.ts';
import { HttpError, uniquenessConflict, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { checkValue, inputSchema, isPlainObject, isUuid, resourceSchema, type ValidatedInput } from '../fields/field.ts';
import { eachOfList, vlanSiteFaults } from '../fields/rules.ts';
import { SWITCH_STATUSES } from '../fields/choices.ts';
import { SWITCH } from '../fields/switches.ts';
import { created, etag, withEtag } from '../http/answers.ts';
import { counted, siteFaults } from '../http/inventory-edits.ts';
import { inventoryCreate, inventoryDelete, inventoryList, inventoryUpdate, type EditedKind } from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { actorOf, pathRow, queryOneOf, uuidFilter } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';
import { layOutPorts, stackProblem } from '../lib/port-layout.ts';
import { SWITCH_DUPLICATE, SWITCH_WITH_PORTS } from './schemas/switches.ts';

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
      'Create a switch; portCount makes ports named 1…N, or templateId makes the ports of a layout template for every member of its ' +
      "stack (stackSize: the template's unit count unless given; 400 on stackSize when the template cannot make that stack; " +
      'portCount with templateId: 400). Name unique per site, MAC unique, management IP unique per site (409); ' +
      'configuredVlanIds are VLANs of its site. ' +
      "A management IP inside a network of its site is recorded there as an address with the switch's switchId (an unlinked record of " +
      "that address without a host name or with the switch's is taken over), in the same entry; " +
      'refused inside a DHCP range (409 in_dhcp_range), when recorded for another device (409 address_taken), or as the network or broadcast address (400).',
    doc: { request: inputSchema(SWITCH, 'create'), response: resourceSchema(SWITCH), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/switches/:id',
    access: 'viewer',
    handler: switchGet,
    summary: 'One switch with its ports (by position) and its LAGs (by name), with its ETag.',
    doc: { response: SWITCH_WITH_PORTS },
  },
  {
    method: 'PATCH',
    path: '/api/switches/:id',
    access: 'editor',
    handler: switchUpdate,
    body: { accepts: 'json' },
    summary:
      'Change a switch (If-Match honoured); it moves site only while none of its ports carries a VLAN (409 vlan_in_use); ' +
      "stackSize stays at least its ports' highest unit (400). " +
      'Its management address moves with managementIp and siteId (same record), and goes when the IP is cleared or lies in no network of ' +
      'the site, in the same entry; refusals as on POST.',
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
    method: 'POST',
    path: '/api/switches/:id/duplicate',
    access: 'editor',
    handler: switchDuplicate,
    body: { accepts: 'json' },
    summary:
      'Copy a switch at its site under a new name (unique per site, 409): vendor, model, firmware, role, tags, status, stack size, ' +
      "template, PoE budget, configured VLANs, notes, its ports' configuration and its LAGs (without remote LAG); " +
      'not its serial number, MAC, location, rack position, links, connected devices, link status or addresses. ' +
      'managementIp as on POST (its address recorded the same way). One create entry; undo removes the copy.',
    doc: { request: SWITCH_DUPLICATE, response: SWITCH_WITH_PORTS, status: 201 },
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
  afterWrite: switchAfterWrite,
  onCreate: addPorts,
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
  return withEtag(switchWithPortsAndLags(ctx.app.db, row));
}

/** A switch from a template takes the template's unit count as its stackSize unless the body gives one. */
function switchCreate(ctx: Ctx) {
  const body = withTemplateStackSize(ctx.app.db, ctx.body);
  const kind = switchesOf(ctx);
  return inventoryCreate(
    { ...ctx, body },
    { ...kind, ruleFaults: (db, record, checked) => [...switchRuleFaults(db, record, checked), ...templateFaults(db, body, checked)] },
  );
}

/**
 * A copy of the switch at its site under the body's name (docs/LAGS-TEMPLATES.md, "Switch duplicates"): its fields
 * but serial, MAC, location and rack position, its configured VLANs, copies of its ports' configuration and of its
 * LAGs, and the management address of the managementIp given; one create entry.
 */
function switchDuplicate(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const original = pathRow(ctx, 'switch', getSwitch);
  const values = duplicateValues(original, ctx.body);
  const id = randomUUID();
  recordChange(db, actorOf(ctx), (change) => {
    const clashes = switchClashes(change.db, values, id);
    if (clashes.length) throw uniquenessConflict(clashes);
    change.touch('switch', id);
    insertSwitch(change.db, id, values, change.now);
    switchAfterWrite(change, id, { configuredVlanIds: original.configured }, undefined);
    const portIds = copyPorts(change, original.id, id);
    const lags = copyLags(change, original.id, id, portIds);
    const summaryEnd = `${portIds.size ? ` with ${counted(portIds.size, 'port')}` : ''}${lags ? ` and ${counted(lags, 'LAG')}` : ''}`;
    const changes = {
      ...diffImages('switch', null, readImage(change.db, 'switch', id)),
      ...(portIds.size ? { portCount: [0, portIds.size] } : {}),
    };
    return {
      activity: {
        action: 'create',
        entityType: 'switch',
        entityId: id,
        entityName: values.name,
        siteId: values.site_id,
        summary: `Created switch ${values.name} as a copy of ${original.name}${summaryEnd}`,
        changes,
      },
      result: id,
    };
  });
  const record = switchWithPortsAndLags(db, getSwitch(db, id, ctx.user!.id)!);
  return created(`/api/switches/${id}`, record, { ETag: etag(record.version) });
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

/** Create and update: the configured VLANs, and the management address when the IP, site or name changed. */
function switchAfterWrite(change: Change, id: string, record: Record<string, unknown>, before: SwitchRow | undefined): void {
  setConfiguredVlans(change.db, id, (record.configuredVlanIds as string[] | undefined) ?? []);
  const now = getSwitch(change.db, id)!;
  const moved = !before || now.management_ip !== before.management_ip || now.site_id !== before.site_id || now.name !== before.name;
  if (moved) keepManagementAddress(change, now, before?.name);
}

/** A switch as GET answers it: with its ports by position and its LAGs by name. */
function switchWithPortsAndLags(db: Db, row: SwitchRow) {
  return { ...switchToApi(row), ports: portsOfSwitch(db, row.id).map(portToApi), lags: lagsOfSwitch(db, row.id) };
}

/** The ports of a new switch: its template's for every member of its stack, else portCount ports named 1…N. */
function addPorts(change: Change, id: string, checked: ValidatedInput) {
  const templateId = checked.values.templateId;
  return typeof templateId === 'string' ? addTemplatePorts(change, id, templateId, checked) : addNumberedPorts(change, id, checked);
}

/** The ports layOutPorts makes of the template for the switch's stackSize; the entry counts them as addNumberedPorts does. */
function addTemplatePorts(change: Change, id: string, templateId: string, checked: ValidatedInput) {
  const template = getTemplate(change.db, templateId)!;
  const ports = layOutPorts(JSON.parse(template.units), checked.values.stackSize as number);
  const portIds = ports.map(() => randomUUID());
  change.touch('port', portIds);
  insertTemplatePorts(change.db, id, portIds, ports, change.now);
  const changes = { ...diffImages('switch', null, readImage(change.db, 'switch', id)), portCount: [0, ports.length] };
  return { summaryEnd: ` with ${counted(ports.length, 'port')} from template ${template.name}`, changes };
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

/** A create body naming a template (that exists) without stackSize: the template's unit count as stackSize. */
function withTemplateStackSize(db: Db, body: unknown): unknown {
  if (!isPlainObject(body) || body.stackSize != null || !isUuid(body.templateId)) return body;
  const units = templateUnitsOf(db, body.templateId.toLowerCase());
  return units ? { ...body, stackSize: units.length } : body;
}

/** The template exists and can make a stack of stackSize members (stackProblem); portCount is not given with it. */
function templateFaults(db: Db, body: unknown, checked: ValidatedInput): FieldFault[] {
  const templateId = checked.values.templateId;
  if (typeof templateId !== 'string') return [];
  const faults: FieldFault[] = [];
  if (isPlainObject(body) && typeof body.portCount === 'number' && body.portCount !== 0)
    faults.push({
      field: 'portCount',
      message: 'must be left out with templateId: give either portCount or templateId (the template makes the ports)',
    });
  const units = templateUnitsOf(db, templateId);
  if (!units) return [...faults, { field: 'templateId', message: `template ${templateId} does not exist` }];
  const stackSize = checked.values.stackSize;
  const problem = typeof stackSize === 'number' ? stackProblem(units, stackSize) : undefined;
  if (problem) faults.push({ field: 'stackSize', message: problem });
  return faults;
}

const NAME_FIELD = SWITCH.fields.find((field) => field.name === 'name')!;
const MANAGEMENT_IP_FIELD = SWITCH.fields.find((field) => field.name === 'managementIp')!;

/** The columns of a duplicate: the original's, with the body's name and managementIp (400 for a bad body). */
function duplicateValues(original: SwitchRow, body: unknown): SwitchValues {
  if (!isPlainObject(body)) throw validationFailed([{ field: 'body', message: 'must be a JSON object { name, managementIp? }' }]);
  const faults: FieldFault[] = Object.keys(body)
    .filter((key) => key !== 'name' && key !== 'managementIp')
    .map((key) => ({ field: key, message: 'is not a field of a duplicate: only name and managementIp' }));
  const name = checkValue(NAME_FIELD, body.name ?? null);
  if (!name.ok) faults.push({ field: 'name', message: name.message });
  const ip = checkValue(MANAGEMENT_IP_FIELD, body.managementIp ?? null);
  if (!ip.ok) faults.push({ field: 'managementIp', message: ip.message });
  if (faults.length || !name.ok || !ip.ok) throw validationFailed(faults);
  return {
    site_id: original.site_id,
    name: name.value as string,
    vendor: original.vendor,
    model: original.model,
    serial_number: null,
    mac_address: null,
    management_ip: ip.value as string | null,
    firmware_version: original.firmware_version,
    location: null,
    rack_position: null,
    role: original.role,
    tags: original.tags,
    status: original.status,
    stack_size: original.stack_size,
    template_id: original.template_id,
    poe_budget_watts: original.poe_budget_watts,
    notes: original.notes,
  };
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
