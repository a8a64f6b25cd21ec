import type { Db } from '../db/open.ts';
import {
  getVlan,
  insertVlan,
  listVlans,
  listVlansJson,
  portsCarryingVlan,
  removeVlan,
  updateVlan,
  usedColors,
  vlanIdByColor,
  vlanIdByName,
  vlanIdByVid,
  vlanToApi,
  vlanUsers,
  type VlanFilter,
  type VlanPortRow,
  type VlanRow,
  type VlanUsers,
  type VlanValues,
} from '../db/vlans.ts';
import { HttpError, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { inputSchema, resourceSchema } from '../fields/field.ts';
import { VLAN_STATUSES } from '../fields/choices.ts';
import { VLAN } from '../fields/vlans.ts';
import { csvListAnswer, pageAnswer } from '../http/answers.ts';
import { counted, siteFaults } from '../http/inventory-edits.ts';
import {
  inventoryCreate,
  inventoryDelete,
  inventoryGet,
  inventoryList,
  inventoryUpdate,
  type EditedKind,
} from '../http/inventory-handlers.ts';
import { LIST_QUERY_DOC, listRequest, listSchema, pageRequest } from '../http/list-request.ts';
import { flag, pathRow, queryInteger, queryOneOf, uuidFilter, wantsCsv } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';
import { writeCsv } from '../lib/csv.ts';
import { pickVlanColor } from '../lib/vlan-colors.ts';
import { VLAN_PORTS_CSV_HEADER, VLAN_PORTS_PAGE } from './schemas/vlans.ts';

/** The routes of VLANs. */
export const VLAN_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/vlans',
    access: 'viewer',
    handler: vlansList,
    summary: 'List VLANs, filtered by site, VLAN number and status.',
    doc: {
      response: listSchema(VLAN),
      produces: ['application/json', 'text/csv'],
      query: [
        ...LIST_QUERY_DOC,
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        { name: 'vid', schema: { type: 'integer', minimum: 1, maximum: 4094 } },
        { name: 'status', schema: { type: 'string', enum: [...VLAN_STATUSES] } },
      ],
    },
  },
  {
    method: 'POST',
    path: '/api/vlans',
    access: 'editor',
    handler: vlanCreate,
    body: { accepts: 'json' },
    summary: 'Create a VLAN; name and number unique per site (409), colour unique per site (409 color_taken), picked when not given.',
    doc: { request: inputSchema(VLAN, 'create'), response: resourceSchema(VLAN), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/vlans/:id',
    access: 'viewer',
    handler: vlanGet,
    summary: 'One VLAN, with its ETag.',
    doc: { response: resourceSchema(VLAN) },
  },
  {
    method: 'PATCH',
    path: '/api/vlans/:id',
    access: 'editor',
    handler: vlanUpdate,
    body: { accepts: 'json' },
    summary: 'Change a VLAN (If-Match honoured); it moves to another site only while nothing uses it (409 vlan_in_use).',
    doc: { request: inputSchema(VLAN, 'patch'), response: resourceSchema(VLAN) },
  },
  {
    method: 'DELETE',
    path: '/api/vlans/:id',
    access: 'editor',
    handler: vlanDelete,
    summary:
      'Delete a VLAN; one that ports, networks or switches use: 409 vlan_in_use with the counts unless force=true, ' +
      'which takes it off them in the same activity entry.',
    doc: {
      status: 204,
      query: [
        {
          name: 'force',
          schema: { type: 'boolean' },
          description: 'Also take it off the ports that carry it and the switches that configure it, and detach its networks.',
        },
      ],
    },
  },
  {
    method: 'GET',
    path: '/api/vlans/:id/ports',
    access: 'viewer',
    handler: vlanPorts,
    summary: 'The ports that carry a VLAN, with their switch and whether untagged or tagged, by switch and position.',
    doc: {
      response: VLAN_PORTS_PAGE,
      produces: ['application/json', 'text/csv'],
      query: LIST_QUERY_DOC.filter((parameter) => ['limit', 'offset', 'format'].includes(parameter.name)),
    },
  },
];

/** VLANs as the shared handlers (http/inventory-handlers.ts: what GET, POST, PATCH and DELETE do) take them. */
const VLANS: EditedKind<VlanRow, VlanValues, VlanFilter> = {
  resource: VLAN,
  path: '/api/vlans',
  get: getVlan,
  toApi: vlanToApi,
  listJson: listVlansJson,
  list: listVlans,
  csv: (db, records) => recordsToCsv(db, 'vlan', records),
  insert: (db, id, values, now) => insertVlan(db, id, withColor(db, values, id), now),
  update: (db, id, values, now) => updateVlan(db, id, withColor(db, values, id), now),
  ruleFaults: (db, _vlan, checked) => siteFaults(db, checked.values.siteId),
  clashes: vlanClashes,
  refuseUpdate: (db, vlan, values) => {
    if (values.site_id !== vlan.site_id) refuseMoveInUse(db, vlan);
  },
  entity: (vlan) => ({ name: vlan.name, siteId: vlan.site_id, label: label(vlan) }),
};

function vlansList(ctx: Ctx) {
  const list = listRequest(ctx, VLAN);
  return inventoryList(ctx, VLANS, list, vlanFilter(ctx));
}

function vlanGet(ctx: Ctx) {
  return inventoryGet(ctx, VLANS);
}

function vlanCreate(ctx: Ctx) {
  return inventoryCreate(ctx, VLANS);
}

