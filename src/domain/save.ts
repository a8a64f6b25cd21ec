// The one save path of the inventory's plain kinds (sites, VLANs, networks, ranges, addresses, templates, switches):
// a create, an update or a delete of one record is checked and written here, whoever asks (the API's handlers, and
// in time the imports, discovery and undo), in the one shape of a kind's writes (Writes) that ports, LAGs and users
// take too. Each kind's module (domain/<kind>.ts) declares its kind once (its reads, its own rules, its cascades, how
// the activity log names it) and hands it to these. Read top to bottom, each is what a write of that kind does: the
// record it changes read once (404) and the caller's precondition on it (If-Match, 412), the fields (400), the rules
// that look at other records (400), then in one change the kind's refusals (409), uniqueness (409), the write and its
// activity entry. Refusals are Refusals: no HTTP is known here.
import { randomUUID } from 'node:crypto';
import { recordChange, type ActivityInput, type Actor, type Change } from '../db/change.ts';
import { diffImages, readImage, type Kind } from '../db/images.ts';
import type { Db } from '../db/open.ts';
import { insertNew, updateRow } from '../db/resource-sql.ts';
import { getSite } from '../db/sites.ts';
import { ERROR_FORMS, fillForm } from '../lib/message-forms.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import {
  changesNothing,
  faultOf,
  formedRefusal,
  toColumns,
  validateInput,
  type ApiRecord,
  type Resource,
  type ValidatedInput,
} from '../fields/field.ts';
import { RULES, refusalOf, type RuleFault } from '../fields/rules.ts';

/** What every stored row has: its id and the version its ETag names. */
export type StoredRow = { id: string; version: number };

/** A kind that the shared create, update and delete change: its reads, its own rules, how the activity log names it. */
export interface DomainKind<Row extends Values & StoredRow, Values> {
  /** Its fields; `resource.type` names it in the activity log. */
  resource: Resource;
  /** The record's API form: what a patch is merged into. */
  toApi(row: Row): ApiRecord;
  /** The insert of a new row (default: its columns as they are, insertNew). */
  insert?(db: Db, id: string, values: Values, now: string): void;
  /** The write of a change (default: its editable columns, updateRow). */
  update?(db: Db, id: string, values: Values, now: string): void;
  /** The faults of the fields as the kind names them (a template's units, each block at its own path). */
  fieldFaults?(input: unknown, faults: FieldFault[]): FieldFault[];
  /** Faults beyond each field's own, of the record as it would be (`checked`: the input as validated). */
  ruleFaults?(db: Db, record: Record<string, unknown>, checked: ValidatedInput): FieldFault[];
  /** The uniqueness faults (409) of these values for the entity `id`, checked inside the change. */
  clashes(db: Db, values: Values, id: string): FieldFault[];
  /** Update only, inside the change before the clashes: throws for a change the kind refuses (a move in use). */
  refuseUpdate?(db: Db, row: Row, values: Values): void;
  /**
   * Create and update, inside the change after the row is written: the fields without a column (a switch's
   * configured VLANs) and what goes with the row in the same entry (a switch's management address); `before` is
   * the row as it was (undefined on create).
   */
  afterWrite?(change: Change, id: string, record: Record<string, unknown>, before: Row | undefined): void;
  /** Create only, inside the change after the insert: more work (a switch's ports), the summary's end and the entry's changes. */
  onCreate?(change: Change, id: string, checked: ValidatedInput): { summaryEnd: string; changes?: unknown };
  /**
   * Update only, inside the change after afterWrite: more work that the change calls for (a grown stack's ports), the
   * summary's end and what the entry's changes add to the record's own (undefined: nothing more).
   */
  onUpdate?(change: Change, before: Row): { summaryEnd: string; changes: Record<string, unknown> } | undefined;
  /** How the activity log names an entity: its name, its site (null for a kind of no site: templates), and its label in a summary ("LAN (VLAN 10)"). */
  entity(record: Values, id: string): { name: string; siteId: string | null; label: string };
}

/** Checks a change before it is written (If-Match): given the version of the record it starts from. */
export type Precondition = (version: number) => void;

/** What a write answers: the new record's id, or the record as stored (answered as it is, without reading it again). */
export type Written = string | ApiRecord | undefined;

/**
 * The writes of a kind, as every caller makes them (the API's adapter, http/resource-routes.ts, among them): create
 * under its parent (a range's network, a port's switch; none for a kind of no parent), and the update and delete of
 * the record `id`, which the domain reads once: not_found, then the caller's precondition on it, then its checks.
 * `Options` are a delete's (a site's cascade), `UpdateOptions` an update's (a port's matchFarEnd).
 */
