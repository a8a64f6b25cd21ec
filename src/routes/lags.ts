import { randomUUID } from 'node:crypto';
import { lagMemberTypeProblem } from '../lib/port-kinds.ts';
import { recordChange, type ActivityInput, type Change } from '../db/change.ts';
import { diffImages, readImage, type Image } from '../db/images.ts';
import {
  applyLagToMembers,
  getLag,
  insertLag,
  lagIdByName,
  lagRefById,
  lagToApi,
  linkMembersPairwise,
  listLags,
  listLagsJson,
  memberCandidate,
  removeLag,
  repairRemoteLags,
  setLagMembers,
  setLagTagged,
  updateLag,
  type LagFilter,
  type LagRow,
  type LagValues,
} from '../db/lags.ts';
import type { Db } from '../db/open.ts';
import { getSwitch, type SwitchRow } from '../db/switches.ts';
import { siteOfVlan } from '../db/vlans.ts';
import { HttpError, uniquenessConflict, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { changesNothing, inputSchema, resourceSchema, toColumns, validateInput } from '../fields/field.ts';
import { LAG } from '../fields/lags.ts';
import { lagFaults } from '../fields/rules.ts';
import { created, etag, withEtag } from '../http/answers.ts';
import { inventoryGet, inventoryList, type ListedKind } from '../http/inventory-handlers.ts';
import { counted } from '../http/inventory-edits.ts';
import { LIST_QUERY_DOC, listRequest, listSchema } from '../http/list-request.ts';
import { actorOf, pathRow, pathRowToChange } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';

/** The routes of LAGs (port-channels) of a switch (docs/LAGS-TEMPLATES.md, "LAGs"). */
export const LAG_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/switches/:id/lags',
    access: 'viewer',
    handler: switchLagsList,
    summary: 'List the LAGs of a switch, by name; each with its members in port order (CSV too).',
    doc: { response: listSchema(LAG), produces: ['application/json', 'text/csv'], query: LIST_QUERY_DOC },
  },
  {
    method: 'POST',
    path: '/api/switches/:id/lags',
    access: 'editor',
    handler: lagCreate,
    body: { accepts: 'json' },
    summary:
      'Add a LAG to a switch: name unique per switch (409 name_taken), two or more member ports of the switch (not console or ' +
      'management) in no other LAG (409 lag_member); its portMode and VLANs are written to every member; ' +
      'remoteLagId pairs it with a LAG of another switch and links their members pairwise.',
    doc: { request: inputSchema(LAG, 'create'), response: resourceSchema(LAG), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/lags/:id',
    access: 'viewer',
    handler: lagGet,
    summary: 'One LAG, with its ETag.',
    doc: { response: resourceSchema(LAG) },
  },
  {
    method: 'PATCH',
    path: '/api/lags/:id',
    access: 'editor',
    handler: lagUpdate,
    body: { accepts: 'json' },
    summary:
      'Change a LAG (If-Match honoured): its members (ports that leave keep their configuration), ' +
      'its portMode and VLANs (written to every member), its remote LAG (symmetric; unpairing leaves the port links).',
    doc: { request: inputSchema(LAG, 'patch'), response: resourceSchema(LAG) },
  },
  {
    method: 'DELETE',
    path: '/api/lags/:id',
    access: 'editor',
    handler: lagDelete,
    summary: 'Delete a LAG (If-Match honoured): its members stay as they are, without lagId; its remote LAG is unpaired.',
    doc: { status: 204 },
  },
];

/** LAGs as the shared list and read of http/inventory-handlers.ts take them; their changes are their own (below). */
const LAGS: ListedKind<LagRow, LagFilter> = {
  resource: LAG,
  get: getLag,
  toApi: lagToApi,
  listJson: listLagsJson,
  list: listLags,
  csv: (db, records) => recordsToCsv(db, 'lag', records),
};

function switchLagsList(ctx: Ctx): Reply {
  const sw = pathRow(ctx, 'switch', getSwitch);
  return inventoryList(ctx, LAGS, listRequest(ctx, LAG), { switchId: sw.id });
}

