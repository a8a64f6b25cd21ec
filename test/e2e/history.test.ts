// The history of what discoveries saw, in the browser: a switch discovered from the Aruba recording and twice more as
// it looks later (test/discovery/recordings-later.ts: the laptop moved from port 7 to port 6, ports 5 and 7 went
// down). Port 7's dialog shows its link going down and the laptop's stay; search shows where the laptop is now and
// where it was before, from when to when; the free-ports report of the switch (a tab) and of the site (a card) with a
// CSV download, for 30 days (port 4, never up) and for 0 (ports 4, 5 and 7); and the report in German. Screenshots at 1280 and 375 px.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LAPTOP, recordingsWithLater } from '../discovery/recordings-later.ts';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { h1, newPage, SHOTS, submitSignIn, TEST_PASSWORD, useBrowserApp, watch } from './support.ts';

let agent: SimulatedAgent;
const ids = { site: '', sw: '' };

const app = useBrowserApp({
  setup: async ({ baseUrl }) => {
    agent = await startSnmprecAgent(recordingsWithLater({ port7Down: true }));
    const admin = app.admin;
    ids.site = (await admin('POST', '/api/sites', { name: 'Campus' })).id;
    const discover = (community: string, body: object = { switchId: ids.sw }) =>
      admin('POST', '/api/discovery', { siteId: ids.site, host: `127.0.0.1:${agent.port}`, snmp: { version: '2c', community }, ...body });
    const first = await discover('aruba_2930f', {});
    const keys = first.proposal.map((item: { key: string }) => item.key);
    ids.sw = (await admin('POST', `/api/discovery/${first.id}/apply`, { keys })).switchId;
    await discover('aruba_later');
    await discover('aruba_later');
    await admin('POST', '/api/users', { username: 'anna', password: TEST_PASSWORD, role: 'admin', language: 'de' });
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
  },
});

afterAll(async () => {
  await agent?.stop();
});

const shot = async (page: Page, name: string) => {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, `history-${name}.png`) });
};

describe('the history in the browser', () => {
  it("shows a port's observed link change and the devices seen on it in its history dialog", async () => {
    const opened = await app.openPage(`/switches/${ids.sw}`, 'acc-2930f-1');
    const { page } = opened;
    await page.getByRole('button', { name: '7 history', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History of port 7 on acc-2930f-1' });
    await dialog.getByRole('heading', { name: 'Seen on the switch' }).waitFor();
    expect(await dialog.locator('.observed-change').allInnerTexts()).toEqual([expect.stringMatching(/Link went down$/)]);
    const table = dialog.getByRole('table', { name: 'MAC addresses discoveries saw on port 7' });
    expect(await table.locator('tbody td').first().innerText()).toBe(LAPTOP);
    await shot(page, 'port-1280');
    await opened.finish();
  });

  it('answers a search for a MAC with where it is now and where it was seen before', async () => {
    const opened = await app.openPage('/', 'Dashboard');
    const { page } = opened;
    await page.getByRole('combobox').first().fill('3c52.8200.0007');
    const before = page.getByText(/seen on acc-2930f-1 \/ 7 from .* to /);
    await before.waitFor();
    await page.getByText(/seen on acc-2930f-1 \/ 6, /).waitFor();
    await shot(page, 'search-1280');
    await opened.finish();
  });

  it.each([1280, 375])('lists the free ports of the switch and of the site with a CSV download at %i px', async (width) => {
    const signed = await app.signedIn(`/switches/${ids.sw}?tab=free`, 'admin', { width });
    const { page } = signed;
    await h1(page, 'acc-2930f-1');
    const table = page.getByRole('table', { name: 'Free ports of acc-2930f-1' });
    await table.waitFor();
    const portsListed = () => table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.children[0]?.textContent?.trim()));
    // Port 4 was never up; 5 and 7 went down minutes ago.
    expect(await portsListed()).toEqual(['4']);
    const csv = page.getByRole('link', { name: 'Download CSV' });
    expect(await csv.getAttribute('href')).toMatch(/\/api\/switches\/.+\/free-ports\?unusedDays=30&format=csv$/);
    await page.getByLabel('Unused for at least (days)').fill('0');
    await expect.poll(portsListed).toEqual(['4', '5', '7']);
    expect(await csv.getAttribute('href')).toMatch(/unusedDays=0&format=csv$/);
    await shot(page, `switch-${width}`);
    await page.goto(`${app.baseUrl}/sites/${ids.site}`);
    const site = page.getByRole('table', { name: 'Free ports of Campus' });
    await site.waitFor();
    expect(await site.locator('tbody tr').count()).toBe(1);
    await site.scrollIntoViewIfNeeded();
    await shot(page, `site-${width}`);
    expect(signed.problems.errors).toEqual([]);
    await signed.context.close();
  });

  it('words the report in German', async () => {
    const { context, page } = await newPage(app.browser);
    const problems = watch(page);
    await page.goto(`${app.baseUrl}/switches/${ids.sw}?tab=free`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await submitSignIn(page, 'anna');
    await page.getByRole('table', { name: 'Freie Ports von acc-2930f-1' }).waitFor();
    await page.getByLabel('Mindestens unbenutzt (Tage)').waitFor();
    await shot(page, 'switch-de-1280');
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
