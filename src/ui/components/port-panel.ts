// The front-panel picture of a switch: odd ports on top, even below, in blocks of 12; uplink and SFP ports
// grouped at the end. Fill = untagged VLAN colour; trunk = striped edge; disabled = grey with a slash;
// linked = dot. Hover or focus shows the details; click, shift-click and the keyboard select.
import { html, useRef, useState } from '../html.ts';
import type { Network, Port } from '../api-types.ts';
import { networkColor, textOn } from '../format.ts';
import { t } from '../messages.ts';
import type { Selection } from '../use-selection.ts';
import { vlanTextOf } from '../vlan-text.ts';

const UPLINK = /sfp|uplink|qsfp|xfp/i;

/** What the panel and the table know about a link's far end. */
export type LinkInfo = { portName: string; switchId: string; switchName: string };

/** The lines a port's tooltip and label describe. */
function portFacts(port: Port, nets: Map<string, Network>, links: Map<string, LinkInfo>): string[] {
  const u = port.untaggedNetworkId ? nets.get(port.untaggedNetworkId) : undefined;
  const tagged = vlanTextOf(port.taggedNetworkIds, nets);
  const link = port.linkedPortId ? links.get(port.linkedPortId) : undefined;
  const trunk = port.mode === 'trunk';
  return [
    t(port.enabled ? 'panel.port' : 'panel.portDisabled', { port: port.name }),
    port.description ?? '',
    u ? t(trunk ? 'panel.trunk' : 'panel.access', { vlan: u.vlanId, name: u.name }) : t(trunk ? 'panel.trunkNoVlan' : 'panel.accessNoVlan'),
    tagged ? t('panel.tagged', { vlans: tagged }) : '',
    port.linkedPortId ? (link ? t('panel.linkedTo', { switch: link.switchName, port: link.portName }) : t('panel.linkedElsewhere')) : '',
    port.connectedDevice ? t('panel.device', { device: port.connectedDevice }) : '',
  ].filter(Boolean);
}

type Block = { key: string; ports: Port[]; uplink: boolean };

function blocks(ports: Port[]): Block[] {
  const sorted = [...ports].sort((a, b) => a.position - b.position);
  const main = sorted.filter((p) => !UPLINK.test(p.name));
  const up = sorted.filter((p) => UPLINK.test(p.name));
  const out: Block[] = [];
  for (let i = 0; i < main.length; i += 12) out.push({ key: `m${i}`, ports: main.slice(i, i + 12), uplink: false });
  for (let i = 0; i < up.length; i += 12) out.push({ key: `u${i}`, ports: up.slice(i, i + 12), uplink: true });
  return out;
}

/** The panel; `selection` is shared with the port table. */
export function PortPanel(p: {
  ports: Port[];
  networks: Map<string, Network>;
  links: Map<string, LinkInfo>;
  selection: Selection;
  label: string;
}) {
  const bs = blocks(p.ports);
  const order = bs.flatMap((b) => b.ports);
  const [focusId, setFocusId] = useState<string | null>(order[0]?.id ?? null);
  const [tip, setTip] = useState<{ port: Port; x: number; y: number } | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const current = order.some((x) => x.id === focusId) ? focusId : order[0]?.id;

  const showTip = (port: Port, el: HTMLElement) => {
    const box = wrap.current?.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (!box) return;
    setTip({ port, x: r.left - box.left + r.width / 2, y: r.bottom - box.top + 6 });
  };
  const moveFocus = (from: number, delta: number) => {
    const to = Math.max(0, Math.min(order.length - 1, from + delta));
    const id = order[to]?.id;
    if (!id) return;
    setFocusId(id);
    wrap.current?.querySelector<HTMLElement>(`[data-port="${id}"]`)?.focus();
  };
  const onKey = (e: KeyboardEvent, port: Port) => {
    const i = order.indexOf(port);
    const keys: Record<string, number> = { ArrowRight: 2, ArrowLeft: -2, ArrowDown: 1, ArrowUp: -1, Home: -i, End: order.length };
    if (e.key in keys) {
      e.preventDefault();
      moveFocus(i, keys[e.key]!);
    } else if (e.key === ' ' || e.key === 'Enter') {
      // Handled here so that Shift+Space selects a range, as shift-click does.
      e.preventDefault();
      p.selection.toggle(port.id, e.shiftKey);
    } else if (e.key === 'Escape') setTip(null);
  };
  const portButton = (port: Port) => {
    const u = port.untaggedNetworkId ? p.networks.get(port.untaggedNetworkId) : undefined;
    const fill = u ? networkColor(u) : undefined;
    const sel = p.selection.selected.has(port.id);
    const cls = ['port', port.mode === 'trunk' ? 'trunk' : '', port.enabled ? '' : 'disabled', sel ? 'selected' : '', u ? 'has-vlan' : '']
      .filter(Boolean)
      .join(' ');
    const style = fill ? { '--fill': fill, color: port.enabled ? textOn(fill) : undefined } : undefined;
    return html`<button type="button" key=${port.id} class=${cls} style=${style} data-port=${port.id} data-name=${port.name}
      tabindex=${port.id === current ? 0 : -1} aria-pressed=${sel ? 'true' : 'false'}
      aria-label=${portFacts(port, p.networks, p.links).join('; ')}
      onClick=${(e: MouseEvent) => {
        setFocusId(port.id);
        p.selection.toggle(port.id, e.shiftKey);
      }}
      onKeyDown=${(e: KeyboardEvent) => onKey(e, port)}
      onMouseEnter=${(e: MouseEvent) => showTip(port, e.currentTarget as HTMLElement)} onMouseLeave=${() => setTip(null)}
      onFocus=${(e: FocusEvent) => showTip(port, e.currentTarget as HTMLElement)} onBlur=${() => setTip(null)}>
      <span class="port-name">${port.name.length > 4 ? port.name.slice(-4) : port.name}</span>
      ${port.linkedPortId && html`<span class="link-dot" aria-hidden="true"></span>`}
    </button>`;
  };
  if (order.length === 0) return html`<p class="muted">${t('panel.noPorts')}</p>`;
  return html`<div class="panel-wrap" ref=${wrap}>
    <div class="panel" role="group" aria-label=${p.label}>
      ${bs.map(
        (
          b,
        ) => html`<div class=${`panel-block${b.uplink ? ' uplink' : ''}`} key=${b.key} aria-label=${b.uplink ? t('panel.uplinks') : undefined} role=${b.uplink ? 'group' : undefined}>
        ${b.ports.map(portButton)}
      </div>`,
      )}
    </div>
    ${
      tip &&
      html`<div class="port-tip" role="tooltip" style=${{ left: `${tip.x}px`, top: `${tip.y}px` }}>
      ${portFacts(tip.port, p.networks, p.links).map((line, i) => (i === 0 ? html`<strong>${line}</strong>` : html`<span>${line}</span>`))}
    </div>`
    }
  </div>`;
}
