// The list of sites with their counts; "Add site" opens the form.
import { html } from '../html.ts';
import { createSite, listSites } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { emptyToNull } from '../lookups.ts';
import { navigate, setQuery } from '../router.ts';
import type { Route } from '../router.ts';
import type { Site } from '../types.ts';
import { formatNumber } from '../format.ts';
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
    void toastWithUndo(app, `Site ${site.name} created.`, [site.id], ['create']);
  };

  const columns: Column<Site>[] = [
    { label: 'Name', sort: 'name', render: (s) => html`<a href=${`/sites/${s.id}`}>${s.name}</a>` },
    { label: 'Description', className: 'wrap', render: (s) => s.description ?? '' },
    { label: 'Address', sort: 'address', render: (s) => s.address ?? '' },
    { label: 'Switches', sort: 'switchCount', className: 'num', render: (s) => formatNumber(s.switchCount ?? 0) },
    { label: 'Networks', sort: 'networkCount', className: 'num', render: (s) => formatNumber(s.networkCount ?? 0) },
  ];
  const d = list.data;
  return html`
    <${PageHeader} title="Sites">
      ${app.canEdit && html`<button type="button" class="btn btn-primary" onClick=${() => setQuery({ new: '1' })}>Add site</button>`}
    </${PageHeader}>
    <div class="card">
      <div class="list-tools"><${FilterBox} label="Filter sites" value=${q} onChange=${(x: string) => setQuery({ q: x, offset: null }, { replace: true })} /></div>
      ${list.error && html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`}
      ${!d && !list.error && html`<${SkeletonRows} />`}
      ${
        d &&
        d.items.length === 0 &&
        html`<${EmptyState} message=${q ? `No site matches “${q}”.` : 'No sites yet. Add one, or import a CSV under Settings › Data.'}>
        ${app.canEdit && !q && html`<button type="button" class="btn" onClick=${() => setQuery({ new: '1' })}>Add site</button>`}
      </${EmptyState}>`
      }
      ${
        d &&
        d.items.length > 0 &&
        html`
        <${DataTable} caption="Sites" columns=${columns} rows=${d.items} sort=${sort} onSort=${(s: string) => setQuery({ sort: s, offset: null })} />
        <${Pager} offset=${offset} limit=${LIMIT} count=${d.items.length} total=${d.total} onPage=${(o: number) => setQuery({ offset: o || null })} />`
      }
    </div>
    ${
      adding &&
      html`<${Modal} title="Add site" onClose=${() => setQuery({ new: null }, { replace: true })}>
      <${SiteForm} submitLabel="Add site" onSubmit=${create} onCancel=${() => setQuery({ new: null }, { replace: true })} />
    </${Modal}>`
    }`;
}
