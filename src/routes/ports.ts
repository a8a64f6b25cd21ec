import { randomUUID } from 'node:crypto';
import { lagMemberTypeProblem } from '../lib/port-kinds.ts';
import { activityToApi, listActivity } from '../db/activity.ts';
import { recordChange, type ActivityInput, type Change } from '../db/change.ts';
import { diffImages, readImage, type Image } from '../db/images.ts';
import type { Db } from '../db/open.ts';
import {
  getPort,
  insertPort,
  listPorts,
  listPortsJson,
  nextPosition,
  portIdByName,
  portToApi,
  portsOfSwitch,
  relinkFarEnds,
  removePorts,
  setTagged,
  switchOfPort,
  updatePort,
  type PortFilter,
  type PortRow,
  type PortValues,
} from '../db/ports.ts';
import { lagRefById, memberPortIds } from '../db/lags.ts';
import { getSwitch, type SwitchRow } from '../db/switches.ts';
import { siteOfVlan } from '../db/vlans.ts';
import { HttpError, notFound, uniquenessConflict, validationFailed, type FieldFault } from '../errors/http-error.ts';
import {
  changesNothing,
  checkValue,
  inputSchema,
  isPlainObject,
  resourceSchema,
  toColumns,
  validateInput,
  type ApiRecord,
  type Field,
  type ValidatedInput,
} from '../fields/field.ts';
import { PORT } from '../fields/ports.ts';
import { eachOfList, portFaults, vlanSiteFaults, type NamedVlan } from '../fields/rules.ts';
import { ACTIVITY_ENTRY_SCHEMA, cursorOf, encodeCursor } from '../http/activity-page.ts';
import { created, etag, withEtag } from '../http/answers.ts';
import { inventoryGet, inventoryList, type ListedKind } from '../http/inventory-handlers.ts';
import { counted } from '../http/inventory-edits.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { actorOf, pathId, pathRow, pathRowToChange, queryInteger, uuidFilter } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';
import { BULK_REQUEST, HISTORY_LIMIT } from './schemas/ports.ts';

