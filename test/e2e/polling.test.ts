// Polling in the browser (issue 37), against the real server and the recordings agent (test/discovery/snmprec-agent.ts):
// an admin adds a credential set under Settings and is refused its delete while a schedule uses it (the 409 in words);
// a switch's Polling panel sets a schedule and polls now ("Last polled just now"); the Polling page lists a switch that
// does not answer first, as failing, with why; the site page's panel. Screenshots at 1280 and 375 px.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { freeUdpPort } from '../discovery/snmpsim.ts';
import { ROOT } from '../helpers/server.ts';
import { h1, newPage, SHOTS, signIn, useBrowserApp, watch } from './support.ts';

const RECORDINGS = join(ROOT, 'test', 'discovery', 'recordings');

let agent: SimulatedAgent;
const ids = { site: '', acc: '', dark: '', set: '' };
const browserApp = useBrowserApp({
  env: { DISCOVERY_TIMEOUT_MS: '5000' },
  setup: async () => {
    agent = await startSnmprecAgent(RECORDINGS);
    ids.site = (await admin('POST', '/api/sites', { name: 'HQ' })).id;
    for (const name of ['acc', 'dark'] as const)
      ids[name] = (await admin('POST', '/api/switches', { siteId: ids.site, name: `${name}-1` })).id;
  },
});
const admin = <T = any>(method: string, path: string, body?: unknown) => browserApp.admin<T>(method, path, body);
afterAll(() => agent?.stop());

const shot = async (page: Page, name: string) => {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, `polling-${name}.png`) });
};

describe('polling in the browser', () => {
  it('adds a credential set, sets a switch polling with it and polls now; a set in use is not deleted', async () => {
    const { context, page } = await newPage(browserApp.browser);
    const problems = watch(page);
    await signIn(page, browserApp.baseUrl, '/settings/credentials');
    await h1(page, 'Credential sets');
    await page.getByLabel('Name').fill('Aruba RO');
    await page.getByLabel('Community').fill('aruba_2930f');
    await page.getByLabel('Allowed hosts').fill('127.0.0.1/33');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => page.locator('.field.has-error .field-error').textContent()).toMatch(/must be an IP address, a network/);
    await page.getByLabel('Allowed hosts').fill('127.0.0.0/8\n::1');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => page.locator('table.data tbody tr').count()).toBe(1);
    expect(await page.locator('table.data').textContent()).not.toContain('aruba_2930f');
    expect(await page.locator('table.data').textContent()).toContain('127.0.0.0/8, ::1/128');
    ids.set = (await admin('GET', '/api/credentials')).items[0].id;
    await shot(page, 'credentials-1280');

    await page.goto(`${browserApp.baseUrl}/switches/${ids.acc}?tab=details`);
    const panel = page.locator('section.polling-panel');
    await panel.getByLabel('Every (minutes)').fill('5');
    await panel.getByLabel('Host').fill(`127.0.0.1:${agent.port}`);
    await panel.getByLabel('Credential set').selectOption({ label: 'Aruba RO' });
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByRole('button', { name: 'Poll now' }).click();
    await expect.poll(() => panel.locator('.poll-state').textContent(), { timeout: 15_000 }).toMatch(/OK\s*Last polled just now/);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'switch-panel-1280');

    await page.goto(`${browserApp.baseUrl}/settings/credentials`);
    await page.getByRole('button', { name: 'Delete Aruba RO' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.locator('.toast').first().textContent()).toMatch(/used by the polling of these switches: acc-1\./);
    await shot(page, 'credentials-in-use-1280');
    expect(problems.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await context.close();
  }, 60_000);

  it('lists a switch that does not answer first on the Polling page, failing with why, at 1280 and 375 px', async () => {
    const schedule = (host: string) => ({ enabled: true, intervalMinutes: 5, host, credentialId: ids.set });
    await admin('PUT', `/api/switches/${ids.dark}/polling`, schedule(`127.0.0.1:${await freeUdpPort()}`));
    await admin('POST', `/api/switches/${ids.dark}/polling/run`);
    await admin('PUT', `/api/sites/${ids.site}/polling`, { enabled: false, intervalMinutes: 60, credentialId: ids.set });
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browserApp.browser, { width });
      const problems = watch(page);
      await signIn(page, browserApp.baseUrl, '/polling');
      await h1(page, 'Polling');
      const rows = page.locator('table.data tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toMatch(/dark-1.*Failing.*not read within/);
      expect(await rows.nth(1).textContent()).toMatch(/acc-1.*OK/);
      await shot(page, `status-${width}`);
      await page.goto(`${browserApp.baseUrl}/sites/${ids.site}`);
      await h1(page, 'HQ');
      await page.locator('section.polling-panel').scrollIntoViewIfNeeded();
      expect(await page.locator('section.polling-panel select[name="enabled"]').inputValue()).toBe('false');
      if (width === 375) await shot(page, 'site-panel-375');
      expect(problems.errors).toEqual([]);
      await context.close();
    }
  }, 60_000);
});
