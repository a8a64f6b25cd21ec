import { randomUUID } from 'node:crypto';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { isPlainObject } from '../fields/field.ts';
import { RULES } from '../fields/rules.ts';
import { activityToApi, getActivity, insertActivity, markUndone, type Action, type ActivityEntry } from './activity.ts';
import {
  KIND_ORDER,
  RESOURCES,
  currentVersion,
  deleteEntity,
  diffImages,
  readImage,
  readStored,
  undoDataFaults,
  writeImage,
  type Image,
  type ImageSet,
  type Kind,
  type RowidSet,
  VLAN_LISTS,
} from './images.ts';
import { inTransaction, type Db } from './open.ts';
import { constraintFailure } from './sqlite-errors.ts';
import { columnsOf } from './resource-sql.ts';

/** What an entry stores to undo it: the images before and after, and the rowids of the rows it removed. */
interface UndoData {
  before: ImageSet;
  after: ImageSet;
  rowids?: RowidSet;
  /** The records beside the inventory it wrote (touchSide: a polling schedule), before and after; null for none. */
  side?: { before: SideImages; after: SideImages };
}

/** A record beside the inventory (a switch's or site's polling schedule), as a change keeps it for its undo. */
export type SideRow = Record<string, string | number | null>;

/** Side records by store name (`switch_polling`), then id; null where there was none. */
export type SideImages = Record<string, Record<string, SideRow | null>>;

/**
 * How the domain reads and writes one kind of side record (domain/polling.ts SCHEDULE_STORES): `write` with null
 * removes it; `valid` judges a row of stored undo data before an undo writes it.
 */
export interface SideStore {
  read(db: Db, id: string): SideRow | null;
  write(db: Db, id: string, row: SideRow | null): void;
  valid(row: SideRow): boolean;
}

/** Who made a change: the signed-in user, or the system (legacy migration). */
export interface Actor {
  id: string | null;
  username: string | null;
  /** The ids of the activity entries written for the actor's request, for its answer's Activity-Id header. */
  entryIds?: string[];
}

/** Notes the activity entry a change wrote for the actor (every writer of an entry a request makes calls it). */
export function noteEntry(actor: Actor, entryId: string): void {
  actor.entryIds?.push(entryId);
}

/** Handed to the work of a change: the time of the change and `touch`, which records before-images. */
export interface Change {
  db: Db;
  /** The time of this change, for created_at/updated_at. */
  now: string;
  /** The id its activity entry will have, for a row that names the entry in the same transaction. */
  entryId: string;
  /**
   * Call before writing an entity (or creating it under a known id): keeps its before-image for undo. `image`: the
   * one entity's image as the caller read it in this change (a row with its VLAN list), which is then not read again.
   */
  touch(kind: Kind, ids: string | Iterable<string>, image?: Image | null): void;
  /** Call before writing a side record (a polling schedule) through `store`: keeps it as it was, for undo. */
  touchSide(name: string, store: SideStore, id: string): void;
}

/** What the work of a change says about it; `changes` is computed from the images when left out. */
export interface ActivityInput extends Pick<ActivityEntry, 'action' | 'entityType' | 'entityId' | 'entityName' | 'siteId' | 'summary'> {
  changes?: unknown;
  /** Default: true for create, update, delete, bulk_update and undo. */
  undoable?: boolean;
  /** For an undo: the entry it reverses, marked undone in the same transaction. */
  undoOf?: string;
}

const UNDOABLE_BY_DEFAULT = new Set<Action>(['create', 'update', 'delete', 'bulk_update', 'undo']);

/**
 * The only way to change inventory data: runs `work` in one transaction and writes its activity entry in
 * the same transaction, so there is never a change without its entry or an entry without its change.
 * `work` returns the entry's description and its own result.
 */
