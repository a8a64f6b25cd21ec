// The list of sites with their counts; "Add site" opens the form.
import { html } from '../html.ts';
import { createSite, listSites } from '../api.ts';
import type { Site } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { emptyToNull } from '../lookups.ts';
import { formatNumber, t } from '../messages.ts';
import { navigate, setQuery } from '../router.ts';
import type { Route } from '../router.ts';
import { toastWithUndo } from '../undo.ts';
import { PageHeader } from './page-header.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Pager } from './pager.ts';
import { FilterBox } from './filter-box.ts';
import { Modal } from './modal.ts';
import { SiteForm } from './site-form.ts';
import type { SiteValues } from './site-form.ts';
import { SkeletonRows } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { EmptyState } from './empty-state.ts';

const LIMIT = 100;

/** Sites, filterable and sortable through the query string. */
export function SitesPage(p: { route: Route }) {
  const app = useApp();
  const q = p.route.query.get('q') ?? '';
  const sort = p.route.query.get('sort') ?? 'name';
  const offset = Number(p.route.query.get('offset')) || 0;
  const adding = p.route.query.get('new') === '1' && app.canEdit;
  const list = useResource((signal) => listSites({ q, sort, offset, limit: LIMIT }, signal), [q, sort, offset]);

  const create = async (v: SiteValues) => {
    const site = await createSite(emptyToNull(v) as Partial<Site>);
    navigate(`/sites/${site.id}`, { replace: true });
    void toastWithUndo(app, t('sites.created', { name: site.name }), [site.id], ['create']);
  };

  const columns: Column<Site>[] = [
    { label: t('field.name'), sort: 'name', render: (s) => html`<a href=${`/sites/${s.id}`}>${s.name}</a>` },
    { label: t('field.description'), className: 'wrap', render: (s) => s.description ?? '' },
    { label: t('field.address'), sort: 'address', render: (s) => s.address ?? '' },
    { label: t('sites.col.switches'), sort: 'switchCount', className: 'num', render: (s) => formatNumber(s.switchCount) },
    { label: t('sites.col.networks'), sort: 'networkCount', className: 'num', render: (s) => formatNumber(s.networkCount) },
  ];
  const d = list.data;
  return html`
    <${PageHeader} title=${t('sites.title')}>
      ${app.canEdit && html`<button type="button" class="btn btn-primary" onClick=${() => setQuery({ new: '1' })}>${t('sites.add')}</button>`}
    </${PageHeader}>
    <div class="card">
      <div class="list-tools"><${FilterBox} label=${t('sites.filter')} value=${q} onChange=${(x: string) => setQuery({ q: x, offset: null }, { replace: true })} /></div>
      ${list.error && html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`}
      ${!d && !list.error && html`<${SkeletonRows} />`}
      ${
        d &&
        d.items.length === 0 &&
        html`<${EmptyState} message=${q ? t('sites.noMatch', { q }) : t('sites.none')}>
        ${app.canEdit && !q && html`<button type="button" class="btn" onClick=${() => setQuery({ new: '1' })}>${t('sites.add')}</button>`}
      </${EmptyState}>`
      }
      ${
        d &&
        d.items.length > 0 &&
        html`
        <${DataTable} caption=${t('sites.title')} columns=${columns} rows=${d.items} sort=${sort} onSort=${(s: string) => setQuery({ sort: s, offset: null })} />
        <${Pager} offset=${offset} limit=${LIMIT} count=${d.items.length} total=${d.total} onPage=${(o: number) => setQuery({ offset: o || null })} />`
      }
    </div>
    ${
      adding &&
      html`<${Modal} title=${t('sites.add')} onClose=${() => setQuery({ new: null }, { replace: true })}>
      <${SiteForm} submitLabel=${t('sites.add')} onSubmit=${create} onCancel=${() => setQuery({ new: null }, { replace: true })} />
    </${Modal}>`
    }`;
}
