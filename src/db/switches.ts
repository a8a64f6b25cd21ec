import { apiOf, type ApiRecord, type EditableRowOf, type RowOf } from '../fields/field.ts';
import { SWITCH } from '../fields/switches.ts';
import type { Change } from './change.ts';
import { deleteEntity } from './images.ts';
import type { ListParams } from './list-query.ts';
import { buildListQuery, readJsonPage, readRowsPage, rowsSelect, type JsonPage, type ListQuery, type ListShape } from './list-query.ts';
import { prepare, type Db } from './open.ts';
import { portIdsOfSwitch, removePorts } from './ports.ts';
import { insertRow, updateRow } from './resource-sql.ts';

/** A switches row with its port count. */
export type SwitchRow = RowOf<typeof SWITCH> & { port_count: number };

/** The editable columns of a switch. */
export type SwitchValues = EditableRowOf<typeof SWITCH>;

const PORT_COUNT = '(SELECT count(*) FROM ports p WHERE p.switch_id = w.id)';

const SWITCH_LIST: ListShape = {
  resource: SWITCH,
  alias: 'w',
  computed: { portCount: { sql: PORT_COUNT, name: 'port_count' } },
  defaultOrder: 'w.name, w.id',
};

/** One switch by id. */
export function getSwitch(db: Db, id: string): SwitchRow | undefined {
  return prepare(db, `${rowsSelect(SWITCH_LIST)} WHERE w.id = ?`).get(id) as SwitchRow | undefined;
}

/** A switch's name and site by id (CSV and imports name switches). */
export function switchRefById(db: Db, id: string): { name: string; siteId: string } | undefined {
  return prepare(db, 'SELECT name, site_id AS siteId FROM switches WHERE id = ?').get(id) as { name: string; siteId: string } | undefined;
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
  return readRowsPage(db, SWITCH_LIST, switchesQuery(list, filter)) as { rows: SwitchRow[]; total: number };
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
export function insertSwitch(db: Db, id: string, values: SwitchValues, now: string): void {
  insertRow(db, SWITCH, { ...values, id, version: 1, created_at: now, updated_at: now });
}

/** Writes a switch's editable columns and raises its version. */
export function updateSwitch(db: Db, id: string, values: SwitchValues, now: string): void {
  updateRow(db, SWITCH, id, values, now);
}

/** Deletes a switch after recording it, with its ports (far ends of their links unlinked); returns how many ports. */
export function removeSwitch(change: Change, id: string): number {
  change.touch('switch', id);
  const ports = removePorts(change, portIdsOfSwitch(change.db, id));
  deleteEntity(change.db, 'switch', id);
  return ports;
}

/** A switch as the API answers it, with its port count. */
export function switchToApi(row: SwitchRow): ApiRecord {
  return { ...apiOf(SWITCH, row), portCount: row.port_count };
}
