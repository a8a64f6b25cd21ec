import { ADDRESS } from '../fields/addresses.ts';
import { LAG } from '../fields/lags.ts';
import { NETWORK } from '../fields/networks.ts';
import { PORT } from '../fields/ports.ts';
import { RANGE } from '../fields/ranges.ts';
import { SITE } from '../fields/sites.ts';
import { SWITCH } from '../fields/switches.ts';
import { TEMPLATE } from '../fields/templates.ts';
import { VLAN } from '../fields/vlans.ts';
import {
  checkValue,
  columnFields,
  isPlainObject,
  isUuid,
  rowToApi,
  toColumns,
  toColumnValue,
  type Field,
  type Resource,
} from '../fields/field.ts';
import { lagFaults, networkFaults, portFaults, rangeShapeFaults } from '../fields/rules.ts';
import type { FieldFault } from '../errors/refusal.ts';
import type { Change } from './change.ts';
import { prepare, type Db } from './open.ts';
import { columnsOf, insertApiRecord, insertApiRecords, insertRow, overwriteRow } from './resource-sql.ts';

const DECLARED = {
  site: SITE,
  vlan: VLAN,
  network: NETWORK,
  range: RANGE,
  template: TEMPLATE,
  switch: SWITCH,
  lag: LAG,
  port: PORT,
  address: ADDRESS,
};

/** The inventory kinds whose changes the activity log records and can undo. */
export type Kind = keyof typeof DECLARED;

/** The kinds' one table: the resource declaration of each, which names its singular (`type`) and plural (`table`). */
export const RESOURCES: Readonly<Record<Kind, Resource>> = DECLARED;

/**
 * Parents before children: the order to insert in; deletes run the other way (an address names a network, a port and
 * a switch; a port its LAG; a switch its template).
 */
export const KIND_ORDER: readonly Kind[] = ['site', 'vlan', 'network', 'range', 'template', 'switch', 'lag', 'port', 'address'];

/** The plural of each kind, which is also its table and its list in a backup document (`switches`). */
export type KindPlural = (typeof DECLARED)[Kind]['table'];

/** The plurals, in KIND_ORDER. */
export const KIND_PLURALS: readonly KindPlural[] = KIND_ORDER.map((kind) => DECLARED[kind].table);

/** The kind of each plural. */
export const KIND_OF: Readonly<Record<KindPlural, Kind>> = Object.fromEntries(
  KIND_ORDER.map((kind) => [DECLARED[kind].table, kind]),
) as Record<KindPlural, Kind>;

/** One value per plural (`{ sites: …, networks: …, … }`), each made by `make`. */
export function perPlural<T>(make: (plural: KindPlural) => T): Record<KindPlural, T> {
  return Object.fromEntries(KIND_PLURALS.map((plural) => [plural, make(plural)])) as Record<KindPlural, T>;
}

/** The plural of a kind (`switches`). */
export function pluralOf(kind: Kind): KindPlural {
  return DECLARED[kind].table;
}

/** Whether a text names a kind (`switch`). */
export function isKind(text: string): text is Kind {
  return Object.hasOwn(DECLARED, text);
}

/** The kind a plural names (a path segment like `switches`), or undefined. */
export function kindOfPlural(plural: string): Kind | undefined {
  return Object.hasOwn(KIND_OF, plural) ? KIND_OF[plural as KindPlural] : undefined;
}

/**
 * A list of VLAN ids that a kind keeps in a table of its own (a port's tagged VLANs, a switch's configured
 * VLANs): its API field, its table and columns, and its key in an image.
 */
interface VlanList {
  field: 'taggedVlanIds' | 'configuredVlanIds';
  table: 'port_tagged_vlans' | 'switch_configured_vlans' | 'lag_tagged_vlans';
  owner: 'port_id' | 'switch_id' | 'lag_id';
  image: 'tagged' | 'configured';
}

/** The VLAN lists of the kinds that have one. */
export const VLAN_LISTS: Partial<Record<Kind, VlanList>> = {
  port: { field: 'taggedVlanIds', table: 'port_tagged_vlans', owner: 'port_id', image: 'tagged' },
  switch: { field: 'configuredVlanIds', table: 'switch_configured_vlans', owner: 'switch_id', image: 'configured' },
  lag: { field: 'taggedVlanIds', table: 'lag_tagged_vlans', owner: 'lag_id', image: 'tagged' },
};

