// Screenshots of the main pages (light and dark, 1280 and 375 px wide) into docs/screenshots/, and an
// axe-core check of the same pages with no violation of any impact.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeLine, h1, newPage, runAxe, useBrowserApp, SHOTS } from './support.ts';
import { seed, type Seeded } from './seed.ts';

let data: Seeded;

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
  },
});

type Shot = { name: string; path: string; ready: (page: Page) => Promise<unknown> };

/** Ready once the title reads `title` and, if given, the first element that `selector` finds is there. */
const shows =
  (title: string, selector?: string) =>
  async (page: Page): Promise<void> => {
    await h1(page, title);
    if (selector) await page.locator(selector).first().waitFor();
  };

function pages(): Shot[] {
  const rows = 'table.data tbody tr';
  return [
    { name: 'dashboard', path: '/', ready: shows('Dashboard', '.entry') },
    { name: 'sites', path: '/sites', ready: shows('Sites', rows) },
    { name: 'site', path: `/sites/${data.hqId}`, ready: shows('HQ', 'table.matrix') },
    { name: 'switches', path: '/switches', ready: shows('Switches', rows) },
    { name: 'switch', path: `/switches/${data.coreId}`, ready: shows('core-1', '.panel .port') },
    { name: 'switch-stack', path: `/switches/${data.stackId}`, ready: shows('access-2', '.panel-unit + .panel-unit .port') },
    { name: 'vlans', path: '/vlans', ready: shows('VLANs', rows) },
    { name: 'vlan', path: `/vlans/${data.usersVlanId}`, ready: shows('VLAN 10 Users', 'table.vlan-ports .port-links a') },
    { name: 'networks', path: '/networks', ready: shows('Networks', 'table.networks tr.group-row') },
    { name: 'network', path: `/networks/${data.usersNetId}`, ready: shows('Users', '.util-range') },
    { name: 'ip-table', path: `/addresses?siteId=${data.hqId}`, ready: shows('IP addresses', rows) },
    { name: 'subnet', path: '/tools/subnet?cidr=10.0.10.0/24&split=26', ready: shows('Subnet calculator', '.subnet-split li') },
    { name: 'activity', path: '/activity', ready: shows('Activity', '.entry') },
    { name: 'settings-data', path: '/settings/data', ready: shows('Data') },
  ];
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(250);
}

describe('main pages', () => {
  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const theme = dark ? 'dark' : 'light';
      it(`are captured in ${theme} at ${width} px`, async () => {
        const { context, page, problems } = await app.signedIn('/', 'admin', { width, height: width > 400 ? 860 : 780, dark });
        for (const p of pages()) {
          await page.goto(app.baseUrl + p.path);
          await p.ready(page);
          await settle(page);
          // Nothing may stick out sideways at the narrow width: tables scroll inside their cards.
          if (width < 400) {
            const wide = await page.evaluate(
              (w) =>
                [...document.querySelectorAll('body *')]
                  .filter((e) => e.getBoundingClientRect().right > w + 1 && !e.closest('.table-wrap'))
                  .slice(0, 5)
                  .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
              width,
            );
            expect(await page.evaluate(() => document.documentElement.scrollWidth), `${p.name}: ${wide.join(', ')}`).toBeLessThanOrEqual(
              width,
            );
          }
          await page.screenshot({ path: join(SHOTS, `${p.name}-${theme}-${width}.png`), fullPage: true });
        }
        // The sign-in page too.
        const fresh = await newPage(app.browser, { width, height: 700, dark });
        await fresh.page.goto(`${app.baseUrl}/settings/account`);
        await fresh.page.getByRole('heading', { name: 'Sign in' }).waitFor();
        await fresh.page.screenshot({ path: join(SHOTS, `sign-in-${theme}-${width}.png`) });
        await fresh.context.close();
        expect(problems.errors).toEqual([]);
        await context.close();
      }, 120_000);
    }
  }

  // Every page in two schemes takes axe ~60 s on a quiet machine of two cores, and over 160 s beside other work.
  it('have no axe-core violations of any impact, light and dark', async () => {
    const found: string[] = [];
    let checked = 0;
    for (const dark of [false, true]) {
      // Injecting axe needs the CSP bypassed; this context is for the accessibility check only.
      const { context, page } = await app.signedIn('/', 'admin', { dark, bypassCSP: true });
      const all = [
        ...pages(),
        {
          name: 'switch-selected',
          path: `/switches/${data.coreId}`,
          ready: async (pg: Page) => {
            await pg.locator('.panel .port[data-name="1"]').click();
            await pg.locator('.panel .port[data-name="6"]').click({ modifiers: ['Shift'] });
            await pg.getByRole('form', { name: 'Change selected ports' }).waitFor();
          },
        },
        {
          name: 'port-panel',
          path: `/switches/${data.coreId}`,
          ready: async (pg: Page) => {
            await pg.getByRole('button', { name: 'Edit port Et48', exact: true }).click();
            await pg.getByRole('dialog', { name: 'Port Et48' }).getByRole('button', { name: 'Save', exact: true }).waitFor();
          },
        },
        { name: 'settings-users', path: '/settings/users', ready: (pg: Page) => pg.locator('table.data tbody tr').first().waitFor() },
        { name: 'settings-tokens', path: '/settings/tokens', ready: shows('API tokens') },
        { name: 'settings-account', path: '/settings/account', ready: shows('Account') },
      ];
      for (const p of all) {
        await page.goto(app.baseUrl + p.path);
        await p.ready(page);
        await settle(page);
        const r = await runAxe(page);
        expect(r.passes, `axe ran on ${p.name}`).toBeGreaterThan(10);
        checked++;
        // The first five elements of each violation.
        const list = r.violations.map((v) => ({ ...v, targets: v.targets.slice(0, 5) }));
        found.push(...list.map((v) => axeLine(`${p.name} (${dark ? 'dark' : 'light'})`, v)));
      }
      await context.close();
    }
    expect(checked).toBe(2 * (pages().length + 5));
    expect(found).toEqual([]);
  }, 300_000);
});

