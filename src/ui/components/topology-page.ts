// A site's topology (/sites/<id>/topology): its switches as nodes placed by role (core above distribution above
// access, others below) unless a position was saved, the links between them as edges (a LAG pair double, a trunk
// solid, access links dashed), dragged or moved with the arrow keys (positions saved with PUT topology-layout),
// clicked or Entered to open the switch, and exported as SVG or PNG. Also /topology: the site picker.
import { html, useEffect, useMemo, useRef, useState } from '../html.ts';
import { getSite, listSites, saveTopologyLayout, siteTopology } from '../api.ts';
import type { Topology, TopologyEdge, TopologyNode } from '../api.ts';
import type { Site } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import type { MessageKey } from '../messages.ts';
import { navigate } from '../router.ts';
import { saveBlob, saveFile } from '../save-file.ts';
import { PageHeader } from './page-header.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';
import { EmptyState } from './empty-state.ts';

const NODE_W = 150;
const NODE_H = 54;
const GAP_X = 40;
const TIER_H = 130;
const PAD = 24;
const STEP = 10;
const ROLE_TIER: Record<string, number> = { core: 0, distribution: 1, access: 2 };
const SVG_NS = 'http://www.w3.org/2000/svg';
// The exported file is drawn in the light palette: these attributes stand in the SVG itself, and the page's
// stylesheet overrides them on screen (dark theme included).
const INK = '#1b1f24';
const MUTED = '#57606a';
const NODE_FILL = '#ffffff';
const NODE_STROKE = '#57606a';
const EDGE = '#3d4a57';
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif';

type Point = { x: number; y: number };
type Positions = Record<string, Point>;

/** Where each node is drawn (its centre): the saved position, else a place in its role's row. */
export function layout(nodes: TopologyNode[]): Positions {
  const tiers = new Map<number, TopologyNode[]>();
  for (const n of nodes) {
    const tier = ROLE_TIER[n.role ?? ''] ?? 3;
    tiers.set(tier, [...(tiers.get(tier) ?? []), n]);
  }
  const out: Positions = {};
  for (const [tier, row] of tiers) {
    const width = row.length * NODE_W + (row.length - 1) * GAP_X;
    row.forEach((n, i) => {
      out[n.switchId] = { x: -width / 2 + NODE_W / 2 + i * (NODE_W + GAP_X), y: tier * TIER_H };
    });
  }
  for (const n of nodes) if (n.x !== null && n.y !== null) out[n.switchId] = { x: n.x, y: n.y };
  return out;
}

/** The drawing's bounds around every node, with a margin. */
function bounds(pos: Positions): { x: number; y: number; w: number; h: number } {
  const pts = Object.values(pos);
  if (pts.length === 0) return { x: 0, y: 0, w: 400, h: 200 };
  const minX = Math.min(...pts.map((p) => p.x)) - NODE_W / 2 - PAD;
  const maxX = Math.max(...pts.map((p) => p.x)) + NODE_W / 2 + PAD;
  const minY = Math.min(...pts.map((p) => p.y)) - NODE_H / 2 - PAD;
  const maxY = Math.max(...pts.map((p) => p.y)) + NODE_H / 2 + PAD;
  return { x: minX, y: minY, w: Math.max(maxX - minX, 320), h: Math.max(maxY - minY, 160) };
}

/** An edge's kind: a LAG pair, a trunk, or access links. */
function edgeKind(e: TopologyEdge): 'lag' | 'trunk' | 'access' {
  if (e.lagIds.length > 0) return 'lag';
  return e.trunk ? 'trunk' : 'access';
}

/** Whether the segment or curve from `a` to `b` (through control point `c`) passes over a node other than its ends. */
function crosses(a: Point, b: Point, c: Point, others: Point[]): boolean {
  for (let i = 1; i < 24; i++) {
    const k = i / 24;
    const x = (1 - k) ** 2 * a.x + 2 * (1 - k) * k * c.x + k ** 2 * b.x;
    const y = (1 - k) ** 2 * a.y + 2 * (1 - k) * k * c.y + k ** 2 * b.y;
    if (others.some((o) => Math.abs(x - o.x) < NODE_W / 2 + 8 && Math.abs(y - o.y) < NODE_H / 2 + 8)) return true;
  }
  return false;
}

/** The control point of an edge: the midpoint (a straight line) unless that passes over another node, then a bend. */
export function bend(a: Point, b: Point, others: Point[]): Point {
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  if (!crosses(a, b, mid, others)) return mid;
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const nx = -(b.y - a.y) / len;
  const ny = (b.x - a.x) / len;
  for (const off of [70, -70, 140, -140, 210, -210, 280, -280]) {
    // A quadratic curve's middle lies halfway to its control point: twice the offset wanted.
    const c = { x: mid.x + nx * off * 2, y: mid.y + ny * off * 2 };
    if (!crosses(a, b, c, others)) return c;
  }
  return { x: mid.x + nx * 140, y: mid.y + ny * 140 };
}

