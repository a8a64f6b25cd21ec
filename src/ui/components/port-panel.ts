// The front-panel picture of a switch: one row per stack unit. Drawn from the switch's layout template when it
// has one (its blocks with their rows and order, where src/lib/port-layout.ts places each port; ports the template
// does not make come after, as below), else from the ports' types: the RJ45 ports in blocks of 12 (odd ports on
// top, even below), then the SFP and QSFP groups (in one row when fewer than 12) and console/management.
// Fill = untagged (native) VLAN colour; a trunk has a striped edge and a strip of its tagged VLANs' colours;
// disabled = grey with a slash; linked = dot; a LAG member has a bar along its top. Hover or focus shows the
// details; click, shift-click and the keyboard select; double-click or Enter with Alt opens the port's editor.
import { html, useEffect, useRef, useState } from '../html.ts';
import type { Port, Vlan } from '../api-types.ts';
import { textOn } from '../format.ts';
import { t } from '../messages.ts';
import type { MessageKey } from '../messages.ts';
import type { Selection } from '../use-selection.ts';
import { modeLines, vlanTextOf, vlansOf } from '../vlan-text.ts';
import { columnsOf, layOutPorts } from '../../lib/port-layout.ts';
import type { TemplateUnits } from '../../lib/port-layout.ts';
import '../messages-later.ts';

/** What the panel and the table know about a link's far end. */
export type LinkInfo = { portName: string; switchId: string; switchName: string };

/** A template to draw the panel from: its units, repeated for `stackSize` members as a switch of it has. */
export type PanelLayout = { units: TemplateUnits; stackSize: number };

/** The groups of a unit's row, by port type, in the order a switch's front shows them. */
const GROUPS: { key: string; types: Port['type'][]; label?: MessageKey }[] = [
  { key: 'rj45', types: ['rj45'] },
  { key: 'sfp', types: ['sfp', 'sfp+', 'sfp28'], label: 'panel.group.sfp' },
  { key: 'qsfp', types: ['qsfp', 'qsfp28'], label: 'panel.group.qsfp' },
  { key: 'mgmt', types: ['console', 'management'], label: 'panel.group.mgmt' },
];

/** Columns of a template block drawn as one group, a gap between groups (12 ports of two rows, as switches have them). */
const CHUNK_COLUMNS = 6;

/** The lines a port's tooltip and label describe (`lag`: the name of the LAG the port is a member of). */
export function portFacts(port: Port, vlans: Map<string, Vlan>, links: Map<string, LinkInfo>, lag?: string): string[] {
  const u = port.untaggedVlanId ? vlans.get(port.untaggedVlanId) : undefined;
  const tagged = vlanTextOf(port.taggedVlanIds, vlans);
  const link = port.linkedPortId ? links.get(port.linkedPortId) : undefined;
  return [
    t(port.enabled ? 'panel.port' : 'panel.portDisabled', { port: port.name, type: t(`portType.${port.type}`) }),
    port.description ?? '',
    lag ? t('panel.lagMember', { lag }) : '',
    ...modeLines(port.mode === 'trunk', u, tagged),
    port.linkStatus ? t(`panel.link.${port.linkStatus}`) : '',
    port.linkedPortId ? (link ? t('panel.linkedTo', { switch: link.switchName, port: link.portName }) : t('panel.linkedElsewhere')) : '',
    port.connectedDevice ? t('panel.device', { device: [port.connectedDevice, port.connectedPort].filter(Boolean).join(' / ') }) : '',
  ].filter(Boolean);
}

/** A place of a block's grid: a port of the switch, or (`port` undefined) a port the template makes that the switch lacks. */
type Cell = { port?: Port; name: string; row: number; column: number };

/**
 * A block of a unit's row: `rows` × `columns` cells. A block of the template places its cells itself (`placed`);
 * a block by type lists its ports column by column over two rows.
 */
type Block = { key: string; group: string; label?: string; rows: number; columns: number; cells: Cell[]; placed: boolean };
type Unit = { unit: number; blocks: Block[] };

/** A piece of a template's block, drawn as a grid of its own: `columns` × `rows`, each cell at its grid place (1-based). */
type Chunk = { columns: number; rows: number; cells: (Cell & { gridRow: number; gridColumn: number })[] };

/** A template's block cut every CHUNK_COLUMNS columns, left to right (drawn in one line: the panel scrolls, never wraps). */
export function blockChunks(b: Block): Chunk[] {
  return Array.from({ length: Math.ceil(b.columns / CHUNK_COLUMNS) }, (_, chunk) => ({
    columns: Math.min(CHUNK_COLUMNS, b.columns - chunk * CHUNK_COLUMNS),
    rows: b.rows,
    cells: b.cells
      .filter((c) => Math.floor(c.column / CHUNK_COLUMNS) === chunk)
      .map((c) => ({ ...c, gridRow: c.row + 1, gridColumn: (c.column % CHUNK_COLUMNS) + 1 })),
  }));
}

