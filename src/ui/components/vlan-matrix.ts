// A site's VLANs against its switches: how many ports of each switch carry each VLAN, untagged and tagged.
import { html } from '../html.ts';
import { switchPorts } from '../api.ts';
import { useResource } from '../hooks.ts';
import type { Port, Switch, Vlan } from '../api-types.ts';
import { t } from '../messages.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { VlanChip } from './vlan-chip.ts';
import '../messages-later.ts';

/** The matrix; loads the ports of every switch of the site (a few at a time). */
export function VlanMatrix(p: { vlans: Vlan[]; switches: Switch[] }) {
  const ids = p.switches.map((s) => s.id).join(',');
  const ports = useResource(async () => {
    const out = new Map<string, Port[]>();
    const queue = [...p.switches];
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) out.set(s.id, await switchPorts(s.id));
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return out;
  }, [ids]);
  if (p.vlans.length === 0 || p.switches.length === 0) {
    return html`<p class="muted">${t('matrix.needBoth')}</p>`;
  }
  if (ports.error) return html`<${ErrorState} error=${ports.error} onRetry=${ports.reload} />`;
  if (!ports.data) return html`<${Loading} label=${t('matrix.loadingPorts')} />`;
  const cell = (n: Vlan, s: Switch) => {
    const list = ports.data?.get(s.id) ?? [];
    const u = list.filter((x) => x.untaggedVlanId === n.id).length;
    const tagged = list.filter((x) => x.mode === 'trunk' && x.taggedVlanIds.includes(n.id)).length;
    if (!u && !tagged) return html`<td class="matrix-cell empty"><span class="visually-hidden">${t('common.none')}</span></td>`;
    return html`<td class="matrix-cell">${
      u > 0 && html`<span class="mx-u" title=${t('matrix.untagged', { count: u })}>${t('matrix.u', { count: u })}</span>`
    }${u > 0 && tagged > 0 && ' '}${
      tagged > 0 && html`<span class="mx-t" title=${t('matrix.tagged', { count: tagged })}>${t('matrix.t', { count: tagged })}</span>`
    }</td>`;
  };
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${t('matrix.label')}>
    <table class="data matrix">
      <caption class="visually-hidden">${t('matrix.caption')}</caption>
      <thead><tr><th scope="col">${t('matrix.vlan')}</th>
        ${p.switches.map((s) => html`<th scope="col"><a href=${`/switches/${s.id}`}>${s.name}</a></th>`)}</tr></thead>
      <tbody>${p.vlans.map(
        (n) => html`<tr key=${n.id}>
        <th scope="row"><${VlanChip} vlan=${n} withName=${true} href=${`/vlans/${n.id}`} /></th>
        ${p.switches.map((s) => cell(n, s))}
      </tr>`,
      )}</tbody>
    </table>
  </div>`;
}