/** A name that fits a node (about 18 characters), with an ellipsis when cut. */
const shorten = (s: string, n = 18) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** /topology: the first site's topology when there is one site, else a choice of site. */
export function TopologyIndex() {
  const sites = useResource(async (signal) => (await listSites({ sort: 'name', limit: 500 }, signal)).items, []);
  useEffect(() => {
    if (sites.data?.length === 1) navigate(`/sites/${sites.data[0]!.id}/topology`, { replace: true });
  }, [sites.data]);
  const header = html`<${PageHeader} title=${t('topology.title')} />`;
  if (sites.error) return html`${header}<${ErrorState} error=${sites.error} onRetry=${sites.reload} />`;
  if (!sites.data || sites.data.length === 1) return html`${header}<${Loading} />`;
  if (sites.data.length === 0)
    return html`${header}<${EmptyState} message=${t('topology.noSites')}><a class="btn" href="/sites">${t('sites.title')}</a></${EmptyState}>`;
  return html`${header}
    <section class="card" aria-labelledby="topology-pick">
      <h2 id="topology-pick">${t('topology.pickSite')}</h2>
      <ul class="topology-sites">
        ${sites.data.map(
          (s: Site) => html`<li><a href=${`/sites/${s.id}/topology`}>${s.name}</a>
            <span class="muted"> · ${t('count.switches', { count: s.switchCount ?? 0 })}</span></li>`,
        )}
      </ul>
    </section>`;
}

/** The topology of one site. */
export function TopologyPage(p: { id: string }) {
  const app = useApp();
  const site = useResource(() => getSite(p.id), [p.id]);
  const topo = useResource((signal) => siteTopology(p.id, signal), [p.id]);
  const svgRef = useRef<SVGSVGElement>(null);

  if (site.error || topo.error)
    return html`<${PageHeader} title=${t('topology.title')} crumbs=${[{ label: t('sites.title'), href: '/sites' }]} />
      <${ErrorState} error=${site.error ?? topo.error} what="site" onRetry=${() => {
        site.reload();
        topo.reload();
      }} />`;
  const s = site.data;
  if (!s || !topo.data) return html`<${Loading} />`;

  const fileBase = `topology-${s.name.replace(/[^\w.-]+/g, '_')}`;
  const exportSvg = () => {
    if (svgRef.current) saveFile(`${fileBase}.svg`, standaloneSvg(svgRef.current, s.name), 'image/svg+xml');
  };
  const exportPng = async () => {
    if (!svgRef.current) return;
    try {
      saveBlob(`${fileBase}.png`, await pngOf(svgRef.current, s.name));
    } catch {
      app.toast({ kind: 'error', message: t('topology.pngFailed') });
    }
  };
  const empty = topo.data.nodes.length === 0;
  return html`
    <${PageHeader} title=${t('topology.titleOf', { site: s.name })} crumbs=${[
      { label: t('sites.title'), href: '/sites' },
      { label: s.name, href: `/sites/${s.id}` },
    ]}>
      ${
        !empty &&
        html`<button type="button" class="btn" onClick=${exportSvg}>${t('topology.exportSvg')}</button>
        <button type="button" class="btn" onClick=${exportPng}>${t('topology.exportPng')}</button>`
      }
    </${PageHeader}>
    ${
      empty
        ? html`<${EmptyState} message=${t('topology.noSwitches')}>
            ${app.canEdit && html`<a class="btn" href=${`/switches?new=1&siteId=${s.id}`}>${t('switches.add')}</a>`}</${EmptyState}>`
        : html`<${Drawing} siteId=${s.id} siteName=${s.name} topology=${topo.data} canEdit=${app.canEdit} svgRef=${svgRef} />`
    }`;
}

