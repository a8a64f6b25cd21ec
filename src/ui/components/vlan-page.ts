// One VLAN: every port that carries it, by switch (untagged or tagged, each linked to its switch's page; as CSV), its
// networks (subnets), its details (editable), delete (with what it frees), and its history.
import { html } from '../html.ts';
import { deleteVlan, getVlan, listNetworks, updateVlan, vlanPorts } from '../api.ts';
import type { VlanPort } from '../api.ts';
import type { Network, Site, Vlan } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSiteOf, withoutSite } from '../lookups.ts';
import { formatNumber, t } from '../messages.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
import { confirmedDelete, showSaved, toastWithUndo } from '../undo.ts';
import { DetailsCard, HistoryCard } from './record-cards.ts';
import { CsvLink } from './csv-link.ts';
import { EmptyState } from './empty-state.ts';
import { RecordLoadError } from './error-state.ts';
import { Loaded } from './loaded.ts';
import { Loading } from './loading.ts';
import { PageHeader } from './page-header.ts';
import { VlanChip } from './vlan-chip.ts';
import { NetworkUse } from './networks-page.ts';
import { VlanForm, vlanBody } from './vlan-form.ts';
import type { VlanValues } from './vlan-form.ts';

/** The ports of one switch that carry the VLAN. */
type SwitchGroup = { id: string; name: string; untagged: VlanPort[]; tagged: VlanPort[] };

