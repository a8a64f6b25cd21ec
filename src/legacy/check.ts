import { checkEzswm } from './ezswm.ts';
import { entriesOf, newContext, type CheckContext, type Entry } from './context.ts';
import { fixedRecords } from './fix-records.ts';
import { fileOfKind, recordsOf } from './read.ts';
import { writableJson } from '../lib/json-text.ts';
import { LEGACY_KINDS, type LegacyBundle, type LegacyData, type LegacyFault, type LegacyFix, type LegacyKind } from './types.ts';

export type { LegacyBundle, LegacyData, LegacyFault } from './types.ts';

/**
 * Reads and checks a bundle of the files ezSWM 0.20.x wrote (LEGACY.md: each a JSON array of records, snake_case
 * fields, nanoid ids) with the API's own field and cross-field rules. Either every fault found (and no data),
 * or the data in the API's shape with fresh UUIDv4 ids, every reference remapped and the fixes applied and
 * listed (a value the model refuses is kept in its record's notes or description, a record without its site goes
 * to the site Default: LEGACY.md step 3). Only the shape is a fault (a file that is not an array, a record that is
 * not an object or has no string id of its own), so a bundle of another shape is refused, never half read. Pure: no I/O.
 */
export function checkLegacyBundle(bundle: LegacyBundle): { data?: LegacyData; faults: LegacyFault[] } {
  return checkLegacy(bundle);
}

/**
 * checkLegacyBundle with the time to use for missing dates, and the kinds whose file could not be read
 * (already reported by the reader): references into those are not judged, so one bad file is one fault.
 * `release`: the caller gives the bundle up; the check empties it as it goes, to hold less memory at once.
 */
export function checkLegacy(
  bundle: LegacyBundle,
  options: { now?: string; unreadable?: LegacyKind[]; release?: boolean } = {},
): { data?: LegacyData; faults: LegacyFault[] } {
  const ctx = newContext(options.now);
  ctx.release = options.release ?? false;
  for (const kind of options.unreadable ?? []) ctx.unreadable.add(kind);
  const entries = entriesByKind(ctx, bundle);
  const data = checkEzswm(ctx, entries);
  if (ctx.faults.length > 0) return { faults: ctx.faults };
  const fixRecords = fixedRecords(ctx, data);
  return { data: { ...data, fixes: ctx.fixes.map(writableFix), fixRecords, dropped: [...ctx.dropped.values()] }, faults: [] };
}

/** A fix whose values JSON can write, as its log line and the migration's entry do: one nested too deep is described. */
function writableFix(fix: LegacyFix): LegacyFix {
  const [from, to] = [writableJson(fix.from), writableJson(fix.to)];
  return from === fix.from && to === fix.to ? fix : { ...fix, from, to };
}

/** The entries of every kind; a kind whose content is not a list of records is reported and marked unreadable. */
function entriesByKind(ctx: CheckContext, bundle: LegacyBundle): Record<LegacyKind, Entry[]> {
  const result = {} as Record<LegacyKind, Entry[]>;
  for (const kind of LEGACY_KINDS) {
    const file = fileOfKind(kind);
    if (ctx.unreadable.has(kind)) {
      result[kind] = [];
      continue;
    }
    const unwrapped = recordsOf(file, bundle[kind]);
    if ('fault' in unwrapped) {
      ctx.faults.push(unwrapped.fault);
      ctx.unreadable.add(kind);
      result[kind] = [];
    } else {
      result[kind] = entriesOf(ctx, kind, file, unwrapped.records);
    }
    // The entries hold the records now: a record let go of there is garbage (see CheckContext.release).
    if (ctx.release) delete bundle[kind];
  }
  return result;
}
