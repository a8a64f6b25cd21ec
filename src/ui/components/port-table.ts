// The port table of a switch: selection shared with the panel, every field at a glance, inline edit of one port.
import { html, useEffect, useRef, useState } from '../html.ts';
import type { Network, Port, Switch } from '../types.ts';
import type { Selection } from '../use-selection.ts';
import { compactVlans } from '../format.ts';
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
  return html`<input ref=${ref} type="checkbox" aria-label="Select all ports" checked=${n > 0 && n === p.count}
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
    const tagged = (port.taggedNetworkIds ?? []).map((id) => p.netById.get(id)?.vlanId).filter((x): x is number => x !== undefined);
    const link = port.linkedPortId ? p.links.get(port.linkedPortId) : undefined;
    return html`<tr key=${port.id} id=${`port-row-${port.id}`} class=${`${sel.has(port.id) ? 'selected' : ''}${port.enabled ? '' : ' port-off'}`}>
      <td class="check"><input type="checkbox" aria-label=${`Select port ${port.name}`} checked=${sel.has(port.id)}
        onClick=${(e: MouseEvent) => p.selection.toggle(port.id, e.shiftKey)} /></td>
      <th scope="row" class="port-col"><button type="button" class="link-button" title="History of this port" onClick=${() => setHistoryOf(port)}>${port.name}<span class="visually-hidden"> history</span></button></th>
      <td class="wrap">${port.description ?? ''}</td>
      <td>${port.mode}</td>
      <td>${u ? html`<${VlanChip} network=${u} /> ${u.name}` : ''}</td>
      <td class="mono">${compactVlans(tagged)}</td>
      <td>${port.linkedPortId ? (link ? html`<a href=${`/switches/${link.switchId}?port=${port.linkedPortId}`}>${link.switchName} / ${link.portName}</a>` : 'linked') : ''}</td>
      <td>${port.connectedDevice ?? ''}</td>
      <td>${port.poe ? 'PoE' : ''}</td>
      <td>${port.speed ?? ''}</td>
      <td>${port.enabled ? 'yes' : html`<span class="off">no</span>`}</td>
      ${p.canEdit && html`<td class="actions"><button type="button" class="btn btn-small" onClick=${() => p.onEdit(port.id)} aria-label=${`Edit port ${port.name}`}>Edit</button></td>`}
    </tr>`;
  };
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Ports">
    <table class="data ports">
      <caption class="visually-hidden">Ports of ${p.sw.name}</caption>
      <thead><tr>
        <th scope="col" class="check"><${SelectAll} selection=${p.selection} count=${p.ports.length} /></th>
        <th scope="col">Port</th><th scope="col">Description</th><th scope="col">Mode</th><th scope="col">Untagged VLAN</th>
        <th scope="col">Tagged</th><th scope="col">Link</th><th scope="col">Device</th><th scope="col">PoE</th><th scope="col">Speed</th>
        <th scope="col">Enabled</th>${p.canEdit && html`<th scope="col"><span class="visually-hidden">Actions</span></th>`}
      </tr></thead>
      <tbody>${p.ports.map(row)}</tbody>
    </table>
    ${historyOf && html`<${PortHistory} port=${historyOf} switchName=${p.sw.name} onClose=${() => setHistoryOf(null)} onChanged=${p.onReload} />`}
  </div>`;
}
