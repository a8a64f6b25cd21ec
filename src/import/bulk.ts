// Bulk import of one kind (`POST /api/import/{entity}`): records from a JSON array or a CSV file, with
// references by id or by name (VLANs by number), every row checked (fields, rules, references, uniqueness
// against the stored data and within the file) before one transaction writes them all with one `import` entry.
// A row with the `id` of a stored record updates it (only the fields the row gives; an empty CSV cell is null),
// a row without one (or with the id of no stored record: a file of another install) creates a record: an exported
// file edited in a spreadsheet imports back as the edit. A row equal to its stored record is left alone and counted
// as unchanged.
import { randomUUID } from 'node:crypto';
import { insertActivity } from '../db/activity.ts';
import { noteEntry, type Actor, type Change } from '../db/change.ts';
import {
  imageToApi,
  KIND_ORDER,
  insertRecords,
  readImage,
  RESOURCES,
  VLAN_LISTS,
  writeImage,
  type Image,
  type Kind,
  type StoredRecord,
} from '../db/images.ts';
import { lagRefById } from '../db/lags.ts';
import { getNetwork, networkIdByName, networksOfSite, overlappingNetwork } from '../db/networks.ts';
import { listAddresses } from '../db/addresses.ts';
import { listRanges } from '../db/ranges.ts';
import { inTransaction, rehearse, type Db } from '../db/open.ts';
import {
  highestUnit,
  insertNumberedPorts,
  nextPosition,
  portIdByName,
  portIdBySpelling,
  portRefById,
  portSwitch,
  setLink,
} from '../db/ports.ts';
import { siteIdByName, siteNameById } from '../db/sites.ts';
import { switchIdByIp, switchIdByMac, switchIdByName, switchIdsOfSite, switchRefById } from '../db/switches.ts';
import { siteOfVlan, usedColors, vlanIdByColor, vlanIdByName, vlanIdByVid } from '../db/vlans.ts';
import { isPlainObject, isUuid, movedFault, toColumns, validateInput, type Resource } from '../fields/field.ts';
import {
  addressRuleFaults,
  networkRuleFaults,
  portRuleFaults,
  rangeRuleFaults,
  switchRuleFaults,
  type RecordLookups,
  type RuleContext,
} from '../fields/record-rules.ts';
import { refusalOf, type RuleFault, RULES, ruleFault } from '../fields/rules.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { keepManagementAddress } from '../domain/management-address.ts';
import { storedInterfaceNames } from '../lib/interface-name.ts';
import { cidrOverlaps, normalizeCidr } from '../lib/net.ts';
import { pickVlanColor } from '../lib/vlan-colors.ts';
import { parseVlanList } from '../lib/vlan-ranges.ts';
import { ascendingUuids } from '../legacy/context.ts';
import { foldCase } from './document.ts';
import { IPAM_RULES, ipamFindings, type IpamAddress, type IpamRange } from './ipam.ts';

/** One record to import: its data row (from 1) and its fields and reference names. */
export interface BulkRow {
  row: number;
  raw: unknown;
}

/** What a bulk import created, updated and left alone (or would); ids of every row, in row order. */
export interface BulkResult {
  created: number;
  updated: number;
  unchanged: number;
  ids: string[];
}

/** The fields given as references, resolved here rather than by validateInput. */
const REFERENCE_FIELDS = new Set([
  'siteId',
  'switchId',
  'vlanId',
  'untaggedVlanId',
  'taggedVlanIds',
  'configuredVlanIds',
  'linkedPortId',
  'networkId',
  'portId',
]);
/** The kinds a bulk import takes (templates and LAGs are nested records: they come in by restore, merge or their own routes). */
export const BULK_KINDS: readonly Kind[] = KIND_ORDER.filter((kind) => kind !== 'template' && kind !== 'lag');

/** Reference-name keys each kind accepts (CSV columns, or JSON keys). */
const NAME_KEYS: Record<Kind, string[]> = {
  site: [],
  vlan: ['site'],
  network: ['site', 'vlan'],
  switch: ['site', 'configuredVlans'],
  port: ['site', 'switch', 'untaggedVlan', 'taggedVlans', 'linkedSite', 'linkedSwitch', 'linkedPort'],
  // An address's `switch` (and switchId) is the switch whose management IP it is: set by the server, ignored here.
  address: ['site', 'network', 'switch', 'port'],
  range: ['site', 'network'],
  template: [],
  lag: [],
};
/** Whether a read-only field is one an import writes (a port's switch, given by name). */
function importWrites(kind: Kind, name: string): boolean {
  return kind === 'port' && name === 'switchId';
}
/** Fields an API answer carries that an import row may hold and that are not written (computed, create-only). */
const NOT_WRITTEN = new Set(['portCount']);
/**
 * A switch's template (templateId, or the CSV's `template` name): made from one by POST /api/switches only, it
 * cannot change; an import ignores it, as it ignores an address's switch, so that an exported file imports back.
 */
const IGNORED: Partial<Record<Kind, ReadonlySet<string>>> = { switch: new Set(['templateId', 'template']) };
const LINK_KEYS = ['linkedPortId', 'linkedSite', 'linkedSwitch', 'linkedPort'];

interface Planned {
  row: number;
  at: string;
  /** The record as it will be stored, in the API's shape. */
  record: StoredRecord;
  /** The stored record a row updates, in the API's shape; undefined for a create. */
  stored?: Record<string, unknown>;
  /** Reference keys as given, for the link pass of ports. */
  refs: Record<string, unknown>;
}

