// Bulk import of one kind (`POST /api/import/{entity}`): records from a JSON array or a CSV file, with
// references by id or by name, every row checked (fields, rules, references, uniqueness against the stored
// data and within the file) before one transaction creates them all with one `import` entry.
import { randomUUID } from 'node:crypto';
import { insertActivity } from '../db/activity.ts';
import type { Actor } from '../db/change.ts';
import { RESOURCES, insertRecord, type Kind, type StoredRecord } from '../db/images.ts';
import { networkIdByName, networkIdByVlan, siteOfNetwork } from '../db/networks.ts';
import { inTransaction, type Db } from '../db/open.ts';
import { insertNumberedPorts, nextPosition, portIdByName, portRefById, setLink } from '../db/ports.ts';
import { siteIdByName, siteNameById } from '../db/sites.ts';
import { switchIdByIp, switchIdByMac, switchIdByName, switchRefById } from '../db/switches.ts';
import { isPlainObject, isUuid, validateInput, type Resource } from '../fields/field.ts';
import { networkFaults, portFaults } from '../fields/rules.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { parseVlanList } from '../lib/vlan-ranges.ts';
import { foldCase } from './document.ts';

/** One record to import: its data row (from 1) and its fields and reference names. */
export interface BulkRow {
  row: number;
  raw: unknown;
}

/** What a bulk import created (or would). */
export interface BulkResult {
  created: number;
  ids: string[];
}

/** The fields given as references, resolved here rather than by validateInput. */
const REFERENCE_FIELDS = new Set(['siteId', 'switchId', 'untaggedNetworkId', 'taggedNetworkIds', 'linkedPortId']);
/** Reference-name keys each kind accepts (CSV columns, or JSON keys). */
const NAME_KEYS: Record<Kind, string[]> = {
  site: [],
  network: ['site'],
  switch: ['site'],
  port: ['site', 'switch', 'untaggedVlan', 'taggedVlans', 'linkedSite', 'linkedSwitch', 'linkedPort'],
};

interface Planned {
  row: number;
  at: string;
  record: StoredRecord;
  /** Reference keys as given, for the link pass of ports. */
  refs: Record<string, unknown>;
}

/**
 * Checks every row, then creates them all in one transaction with one `import` entry (nothing on dryRun).
 * `earlier` are faults found while reading the rows (bad CSV cells), reported with the rest.
 */
export function bulkImport(db: Db, actor: Actor, kind: Kind, rows: BulkRow[], dryRun: boolean, earlier: FieldFault[] = []): BulkResult {
  return inTransaction(db, () => {
    const now = new Date().toISOString();
    const faults: FieldFault[] = [...earlier];
    if (rows.length === 0 && earlier.length === 0) faults.push({ field: 'rows', message: 'there is nothing to import' });
    const planned = rows.flatMap((row) => planRow(db, kind, row, now, faults) ?? []);
    faults.push(...uniquenessFaults(db, kind, planned));
    const links = kind === 'port' ? planLinks(db, planned, faults) : [];
    faults.sort((a, b) => rowOf(a) - rowOf(b));
    if (faults.length)
      throw new Refusal(
        'invalid',
        'validation_failed',
        `${faults.length} fault${faults.length === 1 ? '' : 's'} in the import; nothing was imported.`,
        faults,
      );
    const ids = planned.map((item) => item.record.id);
    if (!dryRun) write(db, actor, kind, planned, links, now);
    return { created: planned.length, ids };
  });
}

function rowOf(fault: FieldFault): number {
  return Number(/^rows\[(\d+)\]/.exec(fault.field)?.[1] ?? 0);
}

function validationResource(kind: Kind): Resource {
  const resource = RESOURCES[kind];
  return { ...resource, fields: resource.fields.filter((field) => !REFERENCE_FIELDS.has(field.name)) };
}

function planRow(db: Db, kind: Kind, { row, raw }: BulkRow, now: string, faults: FieldFault[]): Planned | undefined {
  const at = `rows[${row}].`;
  if (!isPlainObject(raw)) return void faults.push({ field: `rows[${row}]`, message: 'must be an object' });
  const refs: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'id') continue;
    if (REFERENCE_FIELDS.has(key) || NAME_KEYS[kind].includes(key)) refs[key] = value;
    else rest[key] = value;
  }
  const start = faults.length;
  const checked = validateInput(validationResource(kind), rest, 'create', at);
  faults.push(...checked.faults);
  const record: StoredRecord = { ...checked.values, id: randomUUID(), version: 1, createdAt: now, updatedAt: now };
  if (kind === 'network' || kind === 'switch') record.siteId = resolveSite(db, refs, at, faults);
  if (kind === 'network') faults.push(...networkFaults({ subnet: record.subnet, gateway: record.gateway }, at));
  if (kind === 'port') resolvePort(db, record, refs, at, faults);
  return faults.length === start ? { row, at, record, refs } : undefined;
}

