// A site's topology (/sites/<id>/topology): its switches as nodes placed by role (core above distribution above
// access, others below) unless a position was saved, the links between them as edges (a LAG pair double, a trunk
// solid, access links dashed), dragged or moved with the arrow keys (positions saved with PUT topology-layout),
// clicked or Entered to open the switch, and exported as SVG or PNG. Also /topology: the site picker.
import { html, useEffect, useMemo, useRef, useState } from '../html.ts';
import { getSite, listSites, saveTopologyLayout, siteTopology } from '../api.ts';
import type { Topology, TopologyEdge } from '../api.ts';
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
import { canvasOf, curvesOf, freePlace, labelPoint, layout, NODE_H, NODE_W, type Point, type Positions } from '../topology-layout.ts';

const STEP = 10;
const SVG_NS = 'http://www.w3.org/2000/svg';
// The exported file is drawn in the light palette: these attributes stand in the SVG itself, and the page's
// stylesheet overrides them on screen (dark theme included).
const INK = '#1b1f24';
const MUTED = '#57606a';
const NODE_FILL = '#ffffff';
const NODE_STROKE = '#57606a';
const EDGE = '#3d4a57';
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif';

/** An edge's kind: a LAG pair, a trunk, or access links. */
function edgeKind(e: TopologyEdge): 'lag' | 'trunk' | 'access' {
  if (e.lagIds.length > 0) return 'lag';
  return e.trunk ? 'trunk' : 'access';
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
  const frozen = useRef<ReturnType<typeof canvasOf> | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const justDragged = useRef(false);
  const byId = useMemo(() => new Map(nodes.map((n) => [n.switchId, n])), [nodes]);
  const curves = curvesOf(pos, p.topology.edges);
  const box = frozen.current ?? canvasOf(pos, curves);

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
    frozen.current = box;
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
    // Dropped on another switch, it moves aside to the nearest free place.
    const others = Object.entries(pos).flatMap(([id, at]) => (id === d.id ? [] : [at]));
    const at = freePlace({ x: d.origin.x + now.x - d.start.x, y: d.origin.y + now.y - d.start.y }, others);
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
          ${p.topology.edges.map((e, i) => {
            const { a, b, c } = curves[i]!;
            const kind = edgeKind(e);
            const label = t('topology.edgeTitle', {
              a: byId.get(e.a)?.name ?? '',
              b: byId.get(e.b)?.name ?? '',
              links: t('topology.links', { count: e.ports.length }),
              kind: t(`topology.kind.${kind}` as MessageKey),
            });
            const straight = c.x === (a.x + b.x) / 2 && c.y === (a.y + b.y) / 2;
            const line = (cls: string, attrs: Record<string, string | number>) =>
              straight
                ? html`<line class=${cls} x1=${a.x} y1=${a.y} x2=${b.x} y2=${b.y} ...${attrs} />`
                : html`<path class=${cls} d=${`M${a.x} ${a.y}Q${c.x} ${c.y} ${b.x} ${b.y}`} fill="none" ...${attrs} />`;
            const labelAt = labelPoint(curves[i]!);
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
