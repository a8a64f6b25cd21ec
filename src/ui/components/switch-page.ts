// One switch: the front panel and the port table sharing one selection, the bulk bar, the port editor in a side
// panel (edit, create, rename, delete a port), the favourite star, and the tabs Ports, Details, History and Config.
import { html, useEffect, useMemo, useState } from '../html.ts';
import {
  bulkUpdatePorts,
  createPort,
  deletePort,
  deleteSwitch,
  getPort,
  getSite,
  getSwitch,
  listSwitches,
  setFavorite,
  siteVlans,
  updatePort,
  updateSwitch,
} from '../api.ts';
import type { BulkPortChange } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useSites } from '../lookups.ts';
import { navigate, withQuery } from '../router.ts';
import type { Route } from '../router.ts';
import type { Port, Switch, Vlan } from '../api-types.ts';
import { t } from '../messages.ts';
import { confirmedDelete, failureText, toastWithUndo } from '../undo.ts';
import { useSelection } from '../use-selection.ts';
import { PageHeader } from './page-header.ts';
import { Tabs } from './tabs.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { StatusBadge } from './status-badge.ts';
import { PortPanel } from './port-panel.ts';
import type { LinkInfo } from './port-panel.ts';
import { PortTable } from './port-table.ts';
import { PortEditor } from './port-editor.ts';
import type { PortChange } from './port-editor.ts';
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

