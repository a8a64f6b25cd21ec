import { randomBytes, randomUUID } from 'node:crypto';
import {
  EVERY_CONTROL_CHARACTER,
  checkValue,
  isPlainObject,
  quotedParams,
  validateInput,
  type Field,
  type Refused,
  type Resource,
} from '../fields/field.ts';
import { VERSION_FIELDS } from '../fields/common.ts';
import { jsonForMessage } from '../lib/json-text.ts';
import { FIX_FORMS, fillForm, type FixFormCode, type MessageParams } from '../lib/message-forms.ts';
import type { FixTarget } from './fix-records.ts';
import type { DroppedField, LegacyFault, LegacyFile, LegacyFix, LegacyKind } from './types.ts';

/** A record of a legacy file with its place: index in the file, legacy id as text (null when missing or bad). */
export interface Entry {
  index: number;
  key: string | null;
  raw: Record<string, unknown>;
}

/** What one check of a bundle collects; made per call, never shared. */
export interface CheckContext {
  now: string;
  faults: LegacyFault[];
  fixes: LegacyFix[];
  /** The record a fix is about, where its file and legacy id name another (fix-records.ts). */
  fixTargets: Map<LegacyFix, FixTarget>;
  dropped: Map<string, DroppedField>;
  /** Legacy id (as text) to new UUID, per kind. */
  ids: Record<LegacyKind, Map<string, string>>;
  /** Kinds whose file could not be read: references into them are not judged, to avoid a fault per reference. */
  unreadable: Set<LegacyKind>;
  /**
   * The bundle is given up to the check (the migration's own): the parsed ports and activity entries are let go
   * as they are checked, so that they and the records made of them are not all held at once.
   */
  release: boolean;
}

/** A fresh context for one check. */
export function newContext(now = new Date().toISOString()): CheckContext {
  return {
    now,
    faults: [],
    fixes: [],
    fixTargets: new Map(),
    dropped: new Map(),
    ids: {
      sites: new Map(),
      vlans: new Map(),
      networks: new Map(),
      switches: new Map(),
      'ip-allocations': new Map(),
      'ip-ranges': new Map(),
      'layout-templates': new Map(),
      'lag-groups': new Map(),
      'public-tokens': new Map(),
      'topology-layouts': new Map(),
      activity: new Map(),
      users: new Map(),
    },
    unreadable: new Set(),
    release: false,
  };
}

/** Records a fault against a record of a file. */
export function addFault(ctx: CheckContext, file: LegacyFile, entry: Entry, field: string, reason: string): void {
  ctx.faults.push({ file, id: entry.key, index: entry.index, field, reason });
}

/** A legacy id as text: an integer or a non-empty string (1 and "1" are the same id); undefined for anything else. */
export function idKey(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/**
 * `count` fresh random UUIDv4s in ascending order. Handed out in the order the rows are written, they make the
 * id indexes (and the indexes on references to them) grow at their right edge instead of splitting pages all
 * over their B-trees: the writes of a large migration take half the time.
 */
export function ascendingUuids(count: number): string[] {
  const random = randomBytes(16 * count);
  if (!ascendingPrefixes(random, count)) return sortedUuids(random, count);
  const text = Buffer.alloc(36 * count);
  for (let i = 0; i < count; i++) spellUuid(random, 16 * i, text, 36 * i);
  // Cut from one buffer, the strings are flat (randomUUID's are concatenations, slower to compare).
  return Array.from({ length: count }, (_, i) => text.toString('latin1', 36 * i, 36 * i + 36));
}

const PREFIX_RANGE = 2 ** 48;

/**
 * Overwrites the first 48 bits of each 16 random bytes with `count` random values in ascending order, made
 * without a sort: the partial sums of exponential draws, divided by the next one, are distributed as sorted
 * uniform draws (a sort of a million ids as strings took most of a second). False, having changed nothing,
 * in the unlikely case that two of them are alike.
 */
function ascendingPrefixes(random: Buffer, count: number): boolean {
  const draws = randomBytes(8 * (count + 1));
  const sums = new Float64Array(count + 1);
  let sum = 0;
  for (let i = 0; i <= count; i++) {
    // A uniform draw in (0, 1] of 53 bits, then an exponential one.
    const uniform = ((draws.readUInt32LE(8 * i) >>> 11) * 2 ** 32 + draws.readUInt32LE(8 * i + 4) + 1) / 2 ** 53;
    sum -= Math.log(uniform);
    sums[i] = sum;
  }
  const prefixes = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    prefixes[i] = Math.floor((sums[i] / sum) * PREFIX_RANGE);
    if (i > 0 && prefixes[i] <= prefixes[i - 1]) return false;
  }
  for (let i = 0; i < count; i++) {
    random.writeUIntBE(prefixes[i], 16 * i, 6);
  }
  return true;
}

