import { ERROR_FORMS, FIELD_FORMS, type FieldFormCode, fillForm, type MessageParams, withForm } from '../lib/message-forms.ts';
import { Refusal, type FieldFault, type RefusalKind } from '../errors/refusal.ts';
import { getOrMake } from '../lib/memo.ts';

/** A JSON Schema fragment, as the OpenAPI 3.1 document uses them. */
export type JsonSchema = Record<string, unknown>;

/** The outcome of a field's own normaliser (MAC spelling, CIDR, colour…). */
export type Normalized = { ok: true; value: unknown } | ({ ok: false } & Refused);

/** Why a value is refused: its message, and the code and params of the message's form where it has one. */
export type Refused = { message: string; code?: string; params?: MessageParams };

/** A refused value, worded by the form `code` from `params`. */
export function refused(code: FieldFormCode, params: MessageParams = {}): { ok: false } & Refused {
  return withForm({ ok: false, message: fillForm(FIELD_FORMS[code], params) }, code, params);
}

/** Why a value is refused, worded by the form `code` from `params`, for a fault made later (faultAt). */
export function reason(code: FieldFormCode, params: MessageParams = {}): Refused {
  return { message: fillForm(FIELD_FORMS[code], params), code, params };
}

/** A fault at `field`, worded by the form `code` from `params`. */
export function faultOf(field: string, code: FieldFormCode, params: MessageParams = {}): FieldFault {
  return withForm({ field, message: fillForm(FIELD_FORMS[code], params) }, code, params);
}

/** `fault` at `field`, its message's code and params kept (a copy by spreading drops them: they are not enumerable). */
export function movedFault(fault: FieldFault, field: string, message = fault.message): FieldFault {
  return fault.code === undefined ? { field, message } : withForm({ field, message }, fault.code, fault.params ?? {});
}

/**
 * A fault at `field` that quotes another record's `quoted` fault by the form `code` ({field} and {fault}: `port 2 as it
 * would be: unit must be at most…`); the quoted fault's code and params go along as `faultCode` and `fault.<name>`, so
 * that a client words the quote in its language too.
 */
export function quotingFault(
  field: string,
  code: 'as_it_would_be' | 'far_end_as_it_would_be',
  params: MessageParams,
  quoted: FieldFault,
): FieldFault {
  return faultOf(field, code, { ...params, field: quoted.field, ...quotedParams(quoted) });
}

/** The params that quote `quoted` as {fault}: its message, and its form's code and params as `faultCode` and `fault.<name>`. */
export function quotedParams(quoted: Refused): MessageParams {
  if (quoted.code === undefined) return { fault: quoted.message };
  const own = Object.entries(quoted.params ?? {}).map(([name, value]) => [`fault.${name}`, value]);
  return { fault: quoted.message, faultCode: quoted.code, ...Object.fromEntries(own) };
}

/** A 409 whose message the form of its code words from `params` (an address taken, a colour taken, an overlap). */
export function formedConflict(code: keyof typeof ERROR_FORMS, params: MessageParams, details: FieldFault[]): Refusal {
  return new Refusal('conflict', code, fillForm(ERROR_FORMS[code], params), details, params);
}

/** A refusal worded by `form` of ERROR_FORMS from `params`: its code, and the variant it names (`lag_member.owns`). */
export function formedRefusal(kind: RefusalKind, form: keyof typeof ERROR_FORMS, params: MessageParams, details?: FieldFault[]): Refusal {
  const [code, variant] = form.split('.');
  return new Refusal(kind, code!, fillForm(ERROR_FORMS[form], params), details, params, variant && form);
}

/** The fault at `field` of a refused value, with the code and params of its form when it has one. */
export function faultAt(field: string, reason: Refused): FieldFault {
  const fault = { field, message: reason.message };
  return reason.code === undefined ? fault : withForm(fault, reason.code, reason.params ?? {});
}

