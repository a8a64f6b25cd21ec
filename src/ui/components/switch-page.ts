// One switch: the front panel and the port table sharing one selection, the bulk bar, and the tabs
// Ports, Details, History and Config.
import { html, useEffect, useMemo, useState } from '../html.ts';
import {
  type ApiError,
  bulkUpdatePorts,
  deleteSwitch,
  getPort,
  getSite,
  getSwitch,
  listNetworks,
  listSwitches,
  updatePort,
  updateSwitch,
} from '../api.ts';
import type { BulkPortChange } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { navigate, withQuery } from '../router.ts';
import type { Route } from '../router.ts';
import type { Network, Port, Switch } from '../api-types.ts';
import { t } from '../messages.ts';
import { toastWithUndo } from '../undo.ts';
import { useSelection } from '../use-selection.ts';
import { PageHeader } from './page-header.ts';
import { Tabs } from './tabs.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { StatusBadge } from './status-badge.ts';
import { PortPanel } from './port-panel.ts';
import type { LinkInfo } from './port-panel.ts';
import { PortTable } from './port-table.ts';
import type { PortChange } from './port-edit-row.ts';
import { BulkBar } from './bulk-bar.ts';
import { SwitchForm, switchBody } from './switch-form.ts';
import type { SwitchValues } from './switch-form.ts';
import { ActivityFeed } from './activity-feed.ts';
import { ConfigTab } from './config-tab.ts';
import { VlanChip } from './vlan-chip.ts';

/** Resolves the far ends of the links of `ports`: port name and switch name. */
function useLinks(ports: Port[] | undefined): Map<string, LinkInfo> {
  const ids = (ports ?? [])
    .map((p) => p.linkedPortId)
    .filter((x): x is string => !!x)
    .sort()
    .join(',');
  const res = useResource(async () => {
    const map = new Map<string, LinkInfo>();
    if (!ids) return map;
    const far = await Promise.all(ids.split(',').map((id) => getPort(id).catch(() => undefined)));
    const names = new Map((await listSwitches({ limit: 500 })).items.map((s) => [s.id, s.name]));
    for (const f of far)
      if (f) map.set(f.id, { portName: f.name, switchId: f.switchId, switchName: names.get(f.switchId) ?? t('panel.anotherSwitch') });
    return map;
  }, [ids]);
  return res.data ?? new Map();
}

function failureText(err: unknown): string {
  const e = err as ApiError;
  if (e?.status === 412) return t('switch.changedMeanwhile');
  return e?.message ?? String(err);
}

