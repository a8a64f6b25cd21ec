// Networks (IP subnets) of a site, or of all sites, shown under their VLAN, then those without a VLAN; the
// filter box matches names, subnets and an address inside a subnet. "Add network" can stay open to add another.
import { html } from '../html.ts';
import { createNetwork, listNetworks, listVlans } from '../api.ts';
import type { Network, Site, Vlan } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { siteNamer, useSites } from '../lookups.ts';
import { formatNumber, t } from '../messages.ts';
import type { Route } from '../router.ts';
import { InventoryList, closeAddForm, listQuery, useAddAnother } from './inventory-list.ts';
import { NetworkForm, networkBody } from './network-form.ts';
import type { NetworkValues } from './network-form.ts';
import { SiteSelect } from './query-select.ts';
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

/** A network at 80 % and more is flagged "nearly full" in words, not by colour alone. */
export const NetworkUse = (p: { network: Network }) =>
  p.network.nearlyFull &&
  html` <span class="badge nearly-full">${t('networks.nearlyFull', { percent: formatNumber(p.network.utilization.percent) })}</span>`;

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
          ${
            g.vlan
              ? html`<${VlanChip} vlan=${g.vlan} withName=${true} href=${`/vlans/${g.vlan.id}`} />`
              : html`<span class="muted">${t('networks.withoutVlan')}</span>`
          }
        </th></tr>
        ${g.networks.map(
          (n) => html`<tr key=${n.id}>
          <td class="mono subnet-cell"><a href=${`/networks/${n.id}`}>${n.subnet}</a></td>
          <td>${n.name}<${NetworkUse} network=${n} /></td>
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

/** Networks page, filtered by site through ?siteId= and by text through ?q=; paged, each page under its VLANs. */
export function NetworksPage(p: { route: Route }) {
  const siteId = p.route.query.get('siteId') ?? '';
  const query = { ...listQuery(p.route, 'subnet'), siteId };
  const sites = useSites();
  const list = useResource((signal) => listNetworks(query, signal), Object.values(query));
  const vlans = useResource(
    async (signal) => new Map((await listVlans({ siteId, limit: 500, sort: 'vid' }, signal)).items.map((v) => [v.id, v])),
    [siteId],
  );
  const adder = useAddAnother(list.reload);
  const siteName = siteNamer(sites.data);
  const create = async (v: NetworkValues) => {
    const n = await createNetwork(networkBody(v) as Partial<Network>);
    adder.created(n, `/networks/${n.id}`, t('networks.created', { name: n.name, subnet: n.subnet }));
  };
  const filtered = !!(query.q || siteId);
  const form = (all: Site[]) =>
    html`<${NetworkForm} key=${adder.formKey} sites=${all} siteId=${siteId || undefined} vlanId=${p.route.query.get('vlanId') ?? undefined}
      submitLabel=${t('networks.add')} onSubmit=${create} onCancel=${closeAddForm} another=${adder.another} />`;
  const table = (rows: Network[]) =>
    html`<${NetworksTable} networks=${rows} vlans=${vlans.data ?? new Map()} siteName=${siteId ? undefined : siteName} caption=${t('networks.title')} />`;
  return html`<${InventoryList} route=${p.route} query=${query} list=${list} table=${table}
    csv=${{ path: '/api/networks', name: 'networks' }} title=${t('networks.title')} addLabel=${t('networks.add')} filterLabel=${t('networks.filter')}
    empty=${filtered ? t('networks.noMatch') : t('networks.none')} filtered=${filtered}
    filters=${html`<${SiteSelect} value=${siteId} sites=${sites.data} />`}
    wideForm=${true} form=${html`<${SiteFirst} sites=${sites.data} needSite=${'networks.needSite'} form=${form} />`} />`;
}
