// One network (IP subnet): its VLAN, its utilisation with its ranges drawn on it, its addresses (sortable,
// filterable, paged, as CSV; added inline, or the next free one in one click; edited and deleted in a dialog), its
// ranges, its details (editable), delete, and its history.
import { html, useState } from '../html.ts';
import {
  type ApiError,
  createAddress,
  deleteAddress,
  deleteNetwork,
  getNetwork,
  getVlan,
  networkAddresses,
  networkFreeBlocks,
  networkRanges,
  nextAddress,
  updateAddress,
  updateNetwork,
} from '../api.ts';
import type { Address, FreeBlockList, Network, Site } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSiteOf, withoutSite } from '../lookups.ts';
import { t } from '../messages.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
import { confirmedDelete, showSaved, toastWithUndo } from '../undo.ts';
import { PageHeader } from './page-header.ts';
import { NetworkForm, networkBody } from './network-form.ts';
import type { NetworkValues } from './network-form.ts';
import { Loading } from './loading.ts';
import { RecordLoadError } from './error-state.ts';
import { DetailsCard, HistoryCard } from './record-cards.ts';
import { CsvLink } from './csv-link.ts';
import { VlanChip } from './vlan-chip.ts';
import { UtilizationBar, countText } from './utilization-bar.ts';
import { RangeList } from './range-list.ts';
import { AddressForm } from './address-form.ts';
import { addressColumns, usePortBook } from './address-table.ts';
import { ListBody, listQuery } from './inventory-list.ts';
import { Modal } from './modal.ts';
import { EmptyState } from './empty-state.ts';
import '../messages-later.ts';