/** The routes of ports, the bulk port edit and port history. */
export const PORT_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/ports',
    access: 'viewer',
    handler: portsList,
    summary: 'List ports of every switch, filtered by switch and site (for CSV export).',
    doc: {
      response: listSchema(PORT),
      produces: ['application/json', 'text/csv'],
      query: [
        ...LIST_QUERY_DOC,
        { name: 'switchId', schema: { type: 'string', format: 'uuid' } },
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
      ],
    },
  },
  {
    method: 'GET',
    path: '/api/switches/:id/ports',
    access: 'viewer',
    handler: switchPortsList,
    summary: 'List the ports of a switch, by position.',
    doc: { response: listSchema(PORT), produces: ['application/json', 'text/csv'], query: LIST_QUERY_DOC },
  },
  {
    method: 'POST',
    path: '/api/switches/:id/ports',
    access: 'editor',
    handler: portCreate,
    body: { accepts: 'json' },
    summary: 'Add a port to a switch; name unique per switch (409 name_taken).',
    doc: { request: inputSchema(PORT, 'create'), response: resourceSchema(PORT), status: 201 },
  },
  {
    method: 'PATCH',
    path: '/api/switches/:id/ports',
    access: 'editor',
    handler: portsBulkUpdate,
    body: { accepts: 'json' },
    summary:
      'Change many ports of one switch at once, all or nothing, in one bulk_update activity entry; ' +
      "the mode and VLANs of LAG members are their LAG's (409 lag_member).",
    doc: {
      request: BULK_REQUEST,
      response: {
        type: 'object',
        properties: {
          items: { type: 'array', items: resourceSchema(PORT) },
          changed: { type: 'integer' },
          activityId: { type: ['string', 'null'] },
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/api/ports/:id',
    access: 'viewer',
    handler: portGet,
    summary: 'One port, with its ETag.',
    doc: { response: resourceSchema(PORT) },
  },
  {
    method: 'PATCH',
    path: '/api/ports/:id',
    access: 'editor',
    handler: portUpdate,
    body: { accepts: 'json' },
    summary:
      'Change a port (If-Match honoured); a link is set on both ends and clears earlier links of either; ' +
      "a LAG member's mode and VLANs are its LAG's (409 lag_member).",
    doc: { request: inputSchema(PORT, 'patch'), response: resourceSchema(PORT) },
  },
  {
    method: 'DELETE',
    path: '/api/ports/:id',
    access: 'editor',
    handler: portDelete,
    summary: 'Delete a port; the far end of its link is unlinked; a LAG member whose LAG would keep fewer than two: 409 lag_member.',
    doc: { status: 204 },
  },
  {
    method: 'GET',
    path: '/api/ports/:id/history',
    access: 'viewer',
    handler: portHistory,
    summary: 'The activity entries that touched this port, newest first.',
    doc: {
      response: {
        type: 'object',
        properties: { items: { type: 'array', items: ACTIVITY_ENTRY_SCHEMA }, nextCursor: { type: ['string', 'null'] } },
      },
      query: [
        { name: 'limit', schema: { type: 'integer', minimum: 1, maximum: HISTORY_LIMIT.max, default: HISTORY_LIMIT.default } },
        {
          name: 'before',
          schema: { type: 'string' },
          description: 'The nextCursor of the previous page (the same cursor as /api/activity).',
        },
      ],
    },
  },
];

/** Ports as the shared list and read of http/inventory-handlers.ts take them; their changes are their own (below). */
const PORTS: ListedKind<PortRow, PortFilter> = {
  resource: PORT,
  get: getPort,
  toApi: portToApi,
  listJson: listPortsJson,
  list: listPorts,
  csv: (db, records) => recordsToCsv(db, 'port', records),
};

function portsList(ctx: Ctx) {
  const list = listRequest(ctx, PORT);
  return inventoryList(ctx, PORTS, list, { switchId: uuidFilter(ctx, 'switchId'), siteId: uuidFilter(ctx, 'siteId') });
}

function switchPortsList(ctx: Ctx) {
  const sw = pathRow(ctx, 'switch', getSwitch);
  return inventoryList(ctx, PORTS, listRequest(ctx, PORT), { switchId: sw.id });
}

function portGet(ctx: Ctx) {
  return inventoryGet(ctx, PORTS);
}

function portCreate(ctx: Ctx) {
  const db = ctx.app.db;
  const sw = pathRow(ctx, 'switch', getSwitch);
  const id = randomUUID();
  const checked = portInput(ctx.body, 'create');
  const port: Record<string, unknown> = { ...checked.values, id, position: checked.values.position ?? nextPosition(db, sw.id) };
  const faults = [...checked.faults, ...portRuleFaults(db, port, sw)];
  if (faults.length) throw validationFailed(faults);
  const values = toColumns(PORT, port) as PortValues;
  recordChange(db, actorOf(ctx), (change) => {
    if (portIdByName(change.db, sw.id, values.name)) throw nameTaken(values.name, sw);
    change.touch('port', id);
    insertPort(change.db, id, sw.id, values, change.now);
    setTagged(change.db, id, port.taggedVlanIds as string[]);
    relinkFarEnds(change, id, null, values.linked_port_id);
    return { activity: portActivity(change, 'create', id, null, sw, `Created port ${values.name} on ${sw.name}`), result: id };
  });
  const answer = portToApi(getPort(db, id)!);
  return created(`/api/ports/${id}`, answer, { ETag: etag(answer.version) });
}

function portUpdate(ctx: Ctx) {
  const db = ctx.app.db;
  const row = pathRowToChange(ctx, 'port', getPort);
  const id = row.id;
  const sw = getSwitch(db, row.switch_id)!;
  const checked = portInput(ctx.body, 'patch');
  const current = portToApi(row);
  const merged = { ...current, ...checked.values };
  const faults = [...checked.faults, ...portRuleFaults(db, merged, sw)];
  if (faults.length) throw validationFailed(faults);
  const owned = lagOwnedFaults(current, checked.values);
  if (owned.length)
    throw lagMember(
      db,
      row,
      owned,
      'sets its mode and VLANs and takes no console or management port: change the LAG, or take the port out of it',
    );
  if (changesNothing(current, withSortedTagged(checked.values))) return withEtag(current);
  const values = toColumns(PORT, merged) as PortValues;
  recordChange(db, actorOf(ctx), (change) => {
    if (portIdByName(change.db, sw.id, values.name, id)) throw nameTaken(values.name, sw);
    change.touch('port', id);
    const before = readImage(change.db, 'port', id);
    relinkFarEnds(change, id, row.linked_port_id, values.linked_port_id);
    updatePort(change.db, id, values, change.now);
    setTagged(change.db, id, merged.taggedVlanIds as string[]);
    return { activity: portActivity(change, 'update', id, before, sw, `Updated port ${values.name} on ${sw.name}`), result: id };
  });
  return withEtag(portToApi(getPort(db, id)!));
}

function portDelete(ctx: Ctx) {
  const row = pathRowToChange(ctx, 'port', getPort);
  const id = row.id;
  const sw = getSwitch(ctx.app.db, row.switch_id)!;
  if (row.lag_id && memberPortIds(ctx.app.db, row.lag_id).length <= 2)
    throw lagMember(
      ctx.app.db,
      row,
      [{ field: 'lagId', message: 'the LAG would be left with fewer than two members' }],
      'needs two or more members: delete the LAG first, or add a member to it',
    );
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    const before = readImage(change.db, 'port', id);
    removePorts(change, [id]);
    return { activity: portActivity(change, 'delete', id, before, sw, `Deleted port ${row.name} on ${sw.name}`), result: id };
  });
  return { status: 204 };
}

