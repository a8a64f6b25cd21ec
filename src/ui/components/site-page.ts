// One site: its switches, VLANs, networks (under their VLANs), findings, the VLAN × switch matrix, and its details.
import { html, useState } from '../html.ts';
import { checks, deleteSite, getSite, listNetworks, listSwitches, siteVlans, updateSite } from '../api.ts';
import type { Network, Site, Switch, Vlan } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { emptyToNull } from '../lookups.ts';
import { formatNumber, t } from '../messages.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
import { confirmedDelete, showSaved, toastWithUndo } from '../undo.ts';
import { PageHeader } from './page-header.ts';
import { FreePortsCard } from './free-ports.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Modal } from './modal.ts';
import { SiteForm } from './site-form.ts';
import type { SiteValues } from './site-form.ts';
import { Loading } from './loading.ts';
import { Loaded } from './loaded.ts';
import { RecordLoadError } from './error-state.ts';
import { EmptyState } from './empty-state.ts';
import { StatusBadge } from './status-badge.ts';
import { FindingsCard } from './findings-list.ts';
import { VlanMatrix } from './vlan-matrix.ts';
import { NetworksTable } from './networks-page.ts';
import { vlanColumns } from './vlans-page.ts';
import { DiscoverDialog, toastApplied } from './discover-dialog.ts';
import type { DiscoveryOutcome } from './discover-dialog.ts';
import '../messages-later.ts';
import { PollingPanel } from './polling-panel.ts';

