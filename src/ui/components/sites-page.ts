// The list of sites with their counts; "Add site" opens the form.
import { html } from '../html.ts';
import { createSite, listSites } from '../api.ts';
import type { Site } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { emptyToNull } from '../lookups.ts';
import { formatNumber, t } from '../messages.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
import { toastWithUndo } from '../undo.ts';
import type { Column } from './data-table.ts';
import { InventoryList, closeAddForm, listQuery } from './inventory-list.ts';
import { SiteForm } from './site-form.ts';
import type { SiteValues } from './site-form.ts';

/** Sites, filterable and sortable through the query string. */
export function SitesPage(p: { route: Route }) {
  const app = useApp();
  const query = listQuery(p.route, 'name');
  const list = useResource((signal) => listSites(query, signal), Object.values(query));

  const create = async (v: SiteValues) => {
    const site = await createSite(emptyToNull(v) as Partial<Site>);
    navigate(`/sites/${site.id}`, { replace: true });
    toastWithUndo(app, t('sites.created', { name: site.name }), site);
  };

  const columns: Column<Site>[] = [
    { label: t('field.name'), sort: 'name', render: (s) => html`<a href=${`/sites/${s.id}`}>${s.name}</a>` },
    { label: t('field.description'), className: 'wrap', render: (s) => s.description ?? '' },
    { label: t('field.address'), sort: 'address', render: (s) => s.address ?? '' },
    { label: t('sites.col.switches'), sort: 'switchCount', className: 'num', render: (s) => formatNumber(s.switchCount) },
    { label: t('sites.col.vlans'), sort: 'vlanCount', className: 'num', render: (s) => formatNumber(s.vlanCount) },
    { label: t('sites.col.networks'), sort: 'networkCount', className: 'num', render: (s) => formatNumber(s.networkCount) },
  ];
  const q = query.q;
  return html`<${InventoryList} route=${p.route} query=${query} list=${list} columns=${columns}
    csv=${{ path: '/api/sites', name: 'sites' }} title=${t('sites.title')} addLabel=${t('sites.add')} filterLabel=${t('sites.filter')}
    empty=${q ? t('sites.noMatch', { q }) : t('sites.none')} filtered=${!!q}
    form=${html`<${SiteForm} submitLabel=${t('sites.add')} onSubmit=${create} onCancel=${closeAddForm} />`} />`;
}