function portsBulkUpdate(ctx: Ctx) {
  const db = ctx.app.db;
  const sw = pathRow(ctx, 'switch', getSwitch);
  const bulk = readBulk(db, ctx.body, sw);
  if (bulk.faults.length) throw validationFailed(bulk.faults, 'The bulk change is invalid; no port was changed.');
  const planned = planBulk(db, bulk);
  if (planned.faults.length) throw validationFailed(planned.faults, 'The bulk change would break a port rule; no port was changed.');
  if (planned.members.length)
    throw new HttpError(
      409,
      'lag_member',
      `The change would set the mode or VLANs of LAG members (${planned.members.map((m) => m.message).join('; ')}), which their LAG sets; no port was changed.`,
      planned.members,
    );
  const activityId =
    planned.changes.length === 0
      ? null
      : recordChange(db, actorOf(ctx), (change) => {
          change.touch(
            'port',
            planned.changes.map((plan) => plan.id),
          );
          for (const plan of planned.changes) {
            updatePort(change.db, plan.id, plan.values, change.now);
            setTagged(change.db, plan.id, plan.tagged);
          }
          return {
            activity: {
              action: 'bulk_update',
              entityType: 'switch',
              entityId: sw.id,
              entityName: sw.name,
              siteId: sw.site_id,
              summary: `Updated ${counted(planned.changes.length, 'port')} on ${sw.name}`,
            },
            result: undefined,
          };
        }).entry.id;
  const named = new Set(bulk.portIds);
  const items = portsOfSwitch(db, sw.id)
    .filter((port) => named.has(port.id))
    .map(portToApi);
  return { body: { items, changed: planned.changes.length, activityId } };
}

function portHistory(ctx: Ctx) {
  const db = ctx.app.db;
  const id = pathId(ctx, 'port');
  const { limit, beforeSeq } = historyParams(ctx);
  const rows = listActivity(db, { entityType: 'port', entityId: id, limit: limit + 1, beforeSeq });
  if (rows.length === 0 && !getPort(db, id)) throw notFound('port');
  const items = rows.slice(0, limit).map(activityToApi);
  return { body: { items, nextCursor: rows.length > limit ? encodeCursor(rows[limit - 1].seq) : null } };
}

/** validateInput for a port, refusing a null position on a change (position has no default). */
function portInput(body: unknown, mode: 'create' | 'patch', prefix = ''): ValidatedInput {
  const checked = validateInput(PORT, body, mode, prefix);
  if (mode === 'patch' && checked.values.position === null) {
    delete checked.values.position;
    checked.faults.push({ field: `${prefix}position`, message: 'must be an integer from 0 to 100000' });
  }
  return checked;
}

// Tagged lists are compared sorted, as they are stored and answered.
function withSortedTagged(values: Record<string, unknown>): Record<string, unknown> {
  const tagged = values.taggedVlanIds;
  return Array.isArray(tagged) ? { ...values, taggedVlanIds: [...tagged].sort() } : values;
}

/** The cross-field rules of a port (mode, VLANs of the switch's site, unit in the stack, self-link) and its link's far end. */
function portRuleFaults(db: Db, port: Record<string, unknown>, sw: SwitchRow): FieldFault[] {
  const faults = portFaults(port, { siteId: sw.site_id, stackSize: sw.stack_size }, (vlanId) => siteOfVlan(db, vlanId));
  const linked = port.linkedPortId;
  if (typeof linked === 'string' && linked !== port.id) {
    const farSwitch = switchOfPort(db, linked);
    if (farSwitch === undefined) faults.push({ field: 'linkedPortId', message: `port ${linked} does not exist` });
    else if (farSwitch === sw.id) faults.push({ field: 'linkedPortId', message: 'must be a port of another switch' });
  }
  return faults;
}

