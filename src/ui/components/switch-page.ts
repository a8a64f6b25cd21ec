// One switch: the front panel (drawn from the switch's template when it has one, LAG members marked) and the port
// table sharing one selection, the bulk bar, the port editor in a side panel (edit, create, rename, delete a port),
// the LAGs with their far ends and the LAG panel (loaded when first opened), the favourite star, Duplicate, and the
// tabs Ports, Details, History and Config.
import { html, useEffect, useMemo, useState } from '../html.ts';
import {
  bulkUpdatePorts,
  createLag,
  createPort,
  deleteLag,
  deletePort,
  deleteSwitch,
  getSwitch,
  getTemplate,
  lastDiscovery,
  setFavorite,
  siteVlans,
  updateLag,
  updatePort,
  updateSwitch,
} from '../api.ts';
import type { BulkPortChange, BulkPortAnswer } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useFarEnds, useLinks } from '../far-ends.ts';
import { useSiteOf, useSites } from '../lookups.ts';
import { navigate, withQuery } from '../router.ts';
import type { Route } from '../router.ts';
import type { Lag, Port, Switch, SwitchWithPorts, Vlan } from '../api-types.ts';
import { t, tParts } from '../messages.ts';
import { confirmedDelete, failureText, showSaved, toastWithUndo } from '../undo.ts';
import { useSelection } from '../use-selection.ts';
import { PageHeader } from './page-header.ts';
import { Tabs } from './tabs.ts';
import { Loading } from './loading.ts';
import { RecordLoadError } from './error-state.ts';
import { StatusBadge } from './status-badge.ts';
import { PortPanel } from './port-panel.ts';
import type { LinkInfo, PortsView } from './port-panel.ts';
import { PortTable } from './port-table.ts';
import { PortEditor } from './port-editor.ts';
import type { PortChange } from './port-editor.ts';
import { BulkBar } from './bulk-bar.ts';
import { SwitchForm, switchBody } from './switch-form.ts';
import type { SwitchValues } from './switch-form.ts';
import { ActivityFeed } from './activity-feed.ts';
import { ConfigTab } from './config-tab.ts';
import { VlanChip } from './vlan-chip.ts';
import { lazyPage } from './lazy-page.ts';
import { dialectOfVendor } from '../../lib/config-dialect.ts';
import type { FarEnd, LagChange } from './lag-panel.ts';
import { SwitchDuplicate } from './switch-duplicate.ts';
import { PublicLinks } from './public-links.ts';
import { PollingPanel } from './polling-panel.ts';
import { modeLines, vlanTextOf } from '../vlan-text.ts';
import { CsvLink } from './csv-link.ts';
import { DiscoverDialog, toastApplied } from './discover-dialog.ts';
import type { DiscoveryOutcome } from './discover-dialog.ts';
import { Age } from './discover-age.ts';
import { DriftCount, useDriftCount } from './drift-count.ts';
import { FdbTable } from './fdb-table.ts';
import '../messages-later.ts';
import { FreePortsCard } from './free-ports.ts';

/** Focuses the table's checkbox of a port: where focus goes back to after the bulk bar's Apply or Escape. */
function focusPortRow(id: string): void {
  document.querySelector<HTMLInputElement>(`#port-row-${id} td.check input`)?.focus();
}

const LagPanel = lazyPage(async () => (await import('./lag-panel.ts')).LagPanel);
const RunningConfigs = lazyPage(async () => (await import('./running-configs.ts')).RunningConfigs);

/**
 * Whether saving a port (`before`: as it was, none when created) relinked another port of `ports`: a new link
 * takes its far end from whichever port had it, and the answer holds the saved port only.
 */
function relinksOthers(ports: Port[], before: Port | undefined, saved: Port): boolean {
  const was = before?.linkedPortId ?? null;
  const now = saved.linkedPortId;
  if (was === now) return false;
  return ports.some((x) => x.id !== saved.id && (x.id === was || x.id === now || (now !== null && x.linkedPortId === now)));
}