/** A stored row, as SELECT returns it; a port's image also holds its tagged VLAN ids, a switch's its configured ones. */
export type Image = Record<string, unknown> & { id: string; version: number; tagged?: string[]; configured?: string[] };

/** Images keyed by kind, then id; null means the entity did not exist. */
export type ImageSet = Partial<Record<Kind, Record<string, Image | null>>>;

function columns(kind: Kind): readonly string[] {
  return columnsOf(RESOURCES[kind]);
}

/**
 * The rowids of removed rows keyed by kind, then id: where an undo inserts each again, so that the export, which lists
 * rows in rowid order, lists it where it was.
 */
export type RowidSet = Partial<Record<Kind, Record<string, number>>>;

/** The current image of one entity, or null when it does not exist. */
export function readImage(db: Db, kind: Kind, id: string): Image | null {
  return readStored(db, kind, id)?.image ?? null;
}

/** The current image of one entity and its rowid, or undefined when it does not exist. */
export function readStored(db: Db, kind: Kind, id: string): { image: Image; rowid: number } | undefined {
  const { table } = RESOURCES[kind];
  const sql = `SELECT rowid AS "rowid", ${columns(kind).join(', ')} FROM ${table} WHERE id = ?`;
  const found = prepare(db, sql).get(id) as (Image & { rowid: number }) | undefined;
  if (!found) return undefined;
  const { rowid, ...image } = found;
  const list = VLAN_LISTS[kind];
  if (list) image[list.image] = listedVlanIds(db, list, id);
  return { image, rowid };
}

/** The stored version of one entity, or undefined when it does not exist. */
export function currentVersion(db: Db, kind: Kind, id: string): number | undefined {
  return (prepare(db, `SELECT version FROM ${RESOURCES[kind].table} WHERE id = ?`).get(id) as { version: number } | undefined)?.version;
}

/** The VLAN ids of an owner's list, sorted. */
function listedVlanIds(db: Db, list: VlanList, ownerId: string): string[] {
  const rows = prepare(db, `SELECT vlan_id FROM ${list.table} WHERE ${list.owner} = ? ORDER BY vlan_id`).all(ownerId) as {
    vlan_id: string;
  }[];
  return rows.map((row) => row.vlan_id);
}

/** The tagged VLAN ids of a port, sorted. */
export function taggedVlanIds(db: Db, portId: string): string[] {
  return listedVlanIds(db, VLAN_LISTS.port!, portId);
}

/** The configured VLAN ids of a switch, sorted. */
export function configuredVlanIds(db: Db, switchId: string): string[] {
  return listedVlanIds(db, VLAN_LISTS.switch!, switchId);
}

/**
 * Makes an owner's VLAN list exactly `vlanIds`, writing only the difference: an edit of a trunk's description
 * then writes no tagged rows at all (each row written is index pages in the commit's fsync).
 */
export function setVlanList(db: Db, kind: 'port' | 'switch' | 'lag', ownerId: string, vlanIds: readonly string[]): void {
  const list = VLAN_LISTS[kind]!;
  const current = new Set(listedVlanIds(db, list, ownerId));
  const wanted = new Set(vlanIds);
  const remove = prepare(db, `DELETE FROM ${list.table} WHERE ${list.owner} = ? AND vlan_id = ?`);
  for (const vlanId of current) if (!wanted.has(vlanId)) remove.run(ownerId, vlanId);
  insertListed(
    db,
    list,
    ownerId,
    [...wanted].filter((vlanId) => !current.has(vlanId)),
  );
}

/** Makes a port's tagged VLANs exactly `vlanIds`. */
export function setTagged(db: Db, portId: string, vlanIds: readonly string[]): void {
  setVlanList(db, 'port', portId, vlanIds);
}

/**
 * Adds VLANs to an owner's list that it does not hold yet, in one statement for all of them (a trunk has
 * 5–20), in key order, so that the rows of ports written in id order go in at the right edge of the B-tree.
 */
function insertListed(db: Db, list: VlanList, ownerId: string, vlanIds: readonly string[]): void {
  if (vlanIds.length === 0) return;
  const values = vlanIds.map(() => '(?, ?)').join(', ');
  prepare(db, `INSERT INTO ${list.table} (${list.owner}, vlan_id) VALUES ${values}`).run(
    ...[...vlanIds].sort().flatMap((vlanId) => [ownerId, vlanId]),
  );
}

