// One network (VLAN): its details (editable), delete (with the ports it frees), and its history.
import { html } from '../html.ts';
import { type ApiError, deleteNetwork, getNetwork, getSite, updateNetwork } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
import type { Network } from '../types.ts';
import { plural } from '../format.ts';
import { toastWithUndo } from '../undo.ts';
import { PageHeader } from './page-header.ts';
import { NetworkForm, networkBody } from './network-form.ts';
import type { NetworkValues } from './network-form.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { ActivityFeed } from './activity-feed.ts';
import { VlanChip } from './vlan-chip.ts';

/** The network page. */
export function NetworkPage(p: { id: string; route: Route }) {
  const app = useApp();
  const net = useResource(() => getNetwork(p.id), [p.id]);
  const site = useResource(async () => (net.data ? getSite(net.data.siteId) : undefined), [net.data?.siteId]);
  if (net.error)
    return html`<${PageHeader} title="Network" crumbs=${[{ label: 'Networks', href: '/networks' }]} /><${ErrorState} error=${net.error} what="network" onRetry=${net.reload} />`;
  const n = net.data;
  if (!n) return html`<${Loading} />`;
  const siteName = site.data?.name ?? '…';

  const save = async (v: NetworkValues) => {
    const { siteId: _ignored, ...body } = networkBody(v);
    const updated = await updateNetwork(n.id, body as Partial<Network>, n.version);
    net.setData({ ...n, ...updated });
    void toastWithUndo(app, `Network ${updated.name} saved.`, [n.id], ['update'], net.reload);
  };
  const remove = async () => {
    const used = n.portCount ?? 0;
    const ok = await app.confirm({
      title: 'Delete network?',
      message: used
        ? `Delete network ${n.name} (VLAN ${n.vlanId})? ${plural(used, 'port')} use it and will lose this VLAN.`
        : `Delete network ${n.name} (VLAN ${n.vlanId})?`,
      confirmLabel: 'Delete network',
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteNetwork(n.id, n.version, used > 0);
    } catch (err) {
      const e = err as ApiError;
      if (e.code === 'network_in_use') {
        const again = await app.confirm({
          title: 'Network in use',
          message: `${e.message} Delete network ${n.name} anyway and remove it from those ports?`,
          confirmLabel: 'Delete and remove from ports',
          danger: true,
        });
        if (!again) return;
        try {
          await deleteNetwork(n.id, undefined, true);
        } catch (err2) {
          app.toast({ kind: 'error', message: `Could not delete: ${(err2 as Error).message}` });
          return;
        }
      } else {
        app.toast({
          kind: 'error',
          message:
            e.status === 412
              ? 'The network was changed by someone else in the meantime. Reload and try again.'
              : `Could not delete: ${e.message}`,
          action: e.status === 412 ? { label: 'Reload', run: () => net.reload() } : undefined,
        });
        return;
      }
    }
    navigate(`/networks?siteId=${n.siteId}`);
    void toastWithUndo(app, `Network ${n.name} deleted.`, [n.id], ['delete']);
  };

  return html`
    <${PageHeader} title=${`${n.name}`} crumbs=${[{ label: 'Sites', href: '/sites' }, { label: siteName, href: `/sites/${n.siteId}` }, { label: 'Networks', href: `/networks?siteId=${n.siteId}` }]}
      sub=${html`<${VlanChip} network=${n} /> VLAN ${n.vlanId}${n.subnet ? ` · ${n.subnet}` : ''} · ${plural(n.portCount ?? 0, 'port')}`}>
      ${app.canEdit && html`<button type="button" class="btn btn-danger-outline" onClick=${remove}>Delete</button>`}
    </${PageHeader}>
    <div class="columns">
      <section class="card" aria-labelledby="net-details">
        <h2 id="net-details">Details</h2>
        ${site.data ? html`<${NetworkForm} key=${n.version} network=${n} sites=${[site.data]} submitLabel="Save" readOnly=${!app.canEdit} onSubmit=${save} onReload=${net.reload} />` : html`<${Loading} />`}
      </section>
      <section class="card" aria-labelledby="net-history">
        <h2 id="net-history">History</h2>
        <${ActivityFeed} query=${{ entityId: n.id }} refreshKey=${n.version} empty="No changes recorded." onChanged=${net.reload} />
      </section>
    </div>`;
}
