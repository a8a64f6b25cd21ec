// A select in a list's tool row that writes one query-string parameter (a filter of the list).
import { html, useId } from '../html.ts';
import { setQuery } from '../router.ts';
import type { Site } from '../api-types.ts';
import { t } from '../messages.ts';

/** The select of `param`; choosing a value goes back to the list's first page. */
export function QuerySelect(p: { label: string; param: string; value: string; options: { value: string; label: string }[] }) {
  const id = useId();
  return html`<div class="filter-select">
    <label for=${id}>${p.label}</label>
    <select id=${id} value=${p.value} onChange=${(e: Event) => setQuery({ [p.param]: (e.currentTarget as HTMLSelectElement).value || null, offset: null })}>
      ${p.options.map((o) => html`<option value=${o.value} selected=${o.value === p.value}>${o.label}</option>`)}
    </select>
  </div>`;
}

/** The site filter (?siteId=) of a list: one of `sites`, or all of them. */
export function SiteSelect(p: { value: string; sites: Site[] | undefined }) {
  return html`<${QuerySelect} label=${t('field.site')} param="siteId" value=${p.value}
    options=${[{ value: '', label: t('common.allSites') }, ...(p.sites ?? []).map((s) => ({ value: s.id, label: s.name }))]} />`;
}
