// The front-panel picture of a switch, drawn from its ports' types: one row per stack unit; in each, the RJ45
// ports in blocks of 12 (odd ports on top, even below), then the SFP, QSFP and console/management groups.
// Fill = untagged (native) VLAN colour; a trunk has a striped edge and a strip of its tagged VLANs' colours;
// disabled = grey with a slash; linked = dot. Hover or focus shows the details; click, shift-click and the
// keyboard select; double-click or Enter with Alt opens the port's editor.
import { html, useRef, useState } from '../html.ts';
import type { Port, Vlan } from '../api-types.ts';
import { textOn } from '../format.ts';
import { t } from '../messages.ts';
import type { MessageKey } from '../messages.ts';
import type { Selection } from '../use-selection.ts';
import { vlanTextOf, vlansOf } from '../vlan-text.ts';

/** What the panel and the table know about a link's far end. */
export type LinkInfo = { portName: string; switchId: string; switchName: string };

/** The groups of a unit's row, by port type, in the order a switch's front shows them. */
const GROUPS: { key: string; types: Port['type'][]; label?: MessageKey }[] = [
  { key: 'rj45', types: ['rj45'] },
  { key: 'sfp', types: ['sfp', 'sfp+', 'sfp28'], label: 'panel.group.sfp' },
  { key: 'qsfp', types: ['qsfp', 'qsfp28'], label: 'panel.group.qsfp' },
  { key: 'mgmt', types: ['console', 'management'], label: 'panel.group.mgmt' },
];

/** The lines a port's tooltip and label describe. */
export function portFacts(port: Port, vlans: Map<string, Vlan>, links: Map<string, LinkInfo>): string[] {
  const u = port.untaggedVlanId ? vlans.get(port.untaggedVlanId) : undefined;
  const tagged = vlanTextOf(port.taggedVlanIds, vlans);
  const link = port.linkedPortId ? links.get(port.linkedPortId) : undefined;
  const trunk = port.mode === 'trunk';
  return [
    t(port.enabled ? 'panel.port' : 'panel.portDisabled', { port: port.name, type: t(`portType.${port.type}`) }),
    port.description ?? '',
    u ? t(trunk ? 'panel.trunk' : 'panel.access', { vlan: u.vid, name: u.name }) : t(trunk ? 'panel.trunkNoVlan' : 'panel.accessNoVlan'),
    tagged ? t('panel.tagged', { vlans: tagged }) : '',
    port.linkStatus ? t(`panel.link.${port.linkStatus}`) : '',
    port.linkedPortId ? (link ? t('panel.linkedTo', { switch: link.switchName, port: link.portName }) : t('panel.linkedElsewhere')) : '',
    port.connectedDevice ? t('panel.device', { device: [port.connectedDevice, port.connectedPort].filter(Boolean).join(' / ') }) : '',
  ].filter(Boolean);
}

type Block = { key: string; ports: Port[]; group: string; label?: MessageKey };
type Unit = { unit: number; blocks: Block[] };

/** The rows (units) and blocks of the panel. */
export function panelLayout(ports: Port[]): Unit[] {
  const sorted = [...ports].sort((a, b) => a.unit - b.unit || a.position - b.position);
  const units = [...new Set(sorted.map((p) => p.unit))];
  return units.map((unit) => {
    const mine = sorted.filter((p) => p.unit === unit);
    const blocks: Block[] = [];
    for (const g of GROUPS) {
      const of = mine.filter((p) => g.types.includes(p.type));
      for (let i = 0; i < of.length; i += 12)
        blocks.push({ key: `${g.key}${i}`, ports: of.slice(i, i + 12), group: g.key, label: i === 0 ? g.label : undefined });
    }
    return { unit, blocks };
  });
}