/** A checked inventory record in the API's shape, with its id, version and timestamps (restore, merge, bulk import). */
export type StoredRecord = Record<string, unknown> & { id: string };

/** Inserts a whole record in the API's shape (id, version and timestamps as given), with its VLAN list. */
export function insertRecord(db: Db, kind: Kind, record: StoredRecord): void {
  insertApiRecord(db, RESOURCES[kind], record);
  const list = VLAN_LISTS[kind];
  if (list) insertListed(db, list, record.id, (record[list.field] as string[] | undefined) ?? []);
}

/** insertRecord for many records of one kind (a bulk load): rows and VLAN lists in multi-row statements. */
export function insertRecords(db: Db, kind: Kind, records: readonly StoredRecord[]): void {
  insertApiRecords(db, RESOURCES[kind], records);
  const list = VLAN_LISTS[kind];
  if (!list) return;
  // The pairs as one flat list of values (owner id, VLAN id, owner id, …), each owner's VLANs in order.
  const values: string[] = [];
  for (const record of records) {
    const ids = record[list.field] as string[] | undefined;
    if (!ids || ids.length === 0) continue;
    for (const vlanId of ids.length > 1 ? [...ids].sort() : ids) values.push(record.id, vlanId);
  }
  const sqlOf = (rows: number) => `INSERT INTO ${list.table} (${list.owner}, vlan_id) VALUES ${Array(rows).fill('(?, ?)').join(', ')}`;
  const full = sqlOf(LIST_ROWS_PER_INSERT);
  for (let start = 0; start < values.length; start += 2 * LIST_ROWS_PER_INSERT) {
    const chunk = values.slice(start, start + 2 * LIST_ROWS_PER_INSERT);
    prepare(db, chunk.length === 2 * LIST_ROWS_PER_INSERT ? full : sqlOf(chunk.length / 2)).run(...chunk);
  }
}

const LIST_ROWS_PER_INSERT = 1024;

/** Removes every site, VLAN, network, range, template, switch, LAG, port, address and activity entry (a restore replaces them all). */
export function deleteInventoryAndActivity(db: Db): void {
  prepare(db, 'UPDATE ports SET linked_port_id = NULL').run();
  const tables = [
    'activity_entities',
    'activity',
    'port_tagged_vlans',
    'switch_configured_vlans',
    'lag_tagged_vlans',
    'user_favorite_switches',
    ...[...KIND_PLURALS].reverse(),
  ];
  for (const table of tables) prepare(db, `DELETE FROM ${table}`).run();
}

/** Deletes an entity after recording it (its before-image, for undo). */
export function removeEntity(change: Pick<Change, 'db' | 'touch'>, kind: Kind, id: string): void {
  change.touch(kind, id);
  deleteEntity(change.db, kind, id);
}

/** Deletes an entity (with its VLAN list; a switch also from everyone's favourites). */
export function deleteEntity(db: Db, kind: Kind, id: string): void {
  const list = VLAN_LISTS[kind];
  if (list) prepare(db, `DELETE FROM ${list.table} WHERE ${list.owner} = ?`).run(id);
  if (kind === 'switch') prepare(db, 'DELETE FROM user_favorite_switches WHERE switch_id = ?').run(id);
  prepare(db, `DELETE FROM ${RESOURCES[kind].table} WHERE id = ?`).run(id);
}

/** Writes an image back: updates the row when it exists, inserts it otherwise (at `rowid` when free); `version` is given. */
export function writeImage(db: Db, kind: Kind, image: Image, version: number, now: string, rowid?: number): void {
  // A column the image does not have (an entry written before a migration added it: a port's lag_id, a switch's
  // template_id) keeps its current value: an old undo never clears what it did not know of.
  const current = readImage(db, kind, image.id);
  const written: Image = { ...current, ...image };
  const row: Record<string, unknown> = { ...written, version, updated_at: now };
  if (current) overwriteRow(db, RESOURCES[kind], image.id, row);
  else insertRow(db, RESOURCES[kind], row, rowid);
  const list = VLAN_LISTS[kind];
  if (list) setVlanList(db, kind as 'port' | 'switch' | 'lag', image.id, written[list.image] ?? []);
}