/** The activity of a change to one port; `changes` is that port's own before/after (far ends are in the undo data). */
function portActivity(
  change: Change,
  action: 'create' | 'update' | 'delete',
  id: string,
  before: Image | null,
  sw: SwitchRow,
  summary: string,
): ActivityInput {
  const after = readImage(change.db, 'port', id);
  const name = String((after ?? before)?.name ?? '');
  return {
    action,
    entityType: 'port',
    entityId: id,
    entityName: name,
    siteId: sw.site_id,
    summary,
    changes: diffImages('port', before, after),
  };
}

function nameTaken(name: string, sw: SwitchRow): HttpError {
  return uniquenessConflict([{ field: 'name', message: `switch ${sw.name} has a port named "${name}"` }]);
}

/** Fields a bulk edit may not set: each must differ per port. */
const NOT_BULK = new Set(['name', 'linkedPortId']);
const BULK_KEYS = new Set(['portIds', 'set', 'addTaggedVlanIds', 'removeTaggedVlanIds']);
const idListField = (name: string): Field => ({ name, type: 'uuid-list', description: '' });

interface BulkInput {
  portIds: string[];
  set: Record<string, unknown>;
  addTagged: string[];
  removeTagged: string[];
  faults: FieldFault[];
}

/** Checks the body of a bulk edit: its shape, the VLANs it names (of the switch's site), the unit, and that every port is of this switch. */
function readBulk(db: Db, body: unknown, sw: SwitchRow): BulkInput {
  const bulk: BulkInput = { portIds: [], set: {}, addTagged: [], removeTagged: [], faults: [] };
  if (!isPlainObject(body)) return { ...bulk, faults: [{ field: 'body', message: 'must be a JSON object' }] };
  for (const key of Object.keys(body))
    if (!BULK_KEYS.has(key)) bulk.faults.push({ field: key, message: 'is not a field of a bulk port change' });
  const list = (name: 'portIds' | 'addTaggedVlanIds' | 'removeTaggedVlanIds') => {
    if (body[name] === undefined) return [];
    const checked = checkValue(idListField(name), body[name]);
    if (checked.ok) return checked.value as string[];
    bulk.faults.push({ field: name, message: checked.message });
    return [];
  };
  bulk.portIds = list('portIds');
  bulk.addTagged = list('addTaggedVlanIds');
  bulk.removeTagged = list('removeTaggedVlanIds');
  if (body.portIds === undefined) bulk.faults.push({ field: 'portIds', message: 'is required' });
  else if (Array.isArray(body.portIds) && body.portIds.length === 0)
    bulk.faults.push({ field: 'portIds', message: 'must name at least one port' });
  if (body.set !== undefined) {
    const checked = portInput(body.set, 'patch', 'set.');
    bulk.set = checked.values;
    bulk.faults.push(...checked.faults);
    for (const name of Object.keys(checked.values))
      if (NOT_BULK.has(name)) bulk.faults.push({ field: `set.${name}`, message: 'cannot be set on many ports at once' });
  }
  if (Object.keys(bulk.set).length === 0 && bulk.addTagged.length === 0 && bulk.removeTagged.length === 0 && bulk.faults.length === 0) {
    bulk.faults.push({ field: 'set', message: 'the change is empty: give set, addTaggedVlanIds or removeTaggedVlanIds' });
  }
  if (typeof bulk.set.unit === 'number' && bulk.set.unit > sw.stack_size)
    bulk.faults.push({ field: 'set.unit', message: `must be at most the switch's stackSize (${sw.stack_size})` });
  bulk.faults.push(...bulkVlanFaults(db, bulk, sw), ...bulkPortFaults(db, bulk.portIds, sw));
  return bulk;
}

function bulkVlanFaults(db: Db, bulk: BulkInput, sw: SwitchRow): FieldFault[] {
  const named: NamedVlan[] = [
    ['set.untaggedVlanId', bulk.set.untaggedVlanId],
    ...eachOfList('set.taggedVlanIds', (bulk.set.taggedVlanIds ?? []) as string[]),
    ...eachOfList('addTaggedVlanIds', bulk.addTagged),
  ];
  const faults = vlanSiteFaults(named, sw.site_id, (id) => siteOfVlan(db, id));
  bulk.removeTagged.forEach((id, i) => {
    if (bulk.addTagged.includes(id)) faults.push({ field: `removeTaggedVlanIds[${i}]`, message: 'is also in addTaggedVlanIds' });
  });
  return faults;
}

