// A "Download CSV" link of a list: the API's ?format=csv of the same list (its filters, every row), saved by the
// browser under a name that says what and when (switchyard-switches-2026-11-23.csv).
import { html } from '../html.ts';
import { listCsvUrl } from '../api.ts';
import type { Query } from '../api.ts';
import { t } from '../messages.ts';

/** `switchyard-<name>-<yyyy-mm-dd>.csv`, today's date. */
export function csvFileName(name: string): string {
  const d = new Date();
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `switchyard-${name}-${day}.csv`;
}

/** The link to the CSV of the list at `path` with `query`; `name` names the file; `label` replaces "Download CSV". */
export function CsvLink(p: { path: string; query?: Query; name: string; label?: string; small?: boolean }) {
  return html`<a class=${`btn${p.small ? ' btn-small' : ''}`} href=${listCsvUrl(p.path, p.query)}
    download=${csvFileName(p.name)}>${p.label ?? t('csvExport.download')}</a>`;
}
