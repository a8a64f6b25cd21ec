// Issue 35: the top bar's search finds a port by the usual spellings of its name: "acc-sw-01 Gi1/0/5" finds the port
// documented as GigabitEthernet1/0/5, and a bare "Gi1/0/5" finds it on every switch, also where it is named as TP-Link
// names it, "gigabitEthernet 1/0/5". Screenshots search-port-spellings-*.png at 1280 and 375 px.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOTS, useBrowserApp } from './support.ts';

const ids: Record<string, string> = {};

const app = useBrowserApp({
  setup: async () => {
    const siteId = (await app.admin('POST', '/api/sites', { name: 'Plant' })).id;
    ids.acc = (await app.admin('POST', '/api/switches', { siteId, name: 'acc-sw-01' })).id;
    ids.dist = (await app.admin('POST', '/api/switches', { siteId, name: 'dist-01' })).id;
    for (const name of ['GigabitEthernet1/0/4', 'GigabitEthernet1/0/5', 'GigabitEthernet1/0/6']) {
      const port = await app.admin('POST', `/api/switches/${ids.acc}/ports`, { name, description: `desk ${name.slice(-1)}` });
      ids[name] = port.id;
    }
    await app.admin('POST', `/api/switches/${ids.dist}/ports`, { name: 'Gi1/0/5', description: 'uplink' });
  },
});

describe('the global search and the spellings of a port name', () => {
  it('finds GigabitEthernet1/0/5 by "acc-sw-01 Gi1/0/5" and opens it on its switch', async () => {
    const { context, page, problems } = await app.signedIn('/');
    const box = page.getByRole('combobox', { name: /Search/ });
    await box.fill('acc-sw-01 Gi1/0/5');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option').filter({ hasText: 'acc-sw-01 / GigabitEthernet1/0/5' }).waitFor();
    expect(await results.locator('.result-name').allInnerTexts()).toEqual(['acc-sw-01 / GigabitEthernet1/0/5']);
    await page.screenshot({ path: join(SHOTS, 'search-port-spellings-1280.png') });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/switches/${ids.acc}`);
    expect(new URL(page.url()).searchParams.get('port')).toBe(ids['GigabitEthernet1/0/5']);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('finds a bare Gi1/0/5 on every switch at 375 px', async () => {
    const { context, page, problems } = await app.signedIn('/', 'admin', { width: 375, height: 740 });
    await page.getByRole('combobox', { name: /Search/ }).fill('Gi1/0/5');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option').filter({ hasText: 'dist-01 / Gi1/0/5' }).waitFor();
    expect(await results.locator('.result-name').allInnerTexts()).toEqual(['acc-sw-01 / GigabitEthernet1/0/5', 'dist-01 / Gi1/0/5']);
    await page.screenshot({ path: join(SHOTS, 'search-port-spellings-375.png') });
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('finds a port named as TP-Link names it, "gigabitEthernet 1/0/5", by "Gi1/0/5" and with its switch', async () => {
    const { siteId } = await app.admin('GET', `/api/switches/${ids.dist}`);
    const tplink = await app.admin('POST', '/api/switches', { siteId, name: 'tl-sw-01' });
    await app.admin('POST', `/api/switches/${tplink.id}/ports`, { name: 'gigabitEthernet 1/0/5' });
    const { context, page, problems } = await app.signedIn('/', 'admin', { width: 375, height: 740 });
    const box = page.getByRole('combobox', { name: /Search/ });
    const results = page.getByRole('listbox', { name: 'Search results' });
    await box.fill('Gi1/0/5');
    await results.getByRole('option').filter({ hasText: 'tl-sw-01 / gigabitEthernet 1/0/5' }).waitFor();
    await box.fill('tl-sw-01 Gi1/0/5');
    await expect.poll(() => results.locator('.result-name').allInnerTexts()).toEqual(['tl-sw-01 / gigabitEthernet 1/0/5']);
    await page.screenshot({ path: join(SHOTS, 'search-port-spellings-tp-link-375.png') });
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