/** One field of a resource, declared once: validation, row mapping, CSV columns and OpenAPI derive from it. */
export interface Field {
  name: string;
  /** The table column; absent for computed fields (counts, lists stored elsewhere). */
  column?: string;
  /** `json`: a value of its own shape (a list of tags, a PoE object), checked by `check`, stored as JSON text. */
  type: 'text' | 'integer' | 'boolean' | 'uuid' | 'uuid-list' | 'enum' | 'timestamp' | 'json';
  description: string;
  /** Must be given on create. */
  required?: boolean;
  /** Set by the server; ignored when a client sends it back. */
  readOnly?: boolean;
  /** A read-only field that may be null (an address's switchId); other read-only fields always have a value. */
  nullable?: boolean;
  /** Accepted on create only (a switch's initial portCount). */
  createOnly?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  values?: readonly string[];
  /** The value stored when a create leaves the field out. */
  default?: unknown;
  /** Brings an accepted spelling to the stored form, or says why the value is refused. */
  normalize?: (value: string) => Normalized;
  /** A `json` field: checks a value of any JSON type and brings it to its stored form. */
  check?: (value: unknown) => Normalized;
  /** A `json` field: the JSON Schema of its (non-null) value. */
  schema?: JsonSchema;
  /** A `json` field: its CSV cell, written and read back (`a;b` for a list). */
  csvCodec?: { write(value: unknown): string; read(text: string): Normalized };
  /** Part of the CSV layout (default: every field that has a column). */
  csv?: boolean;
  /** Searched by `q` in lists. */
  searchable?: boolean;
  /** May be used in `sort`. */
  sortable?: boolean;
  /** A JSON Schema `format` for the OpenAPI document. */
  format?: string;
}

/** A resource kind: its names and its fields. */
export interface Resource {
  /** Singular name, as the activity log's entityType and the messages use it (`switch`). */
  type: 'site' | 'vlan' | 'network' | 'address' | 'range' | 'template' | 'switch' | 'lag' | 'port' | 'user';
  /** Its table, which is also its plural, as paths, backup documents and messages use it (`switches`). */
  table: string;
  fields: readonly Field[];
  /**
   * Columns the table stores besides its fields', computed from the row's column values (an address's key_hi and
   * key_lo from its text): db/resource-sql.ts adds them to every INSERT and UPDATE it builds, so that restore, merge,
   * import and undo write them without knowing them. They are not API fields, not in images, CSV or answers.
   */
  derivedColumns?: DerivedColumns;
}

/** The columns a resource derives from its field columns, and how (`compute` answers a value for each, null when it has none). */
export interface DerivedColumns {
  columns: readonly string[];
  compute(row: Record<string, unknown>): Record<string, unknown>;
  /** The API field each derived column comes from (a UNIQUE failure on key_lo names `address`). */
  fieldOf?: Readonly<Record<string, string>>;
}

/**
 * Declares a resource with its literal types kept (names, columns, enum values, which fields are required), so that
 * its row type (RowOf) and the kinds' plurals derive from the declaration.
 */
export function declareResource<const R extends Resource>(resource: R): R {
  return resource;
}

/** What a column of the field stores: a number (booleans as 0/1), one of its values, or text. */
type ColumnType<F> = F extends { type: 'integer' | 'boolean' } ? number : F extends { values: readonly (infer V)[] } ? V : string;

/** null, unless the column always has a value: the field is required, has a default or is set by the server (and not nullable). */
type NullUnlessSet<F> = F extends { nullable: true }
  ? null
  : F extends { required: true } | { default: unknown } | { readOnly: true }
    ? never
    : null;

/** The columns of the fields `F`, each with what it stores. */
type ColumnsOf<F> = { -readonly [K in F as K extends { column: infer C extends string } ? C : never]: ColumnType<K> | NullUnlessSet<K> };

/** A row of a resource's table as SELECT returns it: one property per column of its fields. */
export type RowOf<R extends Resource> = ColumnsOf<R['fields'][number]>;

/** The columns of a row that a change writes: those of the fields that are not read-only. */
export type EditableRowOf<R extends Resource> = ColumnsOf<Exclude<R['fields'][number], { readOnly: true }>>;

/** Validated values of one request body, keyed by field name, plus every fault found. */
export interface ValidatedInput {
  values: Record<string, unknown>;
  faults: FieldFault[];
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Whether `value` is a lower- or upper-case UUIDv4 string. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value.toLowerCase());
}

/** Whether `value` is a plain JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a request body against a resource's fields. On create, required fields must be present and
 * defaults fill the rest; on patch, only the fields sent are checked and returned. Read-only fields are
 * ignored, unknown fields are refused. `prefix` is prepended to field paths (`rows[3].`).
 */