/** The switch page. */
export function SwitchPage(p: { id: string; route: Route }) {
  const app = useApp();
  const tab = p.route.query.get('tab') ?? 'ports';
  const focusPort = p.route.query.get('port');
  const sw = useResource(() => getSwitch(p.id), [p.id]);
  const s = sw.data;
  const site = useResource(async () => (s ? getSite(s.siteId) : undefined), [s?.siteId]);
  const vlanList = useResource(async (signal) => (s ? siteVlans(s.siteId, signal) : []), [s?.siteId]);
  const sites = useSites();
  const ports = useMemo(() => [...(s?.ports ?? [])].sort((a, b) => a.unit - b.unit || a.position - b.position), [s]);
  const order = useMemo(() => ports.map((x) => x.id), [ports]);
  const selection = useSelection(order);
  const links = useLinks(s?.ports);
  const vlanById = useMemo(() => new Map((vlanList.data ?? []).map((v) => [v.id, v])), [vlanList.data]);
  // The port in the side panel: its id, or 'new' while creating one.
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
    const renamed = change.name && change.name !== port.name;
    void toastWithUndo(
      app,
      renamed ? t('switch.portRenamed', { from: port.name, to: change.name }) : t('switch.portSaved', { port: change.name ?? port.name }),
      [port.id],
      ['update'],
      reload,
    );
  };
  const addPort = async (change: PortChange) => {
    const created = await createPort(s.id, change);
    setEditingId(null);
    reload();
    void toastWithUndo(app, t('switch.portCreated', { port: created.name }), [created.id], ['create'], reload);
  };
  const removePort = async (port: Port) => {
    const question = {
      title: t('switch.portDeleteTitle'),
      message: t('switch.portDeleteQuestion', { port: port.name, switch: s.name }),
      confirmLabel: t('portEdit.delete'),
    };
    if (!(await confirmedDelete(app, question, () => deletePort(port.id, port.version), reload))) return;
    setEditingId(null);
    selection.set([...selection.selected].filter((id) => id !== port.id));
    reload();
    void toastWithUndo(app, t('switch.portDeleted', { port: port.name }), [port.id], ['delete'], reload);
  };
  const toggleFavorite = async () => {
    const on = !s.favorite;
    try {
      await setFavorite(s.id, on);
      sw.setData({ ...s, favorite: on });
    } catch (err) {
      app.toast({ kind: 'error', message: failureText(err) });
    }
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
    const question = {
      title: t('switch.deleteTitle'),
      message: t('switch.deleteQuestion', { name: s.name, ports: t('count.ports', { count: ports.length }) }),
      confirmLabel: t('switch.deleteConfirm'),
    };
    if (!(await confirmedDelete(app, question, () => deleteSwitch(s.id, s.version), reload))) return;
    navigate(`/sites/${s.siteId}`);
    void toastWithUndo(app, t('switch.deleted', { name: s.name }), [s.id], ['delete']);
  };

  const tabs = [
    { key: 'ports', label: t('switch.tab.ports'), href: withQuery({ tab: null, port: null }) },
    { key: 'details', label: t('network.details'), href: withQuery({ tab: 'details', port: null }) },
    { key: 'history', label: t('network.history'), href: withQuery({ tab: 'history', port: null }) },
    { key: 'config', label: t('switch.tab.config'), href: withQuery({ tab: 'config', port: null }) },
  ];
  const siteName = site.data?.name ?? '…';
  const vlans: Vlan[] = vlanList.data ?? [];
  const stacked = s.stackSize > 1 || ports.some((x) => x.unit > 1);
  // The legend names the VLANs the panel draws: those of this switch's ports, untagged or tagged.
  const usedIds = new Set(ports.flatMap((x) => [x.untaggedVlanId, ...(x.mode === 'trunk' ? x.taggedVlanIds : [])]));
  const legend = vlans.filter((v) => usedIds.has(v.id));
  const editing = editingId === 'new' ? undefined : ports.find((x) => x.id === editingId);
  const count = selection.selected.size;
  return html`
    <${PageHeader} title=${s.name} crumbs=${[{ label: t('sites.title'), href: '/sites' }, { label: siteName, href: `/sites/${s.siteId}` }]}
      sub=${html`<${StatusBadge} status=${s.status} /> ${[s.role ? t(`switchRole.${s.role}`) : '', [s.vendor, s.model].filter(Boolean).join(' '), s.managementIp, s.location, s.rackPosition].filter(Boolean).join(' · ')}
        ${s.tags.map((tag) => html` <span class="tag">${tag}</span>`)}`}>
      <button type="button" class=${`btn btn-ghost star${s.favorite ? ' on' : ''}`} aria-pressed=${s.favorite ? 'true' : 'false'} onClick=${toggleFavorite}
        title=${s.favorite ? t('switch.unfavorite') : t('switch.favorite')}><span aria-hidden="true">${s.favorite ? '★' : '☆'}</span> ${t('switch.favoriteLabel')}</button>
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
          <div class="legend" aria-hidden="true"><span class="lg lg-trunk">${t('switch.legend.trunk')}</span><span class="lg lg-tagged">${t('switch.legend.tagged')}</span><span class="lg lg-off">${t('switch.legend.disabled')}</span><span class="lg lg-linked">${t('ports.linked')}</span></div>
        </div>
        <${PortPanel} ports=${ports} vlans=${vlanById} links=${links} selection=${selection} stacked=${stacked} label=${t('switch.panelLabel', { name: s.name })}
          onOpen=${app.canEdit ? (port: Port) => setEditingId(port.id) : undefined} />
        ${
          legend.length > 0 &&
          html`<ul class="vlan-legend" aria-label=${t('switch.vlanColours')}>
          ${legend.map((v) => html`<li key=${v.id}><${VlanChip} vlan=${v} withName=${true} href=${`/vlans/${v.id}`} /></li>`)}
        </ul>`
        }
      </section>
      <section class="card" aria-label=${t('switch.portTable')}>
        <div class="card-head">
          <h2>${t('switch.portTable')}</h2>
          ${app.canEdit && html`<button type="button" class="btn btn-small" onClick=${() => setEditingId('new')}>${t('switch.addPort')}</button>`}
        </div>
        ${
          app.canEdit &&
          count > 0 &&
          html`<${BulkBar} count=${count} total=${ports.length} vlans=${vlans} onSubmit=${bulk}
          onClear=${() => selection.setAll(false)} onSelectAll=${() => selection.setAll(true)} />`
        }
        ${!app.canEdit && count > 0 && html`<p class="muted">${t('switch.selected', { count })}</p>`}
        <${PortTable} sw=${s} ports=${ports} vlans=${vlanById} links=${links} selection=${selection} stacked=${stacked}
          canEdit=${app.canEdit} onEdit=${(port: Port) => setEditingId(port.id)} onReload=${reload} />
      </section>
      ${
        app.canEdit &&
        editingId &&
        (editingId === 'new' || editing) &&
        html`<${PortEditor} key=${editingId} sw=${s} port=${editing} vlans=${vlans} links=${links}
        onSubmit=${(c: PortChange) => (editing ? savePort(editing, c) : addPort(c))}
        onDelete=${editing ? () => removePort(editing) : undefined}
        onClose=${() => setEditingId(null)} onReload=${reload} />`
      }`
    }
    ${
      tab === 'details' &&
      html`<section class="card" aria-label=${t('network.details')}>
      ${sites.data ? html`<${SwitchForm} key=${s.version} sw=${s} sites=${sites.data} submitLabel=${t('common.save')} readOnly=${!app.canEdit} onSubmit=${saveDetails} onReload=${reload} />` : html`<${Loading} />`}
    </section>`
    }
    ${
      tab === 'history' &&
      html`<section class="card" aria-label=${t('network.history')}>
      <${ActivityFeed} query=${{ entityId: s.id }} level=${2} refreshKey=${s.version} empty=${t('switch.noChanges')} onChanged=${reload} />
    </section>`
    }
    ${tab === 'config' && html`<${ConfigTab} switchId=${s.id} switchName=${s.name} version=${s.version} />`}`;
}
