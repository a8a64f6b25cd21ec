import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { LAG } from '../fields/lags.ts';
import type { Change } from './change.ts';
import { deleteEntity, setVlanList, VLAN_LISTS } from './images.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { insertRow, selectIds, updateRow } from './resource-sql.ts';

// The LAGs (port-channels) of switches (docs/LAGS-TEMPLATES.md, "LAGs"). Members point at their LAG (ports.lag_id),
// so memberPortIds is read from the ports, in port order. The LAG owns its members' mode and VLANs: every change
// of a LAG writes them to its members (applyLagToMembers), in the same change.

/** A lags row with its tagged VLAN ids (sorted) and its member port ids (in port order). */
export type LagRow = RowOf<typeof LAG> & { tagged: string[]; members: string[] };

/** The editable columns of a LAG; its tagged VLANs and members are written apart (setLagTagged, setLagMembers). */
export type LagValues = EditableRowOf<typeof LAG>;

/** SQL of the JSON array of the tagged VLAN ids of the LAG row `alias`, sorted. */
function taggedJson(alias: string): string {
  return `json((SELECT json_group_array(vlan_id) FROM
    (SELECT vlan_id FROM lag_tagged_vlans WHERE lag_id = ${alias}.id ORDER BY vlan_id)))`;
}

// Port order, as a switch's ports are listed.
const MEMBER_ORDER = 'position, name, id';

/** SQL of the JSON array of the member port ids of the LAG row `alias`, in port order. */
function membersJson(alias: string): string {
  return `json((SELECT json_group_array(id) FROM
    (SELECT id FROM ports WHERE lag_id = ${alias}.id ORDER BY ${MEMBER_ORDER})))`;
}

const LAG_LIST: ListShape = {
  resource: LAG,
  alias: 'l',
  computed: { taggedVlanIds: { sql: taggedJson('l') }, memberPortIds: { sql: membersJson('l') } },
  defaultOrder: 'l.switch_id, l.name, l.id',
};

type BareLagRow = Omit<LagRow, 'tagged' | 'members'>;

function withLists(db: Db, row: BareLagRow | undefined): LagRow | undefined {
  return row && { ...row, tagged: lagTaggedVlanIds(db, row.id), members: memberPortIds(db, row.id) };
}

/** One LAG by id, with its tagged VLANs and members. */
export function getLag(db: Db, id: string): LagRow | undefined {
  return withLists(db, prepare(db, `${rowsSelect(LAG_LIST)} WHERE l.id = ?`).get(id) as BareLagRow | undefined);
}

/** The list filters of LAGs. */
export interface LagFilter {
  switchId?: string;
}

function lagsQuery(list: ListParams, filter: LagFilter): ListQuery {
  return buildListQuery(LAG_LIST, list, [{ sql: 'l.switch_id', value: filter.switchId }]);
}

/** One page of LAGs (filtered by switch) and the total matching the same filter. */
export function listLags(db: Db, list: ListParams, filter: LagFilter): { rows: LagRow[]; total: number } {
  const { rows, total } = readRowsPage(db, LAG_LIST, lagsQuery(list, filter));
  return { rows: (rows as BareLagRow[]).map((row) => withLists(db, row)!), total };
}

/** The same page of LAGs as listLags, serialised as the API's JSON items by SQLite. */
export function listLagsJson(db: Db, list: ListParams, filter: LagFilter): JsonPage {
  return readJsonPage(db, LAG_LIST, lagsQuery(list, filter));
}

/** Every LAG of a switch as the API answers it, by name; each one's memberPortIds in port order. */
export function lagsOfSwitch(db: Db, switchId: string): ApiRecord[] {
  const rows = prepare(db, `${rowsSelect(LAG_LIST)} WHERE l.switch_id = ? ORDER BY l.name, l.id`).all(switchId) as unknown as BareLagRow[];
  return rows.map((row) => lagToApi(withLists(db, row)!));
}

/** The ids of a switch's LAGs. */
export function lagIdsOfSwitch(db: Db, switchId: string): string[] {
  return selectIds(db, 'SELECT id FROM lags WHERE switch_id = ? ORDER BY name, id', switchId);
}

