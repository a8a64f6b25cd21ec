// The changes of ports: create, update, delete and the bulk edit of one switch's ports. Each checks the fields and
// the rules that look at other records (VLANs of the switch's site, unit within the stack, the link's far end, what
// a LAG sets on its members), keeps the far ends of links, and writes the change with its activity entry.
import { randomUUID } from 'node:crypto';
import { recordChange, type Actor, type ActivityInput, type Change } from '../db/change.ts';
import { addressIdsOnPorts, detachAddressesFromPorts } from '../db/addresses.ts';
import { deleteEntity, diffImages, imageToApi, readImage, type Image } from '../db/images.ts';
import { lagRefById, memberPortIds } from '../db/lags.ts';
import type { Db } from '../db/open.ts';
import { vlanIdByVid, vlanRefById } from '../db/vlans.ts';
import {
  getPort,
  insertPort,
  nextPosition,
  portIdByName,
  portSwitch,
  portToApi,
  portIdsLinkedTo,
  portsOfSwitch,
  relinkFarEnds,
  setLink,
  setTagged,
  switchOfPort,
  updatePort,
  type PortRow,
  type PortSwitch,
  type PortValues,
} from '../db/ports.ts';
import type { Refusal, FieldFault } from '../errors/refusal.ts';
import {
  changesNothing,
  checkValue,
  faultAt,
  faultOf,
  formedRefusal,
  isPlainObject,
  movedFault,
  quotingFault,
  toColumns,
  validateInput,
  type ApiRecord,
  type Field,
  type ValidatedInput,
} from '../fields/field.ts';
import { PORT } from '../fields/ports.ts';
import { portRuleFaults, type RecordLookups } from '../fields/record-rules.ts';
import { RULES, withRule, type RuleFault } from '../fields/rules.ts';
import { databaseLookups } from './lookups.ts';
import { notFound, refuseClashes, refuseInvalid, toChange, type Precondition, type Writes } from './save.ts';

/** What a bulk edit answers: the ports it named as they are now, how many changed, and its entry (none when none). */
export interface BulkPortsResult {
  items: ApiRecord[];
  changed: number;
  activityId: string | null;
}

/** Adds a port to a switch; answers the port as stored. Refuses not_found, validation_failed and name_taken. */
export function createPort(db: Db, actor: Actor, switchId: string, body: unknown): ApiRecord {
  const sw = switchOf(db, switchId);
  const id = randomUUID();
  const checked = portInput(body, 'create');
  const port: Record<string, unknown> = { ...checked.values, id, position: checked.values.position ?? nextPosition(db, sw.id) };
  refuseInvalid([...checked.faults, ...judgePort(databaseLookups(db, { switch: sw }), { ...port, switchId: sw.id }).faults]);
  const values = toColumns(PORT, port) as PortValues;
  return recordChange(db, actor, (change) => {
    refuseTakenName(change.db, sw, values.name, id);
    change.touch('port', id, null);
    insertPort(change.db, id, sw.id, values, change.now);
    setTagged(change.db, id, port.taggedVlanIds as string[]);
    relinkFarEnds(change, id, null, values.linked_port_id);
    const after = readImage(change.db, 'port', id)!;
    return {
      activity: portActivity('create', null, after, sw, `Created port ${values.name} on ${sw.name}`),
      result: imageToApi('port', after) as ApiRecord,
    };
  }).result;
}

/**
 * Changes a port (a link is set on both ends and clears earlier links of either); answers the port as stored.
 * Refuses not_found, validation_failed, lag_member (what its LAG sets) and name_taken.
 */