export function validateInput(resource: Resource, input: unknown, mode: 'create' | 'patch', prefix = ''): ValidatedInput {
  const faults: FieldFault[] = [];
  const values: Record<string, unknown> = {};
  if (!isPlainObject(input)) {
    return { values, faults: [faultOf(prefix.replace(/\.$/, '') || 'body', 'not_object')] };
  }
  const known = fieldNames(resource);
  for (const key of Object.keys(input)) {
    if (!known.has(key)) faults.push(faultOf(prefix + key, 'unknown_field', { kind: resource.type }));
  }
  for (const field of resource.fields) {
    if (field.readOnly) continue;
    const present = Object.hasOwn(input, field.name);
    if (field.createOnly && mode === 'patch') {
      if (present) faults.push(faultOf(prefix + field.name, 'create_only'));
      continue;
    }
    if (!present) {
      if (mode === 'create' && field.required) faults.push(faultOf(prefix + field.name, 'required'));
      else if (mode === 'create') values[field.name] = field.default ?? null;
      continue;
    }
    const checked = checkValue(field, input[field.name]);
    if (checked.ok) values[field.name] = checked.value;
    else faults.push(faultAt(prefix + field.name, checked));
  }
  return { values, faults };
}

const fieldNameCache = new WeakMap<Resource, Set<string>>();

// Imports validate hundreds of thousands of records: the name set is made once per resource.
function fieldNames(resource: Resource): Set<string> {
  return getOrMake(fieldNameCache, resource, () => new Set(resource.fields.map((field) => field.name)));
}

/** Checks one value against its field's rules; the value comes back in its stored form. */
export function checkValue(field: Field, raw: unknown): Normalized {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '' && field.type === 'text')) {
    if (field.required) return refused('required');
    if (field.type === 'boolean' || field.type === 'uuid-list' || field.default !== undefined) {
      return field.default !== undefined ? { ok: true, value: field.default } : refused('not_null');
    }
    return { ok: true, value: null };
  }
  switch (field.type) {
    case 'text':
    case 'enum':
      return checkText(field, raw);
    case 'integer':
      return checkInteger(field, raw);
    case 'boolean':
      return typeof raw === 'boolean' ? { ok: true, value: raw } : refused('not_boolean');
    case 'uuid':
      return isUuid(raw) ? { ok: true, value: raw.toLowerCase() } : refused('not_uuid');
    case 'uuid-list':
      return checkUuidList(raw);
    case 'timestamp': {
      // Parsed once (a legacy migration checks 100,000 activity dates): new Date(text) is new Date(Date.parse(text)).
      const time = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
      return Number.isNaN(time) ? refused('not_timestamp') : { ok: true, value: new Date(time).toISOString() };
    }
    case 'json':
      return field.check ? field.check(raw) : { ok: false, message: 'has no rule' };
  }
}

// C0 controls and DEL, except tab, line feed and carriage return (multi-line notes keep those).
/** The control characters text fields refuse; line breaks and tabs are text. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** The same characters, every one of them: for replace() only (a global regex's test() keeps a position). */
export const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTERS.source, 'g');

function checkText(field: Field, raw: unknown): Normalized {
  if (typeof raw !== 'string') return refused('not_string');
  const text = raw.trim();
  // node:sqlite reads text back only up to a NUL; other control characters have no place in inventory text.
  if (CONTROL_CHARACTERS.test(text)) return refused('control_characters');
  if (field.values && !field.values.includes(text)) {
    return refused('one_of', { values: field.values.join(', ') });
  }
  const length = [...text].length;
  if (field.minLength !== undefined && length < field.minLength) {
    return field.minLength === 1 ? refused('required') : refused('too_short', { min: field.minLength });
  }
  if (field.maxLength !== undefined && length > field.maxLength) {
    return refused('too_long', { max: field.maxLength });
  }
  return field.normalize ? field.normalize(text) : { ok: true, value: text };
}

function checkInteger(field: Field, raw: unknown): Normalized {
  const inRange =
    typeof raw === 'number' &&
    Number.isSafeInteger(raw) &&
    (field.min === undefined || raw >= field.min) &&
    (field.max === undefined || raw <= field.max);
  if (inRange) return { ok: true, value: raw === 0 ? 0 : raw };
  return field.min !== undefined && field.max !== undefined
    ? refused('int_range', { min: field.min, max: field.max })
    : refused('not_integer');
}

function checkUuidList(raw: unknown): Normalized {
  if (!Array.isArray(raw)) return refused('not_id_list');
  if (!raw.every(isUuid)) return refused('not_uuid_list');
  return { ok: true, value: [...new Set(raw.map((id) => (id as string).toLowerCase()))] };
}

const columnFieldCache = new WeakMap<Resource, readonly ColumnField[]>();

/** A field stored in a column of its resource's table. */
export type ColumnField = Field & { column: string };

/** The fields of a resource that have a column, in declaration order: its table's columns. */
export function columnFields(resource: Resource): readonly ColumnField[] {
  return getOrMake(columnFieldCache, resource, () => resource.fields.filter((field): field is ColumnField => field.column !== undefined));
}