/**
 * Checks every row, then creates and updates them all in one transaction with one `import` entry (nothing on
 * dryRun). `earlier` are faults found while reading the rows (bad CSV cells), reported with the rest.
 */
export function bulkImport(db: Db, actor: Actor, kind: Kind, rows: BulkRow[], dryRun: boolean, earlier: FieldFault[] = []): BulkResult {
  // A dry run writes as the import would and rolls back: what the writes refuse (a switch's management address in a
  // DHCP range), it refuses too.
  return (dryRun ? rehearse : inTransaction)(db, () => {
    const now = new Date().toISOString();
    const faults: RuleFault[] = [...earlier];
    if (rows.length === 0 && earlier.length === 0) faults.push({ field: 'rows', message: 'there is nothing to import' });
    const lookups = newLookups(db);
    // Fresh ids in ascending order, handed out in row order: the id index then grows at its right edge instead of
    // splitting pages all over its B-tree (30,000 addresses go in in half the time).
    const fresh = ascendingUuids(rows.length);
    let next = 0;
    lookups.freshId = () => fresh[next++] ?? randomUUID();
    const planned = rows.flatMap((row) => planRow(db, kind, row, now, faults, lookups) ?? []);
    faults.push(...uniquenessFaults(db, kind, planned));
    if (kind === 'address' || kind === 'range') faults.push(...ipamFaults(db, planned, lookups));
    if (kind === 'vlan') fillColors(db, planned);
    const links = kind === 'port' ? planLinks(db, planned, faults) : new Map<string, string | null>();
    faults.sort((a, b) => rowOf(a) - rowOf(b));
    if (faults.length)
      throw refusalOf(faults, `${faults.length} fault${faults.length === 1 ? '' : 's'} in the import; nothing was imported.`);
    for (const item of planned) if (links.has(item.record.id)) item.record.linkedPortId = links.get(item.record.id);
    const changed = planned.filter((item) => !item.stored || !sameRecord(kind, item.stored, item.record));
    const result: BulkResult = {
      created: planned.filter((item) => !item.stored).length,
      updated: changed.filter((item) => item.stored).length,
      unchanged: planned.length - changed.length,
      ids: planned.map((item) => item.record.id),
    };
    write(db, { actor, dryRun }, kind, changed, links, now, result);
    return result;
  });
}

function rowOf(fault: FieldFault): number {
  return Number(/^rows\[(\d+)\]/.exec(fault.field)?.[1] ?? 0);
}

const validationResources = new Map<Kind, Resource>();

// Made once per kind: validateInput caches what it derives from a resource by the object (a file of 30,000 rows).
function validationResource(kind: Kind): Resource {
  let resource = validationResources.get(kind);
  if (!resource) {
    resource = { ...RESOURCES[kind], fields: RESOURCES[kind].fields.filter((field) => !REFERENCE_FIELDS.has(field.name)) };
    validationResources.set(kind, resource);
  }
  return resource;
}

/**
 * Whether a row's record equals its stored record in every field the import writes. A VLAN list is a set: the
 * stored one comes sorted by id, a row's in the order of its VLAN numbers.
 */
function sameRecord(kind: Kind, stored: Record<string, unknown>, record: Record<string, unknown>): boolean {
  const list = VLAN_LISTS[kind]?.field;
  const value = (name: string, of: Record<string, unknown>) =>
    JSON.stringify(name === list && Array.isArray(of[name]) ? [...(of[name] as string[])].sort() : (of[name] ?? null));
  return RESOURCES[kind].fields.every(
    (field) =>
      (field.readOnly && !importWrites(kind, field.name)) ||
      NOT_WRITTEN.has(field.name) ||
      (!field.column && !VLAN_LISTS[kind]) ||
      value(field.name, stored) === value(field.name, record),
  );
}

function given(refs: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(refs, key);
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function planRow(db: Db, kind: Kind, { row, raw }: BulkRow, now: string, faults: FieldFault[], lookups: Lookups): Planned | undefined {
  const at = `rows[${row}].`;
  if (!isPlainObject(raw)) return void faults.push({ field: `rows[${row}]`, message: 'must be an object' });
  const refs: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'id' || (NOT_WRITTEN.has(key) && present(raw.id)) || IGNORED[kind]?.has(key)) continue;
    if (REFERENCE_FIELDS.has(key) || NAME_KEYS[kind].includes(key)) refs[key] = value;
    else rest[key] = value;
  }
  const start = faults.length;
  const stored = storedOf(db, kind, raw.id, `${at}id`, faults);
  if (faults.length > start) return undefined;
  const checked = validateInput(validationResource(kind), rest, stored ? 'patch' : 'create', at);
  faults.push(...checked.faults);
  const record: StoredRecord = stored
    ? { ...stored, ...checked.values, id: stored.id as string }
    : { ...checked.values, id: lookups.freshId(), version: 1, createdAt: now, updatedAt: now };
  // A port's place is kept when a row leaves it empty (the CSV of a port always has one).
  if (stored && kind === 'port' && record.position === null) record.position = stored.position;
  const item: Planned = { row, at, record, stored, refs };
  if (kind === 'vlan' || kind === 'network' || kind === 'switch') resolveOwnSite(db, item, faults);
  if (kind === 'network') resolveNetwork(db, item, faults, lookups);
  if (kind === 'switch') resolveSwitchRecord(db, item, faults, lookups);
  if (kind === 'port') resolvePort(db, item, faults, lookups);
  if (kind === 'address' || kind === 'range') resolveIpam(db, kind, item, faults, lookups);
  return faults.length === start ? item : undefined;
}

