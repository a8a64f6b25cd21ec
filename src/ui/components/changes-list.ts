// The changed fields of an activity entry, as before → after; ids read as names; a change to many ports
// ({ port: { <id>: { field: [before, after] } } }) is summed up per field.
import { isUuid } from '../../fields/field.ts';
import { html } from '../html.ts';
import { displayValue } from '../format.ts';
import { t } from '../messages.ts';
import { useNameBook } from '../name-book.ts';
import type { NameBook } from '../name-book.ts';

const HIDDEN = new Set(['id', 'version', 'createdAt', 'updatedAt']);

type Pair = [unknown, unknown];
const isPair = (v: unknown): v is Pair => Array.isArray(v) && v.length === 2;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function named(v: unknown, book: NameBook): string {
  if (isUuid(v)) return book.get(v) ?? `${v.slice(0, 8)}…`;
  if (Array.isArray(v)) return v.length ? v.map((x) => named(x, book)).join(', ') : '—';
  return displayValue(v);
}

type Row = { field: string; before?: string; after: string; count?: number };

function rowsOf(changes: Record<string, unknown>, book: NameBook): Row[] {
  const rows: Row[] = [];
  for (const [field, v] of Object.entries(changes)) {
    if (HIDDEN.has(field)) continue;
    // Many entities at once: { <id>: { field: [before, after] } } grouped by identical change.
    if (isObject(v) && Object.values(v).every(isObject)) {
      const groups = new Map<string, Row>();
      for (const perEntity of Object.values(v) as Record<string, unknown>[]) {
        for (const [f, pair] of Object.entries(perEntity)) {
          if (!isPair(pair) || HIDDEN.has(f)) continue;
          const before = named(pair[0], book);
          const after = named(pair[1], book);
          const key = `${f}\u0000${before}\u0000${after}`;
          const g = groups.get(key);
          if (g) g.count = (g.count ?? 1) + 1;
          else groups.set(key, { field: f, before, after, count: 1 });
        }
      }
      rows.push(...groups.values());
      continue;
    }
    if (isPair(v)) {
      rows.push({ field, before: named(v[0], book), after: named(v[1], book) });
    } else rows.push({ field, after: named(v, book) });
  }
  return rows;
}

/** Renders `changes`; nothing when there are none. `creation` shows values only. */
export function ChangesList(p: { changes: unknown; creation?: boolean }) {
  const book = useNameBook();
  if (!isObject(p.changes)) return null;
  const rows = rowsOf(p.changes, book);
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