const groupOf = (type: Port['type']) => GROUPS.find((g) => g.types.includes(type))!;
const byPosition = (a: Port, b: Port) => a.unit - b.unit || a.position - b.position;

/** The label of a group's first block: console or management alone say so (shorter, so the block stays narrow). */
function groupLabel(g: (typeof GROUPS)[number], ports: { type: Port['type'] }[]): string | undefined {
  if (g.key === 'mgmt' && ports.every((p) => p.type === ports[0]!.type))
    return t(`panel.group.${ports[0]!.type as 'console' | 'management'}`);
  return g.label ? t(g.label) : undefined;
}

/** Fewer cages than this (SFP, QSFP) sit in one row, as a switch's uplinks do; as many or more in two, as its copper ports. */
const CAGES_IN_TWO_ROWS = 12;

/**
 * The blocks by type of some ports of one unit: RJ45 in blocks of 12 of two rows, then SFP and QSFP (in one row
 * when fewer than CAGES_IN_TWO_ROWS), console and management.
 */
function typeBlocks(ports: Port[], prefix: string): Block[] {
  const blocks: Block[] = [];
  for (const g of GROUPS) {
    const of = ports.filter((p) => g.types.includes(p.type));
    const rows = (g.key === 'sfp' || g.key === 'qsfp') && of.length < CAGES_IN_TWO_ROWS ? 1 : 2;
    for (let i = 0; i < of.length; i += 12) {
      const cells = of.slice(i, i + 12).map((port, j) => ({ port, name: port.name, row: j % rows, column: Math.floor(j / rows) }));
      blocks.push({
        key: `${prefix}${g.key}${i}`,
        group: g.key,
        label: i === 0 ? groupLabel(g, of) : undefined,
        rows: Math.min(rows, cells.length),
        columns: Math.ceil(cells.length / rows),
        cells,
        placed: false,
      });
    }
  }
  return blocks;
}

/**
 * The rows (units) and blocks of the panel: from `layout` when given (its ports matched to the switch's by name,
 * case-insensitively; the switch's other ports after them, by type), else from the ports' types.
 */
export function panelLayout(ports: Port[], layout?: PanelLayout): Unit[] {
  const sorted = [...ports].sort(byPosition);
  const units = new Map<number, Block[]>();
  const blocksOf = (unit: number) => units.get(unit) ?? units.set(unit, []).get(unit)!;
  let rest = sorted;
  if (layout && layout.units.length > 0) {
    const byName = new Map<string, Port>();
    for (const port of sorted) if (!byName.has(port.name.toLowerCase())) byName.set(port.name.toLowerCase(), port);
    const used = new Set<string>();
    const placed = new Map<string, Block>();
    for (const laid of layOutPorts(layout.units, layout.stackSize)) {
      const key = `${laid.unit}:${laid.block}`;
      let block = placed.get(key);
      if (!block) {
        const spec = (layout.units[laid.unit - 1] ?? layout.units[0]!)[laid.block]!;
        const g = groupOf(spec.type);
        block = {
          key: `t${laid.block}`,
          group: g.key,
          label: g.key === 'rj45' ? undefined : g.key === 'mgmt' ? groupLabel(g, [spec]) : t(`portType.${spec.type}`),
          rows: Math.max(1, Math.min(spec.rows, spec.count)),
          columns: columnsOf(spec),
          cells: [],
          placed: true,
        };
        placed.set(key, block);
        blocksOf(laid.unit).push(block);
      }
      const port = byName.get(laid.name.toLowerCase());
      const mine = port && !used.has(port.id) ? port : undefined;
      if (mine) used.add(mine.id);
      block.cells.push({ port: mine, name: laid.name, row: laid.row, column: laid.column });
    }
    rest = sorted.filter((p) => !used.has(p.id));
    for (const unit of new Set(rest.map((p) => p.unit)))
      blocksOf(unit).push(
        ...typeBlocks(
          rest.filter((p) => p.unit === unit),
          'x',
        ),
      );
  } else
    for (const unit of new Set(sorted.map((p) => p.unit)))
      blocksOf(unit).push(
        ...typeBlocks(
          sorted.filter((p) => p.unit === unit),
          '',
        ),
      );
  return [...units.entries()].sort((a, b) => a[0] - b[0]).map(([unit, blocks]) => ({ unit, blocks }));
}

/** A port of the panel with the place the keyboard moves by: its block (in drawing order), row and column. */
type Spot = { port: Port; block: number; row: number; column: number };

