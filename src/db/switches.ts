import { SWITCH } from '../fields/switches.ts';
import type { Change } from './change.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, countMatching, pageSql, readJsonPage, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { portIdsOfSwitch, removePorts } from './ports.ts';
import { apiOf, type ApiRecord } from './record-json.ts';

/** A switches row with its port count. */
export interface SwitchRow {
  id: string;
  site_id: string;
  name: string;
  vendor: string | null;
  model: string | null;
  serial_number: string | null;
  mac_address: string | null;
  management_ip: string | null;
  firmware_version: string | null;
  location: string | null;
  status: string;
  notes: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  port_count: number;
}

/** The editable columns of a switch. */
export type SwitchValues = Omit<SwitchRow, 'id' | 'version' | 'created_at' | 'updated_at' | 'port_count'>;

const PORT_COUNT = '(SELECT count(*) FROM ports p WHERE p.switch_id = w.id)';

const SWITCH_SELECT = `SELECT w.id, w.site_id, w.name, w.vendor, w.model, w.serial_number, w.mac_address, w.management_ip,
  w.firmware_version, w.location, w.status, w.notes, w.version, w.created_at, w.updated_at, ${PORT_COUNT} AS port_count
  FROM switches w`;

const SWITCH_LIST: ListShape = {
  resource: SWITCH,
  alias: 'w',
  computed: { portCount: { sql: PORT_COUNT, name: 'port_count' } },
  defaultOrder: 'w.name, w.id',
};

/** One switch by id. */
export function getSwitch(db: Db, id: string): SwitchRow | undefined {
  return prepare(db, `${SWITCH_SELECT} WHERE w.id = ?`).get(id) as SwitchRow | undefined;
}

/** The list filters of switches. */
export interface SwitchFilter {
  siteId?: string;
  status?: string;
}

function switchesQuery(list: ListParams, filter: SwitchFilter): ListQuery {
  return buildListQuery(SWITCH_LIST, list, [
    { sql: 'w.site_id', value: filter.siteId },
    { sql: 'w.status', value: filter.status },
  ]);
}

/** One page of switches (filtered by site and status) and the total matching the same filter. */
export function listSwitches(db: Db, list: ListParams, filter: SwitchFilter): { rows: SwitchRow[]; total: number } {
  const query = switchesQuery(list, filter);
  const total = countMatching(db, SWITCH_LIST, query);
  const rows = prepare(db, pageSql(SWITCH_LIST, SWITCH_SELECT, 'switches', query)).all(
    ...query.params,
    query.limit,
    query.offset,
  ) as unknown as SwitchRow[];
  return { rows, total };
}

/** The same page of switches as listSwitches, serialised as the API's JSON items by SQLite. */
export function listSwitchesJson(db: Db, list: ListParams, filter: SwitchFilter): JsonPage {
  return readJsonPage(db, SWITCH_LIST, switchesQuery(list, filter));
}

/** The id of the switch of a site with this name (case-insensitive), other than `exceptId`. */
export function switchIdByName(db: Db, siteId: string, name: string, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM switches WHERE site_id = ? AND name = ? COLLATE NOCASE AND id <> ?').get(
    siteId,
    name,
    exceptId,
  ) as { id: string } | undefined;
  return row?.id;
}

/** The id of the switch with this MAC address (stored form), other than `exceptId`. */
export function switchIdByMac(db: Db, mac: string, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM switches WHERE mac_address = ? AND id <> ?').get(mac, exceptId) as { id: string } | undefined;
  return row?.id;
}

/** The id of the switch of a site with this management IP (stored form), other than `exceptId`. */
export function switchIdByIp(db: Db, siteId: string, ip: string, exceptId = ''): string | undefined {
  const row = prepare(db, 'SELECT id FROM switches WHERE site_id = ? AND management_ip = ? AND id <> ?').get(siteId, ip, exceptId) as
    | { id: string }
    | undefined;
  return row?.id;
}

/** The ids of a site's switches. */
export function switchIdsOfSite(db: Db, siteId: string): string[] {
  return (prepare(db, 'SELECT id FROM switches WHERE site_id = ?').all(siteId) as { id: string }[]).map((row) => row.id);
}

/** Stores a new switch. */
export function insertSwitch(db: Db, id: string, v: SwitchValues, now: string): void {
  prepare(
    db,
    `INSERT INTO switches (id, site_id, name, vendor, model, serial_number, mac_address, management_ip, firmware_version,
    location, status, notes, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(
    id,
    v.site_id,
    v.name,
    v.vendor,
    v.model,
    v.serial_number,
    v.mac_address,
    v.management_ip,
    v.firmware_version,
    v.location,
    v.status,
    v.notes,
    now,
    now,
  );
}

/** Writes a switch's editable columns and raises its version. */
export function updateSwitch(db: Db, id: string, v: SwitchValues, now: string): void {
  prepare(
    db,
    `UPDATE switches SET site_id = ?, name = ?, vendor = ?, model = ?, serial_number = ?, mac_address = ?,
    management_ip = ?, firmware_version = ?, location = ?, status = ?, notes = ?, version = version + 1, updated_at = ?
    WHERE id = ?`,
  ).run(
    v.site_id,
    v.name,
    v.vendor,
    v.model,
    v.serial_number,
    v.mac_address,
    v.management_ip,
    v.firmware_version,
    v.location,
    v.status,
    v.notes,
    now,
    id,
  );
}

/** Removes a switch row (its ports must be gone). */
export function deleteSwitch(db: Db, id: string): void {
  prepare(db, 'DELETE FROM switches WHERE id = ?').run(id);
}

/** Deletes a switch after recording it, with its ports (far ends of their links unlinked); returns how many ports. */
export function removeSwitch(change: Change, id: string): number {
  change.touch('switch', id);
  const ports = removePorts(change, portIdsOfSwitch(change.db, id));
  deleteSwitch(change.db, id);
  return ports;
}

/** A switch as the API answers it, with its port count. */
export function switchToApi(row: SwitchRow): ApiRecord {
  return { ...apiOf(SWITCH, row), portCount: row.port_count };
}
