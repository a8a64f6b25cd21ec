// Every switch, filterable by site, status and text; "Add switch" opens the form.
import { html } from '../html.ts';
import { createSwitch, listSwitches } from '../api.ts';
import { SWITCH_STATUSES } from '../api-types.ts';
import type { Switch } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { formatNumber, t, tParts } from '../messages.ts';
import { navigate, setQuery } from '../router.ts';
import type { Route } from '../router.ts';
import { toastWithUndo } from '../undo.ts';
import { PageHeader } from './page-header.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Pager } from './pager.ts';
import { FilterBox } from './filter-box.ts';
import { Modal } from './modal.ts';
import { QuerySelect } from './query-select.ts';
import { SwitchForm, switchBody } from './switch-form.ts';
import type { SwitchValues } from './switch-form.ts';
import { SkeletonRows } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { EmptyState } from './empty-state.ts';
import { StatusBadge } from './status-badge.ts';

const LIMIT = 100;

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
    void toastWithUndo(app, t('switches.created', { name: sw.name }), [sw.id], ['create']);
  };
  const columns: Column<Switch>[] = [
    { label: t('field.name'), sort: 'name', render: (s) => html`<a href=${`/switches/${s.id}`}>${s.name}</a>` },
    { label: t('field.site'), render: (s) => html`<a href=${`/sites/${s.siteId}`}>${siteName(s.siteId)}</a>` },
    { label: t('field.model'), sort: 'model', render: (s) => [s.vendor, s.model].filter(Boolean).join(' ') },
    { label: t('field.managementIp'), sort: 'managementIp', className: 'mono', render: (s) => s.managementIp ?? '' },
    { label: t('field.location'), sort: 'location', render: (s) => s.location ?? '' },
    { label: t('field.status'), sort: 'status', render: (s) => html`<${StatusBadge} status=${s.status} />` },
    { label: t('field.ports'), sort: 'portCount', className: 'num', render: (s) => formatNumber(s.portCount) },
  ];
  const d = list.data;
  const filtered = q || siteId || status;
  const openNew = () => setQuery({ new: '1' });
  const addSite = html`<a href="/sites?new=1">${t('sites.addLink')}</a>`;
  return html`
    <${PageHeader} title=${t('switches.title')}>
      ${app.canEdit && html`<button type="button" class="btn btn-primary" onClick=${openNew}>${t('switches.add')}</button>`}
    </${PageHeader}>
    <div class="card">
      <div class="list-tools">
        <${FilterBox} label=${t('switches.filter')} value=${q} onChange=${(x: string) => setQuery({ q: x, offset: null }, { replace: true })} />
        <${QuerySelect} label=${t('field.site')} param="siteId" value=${siteId} options=${[{ value: '', label: t('common.allSites') }, ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))]} />
        <${QuerySelect} label=${t('field.status')} param="status" value=${status} options=${[{ value: '', label: t('switches.anyStatus') }, ...SWITCH_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />
      </div>
      ${list.error && html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`}
      ${!d && !list.error && html`<${SkeletonRows} />`}
      ${
        d &&
        d.items.length === 0 &&
        html`<${EmptyState} message=${filtered ? t('switches.noMatch') : t('switches.none')}>
        ${app.canEdit && !filtered && html`<button type="button" class="btn" onClick=${openNew}>${t('switches.add')}</button>`}
      </${EmptyState}>`
      }
      ${
        d &&
        d.items.length > 0 &&
        html`
        <${DataTable} caption=${t('switches.title')} columns=${columns} rows=${d.items} sort=${sort} onSort=${(s: string) => setQuery({ sort: s, offset: null })} />
        <${Pager} offset=${offset} limit=${LIMIT} count=${d.items.length} total=${d.total} onPage=${(o: number) => setQuery({ offset: o || null })} />`
      }
    </div>
    ${
      adding &&
      html`<${Modal} title=${t('switches.add')} wide=${true} onClose=${() => setQuery({ new: null }, { replace: true })}>
      ${
        !sites.data
          ? html`<p>${t('switches.loadingSites')}</p>`
          : sites.data.length === 0
            ? html`<p>${tParts('switches.needSite', { addSite })}</p>`
            : html`<${SwitchForm} sites=${sites.data} siteId=${siteId || undefined} submitLabel=${t('switches.add')} onSubmit=${create} onCancel=${() => setQuery({ new: null }, { replace: true })} />`
      }
    </${Modal}>`
    }`;
}
