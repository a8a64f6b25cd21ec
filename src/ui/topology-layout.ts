// Where a site's topology draws its switches and links, for any saved positions (issue 35): positions kept from
// 0.20.x or saved through the API may be missing, equal, negative or a million units away. A node without a usable
// position gets a place in its role's row; wide empty stretches between positions close up to GAP_MAX; a node that
// would lie on another moves to the nearest free place; and the canvas grows around every node and every link's
// curve. Pure: no DOM, so that the rule is tested by itself (topology-layout.test.ts).

/** A node's size on the canvas. */
export const NODE_W = 150;
export const NODE_H = 54;
/** The space kept free between two nodes. */
const CLEAR = 10;
const GAP_X = 40;
const TIER_H = 130;
const PAD = 24;
const CANVAS_MIN = { w: 320, h: 160 };
/** The widest empty stretch the canvas keeps between two positions, either way. */
export const GAP_MAX = 400;
/** The steps of the search for a free place: half a node across, a row down. */
const SLOT_X = (NODE_W + CLEAR) / 2;
const SLOT_Y = NODE_H + CLEAR;
const ROLE_TIER: Record<string, number> = { core: 0, distribution: 1, access: 2 };

export type Point = { x: number; y: number };
export type Positions = Record<string, Point>;
export type Box = { x: number; y: number; w: number; h: number };
/** What the layout reads of a node: its id, its role and its saved position (null until placed). */
export type LaidNode = { switchId: string; role: string | null; x: number | null; y: number | null };
/** A link drawn as a quadratic curve from `a` to `b` through control point `c` (the midpoint when straight). */
export type Curve = { a: Point; b: Point; c: Point };

/** Where each node is drawn (its centre): its saved position or a place in its role's row, gaps closed, none on another. */
export function layout(nodes: readonly LaidNode[]): Positions {
  const saved = nodes.filter(hasPosition);
  const wanted = closeGaps({ ...byRole(nodes), ...Object.fromEntries(saved.map((n) => [n.switchId, { x: n.x, y: n.y }])) });
  const placed: Positions = {};
  // Saved positions are kept first: a node placed by its role gives way to them.
  for (const n of [...saved, ...nodes.filter((node) => !hasPosition(node))]) {
    placed[n.switchId] = freePlace(wanted[n.switchId]!, Object.values(placed));
  }
  return placed;
}

function hasPosition(n: LaidNode): n is LaidNode & Point {
  return Number.isFinite(n.x) && Number.isFinite(n.y);
}

/** Each node in its role's row (core above distribution above access, others below), the row centred on x = 0. */
function byRole(nodes: readonly LaidNode[]): Positions {
  const tiers = new Map<number, LaidNode[]>();
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
  return out;
}

/** The positions with every empty stretch wider than GAP_MAX closed to GAP_MAX, the order kept on both axes. */
function closeGaps(pos: Positions): Positions {
  const xs = closedAxis(Object.values(pos).map((p) => p.x));
  const ys = closedAxis(Object.values(pos).map((p) => p.y));
  return Object.fromEntries(Object.entries(pos).map(([id, p]) => [id, { x: xs.get(p.x)!, y: ys.get(p.y)! }]));
}

function closedAxis(values: number[]): Map<number, number> {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const out = new Map<number, number>();
  sorted.forEach((v, i) => out.set(v, i === 0 ? v : out.get(sorted[i - 1]!)! + Math.min(v - sorted[i - 1]!, GAP_MAX)));
  return out;
}

/** Whether a node at `p` would touch a node at `q`. */
function clashes(p: Point, q: Point): boolean {
  return Math.abs(p.x - q.x) < NODE_W + CLEAR && Math.abs(p.y - q.y) < NODE_H + CLEAR;
}

/** `at` when no node of `others` is there, else the nearest free place, searched ring by ring (a row's neighbours first). */
export function freePlace(at: Point, others: readonly Point[]): Point {
  const free = (p: Point) => !others.some((q) => clashes(p, q));
  if (free(at)) return at;
  for (let ring = 1; ; ring++) {
    const offsets: Point[] = [];
    for (let i = -ring; i <= ring; i++)
      for (let j = -ring; j <= ring; j++) if (Math.max(Math.abs(i), Math.abs(j)) === ring) offsets.push({ x: i * SLOT_X, y: j * SLOT_Y });
    offsets.sort((a, b) => Math.hypot(a.x, a.y * 2) - Math.hypot(b.x, b.y * 2));
    const found = offsets.map((o) => ({ x: at.x + o.x, y: at.y + o.y })).find(free);
    if (found) return found;
  }
}

/** Whether the curve from `a` to `b` (through control point `c`) passes over a node other than its ends. */
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

/** Each edge's curve between its nodes' centres, bent around the other nodes. */
export function curvesOf(pos: Positions, edges: readonly { a: string; b: string }[]): Curve[] {
  const centre = (id: string) => pos[id] ?? { x: 0, y: 0 };
  return edges.map((e) => {
    const others = Object.entries(pos)
      .filter(([id]) => id !== e.a && id !== e.b)
      .map(([, p]) => p);
    const a = centre(e.a);
    const b = centre(e.b);
    return { a, b, c: bend(a, b, others) };
  });
}

/** Where a curve's label (its link count) sits: the curve's middle. */
export function labelPoint({ a, b, c }: Curve): Point {
  return { x: (a.x + b.x) / 4 + c.x / 2, y: (a.y + b.y) / 4 + c.y / 2 };
}

/** The canvas: every node, every curve and its label inside, with a margin. */
export function canvasOf(pos: Positions, curves: readonly Curve[]): Box {
  const nodes = Object.values(pos);
  if (nodes.length === 0) return { x: 0, y: 0, w: 400, h: 200 };
  const boxes = [
    ...nodes.map((p) => ({ x: p.x - NODE_W / 2, y: p.y - NODE_H / 2, w: NODE_W, h: NODE_H })),
    ...curves.map(curveBox),
    // The label "×n" starts 8 right of the middle, its baseline 6 above: about 40 by 20 at most.
    ...curves.map(labelPoint).map((p) => ({ x: p.x, y: p.y - 20, w: 40, h: 20 })),
  ];
  const minX = Math.min(...boxes.map((b) => b.x)) - PAD;
  const minY = Math.min(...boxes.map((b) => b.y)) - PAD;
  const maxX = Math.max(...boxes.map((b) => b.x + b.w)) + PAD;
  const maxY = Math.max(...boxes.map((b) => b.y + b.h)) + PAD;
  // A small drawing gets the canvas's least size, with the drawing in its middle.
  const w = Math.max(maxX - minX, CANVAS_MIN.w);
  const h = Math.max(maxY - minY, CANVAS_MIN.h);
  return { x: minX - (w - (maxX - minX)) / 2, y: minY - (h - (maxY - minY)) / 2, w, h };
}

/** The box around a quadratic curve: its ends and, on each axis, its extreme between them. */
export function curveBox({ a, b, c }: Curve): Box {
  const span = (p: number, q: number, r: number) => {
    const values = [p, r];
    const t = (p - q) / (p - 2 * q + r);
    if (t > 0 && t < 1) values.push((1 - t) ** 2 * p + 2 * (1 - t) * t * q + t ** 2 * r);
    return [Math.min(...values), Math.max(...values)] as const;
  };
  const [x0, x1] = span(a.x, c.x, b.x);
  const [y0, y1] = span(a.y, c.y, b.y);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