function lagGet(ctx: Ctx): Reply {
  return inventoryGet(ctx, LAGS);
}

function lagCreate(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const sw = pathRow(ctx, 'switch', getSwitch);
  const id = randomUUID();
  const checked = validateInput(LAG, ctx.body, 'create');
  const lag: Record<string, unknown> = { ...checked.values, id };
  const faults = [...checked.faults, ...lagRuleFaults(db, lag, sw, checked.values)];
  if (faults.length) throw validationFailed(faults);
  const values = toColumns(LAG, lag) as LagValues;
  const members = checked.values.memberPortIds as string[];
  recordChange(db, actorOf(ctx), (change) => {
    refuseClashes(change.db, sw, id, values.name, members);
    change.touch('lag', id);
    insertLag(change.db, id, sw.id, values, change.now);
    setLagTagged(change.db, id, lag.taggedVlanIds as string[]);
    const before = { image: null, members: [] };
    writeMembersAndPair(change, id, null, values.remote_lag_id, members);
    const summary = `Created LAG ${values.name} on ${sw.name} with ${counted(members.length, 'port')}`;
    return { activity: lagActivity(change, 'create', id, before, sw, summary), result: id };
  });
  const answer = lagToApi(getLag(db, id)!);
  return created(`/api/lags/${id}`, answer, { ETag: etag(answer.version) });
}

function lagUpdate(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const row = pathRowToChange(ctx, 'lag', getLag);
  const id = row.id;
  const sw = getSwitch(db, row.switch_id)!;
  const checked = validateInput(LAG, ctx.body, 'patch');
  const current = lagToApi(row);
  const merged = { ...current, ...checked.values };
  const faults = [...checked.faults, ...lagRuleFaults(db, merged, sw, checked.values)];
  if (faults.length) throw validationFailed(faults);
  if (changesNothing(asSets(current), asSets(checked.values))) return withEtag(current);
  const values = toColumns(LAG, merged) as LagValues;
  const members = merged.memberPortIds as string[];
  recordChange(db, actorOf(ctx), (change) => {
    refuseClashes(change.db, sw, id, values.name, members);
    change.touch('lag', id);
    const before = { image: readImage(change.db, 'lag', id), members: row.members };
    updateLag(change.db, id, values, change.now);
    setLagTagged(change.db, id, merged.taggedVlanIds as string[]);
    writeMembersAndPair(change, id, row.remote_lag_id, values.remote_lag_id, members);
    return { activity: lagActivity(change, 'update', id, before, sw, `Updated LAG ${values.name} on ${sw.name}`), result: id };
  });
  return withEtag(lagToApi(getLag(db, id)!));
}

function lagDelete(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const row = pathRowToChange(ctx, 'lag', getLag);
  const sw = getSwitch(db, row.switch_id)!;
  recordChange(db, actorOf(ctx), (change) => {
    const before = { image: readImage(change.db, 'lag', row.id), members: row.members };
    removeLag(change, row.id);
    return { activity: lagActivity(change, 'delete', row.id, before, sw, `Deleted LAG ${row.name} on ${sw.name}`), result: row.id };
  });
  return { status: 204 };
}

/**
 * The members become exactly `members` (ports that leave keep their configuration), every member gets the LAG's
 * mode and VLANs, the remote LAG moves from `before` to `after` (symmetric), and a paired LAG whose pairing or
 * members changed has its members linked pairwise to the remote's in port order.
 */
function writeMembersAndPair(change: Change, id: string, before: string | null, after: string | null, members: string[]): void {
  const moved = setLagMembers(change, id, members);
  applyLagToMembers(change, id);
  repairRemoteLags(change, id, before, after);
  if (after && (after !== before || moved)) linkMembersPairwise(change, id, after);
}

/**
 * The rules of a LAG as it would be (400): its VLANs (lagFaults: of the switch's site, tagged only on a trunk), the
 * members named in `given` (two or more, each a port of this switch that is no console or management port), and
 * the remote LAG (an existing LAG of another switch).
 */