export function recordChange<T>(
  db: Db,
  actor: Actor,
  work: (change: Change) => { activity: ActivityInput; result: T },
): { result: T; entry: ActivityEntry } {
  return inTransaction(db, () => {
    const before: ImageSet = {};
    const rowids: RowidSet = {};
    const sides: { before: SideImages; stores: Map<string, SideStore> } = { before: {}, stores: new Map() };
    const change: Change = {
      db,
      now: new Date().toISOString(),
      entryId: randomUUID(),
      touch(kind, ids, image) {
        before[kind] ??= {};
        const images = before[kind];
        for (const id of typeof ids === 'string' ? [ids] : ids) {
          if (id in images) continue;
          if (image !== undefined) images[id] = image && imageOf(kind, image);
          else images[id] = readBefore(db, kind, id, rowids);
        }
      },
      touchSide(name, store, id) {
        sides.stores.set(name, store);
        sides.before[name] ??= {};
        if (!(id in sides.before[name])) sides.before[name][id] = store.read(db, id);
      },
    };
    const { activity, result } = work(change);
    const after = readAfterImages(db, before);
    const side = sides.stores.size > 0 ? { side: { before: sides.before, after: readSideImages(db, sides.before, sides.stores) } } : {};
    const entry = writeEntry(db, actor, change, activity, { before, after, ...removedRowids(rowids, after), ...side });
    return { result, entry };
  });
}

function readSideImages(db: Db, images: SideImages, stores: ReadonlyMap<string, SideStore>): SideImages {
  return Object.fromEntries(
    Object.entries(images).map(([name, rows]) => [
      name,
      Object.fromEntries(Object.keys(rows).map((id) => [id, stores.get(name)!.read(db, id)])),
    ]),
  );
}

/**
 * The side records of an undo: refused as undo_data_invalid when a store is unknown or a row is not one its store
 * keeps, as undo_conflict when a record is not as the entry left it.
 */
function checkSideRecords(db: Db, side: NonNullable<UndoData['side']>, stores: Readonly<Record<string, SideStore>>): void {
  const faults: FieldFault[] = [];
  for (const part of ['before', 'after'] as const) {
    if (!isPlainObject(side[part])) faults.push({ field: `side.${part}`, message: 'must be side records by store, then id' });
    for (const [name, rows] of Object.entries(isPlainObject(side[part]) ? side[part] : {})) {
      const store = stores[name];
      if (!store || !isPlainObject(rows)) {
        faults.push({ field: `side.${part}.${name}`, message: 'is no store of side records' });
        continue;
      }
      for (const [id, row] of Object.entries(rows))
        if (row !== null && (!isPlainObject(row) || !store.valid(row as SideRow)))
          faults.push({ field: `side.${part}.${name}.${id}`, message: `is no record of ${name}` });
    }
  }
  if (faults.length > 0)
    throw new Refusal(
      'conflict',
      'undo_data_invalid',
      'The stored undo data of this entry is not what a change keeps; nothing was changed.',
      faults,
    );
  for (const [name, rows] of Object.entries(side.after)) {
    for (const [id, expected] of Object.entries(rows)) {
      if (JSON.stringify(stores[name]!.read(db, id)) === JSON.stringify(expected)) continue;
      throw new Refusal('conflict', 'undo_conflict', `The ${name} record has changed since this entry; undo the later changes first.`, [
        { field: `${name}:${id}`, message: 'changed since' },
      ]);
    }
  }
}

// An entity's image before the change, noting its rowid: an undo of its removal inserts it there again.
function readBefore(db: Db, kind: Kind, id: string, rowids: RowidSet): Image | null {
  const stored = readStored(db, kind, id);
  if (!stored) return null;
  rowids[kind] ??= {};
  rowids[kind][id] = stored.rowid;
  return stored.image;
}

// The rowids of the rows the change removed, if any (most changes remove none, and their undo data has no rowids).
function removedRowids(rowids: RowidSet, after: ImageSet): { rowids?: RowidSet } {
  const removed: RowidSet = {};
  for (const kind of KIND_ORDER) {
    for (const [id, rowid] of Object.entries(rowids[kind] ?? {})) {
      if (after[kind]?.[id] !== null) continue;
      removed[kind] ??= {};
      removed[kind][id] = rowid;
    }
  }
  return Object.keys(removed).length > 0 ? { rowids: removed } : {};
}

