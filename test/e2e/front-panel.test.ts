// The front panel keeps the switch's physical rows (issue 35): a 48-port switch of two rows draws 24 columns in one
// line and scrolls sideways inside its frame when it must; even-odd puts the even ports on top also when a block
// counts from 0; a stack member's SFP ports sit in their own cage, also on a stack grown after it was made; a
// Ubiquiti's PoE++ ports 41–48 sit in the two rows of its ports 1–40; a console port reads `con 0`; the public page
// draws a switch's four SFP+ cages in one row; the switch page printed from 1280 px puts every column of its port
// table on the paper. The port table at
// 1280 px shows every column and Edit without scrolling its own box, its port names sticky when it scrolls at
// 375 px. Screenshots front-panel-*.png and port-table-*.png at 1280 and 375 px.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { api, finishPage, h1, must, newPage, useBrowserApp, watch, SHOTS } from './support.ts';
import { seed, type Seeded } from './seed.ts';

let data: Seeded;
const ids: Record<string, string> = {};

/** A NetBox device type shaped as Ubiquiti's USW-Pro-48-PoE: Port 1–40 PoE+, Port 41–48 PoE++ (one run of 48), 4 SFP+. */
const UBIQUITI_LIKE = [
  'manufacturer: Ubiquiti',
  'model: USW-Pro-48-PoE-like',
  'interfaces:',
  ...Array.from(
    { length: 48 },
    (_, i) => `  - { name: Port ${i + 1}, type: 1000base-t, poe_mode: pse, poe_type: type${i < 40 ? '2-ieee802.3at' : '3-ieee802.3bt'} }`,
  ),
  ...[49, 50, 51, 52].map((n) => `  - { name: SFP+ ${n}, type: 10gbase-x-sfpp }`),
].join('\n');

/** A template block as the API takes it, with the defaults of the rest. */
const block = (over: Record<string, unknown>) => ({ type: 'rj45', count: 1, rows: 1, order: 'sequential', ...over });

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
    const call = (path: string, body: unknown) => must(baseUrl, adminToken, 'POST', path, body);
    const access48 = await call('/api/templates', {
      name: 'Access 48',
      units: [
        [
          block({ type: 'console', namePattern: 'con 0', startIndex: 0 }),
          block({ count: 48, rows: 2, order: 'odd-even', namePattern: 'Gi{unit}/0/{n}' }),
          block({ type: 'sfp+', count: 4, namePattern: 'Te{unit}/1/{n}' }),
        ],
      ],
    });
    const evenOnTop = await call('/api/templates', {
      name: 'Even on top from 0',
      units: [[block({ count: 12, rows: 2, order: 'even-odd', startIndex: 0, namePattern: 'ge-0/0/{n}' })]],
    });
    const site = { siteId: data.hqId };
    ids.access48 = (await call('/api/switches', { ...site, name: 'access-48', templateId: access48.id })).id;
    ids.evenOnTop = (await call('/api/switches', { ...site, name: 'edge-0', templateId: evenOnTop.id })).id;
    ids.stack = (await call('/api/switches', { ...site, name: 'stack-sfp', templateId: access48.id, stackSize: 2 })).id;
    const yaml = { token: adminToken, raw: UBIQUITI_LIKE, headers: { 'content-type': 'application/yaml' } };
    const ubiquiti = (await api(baseUrl, 'POST', '/api/templates/import', yaml)).body;
    ids.ubiquiti = (await call('/api/switches', { ...site, name: 'usw-48', templateId: ubiquiti.id })).id;
    ids.grown = (await call('/api/switches', { ...site, name: 'grown-sfp', templateId: access48.id })).id;
    ids.grownBare = (await call('/api/switches', { ...site, name: 'grown-bare', portCount: 0 })).id;
    const bare = [...Array.from({ length: 12 }, (_, i) => ['rj45', `Gi1/0/${i + 1}`]), ...[1, 2, 3, 4].map((n) => ['sfp+', `Te1/1/${n}`])];
    for (const [type, name] of bare) await call(`/api/switches/${ids.grownBare}/ports`, { type, name });
    // Both grow to a stack of two after they were made: the new member's ports come with the change.
    for (const id of [ids.grown, ids.grownBare]) await must(baseUrl, adminToken, 'PATCH', `/api/switches/${id}`, { stackSize: 2 });
  },
});