// The stored record a row's id names; undefined for a row without id, or with the id of no stored record (a
// file exported by another install): such a row creates a record under a fresh id. An id that is no UUID is a fault.
function storedOf(db: Db, kind: Kind, id: unknown, field: string, faults: FieldFault[]): Record<string, unknown> | undefined {
  if (!present(id)) return undefined;
  if (!isUuid(id)) return void faults.push({ field, message: 'must be the id (a UUID) of the record to update, or empty to create one' });
  const image = readImage(db, kind, id.toLowerCase());
  return image ? imageToApi(kind, image) : undefined;
}

// The site of a VLAN, network or switch: by siteId or by name; required on create, and an update cannot move a record.
function resolveOwnSite(db: Db, item: Planned, faults: FieldFault[]): void {
  const { refs, record, stored, at } = item;
  if (stored && !given(refs, 'siteId') && !given(refs, 'site')) return;
  if (stored && !present(refs.siteId) && !present(refs.site)) return;
  const siteId = resolveSite(db, refs, at, faults);
  if (!siteId) return;
  if (stored && siteId !== stored.siteId) {
    faults.push({
      field: `${at}${present(refs.siteId) ? 'siteId' : 'site'}`,
      message: 'cannot be changed by an import: the record stays at its site',
    });
    return;
  }
  record.siteId = siteId;
}