export function changePort(
  db: Db,
  actor: Actor,
  id: string,
  body: unknown,
  precondition?: Precondition,
  options: PortChangeOptions = { matchFarEnd: false },
): ApiRecord {
  const row = toChange(getPort(db, id), 'port', precondition);
  const sw = switchOf(db, row.switch_id);
  const checked = portInput(body, 'patch');
  const current = portToApi(row);
  const merged = { ...current, ...checked.values };
  const judged = judgePort(databaseLookups(db, { switch: sw }), merged);
  refuseInvalid([...checked.faults, ...judged.faults]);
  const owned = [...lagOwnedFaults(current, checked.values), ...judged.memberType];
  if (owned.length) throw lagMember(db, row, owned, 'lag_member.owns');
  const farEnd = options.matchFarEnd ? farEndMatching(db, id, merged, sw) : undefined;
  const unchanged = changesNothing(current, withSortedTagged(checked.values));
  if (unchanged && !farEnd) return current;
  const values = toColumns(PORT, merged) as PortValues;
  return recordChange(db, actor, (change) => {
    refuseTakenName(change.db, sw, values.name, id);
    change.touch('port', id, row);
    relinkFarEnds(change, id, row.linked_port_id, values.linked_port_id);
    if (!unchanged) updatePort(change.db, id, values, change.now);
    const tagged = [...(merged.taggedVlanIds as string[])].sort();
    if (JSON.stringify(tagged) !== JSON.stringify(row.tagged)) setTagged(change.db, id, tagged);
    if (farEnd) writeFarEnd(change, farEnd);
    const after = readImage(change.db, 'port', id)!;
    const matched = farEnd ? `; gave port ${farEnd.values.name} on ${farEnd.sw.name} the same mode and VLANs` : '';
    return {
      activity: portActivity('update', row, after, sw, `Updated port ${values.name} on ${sw.name}${matched}`),
      result: imageToApi('port', after) as ApiRecord,
    };
  }).result;
}

/** The options of a port's change: `matchFarEnd` gives the far end of its link the port's mode and VLANs in the same change. */
export interface PortChangeOptions {
  matchFarEnd: boolean;
}

/** The far end of a link as a change that matches it would write it. */
interface FarEndPlan {
  id: string;
  sw: PortSwitch;
  values: PortValues;
  tagged: string[];
}

/**
 * The far end of `port`'s link given its mode, untagged and tagged VLANs: the same VLANs at the same site, at another
 * site the VLANs of that site with the same numbers (400 when it has none of a number); undefined when it has them
 * already. Refuses a port without a link (400), and a LAG member far end whose LAG sets other ones (409 lag_member).
 */
function farEndMatching(db: Db, id: string, port: ApiRecord, sw: PortSwitch): FarEndPlan | undefined {
  const farId = port.linkedPortId as string | null;
  if (!farId) refuseInvalid([faultOf('matchFarEnd', 'no_link_to_match')]);
  const farRow = getPort(db, farId!)!;
  const farSw = switchOf(db, farRow.switch_id);
  const far = portToApi(farRow);
  const farPort = { port: farRow.name, switch: farSw.name };
  const vlanAtFar = (vlanId: string) => (farSw.siteId === sw.siteId ? vlanId : sameNumberAt(db, vlanId, farSw, farPort));
  const untagged = port.untaggedVlanId as string | null;
  const patch = {
    mode: port.mode,
    untaggedVlanId: untagged && vlanAtFar(untagged),
    taggedVlanIds: (port.taggedVlanIds as string[]).map(vlanAtFar).sort(),
  };
  if (changesNothing(far, patch)) return undefined;
  const owned = lagOwnedFaults(far, patch);
  if (owned.length) throw lagMember(db, farRow, owned, 'lag_member.owns');
  const linked = { ...far, ...patch, linkedPortId: id };
  const judged = judgePort(databaseLookups(db, { switch: farSw }), linked);
  const atFlag = (fault: RuleFault) => withRule(fault.rule, quotingFault('matchFarEnd', 'far_end_as_it_would_be', farPort, fault));
  refuseInvalid(judged.faults.map(atFlag));
  return { id: farId!, sw: farSw, values: toColumns(PORT, linked) as PortValues, tagged: patch.taggedVlanIds };
}

/** The VLAN of the far end's site with the number of `vlanId`; 400 (the rule of a port's VLANs) when it has none. */
function sameNumberAt(db: Db, vlanId: string, farSw: PortSwitch, farPort: { port: string; switch: string }): string {
  const vid = vlanRefById(db, vlanId)!.vid;
  const found = vlanIdByVid(db, farSw.siteId, vid);
  if (found) return found;
  const fault = withRule(RULES.vlanOfSite, faultOf('matchFarEnd', 'vlan_missing_at_far_end', { vid, ...farPort }));
  throw formedRefusal(RULES.vlanOfSite.kind, 'validation_failed.far_end_vlans', {}, [fault]);
}

function writeFarEnd(change: Change, farEnd: FarEndPlan): void {
  change.touch('port', farEnd.id);
  updatePort(change.db, farEnd.id, farEnd.values, change.now);
  setTagged(change.db, farEnd.id, farEnd.tagged);
}