/** The API's view of an image (camelCase, booleans), for before/after diffs. */
export function imageToApi(kind: Kind, image: Image): Record<string, unknown> {
  const api = rowToApi(RESOURCES[kind], image);
  const list = VLAN_LISTS[kind];
  if (list) api[list.field] = image[list.image] ?? [];
  return api;
}

/** An image with some fields set to API values (a VLAN list field to its ids, sorted as an image holds them). */
export function withApiValues(kind: Kind, image: Image, values: Record<string, unknown>): Image {
  const changed: Image = { ...image, ...toColumns(RESOURCES[kind], values) };
  const list = VLAN_LISTS[kind];
  if (list && Array.isArray(values[list.field])) changed[list.image] = [...(values[list.field] as string[])].sort();
  return changed;
}

const NOT_DIFFED = new Set(['version', 'updatedAt', 'createdAt']);

/** `{ field: [before, after] }` for every field that differs between two images of one entity. */
export function diffImages(kind: Kind, before: Image | null, after: Image | null): Record<string, [unknown, unknown]> {
  const a = before ? imageToApi(kind, before) : {};
  const b = after ? imageToApi(kind, after) : {};
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (NOT_DIFFED.has(field)) continue;
    const from = a[field] ?? null;
    const to = b[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = [from, to];
  }
  return changes;
}

/**
 * Every way stored undo data breaks the rules an undo relies on, with paths under `prefix`
 * (`before.switch.<id>.macAddress`): it must be `{ before, after }`, images keyed by kind, then by lower-case id (and
 * `rowids`, a RowidSet, where the change removed rows);
 * each entity in both (or in neither); each image null or what a SELECT of that row gives: only its columns (a
 * port's and a LAG's also `tagged`, a switch's `configured`), each value in the form the API stores after its field rules (validateInput's checkValue)
 * and the rules across fields of rules.ts. Which VLANs a port may carry depends on the data at the time of the
 * undo; undoEntry checks that after writing. Restore checks every image with this, and so does every undo.
 */
export function undoDataFaults(raw: unknown, prefix = ''): FieldFault[] {
  if (!isPlainObject(raw) || !isPlainObject(raw.before) || !isPlainObject(raw.after)) {
    return [{ field: prefix.replace(/\.$/, '') || 'undoData', message: 'must be { before, after }: images keyed by kind, then id' }];
  }
  const faults: FieldFault[] = [];
  for (const key of Object.keys(raw))
    if (!UNDO_DATA_KEYS.has(key)) faults.push({ field: prefix + key, message: 'is not part of undo data' });
  if (raw.rowids !== undefined) faults.push(...rowidFaults(raw.rowids, `${prefix}rowids`));
  const sides = { before: raw.before, after: raw.after };
  for (const [side, other] of [
    ['before', 'after'],
    ['after', 'before'],
  ] as const) {
    for (const [kind, images] of Object.entries(sides[side])) {
      const at = `${prefix}${side}.${kind}`;
      if (!isKind(kind)) {
        faults.push({ field: at, message: `is not a kind of the inventory (${KIND_ORDER.join(', ')})` });
        continue;
      }
      if (!isPlainObject(images)) {
        faults.push({ field: at, message: 'must be an object of images keyed by id' });
        continue;
      }
      const counterparts = sides[other][kind];
      for (const [id, image] of Object.entries(images)) {
        if (!isUuid(id) || id !== id.toLowerCase())
          faults.push({ field: `${at}.${id}`, message: 'must be keyed by a lower-case id (a UUID)' });
        if (!isPlainObject(counterparts) || !Object.hasOwn(counterparts, id))
          faults.push({ field: `${at}.${id}`, message: `has no ${other}-image: an entry holds both of each entity` });
        if (image !== null) faults.push(...imageFaults(kind, id, image, `${at}.${id}.`));
      }
    }
  }
  return faults;
}

// side: records beside the inventory (polling schedules), judged by their stores (db/change.ts checkSideRecords).
const UNDO_DATA_KEYS = new Set(['before', 'after', 'rowids', 'side']);

