// Networks (VLANs) per site: VLAN, name, subnet, gateway, colour, how many ports use them.
import { html } from '../html.ts';
import { createNetwork, listNetworks } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { navigate, setQuery } from '../router.ts';
import type { Route } from '../router.ts';
import type { Network } from '../types.ts';
import { formatNumber } from '../format.ts';
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
import { QuerySelect } from './switches-page.ts';
import { VlanChip } from './vlan-chip.ts';

const LIMIT = 100;

/** The columns of a networks table; `siteName` adds the site column. */
export function networkColumns(siteName?: (id: string) => string): Column<Network>[] {
  const cols: Column<Network>[] = [
    { label: 'VLAN', sort: 'vlanId', render: (n) => html`<${VlanChip} network=${n} />` },
    { label: 'Name', sort: 'name', render: (n) => html`<a href=${`/networks/${n.id}`}>${n.name}</a>` },
    { label: 'Subnet', sort: 'subnet', className: 'mono', render: (n) => n.subnet ?? '' },
    { label: 'Gateway', sort: 'gateway', className: 'mono', render: (n) => n.gateway ?? '' },
    { label: 'Description', className: 'wrap', render: (n) => n.description ?? '' },
    { label: 'Ports', sort: 'portCount', className: 'num', render: (n) => formatNumber(n.portCount ?? 0) },
  ];
  if (siteName) cols.splice(2, 0, { label: 'Site', render: (n) => html`<a href=${`/sites/${n.siteId}`}>${siteName(n.siteId)}</a>` });
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
    void toastWithUndo(app, `Network ${n.name} (VLAN ${n.vlanId}) created.`, [n.id], ['create']);
  };
  const d = list.data;
  const filtered = q || siteId;
  const openNew = () => setQuery({ new: '1' });
  return html`
    <${PageHeader} title="Networks">
      ${app.canEdit && html`<button type="button" class="btn btn-primary" onClick=${openNew}>Add network</button>`}
    </${PageHeader}>
    <div class="card">
      <div class="list-tools">
        <${FilterBox} label="Filter networks" value=${q} onChange=${(x: string) => setQuery({ q: x, offset: null }, { replace: true })} />
        <${QuerySelect} label="Site" param="siteId" value=${siteId} options=${[{ value: '', label: 'All sites' }, ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))]} />
      </div>
      ${list.error && html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`}
      ${!d && !list.error && html`<${SkeletonRows} />`}
      ${
        d &&
        d.items.length === 0 &&
        html`<${EmptyState} message=${filtered ? 'No network matches these filters.' : 'No networks yet. Add the VLANs of a site, or import a CSV under Settings › Data.'}>
        ${app.canEdit && !filtered && html`<button type="button" class="btn" onClick=${openNew}>Add network</button>`}
      </${EmptyState}>`
      }
      ${
        d &&
        d.items.length > 0 &&
        html`
        <${DataTable} caption="Networks" columns=${networkColumns(siteId ? undefined : siteName)} rows=${d.items} sort=${sort} onSort=${(s: string) => setQuery({ sort: s, offset: null })} />
        <${Pager} offset=${offset} limit=${LIMIT} count=${d.items.length} total=${d.total} onPage=${(o: number) => setQuery({ offset: o || null })} />`
      }
    </div>
    ${
      adding &&
      html`<${Modal} title="Add network" wide=${true} onClose=${() => setQuery({ new: null }, { replace: true })}>
      ${
        !sites.data
          ? html`<p>Loading sites…</p>`
          : sites.data.length === 0
            ? html`<p>Networks belong to a site. <a href="/sites?new=1">Add a site</a> first.</p>`
            : html`<${NetworkForm} sites=${sites.data} siteId=${siteId || undefined} submitLabel="Add network" onSubmit=${create} onCancel=${() => setQuery({ new: null }, { replace: true })} />`
      }
    </${Modal}>`
    }`;
}
