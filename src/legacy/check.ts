import { activityTargets, checkActivity, checkUsers } from './check-people.ts';
import { checkNetworks, checkSites, checkSwitches } from './check-inventory.ts';
import { checkPorts } from './check-ports.ts';
import { checkEzswm, isEzswmBundle } from './ezswm.ts';
import { entriesOf, newContext, type CheckContext, type Entry } from './context.ts';
import { fileOfKind, recordsOf } from './read.ts';
import { LEGACY_KINDS, type LegacyBundle, type LegacyData, type LegacyFault, type LegacyKind } from './types.ts';

export type { LegacyBundle, LegacyData, LegacyFault } from './types.ts';

/**
 * Reads and checks a bundle of 0.20.x files (each an array or `{ version, items }`) with the API's own field
 * and cross-field rules. Either every fault found (and no data), or the data in the API's shape with fresh
 * UUIDv4 ids, every reference remapped and the two documented fixes applied and listed. Pure: no I/O.
 */
export function checkLegacyBundle(bundle: LegacyBundle): { data?: LegacyData; faults: LegacyFault[] } {
  return checkLegacy(bundle);
}

/**
 * checkLegacyBundle with the time to use for missing dates, and the kinds whose file could not be read
 * (already reported by the reader): references into those are not judged, so one bad file is one fault.
 */
export function checkLegacy(
  bundle: LegacyBundle,
  options: { now?: string; unreadable?: LegacyKind[] } = {},
): { data?: LegacyData; faults: LegacyFault[] } {
  const ctx = newContext(options.now);
  for (const kind of options.unreadable ?? []) ctx.unreadable.add(kind);
  const entries = entriesByKind(ctx, bundle);
  if (isEzswmBundle(bundle)) {
    const data = checkEzswm(ctx, entries);
    if (ctx.faults.length > 0) return { faults: ctx.faults };
    return { data: { ...data, fixes: ctx.fixes, dropped: [...ctx.dropped.values()] }, faults: [] };
  }
  const sites = checkSites(ctx, entries.sites);
  const { vlans, networks } = checkNetworks(ctx, entries.networks);
  const switches = checkSwitches(ctx, entries.switches);
  const ports = checkPorts(ctx, { entries: entries.switches, records: switches }, networkSites(entries.networks, vlans));
  const users = checkUsers(ctx, entries.users);
  const activity = checkActivity(ctx, entries.activity, activityTargets(sites, vlans, switches, users));
  if (ctx.faults.length > 0) return { faults: ctx.faults };
  const dropped = [...ctx.dropped.values()];
  // The older flat files had no addresses or ranges of their own.
  return {
    data: {
      sites,
      vlans,
      networks,
      switches,
      ports,
      addresses: [],
      ranges: [],
      templates: [],
      lags: [],
      activity,
      users,
      fixes: ctx.fixes,
      dropped,
    },
    faults: [],
  };
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
  }
  return result;
}

/** Legacy network id to the new site id of its VLAN, for the port rules. */
function networkSites(entries: Entry[], vlans: Record<string, unknown>[]): Map<string, unknown> {
  const sites = new Map<string, unknown>();
  entries.forEach((entry, i) => {
    if (entry.key !== null && !sites.has(entry.key)) sites.set(entry.key, vlans[i].siteId);
  });
  return sites;
}
