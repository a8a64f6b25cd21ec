// The port table of a switch: selection shared with the panel, every field at a glance, inline edit of one port.
import { html, useEffect, useRef, useState } from '../html.ts';
import type { Network, Port, Switch } from '../api-types.ts';
import { t } from '../messages.ts';
import type { Selection } from '../use-selection.ts';
import { vlanTextOf } from '../vlan-text.ts';
import type { LinkInfo } from './port-panel.ts';
import { VlanChip } from './vlan-chip.ts';
import { PortEditRow } from './port-edit-row.ts';
import type { PortChange } from './port-edit-row.ts';
import { PortHistory } from './port-history.ts';

function SelectAll(p: { selection: Selection; count: number }) {
  const ref = useRef<HTMLInputElement>(null);
  const n = p.selection.selected.size;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = n > 0 && n < p.count;
  }, [n, p.count]);
  return html`<input ref=${ref} type="checkbox" aria-label=${t('ports.selectAll')} checked=${n > 0 && n === p.count}
    onChange=${(e: Event) => p.selection.setAll((e.currentTarget as HTMLInputElement).checked)} />`;
}

/** The table; `editingId` is the port in inline edit; `onSave` reports a port's change up. */
export function PortTable(p: {
  sw: Switch;
  ports: Port[];
  networks: Network[];
  netById: Map<string, Network>;
  links: Map<string, LinkInfo>;
  selection: Selection;
  canEdit: boolean;
  editingId: string | null;
  onEdit: (id: string | null) => void;
  onSave: (port: Port, change: PortChange) => Promise<unknown>;
  onReload: () => void;
}) {
  const sel = p.selection.selected;
  const [historyOf, setHistoryOf] = useState<Port | null>(null);
  const row = (port: Port) => {
    if (port.id === p.editingId) {
      return html`<${PortEditRow} key=${port.id} port=${port} sw=${p.sw} networks=${p.networks} links=${p.links}
        onSubmit=${(c: PortChange) => p.onSave(port, c)} onCancel=${() => p.onEdit(null)} onReload=${p.onReload} />`;
    }
    const u = port.untaggedNetworkId ? p.netById.get(port.untaggedNetworkId) : undefined;
    const link = port.linkedPortId ? p.links.get(port.linkedPortId) : undefined;
    return html`<tr key=${port.id} id=${`port-row-${port.id}`} class=${`${sel.has(port.id) ? 'selected' : ''}${port.enabled ? '' : ' port-off'}`}>
      <td class="check"><input type="checkbox" aria-label=${t('ports.select', { port: port.name })} checked=${sel.has(port.id)}
        onClick=${(e: MouseEvent) => p.selection.toggle(port.id, e.shiftKey)} /></td>
      <th scope="row" class="port-col"><button type="button" class="link-button" title=${t('ports.historyTitle')} onClick=${() => setHistoryOf(port)}>${port.name}<span class="visually-hidden">${t('ports.historySuffix')}</span></button></th>
      <td class="wrap">${port.description ?? ''}</td>
      <td>${t(`mode.${port.mode}`)}</td>
      <td>${u ? html`<${VlanChip} network=${u} /> ${u.name}` : ''}</td>
      <td class="mono">${vlanTextOf(port.taggedNetworkIds, p.netById)}</td>
      <td>${port.linkedPortId ? (link ? html`<a href=${`/switches/${link.switchId}?port=${port.linkedPortId}`}>${link.switchName} / ${link.portName}</a>` : t('ports.linked')) : ''}</td>
      <td>${port.connectedDevice ?? ''}</td>
      <td>${port.poe ? t('ports.poe') : ''}</td>
      <td>${port.speed ?? ''}</td>
      <td>${port.enabled ? t('common.yes') : html`<span class="off">${t('common.no')}</span>`}</td>
      ${p.canEdit && html`<td class="actions"><button type="button" class="btn btn-small" onClick=${() => p.onEdit(port.id)} aria-label=${t('ports.edit', { port: port.name })}>${t('common.edit')}</button></td>`}
    </tr>`;
  };
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${t('ports.label')}>
    <table class="data ports">
      <caption class="visually-hidden">${t('ports.caption', { switch: p.sw.name })}</caption>
      <thead><tr>
        <th scope="col" class="check"><${SelectAll} selection=${p.selection} count=${p.ports.length} /></th>
        <th scope="col">${t('ports.col.port')}</th><th scope="col">${t('field.description')}</th><th scope="col">${t('ports.col.mode')}</th><th scope="col">${t('ports.col.untagged')}</th>
        <th scope="col">${t('ports.col.tagged')}</th><th scope="col">${t('ports.col.link')}</th><th scope="col">${t('ports.col.device')}</th><th scope="col">${t('ports.col.poe')}</th><th scope="col">${t('ports.col.speed')}</th>
        <th scope="col">${t('ports.col.enabled')}</th>${p.canEdit && html`<th scope="col"><span class="visually-hidden">${t('common.actions')}</span></th>`}
      </tr></thead>
      <tbody>${p.ports.map(row)}</tbody>
    </table>
    ${historyOf && html`<${PortHistory} port=${historyOf} switchName=${p.sw.name} onClose=${() => setHistoryOf(null)} onChanged=${p.onReload} />`}
  </div>`;
}
