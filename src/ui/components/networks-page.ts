// Networks (VLANs) per site: VLAN, name, subnet, gateway, colour, how many ports use them.
import { html } from '../html.ts';
import { createNetwork, listNetworks } from '../api.ts';
import type { Network, Site } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { formatNumber, t } from '../messages.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
import { toastWithUndo } from '../undo.ts';
import type { Column } from './data-table.ts';
import { InventoryList, closeAddForm, listQuery } from './inventory-list.ts';
import { NetworkForm, networkBody } from './network-form.ts';
import type { NetworkValues } from './network-form.ts';
import { QuerySelect } from './query-select.ts';
import { SiteFirst } from './site-first.ts';
import { VlanChip } from './vlan-chip.ts';

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
  const siteId = p.route.query.get('siteId') ?? '';
  const query = { ...listQuery(p.route, 'vlanId'), siteId };
  const sites = useSites();
  const list = useResource((signal) => listNetworks(query, signal), Object.values(query));
  const siteName = (id: string) => sites.data?.find((s) => s.id === id)?.name ?? '…';
  const create = async (v: NetworkValues) => {
    const n = await createNetwork(networkBody(v) as Partial<Network>);
    navigate(`/networks/${n.id}`, { replace: true });
    void toastWithUndo(app, t('networks.created', { name: n.name, vlan: n.vlanId }), [n.id], ['create']);
  };
  const filtered = !!(query.q || siteId);
  const form = (all: Site[]) =>
    html`<${NetworkForm} sites=${all} siteId=${siteId || undefined} submitLabel=${t('networks.add')} onSubmit=${create} onCancel=${closeAddForm} />`;
  return html`<${InventoryList} route=${p.route} query=${query} list=${list} columns=${networkColumns(siteId ? undefined : siteName)}
    title=${t('networks.title')} addLabel=${t('networks.add')} filterLabel=${t('networks.filter')}
    empty=${filtered ? t('networks.noMatch') : t('networks.none')} filtered=${filtered}
    filters=${html`<${QuerySelect} label=${t('field.site')} param="siteId" value=${siteId} options=${[{ value: '', label: t('common.allSites') }, ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))]} />`}
    wideForm=${true} form=${html`<${SiteFirst} sites=${sites.data} needSite=${'networks.needSite'} form=${form} />`} />`;
}