describe('the port editor in its side panel', () => {
  for (const dark of [false, true]) {
    for (const [width, height] of [
      [1280, 800],
      [375, 700],
    ]) {
      const theme = dark ? 'dark' : 'light';
      it(`fits at ${width} px (${theme}): Save in view, nothing cut off, no sideways scroll`, async () => {
        const { context, page, problems } = await app.signedIn(`/switches/${data.coreId}`, 'admin', { width, height, dark });
        await h1(page, 'core-1');
        await page.getByRole('button', { name: 'Edit port Et48', exact: true }).click();
        const panel = page.getByRole('dialog', { name: 'Port Et48' });
        const save = panel.getByRole('button', { name: 'Save', exact: true });
        await save.waitFor();
        await settle(page);
        // The trunk's tagged VLANs are in the picker, by number and name.
        expect(await panel.getByLabel('Tagged VLANs', { exact: true }).inputValue()).toBe('10,20,30,40');
        const inView = async (name: string) => {
          const box = await panel.getByRole('button', { name, exact: true }).boundingBox();
          expect(box, name).not.toBeNull();
          expect(box!.y + box!.height, `${name} above the bottom edge`).toBeLessThanOrEqual(height);
          expect(box!.x, `${name} right of the left edge`).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, `${name} left of the right edge`).toBeLessThanOrEqual(width);
        };
        for (const name of ['Save', 'Cancel', 'Delete port']) await inView(name);
        const sizes = await page.evaluate(() => {
          const d = document.querySelector('dialog.side-panel') as HTMLElement;
          const r = d.getBoundingClientRect();
          const out = [...d.querySelectorAll('input, select, button, label, legend, h2')]
            .filter((e) => {
              const b = e.getBoundingClientRect();
              return b.width > 0 && (b.right > r.right + 1 || b.left < r.left - 1);
            })
            .map((e) => `${e.tagName.toLowerCase()} ${(e as HTMLElement).innerText || (e as HTMLInputElement).name || ''}`);
          return {
            scroll: document.documentElement.scrollWidth,
            panelScroll: d.scrollWidth - d.clientWidth,
            out,
            left: r.left,
            right: r.right,
          };
        });
        expect(sizes.scroll).toBeLessThanOrEqual(width);
        expect(sizes.panelScroll).toBe(0);
        expect(sizes.out).toEqual([]);
        expect(sizes.right).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(SHOTS, `port-panel-${theme}-${width}.png`) });
        // Scrolled to its end, the footer is still where it was.
        await panel.locator('.side-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await inView('Save');
        await page.screenshot({ path: join(SHOTS, `port-panel-end-${theme}-${width}.png`) });
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
        expect(problems.errors).toEqual([]);
        await context.close();
      }, 60_000);
    }
  }
});