export interface Writes<Options = undefined, Parent = void, Created = Written | Promise<Written>, UpdateOptions = undefined> {
  create(db: Db, actor: Actor, input: unknown, parent: Parent): Created;
  update(
    db: Db,
    actor: Actor,
    id: string,
    input: unknown,
    precondition?: Precondition,
    options?: UpdateOptions,
  ): Written | Promise<Written>;
  delete(db: Db, actor: Actor, id: string, precondition: Precondition | undefined, options: Options): void;
}

/**
 * The writes of a kind through the one save path; `get` reads the record an update or a delete starts from, `remove`
 * deletes a record and what goes with it (see deleteRecord).
 */
export function writesOf<Row extends Values & StoredRow, Values, Options = undefined>(
  kind: DomainKind<Row, Values>,
  get: (db: Db, id: string) => Row | undefined,
  remove: (change: Change, row: Row, options: Options) => string,
): Writes<Options, void, string> {
  const what = kind.resource.type;
  return {
    create: (db, actor, input) => createRecord(db, actor, kind, input),
    update: (db, actor, id, input, precondition) => {
      updateRecord(db, actor, kind, toChange(get(db, id), what, precondition), input);
    },
    delete: (db, actor, id, precondition, options) => {
      const row = toChange(get(db, id), what, precondition);
      deleteRecord(db, actor, kind, row, (change) => remove(change, row, options));
    },
  };
}

/** Where the stored record of a kind of a parent is found: its word in a not_found, its read by id, and its parent. */
export interface StoredChild<Row, Parent> {
  what: string;
  get(db: Db, id: string): Row | undefined;
  parentOf(db: Db, row: Row): Parent;
}

/** writesOf for a kind of a parent: `kindOf` the kind under one parent, `stored` where its records and their parents are. */
export function childWritesOf<Row extends Values & StoredRow, Values, Parent>(
  kindOf: (parent: Parent) => DomainKind<Row, Values>,
  stored: StoredChild<Row, Parent>,
  remove: (change: Change, row: Row) => string,
): Writes<undefined, Parent, string> {
  const kindOfRow = (db: Db, row: Row) => kindOf(stored.parentOf(db, row));
  return {
    create: (db, actor, input, parent) => createRecord(db, actor, kindOf(parent), input),
    update: (db, actor, id, input, precondition) => {
      const row = toChange(stored.get(db, id), stored.what, precondition);
      updateRecord(db, actor, kindOfRow(db, row), row, input);
    },
    delete: (db, actor, id, precondition) => {
      const row = toChange(stored.get(db, id), stored.what, precondition);
      deleteRecord(db, actor, kindOfRow(db, row), row, (change) => remove(change, row));
    },
  };
}

/** Creates a record of the input: refused with 400 or 409 (Refusal), else stored with its entry; its new id. */
export function createRecord<Row extends Values & StoredRow, Values>(
  db: Db,
  actor: Actor,
  kind: DomainKind<Row, Values>,
  input: unknown,
): string {
  const checked = validateInput(kind.resource, input, 'create');
  refuseInvalid([...fieldFaultsOf(kind, input, checked), ...(kind.ruleFaults?.(db, checked.values, checked) ?? [])]);
  const values = toColumns(kind.resource, checked.values) as Values;
  const id = randomUUID();
  recordChange(db, actor, (change) => {
    refuseClashes(kind.clashes(change.db, values, id));
    change.touch(kind.resource.type as Kind, id);
    (kind.insert ?? ((db, id, values, now) => insertNew(db, kind.resource, id, values as object, now)))(change.db, id, values, change.now);
    kind.afterWrite?.(change, id, checked.values, undefined);
    const more = kind.onCreate?.(change, id, checked);
    return { activity: entryOf(kind, 'create', id, values, more?.summaryEnd ?? '', more?.changes), result: id };
  });
  return id;
}

/**
 * Changes the record `row` (as writesOf or childWritesOf read it, once) by the input, a patch validated on the
 * record as it would be (400); a patch that changes nothing writes nothing; else in one change the kind's refusals,
 * uniqueness (409), the update and its entry.
 */
function updateRecord<Row extends Values & StoredRow, Values>(
  db: Db,
  actor: Actor,
  kind: DomainKind<Row, Values>,
  row: Row,
  input: unknown,
): void {
  const checked = validateInput(kind.resource, input, 'patch');
  const current = kind.toApi(row);
  const merged = { ...current, ...checked.values };
  refuseInvalid([...fieldFaultsOf(kind, input, checked), ...(kind.ruleFaults?.(db, merged, checked) ?? [])]);
  if (changesNothing(current, sortedLists(kind.resource, checked.values))) return;
  const values = toColumns(kind.resource, merged) as Values;
  recordChange(db, actor, (change) => {
    kind.refuseUpdate?.(change.db, row, values);
    refuseClashes(kind.clashes(change.db, values, row.id));
    const type = kind.resource.type as Kind;
    change.touch(type, row.id);
    const image = kind.onUpdate ? readImage(change.db, type, row.id) : null;
    (kind.update ?? ((db, id, values, now) => updateRow(db, kind.resource, id, values as Record<string, unknown>, now)))(
      change.db,
      row.id,
      values,
      change.now,
    );
    kind.afterWrite?.(change, row.id, merged, row);
    const more = kind.onUpdate?.(change, row);
    const changes = more && { ...diffImages(type, image, readImage(change.db, type, row.id)), ...more.changes };
    return { activity: entryOf(kind, 'update', row.id, values, more?.summaryEnd ?? '', changes), result: row.id };
  });
}

