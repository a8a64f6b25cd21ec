import { randomUUID } from 'node:crypto';
import { apiOf, checkValue, defaultColumns, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { PORT } from '../fields/ports.ts';
import type { Change } from './change.ts';
import { insertRecords, taggedVlanIds } from './images.ts';
export { setTagged } from './images.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { insertApiRecords, insertRow, selectIds, updateRow } from './resource-sql.ts';
import { storedInterfaceNames } from '../lib/interface-name.ts';
import type { LaidOutPort } from '../lib/port-layout.ts';

/** A ports row with its tagged VLAN ids (sorted, as the activity images keep them). */
export type PortRow = RowOf<typeof PORT> & { tagged: string[] };

/** The editable columns of a port; its tagged list is written by setTagged, the far end of a link by relinkFarEnds. */
export type PortValues = EditableRowOf<typeof PORT>;

/** SQL of the JSON array of the tagged VLAN ids of the port row `alias`, sorted as taggedVlanIds reads them. */
export function taggedVlanIdsJson(alias: string): string {
  return `json((SELECT json_group_array(vlan_id) FROM
    (SELECT vlan_id FROM port_tagged_vlans WHERE port_id = ${alias}.id ORDER BY vlan_id)))`;
}

const PORT_LIST: ListShape = {
  resource: PORT,
  alias: 'p',
  computed: { taggedVlanIds: { sql: taggedVlanIdsJson('p') } },
  defaultOrder: 'p.switch_id, p.position, p.name, p.id',
  spellings: { column: 'name', of: storedInterfaceNames },
};

function withTagged(db: Db, row: Omit<PortRow, 'tagged'> | undefined): PortRow | undefined {
  return row && { ...row, tagged: taggedVlanIds(db, row.id) };
}

/** One port by id, with its tagged VLANs. */
export function getPort(db: Db, id: string): PortRow | undefined {
  return withTagged(db, prepare(db, `${rowsSelect(PORT_LIST)} WHERE p.id = ?`).get(id) as Omit<PortRow, 'tagged'> | undefined);
}

/** The list filters of ports. */
export interface PortFilter {
  switchId?: string;
  siteId?: string;
}

// A site's ports are those of its switches, each switch's read in order off ports_switch_position_name; asked as
// the site of each port's switch instead, every port of every site was looked at (0.6 s at 480,000 ports).
const OF_SITE = 'p.switch_id IN (SELECT w.id FROM switches w WHERE w.site_id = ?)';

function portsQuery(list: ListParams, filter: PortFilter): ListQuery {
  return buildListQuery(PORT_LIST, list, [
    { sql: 'p.switch_id', value: filter.switchId },
    { condition: OF_SITE, value: filter.siteId },
  ]);
}

/** One page of ports (filtered by switch and by site) and the total matching the same filter. */
export function listPorts(db: Db, list: ListParams, filter: PortFilter): { rows: PortRow[]; total: number } {
  const { rows, total } = readRowsPage(db, PORT_LIST, portsQuery(list, filter));
  return { rows: (rows as Omit<PortRow, 'tagged'>[]).map((row) => withTagged(db, row)!), total };
}

/** The same page of ports as listPorts, with their tagged VLANs, serialised as the API's JSON items by SQLite. */
export function listPortsJson(db: Db, list: ListParams, filter: PortFilter): JsonPage {
  return readJsonPage(db, PORT_LIST, portsQuery(list, filter));
}

/** Every port of a switch by position, with tagged VLANs (read in one query, not one per port). */
export function portsOfSwitch(db: Db, switchId: string): PortRow[] {
  const rows = prepare(db, `${rowsSelect(PORT_LIST)} WHERE p.switch_id = ? ORDER BY p.position, p.name, p.id`).all(
    switchId,
  ) as unknown as Omit<PortRow, 'tagged'>[];
  const tagged = new Map<string, string[]>();
  for (const { port_id, vlan_id } of prepare(db, TAGGED_OF_SWITCH).all(switchId) as { port_id: string; vlan_id: string }[]) {
    const list = tagged.get(port_id);
    if (list) list.push(vlan_id);
    else tagged.set(port_id, [vlan_id]);
  }
  return rows.map((row) => ({ ...row, tagged: tagged.get(row.id) ?? [] }));
}

// Each port's tagged VLANs sorted by id, as taggedVlanIds reads them.
const TAGGED_OF_SWITCH = `SELECT t.port_id, t.vlan_id FROM ports p CROSS JOIN port_tagged_vlans t ON t.port_id = p.id
  WHERE p.switch_id = ? ORDER BY t.port_id, t.vlan_id`;

/** A port's name, switch and link by id, or undefined when there is no such port (links, CSV, imports). */
export function portRefById(db: Db, id: string): PortRef | undefined {
  return prepare(db, 'SELECT name, type, switch_id AS switchId, linked_port_id AS linkedPortId FROM ports WHERE id = ?').get(id) as
    | PortRef
    | undefined;
}

/** What the rules and messages of other records need of a port: its name and type, its switch, its link. */
export interface PortRef {
  name: string;
  type: string;
  switchId: string;
  linkedPortId: string | null;
}

/** What a port's or a LAG's rules and activity need of its switch. */
export interface PortSwitch {
  id: string;
  name: string;
  siteId: string;
  stackSize: number;
}

/** A switch as the rules of its ports and LAGs see it, or undefined when there is no such switch. */
export function portSwitch(db: Db, switchId: string): PortSwitch | undefined {
  return prepare(db, 'SELECT id, name, site_id AS siteId, stack_size AS stackSize FROM switches WHERE id = ?').get(switchId) as
    | PortSwitch
    | undefined;
}

/** The switch of a port, or undefined when there is no such port. */
export function switchOfPort(db: Db, id: string): string | undefined {
  return portRefById(db, id)?.switchId;
}

/** The id of the port of a switch with this name (case-insensitive), other than `exceptId`. */
export function portIdByName(db: Db, switchId: string, name: string, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM ports WHERE switch_id = ? AND name = ? COLLATE NOCASE AND id <> ?').get(
    switchId,
    name,
    exceptId,
  ) as { id: string } | undefined;
  return row?.id;
}