function resolveSite(db: Db, refs: Record<string, unknown>, at: string, faults: FieldFault[]): string | undefined {
  if (refs.siteId !== undefined && refs.siteId !== null && refs.siteId !== '') {
    if (isUuid(refs.siteId) && siteNameById(db, refs.siteId.toLowerCase()) !== undefined) return refs.siteId.toLowerCase();
    return void faults.push({
      field: `${at}siteId`,
      message: isUuid(refs.siteId) ? `site ${refs.siteId} does not exist` : 'must be an id (a UUID)',
    });
  }
  const name = text(refs.site);
  if (name === undefined) return void faults.push({ field: `${at}site`, message: "is required (the site's name, or siteId)" });
  const id = siteIdByName(db, name);
  if (!id) faults.push({ field: `${at}site`, message: `there is no site named "${name}"` });
  return id;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function resolveSwitch(
  db: Db,
  refs: Record<string, unknown>,
  at: string,
  faults: FieldFault[],
): { id: string; siteId: string } | undefined {
  if (refs.switchId !== undefined && refs.switchId !== null && refs.switchId !== '') {
    const sw = isUuid(refs.switchId) ? switchRefById(db, refs.switchId.toLowerCase()) : undefined;
    if (sw) return { id: (refs.switchId as string).toLowerCase(), siteId: sw.siteId };
    return void faults.push({
      field: `${at}switchId`,
      message: isUuid(refs.switchId) ? `switch ${refs.switchId} does not exist` : 'must be an id (a UUID)',
    });
  }
  const siteId = resolveSite(db, refs, at, faults);
  const name = text(refs.switch);
  if (name === undefined)
    return void faults.push({ field: `${at}switch`, message: "is required (the switch's name, with site; or switchId)" });
  if (!siteId) return undefined;
  const id = switchIdByName(db, siteId, name);
  if (!id) return void faults.push({ field: `${at}switch`, message: `site "${siteNameById(db, siteId)}" has no switch named "${name}"` });
  return { id, siteId };
}

// A port's switch, networks (ids, or VLAN numbers of the switch's site) and the rules of rules.ts.
function resolvePort(db: Db, record: StoredRecord, refs: Record<string, unknown>, at: string, faults: FieldFault[]): void {
  const sw = resolveSwitch(db, refs, at, faults);
  if (!sw) return;
  record.switchId = sw.id;
  const vlan = (value: number, field: string) => {
    const id = networkIdByVlan(db, sw.siteId, value);
    if (!id) faults.push({ field, message: `site "${siteNameById(db, sw.siteId)}" has no network with VLAN ${value}` });
    return id ?? null;
  };
  record.untaggedNetworkId =
    refs.untaggedVlan !== undefined && refs.untaggedVlan !== null && refs.untaggedVlan !== ''
      ? untaggedByVlan(refs.untaggedVlan, `${at}untaggedVlan`, vlan, faults)
      : idOrNull(refs.untaggedNetworkId, `${at}untaggedNetworkId`, faults);
  record.taggedNetworkIds =
    refs.taggedVlans !== undefined && refs.taggedVlans !== null
      ? taggedByVlans(refs.taggedVlans, `${at}taggedVlans`, vlan, faults)
      : idList(refs.taggedNetworkIds, `${at}taggedNetworkIds`, faults);
  const ruleFaults = portFaults(record, sw.siteId, (id) => siteOfNetwork(db, id), at).map((fault) => ({
    ...fault,
    field: fault.field.replace(/\.taggedNetworkIds(\[\d+\])?$/, refs.taggedVlans !== undefined ? '.taggedVlans' : '.taggedNetworkIds$1'),
  }));
  faults.push(...ruleFaults);
  record.linkedPortId = null;
}

function untaggedByVlan(
  value: unknown,
  field: string,
  vlan: (value: number, field: string) => string | null,
  faults: FieldFault[],
): string | null {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 && number <= 4094) return vlan(number, field);
  faults.push({ field, message: 'must be one VLAN number from 1 to 4094' });
  return null;
}

