// The changed fields of an activity entry in words, as before → after: field labels from the catalogue, ids as
// names (`Untagged VLAN: 10 Users → 20 Voice`, `Link: core-1 / 1`, `Members: 45, 46`), API values as their words,
// yes/no; a change to many ports ({ port: { <id>: { field: [before, after] } } }) is summed up per field, or
// narrowed to one port (`only`, in that port's history). An entry about several kinds (an applied discovery, a
// deletion with what went with it) reads entity by entity: "Created VLAN 20 (Voice)", "Port 7" with its fields.
import { isUuid } from '../../fields/field.ts';
import { html, useEffect, useState } from '../html.ts';
import { getLag, getPort, getSwitch } from '../api.ts';
import { displayValue } from '../format.ts';
import { en, t } from '../messages.ts';
import type { MessageKey } from '../messages.ts';
import { fieldLabel as label, upperFirst } from '../field-label.ts';
import { useNameBook } from '../name-book.ts';
import type { NameBook } from '../name-book.ts';
import {
  type EntityChange,
  type PartName,
  byKindAndState,
  entitiesToShow,
  isObject,
  isPair,
  namesInEntry,
  ownName,
} from './change-entities.ts';
import '../messages-later.ts';

/** A port or LAG by id: its name and its switch's id, or null when it is gone. */
type FarThing = PartName | null;

const farCache = new Map<string, FarThing>();
const farPending = new Map<string, Promise<void>>();
const switchPending = new Map<string, Promise<void>>();

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

/** The names of all ports and LAGs of a switch in one request (an entry about many of them). */
function fetchSwitchParts(switchId: string): Promise<void> {
  let p = switchPending.get(switchId);
  if (!p) {
    p = getSwitch(switchId).then(
      (sw) => {
        for (const x of [...sw.ports, ...sw.lags]) farCache.set(x.id, { name: x.name, switchId: sw.id });
      },
      () => {},
    );
    switchPending.set(switchId, p);
  }
  return p;
}

type Wanted = { id: string; kind: 'port' | 'lag' };

/**
 * Ports and LAGs named by `wanted` (fetched on first sight, cached; those of `viaSwitch` with that switch at once);
 * undefined while loading, null when gone.
 */
function useFarNames(wanted: Wanted[], viaSwitch?: string): (id: string) => FarThing | undefined {
  const [, setTick] = useState(0);
  const missing = wanted.filter((w) => !farCache.has(w.id));
  const key = missing.map((w) => w.id).join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    void (viaSwitch ? fetchSwitchParts(viaSwitch) : Promise.resolve())
      .then(() => Promise.all(missing.filter((w) => !farCache.has(w.id)).map((w) => fetchFar(w.id, w.kind))))
      .then(() => live && setTick((n) => n + 1));
    return () => {
      live = false;
    };
  }, [key]);
  return (id) => farCache.get(id);
}

// reasons, forms and fields: a migration fix's, which its entry's summary says in words.
const HIDDEN = new Set(['id', 'version', 'createdAt', 'updatedAt', 'password', 'reasons', 'forms', 'fields']);

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

/**
 * How ids read: `book` (current names), `local` (names the entry gives them itself, for what is gone since), `far`
 * (ports and LAGs); `kind`: the kind of the entity whose fields these are.
 */
type Ctx = {
  book: NameBook;
  local: Map<string, string>;
  far: (id: string) => FarThing | undefined;
  kind?: string | null;
};

/** A template's layout in words: its blocks as count × type, unit by unit when it has several (`1 × RJ45, 4 × SFP+`). */
function layoutWords(units: { count: number; type: string }[][]): string {
  const blocksOf = (unit: { count: number; type: string }[]) =>
    unit
      .map((b) => t('words.block', { count: b.count, type: `portType.${b.type}` in en ? t(`portType.${b.type}` as MessageKey) : b.type }))
      .join(', ');
  if (units.length === 1) return blocksOf(units[0]!);
  return units.map((unit, i) => t('words.unit', { unit: i + 1, blocks: blocksOf(unit) })).join('; ');
}

/** One value of `field` in words. */
function word(field: string, v: unknown, c: Ctx): string {
  if (field === 'units' && Array.isArray(v) && v.every(Array.isArray)) return layoutWords(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return '—';
    const words = v.map((x) => word(field, x, c));
    // Lists of ids (tagged VLANs, members) read in order: 10 Users, 20 Voice.
    if (v.every(isUuid)) words.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    return words.join(', ');
  }
  // A public link's id names a row that revoking deletes: the link itself, never "deleted" (it was made, or it goes).
  if (field === 'publicLink' && isUuid(v)) return t('words.publicLink');
  // A running configuration's version is no record of the inventory: it is named as what it is.
  if (field === 'configVersion' && isUuid(v)) return t('words.configVersion');
  if (isUuid(v)) {
    const far = FAR[field];
    if (far) {
      const thing = c.far(v);
      if (thing === undefined) return '…';
      if (thing === null) return t('words.deleted');
      const sw = c.book.get(thing.switchId) ?? c.local.get(thing.switchId);
      return far.withSwitch && sw ? t('words.port', { switch: sw, port: thing.name }) : thing.name;
    }
    return c.book.get(v) ?? c.local.get(v) ?? (c.book.size === 0 ? '…' : t('words.deleted'));
  }
  const group = enumGroup(field, c.kind);
  if (group && typeof v === 'string' && `${group}.${v}` in en) return t(`${group}.${v}` as MessageKey);
  return displayValue(v);
}

