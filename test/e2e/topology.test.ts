// A site's topology in the browser: nodes placed by role, edges drawn by kind (LAG pair, trunk, access), a node
// dragged with the mouse and moved with the arrow keys (positions saved, still there after a reload), a click and
// Enter opening the switch, the SVG export's content, the PNG export a real PNG; the side nav's site picker;
// screenshots at 1280 and 375 px, light and dark; axe on the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { h1, axeViolations, useBrowserApp, SHOTS } from './support.ts';
import { seed, type Seeded } from './seed.ts';

let data: Seeded;
let distId: string;

type PortRec = { id: string; name: string };
type Topo = {
  nodes: { switchId: string; name: string; x: number | null; y: number | null }[];
  edges: { a: string; b: string; lagIds: string[]; trunk: boolean }[];
};

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
    // A distribution switch between core-1 and access-2: a LAG pair to the core (core 45+46, dist 1+2), an access
    // link to access-2 (dist 8 – access-2 port 1). core-1 – access-1 is the seed's trunk.
    const dist = await app.admin('POST', '/api/switches', { siteId: data.hqId, name: 'dist-1', role: 'distribution', portCount: 8 });
    distId = dist.id;
    const ports = async (id: string) => (await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${id}`)).ports;
    const [core, d, stack] = [await ports(data.coreId), await ports(distId), await ports(data.stackId)];
    const port = (list: PortRec[], name: string) => list.find((p) => p.name === name)!.id;
    await app.admin('PATCH', `/api/ports/${port(core, '45')}`, { linkedPortId: port(d, '1') });
    await app.admin('PATCH', `/api/ports/${port(core, '46')}`, { linkedPortId: port(d, '2') });
    await app.admin('PATCH', `/api/ports/${port(d, '8')}`, { linkedPortId: port(stack, '1') });
    const distLag = await app.admin('POST', `/api/switches/${distId}/lags`, { name: 'Po1', memberPortIds: [port(d, '1'), port(d, '2')] });
    await app.admin('POST', `/api/switches/${data.coreId}/lags`, {
      name: 'Po10',
      memberPortIds: [port(core, '45'), port(core, '46')],
      remoteLagId: distLag.id,
    });
  },
});

const node = (page: Page, name: string) => page.locator(`svg.topology a.topo-node[data-name="${name}"]`);
const topology = () => app.admin<Topo>('GET', `/api/sites/${data.hqId}/topology`);
const rectOf = (page: Page, name: string) =>
  node(page, name)
    .locator('rect')
    .evaluate((r) => ({ x: Number(r.getAttribute('x')), y: Number(r.getAttribute('y')) }));

describe('Topology in the browser', () => {
  it('places nodes by role and draws the LAG pair, the trunk and the access link distinctly', async () => {
    const { page, finish } = await app.openPage(`/sites/${data.hqId}/topology`, 'Topology of HQ');
    const y = async (name: string) => (await rectOf(page, name)).y;
    expect(await y('core-1')).toBeLessThan(await y('dist-1'));
    expect(await y('dist-1')).toBeLessThan(await y('access-1'));
    expect(await y('access-1')).toBe(await y('access-2'));
    const edgeKind = (a: string, b: string) =>
      page.locator(`g.topo-edge[data-a="${[a, b].sort()[0]}"][data-b="${[a, b].sort()[1]}"]`).getAttribute('class');
    expect(await edgeKind(data.coreId, distId)).toContain('topo-edge-lag');
    expect(await edgeKind(data.coreId, data.accessId)).toContain('topo-edge-trunk');
    expect(await edgeKind(distId, data.stackId)).toContain('topo-edge-access');
    // The LAG pair is a double line; the access link is dashed, the trunk solid.
    expect(await page.locator('g.topo-edge-lag :is(line, path)').count()).toBe(2);
    expect(await page.locator('g.topo-edge-access :is(line, path)').getAttribute('stroke-dasharray')).toBe('6 4');
    expect(await page.locator('g.topo-edge-trunk :is(line, path)').getAttribute('stroke-dasharray')).toBeNull();
    // The trunk from core-1 to access-1 would cross dist-1 straight down: it bends around it.
    expect(await page.locator('g.topo-edge-trunk path').count()).toBe(1);
    const legend = page.getByRole('list', { name: 'Legend' });
    for (const text of ['LAG pair', 'Trunk link', 'Access link']) await legend.getByText(text).waitFor();
    await finish();
  }, 60_000);

  it('saves a dragged node, keeps it across a reload, and opens a switch on click (not after a drag)', async () => {
    const { page, finish } = await app.openPage(`/sites/${data.hqId}/topology`, 'Topology of HQ');
    const before = await rectOf(page, 'access-2');
    const box = (await node(page, 'access-2').locator('rect').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(box.x + box.width / 2 + i * 12, box.y + box.height / 2 + i * 10);
    await page.mouse.up();
    await page.getByText('Position of access-2 saved.').waitFor({ state: 'attached' });
    // The drag did not open the switch.
    expect(new URL(page.url()).pathname).toBe(`/sites/${data.hqId}/topology`);
    const after = await rectOf(page, 'access-2');
    expect(after.x).toBeGreaterThan(before.x + 20);
    expect(after.y).toBeGreaterThan(before.y + 20);
    const saved = (await topology()).nodes.find((n) => n.name === 'access-2')!;
    expect(saved.x).toBe(Math.round(after.x + 75));
    expect(saved.y).toBe(Math.round(after.y + 27));
    // Unmoved nodes stay unplaced.
    expect((await topology()).nodes.find((n) => n.name === 'core-1')!.x).toBeNull();

    await page.reload();
    await h1(page, 'Topology of HQ');
    const reloaded = await rectOf(page, 'access-2');
    expect(reloaded.x).toBe(saved.x! - 75);
    expect(reloaded.y).toBe(saved.y! - 27);

    // A click without a drag opens the switch.
    await node(page, 'dist-1').click();
    await h1(page, 'dist-1');
    expect(new URL(page.url()).pathname).toBe(`/switches/${distId}`);
    await finish();
  }, 60_000);

  it('moves a focused node with the arrow keys, saves it, and opens it with Enter', async () => {
    const { page, finish } = await app.openPage(`/sites/${data.hqId}/topology`, 'Topology of HQ');
    const before = await rectOf(page, 'access-1');
    await node(page, 'access-1').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    await page.getByText('Position of access-1 saved.').waitFor({ state: 'attached' });
    const after = await rectOf(page, 'access-1');
    expect(after).toEqual({ x: before.x + 30, y: before.y - 50 });
    const saved = (await topology()).nodes.find((n) => n.name === 'access-1')!;
    expect({ x: saved.x, y: saved.y }).toEqual({ x: after.x + 75, y: after.y + 27 });
    await page.keyboard.press('Enter');
    await h1(page, 'access-1');
    await finish();
  }, 60_000);

  it('exports the drawing as an SVG file and as a PNG file', async () => {
    const { page, finish } = await app.openPage(`/sites/${data.hqId}/topology`, 'Topology of HQ');
    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
    expect(svgDownload.suggestedFilename()).toBe('topology-HQ.svg');
    const svg = readFileSync((await svgDownload.path())!, 'utf8');
    expect(svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('<svg');
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('<title>Topology of HQ</title>');
    for (const name of ['core-1', 'dist-1', 'access-1', 'access-2']) expect(svg).toContain(`>${name}</text>`);
    expect(svg).toContain('stroke-dasharray="6 4"');
    // Standalone: no links into the app, no classes of its stylesheet, no ids.
    expect(svg).not.toContain('href=');
    expect(svg).not.toContain('class=');
    expect(svg).not.toContain(data.coreId);
    // The file renders by itself: the browser draws it as an image.
    const drawn = await page.evaluate(
      (text) =>
        new Promise<number>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(-1);
          img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
        }),
      svg,
    );
    expect(drawn).toBeGreaterThan(100);

    const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PNG' }).click()]);
    expect(pngDownload.suggestedFilename()).toBe('topology-HQ.png');
    const png = readFileSync((await pngDownload.path())!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBeGreaterThan(400);
    expect(png.readUInt32BE(20)).toBeGreaterThan(200);
    await finish();
  }, 60_000);

  it('leads from the side nav to a site picker and from the site page to its topology', async () => {
    const { context, page, problems } = await app.signedIn('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Topology' }).click();
    await h1(page, 'Topology');
    await page.getByRole('link', { name: 'Lab' }).waitFor();
    await page.getByRole('link', { name: 'HQ' }).click();
    await h1(page, 'Topology of HQ');
    await page.goto(`${app.baseUrl}/sites/${data.hqId}`);
    await h1(page, 'HQ');
    await page.locator('.page-actions').getByRole('link', { name: 'Topology' }).click();
    await h1(page, 'Topology of HQ');
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('has screenshots at 1280 and 375 px, light and dark, and no axe violations of any impact', async () => {
    // Back to the layout by role (the tests above moved two nodes).
    await app.admin('PUT', `/api/sites/${data.hqId}/topology-layout`, { positions: { [data.accessId]: null, [data.stackId]: null } });
    const found: string[] = [];
    for (const dark of [false, true]) {
      for (const width of [1280, 375]) {
        const { context, page } = await app.signedIn(`/sites/${data.hqId}/topology`, 'admin', {
          dark,
          width,
          height: width > 400 ? 860 : 780,
          bypassCSP: true,
        });
        await h1(page, 'Topology of HQ');
        await node(page, 'core-1').focus();
        const name = `topology-${dark ? 'dark' : 'light'}-${width}`;
        await page.screenshot({ path: join(SHOTS, `${name}.png`) });
        found.push(...(await axeViolations(page, name)));
        await context.close();
      }
    }
    expect(found).toEqual([]);
  }, 120_000);
});