function vlanUpdate(ctx: Ctx) {
  return inventoryUpdate(ctx, VLANS);
}

/** What uses the VLAN: 409 vlan_in_use with the counts, unless ?force=true takes it off them in the same entry. */
function vlanDelete(ctx: Ctx) {
  const force = flag(ctx, 'force');
  return inventoryDelete(ctx, VLANS, (change, vlan) => {
    const users = vlanUsers(change.db, vlan.id);
    if (inUse(users) && !force) throw vlanInUse(vlan, users, 'force', 'add ?force=true to take it off them');
    removeVlan(change, vlan.id);
    return inUse(users) ? ` and took it off ${usersText(users)}` : '';
  });
}

/** The ports that carry the VLAN, a page of them (JSON) or all of them without `limit` (CSV). */
function vlanPorts(ctx: Ctx): Reply {
  const vlan = pathRow(ctx, 'vlan', getVlan);
  const { limit, offset } = pageRequest(ctx);
  const { rows, total } = portsCarryingVlan(ctx.app.db, vlan.id, limit, offset);
  if (wantsCsv(ctx)) return csvListAnswer(writeCsv(VLAN_PORTS_CSV_HEADER, rows.map(portCells)), total);
  return pageAnswer(rows.map(portItem), total, { limit, offset });
}

function portItem(row: VlanPortRow) {
  const { id, name, unit, position, mode, description } = row;
  return { id, name, unit, position, mode, description, switch: { id: row.switch_id, name: row.switch_name }, as: row.carried_as };
}

function portCells(row: VlanPortRow): (string | null)[] {
  return [
    row.switch_id,
    row.switch_name,
    row.id,
    row.name,
    String(row.unit),
    String(row.position),
    row.mode,
    row.carried_as,
    row.description,
  ];
}

function vlanFilter(ctx: Ctx): VlanFilter {
  const faults: FieldFault[] = [];
  const vid = queryInteger(ctx, 'vid', 1, 4094, faults);
  const status = queryOneOf(ctx, 'status', VLAN_STATUSES, faults);
  if (faults.length) throw validationFailed(faults, 'The VLAN filters are invalid.');
  return { siteId: uuidFilter(ctx, 'siteId'), vid, status };
}

function label(vlan: Pick<VlanValues, 'name' | 'vid'>): string {
  return `${vlan.name} (VLAN ${vlan.vid})`;
}

/**
 * The colour a VLAN is stored with: the one given; without one, the colour it has when no other VLAN of its
 * site has that, else the first of the palette its site does not use (inside the change, so two creates never
 * pick the same).
 */
function withColor(db: Db, values: VlanValues, id: string): VlanValues {
  if (values.color) return values;
  const used = usedColors(db, values.site_id, id);
  const current = getVlan(db, id)?.color;
  return { ...values, color: current && !used.has(current) ? current : pickVlanColor(used) };
}

/** Name and number unique per site (409 name_taken, or conflict for the number alone); then the colour (409 color_taken). */
function vlanClashes(db: Db, values: VlanValues, id: string): FieldFault[] {
  const clashes: FieldFault[] = [];
  if (vlanIdByName(db, values.site_id, values.name, id))
    clashes.push({ field: 'name', message: `the site has a VLAN named "${values.name}"` });
  if (vlanIdByVid(db, values.site_id, values.vid, id)) clashes.push({ field: 'vid', message: `the site has a VLAN ${values.vid}` });
  if (clashes.length === 0 && values.color && vlanIdByColor(db, values.site_id, values.color, id)) throw colorTaken(values.color);
  return clashes;
}

function colorTaken(color: string): HttpError {
  return new HttpError(
    409,
    'color_taken',
    `Another VLAN of the site has the colour ${color}; choose another, or leave it out to get a free one.`,
    [{ field: 'color', message: `another VLAN of the site has ${color}` }],
  );
}

function refuseMoveInUse(db: Db, vlan: VlanRow): void {
  const users = vlanUsers(db, vlan.id);
  if (inUse(users)) throw vlanInUse(vlan, users, 'siteId', 'it stays at its site while anything uses it');
}

function inUse(users: VlanUsers): boolean {
  return users.ports.length + users.lags.length + users.networks.length + users.switches.length > 0;
}

/** "3 ports, 1 LAG, 1 network and 2 switches (configured)" (LAGs only when there are any): what uses a VLAN. */
function usersText(users: VlanUsers): string {
  const parts = [
    counted(users.ports.length, 'port'),
    ...(users.lags.length ? [counted(users.lags.length, 'LAG')] : []),
    counted(users.networks.length, 'network'),
    `${counted(users.switches.length, 'switch', 'switches')} (configured)`,
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** 409 vlan_in_use: the counts of ports, networks and configuring switches in the message and in details. */
function vlanInUse(vlan: VlanRow, users: VlanUsers, field: string, hint: string): HttpError {
  return new HttpError(409, 'vlan_in_use', `VLAN ${label(vlan)} is used by ${usersText(users)}; ${hint}.`, [
    { field, message: `used by ${usersText(users)}` },
    { field: 'ports', message: `${users.ports.length} carry it` },
    ...(users.lags.length ? [{ field: 'lags', message: `${users.lags.length} carry it` }] : []),
    { field: 'networks', message: `${users.networks.length} are in it` },
    { field: 'switches', message: `${users.switches.length} configure it` },
  ]);
}