function Drawing(p: { siteId: string; siteName: string; topology: Topology; canEdit: boolean; svgRef: { current: SVGSVGElement | null } }) {
  const app = useApp();
  const nodes = p.topology.nodes;
  const [pos, setPos] = useState<Positions>(() => layout(nodes));
  const [status, setStatus] = useState('');
  const drag = useRef<{ id: string; start: Point; origin: Point; moved: boolean } | null>(null);
  const frozen = useRef<ReturnType<typeof bounds> | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const justDragged = useRef(false);
  const byId = useMemo(() => new Map(nodes.map((n) => [n.switchId, n])), [nodes]);
  const box = frozen.current ?? bounds(pos);

  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const save = async (id: string, at: Point) => {
    try {
      await saveTopologyLayout(p.siteId, { [id]: { x: Math.round(at.x), y: Math.round(at.y) } });
      setStatus(t('topology.saved', { name: byId.get(id)?.name ?? '' }));
    } catch (err) {
      app.toast({ kind: 'error', message: t('topology.saveFailed', { message: (err as Error).message }) });
    }
  };

  const toSvg = (e: PointerEvent): Point => {
    const m = p.svgRef.current?.getScreenCTM();
    if (!m) return { x: e.clientX, y: e.clientY };
    const inv = m.inverse();
    return { x: inv.a * e.clientX + inv.c * e.clientY + inv.e, y: inv.b * e.clientX + inv.d * e.clientY + inv.f };
  };
  const onPointerDown = (id: string) => (e: PointerEvent) => {
    if (!p.canEdit || e.button !== 0) return;
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
    frozen.current = bounds(pos);
    drag.current = { id, start: toSvg(e), origin: pos[id]!, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const now = toSvg(e);
    const dx = now.x - d.start.x;
    const dy = now.y - d.start.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    d.moved = true;
    setPos((old) => ({ ...old, [d.id]: { x: d.origin.x + dx, y: d.origin.y + dy } }));
  };
  const onPointerUp = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    frozen.current = null;
    if (!d.moved) return setPos((old) => ({ ...old }));
    justDragged.current = true;
    const now = toSvg(e);
    const at = { x: d.origin.x + now.x - d.start.x, y: d.origin.y + now.y - d.start.y };
    setPos((old) => ({ ...old, [d.id]: at }));
    void save(d.id, at);
  };
  const onClick = (id: string) => (e: MouseEvent) => {
    // A drag ends with a click on the node: it moved the node and does not open the switch. (The app's link
    // handler leaves SVG links alone: their `target` is an object, so the node navigates itself.)
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (justDragged.current) justDragged.current = false;
    else navigate(`/switches/${id}`);
  };
  const onKeyDown = (id: string) => (e: KeyboardEvent) => {
    const delta: Record<string, Point> = {
      ArrowLeft: { x: -1, y: 0 },
      ArrowRight: { x: 1, y: 0 },
      ArrowUp: { x: 0, y: -1 },
      ArrowDown: { x: 0, y: 1 },
    };
    const d = delta[e.key];
    if (!d || !p.canEdit) return;
    e.preventDefault();
    const step = e.shiftKey ? STEP * 5 : STEP;
    const at = { x: pos[id]!.x + d.x * step, y: pos[id]!.y + d.y * step };
    setPos((old) => ({ ...old, [id]: at }));
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void save(id, at), 400);
  };

  const centre = (id: string) => pos[id] ?? { x: 0, y: 0 };
  return html`<section class="card topology-card" aria-labelledby="topology-drawing">
    <h2 id="topology-drawing" class="visually-hidden">${t('topology.drawing')}</h2>
    <p class="muted topology-hint" id="topology-hint">${t(p.canEdit ? 'topology.hintEdit' : 'topology.hintView')}</p>
    <div class="topology-wrap">
      <svg ref=${p.svgRef} class="topology" xmlns=${SVG_NS} viewBox=${`${box.x} ${box.y} ${box.w} ${box.h}`}
        width=${box.w} height=${box.h} role="group" aria-label=${t('topology.drawingOf', { site: p.siteName })}
        font-family=${FONT} onPointerMove=${onPointerMove} onPointerUp=${onPointerUp} onPointerCancel=${onPointerUp}>
        <g class="topo-edges">
          ${p.topology.edges.map((e) => {
            const a = centre(e.a);
            const b = centre(e.b);
            const kind = edgeKind(e);
            const label = t('topology.edgeTitle', {
              a: byId.get(e.a)?.name ?? '',
              b: byId.get(e.b)?.name ?? '',
              links: t('topology.links', { count: e.ports.length }),
              kind: t(`topology.kind.${kind}` as MessageKey),
            });
            const others = nodes.filter((n) => n.switchId !== e.a && n.switchId !== e.b).map((n) => centre(n.switchId));
            const c = bend(a, b, others);
            const straight = c.x === (a.x + b.x) / 2 && c.y === (a.y + b.y) / 2;
            const line = (cls: string, attrs: Record<string, string | number>) =>
              straight
                ? html`<line class=${cls} x1=${a.x} y1=${a.y} x2=${b.x} y2=${b.y} ...${attrs} />`
                : html`<path class=${cls} d=${`M${a.x} ${a.y}Q${c.x} ${c.y} ${b.x} ${b.y}`} fill="none" ...${attrs} />`;
            const labelAt = { x: (a.x + b.x) / 4 + c.x / 2, y: (a.y + b.y) / 4 + c.y / 2 };
            return html`<g class=${`topo-edge topo-edge-${kind}`} data-a=${e.a} data-b=${e.b}>
              <title>${label}</title>
              ${
                kind === 'lag'
                  ? html`${line('topo-line', { stroke: EDGE, 'stroke-width': 7 })}${line('topo-gap', { stroke: NODE_FILL, 'stroke-width': 2.5 })}`
                  : kind === 'trunk'
                    ? line('topo-line', { stroke: EDGE, 'stroke-width': 2.5 })
                    : line('topo-line', { stroke: EDGE, 'stroke-width': 1.5, 'stroke-dasharray': '6 4' })
              }
              ${
                e.ports.length > 1 &&
                html`<text class="topo-count" x=${labelAt.x + 8} y=${labelAt.y - 6} font-size="12" fill=${MUTED}>×${e.ports.length}</text>`
              }
            </g>`;
          })}
        </g>
        <g class="topo-nodes">
          ${nodes.map((n) => {
            const c = centre(n.switchId);
            const role = n.role ? t(`switchRole.${n.role}` as MessageKey) : t('topology.noRole');
            return html`<a class="topo-node" href=${`/switches/${n.switchId}`} data-id=${n.switchId} data-name=${n.name}
              aria-describedby="topology-hint"
              onPointerDown=${onPointerDown(n.switchId)} onClick=${onClick(n.switchId)} onKeyDown=${onKeyDown(n.switchId)}>
              <rect x=${c.x - NODE_W / 2} y=${c.y - NODE_H / 2} width=${NODE_W} height=${NODE_H} rx="6"
                fill=${NODE_FILL} stroke=${NODE_STROKE} stroke-width="1.5" />
              <text class="topo-name" x=${c.x} y=${c.y - 4} text-anchor="middle" font-size="14" font-weight="600" fill=${INK}>${shorten(n.name)}</text>
              <text class="topo-meta" x=${c.x} y=${c.y + 14} text-anchor="middle" font-size="11"
                fill=${MUTED}>${role} · ${t('count.ports', { count: n.portCount })}</text>
            </a>`;
          })}
        </g>
      </svg>
    </div>
    <ul class="topology-legend" aria-label=${t('topology.legend')}>
      ${(['lag', 'trunk', 'access'] as const).map(
        (k) => html`<li><svg width="40" height="12" aria-hidden="true" class=${`topo-edge topo-edge-${k}`}>
            ${
              k === 'lag'
                ? html`<line class="topo-line" x1="2" y1="6" x2="38" y2="6" stroke=${EDGE} stroke-width="7" /><line class="topo-gap" x1="2" y1="6" x2="38"
                  y2="6" stroke=${NODE_FILL} stroke-width="2.5" />`
                : html`<line class="topo-line" x1="2" y1="6" x2="38" y2="6" stroke=${EDGE} stroke-width=${k === 'trunk' ? 2.5 : 1.5}
                  stroke-dasharray=${k === 'access' ? '6 4' : undefined} />`
            }
          </svg>${t(`topology.legend.${k}` as MessageKey)}</li>`,
      )}
    </ul>
    <p class="visually-hidden" role="status">${status}</p>
  </section>`;
}