/** The ids of `random` sorted as text: the slow way, for when ascendingPrefixes could not make them. */
function sortedUuids(random: Buffer, count: number): string[] {
  const text = Buffer.alloc(36 * count);
  for (let i = 0; i < count; i++) spellUuid(random, 16 * i, text, 36 * i);
  const ids = Array.from({ length: count }, (_, i) => text.toString('latin1', 36 * i, 36 * i + 36));
  return ids.sort(compareText);
}

const HEX_DIGITS = Buffer.from('0123456789abcdef');

/** Spells the 16 random bytes at `from` as a UUIDv4 (version 4, variant 10xx) into `text` at `at`. */
function spellUuid(random: Buffer, from: number, text: Buffer, at: number): void {
  random[from + 6] = (random[from + 6] & 0x0f) | 0x40;
  random[from + 8] = (random[from + 8] & 0x3f) | 0x80;
  for (let b = 0; b < 16; b++) {
    if (b === 4 || b === 6 || b === 8 || b === 10) text[at++] = 0x2d; // '-'
    const byte = random[from + b];
    text[at++] = HEX_DIGITS[byte >> 4];
    text[at++] = HEX_DIGITS[byte & 15];
  }
}

/** Orders strings by their UTF-16 code units, as Array.prototype.sort does without a comparator, only faster. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Turns a file's records into entries: each must be an object with a string id unique in its file. Every entry
 * with a good id gets a fresh UUID in `ctx.ids[kind]`, ascending in file order; records that are not objects
 * are left out.
 */
export function entriesOf(ctx: CheckContext, kind: LegacyKind, file: LegacyFile, records: unknown[]): Entry[] {
  const entries: Entry[] = [];
  const firstIndex = new Map<string, number>();
  const newIds = ascendingUuids(records.length);
  records.forEach((raw, index) => {
    if (!isPlainObject(raw)) {
      ctx.faults.push({ file, id: null, index, field: '', reason: 'must be a JSON object' });
      return;
    }
    const entry: Entry = { index, key: null, raw };
    entries.push(entry);
    if (raw.id === undefined || raw.id === null) return addFault(ctx, file, entry, 'id', 'is required');
    // 0.20.x ids are nanoids: a number (or an empty string) is not a file of theirs.
    const key = typeof raw.id === 'string' ? idKey(raw.id) : undefined;
    if (key === undefined) return addFault(ctx, file, entry, 'id', 'must be a non-empty string (0.20.x ids are nanoids)');
    entry.key = key;
    const first = firstIndex.get(key);
    if (first !== undefined) return addFault(ctx, file, entry, 'id', `is a duplicate: record #${first + 1} has the same id`);
    firstIndex.set(key, index);
    ctx.ids[kind].set(key, newIds[index]);
  });
  return entries;
}

/** The new UUID of an entry (a throwaway one for an entry whose id is bad: it fails the check anyway). */
export function newIdOf(ctx: CheckContext, kind: LegacyKind, entry: Entry): string {
  const id = entry.key !== null ? ctx.ids[kind].get(entry.key) : undefined;
  return id ?? randomUUID();
}

/** Counts the fields of `raw` that are not in `known` as dropped. */
export function dropUnknown(
  ctx: CheckContext,
  file: LegacyFile,
  raw: Record<string, unknown>,
  known: ReadonlySet<string>,
  prefix = '',
): void {
  for (const name of Object.keys(raw)) {
    if (known.has(name)) continue;
    const key = `${file}\u0000${prefix}${name}`;
    const seen = ctx.dropped.get(key);
    if (seen) seen.count++;
    else ctx.dropped.set(key, { file, field: `${prefix}${name}`, count: 1 });
  }
}

