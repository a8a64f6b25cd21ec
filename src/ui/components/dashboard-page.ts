// The start page: how much is documented, what changed lately, and what looks inconsistent.
import { html } from '../html.ts';
import { checks, listActivity, listNetworks, listSites, listSwitches, listVlans } from '../api.ts';
import type { ActivityPage } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { formatNumber, t } from '../messages.ts';
import { useApp } from '../app-context.ts';
import { PageHeader } from './page-header.ts';
import { ActivityList } from './activity-list.ts';
import { FindingsCard } from './findings-list.ts';
import { Loaded } from './loaded.ts';
import { ErrorState } from './error-state.ts';
import { EmptyState } from './empty-state.ts';
import { MigrationNotice } from './migration-notice.ts';

/** Counts, recent activity and findings. */
export function DashboardPage() {
  const app = useApp();
  const counts = useResource(async (signal) => {
    const [sites, switches, vlans, networks] = await Promise.all([
      listSites({ limit: 1 }, signal),
      listSwitches({ limit: 1 }, signal),
      listVlans({ limit: 1 }, signal),
      listNetworks({ limit: 1 }, signal),
    ]);
    return { sites: sites.total, switches: switches.total, vlans: vlans.total, networks: networks.total };
  }, []);
  const activity = useResource((signal) => listActivity({ limit: 10 }, signal), []);
  const favorites = useResource(async (signal) => (await listSwitches({ favorite: true, sort: 'name', limit: 50 }, signal)).items, []);
  const findings = useResource(() => checks(), []);
  const c = counts.data;
  const tiles = [
    { label: t('sites.title'), value: c?.sites, href: '/sites' },
    { label: t('switches.title'), value: c?.switches, href: '/switches' },
    { label: t('vlans.title'), value: c?.vlans, href: '/vlans' },
    { label: t('networks.title'), value: c?.networks, href: '/networks' },
  ];
  return html`
    <${PageHeader} title=${t('dashboard.title')}>
      ${app.canEdit && html`<a class="btn btn-primary" href="/sites?new=1">${t('sites.add')}</a>`}
    </${PageHeader}>
    <${MigrationNotice} />
    ${counts.error && html`<${ErrorState} error=${counts.error} onRetry=${counts.reload} />`}
    <ul class="tiles" aria-label=${t('dashboard.counts')}>
      ${tiles.map(
        (tile) => html`<li class="tile"><a href=${tile.href}>
      <span class="tile-value">${tile.value === undefined ? '…' : formatNumber(tile.value)}</span><span class="tile-label">${tile.label}</span></a></li>`,
      )}
    </ul>
    ${
      c &&
      c.sites === 0 &&
      html`<${EmptyState} message=${t('dashboard.empty')}>
      ${app.canEdit && html`<a class="btn" href="/sites?new=1">${t('sites.addLink')}</a>`}
      ${app.isAdmin && html`<a class="btn" href="/settings/data">${t('dashboard.importData')}</a>`}
    </${EmptyState}>`
    }
    ${
      favorites.data &&
      favorites.data.length > 0 &&
      html`<section class="card" aria-labelledby="dash-favorites">
      <h2 id="dash-favorites">${t('dashboard.favorites')}</h2>
      <ul class="favorites">${favorites.data.map(
        (s) => html`<li key=${s.id}><span class="star on" aria-hidden="true">★</span> <a href=${`/switches/${s.id}`}>${s.name}</a>
          <span class="muted">${[s.managementIp, s.location].filter(Boolean).join(' · ')}</span></li>`,
      )}</ul>
    </section>`
    }
    <div class="columns">
      <${FindingsCard} findings=${findings} id="dash-findings" />
      <section class="card" aria-labelledby="dash-activity">
        <h2 id="dash-activity">${t('dashboard.recent')}</h2>
        <${Loaded} resource=${activity} render=${(page: ActivityPage) =>
          page.items.length
            ? html`<${ActivityList} entries=${page.items} compact=${true} onChanged=${activity.reload} />`
            : html`<p class="muted">${t('dashboard.noChanges')}</p>`} />
        <p><a href="/activity">${t('dashboard.allActivity')}</a></p>
      </section>
    </div>`;
}