/** The network page. */
export function NetworkPage(p: { id: string; route: Route }) {
  const app = useApp();
  const net = useResource(() => getNetwork(p.id), [p.id]);
  const site = useSiteOf(net.data?.siteId);
  const vlan = useResource(async () => (net.data?.vlanId ? getVlan(net.data.vlanId) : undefined), [net.data?.vlanId]);
  const query = listQuery(p.route, 'address');
  const list = useResource((signal) => networkAddresses(p.id, query, signal), [p.id, ...Object.values(query)]);
  const ranges = useResource((signal) => networkRanges(p.id, signal), [p.id]);
  // Read again whenever the network is (its counts change with every address and range).
  const free = useResource((signal) => networkFreeBlocks(p.id, signal), [p.id, net.data]);
  const ports = usePortBook([net.data?.siteId]);
  const [editing, setEditing] = useState<Address | null>(null);
  if (net.error)
    return html`<${RecordLoadError} title=${t('network.title')} list=${{ label: t('networks.title'), href: '/networks' }} error=${net.error}
      what="network" onRetry=${net.reload} />`;
  const n = net.data;
  if (!n) return html`<${Loading} />`;
  const siteName = site.data?.name ?? '…';

  const save = async (v: NetworkValues) => {
    const updated = await updateNetwork(n.id, withoutSite(networkBody(v)) as Partial<Network>, n.version);
    showSaved(app, net, updated, t('network.saved', { name: updated.name }));
  };
  // A network with addresses or ranges asks again before they go with it.
  const remove = async () => {
    const question = {
      title: t('network.deleteTitle'),
      message: t('network.deleteQuestion', { name: n.name, subnet: n.subnet }),
      confirmLabel: t('network.deleteConfirm'),
    };
    const deleted = await confirmedDelete(
      app,
      question,
      () =>
        deleteNetwork(n.id, n.version).catch(async (e: ApiError) => {
          if (e.code !== 'network_in_use') throw e;
          const inUse = { title: t('network.inUseTitle'), message: t('network.inUseQuestion', { message: e.message, name: n.name }) };
          if (!(await app.confirm({ ...inUse, confirmLabel: t('network.inUseConfirm'), danger: true }))) return false;
          return deleteNetwork(n.id, undefined, true);
        }),
      net.reload,
    );
    if (!deleted) return;
    navigate(`/networks?siteId=${n.siteId}`);
    toastWithUndo(app, t('network.deleted', { name: n.name }), deleted);
  };

  // What an address changes: its list and the network's utilisation.
  const changed = () => {
    list.reload();
    net.reload();
  };
  const add = async (body: Partial<Address>, next: boolean) => {
    const a = await (next ? nextAddress : createAddress)(n.id, body);
    changed();
    toastWithUndo(app, t('ipam.added', { name: a.address }), a, changed);
  };
  const saveAddress = async (body: Partial<Address>) => {
    const a = editing!;
    const saved = await updateAddress(a.id, body, a.version);
    setEditing(null);
    changed();
    toastWithUndo(app, t('ipam.saved', { name: saved.address }), saved, changed);
  };
  const removeAddress = async (a: Address) => {
    const name = a.hostname ? `${a.address} (${a.hostname})` : a.address;
    const deleted = await confirmedDelete(app, name, () => deleteAddress(a.id, a.version), changed);
    if (!deleted) return;
    setEditing(null);
    changed();
    toastWithUndo(app, t('ipam.deleted', { name }), deleted, changed);
  };
  const columns = addressColumns(
    {
      label: t('field.address'),
      sort: 'address',
      className: 'mono',
      render: (a) =>
        app.canEdit ? html`<button type="button" class="link-button" onClick=${() => setEditing(a)}>${a.address}</button>` : a.address,
    },
    ports.data ?? new Map(),
  );

  const v = vlan.data;
  const sub = html`<span class="mono">${n.subnet}</span> · ${
    v ? html`<${VlanChip} vlan=${v} withName=${true} href=${`/vlans/${v.id}`} />` : n.vlanId ? '…' : t('networks.noVlan')
  } · <a href=${`/tools/subnet?cidr=${n.subnet}`}>${t('subnet.title')}</a>`;
  return html`
    <${PageHeader} title=${n.name} crumbs=${[
      { label: t('sites.title'), href: '/sites' },
      { label: siteName, href: `/sites/${n.siteId}` },
      { label: t('networks.title'), href: `/networks?siteId=${n.siteId}` },
    ]}
      sub=${sub}>
      ${app.canEdit && html`<button type="button" class="btn btn-danger-outline" onClick=${remove}>${t('common.delete')}</button>`}
    </${PageHeader}>
    <section class="card" aria-labelledby="net-util">
      <h2 id="net-util">${t('util.title')}</h2>
      <${UtilizationBar} network=${n} ranges=${ranges.data ?? []} />
      ${free.data && free.data.total > 0 && html`<p class="free-blocks">${freeBlocksText(free.data)}</p>`}
    </section>
    <section class="card" aria-labelledby="net-addresses">
      <div class="card-head"><h2 id="net-addresses">${t('addresses.title')}</h2>
        ${
          (list.data?.total ?? 0) > 0 &&
          html`<${CsvLink} small=${true} path=${`/api/networks/${n.id}/addresses`} query=${query} name=${`${n.name}-addresses`}
          label=${t('csvExport.addresses')} />`
        }</div>
      ${app.canEdit && html`<${AddressForm} onSubmit=${add} />`}
      <${ListBody} caption=${t('addresses.caption', { network: n.name })} filterLabel=${t('addresses.filter')} query=${query} list=${list} columns=${columns}
        empty=${html`<${EmptyState} message=${t('addresses.none')} />`} />
    </section>
    <${RangeList} network=${n} ranges=${ranges} onChanged=${() => {
      ranges.reload();
      net.reload();
    }} />
    <div class="columns">
      <${DetailsCard} id="net-details" site=${site.data} form=${(s: Site) =>
        html`<${NetworkForm} key=${n.version} network=${n} sites=${[s]} submitLabel=${t('common.save')} readOnly=${!app.canEdit}
          onSubmit=${save} onReload=${net.reload} />`} />
      <${HistoryCard} id="net-history" record=${n} onChanged=${net.reload} />
    </div>
    ${
      editing &&
      html`<${Modal} title=${editing.address} wide=${true} onClose=${() => setEditing(null)}>
      <${AddressForm} address=${editing} ports=${ports.data} onSubmit=${saveAddress} onCancel=${() => setEditing(null)} />
      <button type="button" class="btn btn-danger-outline" onClick=${() => removeAddress(editing)}>${t('common.delete')}</button>
    </${Modal}>`
    }`;
}

/** "3 free blocks: 10.0.10.12–10.0.10.99 (88), …": the first blocks, and that there are more. */
function freeBlocksText(blocks: FreeBlockList): string {
  const listed = blocks.items.map((b) => `${b.first}–${b.last} (${countText(b.size)})`).join(', ');
  return `${t('util.freeBlocks', { count: blocks.total })} ${listed}${blocks.total > blocks.items.length ? ', …' : ''}`;
}