/** The ids of ports and LAGs that `changes` names, to fetch their names. */
function farIds(changes: Record<string, unknown>, out: Wanted[] = []) {
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
  // A migration fix's fields by the API's names, where its changes name them as the 0.20.x file did (access_vlan).
  const apiNames = (isObject(changes.fields) ? changes.fields : {}) as Record<string, string>;
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
    if (isPair(v)) rows.push({ field: label(apiNames[field] ?? field), before: word(field, v[0], c), after: word(field, v[1], c) });
    else rows.push({ field: label(field), after: word(field, v, c) });
  }
  return rows;
}

/** Rows as field, then before → after (values only for a creation), at most 24 of them. */
function Rows(p: { rows: Row[]; creation?: boolean }) {
  const shown = p.rows.slice(0, 24);
  return html`<dl class="changes">
    ${shown.map(
      (r) => html`<div class="change">
      <dt>${r.field}</dt>
      <dd>${
        r.before !== undefined && !p.creation
          ? html`<span class="before">${r.before}</span><span class="arrow"
            aria-label=${t('changes.changedTo')}> → </span><span class="after">${r.after}</span>`
          : html`<span class="after">${r.after}</span>`
      }${r.count !== undefined && html` <span class="muted">(${t('count.ports', { count: r.count })})</span>`}</dd>
    </div>`,
    )}
    ${p.rows.length > shown.length && html`<div class="change"><dt>…</dt><dd>${t('changes.more', { count: p.rows.length - shown.length })}</dd></div>`}
  </dl>`;
}

/** Entities shown before "Show N more" (all of them when only a couple more would be left). */
const FIRST_ENTITIES = 10;

/** What an entity is called: `port 7`, `port core-1 / 1/1/1` (of another switch than the entry's), `VLAN 20 (Voice)`. */
function entityName(e: EntityChange, c: Ctx, entrySwitch: string | undefined): string {
  const kind = t(`kind.${e.kind}` as MessageKey);
  let name = ownName(e) ?? c.local.get(e.id) ?? c.book.get(e.id);
  if (e.kind === 'port' || e.kind === 'lag') {
    const part = c.far(e.id);
    name = part === undefined ? '…' : part === null ? (name ?? t('words.deleted')) : part.name;
    const sw = part && part.switchId !== entrySwitch ? (c.book.get(part.switchId) ?? c.local.get(part.switchId)) : undefined;
    if (sw) name = t('words.port', { switch: sw, port: name });
  }
  return name === undefined ? kind : t('changes.entity', { kind, name });
}

/** The headline of an entity: "Created VLAN 20 (Voice)", "Deleted port 9", or "Port 7" above its fields. */
function headline(e: EntityChange, c: Ctx, entrySwitch: string | undefined): string {
  const name = entityName(e, c, entrySwitch);
  if (e.state === 'created') return t('changes.created', { entity: name });
  return e.state === 'deleted' ? t('changes.deleted', { entity: name }) : upperFirst(name);
}

/** An entry's changes entity by entity, grouped by kind: created ones as a line, changed ones with their fields. */
function ByEntity(p: { entities: EntityChange[]; c: Ctx; entrySwitch?: string }) {
  const [all, setAll] = useState(false);
  const lines = p.entities.map((e) => ({ e, headline: headline(e, p.c, p.entrySwitch) }));
  // Within a kind and state, by name in number order (port 2 before port 10).
  lines.sort((a, b) => byKindAndState(a.e, b.e) || a.headline.localeCompare(b.headline, undefined, { numeric: true }));
  const shown = all || lines.length <= FIRST_ENTITIES + 2 ? lines : lines.slice(0, FIRST_ENTITIES);
  return html`<ul class="change-groups">
    ${shown.map(
      ({ e, headline }) => html`<li class=${`change-group ${e.state}`} key=${e.id}>
      <p class="change-entity">${headline}</p>
      ${e.state === 'changed' && html`<${Rows} rows=${rowsOf(e.diff, { ...p.c, kind: e.kind })} />`}
    </li>`,
    )}
    ${
      lines.length > shown.length &&
      html`<li class="change-group"><button type="button" class="link-button"
        onClick=${() => setAll(true)}>${t('changes.showMore', { count: lines.length - shown.length })}</button></li>`
    }
  </ul>`;
}

export type ChangesProps = {
  changes: unknown;
  creation?: boolean;
  kind?: string | null;
  entityId?: string | null;
  action?: string;
  only?: string;
};

/**
 * Renders `changes` of an entry about an entity of `kind` (`entityId`) made by `action`; nothing when there are
 * none. `creation` shows values only; `only` narrows a change to many ports to that one port.
 */
export function ChangesList(p: ChangesProps) {
  const book = useNameBook();
  const changes = isObject(p.changes) ? p.changes : {};
  const entities = entitiesToShow(changes, p.action, p.only);
  const names = namesInEntry(entities ?? []);
  const entrySwitch = p.kind === 'switch' ? (p.entityId ?? undefined) : undefined;
  const wanted = farIds(changes).filter((w) => !names.parts.has(w.id));
  for (const e of entities ?? [])
    if ((e.kind === 'port' || e.kind === 'lag') && !names.parts.has(e.id)) wanted.push({ id: e.id, kind: e.kind });
  const fetched = useFarNames(wanted, entities ? entrySwitch : undefined);
  const c: Ctx = { book, local: names.words, far: (id) => names.parts.get(id) ?? fetched(id), kind: p.kind };
  if (entities) return html`<${ByEntity} entities=${entities} c=${c} entrySwitch=${entrySwitch} />`;
  const rows = rowsOf(changes, c, p.only);
  return rows.length === 0 ? null : html`<${Rows} rows=${rows} creation=${p.creation} />`;
}