function bulkPortFaults(db: Db, portIds: string[], sw: SwitchRow): FieldFault[] {
  return portIds.flatMap((id, i) =>
    switchOfPort(db, id) === sw.id ? [] : [{ field: `portIds[${i}]`, message: `port ${id} is not a port of switch ${sw.name}` }],
  );
}

interface PortPlan {
  id: string;
  values: PortValues;
  tagged: string[];
}

/**
 * What each named port becomes; only ports that change are planned. A port that gains a tagged VLAN becomes a trunk
 * unless set.mode says otherwise. `members`: the LAG members whose mode or VLANs would change (409 lag_member).
 */
function planBulk(db: Db, bulk: BulkInput): { changes: PortPlan[]; faults: FieldFault[]; members: FieldFault[] } {
  const changes: PortPlan[] = [];
  const faults: FieldFault[] = [];
  const members: FieldFault[] = [];
  bulk.portIds.forEach((id, i) => {
    const row = getPort(db, id)!;
    const current = portToApi(row);
    const had = current.taggedVlanIds as string[];
    const base = (bulk.set.taggedVlanIds as string[] | undefined) ?? had;
    const tagged = [...new Set([...base, ...bulk.addTagged])].filter((n) => !bulk.removeTagged.includes(n)).sort();
    const gains = tagged.some((n) => !had.includes(n));
    const mode = bulk.set.mode ?? (gains ? 'trunk' : current.mode);
    if (mode !== 'trunk' && tagged.length > 0) {
      faults.push({
        field: `portIds[${i}]`,
        message: `port ${String(current.name)} would be an access port with tagged VLANs; set mode to trunk or remove them`,
      });
      return;
    }
    const patch = { ...bulk.set, mode, taggedVlanIds: tagged };
    if (changesNothing(current, patch)) return;
    const owned = row.lag_id ? lagOwnedFaults(current, patch) : [];
    if (owned.length) {
      const lag = lagRefById(db, row.lag_id!)?.name ?? row.lag_id;
      const fields = owned.map((fault) => fault.field).join(', ');
      members.push({
        field: `portIds[${i}]`,
        message: `port ${String(current.name)} is a member of LAG ${lag} (its ${fields} cannot change)`,
      });
      return;
    }
    changes.push({ id, values: toColumns(PORT, { ...current, ...patch }) as PortValues, tagged });
  });
  return { changes, faults, members };
}

/** What a LAG sets on its members: a patch may repeat these, not change them. */
const LAG_OWNED = ['mode', 'untaggedVlanId', 'taggedVlanIds'] as const;

/** The fields a patch of a LAG member would change that its LAG owns (or a type no member may have); [] for other ports. */
function lagOwnedFaults(current: ApiRecord, patch: Record<string, unknown>): FieldFault[] {
  if (!current.lagId) return [];
  const sorted = withSortedTagged(patch);
  const faults: FieldFault[] = LAG_OWNED.filter((name) => name in sorted && !changesNothing(current, { [name]: sorted[name] })).map(
    (name) => ({ field: name, message: 'is set by the LAG the port is a member of' }),
  );
  const typeProblem = patch.type !== current.type && lagMemberTypeProblem(current.name, patch.type);
  if (typeProblem) faults.push({ field: 'type', message: typeProblem });
  return faults;
}

/** 409 lag_member for a port of a LAG, naming the LAG; `why` ends the message. */
function lagMember(db: Db, port: PortRow, faults: FieldFault[], why: string): HttpError {
  const lag = lagRefById(db, port.lag_id!);
  const name = lag ? `${lag.name} on ${lag.switchName}` : port.lag_id;
  return new HttpError(409, 'lag_member', `Port ${port.name} is a member of LAG ${name}, which ${why}.`, faults);
}

function historyParams(ctx: Ctx): { limit: number; beforeSeq: number | undefined } {
  const faults: FieldFault[] = [];
  const limit = queryInteger(ctx, 'limit', 1, HISTORY_LIMIT.max, faults) ?? HISTORY_LIMIT.default;
  const beforeSeq = cursorOf(ctx, faults);
  if (faults.length) throw validationFailed(faults, 'The history parameters are invalid.');
  return { limit, beforeSeq };
}