/** Legacy field names mapped onto a resource's, made once per kind (checkMapped runs for every record). */
export interface Mapping {
  names: [legacy: string, api: string][];
  legacyOf: Map<string, string>;
}

/** Builds the mapping from `{ legacyName: apiName }`. */
export function mapping(names: Readonly<Record<string, string>>): Mapping {
  const pairs = Object.entries(names);
  return { names: pairs, legacyOf: new Map(pairs.map(([legacy, api]) => [api, legacy])) };
}

/**
 * How a record's mapped fields are checked: `extra` holds values set by the migration itself (ids, positions) and
 * is checked too; `prefix` goes before the legacy names in fix lines (`ports[3].`); `fallback` gives a required
 * field's value when the file's is missing or refused (a name made from the record).
 */
export interface CheckOptions {
  extra?: Record<string, unknown>;
  prefix?: string;
  fallback?: Record<string, unknown>;
  /** A mapped value that is empty (missing, null or "") is left out, as if not given. */
  givenOnly?: boolean;
}

/** An empty value as 0.20.3 wrote them: missing, null or "". */
export function empty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * Checks the mapped fields of a record with the API's own rules (validateInput on the field declarations). What
 * 0.20.x let through and the model refuses is fixed, never fatal (LEGACY.md step 3): a refused value is left out and
 * kept in the record's notes or description, with a fix line under its legacy name; a required value missing or
 * refused takes its fallback (a record's name: `<Kind> <legacy id>` unless the caller gives one). Undefined, with a
 * fix line saying the record is not migrated, when a required value has no fallback (a VLAN without its number).
 */
export function checkMapped(
  ctx: CheckContext,
  file: LegacyFile,
  entry: Entry,
  resource: Resource,
  raw: Record<string, unknown>,
  map: Mapping,
  options: CheckOptions = {},
): Record<string, unknown> | undefined {
  const input: Record<string, unknown> = options.extra ?? {};
  for (const [legacy, api] of map.names) {
    const value = raw[legacy];
    if (options.givenOnly ? !empty(value) : value !== undefined) input[api] = value;
  }
  const { values, faults } = validateInput(resource, input, 'create');
  if (faults.length === 0) return values;
  return keepRefused(ctx, { file, entry, resource, map, prefix: options.prefix ?? '' }, input, faults, options.fallback ?? {});
}

/** A record being checked: where its fixes are reported and how its legacy names map. */
interface Checked {
  file: LegacyFile;
  entry: Entry;
  resource: Resource;
  map: Mapping;
  prefix: string;
}

function keepRefused(
  ctx: CheckContext,
  at: Checked,
  input: Record<string, unknown>,
  faults: readonly { field: string; message: string }[],
  fallback: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const keeper = keeperOf(at.resource);
  // The keeping field's own fault first: the values kept after it are appended to what it keeps of its own.
  const ordered = [...faults].sort((a, b) => Number(b.field === keeper?.name) - Number(a.field === keeper?.name));
  for (const fault of ordered) {
    const legacy = at.map.legacyOf.get(fault.field) ?? fault.field;
    const from = input[fault.field] ?? null;
    const required = at.resource.fields.find((field) => field.name === fault.field)?.required;
    delete input[fault.field];
    const where = { file: at.file, entry: at.entry, field: at.prefix + legacy };
    if (keeper && fault.field === keeper.name && typeof from === 'string') {
      input[keeper.name] = cut(plain(from), keeper.maxLength);
      ctx.fixes.push({
        ...fixAt(at.file, at.entry, where.field),
        from,
        to: input[keeper.name],
        ...fixReason('shortened', quotedParams(fault)),
      });
      continue;
    }
    if (!required) {
      keepRefusedValue(ctx, at.resource, input, where, from, fault);
      continue;
    }
    const to = fallback[fault.field] ?? (fault.field === 'name' ? defaultName(at) : undefined);
    if (to === undefined) {
      ctx.fixes.push({
        ...fixAt(at.file, at.entry, where.field),
        from,
        to: null,
        ...fixReason('not_migrated_record', quotedParams(fault)),
      });
      return undefined;
    }
    input[fault.field] = to;
    if (from === null)
      ctx.fixes.push({
        ...fixAt(at.file, at.entry, where.field),
        from,
        to,
        ...fixReason('given_instead', { ...quotedParams(fault), value: shown(to) }),
      });
    else keepRefusedValue(ctx, at.resource, input, where, from, fault, shown(to));
  }
  const again = validateInput(at.resource, input, 'create');
  // Only a fallback of the caller's could still fail here: a fault of the caller's making, not of the files.
  if (again.faults.length > 0) throw new Error(`legacy check: ${again.faults.map((f) => `${f.field} ${f.message}`).join('; ')}`);
  return again.values;
}

/**
 * Keeps a value the model refuses in the record's notes or description (`mac_address: 00:11`, a line appended,
 * the text cut to the field's length; the fix line holds it whole), with a fix line; a record without either
 * field (a user) or the keeping field's own value is only named in the fix line.
 */
export function keepRefusedValue(
  ctx: CheckContext,
  resource: Resource,
  values: Record<string, unknown>,
  where: { file: LegacyFile; entry: Entry; field: string },
  from: unknown,
  why: Refused,
  replacedBy?: string,
): void {
  const keeper = keeperOf(resource);
  const field = where.field.replace(/^.*\]\./, '');
  // A refused value of the keeper itself cannot be kept in it.
  const keepable = keeper !== undefined && field !== keeper.name;
  const params = { ...quotedParams(why), ...(replacedBy !== undefined && { value: replacedBy }), ...(keepable && { keeper: keeper.name }) };
  const code = replacedBy === undefined ? (keepable ? 'kept_in' : 'dropped_value') : keepable ? 'replaced_kept_in' : 'replaced_dropped';
  ctx.fixes.push({ ...fixAt(where.file, where.entry, where.field), from, to: null, ...fixReason(code, params) });
  if (!keepable) return;
  keepLine(resource, values, `${field}: ${shown(from)}`);
}

