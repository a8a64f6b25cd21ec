// The backup export of ezSWM's newer releases (0.32: `{ version, created_at, schema: "sqlite-v1", data }`, the
// shape in ../shared/fixtures/ezswm-0.20.3/README.md) as a bundle of the 0.20.3 files, so that the one reader of
// ezswm.ts takes it in with the same mapping and fixes: rows are the SQLite columns with the 0.20.3 field names,
// ports are a table of their own (`switch_id`), JSON held in strings is parsed, the lists are named in camelCase.
// Public tokens are rows as in public-tokens.json; topology layouts (rows of site_id, node_positions as JSON in a
// string, updated_at) become the object keyed by site id that topology-layouts.json is. Settings stay out, as
// settings.json does. Pure: no I/O.
import { isPlainObject } from '../fields/field.ts';
import { idKey } from './context.ts';
import type { LegacyBundle, LegacyFault, LegacyKind } from './types.ts';

/** The schema name of an ezSWM backup export. */
export const EZSWM_BACKUP_SCHEMA = 'sqlite-v1';

/** The backup's lists and the 0.20.3 files they become. */
const LISTS: Record<string, LegacyKind> = {
  sites: 'sites',
  users: 'users',
  vlans: 'vlans',
  networks: 'networks',
  switches: 'switches',
  ipAllocations: 'ip-allocations',
  ipRanges: 'ip-ranges',
  layoutTemplates: 'layout-templates',
  lagGroups: 'lag-groups',
  publicTokens: 'public-tokens',
  activity: 'activity',
};

/** Fields that the backup holds as JSON in strings, per list. */
const JSON_FIELDS: Record<string, string[]> = {
  switches: ['tags', 'configured_vlans'],
  ports: ['tagged_vlans', 'poe'],
  networks: ['dns_servers'],
  layoutTemplates: ['units'],
  activity: ['changes', 'previous_state', 'metadata'],
};

/** Whether a body is an ezSWM backup export. */
export function isEzswmBackup(body: unknown): boolean {
  return isPlainObject(body) && body.schema === EZSWM_BACKUP_SCHEMA;
}

/**
 * The bundle of 0.20.3 files an ezSWM backup holds: each list under its file's kind, each port inside its
 * switch (in the backup's order). Faults for a backup that has not that shape: no `data`, a list that is not a
 * list, a port of no switch of the backup.
 */
export function bundleOfEzswmBackup(body: Record<string, unknown>): { bundle: LegacyBundle; faults: LegacyFault[] } {
  const faults: LegacyFault[] = [];
  const bundle: LegacyBundle = {};
  const { data } = body;
  if (!isPlainObject(data)) {
    faults.push({ file: 'sites.json', id: null, index: null, field: '', reason: 'the backup has no data { sites, switches, ports, ... }' });
    return { bundle, faults };
  }
  for (const [list, kind] of Object.entries(LISTS)) {
    const rows = data[list];
    if (rows === undefined || rows === null) continue;
    if (!Array.isArray(rows)) {
      faults.push({
        file: `${kind}.json` as LegacyFault['file'],
        id: null,
        index: null,
        field: '',
        reason: `data.${list} must be a list of rows`,
      });
      continue;
    }
    bundle[kind] = rows.map((row) => parsed(row, JSON_FIELDS[list]));
  }
  const layouts = data.topologyLayouts;
  if (layouts !== undefined && layouts !== null) {
    if (Array.isArray(layouts)) bundle['topology-layouts'] = layoutsBySite(layouts);
    else
      faults.push({
        file: 'topology-layouts.json',
        id: null,
        index: null,
        field: '',
        reason: 'data.topologyLayouts must be a list of rows',
      });
  }
  const ports = data.ports;
  if (ports === undefined || ports === null) return { bundle, faults };
  if (!Array.isArray(ports)) {
    faults.push({ file: 'switches.json', id: null, index: null, field: 'ports', reason: 'data.ports must be a list of rows' });
    return { bundle, faults };
  }
  nestPorts(bundle, ports, faults);
  return { bundle, faults };
}