// The rowids of removed rows (RowidSet): positive integers keyed by kind, then id.
function rowidFaults(raw: unknown, at: string): FieldFault[] {
  if (!isPlainObject(raw)) return [{ field: at, message: 'must be an object of rowids keyed by kind, then id' }];
  const faults: FieldFault[] = [];
  for (const [kind, rowids] of Object.entries(raw)) {
    if (!isKind(kind) || !isPlainObject(rowids)) {
      faults.push({ field: `${at}.${kind}`, message: 'must be a kind of the inventory with its rowids keyed by id' });
      continue;
    }
    for (const [id, rowid] of Object.entries(rowids))
      if (!Number.isSafeInteger(rowid) || (rowid as number) < 1)
        faults.push({ field: `${at}.${kind}.${id}`, message: 'must be a positive integer' });
  }
  return faults;
}

// One image against its resource's fields: what writeImage would store (a missing column counts as null here:
// columns added by later migrations are not in older images, and writeImage keeps their current value) must be
// exactly what the API stores for it.
function imageFaults(kind: Kind, id: string, image: unknown, prefix: string): FieldFault[] {
  if (!isPlainObject(image)) return [{ field: prefix.slice(0, -1), message: 'must be an image (an object) or null' }];
  const faults: FieldFault[] = [];
  const cols = columns(kind);
  for (const key of Object.keys(image)) {
    if (!cols.includes(key) && key !== VLAN_LISTS[kind]?.image) faults.push({ field: prefix + key, message: `is not a column of ${kind}` });
  }
  const stored = Object.fromEntries(cols.map((column) => [column, image[column] ?? null])) as Image;
  const list = VLAN_LISTS[kind];
  if (list) stored[list.image] = (image[list.image] ?? []) as string[];
  const unreadable = jsonColumnFaults(kind, stored, prefix);
  if (unreadable.length) return [...faults, ...unreadable];
  const api = imageToApi(kind, stored);
  for (const field of RESOURCES[kind].fields) {
    const value = field.column ? stored[field.column] : list && field.name === list.field ? stored[list.image] : undefined;
    if (value === undefined) continue;
    const message = storedValueFault(field, value, api[field.name]);
    if (message) faults.push({ field: prefix + field.name, message });
  }
  // A template's units are held to the template rules here (src/lib/port-layout.ts, its json field's check), and
  // must be stored in the form those rules give them.
  if (faults.length === 0 && stored.id !== id) faults.push({ field: `${prefix}id`, message: 'must be the id the image is keyed by' });
  if (faults.length > 0) return faults;
  if (kind === 'network') return networkFaults(api, prefix);
  // Inside the subnet, no overlaps, no address in a DHCP pool: undoEntry judges those against the data it writes into.
  if (kind === 'range') return rangeShapeFaults(api, prefix);
  // Every VLAN counts as one of the switch's site here: undoEntry judges them against the data it writes into.
  if (kind === 'port') return portFaults({ ...api, id }, { siteId: '', stackSize: 8 }, () => '', prefix);
  if (kind === 'lag') return lagFaults({ ...api, id }, '', () => '', prefix);
  return [];
}

// A json column holds JSON text (or null): anything else could not even be read back as its API value.
function jsonColumnFaults(kind: Kind, stored: Image, prefix: string): FieldFault[] {
  const faults: FieldFault[] = [];
  for (const field of columnFields(RESOURCES[kind])) {
    const value = stored[field.column];
    if (field.type !== 'json' || value === null) continue;
    if (typeof value !== 'string' || !parses(value)) faults.push({ field: prefix + field.name, message: 'must be JSON text or null' });
  }
  return faults;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

// The server sets the read-only columns (id, version, times, a port's switch): never null in a row (but a nullable
// one: an address's switch); an undo raises
// the version, so it is a number.
function storedValueFault(field: Field, value: unknown, apiValue: unknown): string | undefined {
  if (field.readOnly && !field.nullable && value === null) return 'is required';
  if (field.column === 'version' && !(Number.isSafeInteger(value) && (value as number) >= 1)) return 'must be an integer of at least 1';
  const checked = checkValue(field, apiValue);
  if (!checked.ok) return checked.message;
  const canonical = field.column ? toColumnValue(field, checked.value) : checked.value;
  if (JSON.stringify(canonical) !== JSON.stringify(value))
    return `is not stored as the API stores it${field.type === 'boolean' ? ' (0 or 1)' : ''}`;
  return undefined;
}