/** The switch with `saved` (as the API answered it) in place of its port of that id, or added when new. */
function withPorts(s: SwitchWithPorts, saved: Port[]): SwitchWithPorts {
  const byId = new Map(saved.map((x) => [x.id, x]));
  const added = saved.filter((x) => !s.ports.some((old) => old.id === x.id));
  return { ...s, ports: [...s.ports.map((x) => byId.get(x.id) ?? x), ...added], portCount: s.portCount + added.length };
}

/** The LAGs of the switch: name (opens the LAG's panel), aggregation, members, VLANs and far end. */
function LagList(p: {
  sw: Switch;
  lags: Lag[];
  ports: Port[];
  vlans: Map<string, Vlan>;
  far: Map<string, FarEnd>;
  canEdit: boolean;
  onEdit: (lag: Lag) => void;
  onAdd: () => void;
}) {
  const nameOf = new Map(p.ports.map((x) => [x.id, x.name]));
  const vlanText = (lag: Lag) => {
    const u = lag.untaggedVlanId ? p.vlans.get(lag.untaggedVlanId) : undefined;
    const trunk = lag.portMode === 'trunk';
    return modeLines(trunk, u, trunk ? vlanTextOf(lag.taggedVlanIds, p.vlans) : '').join(' · ');
  };
  return html`<section class="card" aria-labelledby="lags-head">
    <div class="card-head">
      <h2 id="lags-head">${t('lag.section')}</h2>
      <div class="card-actions">
        ${
          p.lags.length > 0 &&
          html`<${CsvLink} small=${true} path=${`/api/switches/${p.sw.id}/lags`} name=${`${p.sw.name}-lags`}
          label=${t('csvExport.lags')} />`
        }
        ${p.canEdit && html`<button type="button" class="btn btn-small" onClick=${p.onAdd}>${t('lag.add')}</button>`}
      </div>
    </div>
    ${
      p.lags.length === 0
        ? html`<p class="muted">${t('lag.none')}</p>`
        : html`<div class="table-wrap"><table class="data lags">
      <caption class="visually-hidden">${t('lag.caption', { switch: p.sw.name })}</caption>
      <thead><tr>
        <th scope="col">${t('field.name')}</th>
        <th scope="col">${t('lag.aggregation')}</th>
        <th scope="col">${t('lag.col.members')}</th>
        <th scope="col">${t('lag.col.vlans')}</th>
        <th scope="col">${t('lag.col.farEnd')}</th>
      </tr></thead>
      <tbody>
        ${p.lags.map((lag) => {
          const far = lag.remoteLagId ? p.far.get(lag.remoteLagId) : undefined;
          return html`<tr key=${lag.id}>
            <th scope="row">${
              p.canEdit
                ? html`<button type="button" class="link-button mono" aria-label=${t('lag.edit', { name: lag.name })}
                  onClick=${() => p.onEdit(lag)}>${lag.name}</button>`
                : html`<span class="mono">${lag.name}</span>`
            }${lag.description && html` <span class="muted">${lag.description}</span>`}</th>
            <td>${t(`lag.mode.${lag.mode}`)}</td>
            <td class="mono">${lag.memberPortIds.map((id) => nameOf.get(id) ?? '?').join(', ')}</td>
            <td>${vlanText(lag)}</td>
            <td>${
              far
                ? html`<a href=${`/switches/${far.switchId}`}>${t('lag.farEndOf', { switch: far.switchName, lag: far.lagName })}</a>`
                : lag.remoteLagId
                  ? '…'
                  : t('lag.noFar')
            }</td>
          </tr>`;
        })}
      </tbody>
    </table></div>`
    }
  </section>`;
}

