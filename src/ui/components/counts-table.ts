// Record counts by kind (a dry run's summary, an import's result).
import { html } from '../html.ts';
import type { Counts } from '../api-types.ts';
import { formatNumber, t } from '../messages.ts';
import '../messages-later.ts';

/** A small table of `{ kind: count }` with one column per given set (e.g. created and merged). */
export function CountsTable(p: { sets: { label: string; counts: Counts }[]; caption: string }) {
  const kinds = [...new Set(p.sets.flatMap((s) => Object.keys(s.counts)))] as (keyof Counts)[];
  if (kinds.length === 0) return html`<p class="muted">${t('counts.nothing')}</p>`;
  return html`<div class="table-wrap"><table class="data counts">
    <caption class="visually-hidden">${p.caption}</caption>
    <thead><tr><th scope="col">${t('field.kind')}</th>${p.sets.map((s) => html`<th scope="col" class="num">${s.label}</th>`)}</tr></thead>
    <tbody>${kinds.map(
      (k) => html`<tr><th scope="row">${t(`counts.${k}`)}</th>
    ${p.sets.map((s) => html`<td class="num">${formatNumber(s.counts[k] ?? 0)}</td>`)}</tr>`,
    )}</tbody>
  </table></div>`;
}
