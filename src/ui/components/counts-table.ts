// Record counts by kind (a dry run's summary, an import's result).
import { html } from '../html.ts';
import type { Counts } from '../types.ts';
import { formatNumber } from '../format.ts';

/** A small table of `{ kind: count }` with one column per given set (e.g. created and merged). */
export function CountsTable(p: { sets: { label: string; counts: Counts | undefined }[]; caption: string }) {
  const kinds = [...new Set(p.sets.flatMap((s) => Object.keys(s.counts ?? {})))];
  if (kinds.length === 0) return html`<p class="muted">Nothing to import.</p>`;
  return html`<div class="table-wrap"><table class="data counts">
    <caption class="visually-hidden">${p.caption}</caption>
    <thead><tr><th scope="col">Kind</th>${p.sets.map((s) => html`<th scope="col" class="num">${s.label}</th>`)}</tr></thead>
    <tbody>${kinds.map((k) => html`<tr><th scope="row">${k}</th>${p.sets.map((s) => html`<td class="num">${formatNumber(s.counts?.[k] ?? 0)}</td>`)}</tr>`)}</tbody>
  </table></div>`;
}