/** The id of the LAG of a switch with this name (case-insensitive), other than `exceptId`. */
export function lagIdByName(db: Db, switchId: string, name: string, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM lags WHERE switch_id = ? AND name = ? COLLATE NOCASE AND id <> ?').get(
    switchId,
    name,
    exceptId,
  ) as { id: string } | undefined;
  return row?.id;
}

/** A LAG's name and switch (id and name) by id, or undefined when there is no such LAG (messages, rules). */
export function lagRefById(db: Db, id: string): LagRef | undefined {
  return prepare(
    db,
    `SELECT l.name, l.switch_id AS switchId, w.name AS switchName, l.remote_lag_id AS remoteLagId
    FROM lags l JOIN switches w ON w.id = l.switch_id WHERE l.id = ?`,
  ).get(id) as LagRef | undefined;
}

/** What the rules and messages of other records need of a LAG: its name, its switch, its pair. */
export interface LagRef {
  name: string;
  switchId: string;
  switchName: string;
  remoteLagId: string | null;
}

/** The member port ids of a LAG, in port order. */
export function memberPortIds(db: Db, lagId: string): string[] {
  return (prepare(db, `SELECT id FROM ports WHERE lag_id = ? ORDER BY ${MEMBER_ORDER}`).all(lagId) as { id: string }[]).map(
    (row) => row.id,
  );
}

/** The ids of the LAGs that any of these ports is a member of. */
export function lagIdsOfPorts(db: Db, portIds: readonly string[]): string[] {
  if (portIds.length === 0) return [];
  return (
    prepare(db, 'SELECT DISTINCT lag_id AS id FROM ports WHERE lag_id IS NOT NULL AND id IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(portIds),
    ) as { id: string }[]
  ).map((row) => row.id);
}

/** The tagged VLAN ids of a LAG, sorted. */
export function lagTaggedVlanIds(db: Db, lagId: string): string[] {
  return (prepare(db, 'SELECT vlan_id FROM lag_tagged_vlans WHERE lag_id = ? ORDER BY vlan_id').all(lagId) as { vlan_id: string }[]).map(
    (row) => row.vlan_id,
  );
}

/** The ids of the LAGs whose remote LAG is this one. */
export function lagIdsPairedWith(db: Db, lagId: string): string[] {
  return selectIds(db, 'SELECT id FROM lags WHERE remote_lag_id = ?', lagId);
}

/** The ids of the LAGs that carry a VLAN, untagged or tagged. */
export function lagIdsUsingVlan(db: Db, vlanId: string): string[] {
  return selectIds(
    db,
    'SELECT id FROM lags WHERE untagged_vlan_id = ? UNION SELECT lag_id FROM lag_tagged_vlans WHERE vlan_id = ?',
    vlanId,
    vlanId,
  );
}

/** What the rules of a LAG need to know about a port named as a member: its switch, type and current LAG. */
export interface MemberCandidate {
  id: string;
  name: string;
  switchId: string;
  type: string;
  lagId: string | null;
}

/** A port as a member candidate, or undefined when there is no such port. */
export function memberCandidate(db: Db, portId: string): MemberCandidate | undefined {
  return prepare(db, 'SELECT id, name, switch_id AS switchId, type, lag_id AS lagId FROM ports WHERE id = ?').get(portId) as
    | MemberCandidate
    | undefined;
}

/** Stores a new LAG; set its tagged list with setLagTagged and its members with setLagMembers. */
export function insertLag(db: Db, id: string, switchId: string, values: LagValues, now: string): void {
  insertRow(db, LAG, { ...values, id, switch_id: switchId, version: 1, created_at: now, updated_at: now });
}

/** Writes a LAG's editable columns and raises its version. */
export function updateLag(db: Db, id: string, values: LagValues, now: string): void {
  updateRow(db, LAG, id, values, now);
}

/** Makes a LAG's tagged VLANs exactly `vlanIds`. */
export function setLagTagged(db: Db, id: string, vlanIds: readonly string[]): void {
  setVlanList(db, 'lag', id, vlanIds);
}