function taggedByVlans(
  value: unknown,
  field: string,
  vlan: (value: number, field: string) => string | null,
  faults: FieldFault[],
): string[] {
  const parsed = Array.isArray(value) ? parseVlanList(value.join(',')) : typeof value === 'string' ? parseVlanList(value) : undefined;
  if (!parsed?.ok) {
    faults.push({ field, message: parsed && !parsed.ok ? parsed.reason : 'must be VLAN numbers and ranges like 10-20;30' });
    return [];
  }
  return parsed.vlans.map((number) => vlan(number, field)).filter((id): id is string => id !== null);
}

function idOrNull(value: unknown, field: string, faults: FieldFault[]): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (isUuid(value)) return value.toLowerCase();
  faults.push({ field, message: 'must be an id (a UUID)' });
  return null;
}

function idList(value: unknown, field: string, faults: FieldFault[]): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.every(isUuid)) return [...new Set(value.map((id) => (id as string).toLowerCase()))];
  faults.push({ field, message: 'must be a list of ids (UUIDs)' });
  return [];
}

// Uniqueness as the schema holds it, against the stored data and within the import.
function uniquenessFaults(db: Db, kind: Kind, planned: Planned[]): FieldFault[] {
  const faults: FieldFault[] = [];
  const seen = new Map<string, number>();
  const check = (key: string, field: string, stored: string | undefined, what: string, planned: Planned) => {
    const earlier = seen.get(key);
    if (stored) faults.push({ field: planned.at + field, message: `${what} exists already` });
    else if (earlier !== undefined) faults.push({ field: planned.at + field, message: `${what} is also in row ${earlier}` });
    else seen.set(key, planned.row);
  };
  for (const item of planned) {
    const r = item.record;
    const name = r.name as string;
    if (kind === 'site') check(`s\n${foldCase(name)}`, 'name', siteIdByName(db, name), `a site named "${name}"`, item);
    if (kind === 'network') {
      check(
        `n\n${r.siteId}\n${foldCase(name)}`,
        'name',
        networkIdByName(db, r.siteId as string, name),
        `a network of this site named "${name}"`,
        item,
      );
      check(
        `v\n${r.siteId}\n${r.vlanId}`,
        'vlanId',
        networkIdByVlan(db, r.siteId as string, r.vlanId as number),
        `a network of this site with VLAN ${r.vlanId}`,
        item,
      );
    }
    if (kind === 'switch') {
      check(
        `w\n${r.siteId}\n${foldCase(name)}`,
        'name',
        switchIdByName(db, r.siteId as string, name),
        `a switch of this site named "${name}"`,
        item,
      );
      if (r.macAddress)
        check(
          `m\n${r.macAddress}`,
          'macAddress',
          switchIdByMac(db, r.macAddress as string),
          `a switch with MAC address ${r.macAddress}`,
          item,
        );
      if (r.managementIp)
        check(
          `i\n${r.siteId}\n${r.managementIp}`,
          'managementIp',
          switchIdByIp(db, r.siteId as string, r.managementIp as string),
          `a switch of this site with ${r.managementIp}`,
          item,
        );
    }
    if (kind === 'port')
      check(
        `p\n${r.switchId}\n${foldCase(name)}`,
        'name',
        portIdByName(db, r.switchId as string, name),
        `a port of this switch named "${name}"`,
        item,
      );
  }
  return faults;
}

/** A stored port whose link changes: it gets `linkedPortId` (null clears an earlier link). */
type LinkChange = [portId: string, linkedPortId: string | null];

// Links are symmetric: a row's link to another row must be answered by that row (or that row names none);
// a link to a stored port takes it over and clears the stored port's earlier link, as the API does.
function planLinks(db: Db, planned: Planned[], faults: FieldFault[]): LinkChange[] {
  const byName = new Map(planned.map((item) => [`${item.record.switchId}\n${foldCase(item.record.name)}`, item]));
  const byId = new Map(planned.map((item) => [item.record.id, item]));
  const targets = new Map<Planned, string>();
  for (const item of planned) {
    const target = linkTarget(db, item, byName, faults);
    if (target) targets.set(item, target);
  }
  const changes: LinkChange[] = [];
  const clears = new Set<string>();
  const claimed = new Map<string, Planned>();
  for (const [item, target] of targets) {
    const field = `${item.at}${item.refs.linkedPortId !== undefined ? 'linkedPortId' : 'linkedPort'}`;
    const other = byId.get(target);
    const owner = claimed.get(target);
    if (owner && owner !== item) {
      faults.push({ field, message: `row ${owner.row} links to the same port` });
      continue;
    }
    claimed.set(target, item);
    if (other) {
      const back = targets.get(other);
      if (back !== undefined && back !== item.record.id)
        faults.push({ field, message: `row ${other.row} links that port to another port (links are symmetric)` });
      item.record.linkedPortId = target;
      other.record.linkedPortId ??= item.record.id;
      continue;
    }
    item.record.linkedPortId = target;
    const earlier = portRefById(db, target)?.linkedPortId;
    if (earlier) clears.add(earlier);
    changes.push([target, item.record.id]);
  }
  // Earlier links are cleared first, except on a stored port that this import links anew.
  const linkedAnew = new Set(changes.map(([portId]) => portId));
  return [...[...clears].filter((portId) => !linkedAnew.has(portId)).map((portId): LinkChange => [portId, null]), ...changes];
}

