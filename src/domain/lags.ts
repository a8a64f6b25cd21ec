// The changes of LAGs (docs/LAGS-TEMPLATES.md, "LAGs"): create, update and delete. Each checks the fields and the
// rules that look at other records (VLANs of the switch's site, the members: two or more ports of the switch, no
// console or management port, in no other LAG; the remote LAG of another switch), writes the LAG's mode and VLANs
// to its members, keeps its pair symmetric and links paired members, and writes the change with its activity entry.
import { randomUUID } from 'node:crypto';
import { recordChange, type Actor, type ActivityInput, type Change } from '../db/change.ts';
import { diffImages, imageToApi, readImage, type Image } from '../db/images.ts';
import {
  getLag,
  insertLag,
  lagIdByName,
  lagRefById,
  lagIdsOfSwitch,
  lagToApi,
  memberCandidate,
  memberPortIds,
  removeLag,
  repairRemoteLags,
  setLagMembers,
  setLagTagged,
  updateLag,
  type LagRow,
  type LagValues,
} from '../db/lags.ts';
import type { Db } from '../db/open.ts';
import { portCarries, portRefById, relinkFarEnds, setLink, setPortModeAndVlan, setTagged, type PortSwitch } from '../db/ports.ts';
import type { Refusal, FieldFault } from '../errors/refusal.ts';
import { changesNothing, faultOf, formedRefusal, reason, toColumns, validateInput, type ApiRecord } from '../fields/field.ts';
import { LAG } from '../fields/lags.ts';
import { lagRuleFaults } from '../fields/record-rules.ts';
import { databaseLookups } from './lookups.ts';
import { switchOf } from './ports.ts';
import { refuseClashes, refuseInvalid, toChange, type Precondition, type Writes } from './save.ts';

/** A LAG's image before a change, with its members (which are the ports' lag_id, not the LAG's row). */
interface LagBefore {
  image: Image | null;
  members: string[];
}

/**
 * Adds a LAG to a switch; its portMode and VLANs are written to every member, and a remote LAG is paired back with
 * the members linked pairwise. Answers the LAG as stored. Refuses not_found, validation_failed, name_taken and
 * lag_member (a port in another LAG).
 */
export function createLag(db: Db, actor: Actor, switchId: string, body: unknown): ApiRecord {
  const sw = switchOf(db, switchId);
  const id = randomUUID();
  const checked = validateInput(LAG, body, 'create');
  const lag: Record<string, unknown> = { ...checked.values, id };
  refuseInvalid([...checked.faults, ...judgeLag(db, lag, sw, checked.values)]);
  const values = toColumns(LAG, lag) as LagValues;
  const members = checked.values.memberPortIds as string[];
  return recordChange(db, actor, (change) => {
    refuseLagClashes(change.db, sw, id, values.name, members);
    change.touch('lag', id, null);
    insertLag(change.db, id, sw.id, values, change.now);
    setLagTagged(change.db, id, lag.taggedVlanIds as string[]);
    writeMembersAndPair(change, id, null, values.remote_lag_id, members);
    const summary = `Created LAG ${values.name} on ${sw.name} with ${members.length} ${members.length === 1 ? 'port' : 'ports'}`;
    return lagWritten(change, 'create', id, { image: null, members: [] }, sw, summary);
  }).result;
}

/**
 * Changes a LAG: its members (ports that leave keep their configuration), its portMode and VLANs (written to every
 * member), its remote LAG (symmetric; unpairing leaves the port links). Answers the LAG as stored. Refuses
 * not_found, validation_failed, name_taken and lag_member.
 */
