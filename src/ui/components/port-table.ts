// The port table of a switch: selection shared with the panel, every field at a glance; Edit opens the port in
// the side panel.
import { html, useEffect, useRef, useState } from '../html.ts';
import type { Port, Switch, Vlan } from '../api-types.ts';
import { poeText } from '../format.ts';
import { t } from '../messages.ts';
import type { Selection } from '../use-selection.ts';
import { vlanTextOf, vlansOf } from '../vlan-text.ts';
import type { PortsView } from './port-panel.ts';
import { VlanChip } from './vlan-chip.ts';
import { PortHistory } from './port-history.ts';
import '../messages-later.ts';

/** Most tagged VLANs shown as chips; more are written compactly ("10-22,30"). */
const CHIPS_MAX = 6;

function SelectAll(p: { selection: Selection; count: number }) {
  const ref = useRef<HTMLInputElement>(null);
  const n = p.selection.selected.size;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = n > 0 && n < p.count;
  }, [n, p.count]);
  return html`<input ref=${ref} type="checkbox" aria-label=${t('ports.selectAll')} checked=${n > 0 && n === p.count}
    onChange=${(e: Event) => p.selection.setAll((e.currentTarget as HTMLInputElement).checked)} />`;
}

function Tagged(p: { port: Port; vlans: Map<string, Vlan> }) {
  const list = vlansOf(p.port.taggedVlanIds, p.vlans);
  if (list.length === 0) return '';
  if (list.length > CHIPS_MAX) return html`<span class="mono">${vlanTextOf(p.port.taggedVlanIds, p.vlans)}</span>`;
  return html`<span class="chips">${list.map((v) => html`<${VlanChip} key=${v.id} vlan=${v} />`)}</span>`;
}

/** The table; `onEdit` opens a port in the side panel. */
export function PortTable(
  p: PortsView & {
    sw: Switch;
    canEdit: boolean;
    onEdit: (port: Port) => void;
    onReload: () => void;
  },
) {
  const sel = p.selection.selected;
  const [historyOf, setHistoryOf] = useState<Port | null>(null);
  const row = (port: Port) => {
    const u = port.untaggedVlanId ? p.vlans.get(port.untaggedVlanId) : undefined;
    const link = port.linkedPortId ? p.links.get(port.linkedPortId) : undefined;
    const device = [port.connectedDevice, port.connectedPort].filter(Boolean).join(' / ');
    return html`<tr key=${port.id} id=${`port-row-${port.id}`} class=${`${sel.has(port.id) ? 'selected' : ''}${port.enabled ? '' : ' port-off'}`}>
      <td class="check"><input type="checkbox" aria-label=${t('ports.select', { port: port.name })} checked=${sel.has(port.id)}
        onClick=${(e: MouseEvent) => p.selection.toggle(port.id, e.shiftKey)} /></td>
      <th scope="row" class="port-col"><button type="button" class="link-button" title=${t('ports.historyTitle')}
        onClick=${() => setHistoryOf(port)}>${port.name}<span class="visually-hidden">${t('ports.historySuffix')}</span></button></th>
      ${p.stacked && html`<td class="num">${port.unit}</td>`}
      <td>${t(`portType.${port.type}`)}</td>
      <td class="wrap">${port.description ?? ''}</td>
      <td>${t(`mode.${port.mode}`)}</td>
      <td>${u ? html`<${VlanChip} vlan=${u} withName=${true} />` : ''}</td>
      <td><${Tagged} port=${port} vlans=${p.vlans} /></td>
      <td>${port.linkStatus ? html`<span class=${`link-${port.linkStatus}`}>${t(`linkStatus.${port.linkStatus}`)}</span>` : ''}</td>
      <td>${
        port.linkedPortId
          ? link
            ? html`<a href=${`/switches/${link.switchId}?port=${port.linkedPortId}`}>${link.switchName} / ${link.portName}</a>`
            : t('ports.linked')
          : ''
      }</td>
      <td class="device">${device}${port.macAddress && html`<div class="mono small">${port.macAddress}</div>`}</td>
      <td>${poeText(port.poe)}</td>
      <td>${port.speed ?? ''}</td>
      <td>${port.enabled ? t('common.yes') : html`<span class="off">${t('common.no')}</span>`}</td>
      ${
        p.canEdit &&
        html`<td class="actions"><button type="button" class="btn btn-small" onClick=${() => p.onEdit(port)}
        aria-label=${t('ports.edit', { port: port.name })}>${t('common.edit')}</button></td>`
      }
    </tr>`;
  };
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${t('ports.label')}>
    <table class="data ports">
      <caption class="visually-hidden">${t('ports.caption', { switch: p.sw.name })}</caption>
      <thead><tr>
        <th scope="col" class="check"><${SelectAll} selection=${p.selection} count=${p.ports.length} /></th>
        <th scope="col" class="port-col">${t('ports.col.port')}</th>
        ${p.stacked && html`<th scope="col">${t('portEdit.unit')}</th>`}<th scope="col">${t('portEdit.type')}</th>
        <th scope="col">${t('field.description')}</th><th scope="col">${t('ports.col.mode')}</th><th scope="col">${t('ports.col.untagged')}</th>
        <th scope="col">${t('ports.col.tagged')}</th><th scope="col">${t('portEdit.linkStatus')}</th><th scope="col">${t('ports.col.link')}</th>
        <th scope="col">${t('ports.col.device')}</th>
        <th scope="col">${t('ports.col.poe')}</th><th scope="col">${t('ports.col.speed')}</th>
        <th scope="col">${t('ports.col.enabled')}</th>
        ${p.canEdit && html`<th scope="col" class="actions"><span class="visually-hidden">${t('common.actions')}</span></th>`}
      </tr></thead>
      <tbody>${p.ports.map(row)}</tbody>
    </table>
    ${historyOf && html`<${PortHistory} port=${historyOf} switchName=${p.sw.name} onClose=${() => setHistoryOf(null)} onChanged=${p.onReload} />`}
  </div>`;
}