function groups(ports: VlanPort[]): SwitchGroup[] {
  const by = new Map<string, SwitchGroup>();
  for (const port of ports) {
    const id = port.switch.id;
    let g = by.get(id);
    if (!g) {
      g = { id, name: port.switch.name, untagged: [], tagged: [] };
      by.set(id, g);
    }
    (port.as === 'tagged' ? g.tagged : g.untagged).push(port);
  }
  const order = (a: VlanPort, b: VlanPort) => a.unit - b.unit || a.position - b.position;
  for (const g of by.values()) {
    g.untagged.sort(order);
    g.tagged.sort(order);
  }
  return [...by.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function PortLinks(p: { group: SwitchGroup; ports: VlanPort[] }) {
  if (p.ports.length === 0) return html`<span class="muted">${t('common.none')}</span>`;
  return html`<ul class="port-links">${p.ports.map(
    (port) =>
      html`<li key=${port.id}><a href=${`/switches/${p.group.id}?port=${port.id}`} title=${port.description ?? undefined}>${port.name}</a></li>`,
  )}</ul>`;
}

/** The ports that carry the VLAN, one row per switch. */
function VlanPortsTable(p: { ports: VlanPort[] }) {
  const gs = groups(p.ports);
  if (gs.length === 0) return html`<${EmptyState} message=${t('vlan.noPorts')} />`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${t('vlan.portsLabel')}>
    <table class="data vlan-ports">
      <caption class="visually-hidden">${t('vlan.portsLabel')}</caption>
      <thead><tr><th scope="col">${t('vlan.col.switch')}</th><th scope="col">${t('vlan.col.untagged')}</th>
        <th scope="col">${t('ports.col.tagged')}</th></tr></thead>
      <tbody>${gs.map(
        (g) => html`<tr key=${g.id}>
        <th scope="row"><a href=${`/switches/${g.id}`}>${g.name}</a> <span
          class="muted">(${t('count.ports', { count: g.untagged.length + g.tagged.length })})</span></th>
        <td><${PortLinks} group=${g} ports=${g.untagged} /></td>
        <td><${PortLinks} group=${g} ports=${g.tagged} /></td>
      </tr>`,
      )}</tbody>
    </table>
  </div>`;
}

/** The VLAN page. */
export function VlanPage(p: { id: string; route: Route }) {
  const app = useApp();
  const res = useResource(() => getVlan(p.id), [p.id]);
  const vlan = res.data;
  const site = useSiteOf(vlan?.siteId);
  const ports = useResource((signal) => vlanPorts(p.id, signal), [p.id, vlan?.version]);
  const nets = useResource(async (signal) => (await listNetworks({ vlanId: p.id, limit: 500, sort: 'subnet' }, signal)).items, [p.id]);
  if (res.error)
    return html`<${RecordLoadError} title=${t('vlan.title')} list=${{ label: t('vlans.title'), href: '/vlans' }} error=${res.error}
      what="vlan" onRetry=${res.reload} />`;
  if (!vlan) return html`<${Loading} />`;
  const v: Vlan = vlan;
  const siteName = site.data?.name ?? '…';

  const save = async (values: VlanValues) => {
    const updated = await updateVlan(v.id, withoutSite(vlanBody(values)) as Partial<Vlan>, v.version);
    showSaved(app, res, updated, t('vlan.saved', { name: updated.name }));
  };
  const remove = async () => {
    const used = v.portCount + v.networkCount > 0;
    const question = {
      title: t('vlan.deleteTitle'),
      message: used
        ? t('vlan.deleteQuestionUsed', {
            name: v.name,
            vlan: v.vid,
            ports: t('count.ports', { count: v.portCount }),
            networks: t('count.networks', { count: v.networkCount }),
          })
        : t('vlan.deleteQuestion', { name: v.name, vlan: v.vid }),
      confirmLabel: t('vlan.deleteConfirm'),
    };
    const deleted = await confirmedDelete(app, question, () => deleteVlan(v.id, v.version, used), res.reload);
    if (!deleted) return;
    navigate(`/vlans?siteId=${v.siteId}`);
    toastWithUndo(app, t('vlan.deleted', { name: v.name }), deleted);
  };

  const facts = [
    t(`vlanStatus.${v.status}`),
    t('count.ports', { count: v.portCount }),
    t('count.switches', { count: v.switchCount }),
    t('count.networks', { count: v.networkCount }),
  ].join(' · ');
  const portTotal = ports.data?.length ?? v.portCount;
  const netColumns = (rows: Network[]) =>
    html`<ul class="subnets">${rows.map(
      (n) =>
        html`<li key=${n.id}><a class="mono" href=${`/networks/${n.id}`}>${n.subnet}</a>${` ${n.name}`}${
          n.gateway && html`<span class="muted">${` · ${t('networks.gatewayShort', { gateway: n.gateway })}`}</span>`
        }<${NetworkUse} network=${n} /></li>`,
    )}</ul>`;
  return html`
    <${PageHeader} title=${t('vlan.heading', { vlan: v.vid, name: v.name })}
      crumbs=${[
        { label: t('sites.title'), href: '/sites' },
        { label: siteName, href: `/sites/${v.siteId}` },
        { label: t('vlans.title'), href: `/vlans?siteId=${v.siteId}` },
      ]}
      sub=${html`<${VlanChip} vlan=${v} /> ${facts}`}>
      ${app.canEdit && html`<button type="button" class="btn btn-danger-outline" onClick=${remove}>${t('common.delete')}</button>`}
    </${PageHeader}>
    <section class="card" aria-labelledby="vlan-ports">
      <div class="card-head"><h2 id="vlan-ports">${t('vlan.ports')}</h2>
        <div class="card-actions"><span class="muted">${formatNumber(portTotal)}</span>
          ${
            portTotal > 0 &&
            html`<${CsvLink} small=${true} path=${`/api/vlans/${v.id}/ports`} name=${`vlan-${v.vid}-ports`}
            label=${t('csvExport.ports')} />`
          }</div></div>
      <${Loaded} resource=${ports} render=${(rows: VlanPort[]) => html`<${VlanPortsTable} ports=${rows} />`} />
    </section>
    <div class="columns">
      <section class="card" aria-labelledby="vlan-networks">
        <div class="card-head"><h2 id="vlan-networks">${t('vlan.networks')}</h2>
          ${app.canEdit && html`<a class="btn btn-small" href=${`/networks?new=1&siteId=${v.siteId}&vlanId=${v.id}`}>${t('networks.add')}</a>`}</div>
        <${Loaded} resource=${nets} render=${netColumns} empty=${html`<${EmptyState} message=${t('vlan.noNetworks')} />`} />
      </section>
      <${DetailsCard} id="vlan-details" site=${site.data} form=${(s: Site) =>
        html`<${VlanForm} key=${v.version} vlan=${v} sites=${[s]} submitLabel=${t('common.save')} readOnly=${!app.canEdit}
          onSubmit=${save} onReload=${res.reload} />`} />
    </div>
    <${HistoryCard} id="vlan-history" record=${v} onChanged=${res.reload} />`;
}