/**
 * Adds a line to a record's notes or description (the field keepRefusedValue keeps values in), after what it holds,
 * `separator` between, the whole cut to the field's length.
 */
export function keepLine(resource: Resource, values: Record<string, unknown>, line: string, separator = '\n'): void {
  const keeper = keeperOf(resource);
  if (!keeper) return;
  const held = typeof values[keeper.name] === 'string' ? values[keeper.name] : '';
  values[keeper.name] = cut([held, line].filter(Boolean).join(separator), keeper.maxLength);
}

/** Text cut to `maxLength` characters (code points, as the field rules count them). */
function cut(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  return [...text].slice(0, maxLength).join('');
}

/**
 * A name for a record whose own is missing or refused: `Site 4f7Xk`, by its legacy id, or `Site #2`, by its place
 * in its file, where the id is missing or would not make a name the field takes (too long, a control character).
 */
function defaultName(at: Checked): string {
  const kind = at.resource.type.charAt(0).toUpperCase() + at.resource.type.slice(1);
  const byId = at.entry.key === null ? undefined : `${kind} ${at.entry.key}`;
  const name = at.resource.fields.find((field) => field.name === 'name');
  return byId !== undefined && name && checkValue(name, byId).ok ? byId : `${kind} #${at.entry.index + 1}`;
}

/** The field a record keeps the values the model refuses in: its notes, else its description (none for users). */
function keeperOf(resource: Resource): Field | undefined {
  const named = (name: string) => resource.fields.find((field) => field.name === name && !field.readOnly);
  return named('notes') ?? named('description');
}

