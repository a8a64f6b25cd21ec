// Networks (VLANs) per site: VLAN, name, subnet, gateway, colour, how many ports use them.
import { html } from '../html.ts';
import { createNetwork, listNetworks } from '../api.ts';
import type { Network } from '../api-types.ts';
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
import { NetworkForm, networkBody } from './network-form.ts';
import type { NetworkValues } from './network-form.ts';
import { SkeletonRows } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { EmptyState } from './empty-state.ts';
import { QuerySelect } from './query-select.ts';
import { VlanChip } from './vlan-chip.ts';

const LIMIT = 100;

/** The columns of a networks table; `siteName` adds the site column. */
export function networkColumns(siteName?: (id: string) => string): Column<Network>[] {
  const cols: Column<Network>[] = [
    { label: t('networks.col.vlan'), sort: 'vlanId', render: (n) => html`<${VlanChip} network=${n} />` },
    { label: t('field.name'), sort: 'name', render: (n) => html`<a href=${`/networks/${n.id}`}>${n.name}</a>` },
    { label: t('field.subnet'), sort: 'subnet', className: 'mono', render: (n) => n.subnet ?? '' },
    { label: t('field.gateway'), sort: 'gateway', className: 'mono', render: (n) => n.gateway ?? '' },
    { label: t('field.description'), className: 'wrap', render: (n) => n.description ?? '' },
    { label: t('field.ports'), sort: 'portCount', className: 'num', render: (n) => formatNumber(n.portCount) },
  ];
  if (siteName)
    cols.splice(2, 0, { label: t('field.site'), render: (n) => html`<a href=${`/sites/${n.siteId}`}>${siteName(n.siteId)}</a>` });
  return cols;
}

/** Networks list, filtered by site through ?siteId=. */
export function NetworksPage(p: { route: Route }) {
  const app = useApp();
  const qs = p.route.query;
  const q = qs.get('q') ?? '';
  const sort = qs.get('sort') ?? 'vlanId';
  const siteId = qs.get('siteId') ?? '';
  const offset = Number(qs.get('offset')) || 0;
  const adding = qs.get('new') === '1' && app.canEdit;
  const sites = useSites();
  const list = useResource((signal) => listNetworks({ q, sort, siteId, offset, limit: LIMIT }, signal), [q, sort, siteId, offset]);
  const siteName = (id: string) => sites.data?.find((s) => s.id === id)?.name ?? '…';
  const create = async (v: NetworkValues) => {
    const n = await createNetwork(networkBody(v) as Partial<Network>);
    navigate(`/networks/${n.id}`, { replace: true });
    void toastWithUndo(app, t('networks.created', { name: n.name, vlan: n.vlanId }), [n.id], ['create']);
  };
  const d = list.data;
  const filtered = q || siteId;
  const openNew = () => setQuery({ new: '1' });
  const addSite = html`<a href="/sites?new=1">${t('sites.addLink')}</a>`;
  return html`
    <${PageHeader} title=${t('networks.title')}>
      ${app.canEdit && html`<button type="button" class="btn btn-primary" onClick=${openNew}>${t('networks.add')}</button>`}
    </${PageHeader}>
    <div class="card">
      <div class="list-tools">
        <${FilterBox} label=${t('networks.filter')} value=${q} onChange=${(x: string) => setQuery({ q: x, offset: null }, { replace: true })} />
        <${QuerySelect} label=${t('field.site')} param="siteId" value=${siteId} options=${[{ value: '', label: t('common.allSites') }, ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))]} />
      </div>
      ${list.error && html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`}
      ${!d && !list.error && html`<${SkeletonRows} />`}
      ${
        d &&
        d.items.length === 0 &&
        html`<${EmptyState} message=${filtered ? t('networks.noMatch') : t('networks.none')}>
        ${app.canEdit && !filtered && html`<button type="button" class="btn" onClick=${openNew}>${t('networks.add')}</button>`}
      </${EmptyState}>`
      }
      ${
        d &&
        d.items.length > 0 &&
        html`
        <${DataTable} caption=${t('networks.title')} columns=${networkColumns(siteId ? undefined : siteName)} rows=${d.items} sort=${sort} onSort=${(s: string) => setQuery({ sort: s, offset: null })} />
        <${Pager} offset=${offset} limit=${LIMIT} count=${d.items.length} total=${d.total} onPage=${(o: number) => setQuery({ offset: o || null })} />`
      }
    </div>
    ${
      adding &&
      html`<${Modal} title=${t('networks.add')} wide=${true} onClose=${() => setQuery({ new: null }, { replace: true })}>
      ${
        !sites.data
          ? html`<p>${t('networks.loadingSites')}</p>`
          : sites.data.length === 0
            ? html`<p>${tParts('networks.needSite', { addSite })}</p>`
            : html`<${NetworkForm} sites=${sites.data} siteId=${siteId || undefined} submitLabel=${t('networks.add')} onSubmit=${create} onCancel=${() => setQuery({ new: null }, { replace: true })} />`
      }
    </${Modal}>`
    }`;
}