function linkTarget(db: Db, item: Planned, byName: Map<string, Planned>, faults: FieldFault[]): string | undefined {
  const { refs, record, at } = item;
  if (refs.linkedPortId !== undefined && refs.linkedPortId !== null && refs.linkedPortId !== '') {
    const id = isUuid(refs.linkedPortId) ? refs.linkedPortId.toLowerCase() : undefined;
    const port = id && portRefById(db, id);
    if (!id || !port)
      return void faults.push({ field: `${at}linkedPortId`, message: id ? `port ${id} does not exist` : 'must be an id (a UUID)' });
    if (port.switchId === record.switchId)
      return void faults.push({ field: `${at}linkedPortId`, message: 'must be a port of another switch' });
    return id;
  }
  const switchName = text(refs.linkedSwitch);
  const portName = text(refs.linkedPort);
  if (switchName === undefined && portName === undefined) return undefined;
  if (switchName === undefined || portName === undefined) {
    return void faults.push({
      field: `${at}${switchName === undefined ? 'linkedSwitch' : 'linkedPort'}`,
      message: 'is needed with the other of linkedSwitch and linkedPort',
    });
  }
  const ownSite = switchRefById(db, record.switchId as string)?.siteId;
  const siteName = text(refs.linkedSite);
  const siteId = siteName === undefined ? ownSite : siteIdByName(db, siteName);
  if (!siteId) return void faults.push({ field: `${at}linkedSite`, message: `there is no site named "${siteName}"` });
  const switchId = switchIdByName(db, siteId, switchName);
  if (!switchId)
    return void faults.push({
      field: `${at}linkedSwitch`,
      message: `site "${siteNameById(db, siteId)}" has no switch named "${switchName}"`,
    });
  if (switchId === record.switchId)
    return void faults.push({ field: `${at}linkedSwitch`, message: "must be another switch than the port's own" });
  const target = byName.get(`${switchId}\n${foldCase(portName)}`)?.record.id ?? portIdByName(db, switchId, portName);
  if (!target) return void faults.push({ field: `${at}linkedPort`, message: `switch "${switchName}" has no port named "${portName}"` });
  return target;
}

function write(db: Db, actor: Actor, kind: Kind, planned: Planned[], links: LinkChange[], now: string): void {
  const positions = new Map<string, number>();
  const touched: { type: string; id: string }[] = [];
  for (const { record } of planned) {
    if (kind === 'port' && (record.position === null || record.position === undefined)) {
      const switchId = record.switchId as string;
      const position = positions.get(switchId) ?? nextPosition(db, switchId);
      positions.set(switchId, position + 1);
      record.position = position;
    }
    insertRecord(db, kind, record);
    touched.push({ type: kind, id: record.id });
    if (kind === 'switch') touched.push(...createPorts(db, record, now));
  }
  for (const [portId, linked] of links) {
    setLink(db, portId, linked, now);
    touched.push({ type: 'port', id: portId });
  }
  const plural = RESOURCES[kind].table;
  insertActivity(
    db,
    {
      id: randomUUID(),
      at: now,
      user_id: actor.id,
      username: actor.username,
      action: 'import',
      entity_type: kind,
      entity_id: null,
      entity_name: null,
      site_id: null,
      summary: `Imported ${planned.length} ${planned.length === 1 ? kind : plural}`,
      changes: JSON.stringify({ created: planned.length, ids: planned.map((item) => item.record.id) }),
      undo_data: null,
      undoable: 0,
      undone_by: null,
      undo_of: null,
    },
    touched,
  );
}

// A switch row may say portCount, as POST /api/switches does: ports named 1…N.
function createPorts(db: Db, sw: StoredRecord, now: string): { type: string; id: string }[] {
  const ids = Array.from({ length: typeof sw.portCount === 'number' ? sw.portCount : 0 }, () => randomUUID());
  insertNumberedPorts(db, sw.id, ids, now);
  return ids.map((id) => ({ type: 'port', id }));
}
