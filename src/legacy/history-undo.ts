// The undo data of the 0.20.x history (history.ts): for each record, its entries are walked back from the record
// as migrated, newest first. An entry left the record as the walk has it then (its `after` values match), so
// its after-image is that and its before-image the same with the entry's previous values; the walk goes on from
// there. An entry whose values do not match was followed by a change the 0.20.x log does not hold (its undo wrote
// no entry, a bulk edit kept no previous values): it keeps its before and after values, cannot be undone, and
// says why. So the newest entry of a record undoes like any other, and an older one once those after it are undone.
import { diffImages, imageToApi, readImage, undoDataFaults, withApiValues, type Image } from '../db/images.ts';
import type { Db } from '../db/open.ts';
import type { LegacyChange } from './history.ts';

/** What an entry of the 0.20.x history stores: its changes, and its undo data or why it has none. */
export interface HistoryUndo {
  changes: Record<string, [unknown, unknown]>;
  undoData?: string;
  lost?: string;
}

/** Walks the changes back over the database as migrated; `entryIds` oldest first, as the activity is stored. */
export function historyUndo(db: Db, entryIds: readonly string[], changes: ReadonlyMap<string, LegacyChange>): Map<string, HistoryUndo> {
  const byRecord = new Map<string, string[]>();
  for (const id of entryIds) {
    const change = changes.get(id);
    if (!change) continue;
    const key = `${change.kind}:${change.recordId}`;
    const ids = byRecord.get(key) ?? [];
    byRecord.set(key, ids);
    ids.push(id);
  }
  const undo = new Map<string, HistoryUndo>();
  for (const ids of byRecord.values()) {
    const first = changes.get(ids[0])!;
    let state = readImage(db, first.kind, first.recordId);
    for (const id of ids.toReversed()) {
      const change = changes.get(id)!;
      const step = stepBack(change, state);
      undo.set(id, step.undo);
      state = step.before;
    }
  }
  return undo;
}

function stepBack(change: LegacyChange, after: Image | null): { undo: HistoryUndo; before: Image | null } {
  const fields = Object.keys(change.after).filter((field) => !sameValue(change.before[field], change.after[field]));
  const changes = Object.fromEntries(
    fields.map((field) => [field, [change.before[field] ?? null, change.after[field] ?? null] as [unknown, unknown]]),
  );
  if (!after) return { undo: { changes, lost: `the ${change.kind} is gone` }, before: null };
  const before = withApiValues(change.kind, after, change.before);
  if (change.lost) return { undo: { changes, lost: change.lost }, before };
  const held = imageToApi(change.kind, after);
  const changedSince = fields.filter((field) => !sameValue(held[field], change.after[field]));
  if (changedSince.length > 0) {
    const lost =
      `the ${change.kind} holds other values now than this entry left (${changedSince.join(', ')}): changed by a later ` +
      'change the 0.20.x log does not hold, or fixed by the migration';
    return { undo: { changes, lost }, before };
  }
  // Only fields the model does not keep (a favourite mark), or values it holds alike: nothing to undo.
  if (Object.keys(diffImages(change.kind, before, after)).length === 0) return { undo: { changes }, before };
  const data = { before: { [change.kind]: { [change.recordId]: before } }, after: { [change.kind]: { [change.recordId]: after } } };
  const faults = undoDataFaults(data);
  if (faults.length > 0) {
    const lost = `its previous values break the rules: ${faults.map((fault) => `${fault.field.split('.').at(-1)} ${fault.message}`).join('; ')}`;
    return { undo: { changes, lost }, before };
  }
  return { undo: { changes, undoData: JSON.stringify(data) }, before };
}

function sameValue(a: unknown, b: unknown): boolean {
  const sorted = (value: unknown) => (Array.isArray(value) ? [...value].sort() : (value ?? null));
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}