/** The panel; `selection` is shared with the port table. */
export function PortPanel(p: {
  ports: Port[];
  vlans: Map<string, Vlan>;
  links: Map<string, LinkInfo>;
  selection: Selection;
  label: string;
  stacked: boolean;
  onOpen?: (port: Port) => void;
}) {
  const units = panelLayout(p.ports);
  const order = units.flatMap((u) => u.blocks.flatMap((b) => b.ports));
  const [focusId, setFocusId] = useState<string | null>(order[0]?.id ?? null);
  const [tip, setTip] = useState<{ port: Port; x: number; y: number } | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const current = order.some((x) => x.id === focusId) ? focusId : order[0]?.id;

  const showTip = (port: Port, el: HTMLElement) => {
    const box = wrap.current?.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (!box) return;
    const x = Math.max(100, Math.min(box.width - 100, r.left - box.left + r.width / 2));
    setTip({ port, x, y: r.bottom - box.top + 6 });
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
    } else if (e.key === 'Enter' && e.altKey && p.onOpen) {
      e.preventDefault();
      p.onOpen(port);
    } else if (e.key === ' ' || e.key === 'Enter') {
      // Handled here so that Shift+Space selects a range, as shift-click does.
      e.preventDefault();
      p.selection.toggle(port.id, e.shiftKey);
    } else if (e.key === 'Escape') setTip(null);
  };
  const portButton = (port: Port) => {
    const u = port.untaggedVlanId ? p.vlans.get(port.untaggedVlanId) : undefined;
    const tagged = port.mode === 'trunk' ? vlansOf(port.taggedVlanIds, p.vlans) : [];
    const fill = u?.color;
    const sel = p.selection.selected.has(port.id);
    const cls = [
      'port',
      `type-${port.type.replace('+', 'plus')}`,
      port.mode === 'trunk' ? 'trunk' : '',
      port.enabled ? '' : 'disabled',
      sel ? 'selected' : '',
      u ? 'has-vlan' : '',
      port.linkStatus === 'down' ? 'link-down' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const style = fill ? { '--fill': fill, color: port.enabled ? textOn(fill) : undefined } : undefined;
    return html`<button type="button" key=${port.id} class=${cls} style=${style} data-port=${port.id} data-name=${port.name}
      tabindex=${port.id === current ? 0 : -1} aria-pressed=${sel ? 'true' : 'false'}
      aria-label=${portFacts(port, p.vlans, p.links).join('; ')}
      onClick=${(e: MouseEvent) => {
        setFocusId(port.id);
        p.selection.toggle(port.id, e.shiftKey);
      }}
      onDblClick=${() => p.onOpen?.(port)}
      onKeyDown=${(e: KeyboardEvent) => onKey(e, port)}
      onMouseEnter=${(e: MouseEvent) => showTip(port, e.currentTarget as HTMLElement)} onMouseLeave=${() => setTip(null)}
      onFocus=${(e: FocusEvent) => showTip(port, e.currentTarget as HTMLElement)} onBlur=${() => setTip(null)}>
      <span class="port-name">${port.name.length > 4 ? port.name.slice(-4) : port.name}</span>
      ${port.linkedPortId && html`<span class="link-dot" aria-hidden="true"></span>`}
      ${
        tagged.length > 0 &&
        html`<span class="tag-strip" aria-hidden="true">${tagged.slice(0, 8).map((v) => html`<span key=${v.id} style=${{ background: v.color }}></span>`)}</span>`
      }
    </button>`;
  };
  if (order.length === 0) return html`<p class="muted">${t('panel.noPorts')}</p>`;
  return html`<div class="panel-wrap" ref=${wrap}>
    <div class="panel" role="group" aria-label=${p.label}>
      ${units.map(
        (
          u,
        ) => html`<div class="panel-unit" key=${u.unit} role=${p.stacked ? 'group' : undefined} aria-label=${p.stacked ? t('panel.unit', { unit: u.unit }) : undefined}>
        ${p.stacked && html`<span class="unit-label" aria-hidden="true">${u.unit}</span>`}
        ${u.blocks.map(
          (b) => html`<div class=${`panel-block group-${b.group}${b.group === 'rj45' ? '' : ' uplink'}`} key=${b.key}
            role=${b.label ? 'group' : undefined} aria-label=${b.label ? t(b.label) : undefined}>
          ${b.label && html`<span class="block-label" aria-hidden="true">${t(b.label)}</span>`}
          ${b.ports.map(portButton)}
        </div>`,
        )}
      </div>`,
      )}
    </div>
    ${
      tip &&
      html`<div class="port-tip" role="tooltip" style=${{ left: `${tip.x}px`, top: `${tip.y}px` }}>
      ${portFacts(tip.port, p.vlans, p.links).map((line, i) => (i === 0 ? html`<strong>${line}</strong>` : html`<span>${line}</span>`))}
    </div>`
    }
  </div>`;
}
