// One network (IP subnet): its VLAN, its details (editable), delete, and its history.
import { html } from '../html.ts';
import { type ApiError, deleteNetwork, getNetwork, getSite, getVlan, updateNetwork } from '../api.ts';
import type { Network } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { navigate } from '../router.ts';
import type { Route } from '../router.ts';
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
  const vlan = useResource(async () => (net.data?.vlanId ? getVlan(net.data.vlanId) : undefined), [net.data?.vlanId]);
  if (net.error)
    return html`<${PageHeader} title=${t('network.title')} crumbs=${[{ label: t('networks.title'), href: '/networks' }]} /><${ErrorState} error=${net.error} what="network" onRetry=${net.reload} />`;
  const n = net.data;
  if (!n) return html`<${Loading} />`;
  const siteName = site.data?.name ?? '…';

  const save = async (v: NetworkValues) => {
    const { siteId: _ignored, ...body } = networkBody(v);
    const updated = await updateNetwork(n.id, body as Partial<Network>, n.version);
    net.setData({ ...n, ...updated });
    void toastWithUndo(app, t('network.saved', { name: updated.name }), [n.id], ['update'], net.reload);
  };
  const remove = async () => {
    const ok = await app.confirm({
      title: t('network.deleteTitle'),
      message: t('network.deleteQuestion', { name: n.name, subnet: n.subnet }),
      confirmLabel: t('network.deleteConfirm'),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteNetwork(n.id, n.version);
    } catch (err) {
      const e = err as ApiError;
      if (e.code !== 'network_in_use') {
        app.toast({
          kind: 'error',
          message: e.status === 412 ? t('network.changedMeanwhile') : t('common.couldNotDelete', { message: e.message }),
          action: e.status === 412 ? { label: t('common.reload'), run: () => net.reload() } : undefined,
        });
        return;
      }
      const again = await app.confirm({
        title: t('network.inUseTitle'),
        message: t('network.inUseQuestion', { message: e.message, name: n.name }),
        confirmLabel: t('network.inUseConfirm'),
        danger: true,
      });
      if (!again) return;
      try {
        await deleteNetwork(n.id, undefined, true);
      } catch (err2) {
        app.toast({ kind: 'error', message: t('common.couldNotDelete', { message: (err2 as Error).message }) });
        return;
      }
    }
    navigate(`/networks?siteId=${n.siteId}`);
    void toastWithUndo(app, t('network.deleted', { name: n.name }), [n.id], ['delete']);
  };

  const v = vlan.data;
  const sub = html`<span class="mono">${n.subnet}</span> · ${
    v ? html`<${VlanChip} vlan=${v} withName=${true} href=${`/vlans/${v.id}`} />` : n.vlanId ? '…' : t('networks.noVlan')
  }`;
  return html`
    <${PageHeader} title=${n.name} crumbs=${[{ label: t('sites.title'), href: '/sites' }, { label: siteName, href: `/sites/${n.siteId}` }, { label: t('networks.title'), href: `/networks?siteId=${n.siteId}` }]}
      sub=${sub}>
      ${app.canEdit && html`<button type="button" class="btn btn-danger-outline" onClick=${remove}>${t('common.delete')}</button>`}
    </${PageHeader}>
    <div class="columns">
      <section class="card" aria-labelledby="net-details">
        <h2 id="net-details">${t('network.details')}</h2>
        ${site.data ? html`<${NetworkForm} key=${n.version} network=${n} sites=${[site.data]} submitLabel=${t('common.save')} readOnly=${!app.canEdit} onSubmit=${save} onReload=${net.reload} />` : html`<${Loading} />`}
      </section>
      <section class="card" aria-labelledby="net-history">
        <h2 id="net-history">${t('network.history')}</h2>
        <${ActivityFeed} query=${{ entityId: n.id }} refreshKey=${n.version} empty=${t('network.noChanges')} onChanged=${net.reload} />
      </section>
    </div>`;
}