/** The drawing as a file of its own: light palette, a white background, the site's name as its title. */
export function standaloneSvg(svg: SVGSVGElement, siteName: string): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.removeAttribute('class');
  copy.removeAttribute('role');
  copy.removeAttribute('aria-label');
  copy.setAttribute('xmlns', SVG_NS);
  // The nodes' links lead nowhere outside the app: each becomes a group with the same drawing.
  for (const a of copy.querySelectorAll('a')) {
    const g = document.createElementNS(SVG_NS, 'g');
    g.append(...a.childNodes);
    a.replaceWith(g);
  }
  for (const el of copy.querySelectorAll('[class],[data-a],[data-b]')) for (const a of ['class', 'data-a', 'data-b']) el.removeAttribute(a);
  const [x, y, w, h] = (copy.getAttribute('viewBox') ?? '0 0 400 200').split(' ');
  const bg = document.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of Object.entries({ x, y, width: w, height: h, fill: '#ffffff' })) bg.setAttribute(k, v!);
  const title = document.createElementNS(SVG_NS, 'title');
  title.textContent = t('topology.titleOf', { site: siteName });
  copy.prepend(title, bg);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** The drawing as a PNG at twice its size, drawn on a canvas from the standalone SVG. */
function pngOf(svg: SVGSVGElement, siteName: string): Promise<Blob> {
  const text = standaloneSvg(svg, siteName);
  const w = Number(svg.getAttribute('width'));
  const h = Number(svg.getAttribute('height'));
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(w * 2);
      canvas.height = Math.ceil(h * 2);
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new Error('no canvas'));
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png');
    };
    img.onerror = () => reject(new Error('SVG not drawn'));
    // A data: URL (the CSP allows data: images, not blob:).
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  });
}