/**
 * The id of the port of a switch named `name` in any of its spellings (lib/interface-name.ts storedInterfaceNames:
 * `Gi1/0/5` names `GigabitEthernet1/0/5`), case-insensitively; the name as given first.
 */
export function portIdBySpelling(db: Db, switchId: string, name: string): string | undefined {
  const row = prepare(
    db,
    `SELECT p.id FROM json_each(?) f CROSS JOIN ports p ON p.switch_id = ? AND p.name = f.value COLLATE NOCASE
    ORDER BY f.key LIMIT 1`,
  ).get(JSON.stringify(storedInterfaceNames(name)), switchId) as { id: string } | undefined;
  return row?.id;
}

/** The position after the last port of a switch (1 for the first). */
export function nextPosition(db: Db, switchId: string): number {
  return (prepare(db, 'SELECT coalesce(max(position), 0) + 1 AS n FROM ports WHERE switch_id = ?').get(switchId) as { n: number }).n;
}

/** The ids of a switch's ports. */
export function portIdsOfSwitch(db: Db, switchId: string): string[] {
  return selectIds(db, 'SELECT id FROM ports WHERE switch_id = ?', switchId);
}

/** The ids of the ports that carry a VLAN, untagged or tagged. */
export function portIdsUsingVlan(db: Db, vlanId: string): string[] {
  return selectIds(
    db,
    'SELECT id FROM ports WHERE untagged_vlan_id = ? UNION SELECT port_id FROM port_tagged_vlans WHERE vlan_id = ?',
    vlanId,
    vlanId,
  );
}

/** How many ports of a switch carry any VLAN (untagged or tagged). */
export function countPortsWithVlans(db: Db, switchId: string): number {
  return (
    prepare(
      db,
      `SELECT count(*) AS n FROM ports p WHERE p.switch_id = ? AND (p.untagged_vlan_id IS NOT NULL
    OR EXISTS (SELECT 1 FROM port_tagged_vlans t WHERE t.port_id = p.id))`,
    ).get(switchId) as { n: number }
  ).n;
}

/** The highest unit any port of a switch is on (0 for a switch without ports): its stackSize may not go below it. */
export function highestUnit(db: Db, switchId: string): number {
  return (prepare(db, 'SELECT coalesce(max(unit), 0) AS n FROM ports WHERE switch_id = ?').get(switchId) as { n: number }).n;
}

/** Stores a new port; set its tagged list with setTagged. */
export function insertPort(db: Db, id: string, switchId: string, values: PortValues, now: string): void {
  insertRow(db, PORT, { ...values, id, switch_id: switchId, version: 1, created_at: now, updated_at: now });
}

// A port made without a body (a new switch's 1…N): every editable field's default (enabled, access), else null.
const DEFAULT_PORT = defaultColumns(PORT) as PortValues;

/** Adds the ports named 1…N at positions 1…N to a new switch, one per id given, each with the fields' defaults. */
export function insertNumberedPorts(db: Db, switchId: string, ids: readonly string[], now: string): void {
  ids.forEach((id, index) => insertPort(db, id, switchId, { ...DEFAULT_PORT, name: String(index + 1), position: index + 1 }, now));
}

/** Writes a port's editable columns and raises its version. */
export function updatePort(db: Db, id: string, values: PortValues, now: string): void {
  updateRow(db, PORT, id, values, now);
}

/** Points one end of a link (or null) and raises that port's version. */
export function setLink(db: Db, id: string, linkedPortId: string | null, now: string): void {
  prepare(db, 'UPDATE ports SET linked_port_id = ?, version = version + 1, updated_at = ? WHERE id = ?').run(linkedPortId, now, id);
}