// Only the columns of the kind and its VLAN list: a row read with more (a LAG's members) keeps its image as readImage's.
function imageOf(kind: Kind, row: Image): Image {
  const list = VLAN_LISTS[kind];
  const image = Object.fromEntries(columnsOf(RESOURCES[kind]).map((column) => [column, row[column]])) as Image;
  if (list) image[list.image] = row[list.image];
  return image;
}

function readAfterImages(db: Db, before: ImageSet): ImageSet {
  const after: ImageSet = {};
  for (const kind of KIND_ORDER) {
    const ids = Object.keys(before[kind] ?? {});
    if (ids.length > 0) after[kind] = Object.fromEntries(ids.map((id) => [id, readImage(db, kind, id)]));
  }
  return after;
}

function writeEntry(db: Db, actor: Actor, change: Change, activity: ActivityInput, undoData: UndoData): ActivityEntry {
  const { before, after } = undoData;
  const undoable = activity.undoable ?? UNDOABLE_BY_DEFAULT.has(activity.action);
  const touched = KIND_ORDER.flatMap((kind) => Object.keys(before[kind] ?? {}).map((id) => ({ type: kind, id })));
  const row = {
    id: change.entryId,
    at: change.now,
    user_id: actor.id,
    username: actor.username,
    action: activity.action,
    entity_type: activity.entityType,
    entity_id: activity.entityId,
    entity_name: activity.entityName,
    site_id: activity.siteId,
    summary: activity.summary,
    changes: JSON.stringify(activity.changes ?? defaultChanges(activity, before, after)),
    undo_data: undoable ? JSON.stringify(undoData) : null,
    undoable: undoable ? 1 : 0,
    undone_by: null,
    undo_of: activity.undoOf ?? null,
  };
  const seq = insertActivity(db, row, touched);
  noteEntry(actor, row.id);
  if (activity.undoOf) markUndone(db, activity.undoOf, row.id);
  return activityToApi({ ...row, undo_lost: null, seq });
}

/**
 * `{ field: [before, after] }` when the change touched only the entry's own entity; otherwise the same keyed
 * by kind and id (`{ port: { <id>: { field: [before, after] } } }`), as for every bulk edit.
 */
function defaultChanges(activity: ActivityInput, before: ImageSet, after: ImageSet): unknown {
  const kinds = KIND_ORDER.filter((kind) => before[kind] && Object.keys(before[kind]!).length > 0);
  const onlyOwnEntity =
    kinds.length === 1 &&
    kinds[0] === activity.entityType &&
    Object.keys(before[kinds[0]]!).length === 1 &&
    activity.entityId! in before[kinds[0]]!;
  if (onlyOwnEntity) {
    const id = activity.entityId!;
    return diffImages(kinds[0], before[kinds[0]]![id], after[kinds[0]]![id]);
  }
  const all: Record<string, Record<string, Record<string, [unknown, unknown]>>> = {};
  for (const kind of kinds) {
    for (const id of Object.keys(before[kind]!)) {
      const diff = diffImages(kind, before[kind]![id], after[kind]![id]);
      if (Object.keys(diff).length === 0) continue;
      all[kind] ??= {};
      all[kind][id] = diff;
    }
  }
  if (activity.entityType && activity.entityId) {
    const primary = all[activity.entityType]?.[activity.entityId];
    if (primary && Object.keys(all).length === 1 && Object.keys(all[activity.entityType]).length === 1) return primary;
  }
  return all;
}

/** The images of an undo: what it writes back (before) over what its entry left (after). */
export interface UndoImages {
  before: ImageSet;
  after: ImageSet;
}

/**
 * What judges an undo (domain/undo.ts: the rules): handed the images before they are written, it answers the check to
 * run once they are, inside the undo's transaction, where what it throws refuses the undo and rolls the writes back.
 */