/** A refused value as the notes show it: text as it is (control characters spelled out), anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' ? plain(value) : jsonForMessage(value);
}

/** Text with the control characters the fields refuse spelled out as JSON escapes (`\u0000`). */
function plain(text: string): string {
  return text.replace(EVERY_CONTROL_CHARACTER, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const CREATED_AT: Field = VERSION_FIELDS.find((field) => field.name === 'createdAt')!;

/** A legacy date kept when valid; otherwise `fallback`, noted as a fix when a value was given but is not a date. */
export function keepDate(ctx: CheckContext, file: LegacyFile, entry: Entry, field: string, fallback: string): string {
  const raw = entry.raw[field];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const checked = checkValue(CREATED_AT, raw);
  if (checked.ok) return checked.value as string;
  ctx.fixes.push({ ...fixAt(file, entry, field), from: raw, to: fallback, ...fixReason('date_replaced') });
  return fallback;
}

/**
 * A record's createdAt and updatedAt from its legacy dates (`created_at` and `updated_at` unless `fields` names
 * others), each kept as keepDate keeps it: createdAt falls back to now, updatedAt to createdAt.
 */
export function keepTimes(
  ctx: CheckContext,
  file: LegacyFile,
  entry: Entry,
  fields: [created: string, updated: string] = ['created_at', 'updated_at'],
): { createdAt: string; updatedAt: string } {
  const createdAt = keepDate(ctx, file, entry, fields[0], ctx.now);
  return { createdAt, updatedAt: keepDate(ctx, file, entry, fields[1], createdAt) };
}

/** Where a fix of a record is reported: its file, its legacy id (`#3` for the third record when it has none), the field. */
/** A fix's reason worded by the form `code` of FIX_FORMS from `params`, with its code and params (the UI words it in German). */
export function fixReason(code: FixFormCode, params: MessageParams = {}): Pick<LegacyFix, 'reason' | 'code' | 'params'> {
  return { reason: fillForm(FIX_FORMS[code], params), code, params };
}

export function fixAt(file: LegacyFile, entry: Entry, field = 'name'): Named['fixAt'] {
  return { file, id: entry.key ?? `#${entry.index + 1}`, field };
}

/** A named record in a naming scope (a site, a switch, or '' for all sites), with where a fix is reported. */
export interface Named {
  record: Record<string, unknown>;
  scope: string;
  fixAt: { file: LegacyFile; id: string; field: string };
}

/**
 * The second documented fix: within each scope, a name that repeats (case-insensitively) gets " (2)", " (3)"…
 * appended (or what `suffix` makes: ports are plain interface names, so theirs get "_2"), never clashing with
 * another name of the scope, cut so that it stays within `maxLength`.
 */
export function dedupeNames(
  ctx: CheckContext,
  items: Named[],
  maxLength: number,
  suffix: (name: string, n: number, maxLength: number) => string = suffixed,
): void {
  const seen = new Set<string>();
  const repeats: Named[] = [];
  for (const item of items) {
    const key = scoped(item.scope, String(item.record.name));
    if (seen.has(key)) repeats.push(item);
    else seen.add(key);
  }
  // `seen` holds every name of every scope now, so a suffixed name never takes one that a later record has.
  const freeName = nameFreer(maxLength, suffix);
  for (const item of repeats) {
    const name = String(item.record.name);
    const candidate = freeName(item.scope, name, (taken) => seen.has(scoped(item.scope, taken)));
    seen.add(scoped(item.scope, candidate));
    ctx.fixes.push({ ...item.fixAt, from: name, to: candidate, ...fixReason('name_repeated') });
    item.record.name = candidate;
  }
}

function scoped(scope: string, name: string): string {
  return `${scope}\u0000${name.toLowerCase()}`;
}

/**
 * Names freed one at a time against what `taken` says (dedupeNames' repeats; a merge's names, checked against the
 * stored ones too): a taken name gets " (2)", " (3)"… (or what `suffix` makes), each repeat in a scope going on from
 * the number its name's last repeat took, so that n repeats cost n looks, not n²/2 (names are only added meanwhile).
 */
export function nameFreer(
  maxLength: number,
  suffix: (name: string, n: number, maxLength: number) => string = suffixed,
): (scope: string, name: string, taken: (candidate: string) => boolean) => string {
  const nextNumber = new Map<string, number>();
  return (scope, name, taken) => {
    if (!taken(name)) return name;
    const key = scoped(scope, name);
    for (let n = nextNumber.get(key) ?? 2; ; n++) {
      const candidate = suffix(name, n, maxLength);
      if (taken(candidate)) continue;
      nextNumber.set(key, n + 1);
      return candidate;
    }
  };
}

function suffixed(name: string, n: number, maxLength: number): string {
  const suffix = ` (${n})`;
  const chars = [...name];
  return chars.slice(0, Math.max(1, maxLength - suffix.length)).join('') + suffix;
}