export function changeLag(db: Db, actor: Actor, id: string, body: unknown, precondition?: Precondition): ApiRecord {
  const row = toChange(getLag(db, id), 'lag', precondition);
  const sw = switchOf(db, row.switch_id);
  const checked = validateInput(LAG, body, 'patch');
  const current = lagToApi(row);
  const merged = { ...current, ...checked.values };
  refuseInvalid([...checked.faults, ...judgeLag(db, merged, sw, checked.values)]);
  if (changesNothing(asSets(current), asSets(checked.values))) return current;
  const values = toColumns(LAG, merged) as LagValues;
  const members = merged.memberPortIds as string[];
  return recordChange(db, actor, (change) => {
    refuseLagClashes(change.db, sw, id, values.name, members);
    change.touch('lag', id, row as unknown as Image);
    updateLag(change.db, id, values, change.now);
    setLagTagged(change.db, id, merged.taggedVlanIds as string[]);
    writeMembersAndPair(change, id, row.remote_lag_id, values.remote_lag_id, members);
    return lagWritten(change, 'update', id, beforeOf(row), sw, `Updated LAG ${values.name} on ${sw.name}`);
  }).result;
}

/** Deletes a LAG: its members stay as they are, without lagId; its remote LAG is unpaired. Refuses not_found. */
export function deleteLag(db: Db, actor: Actor, id: string, precondition?: Precondition): void {
  const row = toChange(getLag(db, id), 'lag', precondition);
  const sw = switchOf(db, row.switch_id);
  recordChange(db, actor, (change) => {
    removeLag(change, id);
    return { activity: lagActivity('delete', beforeOf(row), null, [], sw, `Deleted LAG ${row.name} on ${sw.name}`), result: id };
  });
}

/** The writes of LAGs as every kind's are made (save.ts Writes), each created under its switch (its id). */
export const LAG_WRITES: Writes<undefined, string, ApiRecord> = {
  create: (db, actor, input, switchId) => createLag(db, actor, switchId, input),
  update: changeLag,
  delete: deleteLag,
};