/** Points a LAG at its remote LAG (or null) and raises its version. */
export function setRemoteLag(db: Db, id: string, remoteLagId: string | null, now: string): void {
  prepare(db, 'UPDATE lags SET remote_lag_id = ?, version = version + 1, updated_at = ? WHERE id = ?').run(remoteLagId, now, id);
}

/** Takes a VLAN off one LAG (untagged and tagged) and raises its version; record the LAG (touch) first. */
export function removeVlanFromLag(db: Db, id: string, vlanId: string, now: string): void {
  prepare(db, `DELETE FROM ${VLAN_LISTS.lag!.table} WHERE lag_id = ? AND vlan_id = ?`).run(id, vlanId);
  prepare(
    db,
    `UPDATE lags SET untagged_vlan_id = CASE WHEN untagged_vlan_id = ? THEN NULL ELSE untagged_vlan_id END,
    version = version + 1, updated_at = ? WHERE id = ?`,
  ).run(vlanId, now, id);
}

/** Makes a port a member of a LAG (or of none) and raises the port's version. */
export function setPortLag(db: Db, portId: string, lagId: string | null, now: string): void {
  prepare(db, 'UPDATE ports SET lag_id = ?, version = version + 1, updated_at = ? WHERE id = ?').run(lagId, now, portId);
}

/** A LAG as the API answers it, with its tagged VLAN ids and its members in port order. */
export function lagToApi(row: LagRow): ApiRecord {
  return { ...apiOf(LAG, row), taggedVlanIds: row.tagged, memberPortIds: row.members };
}

// ---- Changes: each records what it writes (touch) first ----

/**
 * Makes exactly `members` the member ports of a LAG: ports that leave it keep their configuration and lose their
 * lagId, ports that join it point at it. Returns whether the membership changed.
 */
export function setLagMembers(change: Change, lagId: string, members: readonly string[]): boolean {
  const current = memberPortIds(change.db, lagId);
  const wanted = new Set(members);
  const leaving = current.filter((id) => !wanted.has(id));
  const joining = members.filter((id) => !current.includes(id));
  change.touch('port', [...leaving, ...joining]);
  for (const id of leaving) setPortLag(change.db, id, null, change.now);
  for (const id of joining) setPortLag(change.db, id, lagId, change.now);
  return leaving.length + joining.length > 0;
}

/**
 * Moves the pairing of `lagId` from `before` to `after` on the other LAGs, as relinkFarEnds does for ports: the old
 * partner and the new partner's old partners are unpaired, the new partner points back. The caller writes `lagId`
 * itself. Port links are not touched here (linkMembersPairwise); unpairing leaves them.
 */
export function repairRemoteLags(change: Change, lagId: string, before: string | null, after: string | null): void {
  if (before === after) return;
  const stale = new Set([...(before ? [before] : []), ...(after ? lagIdsPairedWith(change.db, after) : [])]);
  const afterRemote = after ? getLag(change.db, after)?.remote_lag_id : null;
  if (afterRemote) stale.add(afterRemote);
  stale.delete(lagId);
  if (after) stale.delete(after);
  change.touch('lag', [...stale, ...(after ? [after] : [])]);
  for (const id of stale) setRemoteLag(change.db, id, null, change.now);
  if (after) setRemoteLag(change.db, after, lagId, change.now);
}

/** Deletes a LAG after recording it: its members stay as they are (without lagId), its remote LAG is unpaired. */
export function removeLag(change: Change, id: string): void {
  change.touch('lag', id);
  setLagMembers(change, id, []);
  const paired = lagIdsPairedWith(change.db, id).filter((other) => other !== id);
  change.touch('lag', paired);
  for (const other of paired) setRemoteLag(change.db, other, null, change.now);
  deleteEntity(change.db, 'lag', id);
}

/** Deletes every LAG of a switch (removeLag: members stay, remote LAGs of other switches unpaired); returns how many. */
export function removeLagsOfSwitch(change: Change, switchId: string): number {
  const ids = lagIdsOfSwitch(change.db, switchId);
  // Pairs within the switch are never made (a remote LAG is another switch's), but unpair first all the same.
  for (const id of ids) removeLag(change, id);
  return ids.length;
}
