// Every switch, filterable by site, status and text; "Add switch" opens the form.
import { html, useId } from '../html.ts';
import { createSwitch, listSwitches } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { navigate, setQuery } from '../router.ts';
import type { Route } from '../router.ts';
import type { Switch } from '../types.ts';
import { formatNumber } from '../format.ts';
import { toastWithUndo } from '../undo.ts';
import { PageHeader } from './page-header.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Pager } from './pager.ts';
import { FilterBox } from './filter-box.ts';
import { Modal } from './modal.ts';
import { SwitchForm, STATUSES, switchBody } from './switch-form.ts';
import type { SwitchValues } from './switch-form.ts';
import { SkeletonRows } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { EmptyState } from './empty-state.ts';
import { StatusBadge } from './status-badge.ts';

const LIMIT = 100;

/** A select in a list's tool row that writes one query-string parameter. */
export function QuerySelect(p: { label: string; param: string; value: string; options: { value: string; label: string }[] }) {
  const id = useId();
  return html`<div class="filter-select">
    <label for=${id}>${p.label}</label>
    <select id=${id} value=${p.value} onChange=${(e: Event) => setQuery({ [p.param]: (e.currentTarget as HTMLSelectElement).value || null, offset: null })}>
      ${p.options.map((o) => html`<option value=${o.value} selected=${o.value === p.value}>${o.label}</option>`)}
    </select>
  </div>`;
}

/** Switches list. */
export function SwitchesPage(p: { route: Route }) {
  const app = useApp();
  const qs = p.route.query;
  const q = qs.get('q') ?? '';
  const sort = qs.get('sort') ?? 'name';
  const siteId = qs.get('siteId') ?? '';
  const status = qs.get('status') ?? '';
  const offset = Number(qs.get('offset')) || 0;
  const adding = qs.get('new') === '1' && app.canEdit;
  const sites = useSites();
  const list = useResource(
    (signal) => listSwitches({ q, sort, siteId, status, offset, limit: LIMIT }, signal),
    [q, sort, siteId, status, offset],
  );
  const siteName = (id: string) => sites.data?.find((s) => s.id === id)?.name ?? '…';

  const create = async (v: SwitchValues) => {
    const sw = await createSwitch(switchBody(v, true) as Partial<Switch>);
    navigate(`/switches/${sw.id}`, { replace: true });
    void toastWithUndo(app, `Switch ${sw.name} created.`, [sw.id], ['create']);
  };
  const columns: Column<Switch>[] = [
    { label: 'Name', sort: 'name', render: (s) => html`<a href=${`/switches/${s.id}`}>${s.name}</a>` },
    { label: 'Site', render: (s) => html`<a href=${`/sites/${s.siteId}`}>${siteName(s.siteId)}</a>` },
    { label: 'Model', sort: 'model', render: (s) => [s.vendor, s.model].filter(Boolean).join(' ') },
    { label: 'Management IP', sort: 'managementIp', className: 'mono', render: (s) => s.managementIp ?? '' },
    { label: 'Location', sort: 'location', render: (s) => s.location ?? '' },
    { label: 'Status', sort: 'status', render: (s) => html`<${StatusBadge} status=${s.status} />` },
    { label: 'Ports', sort: 'portCount', className: 'num', render: (s) => formatNumber(s.portCount ?? 0) },
  ];
  const d = list.data;
  const filtered = q || siteId || status;
  const openNew = () => setQuery({ new: '1' });
  return html`
    <${PageHeader} title="Switches">
      ${app.canEdit && html`<button type="button" class="btn btn-primary" onClick=${openNew}>Add switch</button>`}
    </${PageHeader}>
    <div class="card">
      <div class="list-tools">
        <${FilterBox} label="Filter switches" value=${q} onChange=${(x: string) => setQuery({ q: x, offset: null }, { replace: true })} />
        <${QuerySelect} label="Site" param="siteId" value=${siteId} options=${[{ value: '', label: 'All sites' }, ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))]} />
        <${QuerySelect} label="Status" param="status" value=${status} options=${[{ value: '', label: 'Any status' }, ...STATUSES.map((s) => ({ value: s, label: s }))]} />
      </div>
      ${list.error && html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`}
      ${!d && !list.error && html`<${SkeletonRows} />`}
      ${
        d &&
        d.items.length === 0 &&
        html`<${EmptyState} message=${filtered ? 'No switch matches these filters.' : 'No switches yet. Add one, or import a CSV under Settings › Data.'}>
        ${app.canEdit && !filtered && html`<button type="button" class="btn" onClick=${openNew}>Add switch</button>`}
      </${EmptyState}>`
      }
      ${
        d &&
        d.items.length > 0 &&
        html`
        <${DataTable} caption="Switches" columns=${columns} rows=${d.items} sort=${sort} onSort=${(s: string) => setQuery({ sort: s, offset: null })} />
        <${Pager} offset=${offset} limit=${LIMIT} count=${d.items.length} total=${d.total} onPage=${(o: number) => setQuery({ offset: o || null })} />`
      }
    </div>
    ${
      adding &&
      html`<${Modal} title="Add switch" wide=${true} onClose=${() => setQuery({ new: null }, { replace: true })}>
      ${
        !sites.data
          ? html`<p>Loading sites…</p>`
          : sites.data.length === 0
            ? html`<p>Switches belong to a site. <a href="/sites?new=1">Add a site</a> first.</p>`
            : html`<${SwitchForm} sites=${sites.data} siteId=${siteId || undefined} submitLabel="Add switch" onSubmit=${create} onCancel=${() => setQuery({ new: null }, { replace: true })} />`
      }
    </${Modal}>`
    }`;
}