/** The switch page. */
export function SwitchPage(p: { id: string; route: Route }) {
  const app = useApp();
  const tab = p.route.query.get('tab') ?? 'ports';
  const focusPort = p.route.query.get('port');
  const sw = useResource(() => getSwitch(p.id), [p.id]);
  const s = sw.data;
  const site = useResource(async () => (s ? getSite(s.siteId) : undefined), [s?.siteId]);
  const nets = useResource(
    async (signal) => (s ? (await listNetworks({ siteId: s.siteId, limit: 500, sort: 'vlanId' }, signal)).items : []),
    [s?.siteId],
  );
  const sites = useSites();
  const ports = useMemo(() => [...(s?.ports ?? [])].sort((a, b) => a.position - b.position), [s]);
  const order = useMemo(() => ports.map((x) => x.id), [ports]);
  const selection = useSelection(order);
  const links = useLinks(s?.ports);
  const netById = useMemo(() => new Map((nets.data ?? []).map((n) => [n.id, n])), [nets.data]);
  const [editingId, setEditingId] = useState<string | null>(null);

  // A link from search or a link column names one port: select it and bring its row into view.
  useEffect(() => {
    if (!focusPort || !ports.some((x) => x.id === focusPort)) return;
    selection.set([focusPort]);
    requestAnimationFrame(() => document.getElementById(`port-row-${focusPort}`)?.scrollIntoView({ block: 'center' }));
  }, [focusPort, ports.length > 0]);

  if (sw.error)
    return html`<${PageHeader} title=${t('switch.title')} crumbs=${[{ label: t('switches.title'), href: '/switches' }]} /><${ErrorState} error=${sw.error} what="switch" onRetry=${sw.reload} />`;
  if (!s) return html`<${Loading} />`;

  const reload = () => sw.reload();
  const savePort = async (port: Port, change: PortChange) => {
    await updatePort(port.id, change, port.version);
    setEditingId(null);
    reload();
    void toastWithUndo(app, t('switch.portSaved', { port: port.name }), [port.id], ['update'], reload);
  };
  const bulk = async (change: Omit<BulkPortChange, 'portIds'>) => {
    const portIds = order.filter((id) => selection.selected.has(id));
    await bulkUpdatePorts(s.id, { portIds, ...change });
    reload();
    void toastWithUndo(app, t('switch.portsChanged', { count: portIds.length }), [s.id, portIds[0]!], ['bulk_update', 'update'], reload);
  };
  const saveDetails = async (v: SwitchValues) => {
    const updated = await updateSwitch(s.id, switchBody(v, false) as Partial<Switch>, s.version);
    sw.setData({ ...s, ...updated });
    void toastWithUndo(app, t('switch.saved', { name: updated.name }), [s.id], ['update'], reload);
  };
  const remove = async () => {
    const ok = await app.confirm({
      title: t('switch.deleteTitle'),
      message: t('switch.deleteQuestion', { name: s.name, ports: t('count.ports', { count: ports.length }) }),
      confirmLabel: t('switch.deleteConfirm'),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteSwitch(s.id, s.version);
    } catch (err) {
      app.toast({
        kind: 'error',
        message: t('common.couldNotDelete', { message: failureText(err) }),
        action: { label: t('common.reload'), run: reload },
      });
      return;
    }
    navigate(`/sites/${s.siteId}`);
    void toastWithUndo(app, t('switch.deleted', { name: s.name }), [s.id], ['delete']);
  };

  const tabs = [
    { key: 'ports', label: t('switch.tab.ports'), href: withQuery({ tab: null, port: null }) },
    { key: 'details', label: t('switch.tab.details'), href: withQuery({ tab: 'details', port: null }) },
    { key: 'history', label: t('switch.tab.history'), href: withQuery({ tab: 'history', port: null }) },
    { key: 'config', label: t('switch.tab.config'), href: withQuery({ tab: 'config', port: null }) },
  ];
  const siteName = site.data?.name ?? '…';
  const networks: Network[] = nets.data ?? [];
  const count = selection.selected.size;
  return html`
    <${PageHeader} title=${s.name} crumbs=${[{ label: t('sites.title'), href: '/sites' }, { label: siteName, href: `/sites/${s.siteId}` }]}
      sub=${html`<${StatusBadge} status=${s.status} /> ${[[s.vendor, s.model].filter(Boolean).join(' '), s.managementIp, s.location].filter(Boolean).join(' · ')}`}>
      ${
        app.canEdit &&
        html`
        <button type="button" class="btn btn-danger-outline" onClick=${remove}>${t('common.delete')}</button>
        ${tab !== 'details' && html`<a class="btn btn-primary" href=${withQuery({ tab: 'details', port: null })}>${t('switch.editDetails')}</a>`}`
      }
    </${PageHeader}>
    <${Tabs} label=${t('switch.sections')} current=${tab} items=${tabs} />
    ${
      tab === 'ports' &&
      html`
      <section class="card" aria-label=${t('switch.frontPanel')}>
        <div class="card-head">
          <h2>${t('switch.frontPanel')}</h2>
          <div class="legend" aria-hidden="true"><span class="lg lg-trunk">${t('switch.legend.trunk')}</span><span class="lg lg-off">${t('switch.legend.disabled')}</span><span class="lg lg-linked">${t('switch.legend.linked')}</span></div>
        </div>
        <${PortPanel} ports=${ports} networks=${netById} links=${links} selection=${selection} label=${t('switch.panelLabel', { name: s.name })} />
        ${
          networks.length > 0 &&
          html`<ul class="vlan-legend" aria-label=${t('switch.vlanColours')}>
          ${networks.map((n) => html`<li key=${n.id}><${VlanChip} network=${n} /> ${n.name}</li>`)}
        </ul>`
        }
      </section>
      <section class="card" aria-label=${t('switch.portTable')}>
        ${
          app.canEdit &&
          count > 0 &&
          html`<${BulkBar} count=${count} total=${ports.length} networks=${networks} onSubmit=${bulk}
          onClear=${() => selection.setAll(false)} onSelectAll=${() => selection.setAll(true)} />`
        }
        ${!app.canEdit && count > 0 && html`<p class="muted">${t('switch.selected', { count })}</p>`}
        <${PortTable} sw=${s} ports=${ports} networks=${networks} netById=${netById} links=${links} selection=${selection}
          canEdit=${app.canEdit} editingId=${editingId} onEdit=${setEditingId} onSave=${savePort} onReload=${reload} />
      </section>`
    }
    ${
      tab === 'details' &&
      html`<section class="card" aria-label=${t('switch.details')}>
      ${sites.data ? html`<${SwitchForm} key=${s.version} sw=${s} sites=${sites.data} submitLabel=${t('common.save')} readOnly=${!app.canEdit} onSubmit=${saveDetails} onReload=${reload} />` : html`<${Loading} />`}
    </section>`
    }
    ${
      tab === 'history' &&
      html`<section class="card" aria-label=${t('switch.history')}>
      <${ActivityFeed} query=${{ entityId: s.id }} level=${2} refreshKey=${s.version} empty=${t('switch.noChanges')} onChanged=${reload} />
    </section>`
    }
    ${tab === 'config' && html`<${ConfigTab} switchId=${s.id} switchName=${s.name} version=${s.version} />`}`;
}
