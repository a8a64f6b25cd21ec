// Networks (IP subnets) of a site, or of all sites, shown under their VLAN, then those without a VLAN; the
// filter box matches names, subnets and an address inside a subnet. "Add network" can stay open to add another.
import { html } from '../html.ts';
import { createNetwork, listNetworks, listVlans } from '../api.ts';
import type { Network, Site, Vlan } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { t } from '../messages.ts';
import { setQuery } from '../router.ts';
import type { Route } from '../router.ts';
import { toastWithUndo } from '../undo.ts';
import { EmptyState } from './empty-state.ts';
import { ErrorState } from './error-state.ts';
import { FilterBox } from './filter-box.ts';
import { closeAddForm, useAddAnother } from './inventory-list.ts';
import { SkeletonRows } from './loading.ts';
import { Modal } from './modal.ts';
import { NetworkForm, networkBody } from './network-form.ts';
import type { NetworkValues } from './network-form.ts';
import { PageHeader } from './page-header.ts';
import { QuerySelect } from './query-select.ts';
import { SiteFirst } from './site-first.ts';
import { VlanChip } from './vlan-chip.ts';

/** Subnets under their VLAN: one group per VLAN (by site, then number), then the subnets without a VLAN. */
type Group = { key: string; vlan?: Vlan; networks: Network[] };

function grouped(networks: Network[], vlans: Map<string, Vlan>, siteName: (id: string) => string): Group[] {
  const by = new Map<string, Group>();
  for (const n of networks) {
    const vlan = n.vlanId ? vlans.get(n.vlanId) : undefined;
    const key = vlan ? vlan.id : `none:${n.siteId}`;
    let g = by.get(key);
    if (!g) {
      g = { key, vlan, networks: [] };
      by.set(key, g);
    }
    g.networks.push(n);
  }
  const site = (g: Group) => siteName(g.vlan?.siteId ?? g.networks[0]!.siteId);
  return [...by.values()].sort((a, b) => site(a).localeCompare(site(b)) || (a.vlan?.vid ?? 5000) - (b.vlan?.vid ?? 5000));
}

/** The grouped table of `networks`; `siteName` adds the site column. */
export function NetworksTable(p: { networks: Network[]; vlans: Map<string, Vlan>; siteName?: (id: string) => string; caption: string }) {
  const gs = grouped(p.networks, p.vlans, p.siteName ?? (() => ''));
  const cols = p.siteName ? 5 : 4;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${p.caption}>
    <table class="data networks">
      <caption class="visually-hidden">${p.caption}</caption>
      <thead><tr>
        <th scope="col">${t('field.subnet')}</th><th scope="col">${t('field.name')}</th>
        ${p.siteName && html`<th scope="col">${t('field.site')}</th>`}
        <th scope="col">${t('field.gateway')}</th><th scope="col">${t('network.dnsServers')}</th>
      </tr></thead>
      ${gs.map(
        (g) => html`<tbody key=${g.key}>
        <tr class="group-row"><th scope="rowgroup" colspan=${cols}>
          ${g.vlan ? html`<${VlanChip} vlan=${g.vlan} withName=${true} href=${`/vlans/${g.vlan.id}`} />` : html`<span class="muted">${t('networks.withoutVlan')}</span>`}
        </th></tr>
        ${g.networks.map(
          (n) => html`<tr key=${n.id}>
          <td class="mono subnet-cell"><a href=${`/networks/${n.id}`}>${n.subnet}</a></td>
          <td>${n.name}</td>
          ${p.siteName && html`<td><a href=${`/sites/${n.siteId}`}>${p.siteName(n.siteId)}</a></td>`}
          <td class="mono">${n.gateway ?? ''}</td>
          <td class="mono">${n.dnsServers.join(', ')}</td>
        </tr>`,
        )}
      </tbody>`,
      )}
    </table>
  </div>`;
}

/** Networks page, filtered by site through ?siteId= and by text through ?q=. */
export function NetworksPage(p: { route: Route }) {
  const app = useApp();
  const siteId = p.route.query.get('siteId') ?? '';
  const q = p.route.query.get('q') ?? '';
  const presetVlan = p.route.query.get('vlanId') ?? undefined;
  const sites = useSites();
  const list = useResource(
    async (signal) => {
      const [networks, vlans] = await Promise.all([
        listNetworks({ siteId, q, limit: 500, sort: 'subnet' }, signal),
        listVlans({ siteId, limit: 500, sort: 'vid' }, signal),
      ]);
      return { networks: networks.items, total: networks.total, vlans: new Map(vlans.items.map((v) => [v.id, v])) };
    },
    [siteId, q],
  );
  const adder = useAddAnother(list.reload);
  const adding = p.route.query.get('new') === '1' && app.canEdit;
  const siteName = (id: string) => sites.data?.find((s) => s.id === id)?.name ?? '…';
  const create = async (v: NetworkValues) => {
    const n = await createNetwork(networkBody(v) as Partial<Network>);
    adder.created(`/networks/${n.id}`);
    void toastWithUndo(app, t('networks.created', { name: n.name, subnet: n.subnet }), [n.id], ['create'], list.reload);
  };
  const openAdd = () => setQuery({ new: '1' });
  const filtered = !!(q || siteId);
  const d = list.data;
  const form = (all: Site[]) =>
    html`<${NetworkForm} key=${adder.formKey} sites=${all} siteId=${siteId || undefined} vlanId=${presetVlan} submitLabel=${t('networks.add')}
      onSubmit=${create} onCancel=${closeAddForm} another=${adder.another} />`;
  return html`
    <${PageHeader} title=${t('networks.title')}>
      ${app.canEdit && html`<button type="button" class="btn btn-primary" onClick=${openAdd}>${t('networks.add')}</button>`}
    </${PageHeader}>
    <div class="card">
      <div class="list-tools">
        <${FilterBox} label=${t('networks.filter')} value=${q} onChange=${(x: string) => setQuery({ q: x }, { replace: true })} />
        <${QuerySelect} label=${t('field.site')} param="siteId" value=${siteId} options=${[{ value: '', label: t('common.allSites') }, ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))]} />
      </div>
      ${list.error && html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`}
      ${!d && !list.error && html`<${SkeletonRows} />`}
      ${
        d &&
        d.networks.length === 0 &&
        html`<${EmptyState} message=${filtered ? t('networks.noMatch') : t('networks.none')}>
        ${app.canEdit && !filtered && html`<button type="button" class="btn" onClick=${openAdd}>${t('networks.add')}</button>`}
      </${EmptyState}>`
      }
      ${d && d.networks.length > 0 && html`<${NetworksTable} networks=${d.networks} vlans=${d.vlans} siteName=${siteId ? undefined : siteName} caption=${t('networks.title')} />`}
      ${d && d.total > d.networks.length && html`<p class="muted">${t('networks.firstOnly', { shown: d.networks.length, total: d.total })}</p>`}
    </div>
    ${
      adding &&
      html`<${Modal} title=${t('networks.add')} wide=${true} onClose=${closeAddForm}>
      <${SiteFirst} sites=${sites.data} needSite=${'networks.needSite'} form=${form} />
    </${Modal}>`
    }`;
}
