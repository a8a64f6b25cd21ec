// The changed fields of an activity entry in words, as before → after: field labels from the catalogue, ids as
// names (`Untagged VLAN: 10 Users → 20 Voice`, `Link: core-1 / 1`, `Members: 45, 46`), API values as their words,
// yes/no; a change to many ports ({ port: { <id>: { field: [before, after] } } }) is summed up per field, or
// narrowed to one port (`only`, in that port's history).
import { isUuid } from '../../fields/field.ts';
import { html, useEffect, useState } from '../html.ts';
import { getLag, getPort } from '../api.ts';
import { displayValue } from '../format.ts';
import { en, t } from '../messages.ts';
import type { MessageKey } from '../messages.ts';
import { useNameBook } from '../name-book.ts';
import type { NameBook } from '../name-book.ts';

/** A port or LAG by id: its name and its switch's id, or null when it is gone. */
type FarThing = { name: string; switchId: string } | null;

const farCache = new Map<string, FarThing>();
const farPending = new Map<string, Promise<void>>();

function fetchFar(id: string, kind: 'port' | 'lag'): Promise<void> {
  let p = farPending.get(id);
  if (!p) {
    p = (kind === 'port' ? getPort(id) : getLag(id)).then(
      (x) => void farCache.set(id, { name: x.name, switchId: x.switchId }),
      () => void farCache.set(id, null),
    );
    farPending.set(id, p);
  }
  return p;
}

/** Ports and LAGs named by `wanted` (fetched on first sight, cached); undefined while loading, null when gone. */
function useFarNames(wanted: { id: string; kind: 'port' | 'lag' }[]): (id: string) => FarThing | undefined {
  const [, setTick] = useState(0);
  const missing = wanted.filter((w) => !farCache.has(w.id));
  const key = missing.map((w) => w.id).join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    void Promise.all(missing.map((w) => fetchFar(w.id, w.kind))).then(() => live && setTick((n) => n + 1));
    return () => {
      live = false;
    };
  }, [key]);
  return (id) => farCache.get(id);
}

const HIDDEN = new Set(['id', 'version', 'createdAt', 'updatedAt', 'password']);

/** Fields naming ports or LAGs, and how their value reads: with its switch (`core-1 / 1`) or alone (`45`). */
const FAR: Record<string, { kind: 'port' | 'lag'; withSwitch: boolean }> = {
  linkedPortId: { kind: 'port', withSwitch: true },
  portId: { kind: 'port', withSwitch: true },
  memberPortIds: { kind: 'port', withSwitch: false },
  lagId: { kind: 'lag', withSwitch: false },
  remoteLagId: { kind: 'lag', withSwitch: true },
};

/** Enum fields and the message group of their values, by the kind of the entry's entity where it differs. */
function enumGroup(field: string, kind: string | null | undefined): string | undefined {
  if (field === 'mode') return kind === 'lag' ? 'lag.mode' : 'mode';
  if (field === 'status') return kind === 'vlan' ? 'vlanStatus' : kind === 'address' ? 'addressStatus' : 'status';
  return {
    portMode: 'mode',
    role: 'switchRole',
    type: 'portType',
    linkStatus: 'linkStatus',
    language: 'language',
    deviceType: 'deviceType',
  }[field];
}

