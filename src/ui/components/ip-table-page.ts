// The site's IP table: every address of one site (?siteId=, the first site unless chosen), sortable and
// filterable, each linked to its network and to the switch port it is plugged into; the CSV of it all.
import { html } from '../html.ts';
import { listAddresses, listNetworks } from '../api.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { t } from '../messages.ts';
import type { Route } from '../router.ts';
import { addressColumns, usePortBook } from './address-table.ts';
import { InventoryList, listQuery } from './inventory-list.ts';
import { QuerySelect } from './query-select.ts';

/** The IP table page. */
export function IpTablePage(p: { route: Route }) {
  const sites = useSites();
  const siteId = p.route.query.get('siteId') || sites.data?.[0]?.id || '';
  const query = { ...listQuery(p.route, 'address'), siteId };
  // Without a site (none yet, or the sites still loading) the table waits, or stays empty once they are known.
  const list = useResource(
    (signal) =>
      siteId
        ? listAddresses(query, signal)
        : sites.data
          ? Promise.resolve({ items: [], total: 0, totalExact: true, limit: 0, offset: 0 })
          : new Promise<never>(() => {}),
    [...Object.values(query), !sites.data],
  );
  const nets = useResource(
    async (signal) => new Map((await listNetworks({ siteId, limit: 500 }, signal)).items.map((n) => [n.id, n])),
    [siteId],
  );
  const ports = usePortBook(siteId);
  const columns = addressColumns(
    { label: t('field.address'), sort: 'address', className: 'mono', render: (a) => a.address },
    ports.data ?? new Map(),
  );
  columns.splice(1, 0, {
    label: t('network.title'),
    render: (a) => {
      const n = nets.data?.get(a.networkId);
      return html`<a href=${`/networks/${a.networkId}`}>${n ? t('names.network', { subnet: n.subnet, name: n.name }) : '…'}</a>`;
    },
  });
  return html`<${InventoryList} route=${p.route} query=${query} list=${list} columns=${columns}
    title=${t('addresses.title')} filterLabel=${t('addresses.filter')} filtered=${!!query.q}
    empty=${t('addresses.none')}
    csv=${siteId ? { path: '/api/addresses', name: 'addresses' } : undefined}
    filters=${html`<${QuerySelect} label=${t('field.site')} param="siteId" value=${siteId}
      options=${(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />`} />`;
}