/** The ports in the order of the picture: unit by unit, block by block, column by column, top to bottom. */
function spotsOf(units: Unit[]): Spot[] {
  const spots: Spot[] = [];
  let block = 0;
  for (const u of units)
    for (const b of u.blocks) {
      const cells = [...b.cells].sort((x, y) => x.column - y.column || x.row - y.row);
      for (const c of cells) if (c.port) spots.push({ port: c.port, block, row: c.row, column: c.column });
      block++;
    }
  return spots;
}

/**
 * Where an arrow key goes from spots[i]: Down and Up step through the order (down a column, then to the top of
 * the next); Right and Left go along the row, on to the nearest row of the next (previous) block at its end.
 */
function arrowTarget(spots: Spot[], i: number, key: string): number {
  const from = spots[i]!;
  if (key === 'ArrowDown') return Math.min(spots.length - 1, i + 1);
  if (key === 'ArrowUp') return Math.max(0, i - 1);
  const right = key === 'ArrowRight';
  const along = spots
    .map((s, j) => ({ s, j }))
    .filter(({ s }) => s.block === from.block && s.row === from.row && (right ? s.column > from.column : s.column < from.column))
    .sort((a, b) => (right ? a.s.column - b.s.column : b.s.column - a.s.column));
  if (along[0]) return along[0].j;
  const blocks = [...new Set(spots.map((s) => s.block))];
  const next = blocks[blocks.indexOf(from.block) + (right ? 1 : -1)];
  if (next === undefined) return i;
  const there = spots.map((s, j) => ({ s, j })).filter(({ s }) => s.block === next);
  const edge = right ? Math.min(...there.map(({ s }) => s.column)) : Math.max(...there.map(({ s }) => s.column));
  const column = there.filter(({ s }) => s.column === edge).sort((a, b) => Math.abs(a.s.row - from.row) - Math.abs(b.s.row - from.row));
  return column[0]?.j ?? there[0]!.j;
}

/** Most characters of a name a port shows whole. */
const LABEL_MAX = 5;

/**
 * The text on a port: its name after the last slash, whole when it is short (`con 0`, `Et48`); of a longer one the
 * number it ends with (`Ethernet48`: 48), else its first characters: never the end of a word cut off its start.
 */
export function shortName(name: string): string {
  const tail = name.slice(name.lastIndexOf('/') + 1) || name;
  if (tail.length <= LABEL_MAX) return tail;
  const number = /\d+$/.exec(tail)?.[0];
  return number && number.length <= LABEL_MAX ? number : tail.slice(0, LABEL_MAX - 1);
}

/** What the panel and the port table both show: the ports with their VLANs and links' far ends, and one selection. */
export type PortsView = { ports: Port[]; vlans: Map<string, Vlan>; links: Map<string, LinkInfo>; selection: Selection; stacked: boolean };