function resolveSite(db: Db, refs: Record<string, unknown>, at: string, faults: FieldFault[]): string | undefined {
  if (present(refs.siteId)) {
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

/** How a row names VLANs: the number key (`vlan`) or the id key (`vlanId`), whichever it gives. */
interface VlanKeys {
  byNumber: string;
  byId: string;
}

// One VLAN (a network's, a port's untagged): by number among the VLANs of `siteId`, or by id; null for none.
// Undefined when the row names none (keep what is stored, or null on create).
function resolveVlan(db: Db, item: Planned, siteId: string, keys: VlanKeys, faults: FieldFault[]): string | null | undefined {
  const { refs, at } = item;
  if (given(refs, keys.byNumber) && present(refs[keys.byNumber])) {
    const value = refs[keys.byNumber];
    const vid = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (!(typeof vid === 'number' && Number.isSafeInteger(vid) && vid >= 1 && vid <= 4094))
      return void faults.push({ field: `${at}${keys.byNumber}`, message: 'must be one VLAN number from 1 to 4094' });
    return vlanByNumber(db, siteId, vid, `${at}${keys.byNumber}`, faults) ?? null;
  }
  if (given(refs, keys.byId) && present(refs[keys.byId])) {
    if (isUuid(refs[keys.byId])) return (refs[keys.byId] as string).toLowerCase();
    return void faults.push({ field: `${at}${keys.byId}`, message: 'must be an id (a UUID)' });
  }
  return given(refs, keys.byNumber) || given(refs, keys.byId) ? null : undefined;
}

// A VLAN list (a port's tagged, a switch's configured): numbers and ranges (`10-20;30`, or a list of numbers), or ids.
function resolveVlanList(db: Db, item: Planned, siteId: string, keys: VlanKeys, faults: FieldFault[]): string[] | undefined {
  const { refs, at } = item;
  if (given(refs, keys.byNumber)) {
    const value = refs[keys.byNumber];
    if (value === null || value === undefined) return [];
    const parsed = Array.isArray(value) ? parseVlanList(value.join(',')) : typeof value === 'string' ? parseVlanList(value) : undefined;
    if (!parsed?.ok) {
      faults.push({
        field: `${at}${keys.byNumber}`,
        message: parsed && !parsed.ok ? parsed.reason : 'must be VLAN numbers and ranges like 10-20;30',
      });
      return [];
    }
    return parsed.vlans.flatMap((vid) => vlanByNumber(db, siteId, vid, `${at}${keys.byNumber}`, faults) ?? []);
  }
  if (given(refs, keys.byId)) {
    const value = refs[keys.byId];
    if (value === undefined || value === null) return [];
    if (Array.isArray(value) && value.every(isUuid)) return [...new Set(value.map((id) => (id as string).toLowerCase()))];
    faults.push({ field: `${at}${keys.byId}`, message: 'must be a list of ids (UUIDs)' });
    return [];
  }
  return undefined;
}

function vlanByNumber(db: Db, siteId: string, vid: number, field: string, faults: FieldFault[]): string | undefined {
  const id = vlanIdByVid(db, siteId, vid);
  if (!id) faults.push({ field, message: `site "${siteNameById(db, siteId)}" has no VLAN ${vid}` });
  return id;
}

// VLAN faults of the rules name the id fields; a row that named the VLANs by number hears of its own column.
function renamed(faults: RuleFault[], item: Planned, keys: VlanKeys): RuleFault[] {
  if (!given(item.refs, keys.byNumber)) return faults;
  const idField = new RegExp(`\\.${keys.byId}(\\[\\d+\\])?$`);
  return faults.map((fault) => {
    const field = fault.field.replace(idField, `.${keys.byNumber}`);
    return field === fault.field ? fault : { field, message: fault.message };
  });
}

// The rules judge a row as the API judges a write: its far ends are the import's to point back (planLinks).
function ruleContext(item: Planned): RuleContext {
  return { prefix: item.at, symmetric: false };
}

const NETWORK_VLAN: VlanKeys = { byNumber: 'vlan', byId: 'vlanId' };
const CONFIGURED: VlanKeys = { byNumber: 'configuredVlans', byId: 'configuredVlanIds' };
const UNTAGGED: VlanKeys = { byNumber: 'untaggedVlan', byId: 'untaggedVlanId' };
const TAGGED: VlanKeys = { byNumber: 'taggedVlans', byId: 'taggedVlanIds' };

function resolveNetwork(db: Db, item: Planned, faults: FieldFault[], lookups: Lookups): void {
  const { record } = item;
  const siteId = record.siteId as string | undefined;
  if (siteId) {
    const vlanId = resolveVlan(db, item, siteId, NETWORK_VLAN, faults);
    if (vlanId !== undefined || !item.stored) record.vlanId = vlanId ?? null;
  }
  faults.push(...renamed(networkRuleFaults(record, lookups.rules, ruleContext(item)), item, NETWORK_VLAN));
}

function resolveSwitchRecord(db: Db, item: Planned, faults: FieldFault[], lookups: Lookups): void {
  const { record, at, stored } = item;
  const siteId = record.siteId as string | undefined;
  if (siteId) {
    const configured = resolveVlanList(db, item, siteId, CONFIGURED, faults);
    if (configured !== undefined || !stored) record.configuredVlanIds = configured ?? [];
  }
  faults.push(...renamed(switchRuleFaults(record, lookups.rules, ruleContext(item)), item, CONFIGURED));
  if (stored && typeof record.stackSize === 'number' && record.stackSize < highestUnit(db, record.id))
    faults.push({
      field: `${at}stackSize`,
      message: `must be at least ${highestUnit(db, record.id)}: a port of the switch is on that unit`,
    });
}

function resolveSwitch(db: Db, item: Planned, faults: FieldFault[], lookups: Lookups): { id: string; siteId: string } | undefined {
  const { refs, at, stored } = item;
  if (present(refs.switchId)) {
    const sw = isUuid(refs.switchId) ? lookups.rules.switchOf(refs.switchId.toLowerCase()) : undefined;
    if (sw) return { id: (refs.switchId as string).toLowerCase(), siteId: sw.siteId };
    return void faults.push({
      field: `${at}switchId`,
      message: isUuid(refs.switchId) ? `switch ${refs.switchId} does not exist` : 'must be an id (a UUID)',
    });
  }
  if (stored && !present(refs.switch) && !present(refs.site)) {
    const sw = lookups.rules.switchOf(stored.switchId as string)!;
    return { id: stored.switchId as string, siteId: sw.siteId };
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

// A port's switch, VLANs (numbers of the switch's site, or ids), the link it gives by id, and the rules of a port.
function resolvePort(db: Db, item: Planned, faults: FieldFault[], lookups: Lookups): void {
  const { record, at, stored, refs } = item;
  const sw = resolveSwitch(db, item, faults, lookups);
  if (!sw) return;
  if (stored && sw.id !== stored.switchId) {
    faults.push({ field: `${at}switch`, message: 'cannot be changed by an import: a port stays on its switch' });
    return;
  }
  record.switchId = sw.id;
  const untagged = resolveVlan(db, item, sw.siteId, UNTAGGED, faults);
  if (untagged !== undefined || !stored) record.untaggedVlanId = untagged ?? null;
  const tagged = resolveVlanList(db, item, sw.siteId, TAGGED, faults);
  if (tagged !== undefined || !stored) record.taggedVlanIds = tagged ?? [];
  if (!stored) record.linkedPortId = null;
  if (present(refs.linkedPortId) && !isUuid(refs.linkedPortId))
    faults.push({ field: `${at}linkedPortId`, message: 'must be an id (a UUID)' });
  // The link judged is the one the row gives by id; one given by names is judged as planLinks finds it, a stored one is kept.
  const linkedPortId = present(refs.linkedPortId) && isUuid(refs.linkedPortId) ? refs.linkedPortId.toLowerCase() : null;
  const context = {
    ...ruleContext(item),
    lagMemberWhy: (lagId: string) => `take it out of LAG "${lagRefById(db, lagId)?.name}" first [lag_member]`,
  };
  const ruleFaults = portRuleFaults({ ...record, linkedPortId }, lookups.rules, context);
  faults.push(...renamed(renamed(ruleFaults, item, UNTAGGED), item, TAGGED));
  if (stored?.lagId) faults.push(...lagMemberFaults(db, item, stored.lagId as string));
}

// A LAG member's mode and VLANs are its LAG's (docs/LAGS-TEMPLATES.md): a row may repeat them, not change them
// (that it is no console or management port is a rule of every port's, portRuleFaults).
function lagMemberFaults(db: Db, item: Planned, lagId: string): RuleFault[] {
  const { record, stored, at, refs } = item;
  const lag = lagRefById(db, lagId);
  const message = `is set by LAG "${lag?.name}", of which the port is a member: change the LAG [lag_member]`;
  const canonical = (value: unknown) => JSON.stringify(Array.isArray(value) ? [...value].sort() : (value ?? null));
  const differs = (name: string) => canonical(record[name]) !== canonical(stored?.[name]);
  const column = (keys: VlanKeys) => (given(refs, keys.byNumber) ? keys.byNumber : keys.byId);
  const faults: RuleFault[] = [];
  if (differs('mode')) faults.push(ruleFault(RULES.lagMemberSettings, `${at}mode`, message));
  if (differs('untaggedVlanId')) faults.push(ruleFault(RULES.lagMemberSettings, `${at}${column(UNTAGGED)}`, message));
  if (differs('taggedVlanIds')) faults.push(ruleFault(RULES.lagMemberSettings, `${at}${column(TAGGED)}`, message));
  return faults;
}

/** Names resolved once per import (a file of 30,000 addresses names a few networks and switches many times). */
interface Lookups {
  /** The id of the next created record. */
  freshId(): string;
  siteId(name: string): string | undefined;
  /** The canonical text of a subnet as a row gives it, or undefined when it is none. */
  subnet(text: string): string | undefined;
  network(siteId: string, subnet: string): NetworkRef | undefined;
  networkById(id: string): NetworkRef | undefined;
  /** A port of a site's switch by "<switch> <port>". */
  port(siteId: string, cell: string): string | undefined;
  /** What the rules of a record ask of others (record-rules.ts), each read once; a port found by name is known already. */
  rules: RecordLookups;
}

interface NetworkRef {
  id: string;
  subnet: string;
  siteId: string;
}

/** A lookup by key that reads each key once. */
function memo<T>(read: (key: string) => T | undefined): (key: string) => T | undefined {
  const known = new Map<string, T | undefined>();
  return (key) => {
    if (!known.has(key)) known.set(key, read(key));
    return known.get(key);
  };
}

function newLookups(db: Db): Lookups {
  const sites = new Map<string, string | undefined>();
  const networksBySite = new Map<string, Map<string, NetworkRef>>();
  const switchesBySite = new Map<string, Map<string, string>>();
  const ports = new Map<string, string | undefined>();
  const portsById = new Map<string, { switchId: string; name?: string; linkedPortId?: string | null } | undefined>();
  const siteNetworks = (siteId: string) => {
    let map = networksBySite.get(siteId);
    if (!map) {
      map = new Map(networksOfSite(db, siteId).map((row) => [row.subnet, { id: row.id, subnet: row.subnet, siteId }]));
      networksBySite.set(siteId, map);
    }
    return map;
  };
  const siteSwitches = (siteId: string) => {
    let map = switchesBySite.get(siteId);
    if (!map) {
      map = new Map(switchIdsOfSite(db, siteId).map((id) => [foldCase(switchRefById(db, id)?.name ?? ''), id]));
      switchesBySite.set(siteId, map);
    }
    return map;
  };
  const networkById = memo((id) => {
    const row = getNetwork(db, id);
    return row && { id: row.id, subnet: row.subnet, siteId: row.site_id };
  });
  return {
    freshId: randomUUID,
    subnet: memo((text) => {
      const cidr = normalizeCidr(text);
      return cidr.ok ? cidr.value : undefined;
    }),
    siteId(name) {
      const key = foldCase(name);
      if (!sites.has(key)) sites.set(key, siteIdByName(db, name));
      return sites.get(key);
    },
    network: (siteId, subnet) => siteNetworks(siteId).get(subnet),
    networkById,
    port(siteId, cell) {
      const key = `${siteId}\n${cell}`;
      if (!ports.has(key)) {
        // The longest switch name the cell starts with (followed by a space or "/") whose switch has the rest as a
        // port, in any spelling of its name.
        const switches = siteSwitches(siteId);
        let found: string | undefined;
        for (const cut of [...cell.matchAll(/[ /]/g)].map((match) => match.index).reverse()) {
          const switchId = switches.get(foldCase(cell.slice(0, cut).trim()));
          if (switchId) found = portIdBySpelling(db, switchId, cell.slice(cut + 1).trim());
          if (found) {
            portsById.set(found, { switchId: switchId! });
            break;
          }
        }
        ports.set(key, found);
      }
      return ports.get(key);
    },
    rules: {
      siteOfVlan: memo((id) => siteOfVlan(db, id)),
      switchOf: memo((id) => portSwitch(db, id)),
      port(id) {
        if (!portsById.has(id)) portsById.set(id, portRefById(db, id));
        return portsById.get(id);
      },
      lag: memo((id) => lagRefById(db, id)),
      network: networkById,
    },
  };
}

// An address's or range's network (by networkId, or site name + subnet; an update stays in its network), and an
// address's port (by portId, or "<switch> <port>" of the network's site).
function resolveIpam(db: Db, kind: 'address' | 'range', item: Planned, faults: FieldFault[], lookups: Lookups): void {
  const { refs, record, stored, at } = item;
  const network = resolveNetworkRef(item, faults, lookups);
  if (!network) return;
  if (stored && network.id !== stored.networkId) {
    faults.push({
      field: `${at}${present(refs.networkId) ? 'networkId' : 'network'}`,
      message: `cannot be changed by an import: the ${kind} stays in its network`,
    });
    return;
  }
  record.networkId = network.id;
  if (kind === 'range') return void faults.push(...rangeRuleFaults(record, lookups.rules, ruleContext(item)));
  if (stored?.switchId && record.address !== stored.address) {
    const name = switchRefById(db, stored.switchId as string)?.name;
    faults.push({
      field: `${at}address`,
      message: `is the management IP of switch "${name}": change it through the switch's managementIp`,
    });
  }
  if (present(refs.portId)) {
    if (!isUuid(refs.portId)) return void faults.push({ field: `${at}portId`, message: 'must be an id (a UUID)' });
    record.portId = refs.portId.toLowerCase();
  } else if (present(refs.port)) {
    const cell = String(refs.port).trim();
    const id = lookups.port(network.siteId, cell);
    if (id) record.portId = id;
    else
      faults.push({
        field: `${at}port`,
        message:
          `names no port of a switch of site "${siteNameById(db, network.siteId)}": give the switch's name, ` +
          `a space and the port's name ("core-1 Gi1/0/7")`,
      });
  } else if (given(refs, 'port') || given(refs, 'portId') || !stored) record.portId = null;
  // The port judged is the one the row names: a stored one that the row keeps is not read again.
  const judged = stored && !given(refs, 'port') && !given(refs, 'portId') ? { ...record, portId: null } : record;
  faults.push(...addressRuleFaults(judged, lookups.rules, ruleContext(item)));
}

function resolveNetworkRef(item: Planned, faults: FieldFault[], lookups: Lookups): NetworkRef | undefined {
  const { refs, stored, at } = item;
  if (present(refs.networkId)) {
    const network = isUuid(refs.networkId) ? lookups.networkById(refs.networkId.toLowerCase()) : undefined;
    if (network) return network;
    return void faults.push({
      field: `${at}networkId`,
      message: isUuid(refs.networkId) ? `network ${refs.networkId} does not exist` : 'must be an id (a UUID)',
    });
  }
  if (stored && !present(refs.network) && !present(refs.site)) return lookups.networkById(stored.networkId as string);
  const siteName = text(refs.site);
  const subnetText = text(refs.network);
  if (siteName === undefined) return void faults.push({ field: `${at}site`, message: "is required (the site's name, or networkId)" });
  const siteId = lookups.siteId(siteName);
  if (!siteId) return void faults.push({ field: `${at}site`, message: `there is no site named "${siteName}"` });
  if (subnetText === undefined)
    return void faults.push({ field: `${at}network`, message: "is required (the network's subnet, like 10.0.10.0/24; or networkId)" });
  const subnet = lookups.subnet(subnetText);
  const network = subnet ? lookups.network(siteId, subnet) : undefined;
  if (!network)
    faults.push({ field: `${at}network`, message: `site "${siteName}" has no network ${subnetText} (give the subnet, like 10.0.10.0/24)` });
  return network;
}

// The IPAM rules over the rows and what is stored in their networks (read once per network): an address a usable
// host, once per network and outside every DHCP range; ranges inside the subnet, never overlapping.
function ipamFaults(db: Db, planned: Planned[], lookups: Lookups): RuleFault[] {
  const replaced = new Set(planned.filter((item) => item.stored).map((item) => item.record.id));
  const addresses: IpamAddress[] = [];
  const ranges: IpamRange[] = [];
  const ALL = { limit: Number.MAX_SAFE_INTEGER, offset: 0, sort: undefined, q: undefined };
  for (const networkId of new Set(planned.map((item) => item.record.networkId as string))) {
    for (const row of listAddresses(db, ALL, { networkId }).rows)
      if (!replaced.has(row.id)) addresses.push({ id: row.id, networkId, address: row.address, where: 'a stored address' });
    for (const range of listRanges(db, networkId)) {
      const { id, start_address: start, end_address: end, kind } = range;
      if (!replaced.has(id)) ranges.push({ id, networkId, start, end, kind, where: 'a stored range' });
    }
  }
  for (const { record, at, row } of planned) {
    const base = { id: record.id, networkId: record.networkId as string, at, where: `row ${row}` };
    if (typeof record.address === 'string') addresses.push({ ...base, address: record.address });
    else if (typeof record.start === 'string' && typeof record.end === 'string')
      ranges.push({ ...base, start: record.start, end: record.end, kind: String(record.kind) });
  }
  const findings = ipamFindings((id) => lookups.networkById(id)?.subnet, addresses, ranges);
  return findings.map(({ field, message, code }) => {
    const rule = IPAM_RULES[code];
    return rule ? ruleFault(rule, field, `${message} [${code}]`) : { field, message };
  });
}

// New VLANs without a colour (and updates that clear it) get the first colour their site does not use.
function fillColors(db: Db, planned: Planned[]): void {
  const used = new Map<string, Set<string>>();
  const colorsOf = (siteId: string) => {
    let set = used.get(siteId);
    if (!set) {
      set = usedColors(db, siteId);
      for (const item of planned) if (item.record.siteId === siteId && typeof item.record.color === 'string') set.add(item.record.color);
      used.set(siteId, set);
    }
    return set;
  };
  for (const { record } of planned) {
    if (typeof record.color === 'string') continue;
    const colors = colorsOf(record.siteId as string);
    record.color = pickVlanColor(colors);
    colors.add(record.color as string);
  }
}

// Uniqueness as the schema holds it, against the stored data and within the import.
function uniquenessFaults(db: Db, kind: Kind, planned: Planned[]): RuleFault[] {
  const faults: RuleFault[] = [];
  const seen = new Map<string, number>();
  const check = (key: string, field: string, stored: string | undefined, what: string, item: Planned) => {
    const earlier = seen.get(key);
    const own = item.record.id;
    // A stored record that another row of this import changes may give its value away: judged on the rows then.
    const storedOther = stored && stored !== own && !planned.some((other) => other.stored && other.record.id === stored);
    const rule = field === 'name' ? RULES.nameTaken : RULES.valueTaken;
    if (storedOther) faults.push(ruleFault(rule, item.at + field, `${what} exists already`));
    else if (earlier !== undefined) faults.push(ruleFault(rule, item.at + field, `${what} is also in row ${earlier}`));
    else seen.set(key, item.row);
  };
  const overlaps: Planned[] = [];
  for (const item of planned) {
    const r = item.record;
    const name = r.name as string;
    const site = r.siteId as string;
    if (kind === 'site') check(`s\n${foldCase(name)}`, 'name', siteIdByName(db, name, r.id), `a site named "${name}"`, item);
    if (kind === 'vlan') {
      check(
        `v\n${site}\n${r.vid}`,
        'vid',
        vlanIdByVid(db, site, r.vid as number, r.id),
        `a VLAN of this site with the number ${r.vid}`,
        item,
      );
      check(`n\n${site}\n${foldCase(name)}`, 'name', vlanIdByName(db, site, name, r.id), `a VLAN of this site named "${name}"`, item);
      if (typeof r.color === 'string')
        check(
          `c\n${site}\n${r.color}`,
          'color',
          vlanIdByColor(db, site, r.color, r.id),
          `a VLAN of this site with the colour ${r.color}`,
          item,
        );
    }
    if (kind === 'network') {
      check(`n\n${site}\n${foldCase(name)}`, 'name', networkIdByName(db, site, name, r.id), `a network of this site named "${name}"`, item);
      const stored = overlappingNetwork(db, site, r.subnet as string, r.id);
      const changedToo = stored && planned.some((other) => other.stored && other.record.id === stored.id);
      if (stored && !changedToo)
        faults.push(ruleFault(RULES.subnetsApart, `${item.at}subnet`, `overlaps network "${stored.name}" (${stored.subnet}) of this site`));
      const other = overlaps.find(
        (earlier) => earlier.record.siteId === site && cidrOverlaps(earlier.record.subnet as string, r.subnet as string),
      );
      if (other) faults.push(ruleFault(RULES.subnetsApart, `${item.at}subnet`, `overlaps ${other.record.subnet} of row ${other.row}`));
      overlaps.push(item);
    }
    if (kind === 'switch') {
      check(`w\n${site}\n${foldCase(name)}`, 'name', switchIdByName(db, site, name, r.id), `a switch of this site named "${name}"`, item);
      if (r.macAddress)
        check(
          `m\n${r.macAddress}`,
          'macAddress',
          switchIdByMac(db, r.macAddress as string, r.id),
          `a switch with MAC address ${r.macAddress}`,
          item,
        );
      if (r.managementIp)
        check(
          `i\n${site}\n${r.managementIp}`,
          'managementIp',
          switchIdByIp(db, site, r.managementIp as string, r.id),
          `a switch of this site with ${r.managementIp}`,
          item,
        );
    }
    if (kind === 'port')
      check(
        `p\n${r.switchId}\n${foldCase(name)}`,
        'name',
        portIdByName(db, r.switchId as string, name, r.id),
        `a port of this switch named "${name}"`,
        item,
      );
  }
  return faults;
}

/**
 * Links are symmetric. A row that gives another link than its port has (or clears it) sets its port's; the far
 * ends follow as the API makes them follow: the new far end points back, an earlier far end of either port is cleared. Two rows that
 * claim the same port, or name each other's ports differently, are faults. Answers every port whose link
 * changes, with its new link.
 */
function planLinks(db: Db, planned: Planned[], faults: FieldFault[]): Map<string, string | null> {
  const byName = new Map(planned.map((item) => [`${item.record.switchId}\n${foldCase(item.record.name)}`, item]));
  const explicit = new Map<string, { item: Planned; target: string | null }>();
  for (const item of planned) {
    if (!LINK_KEYS.some((key) => given(item.refs, key))) continue;
    const start = faults.length;
    const target = linkTarget(db, item, byName, faults) ?? null;
    // A row that repeats the stored link (an exported file's other rows) changes nothing: the far ends of the
    // rows that do change may still move it.
    const unchanged = item.stored && target === ((item.stored.linkedPortId as string | null) ?? null);
    if (faults.length === start && !unchanged) explicit.set(item.record.id, { item, target });
  }
  const storedLink = (id: string): string | null => {
    const item = planned.find((other) => other.record.id === id);
    if (item) return item.stored ? ((item.stored.linkedPortId as string | null) ?? null) : null;
    return portRefById(db, id)?.linkedPortId ?? null;
  };
  const sets = new Map<string, string | null>();
  const clears = new Set<string>();
  const claimed = new Map<string, Planned>();
  for (const [portId, { item, target }] of explicit) {
    const field = `${item.at}${given(item.refs, 'linkedPortId') ? 'linkedPortId' : 'linkedPort'}`;
    sets.set(portId, target);
    const before = storedLink(portId);
    if (before && before !== target) clears.add(before);
    if (!target) continue;
    const owner = claimed.get(target);
    if (owner) {
      faults.push({ field, message: `row ${owner.row} links to the same port` });
      continue;
    }
    claimed.set(target, item);
    const back = explicit.get(target);
    if (back && back.target !== portId) {
      faults.push({
        field,
        message: `row ${back.item.row} links that port to ${back.target ? 'another port' : 'no port'} (links are symmetric)`,
      });
      continue;
    }
    if (!back) {
      sets.set(target, portId);
      const farBefore = storedLink(target);
      if (farBefore && farBefore !== portId) clears.add(farBefore);
    }
  }
  const changes = new Map<string, string | null>();
  for (const portId of clears) if (!sets.has(portId)) changes.set(portId, null);
  for (const [portId, target] of sets)
    if (target !== storedLink(portId) || planned.some((p) => !p.stored && p.record.id === portId)) changes.set(portId, target);
  return changes;
}

function linkTarget(db: Db, item: Planned, byName: Map<string, Planned>, faults: FieldFault[]): string | undefined {
  const { refs, record, at } = item;
  // A link by id was judged with the port's rules (resolvePort).
  if (present(refs.linkedPortId)) return (refs.linkedPortId as string).toLowerCase();
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
  const planned = storedInterfaceNames(portName).map((form) => byName.get(`${switchId}\n${foldCase(form)}`)?.record.id);
  const target = planned.find(Boolean) ?? portIdBySpelling(db, switchId, portName);
  if (!target) return void faults.push({ field: `${at}linkedPort`, message: `switch "${switchName}" has no port named "${portName}"` });
  return target;
}

/** Writes the changed rows and what goes with them, and the import's entry (named in the answer unless a dry run's). */
function write(
  db: Db,
  { actor, dryRun }: { actor: Actor; dryRun: boolean },
  kind: Kind,
  changed: Planned[],
  links: Map<string, string | null>,
  now: string,
  result: BulkResult,
): void {
  const positions = new Map<string, number>();
  const touched: { type: string; id: string }[] = [];
  const written = new Set<string>();
  const creates: StoredRecord[] = [];
  for (const { record, stored } of changed) {
    written.add(record.id);
    touched.push({ type: kind, id: record.id });
    if (stored) {
      updateRecord(db, kind, record, now);
      continue;
    }
    if (kind === 'port' && (record.position === null || record.position === undefined)) {
      const switchId = record.switchId as string;
      const position = positions.get(switchId) ?? nextPosition(db, switchId);
      positions.set(switchId, position + 1);
      record.position = position;
    }
    creates.push(record);
  }
  // Created records go in with multi-row INSERTs (30,000 addresses of a CSV in a few statements per thousand).
  insertRecords(db, kind, creates);
  if (kind === 'switch') for (const record of creates) touched.push(...createPorts(db, record, now));
  if (kind === 'switch') keepManagementAddresses(db, changed, now, touched);
  // Far ends that no row writes: their link alone changes.
  for (const [portId, linked] of links) {
    if (written.has(portId)) continue;
    setLink(db, portId, linked, now);
    touched.push({ type: 'port', id: portId });
  }
  const plural = RESOURCES[kind].table;
  const rows = result.created + result.updated + result.unchanged;
  const entryId = randomUUID();
  if (!dryRun) noteEntry(actor, entryId);
  insertActivity(
    db,
    {
      id: entryId,
      at: now,
      user_id: actor.id,
      username: actor.username,
      action: 'import',
      entity_type: kind,
      entity_id: null,
      entity_name: null,
      site_id: null,
      summary: `Imported ${rows} ${rows === 1 ? kind : plural}: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged`,
      changes: JSON.stringify({ created: result.created, updated: result.updated, unchanged: result.unchanged, ids: result.ids }),
      undo_data: null,
      undoable: 0,
      undone_by: null,
      undo_of: null,
    },
    touched,
  );
}

// An update writes the record's editable columns and VLAN list over the stored image, its version raised.
function updateRecord(db: Db, kind: Kind, record: StoredRecord, now: string): void {
  const image = readImage(db, kind, record.id)!;
  const resource = RESOURCES[kind];
  const editable = Object.fromEntries(
    resource.fields
      .filter((field) => field.column && (!field.readOnly || importWrites(kind, field.name)))
      .map((field) => [field.name, record[field.name]]),
  );
  const next: Image = { ...image, ...toColumns(resource, editable) };
  const list = VLAN_LISTS[kind];
  if (list) next[list.image] = (record[list.field] as string[]) ?? [];
  writeImage(db, kind, next, image.version + 1, now);
}

// A switch row may say portCount, as POST /api/switches does: ports named 1…N.
function createPorts(db: Db, sw: StoredRecord, now: string): { type: string; id: string }[] {
  const ids = Array.from({ length: typeof sw.portCount === 'number' ? sw.portCount : 0 }, () => randomUUID());
  insertNumberedPorts(db, sw.id, ids, now);
  return ids.map((id) => ({ type: 'port', id }));
}

/**
 * A switch's management IP kept as an address of its site's network, as its create and update through the API keep
 * it (domain/management-address.ts): for each switch row that sets its IP, site or name. What that refuses (an IP in
 * a DHCP range, recorded for another device) is refused at the row's managementIp.
 */
function keepManagementAddresses(db: Db, changed: Planned[], now: string, touched: { type: string; id: string }[]): void {
  const touch = (type: string, ids: string | Iterable<string>) => {
    for (const id of typeof ids === 'string' ? [ids] : ids) touched.push({ type, id });
  };
  const touchSide = () => {
    throw new Error('a management address writes no side record');
  };
  const change: Change = { db, now, entryId: '', touch, touchSide };
  for (const { at, record, stored } of changed) {
    if (stored && (['managementIp', 'siteId', 'name'] as const).every((field) => stored[field] === record[field])) continue;
    const sw = {
      id: record.id,
      name: String(record.name),
      site_id: String(record.siteId),
      management_ip: (record.managementIp as string) ?? null,
    };
    try {
      keepManagementAddress(change, sw, stored ? String(stored.name) : undefined);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const details = error.details?.map((fault) => movedFault(fault, `${at}${fault.field}`));
      throw new Refusal(error.kind, error.code, `${at.slice(0, -1)}: ${error.message} Nothing was imported.`, details);
    }
  }
}