/** Deletes a port; the far end of its link is unlinked. Refuses not_found, and lag_member when its LAG would keep fewer than two. */
export function deletePort(db: Db, actor: Actor, id: string, precondition?: Precondition): void {
  const row = toChange(getPort(db, id), 'port', precondition);
  const sw = switchOf(db, row.switch_id);
  if (row.lag_id && memberPortIds(db, row.lag_id).length <= 2)
    throw lagMember(db, row, [faultOf('lagId', 'lag_left_too_small')], 'lag_member.needs_two');
  recordChange(db, actor, (change) => {
    removePorts(change, [id]);
    return { activity: portActivity('delete', row, null, sw, `Deleted port ${row.name} on ${sw.name}`), result: id };
  });
}

/** The writes of ports as every kind's are made (save.ts Writes), each created under its switch (its id). */
export const PORT_WRITES: Writes<undefined, string, ApiRecord, PortChangeOptions> = {
  create: (db, actor, input, switchId) => createPort(db, actor, switchId, input),
  update: changePort,
  delete: deletePort,
};

/**
 * Changes many ports of one switch at once, all or nothing, in one bulk_update entry. Refuses not_found,
 * validation_failed, and lag_member when it would set the mode or VLANs of LAG members.
 */
export function bulkChangePorts(db: Db, actor: Actor, switchId: string, body: unknown): BulkPortsResult {
  const sw = switchOf(db, switchId);
  const bulk = readBulk(db, body, sw);
  refuseInvalid(bulk.faults, 'validation_failed.bulk');
  const planned = planBulk(db, bulk, sw);
  refuseInvalid(planned.faults, 'validation_failed.bulk_rule');
  if (planned.members.length) throw bulkLagMembers(planned.members);
  const activityId = planned.changes.length === 0 ? null : writeBulk(db, actor, sw, planned.changes);
  const named = new Set(bulk.portIds);
  const items = portsOfSwitch(db, sw.id)
    .filter((port) => named.has(port.id))
    .map(portToApi);
  return { items, changed: planned.changes.length, activityId };
}

function writeBulk(db: Db, actor: Actor, sw: PortSwitch, changes: PortPlan[]): string {
  return recordChange(db, actor, (change) => {
    change.touch(
      'port',
      changes.map((plan) => plan.id),
    );
    for (const plan of changes) {
      updatePort(change.db, plan.id, plan.values, change.now);
      setTagged(change.db, plan.id, plan.tagged);
    }
    const summary = `Updated ${changes.length} ${changes.length === 1 ? 'port' : 'ports'} on ${sw.name}`;
    const activity: ActivityInput = {
      action: 'bulk_update',
      entityType: 'switch',
      entityId: sw.id,
      entityName: sw.name,
      siteId: sw.siteId,
      summary,
    };
    return { activity, result: undefined };
  }).entry.id;
}

/** The switch of a port or LAG written: not_found when there is none. */
export function switchOf(db: Db, id: string): PortSwitch {
  const sw = portSwitch(db, id);
  if (!sw) throw notFound('switch');
  return sw;
}

/** validateInput for a port, refusing a null position on a change (position has no default). */
function portInput(body: unknown, mode: 'create' | 'patch', prefix = ''): ValidatedInput {
  const checked = validateInput(PORT, body, mode, prefix);
  if (mode === 'patch' && checked.values.position === null) {
    delete checked.values.position;
    checked.faults.push(faultOf(`${prefix}position`, 'int_range', { min: 0, max: 100000 }));
  }
  return checked;
}

// Tagged lists are compared sorted, as they are stored and answered.
function withSortedTagged(values: Record<string, unknown>): Record<string, unknown> {
  const tagged = values.taggedVlanIds;
  return Array.isArray(tagged) ? { ...values, taggedVlanIds: [...tagged].sort() } : values;
}

/**
 * A port as it would be, by its kind's rules (fields/record-rules.ts; the write points the far end of its link back
 * itself): `memberType` a LAG member's console or management type (409 lag_member, naming the LAG), `faults` the rest.
 */
function judgePort(lookups: RecordLookups, port: Record<string, unknown>): { faults: RuleFault[]; memberType: RuleFault[] } {
  const faults = portRuleFaults(port, lookups, { symmetric: false });
  return {
    faults: faults.filter((fault) => fault.rule !== RULES.lagMemberType),
    memberType: faults.filter((fault) => fault.rule === RULES.lagMemberType),
  };
}

