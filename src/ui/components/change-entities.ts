// The entities of an activity entry that changed several at once ({ <kind>: { <id>: { field: [before, after] } } }:
// an applied discovery, a deletion with what went with it, an undo of those): which were created, changed or
// deleted, in reading order, and the names the entry gives them itself (a created or deleted entity's image holds
// its name), so that the entry reads in words even once what it made is gone again.
import { t } from '../messages.ts';

export type Diff = Record<string, unknown>;
export type EntityState = 'created' | 'changed' | 'deleted';
export type EntityChange = { kind: string; id: string; state: EntityState; diff: Diff };
/** A port or LAG: its name and its switch's id. */
export type PartName = { name: string; switchId: string };

/** The kinds an entry can name, in the order they read: the switch first, then its VLANs, LAGs and ports. */
const KINDS = ['site', 'switch', 'template', 'vlan', 'network', 'range', 'lag', 'port', 'address'];
const STATES: EntityState[] = ['created', 'changed', 'deleted'];

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** A field's change: [before, after]. */
export const isPair = (v: unknown): v is [unknown, unknown] => Array.isArray(v) && v.length === 2;

/** The entities of `changes` when it is keyed by kind, then id; undefined when it is about one entity. */
export function entitiesOf(changes: Record<string, unknown>): EntityChange[] | undefined {
  const kinds = Object.keys(changes);
  const keyed =
    kinds.length > 0 && kinds.every((k) => KINDS.includes(k) && isObject(changes[k]) && Object.values(changes[k]).every(isObject));
  if (!keyed) return undefined;
  const out: EntityChange[] = [];
  for (const kind of KINDS) {
    for (const [id, diff] of Object.entries((changes[kind] ?? {}) as Record<string, Diff>))
      out.push({ kind, id, state: stateOf(diff), diff });
  }
  return out.sort(byKindAndState);
}

/** Kinds in reading order; within a kind, the created ones first, then the changed, then the deleted. */
export function byKindAndState(a: EntityChange, b: EntityChange): number {
  return KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || STATES.indexOf(a.state) - STATES.indexOf(b.state);
}

/** Created when its image before was none, deleted when none is left, else changed. */
function stateOf(diff: Diff): EntityState {
  const id = diff.id;
  if (isPair(id) && id[0] === null) return 'created';
  if (isPair(id) && id[1] === null) return 'deleted';
  return 'changed';
}

/**
 * The entities to show one by one, or undefined to sum the entry up per field as one change to many ports (a bulk
 * edit and its undo). `only` narrows to one port's history: only its own creation or deletion reads as a line.
 */
export function entitiesToShow(changes: Record<string, unknown>, action?: string, only?: string): EntityChange[] | undefined {
  const entities = entitiesOf(changes);
  if (!entities) return undefined;
  if (only) {
    const own = entities.filter((e) => e.id === only && e.state !== 'changed');
    return own.length ? own : undefined;
  }
  const bulk = entities.every((e) => e.kind === 'port' && e.state === 'changed');
  return action === 'discovery' || !bulk ? entities : undefined;
}

/** A field's value as the entry left it (the created or changed side), else as it was. */
function keptValue(diff: Diff, field: string): unknown {
  const v = diff[field];
  return isPair(v) ? (v[1] ?? v[0]) : undefined;
}

/** What the entry calls an entity in a heading (`20 (Voice)`, `10.0.0.0/24 LAN`, `acc-1`), when its diff says. */
export function ownName(e: EntityChange): string | undefined {
  const of = (field: string) => keptValue(e.diff, field);
  if (e.kind === 'vlan' && of('vid') != null) return t('changes.vlanName', { vlan: String(of('vid')), name: String(of('name') ?? '') });
  if (e.kind === 'network' && of('subnet') != null)
    return t('names.network', { subnet: String(of('subnet')), name: String(of('name') ?? '') });
  if (e.kind === 'range' && of('start') != null) return `${of('start')}–${of('end')}`;
  if (e.kind === 'address' && of('address') != null) return String(of('address'));
  return of('name') == null ? undefined : String(of('name'));
}

/**
 * The names the entry itself gives ids: `words` as values read (`20 Voice`) for sites, switches, VLANs, networks
 * and templates, `parts` for ports and LAGs (their name and switch).
 */
export function namesInEntry(entities: EntityChange[]): { words: Map<string, string>; parts: Map<string, PartName> } {
  const words = new Map<string, string>();
  const parts = new Map<string, PartName>();
  for (const e of entities) {
    const name = keptValue(e.diff, 'name');
    if (name == null) continue;
    if (e.kind === 'port' || e.kind === 'lag') {
      const switchId = keptValue(e.diff, 'switchId');
      if (typeof switchId === 'string') parts.set(e.id, { name: String(name), switchId });
    } else if (e.kind === 'vlan' && keptValue(e.diff, 'vid') != null) {
      words.set(e.id, t('words.vlan', { vlan: String(keptValue(e.diff, 'vid')), name: String(name) }));
    } else if (e.kind === 'network') {
      words.set(e.id, ownName(e) ?? String(name));
    } else {
      words.set(e.id, String(name));
    }
  }
  return { words, parts };
}
