// Every fault of a refused import, one row each: row, column, message (from details[].field like rows[7].name).
import { html } from '../html.ts';
import type { FieldError } from '../api.ts';
import { t } from '../messages.ts';
import '../messages-later.ts';

/** Splits `rows[7].name` into row 7 and column name; other paths show whole. */
function parseFieldPath(field: string): { row: string; column: string } {
  const m = /^rows\[(\d+)\](?:\.(.+))?$/.exec(field ?? '');
  if (m) return { row: m[1]!, column: m[2] ?? '' };
  return { row: '', column: field ?? '' };
}

/** The table of faults. */
export function ErrorDetails(p: { details: FieldError[]; caption: string }) {
  const rowsMode = p.details.some((d) => /^rows\[/.test(d.field ?? ''));
  return html`<div class="table-wrap error-details" tabindex="0" role="region" aria-label=${p.caption}>
    <table class="data">
      <caption class="visually-hidden">${p.caption}</caption>
      <thead><tr>${rowsMode && html`<th scope="col" class="num">${t('errors.row')}</th>`}
      <th scope="col">${rowsMode ? t('errors.column') : t('errors.field')}</th><th scope="col">${t('errors.problem')}</th></tr></thead>
      <tbody>${p.details.map((d) => {
        const f = parseFieldPath(d.field);
        return html`<tr>${rowsMode && html`<td class="num">${f.row}</td>`}<td class="mono">${f.column}</td><td class="wrap">${d.message}</td></tr>`;
      })}</tbody>
    </table>
  </div>`;
}