/** A field's label: its catalogue entry, else its name in words ("poeBudgetWatts" → "Poe budget watts"). */
function label(field: string): string {
  if (`changeField.${field}` in en) return t(`changeField.${field}` as MessageKey);
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Pair = [unknown, unknown];
const isPair = (v: unknown): v is Pair => Array.isArray(v) && v.length === 2;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

type Ctx = { book: NameBook; far: (id: string) => FarThing | undefined; kind?: string | null };

/** One value of `field` in words. */
function word(field: string, v: unknown, c: Ctx): string {
  if (Array.isArray(v)) {
    if (v.length === 0) return '—';
    const words = v.map((x) => word(field, x, c));
    // Lists of ids (tagged VLANs, members) read in order: 10 Users, 20 Voice.
    if (v.every(isUuid)) words.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    return words.join(', ');
  }
  if (isUuid(v)) {
    const far = FAR[field];
    if (far) {
      const thing = c.far(v);
      if (thing === undefined) return '…';
      if (thing === null) return t('words.deleted');
      const sw = c.book.get(thing.switchId);
      return far.withSwitch && sw ? t('words.port', { switch: sw, port: thing.name }) : thing.name;
    }
    return c.book.get(v) ?? (c.book.size === 0 ? '…' : t('words.deleted'));
  }
  const group = enumGroup(field, c.kind);
  if (group && typeof v === 'string' && `${group}.${v}` in en) return t(`${group}.${v}` as MessageKey);
  return displayValue(v);
}

/** The ids of ports and LAGs that `changes` names, to fetch their names. */
function farIds(changes: Record<string, unknown>, out: { id: string; kind: 'port' | 'lag' }[] = []) {
  for (const [field, v] of Object.entries(changes)) {
    const far = FAR[field];
    if (far) {
      const values = (isPair(v) ? v : [v]).flat();
      for (const x of values) if (isUuid(x)) out.push({ id: x, kind: far.kind });
    } else if (isObject(v)) {
      for (const inner of Object.values(v)) if (isObject(inner)) farIds(inner, out);
    }
  }
  return out;
}

type Row = { field: string; before?: string; after: string; count?: number };

function rowsOf(changes: Record<string, unknown>, c: Ctx, only?: string): Row[] {
  const rows: Row[] = [];
  for (const [field, v] of Object.entries(changes)) {
    if (HIDDEN.has(field)) continue;
    // Many entities at once: { <id>: { field: [before, after] } } grouped by identical change.
    if (isObject(v) && Object.values(v).every(isObject)) {
      const groups = new Map<string, Row>();
      for (const [id, perEntity] of Object.entries(v) as [string, Record<string, unknown>][]) {
        if (only && id !== only) continue;
        for (const [f, pair] of Object.entries(perEntity)) {
          if (!isPair(pair) || HIDDEN.has(f)) continue;
          const inner = { ...c, kind: field };
          const before = word(f, pair[0], inner);
          const after = word(f, pair[1], inner);
          const key = `${f}\u0000${before}\u0000${after}`;
          const g = groups.get(key);
          if (g) g.count = (g.count ?? 1) + 1;
          else groups.set(key, { field: label(f), before, after, count: only ? undefined : 1 });
        }
      }
      rows.push(...groups.values());
      continue;
    }
    if (isPair(v)) rows.push({ field: label(field), before: word(field, v[0], c), after: word(field, v[1], c) });
    else rows.push({ field: label(field), after: word(field, v, c) });
  }
  return rows;
}

/**
 * Renders `changes` of an entry about an entity of `kind`; nothing when there are none. `creation` shows values
 * only; `only` narrows a change to many ports to that one port.
 */
export function ChangesList(p: { changes: unknown; creation?: boolean; kind?: string | null; only?: string }) {
  const book = useNameBook();
  const changes = isObject(p.changes) ? p.changes : {};
  const far = useFarNames(farIds(changes));
  const rows = rowsOf(changes, { book, far, kind: p.kind }, p.only);
  if (rows.length === 0) return null;
  const shown = rows.slice(0, 24);
  return html`<dl class="changes">
    ${shown.map(
      (r) => html`<div class="change">
      <dt>${r.field}</dt>
      <dd>${
        r.before !== undefined && !p.creation
          ? html`<span class="before">${r.before}</span><span class="arrow" aria-label=${t('changes.changedTo')}> → </span><span class="after">${r.after}</span>`
          : html`<span class="after">${r.after}</span>`
      }${r.count !== undefined && html` <span class="muted">(${t('count.ports', { count: r.count })})</span>`}</dd>
    </div>`,
    )}
    ${rows.length > shown.length && html`<div class="change"><dt>…</dt><dd>${t('changes.more', { count: rows.length - shown.length })}</dd></div>`}
  </dl>`;
}