/** The activity of a change to one port; `changes` is that port's own before/after (far ends are in the undo data). */
function portActivity(
  action: 'create' | 'update' | 'delete',
  before: Image | PortRow | null,
  after: Image | null,
  sw: PortSwitch,
  summary: string,
): ActivityInput {
  const name = String((after ?? before)?.name ?? '');
  const changes = diffImages('port', before as Image | null, after);
  return { action, entityType: 'port', entityId: (after ?? before)!.id, entityName: name, siteId: sw.siteId, summary, changes };
}

function refuseTakenName(db: Db, sw: PortSwitch, name: string, id: string): void {
  if (portIdByName(db, sw.id, name, id)) refuseClashes([faultOf('name', 'port_name_taken', { switch: sw.name, name })]);
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

/** Checks the body of a bulk edit: its shape, and that every port is of this switch (planBulk judges each port as it would be). */
function readBulk(db: Db, body: unknown, sw: PortSwitch): BulkInput {
  const bulk: BulkInput = { portIds: [], set: {}, addTagged: [], removeTagged: [], faults: [] };
  if (!isPlainObject(body)) return { ...bulk, faults: [faultOf('body', 'not_object')] };
  for (const key of Object.keys(body)) if (!BULK_KEYS.has(key)) bulk.faults.push(faultOf(key, 'not_bulk_field'));
  const list = (name: 'portIds' | 'addTaggedVlanIds' | 'removeTaggedVlanIds') => {
    if (body[name] === undefined) return [];
    const checked = checkValue(idListField(name), body[name]);
    if (checked.ok) return checked.value as string[];
    bulk.faults.push(faultAt(name, checked));
    return [];
  };
  bulk.portIds = list('portIds');
  bulk.addTagged = list('addTaggedVlanIds');
  bulk.removeTagged = list('removeTaggedVlanIds');
  if (body.portIds === undefined) bulk.faults.push(faultOf('portIds', 'required'));
  else if (Array.isArray(body.portIds) && body.portIds.length === 0) bulk.faults.push(faultOf('portIds', 'no_ports_named'));
  if (body.set !== undefined) {
    const checked = portInput(body.set, 'patch', 'set.');
    bulk.set = checked.values;
    bulk.faults.push(...checked.faults);
    for (const name of Object.keys(checked.values)) if (NOT_BULK.has(name)) bulk.faults.push(faultOf(`set.${name}`, 'not_set_in_bulk'));
  }
  if (Object.keys(bulk.set).length === 0 && bulk.addTagged.length === 0 && bulk.removeTagged.length === 0 && bulk.faults.length === 0) {
    bulk.faults.push(faultOf('set', 'empty_bulk_change'));
  }
  bulk.removeTagged.forEach((id, i) => {
    if (bulk.addTagged.includes(id)) bulk.faults.push(faultOf(`removeTaggedVlanIds[${i}]`, 'also_added'));
  });
  bulk.faults.push(...bulkPortFaults(db, bulk.portIds, sw));
  return bulk;
}

function bulkPortFaults(db: Db, portIds: string[], sw: PortSwitch): FieldFault[] {
  return portIds.flatMap((id, i) =>
    switchOfPort(db, id) === sw.id ? [] : [faultOf(`portIds[${i}]`, 'port_of_other_switch', { id, switch: sw.name })],
  );
}

interface PortPlan {
  id: string;
  values: PortValues;
  tagged: string[];
}

/**
 * What each named port becomes; only ports that change are planned, each judged as it would be by the port rules
 * (`faults`, each at the field of the request that gives the value). A port that gains a tagged VLAN becomes a trunk
 * unless set.mode says otherwise. `members`: the LAG members whose mode, VLANs or type would change (409 lag_member).
 */
function planBulk(db: Db, bulk: BulkInput, sw: PortSwitch): { changes: PortPlan[]; faults: FieldFault[]; members: FieldFault[] } {
  const changes: PortPlan[] = [];
  const faults = new Map<string, FieldFault>();
  const members: FieldFault[] = [];
  const lookups = databaseLookups(db, { switch: sw });
  bulk.portIds.forEach((id, i) => {
    const row = getPort(db, id)!;
    const current = portToApi(row);
    const had = current.taggedVlanIds as string[];
    const base = (bulk.set.taggedVlanIds as string[] | undefined) ?? had;
    const tagged = [...new Set([...base, ...bulk.addTagged])].filter((n) => !bulk.removeTagged.includes(n)).sort();
    const gains = tagged.some((n) => !had.includes(n));
    const patch = { ...bulk.set, mode: bulk.set.mode ?? (gains ? 'trunk' : current.mode), taggedVlanIds: tagged };
    if (changesNothing(current, patch)) return;
    const judged = judgePort(lookups, { ...current, ...patch });
    for (const fault of judged.faults.map((fault) => atRequestField(bulk, tagged, fault, i, current.name)))
      faults.set(`${fault.field} ${fault.message}`, fault);
    if (judged.faults.length) return;
    const owned = [...lagOwnedFaults(current, patch), ...judged.memberType];
    if (owned.length) {
      const lag = lagRefById(db, row.lag_id!)?.name ?? row.lag_id;
      const fields = owned.map((fault) => fault.field).join(', ');
      const params = { port: String(current.name), lag: String(lag), fields };
      // Each field the LAG owns, of the port the request names at portIds[i].
      for (const fault of owned) members.push(faultOf(`portIds[${i}].${fault.field}`, 'lag_member_fields', params));
      return;
    }
    changes.push({ id, values: toColumns(PORT, { ...current, ...patch }) as PortValues, tagged });
  });
  return { changes, faults: [...faults.values()], members };
}

/**
 * A fault of port `portIds[i]` as it would be, at the field of the request that gives the value (set.unit,
 * addTaggedVlanIds[1]); a value the port has already, or one of several fields together, is named at the port.
 */
function atRequestField(bulk: BulkInput, tagged: string[], fault: FieldFault, i: number, name: unknown): FieldFault {
  const { field } = fault;
  const vlan = /^taggedVlanIds\[(\d+)\]$/.exec(field);
  if (vlan) {
    const vlanId = tagged[Number(vlan[1])];
    const setAt = ((bulk.set.taggedVlanIds ?? []) as string[]).indexOf(vlanId);
    if (setAt >= 0) return movedFault(fault, `set.taggedVlanIds[${setAt}]`);
    const addAt = bulk.addTagged.indexOf(vlanId);
    if (addAt >= 0) return movedFault(fault, `addTaggedVlanIds[${addAt}]`);
  } else if (field in bulk.set) return movedFault(fault, `set.${field}`);
  return quotingFault(`portIds[${i}]`, 'as_it_would_be', { port: String(name) }, fault);
}

function bulkLagMembers(members: FieldFault[]): Refusal {
  const named = new Set(members.map((member) => `${member.params!.port} (LAG ${member.params!.lag})`));
  return formedRefusal('conflict', 'lag_member.bulk', { members: [...named].join(', ') }, members);
}

/** What a LAG sets on its members: a patch may repeat these, not change them. */
const LAG_OWNED = ['mode', 'untaggedVlanId', 'taggedVlanIds'] as const;

/** The fields a patch of a LAG member would change that its LAG owns; [] for other ports (a member's type: judgePort). */
function lagOwnedFaults(current: ApiRecord, patch: Record<string, unknown>): FieldFault[] {
  if (!current.lagId) return [];
  const sorted = withSortedTagged(patch);
  return LAG_OWNED.filter((name) => name in sorted && !changesNothing(current, { [name]: sorted[name] })).map((name) =>
    faultOf(name, 'set_by_lag'),
  );
}

/** 409 lag_member for a port of a LAG, naming the LAG and its switch; `form` says why. */
function lagMember(db: Db, port: PortRow, faults: FieldFault[], form: 'lag_member.owns' | 'lag_member.needs_two'): Refusal {
  const lag = lagRefById(db, port.lag_id!);
  return formedRefusal('conflict', form, { port: port.name, lag: lag?.name ?? port.lag_id!, switch: lag?.switchName ?? '' }, faults);
}

/** Deletes ports after recording them, first unlinking the far ends that stay; returns how many were deleted. */
export function removePorts(change: Change, ids: readonly string[]): number {
  const gone = new Set(ids);
  const farEnds = [...new Set(ids.flatMap((id) => portIdsLinkedTo(change.db, id)))].filter((id) => !gone.has(id));
  change.touch('port', [...ids, ...farEnds]);
  // The devices' addresses stay; they are no longer on a port.
  change.touch('address', addressIdsOnPorts(change.db, ids));
  detachAddressesFromPorts(change.db, ids, change.now);
  for (const id of farEnds) setLink(change.db, id, null, change.now);
  for (const id of ids) deleteEntity(change.db, 'port', id);
  return ids.length;
}
