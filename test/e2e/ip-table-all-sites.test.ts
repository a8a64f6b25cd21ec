// Issue 35: the IP addresses page opens on all sites, each row with its site, its network and its port linked, so
// that rows of different sites are told apart; choosing a site narrows it. In English and German, at 1280 and
// 375 px: screenshots ip-table-all-sites-<language>-<width>.png.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, SHOTS, submitSignIn, TEST_PASSWORD, useBrowserApp, watch } from './support.ts';
import { seed } from './seed.ts';

let labId: string;

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    await seed(baseUrl, adminToken);
    labId = (await app.admin('GET', '/api/sites?q=Lab')).items[0].id;
    const labNet = (await app.admin('GET', `/api/networks?siteId=${labId}`)).items[0];
    const labSwitch = (await app.admin('GET', `/api/switches?siteId=${labId}`)).items[0];
    const port = (await app.admin('GET', `/api/switches/${labSwitch.id}`)).ports[0];
    await app.admin('POST', `/api/networks/${labNet.id}/addresses`, { address: '10.9.10.5', hostname: 'lab-printer', portId: port.id });
    await app.admin('POST', '/api/users', { username: 'anna', password: TEST_PASSWORD, role: 'admin', language: 'de' });
  },
});

/** The words the test looks for in each language. */
const WORDS = {
  en: { username: 'admin', signOut: 'Sign out', title: 'IP addresses', site: 'Site', allSites: 'All sites' },
  de: { username: 'anna', signOut: 'Abmelden', title: 'IP-Adressen', site: 'Standort', allSites: 'Alle Standorte' },
};

/** The IP addresses page, signed in through the form as the user of `language`. */
async function ipTable(language: keyof typeof WORDS) {
  const { context, page } = await newPage(app.browser);
  const problems = watch(page);
  await page.goto(`${app.baseUrl}/addresses`);
  await submitSignIn(page, WORDS[language].username);
  await page.getByRole('button', { name: WORDS[language].signOut }).waitFor();
  await page.getByRole('heading', { name: WORDS[language].title, level: 1 }).waitFor();
  return { context, page, problems };
}

const rowOf = (page: Page, hostname: string) => page.getByRole('row').filter({ hasText: hostname });

describe('the IP addresses page', () => {
  it.each(['en', 'de'] as const)(
    'opens on all sites, each row with its site, network and port (%s)',
    async (language) => {
      const { context, page, problems } = await ipTable(language);
      const words = WORDS[language];
      expect(await page.getByLabel(words.site, { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel(words.site, { exact: true }).locator('option:checked').innerText()).toBe(words.allSites);
      const hq = rowOf(page, 'printer-2f');
      await hq.getByRole('link', { name: 'HQ', exact: true }).waitFor();
      await hq.getByRole('link', { name: '10.0.10.0/24 Users' }).waitFor();
      await hq.getByRole('link', { name: 'core-1 / 3' }).waitFor();
      const lab = rowOf(page, 'lab-printer');
      await lab.getByRole('link', { name: 'Lab', exact: true }).waitFor();
      await lab.getByRole('link', { name: '10.9.10.0/24 Lab users' }).waitFor();
      await lab.getByRole('link', { name: 'lab-sw / 1' }).waitFor();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await lab.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `ip-table-all-sites-${language}-${width}.png`), fullPage: width === 375 });
      }
      expect(problems.errors).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it('narrows to the site chosen, without the site column', async () => {
    const { context, page, problems } = await ipTable('en');
    await rowOf(page, 'printer-2f').waitFor();
    await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Lab' });
    await page.waitForURL(new RegExp(`siteId=${labId}`));
    await expect.poll(() => page.locator('table.data tbody tr').count()).toBe(1);
    await rowOf(page, 'lab-printer').getByRole('link', { name: 'lab-sw / 1' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Site' }).count()).toBe(0);
    await page.getByLabel('Site', { exact: true }).selectOption({ label: 'All sites' });
    await rowOf(page, 'printer-2f').waitFor();
    expect(new URL(page.url()).searchParams.has('siteId')).toBe(false);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