/** The panel; `selection` is shared with the port table. */
export function PortPanel(
  p: PortsView & {
    label: string;
    layout?: PanelLayout;
    lagOf?: Map<string, string>;
    onOpen?: (port: Port) => void;
  },
) {
  const units = panelLayout(p.ports, p.layout);
  const spots = spotsOf(units);
  const order = spots.map((s) => s.port);
  const stacked = p.stacked || (p.layout?.stackSize ?? 1) > 1 || units.length > 1;
  const [focusId, setFocusId] = useState<string | null>(order[0]?.id ?? null);
  const [tip, setTip] = useState<{ port: Port; x: number; y: number } | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const current = order.some((x) => x.id === focusId) ? focusId : order[0]?.id;
  // A panel redrawn from its template replaces the port under the pointer without a mouseleave: no tooltip stays.
  useEffect(() => setTip(null), [p.layout?.units]);

  const showTip = (port: Port, el: HTMLElement) => {
    const box = wrap.current?.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (!box) return;
    const x = Math.max(100, Math.min(box.width - 100, r.left - box.left + r.width / 2));
    setTip({ port, x, y: r.bottom - box.top + 6 });
  };
  const moveFocus = (to: number) => {
    const id = order[Math.max(0, Math.min(order.length - 1, to))]?.id;
    if (!id) return;
    setFocusId(id);
    wrap.current?.querySelector<HTMLElement>(`[data-port="${id}"]`)?.focus();
  };
  const onKey = (e: KeyboardEvent, port: Port) => {
    const i = order.indexOf(port);
    if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      moveFocus(e.key === 'Home' ? 0 : e.key === 'End' ? order.length - 1 : arrowTarget(spots, i, e.key));
    } else if (e.key === 'Enter' && e.altKey && p.onOpen) {
      e.preventDefault();
      p.onOpen(port);
    } else if (e.key === ' ' || e.key === 'Enter') {
      // Handled here so that Shift+Space selects a range, as shift-click does.
      e.preventDefault();
      p.selection.toggle(port.id, e.shiftKey);
    } else if (e.key === 'Escape') setTip(null);
  };
  const portButton = (port: Port, place?: { gridRow: number; gridColumn: number }) => {
    const u = port.untaggedVlanId ? p.vlans.get(port.untaggedVlanId) : undefined;
    const tagged = port.mode === 'trunk' ? vlansOf(port.taggedVlanIds, p.vlans) : [];
    const lag = p.lagOf?.get(port.id);
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
      lag ? 'in-lag' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const style = { ...(fill ? { '--fill': fill, color: port.enabled ? textOn(fill) : undefined } : {}), ...place };
    const label = shortName(port.name);
    return html`<button type="button" key=${port.id} class=${cls} style=${style} data-port=${port.id} data-name=${port.name}
      data-lag=${lag} tabindex=${port.id === current ? 0 : -1} aria-pressed=${sel ? 'true' : 'false'}
      aria-label=${portFacts(port, p.vlans, p.links, lag).join('; ')}
      onClick=${(e: MouseEvent) => {
        setFocusId(port.id);
        p.selection.toggle(port.id, e.shiftKey);
      }}
      onDblClick=${() => p.onOpen?.(port)}
      onKeyDown=${(e: KeyboardEvent) => onKey(e, port)}
      onMouseEnter=${(e: MouseEvent) => showTip(port, e.currentTarget as HTMLElement)} onMouseLeave=${() => setTip(null)}
      onFocus=${(e: FocusEvent) => showTip(port, e.currentTarget as HTMLElement)} onBlur=${() => setTip(null)}>
      <span class=${`port-name${label.length === LABEL_MAX ? ' long' : ''}`}>${label}</span>
      ${lag && html`<span class="lag-mark" aria-hidden="true"></span>`}
      ${port.linkedPortId && html`<span class="link-dot" aria-hidden="true"></span>`}
      ${
        tagged.length > 0 &&
        html`<span class="tag-strip" aria-hidden="true">${tagged.slice(0, 8).map(
          (v) => html`<span key=${v.id}
          style=${{ background: v.color }}></span>`,
        )}</span>`
      }
    </button>`;
  };
  // A template's block: its grid, in chunks (blockChunks).
  const placedCells = (b: Block) =>
    blockChunks(b).map((chunk, i) => {
      const grid = { gridTemplateColumns: `repeat(${chunk.columns}, max-content)`, gridTemplateRows: `repeat(${chunk.rows}, max-content)` };
      return html`<div class="panel-chunk" key=${i} style=${grid}>
        ${chunk.cells.map((c) => {
          const place = { gridRow: c.gridRow, gridColumn: c.gridColumn };
          return c.port
            ? portButton(c.port, place)
            : html`<span class="port-slot" key=${`slot-${c.name}`} style=${place} title=${t('panel.missing', { port: c.name })} aria-hidden="true"></span>`;
        })}
      </div>`;
    });
  if (order.length === 0) return html`<p class="muted">${t('panel.noPorts')}</p>`;
  return html`<div class="panel-wrap" ref=${wrap}>
    <div class="panel-scroll">
    <div class=${`panel${p.layout ? ' from-template' : ''}`} role="group" aria-label=${p.label}>
      ${units.map(
        (u) => html`<div class="panel-unit" key=${u.unit} data-unit=${u.unit} role=${stacked ? 'group' : undefined}
          aria-label=${stacked ? t('panel.unit', { unit: u.unit }) : undefined}>
        ${stacked && html`<span class="unit-label" aria-hidden="true">${u.unit}</span>`}
        ${u.blocks.map((b) => {
          const oneRow = !b.placed && b.rows === 1 && b.group !== 'rj45';
          const cls = `panel-block group-${b.group}${b.group === 'rj45' ? '' : ' uplink'}${b.placed ? ' placed' : ''}${oneRow ? ' one-row' : ''}`;
          const block = html`<div class=${cls} key=${b.key}>
              ${b.placed ? placedCells(b) : b.cells.map((c) => c.port && portButton(c.port))}
            </div>`;
          // A labelled block is as wide as its label at least, so that the label never sticks out of the panel.
          return b.label
            ? html`<div class="panel-group" key=${b.key} role="group" aria-label=${b.label}><span class="block-label"
              aria-hidden="true">${b.label}</span>${block}</div>`
            : block;
        })}
      </div>`,
      )}
    </div>
    </div>
    ${
      tip &&
      html`<div class="port-tip" role="tooltip" style=${{ left: `${tip.x}px`, top: `${tip.y}px` }}>
      ${portFacts(tip.port, p.vlans, p.links, p.lagOf?.get(tip.port.id)).map((line, i) =>
        i === 0 ? html`<strong>${line}</strong>` : html`<span>${line}</span>`,
      )}
    </div>`
    }
  </div>`;
}