/** Opens a switch page at a width, once its panel shows. */
async function openSwitch(path: string, name: string, width: number) {
  const opened = await app.signedIn(path, 'admin', { width, height: width > 400 ? 900 : 780 });
  await h1(opened.page, name);
  await opened.page.locator('.panel .port').first().waitFor();
  // Once the template has drawn the panel (no tooltip of a port that was under the pointer at sign-in).
  await opened.page.waitForLoadState('networkidle').catch(() => undefined);
  await opened.page.mouse.move(0, 0);
  await opened.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await opened.page.waitForTimeout(200);
  return opened;
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, name: string): Promise<Box> {
  const box = await page.locator(`.panel .port[data-name="${name}"]`).boundingBox();
  if (!box) throw new Error(`no box for port ${name}`);
  return box;
}

/** Whether the page itself scrolls sideways (it must not: only the panel's frame and tables do). */
const pageOverflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('the front panel', () => {
  for (const width of [1280, 375]) {
    it(`draws a 48-port switch of two rows as 24 columns in one line at ${width} px`, async () => {
      const { page, context, problems } = await openSwitch(`/switches/${ids.access48}`, 'access-48', width);
      const odd = await Promise.all(Array.from({ length: 24 }, (_, i) => boxOf(page, `Gi1/0/${2 * i + 1}`)));
      const even = await Promise.all(Array.from({ length: 24 }, (_, i) => boxOf(page, `Gi1/0/${2 * i + 2}`)));
      expect(new Set(odd.map((b) => Math.round(b.y))).size).toBe(1);
      expect(new Set(even.map((b) => Math.round(b.y))).size).toBe(1);
      expect(even[0]!.y).toBeGreaterThan(odd[0]!.y);
      expect(new Set(odd.map((b) => Math.round(b.x))).size).toBe(24);
      for (let i = 1; i < 24; i++) expect(odd[i]!.x).toBeGreaterThan(odd[i - 1]!.x);
      expect(await pageOverflows(page)).toBe(false);
      // The console port's label is whole.
      expect(await page.locator('.panel .port[data-name="con 0"] .port-name').innerText()).toBe('con 0');
      expect(await page.locator('.port-tip').count()).toBe(0);
      await page.screenshot({ path: join(SHOTS, `front-panel-48-${width}.png`), fullPage: true });
      // The panel scrolls inside its frame to its last port.
      const scroller = page.locator('.panel-scroll').first();
      await scroller.evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
      await page.waitForTimeout(100);
      const last = await boxOf(page, 'Te1/1/4');
      expect(last.x + last.width).toBeLessThanOrEqual(width);
      await finishPage({ context, page, problems });
    }, 60_000);

    it(`puts the even ports on top for even-odd counted from 0 at ${width} px`, async () => {
      const { page, context, problems } = await openSwitch(`/switches/${ids.evenOnTop}`, 'edge-0', width);
      const zero = await boxOf(page, 'ge-0/0/0');
      const one = await boxOf(page, 'ge-0/0/1');
      const two = await boxOf(page, 'ge-0/0/2');
      expect(one.y).toBeGreaterThan(zero.y + zero.height / 2);
      expect(Math.abs(one.x - zero.x)).toBeLessThan(1);
      expect(Math.abs(two.y - zero.y)).toBeLessThan(1);
      await page.screenshot({ path: join(SHOTS, `front-panel-even-on-top-${width}.png`), fullPage: true });
      await finishPage({ context, page, problems });
    }, 60_000);

    it(`draws a Ubiquiti's PoE++ ports 41–48 in the two rows of its ports 1–40, odd on top, at ${width} px`, async () => {
      const { page, context, problems } = await openSwitch(`/switches/${ids.ubiquiti}`, 'usw-48', width);
      const [p39, p40, p41, p42] = await Promise.all([39, 40, 41, 42].map((n) => boxOf(page, `Port ${n}`)));
      expect(Math.abs(p41!.y - p39!.y)).toBeLessThan(1);
      expect(Math.abs(p42!.y - p40!.y)).toBeLessThan(1);
      expect(Math.abs(p42!.x - p41!.x)).toBeLessThan(1);
      expect(p41!.x).toBeGreaterThan(p39!.x);
      const sfp = await Promise.all([49, 50, 51, 52].map((n) => boxOf(page, `SFP+ ${n}`)));
      expect(new Set(sfp.map((b) => Math.round(b.y))).size).toBe(1);
      await page
        .locator('.panel-scroll')
        .first()
        .evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
      await page.waitForTimeout(100);
      await page.screenshot({ path: join(SHOTS, `front-panel-ubiquiti-${width}.png`), fullPage: true });
      await finishPage({ context, page, problems });
    }, 60_000);

    it.each([
      ['stack-sfp', 'made a stack'],
      ['grown-sfp', 'grown to a stack after it was made'],
      ['grown-bare', 'grown without a template'],
    ])(`keeps each member's SFP ports of %s (%s) in a cage of their own at ${width} px`, { timeout: 60_000 }, async (name) => {
      const id = { 'stack-sfp': ids.stack, 'grown-sfp': ids.grown, 'grown-bare': ids.grownBare }[name]!;
      const { page, context, problems } = await openSwitch(`/switches/${id}`, name, width);
      for (const unit of [1, 2]) {
        const cage = page.locator(`.panel-unit[data-unit="${unit}"] .panel-group`, { has: page.locator('.group-sfp') });
        expect(await cage.locator('.port').evaluateAll((ports) => ports.map((p) => (p as HTMLElement).dataset.name))).toEqual(
          [1, 2, 3, 4].map((n) => `Te${unit}/1/${n}`),
        );
        expect(await cage.locator('.port-slot').count()).toBe(0);
      }
      expect(await page.locator('.panel .port-slot').count()).toBe(0);
      expect(await pageOverflows(page)).toBe(false);
      // Scrolled to its end, the panel shows both members' cages.
      await page
        .locator('.panel-scroll')
        .first()
        .evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
      await page.waitForTimeout(100);
      await page.screenshot({ path: join(SHOTS, `front-panel-${name}-${width}.png`), fullPage: true });
      await finishPage({ context, page, problems });
    });
  }
});

