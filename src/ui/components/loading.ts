// A quiet loading state: nothing for 200 ms, then a spinner or skeleton rows.
import { html } from '../html.ts';
import { useDelayed } from '../hooks.ts';
import { t } from '../messages.ts';

/** Shows a spinner with a label, but only once loading has lasted 200 ms. */
export function Loading(p: { label?: string }) {
  const shown = useDelayed(true, 200);
  if (!shown) return html`<div class="loading-placeholder" aria-busy="true"></div>`;
  return html`<div class="loading" role="status"><span class="spinner" aria-hidden="true"></span>${p.label ?? t('common.loading')}</div>`;
}

/** Grey placeholder rows for a table that is loading, after 200 ms. */
export function SkeletonRows(p: { rows?: number }) {
  const shown = useDelayed(true, 200);
  if (!shown) return html`<div class="loading-placeholder" aria-busy="true"></div>`;
  return html`<div class="skeleton" role="status" aria-label=${t('loading.label')}>
    ${Array.from({ length: p.rows ?? 5 }, () => html`<div class="skeleton-row"></div>`)}
  </div>`;
}