// A LAG row holds its image's columns and tagged list; its members come apart.
function beforeOf(row: LagRow): LagBefore {
  return { image: row as unknown as Image, members: row.members };
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
 * A LAG as it would be, by its kind's rules (fields/record-rules.ts): its VLANs, the members named in `given`, and its
 * remote LAG (the write pairs it back itself). A remote LAG of the same switch is named with both.
 */
function judgeLag(db: Db, lag: Record<string, unknown>, sw: PortSwitch, given: Record<string, unknown>): FieldFault[] {
  const sameSwitch = (far: { name?: string }) => reason('lag_of_same_switch_named', { lag: String(far.name), switch: sw.name });
  const context = { symmetric: false, members: Array.isArray(given.memberPortIds), pairWords: { sameSwitch } };
  return lagRuleFaults({ ...lag, switchId: sw.id }, databaseLookups(db, { switch: sw }), context);
}

/** Inside the change: the name unique per switch (409 name_taken), each member in no other LAG (409 lag_member). */
function refuseLagClashes(db: Db, sw: PortSwitch, id: string, name: string, members: string[]): void {
  if (lagIdByName(db, sw.id, name, id)) refuseClashes([faultOf('name', 'lag_name_taken', { switch: sw.name, name })]);
  const taken: FieldFault[] = [];
  const named: string[] = [];
  members.forEach((portId, i) => {
    const port = memberCandidate(db, portId)!;
    if (port.lagId === null || port.lagId === id) return;
    const other = lagRefById(db, port.lagId)?.name ?? port.lagId;
    taken.push(faultOf(`memberPortIds[${i}]`, 'port_in_other_lag', { port: port.name, lag: other }));
    named.push(`${port.name} (LAG ${other})`);
  });
  if (taken.length) throw inOtherLag(taken, named);
}

function inOtherLag(taken: FieldFault[], named: string[]): Refusal {
  const form = taken.length === 1 ? 'lag_member.in_other_lag' : 'lag_member.in_other_lags';
  return formedRefusal('conflict', form, { ports: named.join(', ') }, taken);
}

// The id lists compared as sets, as they are stored (tagged sorted; members in port order, whatever order was sent).
function asSets(values: Record<string, unknown>): Record<string, unknown> {
  const sorted = { ...values };
  for (const name of ['taggedVlanIds', 'memberPortIds'])
    if (Array.isArray(sorted[name])) sorted[name] = [...(sorted[name] as string[])].sort();
  return sorted;
}

/** The entry of a written LAG and the LAG as stored, read once after the writes. */
function lagWritten(
  change: Change,
  action: 'create' | 'update',
  id: string,
  before: LagBefore,
  sw: PortSwitch,
  summary: string,
): { activity: ActivityInput; result: ApiRecord } {
  const after = readImage(change.db, 'lag', id)!;
  const members = memberPortIds(change.db, id);
  const result: ApiRecord = { ...(imageToApi('lag', after) as ApiRecord), memberPortIds: members };
  return { activity: lagActivity(action, before, after, members, sw, summary), result };
}

/** The activity of a change to one LAG; `changes` is its own before/after with its members (ports are in the undo data). */
function lagActivity(
  action: 'create' | 'update' | 'delete',
  before: LagBefore,
  after: Image | null,
  members: string[],
  sw: PortSwitch,
  summary: string,
): ActivityInput {
  const changes: Record<string, [unknown, unknown]> = diffImages('lag', before.image, after);
  if (JSON.stringify(before.members) !== JSON.stringify(members)) changes.memberPortIds = [before.members, members];
  const image = (after ?? before.image)!;
  return { action, entityType: 'lag', entityId: image.id, entityName: String(image.name ?? ''), siteId: sw.siteId, summary, changes };
}

/** Writes a LAG's port mode and VLANs to every member that does not carry them yet (one change, one entry). */
export function applyLagToMembers(change: Change, lagId: string): void {
  const lag = getLag(change.db, lagId);
  if (!lag) return;
  for (const portId of lag.members) {
    if (portCarries(change.db, portId, lag.port_mode, lag.untagged_vlan_id, lag.tagged)) continue;
    change.touch('port', portId);
    setPortModeAndVlan(change.db, portId, lag.port_mode, lag.untagged_vlan_id, change.now);
    setTagged(change.db, portId, lag.tagged);
  }
}

/**
 * Links the members of two paired LAGs pairwise in port order (member 1 with member 1, …, as many pairs as the
 * smaller LAG has), unlinking what those ports were linked to before; pairs linked already stay as they are.
 */
export function linkMembersPairwise(change: Change, lagId: string, remoteLagId: string): void {
  const ours = memberPortIds(change.db, lagId);
  const theirs = memberPortIds(change.db, remoteLagId);
  for (let i = 0; i < Math.min(ours.length, theirs.length); i++) {
    const [a, b] = [ours[i], theirs[i]];
    const linked = portRefById(change.db, a)?.linkedPortId ?? null;
    if (linked === b && portRefById(change.db, b)?.linkedPortId === a) continue;
    change.touch('port', a);
    relinkFarEnds(change, a, linked, b);
    setLink(change.db, a, b, change.now);
  }
}

/**
 * Copies the LAGs of one switch to another (a switch duplicate): the same name, modes, VLANs and description, the
 * members mapped through `portIdMap` (old port id -> new), no remote LAG. The new ports must carry the LAG's
 * configuration already (they are copies); the LAG writes it to them all the same. Returns how many LAGs.
 */
export function copyLags(change: Change, fromSwitchId: string, toSwitchId: string, portIdMap: Map<string, string>): number {
  const ids = lagIdsOfSwitch(change.db, fromSwitchId);
  for (const fromId of ids) {
    const lag = getLag(change.db, fromId)!;
    const id = randomUUID();
    change.touch('lag', id);
    const values: LagValues = {
      name: lag.name,
      mode: lag.mode,
      port_mode: lag.port_mode,
      untagged_vlan_id: lag.untagged_vlan_id,
      remote_lag_id: null,
      description: lag.description,
    };
    insertLag(change.db, id, toSwitchId, values, change.now);
    setLagTagged(change.db, id, lag.tagged);
    setLagMembers(
      change,
      id,
      lag.members.flatMap((portId) => (portIdMap.has(portId) ? [portIdMap.get(portId)!] : [])),
    );
    applyLagToMembers(change, id);
  }
  return ids.length;
}