describe('the public page', () => {
  for (const width of [1280, 375]) {
    it(`draws the four SFP+ cages of a switch without a template in one row, as its switch page does, at ${width} px`, async () => {
      const link = await must(app.baseUrl, app.adminToken, 'POST', `/api/switches/${data.coreId}/public-link`);
      const { context, page } = await newPage(app.browser, { width, height: width > 400 ? 900 : 780 });
      const problems = watch(page);
      await page.goto(link.url);
      await h1(page, 'core-1');
      const cages = await Promise.all(['45', '46', 'Et47', 'Et48'].map((name) => boxOf(page, name)));
      expect(new Set(cages.map((b) => Math.round(b.y))).size).toBe(1);
      for (let i = 1; i < 4; i++) expect(cages[i]!.x).toBeGreaterThan(cages[i - 1]!.x);
      await page
        .locator('.panel-scroll')
        .first()
        .evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
      await page.waitForTimeout(100);
      await page.screenshot({ path: join(SHOTS, `public-sfp-one-row-${width}.png`) });
      await finishPage({ context, page, problems });
    }, 60_000);
  }
});

describe('the port table', () => {
  it('shows every column and Edit at 1280 px without scrolling its own box', async () => {
    const { page, context, problems } = await app.signedIn(`/switches/${data.coreId}`, 'admin', { width: 1280, height: 900 });
    const switches: [string, string, string][] = [
      [data.coreId, 'core-1', 'Et48'],
      [ids.stack, 'stack-sfp', 'Te2/1/4'],
    ];
    for (const [id, name, lastPort] of switches) {
      await page.goto(`${app.baseUrl}/switches/${id}`);
      await h1(page, name);
      const wrap = page.locator('.table-wrap', { has: page.locator('table.ports') });
      await wrap.locator('tbody tr').first().waitFor();
      const sizes = await wrap.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
      expect(sizes.scroll, name).toBeLessThanOrEqual(sizes.client);
      const wrapBox = (await wrap.boundingBox())!;
      const last = page.getByRole('button', { name: `Edit port ${lastPort}`, exact: true });
      await last.scrollIntoViewIfNeeded();
      expect(await wrap.evaluate((e) => e.scrollLeft)).toBe(0);
      const box = (await last.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(Math.min(1280, wrapBox.x + wrapBox.width));
      if (name === 'core-1') {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.mouse.move(0, 0);
        await page.screenshot({ path: join(SHOTS, 'port-table-1280.png'), fullPage: true });
      }
    }
    await finishPage({ context, page, problems });
  }, 60_000);

  it('prints the switch page from 1280 px with every column of its port table on the paper, Edit and checkboxes left out', async () => {
    const { page, context, problems } = await openSwitch(`/switches/${data.coreId}`, 'core-1', 1280);
    await page.emulateMedia({ media: 'print' });
    // A4 portrait within 10 mm margins at 96 dpi: the width the printed page is laid out in.
    await page.setViewportSize({ width: 718, height: 1000 });
    await page.waitForTimeout(200);
    const wrap = page.locator('.table-wrap', { has: page.locator('table.ports') });
    const right = (await wrap.boundingBox())!.x + (await wrap.boundingBox())!.width;
    const headings = await page
      .locator('table.ports thead th')
      .evaluateAll((ths) =>
        ths
          .filter((th) => getComputedStyle(th).display !== 'none')
          .map((th) => [th.textContent, th.getBoundingClientRect().right, th.getBoundingClientRect().left] as [string, number, number]),
      );
    expect(headings.map(([text]) => text)).toEqual([
      'Port',
      'Type',
      'Description',
      'Mode',
      'Untagged VLAN',
      'Tagged',
      'Link status',
      'Link',
      'Device',
      'PoE',
      'Speed',
      'Enabled',
    ]);
    for (const [text, edge] of headings) expect(edge, text).toBeLessThanOrEqual(Math.min(718, right) + 1);
    // Side by side, none drawn over another (the port's name is sticky on screen only).
    for (let i = 1; i < headings.length; i++) expect(headings[i]![2], headings[i]![0]).toBeGreaterThanOrEqual(headings[i - 1]![1] - 1);
    await page.screenshot({ path: join(SHOTS, 'port-table-print-1280.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await finishPage({ context, page, problems });
  }, 60_000);

  it('keeps the port names in view while the table scrolls sideways at 375 px', async () => {
    const { page, context, problems } = await openSwitch(`/switches/${data.coreId}`, 'core-1', 375);
    const wrap = page.locator('.table-wrap', { has: page.locator('table.ports') });
    const name = page.locator('table.ports tbody th.port-col').first();
    expect(await name.evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
    const before = (await name.boundingBox())!;
    await wrap.evaluate((e) => e.scrollTo({ left: 300 }));
    await page.waitForTimeout(100);
    expect(await wrap.evaluate((e) => e.scrollLeft)).toBeGreaterThan(100);
    const after = (await name.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(1);
    await wrap.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'port-table-375.png') });
    await finishPage({ context, page, problems });
  }, 60_000);
});
