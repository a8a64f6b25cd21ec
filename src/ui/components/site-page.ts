// One site: its switches, networks, findings, the VLAN × switch matrix, and its details.
import { html, useState } from '../html.ts';
import { type ApiError, checks, deleteSite, getSite, listNetworks, listSwitches, updateSite } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { emptyToNull } from '../lookups.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
import type { Network, Site, Switch } from '../types.ts';
import { formatNumber, plural } from '../format.ts';
import { toastWithUndo } from '../undo.ts';
import { PageHeader } from './page-header.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { Modal } from './modal.ts';
import { SiteForm } from './site-form.ts';
import type { SiteValues } from './site-form.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { EmptyState } from './empty-state.ts';
import { StatusBadge } from './status-badge.ts';
import { FindingsList } from './findings-list.ts';
import { VlanMatrix } from './vlan-matrix.ts';
import { networkColumns } from './networks-page.ts';

/** The site page. */
export function SitePage(p: { id: string; route: Route }) {
  const app = useApp();
  const site = useResource(() => getSite(p.id), [p.id]);
  const switches = useResource(async (signal) => (await listSwitches({ siteId: p.id, sort: 'name', limit: 500 }, signal)).items, [p.id]);
  const networks = useResource(async (signal) => (await listNetworks({ siteId: p.id, sort: 'vlanId', limit: 500 }, signal)).items, [p.id]);
  const findings = useResource(() => checks(p.id), [p.id]);
  const [editing, setEditing] = useState(false);

  if (site.error)
    return html`<${PageHeader} title="Site" crumbs=${[{ label: 'Sites', href: '/sites' }]} /><${ErrorState} error=${site.error} what="site" onRetry=${site.reload} />`;
  const s = site.data;
  if (!s) return html`<${Loading} />`;

  const save = async (v: SiteValues) => {
    const updated = await updateSite(s.id, emptyToNull(v) as Partial<Site>, s.version);
    site.setData({ ...s, ...updated });
    setEditing(false);
    void toastWithUndo(app, `Site ${updated.name} saved.`, [s.id], ['update'], site.reload);
  };
  const remove = async () => {
    const sw = switches.data ?? [];
    const ports = sw.reduce((n, x) => n + (x.portCount ?? 0), 0);
    const nets = networks.data?.length ?? s.networkCount ?? 0;
    const parts = [
      sw.length ? plural(sw.length, 'switch', 'switches') : '',
      ports ? plural(ports, 'port') : '',
      nets ? plural(nets, 'network') : '',
    ].filter(Boolean);
    const ok = await app.confirm({
      title: 'Delete site?',
      message: parts.length ? `Delete site ${s.name} with ${parts.join(', ')}?` : `Delete site ${s.name}?`,
      confirmLabel: 'Delete site',
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteSite(s.id, s.version, parts.length > 0);
      navigate('/sites');
      void toastWithUndo(app, `Site ${s.name} deleted.`, [s.id], ['delete']);
    } catch (err) {
      const e = err as ApiError;
      app.toast({
        kind: 'error',
        message:
          e.status === 412
            ? 'The site was changed by someone else in the meantime. Reload and try again.'
            : `Could not delete: ${e.message}`,
        action: e.status === 412 ? { label: 'Reload', run: () => site.reload() } : undefined,
      });
    }
  };

  const swColumns: Column<Switch>[] = [
    { label: 'Name', render: (x) => html`<a href=${`/switches/${x.id}`}>${x.name}</a>` },
    { label: 'Model', render: (x) => [x.vendor, x.model].filter(Boolean).join(' ') },
    { label: 'Management IP', className: 'mono', render: (x) => x.managementIp ?? '' },
    { label: 'Location', render: (x) => x.location ?? '' },
    { label: 'Status', render: (x) => html`<${StatusBadge} status=${x.status} />` },
    { label: 'Ports', className: 'num', render: (x) => formatNumber(x.portCount ?? 0) },
  ];
  return html`
    <${PageHeader} title=${s.name} crumbs=${[{ label: 'Sites', href: '/sites' }]} sub=${[s.description, s.address].filter(Boolean).join(' · ')}>
      ${
        app.canEdit &&
        html`
        <button type="button" class="btn" onClick=${() => setEditing(true)}>Edit</button>
        <button type="button" class="btn btn-danger-outline" onClick=${remove}>Delete</button>
        <a class="btn btn-primary" href=${`/switches?new=1&siteId=${s.id}`}>Add switch</a>`
      }
    </${PageHeader}>
    ${s.notes && html`<div class="card notes"><h2 class="visually-hidden">Notes</h2><p>${s.notes}</p></div>`}
    <section class="card" aria-labelledby="site-switches">
      <div class="card-head"><h2 id="site-switches">Switches</h2></div>
      ${
        switches.error
          ? html`<${ErrorState} error=${switches.error} onRetry=${switches.reload} />`
          : !switches.data
            ? html`<${Loading} />`
            : switches.data.length === 0
              ? html`<${EmptyState} message="No switches at this site yet. Add one, or import a CSV.">
            ${app.canEdit && html`<a class="btn" href=${`/switches?new=1&siteId=${s.id}`}>Add switch</a>`}
            ${app.isAdmin && html`<a class="btn" href="/settings/data">Import CSV</a>`}</${EmptyState}>`
              : html`<${DataTable} caption="Switches of this site" columns=${swColumns} rows=${switches.data} />`
      }
    </section>
    <section class="card" aria-labelledby="site-networks">
      <div class="card-head"><h2 id="site-networks">Networks</h2>
        ${app.canEdit && html`<a class="btn btn-small" href=${`/networks?new=1&siteId=${s.id}`}>Add network</a>`}</div>
      ${
        networks.error
          ? html`<${ErrorState} error=${networks.error} onRetry=${networks.reload} />`
          : !networks.data
            ? html`<${Loading} />`
            : networks.data.length === 0
              ? html`<${EmptyState} message="No networks at this site yet. Add its VLANs so that ports can use them." />`
              : html`<${DataTable} caption="Networks of this site" columns=${networkColumns()} rows=${networks.data} />`
      }
    </section>
    ${
      findings.data !== null &&
      html`<section class="card" aria-labelledby="site-findings">
      <h2 id="site-findings">Findings</h2>
      ${
        findings.error
          ? html`<${ErrorState} error=${findings.error} onRetry=${findings.reload} />`
          : findings.data
            ? html`<${FindingsList} findings=${findings.data} />`
            : html`<${Loading} />`
      }
    </section>`
    }
    <section class="card" aria-labelledby="site-matrix">
      <h2 id="site-matrix">VLANs by switch</h2>
      ${switches.data && networks.data ? html`<${VlanMatrix} networks=${networks.data as Network[]} switches=${switches.data} />` : html`<${Loading} />`}
    </section>
    <p><a href=${`/activity?siteId=${s.id}`}>Activity at this site</a></p>
    ${
      editing &&
      html`<${Modal} title=${`Edit site ${s.name}`} onClose=${() => setEditing(false)}>
      <${SiteForm} site=${s} submitLabel="Save" onSubmit=${save} onCancel=${() => setEditing(false)} onReload=${() => {
        setEditing(false);
        site.reload();
      }} />
    </${Modal}>`
    }`;
}
