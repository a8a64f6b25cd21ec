// The IP table: every address of all sites, or of one (?siteId=), sortable and filterable, each linked to its
// network and to the switch port it is plugged into, with its site while all sites are shown; the CSV of it all.
import { html } from '../html.ts';
import { listAddresses, listNetworks } from '../api.ts';
import type { Address, Network } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { siteNamer, useSites } from '../lookups.ts';
import { t } from '../messages.ts';
import type { Route } from '../router.ts';
import { addressColumns, usePortBook } from './address-table.ts';
import type { Column } from './data-table.ts';
import { InventoryList, listQuery } from './inventory-list.ts';
import { SiteSelect } from './query-select.ts';

/** The IP table page: all sites until one is chosen. */
export function IpTablePage(p: { route: Route }) {
  const sites = useSites();
  const siteId = p.route.query.get('siteId') ?? '';
  const query = { ...listQuery(p.route, 'address'), siteId };
  const list = useResource((signal) => listAddresses(query, signal), Object.values(query));
  const nets = useResource(
    async (signal) => new Map((await listNetworks({ siteId, limit: 500 }, signal)).items.map((n) => [n.id, n])),
    [siteId],
  );
  const networkOf = (a: Address) => nets.data?.get(a.networkId);
  const ports = usePortBook(siteId ? [siteId] : (list.data?.items ?? []).map((a) => networkOf(a)?.siteId));
  const columns = addressColumns(
    { label: t('field.address'), sort: 'address', className: 'mono', render: (a) => a.address },
    ports.data ?? new Map(),
  );
  columns.splice(1, 0, ...placeColumns(networkOf, siteId ? undefined : siteNamer(sites.data)));
  return html`<${InventoryList} route=${p.route} query=${query} list=${list} columns=${columns}
    title=${t('addresses.title')} filterLabel=${t('addresses.filter')} filtered=${!!query.q}
    empty=${t('addresses.none')}
    csv=${{ path: '/api/addresses', name: 'addresses' }}
    filters=${html`<${SiteSelect} value=${siteId} sites=${sites.data} />`} />`;
}

/** An address's network, linked, and before it its site's name when the table shows every site (`siteName`). */
function placeColumns(networkOf: (a: Address) => Network | undefined, siteName?: (id: string) => string): Column<Address>[] {
  const network: Column<Address> = {
    label: t('network.title'),
    render: (a) => {
      const n = networkOf(a);
      return html`<a href=${`/networks/${a.networkId}`}>${n ? t('names.network', { subnet: n.subnet, name: n.name }) : '…'}</a>`;
    },
  };
  if (!siteName) return [network];
  const site: Column<Address> = {
    label: t('field.site'),
    render: (a) => {
      const n = networkOf(a);
      return n ? html`<a href=${`/sites/${n.siteId}`}>${siteName(n.siteId)}</a>` : '…';
    },
  };
  return [site, network];
}