/** The switch page. */
export function SwitchPage(p: { id: string; route: Route }) {
  const app = useApp();
  const tab = p.route.query.get('tab') ?? 'ports';
  const focusPort = p.route.query.get('port');
  const sw = useResource(() => getSwitch(p.id), [p.id]);
  const s = sw.data;
  const site = useSiteOf(s?.siteId);
  const vlanList = useResource(async (signal) => (s ? siteVlans(s.siteId, signal) : []), [s?.siteId]);
  const sites = useSites();
  const ports = useMemo(() => [...(s?.ports ?? [])].sort((a, b) => a.unit - b.unit || a.position - b.position), [s]);
  const order = useMemo(() => ports.map((x) => x.id), [ports]);
  const selection = useSelection(order);
  const links = useLinks(s?.ports).data ?? new Map<string, LinkInfo>();
  const vlanById = useMemo(() => new Map((vlanList.data ?? []).map((v) => [v.id, v])), [vlanList.data]);
  // The port in the side panel: its id, or 'new' while creating one.
  const [editingId, setEditingId] = useState<string | null>(null);
  // The LAG in the side panel: its id, or 'new' while creating one; and whether the duplicate dialog is open.
  const [lagId, setLagId] = useState<string | null>(null);
  const [duplicating, setDuplicating] = useState(false);
  const [discovering, setDiscovering] = useState(false);
  const last = useResource((signal) => lastDiscovery(p.id, signal), [p.id]);
  const drift = useDriftCount(p.id, s?.siteId, last.data?.id);
  const lags = useMemo(() => [...(s?.lags ?? [])].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })), [s]);
  const lagOf = useMemo(() => new Map(lags.flatMap((l) => l.memberPortIds.map((id): [string, string] => [id, l.name]))), [lags]);
  const far = useFarEnds(lags).data ?? new Map<string, FarEnd>();
  const template = useResource(async () => (s?.templateId ? getTemplate(s.templateId) : undefined), [s?.templateId]);
  const layout = template.data && s ? { units: template.data.units, stackSize: s.stackSize } : undefined;

  // A link from search or a link column names one port: select it and bring its row into view.
  useEffect(() => {
    if (!focusPort || !ports.some((x) => x.id === focusPort)) return;
    selection.set([focusPort]);
    requestAnimationFrame(() => document.getElementById(`port-row-${focusPort}`)?.scrollIntoView({ block: 'center' }));
  }, [focusPort, ports.length > 0]);

  // Escape clears the port selection, unless a dialog is open or the key was taken (the search box, a tooltip);
  // from inside the bulk bar (which goes with the selection) focus moves to the first port that was selected.
  useEffect(() => {
    if (selection.selected.size === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
      if ((e.target as HTMLElement | null)?.closest?.('.search')) return;
      const inBar = !!(document.activeElement as HTMLElement | null)?.closest('.bulk-bar');
      const first = order.find((id) => selection.selected.has(id));
      selection.setAll(false);
      if (inBar && first) requestAnimationFrame(() => focusPortRow(first));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selection.selected, order]);

  if (sw.error)
    return html`<${RecordLoadError} title=${t('switch.title')} list=${{ label: t('switches.title'), href: '/switches' }} error=${sw.error}
      what="switch" onRetry=${sw.reload} />`;
  if (!s) return html`<${Loading} />`;

  const reload = () => sw.reload();
  // A saved or created port is shown as the API answered it, without reading the switch again; unless the save
  // relinked another port of this switch, which the answer does not hold.
  const showPort = (before: Port | undefined, saved: Port) => {
    if (relinksOthers(s.ports, before, saved)) reload();
    else sw.update((d) => withPorts(d, [saved]));
  };
  const savePort = async (port: Port, change: PortChange, options: { matchFarEnd: boolean }) => {
    const saved = await updatePort(port.id, change, port.version, options);
    setEditingId(null);
    showPort(port, saved);
    const renamed = saved.name !== port.name;
    toastWithUndo(
      app,
      renamed ? t('switch.portRenamed', { from: port.name, to: saved.name }) : t('switch.portSaved', { port: saved.name }),
      saved,
      reload,
    );
  };
  const addPort = async (change: PortChange) => {
    const created = await createPort(s.id, change);
    setEditingId(null);
    showPort(undefined, created);
    toastWithUndo(app, t('switch.portCreated', { port: created.name }), created, reload);
  };
  const removePort = async (port: Port) => {
    const question = {
      title: t('switch.portDeleteTitle'),
      message: t('switch.portDeleteQuestion', { port: port.name, switch: s.name }),
      confirmLabel: t('portEdit.delete'),
    };
    const deleted = await confirmedDelete(app, question, () => deletePort(port.id, port.version), reload);
    if (!deleted) return;
    setEditingId(null);
    selection.set([...selection.selected].filter((id) => id !== port.id));
    // The server has deleted it: drop it from the panel now, so it is gone before the toast says so. The reload
    // brings what the empty answer cannot tell: its LAG's members, the far ends it was linked to.
    sw.update((d) => ({ ...d, ports: d.ports.filter((x) => x.id !== port.id) }));
    reload();
    toastWithUndo(app, t('switch.portDeleted', { port: port.name }), deleted, reload);
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
    const answer: BulkPortAnswer = await bulkUpdatePorts(s.id, { portIds, ...change });
    // The answer holds every port it named as it is now (a bulk change sets no link): shown without a reload.
    sw.update((d) => withPorts(d, answer.items));
    // Focus goes back to the selection (it stays selected), not to the page's top.
    requestAnimationFrame(() => focusPortRow(portIds[0]!));
    toastWithUndo(app, t('switch.portsChanged', { count: portIds.length }), answer, reload);
  };
  const saveDetails = async (v: SwitchValues) => {
    const updated = await updateSwitch(s.id, switchBody(v, false) as Partial<Switch>, s.version);
    showSaved(app, sw, updated, t('switch.saved', { name: updated.name }), reload);
  };
  const saveLag = async (lag: Lag | undefined, change: LagChange) => {
    const saved = lag ? await updateLag(lag.id, change, lag.version) : await createLag(s.id, change);
    setLagId(null);
    // A LAG sets its members' mode and VLANs, which its answer does not hold: the switch is read again.
    reload();
    toastWithUndo(app, t(lag ? 'lag.saved' : 'lag.created', { name: saved.name }), saved, reload);
  };
  const removeLag = async (lag: Lag) => {
    const question = {
      title: t('lag.deleteTitle'),
      message: t('lag.deleteQuestion', { name: lag.name, switch: s.name, ports: t('count.ports', { count: lag.memberPortIds.length }) }),
      confirmLabel: t('lag.delete'),
    };
    const deleted = await confirmedDelete(app, question, () => deleteLag(lag.id, lag.version), reload);
    if (!deleted) return;
    setLagId(null);
    reload();
    toastWithUndo(app, t('lag.deleted', { name: lag.name }), deleted, reload);
  };
  const duplicated = (copy: Switch) => {
    setDuplicating(false);
    navigate(`/switches/${copy.id}`);
    toastWithUndo(app, t('duplicate.done', { name: copy.name, from: s.name }), copy);
  };
  const discovered = ({ applied, count }: DiscoveryOutcome) => {
    setDiscovering(false);
    reload();
    last.reload();
    toastApplied(app, t('discover.applied', { count, name: s.name }), applied.activityId, reload);
  };
  const remove = async () => {
    const question = {
      title: t('switch.deleteTitle'),
      message: t('switch.deleteQuestion', { name: s.name, ports: t('count.ports', { count: ports.length }) }),
      confirmLabel: t('switch.deleteConfirm'),
    };
    const deleted = await confirmedDelete(app, question, () => deleteSwitch(s.id, s.version), reload);
    if (!deleted) return;
    navigate(`/sites/${s.siteId}`);
    toastWithUndo(app, t('switch.deleted', { name: s.name }), deleted);
  };

  const tabs = [
    { key: 'ports', label: t('switch.tab.ports'), href: withQuery({ tab: null, port: null }) },
    { key: 'details', label: t('network.details'), href: withQuery({ tab: 'details', port: null }) },
    { key: 'history', label: t('network.history'), href: withQuery({ tab: 'history', port: null }) },
    { key: 'config', label: t('switch.tab.config'), href: withQuery({ tab: 'config', port: null }) },
    { key: 'fdb', label: t('fdb.tab'), href: withQuery({ tab: 'fdb', port: null }) },
    { key: 'free', label: t('history.freeTab'), href: withQuery({ tab: 'free', port: null }) },
  ];
  const siteName = site.data?.name ?? '…';
  const vlans: Vlan[] = vlanList.data ?? [];
  const stacked = s.stackSize > 1 || ports.some((x) => x.unit > 1);
  const portsView: PortsView = { ports, vlans: vlanById, links, selection, stacked };
  // The legend names the VLANs the panel draws: those of this switch's ports, untagged or tagged.
  const usedIds = new Set(ports.flatMap((x) => [x.untaggedVlanId, ...(x.mode === 'trunk' ? x.taggedVlanIds : [])]));
  const legend = vlans.filter((v) => usedIds.has(v.id));
  const editing = editingId === 'new' ? undefined : ports.find((x) => x.id === editingId);
  const editingLag = lagId === 'new' ? undefined : lags.find((l) => l.id === lagId);
  const editingLagOf = editing?.lagId ? lags.find((l) => l.id === editing.lagId) : undefined;
  const count = selection.selected.size;
  const lagMembers = ports.filter((x) => x.lagId && selection.selected.has(x.id)).length;
  return html`
    <${PageHeader} title=${s.name} crumbs=${[{ label: t('sites.title'), href: '/sites' }, { label: siteName, href: `/sites/${s.siteId}` }]}
      sub=${html`<${StatusBadge} status=${s.status} /> ${[
        s.role ? t(`switchRole.${s.role}`) : '',
        [s.vendor, s.model].filter(Boolean).join(' '),
        s.managementIp,
        s.location,
        s.rackPosition,
      ]
        .filter(Boolean)
        .join(' · ')}
        ${s.tags.map((tag) => html` <span class="tag">${tag}</span>`)}
        ${
          last.data &&
          html`<span class="discovered">${tParts(last.data.agentId ? 'agents.lastByAgent' : 'discover.last', {
            age: html`<${Age} iso=${last.data.observedAt} />`,
          })}</span>`
        }
        ${drift !== undefined && html`<${DriftCount} count=${drift} siteId=${s.siteId} />`}`}>
      <button type="button" class=${`btn btn-ghost star${s.favorite ? ' on' : ''}`} aria-pressed=${s.favorite ? 'true' : 'false'} onClick=${toggleFavorite}
        title=${s.favorite ? t('switch.unfavorite') : t('switch.favorite')}>
        <span aria-hidden="true">${s.favorite ? '★' : '☆'}</span> ${t('switch.favoriteLabel')}</button>
      <a class="btn" href=${`/switches/${s.id}/print`}>${t('print.button')}</a>
      ${
        app.canEdit &&
        html`
        <button type="button" class="btn" onClick=${() => setDiscovering(true)}>${t('discover.button')}</button>
        <button type="button" class="btn" onClick=${() => setDuplicating(true)}>${t('duplicate.button')}</button>
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
          <div class="legend" aria-hidden="true"><span class="lg lg-trunk">${t('switch.legend.trunk')}</span>
          <span class="lg lg-tagged">${t('switch.legend.tagged')}</span><span class="lg lg-off">${t('switch.legend.disabled')}</span>
          <span class="lg lg-linked">${t('ports.linked')}</span>${lags.length > 0 && html`<span class="lg lg-lag">${t('lag.legend')}</span>`}</div>
        </div>
        <${PortPanel} ...${portsView} label=${t('switch.panelLabel', { name: s.name })}
          layout=${layout} lagOf=${lagOf} onOpen=${app.canEdit ? (port: Port) => setEditingId(port.id) : undefined} />
        ${
          legend.length > 0 &&
          html`<ul class="vlan-legend" aria-label=${t('switch.vlanColours')}>
          ${legend.map((v) => html`<li key=${v.id}><${VlanChip} vlan=${v} withName=${true} href=${`/vlans/${v.id}`} /></li>`)}
        </ul>`
        }
      </section>
      <${LagList} sw=${s} lags=${lags} ports=${ports} vlans=${vlanById} far=${far} canEdit=${app.canEdit}
        onEdit=${(lag: Lag) => setLagId(lag.id)} onAdd=${() => setLagId('new')} />
      <section class="card" aria-label=${t('switch.portTable')}>
        <div class="card-head">
          <h2>${t('switch.portTable')}</h2>
          <div class="card-actions">
            <${CsvLink} small=${true} path=${`/api/switches/${s.id}/ports`} name=${`${s.name}-ports`} label=${t('csvExport.ports')} />
            ${app.canEdit && html`<button type="button" class="btn btn-small" onClick=${() => setEditingId('new')}>${t('switch.addPort')}</button>`}
          </div>
        </div>
        ${
          app.canEdit &&
          count > 0 &&
          html`<${BulkBar} count=${count} lagMembers=${lagMembers} total=${ports.length} vlans=${vlans} onSubmit=${bulk}
          onClear=${() => selection.setAll(false)} onSelectAll=${() => selection.setAll(true)} />`
        }
        ${!app.canEdit && count > 0 && html`<p class="muted">${t('switch.selected', { count })}</p>`}
        <${PortTable} ...${portsView} sw=${s} canEdit=${app.canEdit} onEdit=${(port: Port) => setEditingId(port.id)} onReload=${reload} />
      </section>
      ${
        app.canEdit &&
        editingId &&
        (editingId === 'new' || editing) &&
        html`<${PortEditor} key=${editingId} sw=${s} port=${editing} vlans=${vlans} links=${links}
        lag=${
          editingLagOf && {
            name: editingLagOf.name,
            open: () => {
              setEditingId(null);
              setLagId(editingLagOf.id);
            },
          }
        }
        onSubmit=${(c: PortChange, o: { matchFarEnd: boolean }) => (editing ? savePort(editing, c, o) : addPort(c))}
        onDelete=${editing ? () => removePort(editing) : undefined}
        onClose=${() => setEditingId(null)} onReload=${reload} />`
      }
      ${
        app.canEdit &&
        lagId &&
        (lagId === 'new' || editingLag) &&
        html`<${LagPanel} key=${lagId} sw=${s} lag=${editingLag} lags=${lags} ports=${ports} vlans=${vlans} links=${links}
        far=${editingLag?.remoteLagId ? far.get(editingLag.remoteLagId) : undefined} layout=${layout} stacked=${stacked}
        onSubmit=${(c: LagChange) => saveLag(editingLag, c)}
        onDelete=${editingLag ? () => removeLag(editingLag) : undefined}
        onClose=${() => setLagId(null)} onReload=${reload} />`
      }`
    }
    ${
      tab === 'details' &&
      html`<section class="card" aria-label=${t('network.details')}>
      ${
        sites.data
          ? html`<${SwitchForm} key=${s.version} sw=${s} sites=${sites.data} submitLabel=${t('common.save')} readOnly=${!app.canEdit}
        onSubmit=${saveDetails} onReload=${reload} />`
          : html`<${Loading} />`
      }
    </section>
    <${PollingPanel} switchId=${s.id} />
    <${PublicLinks} switchId=${s.id} switchName=${s.name} />`
    }
    ${
      tab === 'history' &&
      html`<section class="card" aria-label=${t('network.history')}>
      <${ActivityFeed} query=${{ entityId: s.id }} level=${2} refreshKey=${s.version} empty=${t('switch.noChanges')} onChanged=${reload} />
    </section>`
    }
    ${
      tab === 'config' &&
      html`<${ConfigTab} switchId=${s.id} switchName=${s.name} version=${s.version}
      vendors=${[s.vendor, template.data?.vendor]} />
      <${RunningConfigs} switchId=${s.id} switchName=${s.name} siteId=${s.siteId} managementIp=${s.managementIp}
        dialect=${dialectOfVendor(s.vendor, template.data?.vendor)} onDocumented=${discovered} />`
    }
    ${tab === 'fdb' && html`<${FdbTable} switchId=${s.id} switchName=${s.name} refreshKey=${last.data?.id} />`}
    ${tab === 'free' && html`<${FreePortsCard} owner=${`/api/switches/${s.id}`} name=${s.name} fileName=${`free-ports-${s.name}`} />`}
    ${duplicating && html`<${SwitchDuplicate} sw=${s} onDone=${duplicated} onClose=${() => setDuplicating(false)} />`}
    ${
      discovering &&
      html`<${DiscoverDialog} siteId=${s.siteId} sw=${s} onApplied=${discovered} onClose=${() => {
        setDiscovering(false);
        last.reload();
      }} />`
    }`;
}

/** The polling status page, loaded with this page (components/shell.ts says why). */
export { PollingPage } from './polling-page.ts';