function lagRuleFaults(db: Db, lag: Record<string, unknown>, sw: SwitchRow, given: Record<string, unknown>): FieldFault[] {
  const faults = lagFaults(lag, sw.site_id, (vlanId) => siteOfVlan(db, vlanId));
  if (Array.isArray(given.memberPortIds)) faults.push(...memberFaults(db, given.memberPortIds as string[], sw));
  const remote = lag.remoteLagId;
  if (typeof remote === 'string' && remote !== lag.id) {
    const ref = lagRefById(db, remote);
    if (!ref) faults.push({ field: 'remoteLagId', message: `LAG ${remote} does not exist` });
    else if (ref.switchId === sw.id)
      faults.push({ field: 'remoteLagId', message: `must be a LAG of another switch (${ref.name} is on ${sw.name})` });
  }
  return faults;
}

function memberFaults(db: Db, members: string[], sw: SwitchRow): FieldFault[] {
  const faults: FieldFault[] = [];
  if (members.length < 2) faults.push({ field: 'memberPortIds', message: `must name two or more ports of switch ${sw.name}` });
  members.forEach((portId, i) => {
    const field = `memberPortIds[${i}]`;
    const port = memberCandidate(db, portId);
    if (!port) faults.push({ field, message: `port ${portId} does not exist` });
    else if (port.switchId !== sw.id) faults.push({ field, message: `port ${port.name} is not a port of switch ${sw.name}` });
    else {
      const problem = lagMemberTypeProblem(port.name, port.type);
      if (problem) faults.push({ field, message: problem });
    }
  });
  return faults;
}

/** Inside the change: the name unique per switch (409 name_taken), each member in no other LAG (409 lag_member). */
function refuseClashes(db: Db, sw: SwitchRow, id: string, name: string, members: string[]): void {
  if (lagIdByName(db, sw.id, name, id))
    throw uniquenessConflict([{ field: 'name', message: `switch ${sw.name} has a LAG named "${name}"` }]);
  const taken: FieldFault[] = [];
  const named: string[] = [];
  members.forEach((portId, i) => {
    const port = memberCandidate(db, portId)!;
    if (port.lagId === null || port.lagId === id) return;
    const other = lagRefById(db, port.lagId)?.name ?? port.lagId;
    taken.push({ field: `memberPortIds[${i}]`, message: `port ${port.name} is a member of LAG ${other}` });
    named.push(`${port.name} (LAG ${other})`);
  });
  if (taken.length)
    throw new HttpError(
      409,
      'lag_member',
      `A port is in one LAG at most: ${named.join(', ')} ${taken.length === 1 ? 'is a member' : 'are members'} of another LAG already; ` +
        `take ${taken.length === 1 ? 'it' : 'them'} out of it first.`,
      taken,
    );
}

// The id lists compared as sets, as they are stored (tagged sorted; members in port order, whatever order was sent).
function asSets(values: Record<string, unknown>): Record<string, unknown> {
  const sorted = { ...values };
  for (const name of ['taggedVlanIds', 'memberPortIds'])
    if (Array.isArray(sorted[name])) sorted[name] = [...(sorted[name] as string[])].sort();
  return sorted;
}

/** The activity of a change to one LAG; `changes` is its own before/after with its members (ports are in the undo data). */
function lagActivity(
  change: Change,
  action: 'create' | 'update' | 'delete',
  id: string,
  before: { image: Image | null; members: string[] },
  sw: SwitchRow,
  summary: string,
): ActivityInput {
  const after = readImage(change.db, 'lag', id);
  const changes: Record<string, [unknown, unknown]> = diffImages('lag', before.image, after);
  const members = after ? (getLag(change.db, id)?.members ?? []) : [];
  if (JSON.stringify(before.members) !== JSON.stringify(members)) changes.memberPortIds = [before.members, members];
  return {
    action,
    entityType: 'lag',
    entityId: id,
    entityName: String((after ?? before.image)?.name ?? ''),
    siteId: sw.site_id,
    summary,
    changes,
  };
}