/**
 * Deletes the record `row` in one change: `remove` removes it and what goes with it (or refuses), and what it
 * returns ends the summary (" and its 48 ports").
 */
function deleteRecord<Row extends Values & StoredRow, Values>(
  db: Db,
  actor: Actor,
  kind: DomainKind<Row, Values>,
  row: Row,
  remove: (change: Change, row: Row) => string,
): void {
  recordChange(db, actor, (change) => {
    const summaryEnd = remove(change, row);
    return { activity: entryOf(kind, 'delete', row.id, row, summaryEnd), result: row.id };
  });
}

/** The record a change starts from, read once: not_found (`No such ${what}.`) when there is none, then the precondition. */
export function toChange<Row extends { version: number }>(row: Row | undefined, what: string, precondition?: Precondition): Row {
  if (!row) throw notFound(what);
  precondition?.(row.version);
  return row;
}

/** 404 not_found: `No such ${what}.` */
export function notFound(what: string): Refusal {
  return new Refusal('not_found', 'not_found', `No such ${what}.`);
}

/**
 * The refusal of every fault found, when there is one: the code and kind of their declared rule when all break rules of
 * one code (fields/rules.ts refusalOf: 409 lag_member for a console port as a LAG member), else 400 validation_failed.
 */
export function refuseInvalid(faults: RuleFault[], form: InvalidForm = 'validation_failed'): void {
  if (faults.length === 0) return;
  const refusal = refusalOf(faults, ERROR_FORMS[form]);
  if (faults.every((fault) => fault.rule === RULES.lagMemberType))
    throw formedRefusal(refusal.kind, 'lag_member.member_type', {}, refusal.details);
  if (refusal.code !== 'validation_failed') throw refusal;
  throw formedRefusal(refusal.kind, form, {}, refusal.details);
}

/** A form of a 400 validation_failed's own message (`validation_failed.bulk`: the bulk edit's). */
type InvalidForm = Extract<keyof typeof ERROR_FORMS, `validation_failed${string}`>;

/** 409 for values another record holds already: `name_taken` when a name clashes, else `conflict`; every clash in details. */
export function refuseClashes(faults: FieldFault[]): void {
  if (faults.length === 0) return;
  const names = faults.some((fault) => fault.field === 'name');
  const params = { fields: faults.map((fault) => fault.field).join(', ') };
  throw new Refusal('conflict', names ? 'name_taken' : 'conflict', fillForm(ERROR_FORMS.conflict, params), faults, params);
}

/** A fault on siteId when it names no site (an invalid id was reported by validateInput already). */
export function siteFaults(db: Db, siteId: unknown): FieldFault[] {
  if (typeof siteId !== 'string' || getSite(db, siteId)) return [];
  return [faultOf('siteId', 'site_missing', { id: siteId })];
}

/** The values with each id list sorted, as lists are stored and answered (a list is a set: its order says nothing). */
export function sortedLists(resource: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const sorted = { ...values };
  for (const field of resource.fields)
    if (field.type === 'uuid-list' && Array.isArray(sorted[field.name])) sorted[field.name] = [...(sorted[field.name] as string[])].sort();
  return sorted;
}

function fieldFaultsOf<Row extends Values & StoredRow, Values>(kind: DomainKind<Row, Values>, input: unknown, checked: ValidatedInput) {
  return kind.fieldFaults && checked.faults.length ? kind.fieldFaults(input, checked.faults) : checked.faults;
}

const DONE: Record<'create' | 'update' | 'delete', string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };

/** The activity entry of a change to one entity: "Updated network LAN (VLAN 10)". */
function entryOf<Row extends Values & StoredRow, Values>(
  kind: DomainKind<Row, Values>,
  action: 'create' | 'update' | 'delete',
  id: string,
  record: Values,
  summaryEnd: string,
  changes?: unknown,
): ActivityInput {
  const { name, siteId, label } = kind.entity(record, id);
  const type = kind.resource.type;
  return {
    action,
    entityType: type,
    entityId: id,
    entityName: name,
    siteId,
    summary: `${DONE[action]} ${type} ${label}${summaryEnd}`,
    changes,
  };
}
