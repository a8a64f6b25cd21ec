// The topology after an upgrade (issue 35): a copy of the real 0.20.3 data directory (../shared/fixtures/ezswm-0.20.3)
// migrated at the server's first start, then what an admin does in the first hour: a new access switch in the site
// whose switches 0.20.3 placed (it has no position: its row's place is where acc-bib was saved), and a link between
// the two ends of the access row (its straight line crosses two switches, so it bends). Each site's topology at 1280
// and 375 px: no two switches' boxes overlap on the page, and every link stays inside the drawing's viewBox; a switch
// dropped on another moves aside, and is saved where it is drawn.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeNeeding } from '../helpers/needs.ts';
import { api, type TestServer } from '../helpers/server.ts';
import {
  finishPage,
  h1,
  LEGACY_ADMIN as ADMIN,
  LEGACY_FIXTURE_NEEDS as NEED,
  newPage,
  signIn,
  SHOTS,
  startMigratedFixture,
  watch,
} from './support.ts';

type Box = { x: number; y: number; width: number; height: number };
type Drawing = { viewBox: Box; nodes: (Box & { name: string })[]; edges: (Box & { ends: string })[] };

let server: TestServer;
let browser: Browser;
let sites: { id: string; name: string }[];

/** What the page draws: the SVG's viewBox, each node's box on the page, and each link's extent in SVG units. */
function drawingOf(page: Page): Promise<Drawing> {
  return page.locator('svg.topology').evaluate((svg: SVGSVGElement) => {
    const vb = svg.viewBox.baseVal;
    const box = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
    return {
      viewBox: { x: vb.x, y: vb.y, width: vb.width, height: vb.height },
      nodes: [...svg.querySelectorAll('a.topo-node')].map((a) => ({
        name: a.getAttribute('data-name') ?? '',
        ...box(a.querySelector('rect')!.getBoundingClientRect()),
      })),
      edges: [...svg.querySelectorAll<SVGGElement>('g.topo-edge')].map((g) => ({
        ends: `${g.dataset.a} – ${g.dataset.b}`,
        ...box(g.querySelector<SVGGraphicsElement>('.topo-line')!.getBBox() as unknown as DOMRect),
      })),
    };
  });
}

/** A site's name as part of a file name: `Campus Süd` → `campus-sud`. */
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\W+/g, '-')
    .toLowerCase();
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

type Port = { id: string; name: string; type: string; linkedPortId: string | null; lagId: string | null };

/** A new access switch in Hauptcampus Nord, and a link from acc-bib to stk-verw on a free port of each. */
async function firstHour(token: string): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await api(server.baseUrl, method, path, { token, body });
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
    return answer.body;
  };
  const switches: { id: string; name: string; siteId: string }[] = (await call('GET', '/api/switches?limit=500')).items;
  const named = (name: string) => switches.find((sw) => sw.name === name)!;
  await call('POST', '/api/switches', { siteId: named('acc-bib').siteId, name: 'acc-neu', role: 'access', portCount: 4 });
  const freePort = async (name: string) => {
    const ports: Port[] = (await call('GET', `/api/switches/${named(name).id}`)).ports;
    return ports.find((p) => p.type === 'rj45' && p.linkedPortId === null && p.lagId === null)!;
  };
  await call('PATCH', `/api/ports/${(await freePort('acc-bib')).id}`, { linkedPortId: (await freePort('stk-verw')).id });
}

describeNeeding(NEED, 'the topology of a migrated 0.20.3 data directory', () => {
  beforeAll(async () => {
    let token: string;
    ({ server, browser, token } = await startMigratedFixture());
    const list = await api(server.baseUrl, 'GET', '/api/sites?sort=name', { token });
    sites = list.body.items;
    await firstHour(token);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws no switch on another and no link off the canvas, at 1280 and 375 px', { timeout: 120_000 }, async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, { width, height: width > 400 ? 860 : 780 });
      const problems = watch(page);
      await signIn(page, server.baseUrl, '/', ADMIN.username, ADMIN.password);
      for (const site of sites) {
        await page.goto(`${server.baseUrl}/sites/${site.id}/topology`);
        await h1(page, `Topology of ${site.name}`);
        const drawing = await drawingOf(page);
        await page.screenshot({ path: join(SHOTS, `topology-upgrade-${slug(site.name)}-${width}.png`) });
        for (const [i, a] of drawing.nodes.entries())
          for (const b of drawing.nodes.slice(i + 1)) expect(overlaps(a, b), `${site.name}: ${a.name} on ${b.name}`).toBe(false);
        for (const edge of drawing.edges) expect(inside(edge, drawing.viewBox), `${site.name}: ${edge.ends}`).toBe(true);
      }
      await finishPage({ context, page, problems });
    }
  });

  it('moves a switch dropped on another aside, and saves where it is drawn', { timeout: 60_000 }, async () => {
    const nord = sites.find((site) => site.name === 'Hauptcampus Nord')!;
    const { context, page } = await newPage(browser);
    const problems = watch(page);
    await signIn(page, server.baseUrl, `/sites/${nord.id}/topology`, ADMIN.username, ADMIN.password);
    await h1(page, 'Topology of Hauptcampus Nord');
    const boxOf = async (name: string) => (await drawingOf(page)).nodes.find((n) => n.name === name)!;
    const [from, onto] = [await boxOf('acc-neu'), await boxOf('acc-hs2')];
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) {
      const k = i / 5;
      await page.mouse.move(from.x + (onto.x - from.x) * k + from.width / 2, from.y + (onto.y - from.y) * k + from.height / 2);
    }
    await page.mouse.up();
    await page.getByText('Position of acc-neu saved.').waitFor({ state: 'attached' });
    const drawing = await drawingOf(page);
    for (const [i, a] of drawing.nodes.entries())
      for (const b of drawing.nodes.slice(i + 1)) expect(overlaps(a, b), `${a.name} on ${b.name}`).toBe(false);
    const drawn = await page
      .locator('a.topo-node[data-name="acc-neu"] rect')
      .evaluate((r) => ({ x: Number(r.getAttribute('x')) + 75, y: Number(r.getAttribute('y')) + 27 }));
    const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: ADMIN });
    const topology = await api(server.baseUrl, 'GET', `/api/sites/${nord.id}/topology`, { token: login.body.token });
    const saved = topology.body.nodes.find((n: { name: string }) => n.name === 'acc-neu');
    expect({ x: saved.x, y: saved.y }).toEqual({ x: Math.round(drawn.x), y: Math.round(drawn.y) });
    await finishPage({ context, page, problems });
  });
});
