// The Details and History cards of a VLAN's and a network's page.
import { html } from '../html.ts';
import type { ComponentChildren } from '../html.ts';
import type { Site } from '../api-types.ts';
import { t } from '../messages.ts';
import { ActivityFeed } from './activity-feed.ts';
import { Loading } from './loading.ts';

/** The record's edit form (`form`, given the record's site) once its site is loaded. */
export function DetailsCard(p: { id: string; site: Site | undefined; form: (site: Site) => ComponentChildren }) {
  return html`<section class="card" aria-labelledby=${p.id}>
    <h2 id=${p.id}>${t('network.details')}</h2>
    ${p.site ? p.form(p.site) : html`<${Loading} />`}
  </section>`;
}

/** The record's changes from the activity log; `onChanged` runs after one of them is undone. */
export function HistoryCard(p: { id: string; record: { id: string; version: number }; onChanged: () => void }) {
  return html`<section class="card" aria-labelledby=${p.id}>
    <h2 id=${p.id}>${t('network.history')}</h2>
    <${ActivityFeed} query=${{ entityId: p.record.id }} refreshKey=${p.record.version} empty=${t('network.noChanges')}
      onChanged=${p.onChanged} />
  </section>`;
}
