import { describe, expect, it } from 'vitest';
import { canvasOf, curveBox, curvesOf, GAP_MAX, layout, NODE_H, NODE_W, type Box, type LaidNode } from './topology-layout.ts';

type Saved = { role?: string; x: number | null; y: number | null };

/** Nodes `n0`, `n1`, … with the given roles and saved positions. */
const nodesOf = (saved: Saved[]): LaidNode[] => saved.map((s, i) => ({ switchId: `n${i}`, role: s.role ?? 'access', x: s.x, y: s.y }));
/** Every node linked to the next and the first to every other: links across the whole drawing. */
const edgesOf = (nodes: LaidNode[]) => [
  ...nodes.slice(1).map((n, i) => ({ a: nodes[i]!.switchId, b: n.switchId })),
  ...nodes.slice(2).map((n) => ({ a: nodes[0]!.switchId, b: n.switchId })),
];
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;

const missing = { x: null, y: null };
/** The six positions 0.20.3 saved for Hauptcampus Nord (../shared/fixtures/ezswm-0.20.3/topology-layouts.json). */
const NORD: Saved[] = [
  { role: 'core', x: 300, y: 60 },
  { role: 'core', x: 560, y: 60 },
  { x: 120, y: 300 },
  { x: 340, y: 300 },
  { x: 520, y: 300 },
  { x: 740, y: 300 },
];

const CASES: [string, Saved[]][] = [
  [
    'all positions missing, every role',
    [{ role: 'core', ...missing }, { role: 'distribution', ...missing }, missing, missing, { role: null!, ...missing }],
  ],
  ['equal positions', Array.from({ length: 12 }, () => ({ x: 100, y: 100 }))],
  ['positions a few units apart', Array.from({ length: 8 }, (_, i) => ({ x: i * 7, y: i * 3 }))],
  ['negative coordinates', [{ x: -500, y: -300 }, { x: -500, y: -290 }, { x: -20, y: -999 }, missing]],
  [
    'huge coordinates, either way',
    [{ x: 1_000_000, y: 1_000_000 }, { x: -1_000_000, y: 0 }, { x: 0, y: -1_000_000 }, { x: 10, y: 10 }, missing],
  ],
  ['saved positions and a switch added after the upgrade in their row', [...NORD, missing, missing]],
  ['saved positions on the places of the row layout', [{ x: -95, y: 260 }, { x: 95, y: 260 }, missing, missing, missing]],
];

describe('the topology layout', () => {
  it.each(CASES)('%s: no two nodes closer than a node, every node and link inside the canvas', (_, saved) => {
    const nodes = nodesOf(saved);
    const pos = layout(nodes);
    expect(Object.keys(pos).sort()).toEqual(nodes.map((n) => n.switchId).sort());
    const points = Object.values(pos);
    for (const [i, p] of points.entries())
      for (const q of points.slice(i + 1))
        expect(Math.abs(p.x - q.x) >= NODE_W || Math.abs(p.y - q.y) >= NODE_H, `${[p.x, p.y]} on ${[q.x, q.y]}`).toBe(true);
    const curves = curvesOf(pos, edgesOf(nodes));
    const canvas = canvasOf(pos, curves);
    for (const p of points) expect(within({ x: p.x - NODE_W / 2, y: p.y - NODE_H / 2, w: NODE_W, h: NODE_H }, canvas)).toBe(true);
    for (const curve of curves) expect(within(curveBox(curve), canvas)).toBe(true);
    // No stretch of empty canvas wider than GAP_MAX between nodes: a far position does not shrink the rest to dots.
    expect(canvas.w).toBeLessThanOrEqual(nodes.length * (NODE_W + GAP_MAX) + 200);
    expect(canvas.h).toBeLessThanOrEqual(nodes.length * (NODE_H + GAP_MAX) + 200);
  });

  it('keeps saved positions that leave every node free, as 0.20.3 saved them', () => {
    const pos = layout(nodesOf(NORD));
    expect(Object.values(pos)).toEqual(NORD.map(({ x, y }) => ({ x, y })));
  });

  it('moves the switch placed by its role, not the saved one it would lie on', () => {
    const pos = layout(nodesOf([missing, { x: 0, y: 260 }]));
    expect(pos.n1).toEqual({ x: 0, y: 260 });
    expect(Math.abs(pos.n0!.x) >= NODE_W || Math.abs(pos.n0!.y - 260) >= NODE_H).toBe(true);
  });

  it('keeps the order of far positions while closing the space between them', () => {
    const pos = layout(
      nodesOf([
        { x: -1_000_000, y: 0 },
        { x: 0, y: 0 },
        { x: 1_000_000, y: 0 },
      ]),
    );
    expect(pos.n0!.x).toBeLessThan(pos.n1!.x);
    expect(pos.n1!.x).toBeLessThan(pos.n2!.x);
    expect(pos.n2!.x - pos.n0!.x).toBe(2 * GAP_MAX);
  });

  it('puts a drawing smaller than the canvas in its middle', () => {
    const canvas = canvasOf(layout(nodesOf([{ x: 0, y: 0 }])), []);
    expect(canvas.x + canvas.w / 2).toBe(0);
    expect(canvas.y + canvas.h / 2).toBe(0);
  });

  it('grows the canvas around a link bent around a node in its way', () => {
    // n0 to n2 along the bottom row crosses n1, so the link bends below the row; n3 far above keeps the canvas tall.
    const nodes = nodesOf([
      { x: 0, y: 0 },
      { x: 200, y: 0 },
      { x: 400, y: 0 },
      { x: 0, y: -1000 },
    ]);
    const pos = layout(nodes);
    const [curve] = curvesOf(pos, [{ a: 'n0', b: 'n2' }]);
    expect(curve!.c.y).toBeGreaterThan(pos.n0!.y);
    expect(within(curveBox(curve!), canvasOf(pos, [curve!]))).toBe(true);
    expect(within(curveBox(curve!), canvasOf(pos, []))).toBe(false);
  });
});
