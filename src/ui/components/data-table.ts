// A table in a scrolling card: sticky header, sortable columns (sort lives in the query string).
import { html } from '../html.ts';
import type { ComponentChildren } from '../html.ts';

/** One column: its header, how a row shows in it, and the API field it sorts by (if sortable). */
export type Column<T> = { label: string; render: (row: T) => ComponentChildren; sort?: string; className?: string };

/** `sort` is the API's sort value (`name` or `-name`); `onSort` gets the next one. */
export function DataTable<T extends { id: string }>(p: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  sort?: string;
  onSort?: (sort: string) => void;
  rowClass?: (row: T) => string;
}) {
  const header = (c: Column<T>) => {
    if (!c.sort || !p.onSort) return html`<th scope="col" class=${c.className}>${c.label}</th>`;
    const active = p.sort === c.sort ? 'ascending' : p.sort === `-${c.sort}` ? 'descending' : 'none';
    const next = active === 'ascending' ? `-${c.sort}` : c.sort;
    const arrow = active === 'ascending' ? '▲' : active === 'descending' ? '▼' : '';
    return html`<th scope="col" class=${c.className} aria-sort=${active}>
      <button type="button" class="sort" onClick=${() => p.onSort?.(next)}>${c.label}<span class="sort-arrow" aria-hidden="true">${arrow}</span></button>
    </th>`;
  };
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${p.caption}>
    <table class="data">
      <caption class="visually-hidden">${p.caption}</caption>
      <thead><tr>${p.columns.map(header)}</tr></thead>
      <tbody>
        ${p.rows.map((r) => html`<tr key=${r.id} class=${p.rowClass?.(r)}>${p.columns.map((c) => html`<td class=${c.className}>${c.render(r)}</td>`)}</tr>`)}
      </tbody>
    </table>
  </div>`;
}