/** The site page. */
export function SitePage(p: { id: string; route: Route }) {
  const app = useApp();
  const site = useResource(() => getSite(p.id), [p.id]);
  const switches = useResource(async (signal) => (await listSwitches({ siteId: p.id, sort: 'name', limit: 500 }, signal)).items, [p.id]);
  const vlans = useResource((signal) => siteVlans(p.id, signal), [p.id]);
  const networks = useResource(async (signal) => (await listNetworks({ siteId: p.id, sort: 'subnet', limit: 500 }, signal)).items, [p.id]);
  const findings = useResource(() => checks(p.id), [p.id]);
  const [editing, setEditing] = useState(false);
  const [discovering, setDiscovering] = useState(false);

  if (site.error)
    return html`<${RecordLoadError} title=${t('site.title')} list=${{ label: t('sites.title'), href: '/sites' }} error=${site.error}
      what="site" onRetry=${site.reload} />`;
  const s = site.data;
  if (!s) return html`<${Loading} />`;

  const save = async (v: SiteValues) => {
    const updated = await updateSite(s.id, emptyToNull(v) as Partial<Site>, s.version);
    setEditing(false);
    showSaved(app, site, updated, t('site.saved', { name: updated.name }));
  };
  const remove = async () => {
    const sw = switches.data ?? [];
    const ports = sw.reduce((n, x) => n + x.portCount, 0);
    const nets = networks.data?.length ?? s.networkCount;
    const vl = vlans.data?.length ?? s.vlanCount;
    const addresses = (networks.data ?? []).reduce((n, x) => n + x.addressCount, 0);
    const parts = [
      sw.length ? t('count.switches', { count: sw.length }) : '',
      ports ? t('count.ports', { count: ports }) : '',
      vl ? t('count.vlans', { count: vl }) : '',
      nets ? t('count.networks', { count: nets }) : '',
      addresses ? t('count.addresses', { count: addresses }) : '',
    ].filter(Boolean);
    const question = {
      title: t('site.deleteTitle'),
      message: parts.length
        ? t('site.deleteQuestionWith', { name: s.name, contents: parts.join(', ') })
        : t('site.deleteQuestion', { name: s.name }),
      confirmLabel: t('site.deleteConfirm'),
    };
    const deleted = await confirmedDelete(app, question, () => deleteSite(s.id, s.version, parts.length > 0), site.reload);
    if (!deleted) return;
    navigate('/sites');
    toastWithUndo(app, t('site.deleted', { name: s.name }), deleted);
  };

  const discovered = ({ applied, count, created }: DiscoveryOutcome) => {
    setDiscovering(false);
    if (!created) {
      switches.reload();
      vlans.reload();
      toastApplied(app, t('discover.appliedSite', { count, name: s.name }), applied.activityId, () => {
        switches.reload();
        vlans.reload();
      });
      return;
    }
    navigate(`/switches/${applied.switchId}`);
    const ports = t('count.ports', { count: created.ports });
    toastApplied(app, t('discover.created', { name: created.name, ports }), applied.activityId, () => navigate(`/sites/${s.id}`));
  };
  const swColumns: Column<Switch>[] = [
    { label: t('field.name'), render: (x) => html`<a href=${`/switches/${x.id}`}>${x.name}</a>` },
    { label: t('field.model'), render: (x) => [x.vendor, x.model].filter(Boolean).join(' ') },
    { label: t('field.managementIp'), className: 'mono', render: (x) => x.managementIp ?? '' },
    { label: t('field.location'), render: (x) => x.location ?? '' },
    { label: t('field.status'), render: (x) => html`<${StatusBadge} status=${x.status} />` },
    { label: t('field.ports'), className: 'num', render: (x) => formatNumber(x.portCount) },
  ];
  const switchesTable = (rows: Switch[]) => html`<${DataTable} caption=${t('site.switchesCaption')} columns=${swColumns} rows=${rows} />`;
  const networksTable = (rows: Network[]) =>
    html`<${NetworksTable} caption=${t('site.networksCaption')} networks=${rows} vlans=${new Map((vlans.data ?? []).map((v) => [v.id, v]))} />`;
  return html`
    <${PageHeader} title=${s.name} crumbs=${[{ label: t('sites.title'), href: '/sites' }]} sub=${[s.description, s.address].filter(Boolean).join(' · ')}>
      <a class="btn" href=${`/sites/${s.id}/topology`}>${t('topology.title')}</a>
      ${
        app.canEdit &&
        html`
        <button type="button" class="btn" onClick=${() => setEditing(true)}>${t('common.edit')}</button>
        <button type="button" class="btn btn-danger-outline" onClick=${remove}>${t('common.delete')}</button>
        <button type="button" class="btn" onClick=${() => setDiscovering(true)}>${t('discover.buttonSite')}</button>
        <a class="btn btn-primary" href=${`/switches?new=1&siteId=${s.id}`}>${t('switches.add')}</a>`
      }
    </${PageHeader}>
    ${s.notes && html`<div class="card notes"><h2 class="visually-hidden">${t('field.notes')}</h2><p>${s.notes}</p></div>`}
    <section class="card" aria-labelledby="site-switches">
      <div class="card-head"><h2 id="site-switches">${t('switches.title')}</h2></div>
      <${Loaded} resource=${switches} render=${switchesTable}
        empty=${html`<${EmptyState} message=${t('site.noSwitches')}>
          ${app.canEdit && html`<a class="btn" href=${`/switches?new=1&siteId=${s.id}`}>${t('switches.add')}</a>`}
          ${app.isAdmin && html`<a class="btn" href="/settings/data">${t('data.csv')}</a>`}</${EmptyState}>`} />
    </section>
    <section class="card" aria-labelledby="site-vlans">
      <div class="card-head"><h2 id="site-vlans">${t('vlans.title')}</h2>
        ${app.canEdit && html`<a class="btn btn-small" href=${`/vlans?new=1&siteId=${s.id}`}>${t('vlans.add')}</a>`}</div>
      <${Loaded} resource=${vlans} render=${(rows: Vlan[]) => html`<${DataTable} caption=${t('site.vlansCaption')} columns=${vlanColumns()} rows=${rows} />`}
        empty=${html`<${EmptyState} message=${t('site.noVlans')} />`} />
    </section>
    <section class="card" aria-labelledby="site-networks">
      <div class="card-head"><h2 id="site-networks">${t('networks.title')}</h2>
        ${app.canEdit && html`<a class="btn btn-small" href=${`/networks?new=1&siteId=${s.id}`}>${t('networks.add')}</a>`}</div>
      <${Loaded} resource=${networks} render=${networksTable}
        empty=${html`<${EmptyState} message=${t('site.noNetworks')} />`} />
    </section>
    <${FindingsCard} findings=${findings} id="site-findings" />
    <section class="card" aria-labelledby="site-matrix">
      <h2 id="site-matrix">${t('site.matrix')}</h2>
      ${switches.data && vlans.data ? html`<${VlanMatrix} vlans=${vlans.data} switches=${switches.data} />` : html`<${Loading} />`}
    </section>
    <${PollingPanel} siteId=${s.id} />
    <${FreePortsCard} owner=${`/api/sites/${s.id}`} name=${s.name} bySwitch=${true} fileName=${`free-ports-${s.name}`} />
    <p><a href=${`/activity?siteId=${s.id}`}>${t('site.activity')}</a></p>
    ${
      editing &&
      html`<${Modal} title=${t('site.editTitle', { name: s.name })} onClose=${() => setEditing(false)}>
      <${SiteForm} site=${s} submitLabel=${t('common.save')} onSubmit=${save} onCancel=${() => setEditing(false)} onReload=${() => {
        setEditing(false);
        site.reload();
      }} />
    </${Modal}>`
    }
    ${discovering && html`<${DiscoverDialog} siteId=${s.id} siteName=${s.name} onApplied=${discovered} onClose=${() => setDiscovering(false)} />`}`;
}