/** Takes a VLAN off one port (untagged and tagged) and raises the port's version; record the port (touch) first. */
export function removeVlanFromPort(db: Db, id: string, vlanId: string, now: string): void {
  prepare(db, 'DELETE FROM port_tagged_vlans WHERE port_id = ? AND vlan_id = ?').run(id, vlanId);
  prepare(
    db,
    `UPDATE ports SET untagged_vlan_id = CASE WHEN untagged_vlan_id = ? THEN NULL ELSE untagged_vlan_id END,
    version = version + 1, updated_at = ? WHERE id = ?`,
  ).run(vlanId, now, id);
}

/** The ids of the ports whose link points at this port. */
export function portIdsLinkedTo(db: Db, id: string): string[] {
  return selectIds(db, 'SELECT id FROM ports WHERE linked_port_id = ?', id);
}

/**
 * Moves the link of `portId` from `before` to `after` on the other ends: the old partner and the new
 * partner's old partner are unlinked, the new partner points back. The caller writes `portId` itself.
 */
export function relinkFarEnds(change: Change, portId: string, before: string | null, after: string | null): void {
  if (before === after) return;
  const stale = new Set([...(before ? [before] : []), ...(after ? portIdsLinkedTo(change.db, after) : [])]);
  stale.delete(portId);
  if (after) stale.delete(after);
  change.touch('port', [...stale, ...(after ? [after] : [])]);
  for (const id of stale) setLink(change.db, id, null, change.now);
  if (after) setLink(change.db, after, portId, change.now);
}

/** A port as the API answers it, with its tagged VLAN ids. */
export function portToApi(row: PortRow): ApiRecord {
  return { ...apiOf(PORT, row), taggedVlanIds: row.tagged };
}

// ---- Ports made from a layout template, and copies of a switch's ports (docs/LAGS-TEMPLATES.md) ----

const POE_FIELD = PORT.fields.find((field) => field.name === 'poe')!;

/** What a port made for a switch (its template's, or a grown stack's member's) is given; the rest is the fields' defaults. */
export type MadePort = Pick<LaidOutPort, 'name' | 'unit' | 'position' | 'type' | 'speed' | 'poe'>;

/**
 * Adds the ports a template lays out (layOutPorts), or a grown stack's members' ports, to a switch, one per id given:
 * their name, unit, position, type, speed and PoE (watts as a port stores them), every other field its default; in
 * multi-row INSERTs.
 */
export function insertTemplatePorts(db: Db, switchId: string, ids: readonly string[], ports: readonly MadePort[], now: string): void {
  const records = ports.map((port, index) => {
    const poe = port.poe === null ? null : checkValue(POE_FIELD, port.poe);
    return {
      id: ids[index],
      switchId,
      name: port.name,
      unit: port.unit,
      position: port.position,
      type: port.type,
      speed: port.speed,
      poe: poe?.ok ? poe.value : null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
  });
  insertApiRecords(db, PORT, records);
}

/**
 * Copies the ports of one switch to another (a switch duplicate), after recording the copies: name, unit, position,
 * type, description, enabled, mode, VLANs, speed and PoE; not their links, link status, connected devices and their
 * MACs, or LAG (copyLags of db/lags.ts makes the LAGs' copies). Returns the map of old port id to new.
 */
export function copyPorts(change: Change, fromSwitchId: string, toSwitchId: string): Map<string, string> {
  const ports = portsOfSwitch(change.db, fromSwitchId);
  const copies = new Map(ports.map((port) => [port.id, randomUUID()]));
  change.touch('port', copies.values());
  const records = ports.map((port) => ({
    id: copies.get(port.id)!,
    switchId: toSwitchId,
    name: port.name,
    unit: port.unit,
    position: port.position,
    type: port.type,
    description: port.description,
    enabled: port.enabled === 1,
    mode: port.mode,
    untaggedVlanId: port.untagged_vlan_id,
    taggedVlanIds: port.tagged,
    speed: port.speed,
    poe: port.poe === null ? null : JSON.parse(port.poe),
    version: 1,
    createdAt: change.now,
    updatedAt: change.now,
  }));
  insertRecords(change.db, 'port', records);
  return copies;
}

/** Whether a port's mode and VLANs are those given (tagged sorted). */
export function portCarries(db: Db, portId: string, mode: string, untagged: string | null, tagged: readonly string[]): boolean {
  const row = prepare(
    db,
    `SELECT mode, untagged_vlan_id AS untagged,
    (SELECT json_group_array(vlan_id) FROM (SELECT vlan_id FROM port_tagged_vlans WHERE port_id = ports.id ORDER BY vlan_id)) AS tagged
    FROM ports WHERE id = ?`,
  ).get(portId) as { mode: string; untagged: string | null; tagged: string } | undefined;
  return row !== undefined && row.mode === mode && row.untagged === untagged && row.tagged === JSON.stringify(tagged);
}

/** Writes a port's mode and untagged VLAN and raises its version (its tagged list: setTagged). */
export function setPortModeAndVlan(db: Db, portId: string, mode: string, untagged: string | null, now: string): void {
  prepare(db, 'UPDATE ports SET mode = ?, untagged_vlan_id = ?, version = version + 1, updated_at = ? WHERE id = ?').run(
    mode,
    untagged,
    now,
    portId,
  );
}
