// The handlers that the inventory's route files share (sites, VLANs, networks, ranges, addresses, templates,
// switches, LAGs and ports, each for the methods it has): each route file declares its kind once (its fields,
// its SQL, its own rules and how the activity log names it) and its handlers hand that to these. Read top to
// bottom, each is what happens on that method for every such kind.
import { randomUUID } from 'node:crypto';
import { recordChange, type ActivityInput, type Change } from '../db/change.ts';
import type { Kind } from '../db/images.ts';
import type { JsonPage, ListParams } from '../db/list-query.ts';
import type { Db } from '../db/open.ts';
import { uniquenessConflict, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { changesNothing, toColumns, validateInput, type ApiRecord, type Resource, type ValidatedInput } from '../fields/field.ts';
import { created, csvListAnswer, etag, jsonListAnswer, withEtag } from './answers.ts';
import { actorOf, pathRow, pathRowToChange, wantsCsv } from './request.ts';
import type { Ctx, Reply } from './route.ts';

/** What every stored row has: its id and the version its ETag names. */
type StoredRow = { id: string; version: number };

/** A kind that is listed and read by id: its fields and its reads. */
export interface ListedKind<Row, Filter> {
  /** Its fields; `resource.type` names it in 404s and in the activity log. */
  resource: Resource;
  get(db: Db, id: string): Row | undefined;
  toApi(row: Row): ApiRecord;
  /** A list page as SQLite serialises it (JSON answers). */
  listJson(db: Db, list: ListParams, filter: Filter): JsonPage;
  /** A list page as rows (CSV answers). */
  list(db: Db, list: ListParams, filter: Filter): { rows: Row[]; total: number };
  /** The CSV of records: recordsToCsv of import/csv-layout.ts, handed in since http/ does not import import/. */
  csv(db: Db, records: ApiRecord[]): string;
}

/** A kind that the shared create, update and delete change: its SQL, its own rules, how the activity log names it. */
export interface EditedKind<Row extends Values & StoredRow, Values, Filter> extends ListedKind<Row, Filter> {
  /** The path of its collection: a created one's Location is `${path}/${id}`. */
  path: string;
  insert(db: Db, id: string, values: Values, now: string): void;
  update(db: Db, id: string, values: Values, now: string): void;
  /** Faults beyond each field's own, of the record as it would be (`checked`: the body as validated). */
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
  /** How the activity log names an entity: its name, its site (null for a kind of no site: templates), and its label in a summary ("LAN (VLAN 10)"). */
  entity(record: Values, id: string): { name: string; siteId: string | null; label: string };
}

/** GET of a list: JSON serialised by SQLite, or CSV of the rows' records with the total in X-Total-Count. */
export function inventoryList<Row, Filter>(ctx: Ctx, kind: ListedKind<Row, Filter>, list: ListParams, filter: Filter): Reply {
  if (!wantsCsv(ctx)) return jsonListAnswer(kind.listJson(ctx.app.db, list, filter), list);
  const { rows, total } = kind.list(ctx.app.db, list, filter);
  return csvListAnswer(kind.csv(ctx.app.db, rows.map(kind.toApi)), total);
}

/** GET of one by the path's id, with its ETag (404 when there is none). */
export function inventoryGet<Row, Filter>(ctx: Ctx, kind: ListedKind<Row, Filter>): Reply {
  return withEtag(kind.toApi(pathRow(ctx, kind.resource.type, kind.get)));
}

/** POST: validate (400), then in one change check uniqueness (409), insert and log; 201 with Location and ETag. */
export function inventoryCreate<Row extends Values & StoredRow, Values, Filter>(ctx: Ctx, kind: EditedKind<Row, Values, Filter>): Reply {
  const db = ctx.app.db;
  const checked = validateInput(kind.resource, ctx.body, 'create');
  const faults = [...checked.faults, ...(kind.ruleFaults?.(db, checked.values, checked) ?? [])];
  if (faults.length) throw validationFailed(faults);
  const values = toColumns(kind.resource, checked.values) as Values;
  const id = randomUUID();
  recordChange(db, actorOf(ctx), (change) => {
    const clashes = kind.clashes(change.db, values, id);
    if (clashes.length) throw uniquenessConflict(clashes);
    change.touch(kind.resource.type as Kind, id);
    kind.insert(change.db, id, values, change.now);
    kind.afterWrite?.(change, id, checked.values, undefined);
    const more = kind.onCreate?.(change, id, checked);
    return { activity: entryOf(kind, 'create', id, values, more?.summaryEnd ?? '', more?.changes), result: id };
  });
  const record = kind.toApi(kind.get(db, id)!);
  return created(`${kind.path}/${id}`, record, { ETag: etag(record.version) });
}

/**
 * PATCH: the row (404, If-Match 412), the patch validated on the record as it would be (400); a patch that
 * changes nothing answers the record as it is; else in one change the kind's refusals, uniqueness (409),
 * the update and its entry.
 */
export function inventoryUpdate<Row extends Values & StoredRow, Values, Filter>(ctx: Ctx, kind: EditedKind<Row, Values, Filter>): Reply {
  const db = ctx.app.db;
  const row = pathRowToChange(ctx, kind.resource.type, kind.get);
  const id = row.id;
  const checked = validateInput(kind.resource, ctx.body, 'patch');
  const current = kind.toApi(row);
  const merged = { ...current, ...checked.values };
  const faults = [...checked.faults, ...(kind.ruleFaults?.(db, merged, checked) ?? [])];
  if (faults.length) throw validationFailed(faults);
  if (changesNothing(current, sortedLists(kind.resource, checked.values))) return withEtag(current);
  const values = toColumns(kind.resource, merged) as Values;
  recordChange(db, actorOf(ctx), (change) => {
    kind.refuseUpdate?.(change.db, row, values);
    const clashes = kind.clashes(change.db, values, id);
    if (clashes.length) throw uniquenessConflict(clashes);
    change.touch(kind.resource.type as Kind, id);
    kind.update(change.db, id, values, change.now);
    kind.afterWrite?.(change, id, merged, row);
    return { activity: entryOf(kind, 'update', id, values, ''), result: id };
  });
  return withEtag(kind.toApi(kind.get(db, id)!));
}

/** DELETE: the row (404, If-Match 412), then in one change `remove` (which may refuse) and the entry; 204. */
export function inventoryDelete<Row extends Values & StoredRow, Values, Filter>(
  ctx: Ctx,
  kind: EditedKind<Row, Values, Filter>,
  /** Removes the entity (and what goes with it); what it returns ends the summary (" and its 48 ports"). */
  remove: (change: Change, row: Row) => string,
): Reply {
  const row = pathRowToChange(ctx, kind.resource.type, kind.get);
  recordChange(ctx.app.db, actorOf(ctx), (change) => {
    const summaryEnd = remove(change, row);
    return { activity: entryOf(kind, 'delete', row.id, row, summaryEnd), result: row.id };
  });
  return { status: 204 };
}

/** The values with each id list sorted, as lists are stored and answered (a list is a set: its order says nothing). */
export function sortedLists(resource: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const sorted = { ...values };
  for (const field of resource.fields)
    if (field.type === 'uuid-list' && Array.isArray(sorted[field.name])) sorted[field.name] = [...(sorted[field.name] as string[])].sort();
  return sorted;
}

const DONE: Record<'create' | 'update' | 'delete', string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };

/** The activity entry of a change to one entity: "Updated network LAN (VLAN 10)". */
function entryOf<Row extends Values & StoredRow, Values, Filter>(
  kind: EditedKind<Row, Values, Filter>,
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