/** Puts each port row into its switch's `ports`, without its `switch_id`. */
function nestPorts(bundle: LegacyBundle, ports: unknown[], faults: LegacyFault[]): void {
  const switches = Array.isArray(bundle.switches) ? (bundle.switches as unknown[]) : [];
  const byId = new Map<string, Record<string, unknown>[]>();
  for (const sw of switches) {
    const key = isPlainObject(sw) ? idKey(sw.id) : undefined;
    if (key === undefined || byId.has(key)) continue;
    const list: Record<string, unknown>[] = [];
    byId.set(key, list);
    (sw as Record<string, unknown>).ports = list;
  }
  ports.forEach((row, index) => {
    const port = parsed(row, JSON_FIELDS.ports);
    if (!isPlainObject(port)) {
      faults.push({
        file: 'switches.json',
        id: null,
        index: null,
        field: `ports[${index}]`,
        reason: 'data.ports: a row must be a JSON object',
      });
      return;
    }
    const { switch_id: switchId, ...rest } = port;
    const list = byId.get(idKey(switchId) ?? '');
    if (list) list.push(rest);
    else
      faults.push({
        file: 'switches.json',
        id: idKey(port.id) ?? null,
        index: null,
        field: 'switch_id',
        reason: `data.ports: the port's switch ${String(switchId)} is not in data.switches`,
      });
  });
}

/**
 * The backup's layout rows as topology-layouts.json holds them: `{ <site_id>: { node_positions, updated_at } }`.
 * A row that is not an object, or has no site_id, is kept under a key of its own, for the reader to name.
 */
function layoutsBySite(rows: unknown[]): Record<string, unknown> {
  const bySite: Record<string, unknown> = {};
  rows.forEach((row, index) => {
    const layout = parsed(row, ['node_positions']);
    const key = isPlainObject(layout) ? idKey(layout.site_id) : undefined;
    if (!isPlainObject(layout) || key === undefined) {
      bySite[`data.topologyLayouts[${index}]`] = layout;
      return;
    }
    const { site_id: _site, ...rest } = layout;
    bySite[key] = rest;
  });
  return bySite;
}

/** A row with its JSON-in-string fields parsed (a string that is not JSON is left for the field rules to name). */
function parsed(row: unknown, fields: string[] | undefined): unknown {
  if (!isPlainObject(row) || !fields) return row;
  const copy: Record<string, unknown> = { ...row };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value !== 'string') continue;
    try {
      copy[field] = JSON.parse(value);
    } catch {
      // Kept as the text it is.
    }
  }
  return copy;
}

/** A fix as the legacy reader names it: the file and record of the 0.20.x files it read. */
interface NamedFix {
  file: string;
  id: string;
  field: string;
}

/**
 * Fixes named in the backup's own terms, where the reader named the 0.20.x files it made of it: `data.<list>` for
 * `<kind>.json`, and a port (`switches.json`, its switch's id, `ports[7].access_vlan`) as `data.ports`, its own id
 * and `access_vlan`, with `record` naming the port and its switch ("port 1/1/7 of switch acc-bib").
 */
export function fixesInBackupTerms<F extends NamedFix>(body: Record<string, unknown>, fixes: F[]): (F & { record?: string })[] {
  const data = isPlainObject(body.data) ? body.data : {};
  const listOf = new Map<string, string>(Object.entries(LISTS).map(([list, kind]) => [`${kind}.json`, list]));
  listOf.set('settings.json', 'settings');
  const portsBySwitch = portRowsBySwitch(data.ports);
  const switchNames = new Map(rowsOf(data.switches).map((sw) => [idKey(sw.id), String(sw.name ?? '')]));
  return fixes.map((fix) => {
    const list = listOf.get(fix.file);
    if (!list) return fix;
    const port = /^ports\[(\d+)\]\.?(.*)$/.exec(fix.field);
    const row = list === 'switches' && port ? portsBySwitch.get(fix.id)?.[Number(port[1])] : undefined;
    if (!row || !port) return { ...fix, file: `data.${list}` };
    const record = `port ${String(row.label ?? row.name ?? '')} of switch ${switchNames.get(fix.id) ?? fix.id}`;
    return { ...fix, file: 'data.ports', id: idKey(row.id) ?? fix.id, field: port[2], record };
  });
}

/** The backup's port rows of each switch, in the order nestPorts gave the reader them. */
function portRowsBySwitch(ports: unknown): Map<string | undefined, Record<string, unknown>[]> {
  const bySwitch = new Map<string | undefined, Record<string, unknown>[]>();
  for (const row of rowsOf(ports)) {
    const key = idKey(row.switch_id);
    const rows = bySwitch.get(key) ?? [];
    rows.push(row);
    bySwitch.set(key, rows);
  }
  return bySwitch;
}

function rowsOf(list: unknown): Record<string, unknown>[] {
  return Array.isArray(list) ? list.filter(isPlainObject) : [];
}