export type UndoJudge = (images: UndoImages) => () => void;

/**
 * Reverses an activity entry in one transaction with its own `undo` entry: every entity it touched gets its
 * before-image back, with the same ids (a changed one with a raised version, a removed one as it was); undoing an
 * `undo` entry redoes the change it reversed. Refuses not_found for an unknown entry, and as conflicts: undo_conflict
 * when an entity no longer holds what the entry left, or a record it refers to is gone; name_taken (address_taken,
 * conflict) when a value it needs is taken now; already_undone; not_undoable (import, restore, migrate);
 * undo_data_invalid when the stored images break the field rules (written by another tool). `judge` refuses the rest.
 */
export function recordUndo(
  db: Db,
  actor: Actor,
  entryId: string,
  judge: UndoJudge,
  stores: Readonly<Record<string, SideStore>> = {},
): ActivityEntry {
  try {
    return recordChange(db, actor, (change) => {
      const original = getActivity(db, entryId);
      if (!original) throw new Refusal('not_found', 'not_found', 'No such activity entry.');
      if (original.undone_by) throw new Refusal('conflict', 'already_undone', 'This change has been undone already.');
      if (original.undo_lost) throw new Refusal('conflict', 'not_undoable', `This entry cannot be undone: ${original.undo_lost}`);
      if (!original.undoable || !original.undo_data) {
        throw new Refusal(
          'conflict',
          'not_undoable',
          `A${original.action === 'import' ? 'n' : ''} ${original.action} entry cannot be undone.`,
        );
      }
      const { before, after, rowids, side } = undoImages(original.undo_data);
      checkUnchangedSince(db, after);
      if (side) checkSideRecords(db, side, stores);
      for (const kind of KIND_ORDER) change.touch(kind, Object.keys(before[kind] ?? {}));
      const checkWritten = judge({ before, after });
      restoreImages(db, { before, after, rowids }, change.now);
      for (const [name, rows] of Object.entries(side?.before ?? {})) {
        for (const [id, row] of Object.entries(rows)) {
          change.touchSide(name, stores[name]!, id);
          stores[name]!.write(db, id, row);
        }
      }
      checkWritten();
      return {
        activity: {
          action: 'undo',
          entityType: original.entity_type,
          entityId: original.entity_id,
          entityName: original.entity_name,
          siteId: original.site_id,
          summary: `Undid: ${original.summary}`,
          undoOf: original.id,
        },
        result: original.id,
      };
    }).entry;
  } catch (error) {
    throw constraintConflict(error) ?? error;
  }
}

/**
 * The images of an entry's undo data; refused as undo_data_invalid, naming every fault, when they are not JSON or
 * break the field rules (undoDataFaults): an undo never writes a value that the API would refuse.
 */
function undoImages(text: string): UndoData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const faults = parsed === undefined ? [{ field: 'undoData', message: 'is not JSON' }] : undoDataFaults(parsed);
  if (faults.length > 0) {
    throw new Refusal(
      'conflict',
      'undo_data_invalid',
      'The stored undo data of this entry breaks the field rules, so it cannot be undone; nothing was changed.',
      faults,
    );
  }
  return parsed as UndoData;
}

/**
 * A constraint failure while restoring: a value taken meanwhile as the API's create and update answer it (409 name_taken,
 * address_taken, or conflict for another value), a referenced row gone (or one referring to it made since) as undo_conflict.
 */
function constraintConflict(error: unknown): Refusal | undefined {
  const failure = constraintFailure(error);
  if (!failure) return undefined;
  const taken = failure.unique.length > 0 ? uniqueFault(failure.unique.at(-1)!) : undefined;
  if (!taken) {
    const message =
      'The undo would leave a reference to a record that is gone, or remove one that others refer to now; nothing was changed.';
    return new Refusal('conflict', 'undo_conflict', message);
  }
  const rule = taken.field === 'name' ? RULES.nameTaken : taken.field === 'address' ? RULES.addressTaken : RULES.valueTaken;
  return new Refusal(
    rule.kind,
    rule.code,
    `The undo needs a ${taken.field} that another ${taken.kind} has now; rename that one first. Nothing was changed.`,
    [{ field: taken.field, message: `is taken now by another ${taken.kind}` }],
  );
}