/** Maps a table row (snake_case columns, 0/1 booleans) to the API's object for the fields that have columns. */
export function rowToApi(resource: Resource, row: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (!field.column || !(field.column in row)) continue;
    result[field.name] = columnToApi(field, row[field.column]);
  }
  return result;
}

/** The API value of a column's value: booleans from 0/1, json fields parsed. */
export function columnToApi(field: Field, value: unknown): unknown {
  if (field.type === 'boolean') return value === 1 || value === true;
  if (field.type === 'json' && typeof value === 'string') return JSON.parse(value);
  return value;
}

/** A record of a resource as the API answers it. */
export type ApiRecord = Record<string, unknown> & { id: string; version: number };

/** The API record of a row, for the fields that have columns: what db/record-json.ts's recordJson writes, made in JavaScript. */
export function apiOf(resource: Resource, row: object): ApiRecord {
  return rowToApi(resource, row as Record<string, unknown>) as ApiRecord;
}

/** The value a field's column stores (booleans as 0/1). */
export function toColumnValue(field: Field, value: unknown): unknown {
  if (field.type === 'boolean') return value ? 1 : 0;
  if (field.type === 'json') return value === null || value === undefined ? null : JSON.stringify(value);
  return value ?? null;
}

/** The column values of API field values (booleans as 0/1), for the given fields that have columns. */
export function toColumns(resource: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (field.column && field.name in values) row[field.column] = toColumnValue(field, values[field.name]);
  }
  return row;
}

/** Whether a patch would leave every field it names as it is. */
export function changesNothing(current: Record<string, unknown>, patch: Record<string, unknown>): boolean {
  return Object.entries(patch).every(([name, value]) => JSON.stringify(current[name] ?? null) === JSON.stringify(value ?? null));
}

/** The column values a create stores for the fields it leaves out: each editable field's default, else null. */
export function defaultColumns(resource: Resource): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of columnFields(resource)) if (!field.readOnly) row[field.column] = toColumnValue(field, field.default ?? null);
  return row;
}

/** The fields that make up the CSV layout of a resource, in order. */
export function csvFields(resource: Resource): Field[] {
  return resource.fields.filter((field) => field.csv ?? Boolean(field.column));
}

/** The JSON Schema of a resource as the API answers it. */
export function resourceSchema(resource: Resource): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of resource.fields) properties[field.name] = fieldSchema(field, true);
  return { type: 'object', properties, required: resource.fields.map((field) => field.name) };
}

/** The JSON Schema of a create or patch body. */
export function inputSchema(resource: Resource, mode: 'create' | 'patch'): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of resource.fields) {
    if (field.readOnly || (field.createOnly && mode === 'patch')) continue;
    properties[field.name] = fieldSchema(field, !field.required);
    if (mode === 'create' && field.required) required.push(field.name);
  }
  return { type: 'object', properties, additionalProperties: false, ...(required.length ? { required } : {}) };
}

function fieldSchema(field: Field, nullable: boolean): JsonSchema {
  const base: JsonSchema = { description: field.description };
  const type = {
    text: 'string',
    enum: 'string',
    integer: 'integer',
    boolean: 'boolean',
    uuid: 'string',
    'uuid-list': 'array',
    timestamp: 'string',
    json: undefined,
  }[field.type];
  if (field.type === 'json') {
    const canBeNullJson = nullable && !field.required && field.default === undefined;
    return {
      ...(canBeNullJson ? { oneOf: [field.schema ?? {}, { type: 'null' }] } : (field.schema ?? {})),
      description: field.description,
      ...(field.readOnly ? { readOnly: true } : {}),
    };
  }
  const canBeNull = nullable && !field.required && field.type !== 'boolean' && field.type !== 'uuid-list' && field.default === undefined;
  base.type = canBeNull ? [type, 'null'] : type;
  if (field.type === 'uuid') base.format = 'uuid';
  if (field.type === 'timestamp') base.format = 'date-time';
  if (field.type === 'uuid-list') base.items = { type: 'string', format: 'uuid' };
  if (field.values) base.enum = canBeNull ? [...field.values, null] : [...field.values];
  if (field.minLength !== undefined) base.minLength = field.minLength;
  if (field.maxLength !== undefined) base.maxLength = field.maxLength;
  if (field.min !== undefined) base.minimum = field.min;
  if (field.max !== undefined) base.maximum = field.max;
  if (field.format) base.format = field.format;
  if (field.readOnly) base.readOnly = true;
  return base;
}
