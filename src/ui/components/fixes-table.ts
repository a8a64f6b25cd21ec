// The values a merge changed on the way in (its answer's `fixes`): file, record, field, from, to and why.
import { html } from '../html.ts';
import type { MergeResult } from '../api-types.ts';
import { t } from '../messages.ts';
import '../messages-later.ts';

export type Fix = NonNullable<MergeResult['fixes']>[number];

/** A fix's value in its cell: none (muted) for an empty one, JSON for a list or object. */
export function ValueCell(p: { v: unknown }) {
  if (p.v === null || p.v === undefined || p.v === '') return html`<td class="value muted">${t('common.none')}</td>`;
  return html`<td class="mono value">${typeof p.v === 'object' ? JSON.stringify(p.v) : String(p.v)}</td>`;
}

/** A fix's record: its id, under the record in words where the answer gives them (an ezSWM backup's port). */
function RecordCell(p: { fix: Fix }) {
  const { record, id } = p.fix;
  return html`<td class="mono">${record ? html`${record}<br /><span class="muted">${id}</span>` : (id ?? '')}</td>`;
}

/** The table of fixes under a line that counts them; one line when there are none. */
export function FixesTable(p: { fixes: Fix[] }) {
  if (p.fixes.length === 0) return html`<p>${t('fixes.none')}</p>`;
  const caption = t('fixes.caption');
  return html`<p>${t('fixes.count', { count: p.fixes.length })}</p>
    <div class="table-wrap fixes" tabindex="0" role="region" aria-label=${caption}>
      <table class="data">
        <caption class="visually-hidden">${caption}</caption>
        <thead><tr>
          <th scope="col">${t('fixes.file')}</th><th scope="col">${t('fixes.record')}</th><th scope="col">${t('errors.field')}</th>
          <th scope="col">${t('fixes.from')}</th><th scope="col">${t('fixes.to')}</th><th scope="col">${t('fixes.reason')}</th>
        </tr></thead>
        <tbody>${p.fixes.map(
          (f) => html`<tr>
          <td class="mono">${f.file ?? ''}</td><${RecordCell} fix=${f} /><td class="mono">${f.field ?? ''}</td>
          <${ValueCell} v=${f.from} /><${ValueCell} v=${f.to} /><td class="wrap reason">${f.reason ?? ''}</td>
        </tr>`,
        )}</tbody>
      </table>
    </div>`;
}