/** Names the field of a failed UNIQUE constraint's last column (`switches.name`). */
function uniqueFault(column: string): { kind: Kind; field: string } | undefined {
  const [table, name] = column.split('.');
  const kind = KIND_ORDER.find((k) => RESOURCES[k].table === table);
  const derived = kind && RESOURCES[kind].derivedColumns?.fieldOf?.[name];
  if (kind && derived) return { kind, field: derived };
  const field = kind && RESOURCES[kind].fields.find((f) => f.column === name);
  return kind && field ? { kind, field: field.name } : undefined;
}

/** Refuses with undo_conflict unless every entity the entry touched still holds what the entry left (or is still absent). */
function checkUnchangedSince(db: Db, after: ImageSet): void {
  for (const kind of KIND_ORDER) {
    for (const [id, expected] of Object.entries(after[kind] ?? {})) {
      const current = readImage(db, kind, id);
      if (sameImage(expected, current)) continue;
      const name = String(current?.name ?? expected?.name ?? id);
      throw new Refusal(
        'conflict',
        'undo_conflict',
        `The ${kind} "${name}" has changed since this entry; undo the later changes first, or change it by hand.`,
        [{ field: `${kind}:${id}`, message: current ? (expected ? 'changed since' : 'exists again') : 'deleted since' }],
      );
    }
  }
}

/** Columns that every write raises: two images that differ only in these hold the same data. */
const BOOKKEEPING = new Set(['version', 'updated_at']);

/**
 * Whether the entity holds what the entry left: every stored column (and a port's tagged list) but the version
 * and update time. So a change undone later does not block undoing the one before it (undo twice, newest
 * first), and a writer that forgot to raise the version is still caught. Columns added by later migrations are
 * not in old images and are not compared.
 */
function sameImage(expected: Image | null, current: Image | null): boolean {
  if (expected === null || current === null) return expected === current;
  return Object.keys(expected).every(
    (key) => BOOKKEEPING.has(key) || JSON.stringify(expected[key] ?? null) === JSON.stringify(current[key] ?? null),
  );
}

/**
 * Writes every before-image back. Order matters for the immediate foreign keys: first what the change removed
 * (parents first), then what it changed, and last what it created (children first), so that a changed row
 * stops referring to a created one before that goes, and a restored row finds its restored parent.
 */
function restoreImages(db: Db, { before, after, rowids }: UndoData, now: string): void {
  const entries = (kind: Kind) => Object.entries(before[kind] ?? {});
  // A changed row's version only ever rises: one above the highest this entity has had, here or in the images.
  const nextVersion = (kind: Kind, image: Image) =>
    Math.max(image.version, after[kind]?.[image.id]?.version ?? 0, currentVersion(db, kind, image.id) ?? 0) + 1;
  // A removed row comes back as it was, its version and times too (every valid image has them, undoDataFaults), at its
  // rowid when the entry has it and it is free: it is absent now (checkUnchangedSince), its version names this content.
  const asItWas = (kind: Kind, image: Image) =>
    writeImage(db, kind, image, image.version, String(image.updated_at), rowids?.[kind]?.[image.id]);
  for (const kind of KIND_ORDER) {
    for (const [id, image] of entries(kind)) if (image && !after[kind]?.[id]) asItWas(kind, image);
  }
  for (const kind of KIND_ORDER) {
    for (const [id, image] of entries(kind)) if (image && after[kind]?.[id]) writeImage(db, kind, image, nextVersion(kind, image), now);
  }
  for (const kind of [...KIND_ORDER].reverse()) {
    for (const [id, image] of entries(kind)) if (image === null) deleteEntity(db, kind, id);
  }
}
