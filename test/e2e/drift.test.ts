// Drift in the browser (docs/DISCOVERY.md, "Drift"), against the real server and a copy of the Aruba recording served
// by the recordings agent (test/discovery/snmprec-agent.ts): the switch documented from a first discovery, its
// recording changed (a VLAN renamed, an access port moved, a description, an LLDP neighbour) and discovered again. The
// site's findings show the four drift findings with Adopt and Acknowledge; Adopt writes one into the documentation and
// the finding goes, Acknowledge with a note and a date hides another; the switch's page shows its drift count; a
// German user sees all of it in German; a port pulled from the switch is a finding with Acknowledge only. Screenshots
// drift-*.png at 1280 and 375 px; axe on the findings.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { ARUBA_RECORDING, driftedRecording, portsChangedRecording } from '../fixtures/drifted-recording.ts';
import { axeViolations, finishPage, h1, newPage, SHOTS, TEST_PASSWORD, useBrowserApp, watch } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'drift-e2e-'));
let agent: SimulatedAgent | undefined;
const ids = { site: '', switch: '' };
const snmp = { version: '2c', community: 'aruba_2930f' };

const app = useBrowserApp({
  setup: async () => {
    copyFileSync(ARUBA_RECORDING, join(dir, 'aruba_2930f.snmprec'));
    agent = await startSnmprecAgent(dir);
    ids.site = (await app.admin('POST', '/api/sites', { name: 'HQ' })).id;
    const core = await app.admin('POST', '/api/switches', { siteId: ids.site, name: 'core-1', portCount: 0 });
    for (const name of ['1/1/1', '1/1/2', '1/1/3'])
      await app.admin('POST', `/api/switches/${core.id}/ports`, { name, type: 'sfp+', mode: 'trunk' });
    const first = await app.admin('POST', '/api/discovery', { siteId: ids.site, host: `127.0.0.1:${agent.port}`, snmp });
    const keys = first.proposal.map((item: { key: string }) => item.key);
    ids.switch = (await app.admin('POST', `/api/discovery/${first.id}/apply`, { keys })).switchId;
    writeFileSync(join(dir, 'aruba_2930f.snmprec'), driftedRecording(), 'latin1');
    await agent.stop();
    agent = await startSnmprecAgent(dir);
    await app.admin('POST', '/api/discovery', { siteId: ids.site, switchId: ids.switch, host: `127.0.0.1:${agent.port}`, snmp });
    await app.admin('POST', '/api/users', { username: 'anna', password: TEST_PASSWORD, role: 'editor', language: 'de' });
  },
});

afterAll(async () => {
  await agent?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const driftItems = (page: Page) =>
  page
    .locator('#site-findings')
    .locator('..')
    .locator('li.finding', { has: page.locator('.drift-actions') });
const findingWith = (page: Page, text: string) => driftItems(page).filter({ hasText: text });

/** Whether the page is no wider than its viewport. */
async function fitsWidth(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe('drift in the browser', () => {
  it("shows a site's drift findings with Adopt and Acknowledge; adopting one writes it and the finding goes", async () => {
    // axe-core is injected as a script: this page bypasses the CSP.
    const opened = await app.signedIn(`/sites/${ids.site}`, 'admin', { bypassCSP: true });
    const { page } = opened;
    await h1(page, 'HQ');
    await findingWith(page, 'VLAN 20 is named "phones"').waitFor();
    expect(await driftItems(page).count()).toBe(4);
    await findingWith(page, 'Port 7 of switch').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'drift-findings-1280.png') });
    expect(await axeViolations(page, 'the drift findings')).toEqual([]);

    await findingWith(page, 'Port 7 of switch').getByRole('button', { name: 'Adopt' }).click();
    await page.getByText('Adopted into the documentation of acc-2930f-1.').waitFor();
    await findingWith(page, 'Port 7 of switch').waitFor({ state: 'detached' });
    expect(await driftItems(page).count()).toBe(3);
    const port7 = (await app.admin('GET', `/api/switches/${ids.switch}`)).ports.find((p: { name: string }) => p.name === '7');
    const vlans = (await app.admin('GET', `/api/vlans?siteId=${ids.site}`)).items as { id: string; vid: number }[];
    expect(vlans.find((v) => v.id === port7.untaggedVlanId)?.vid).toBe(10);
    await finishPage(opened);
  });

  it('acknowledges a finding with a note and a date: it is hidden', async () => {
    const opened = await app.openPage(`/sites/${ids.site}`, 'HQ');
    const { page } = opened;
    const link = findingWith(page, 'Port 9 of switch');
    await link.getByRole('button', { name: 'Acknowledge' }).click();
    await link.getByLabel('Note').fill('recabled for the move');
    await link.getByLabel('Until (optional)').fill('2999-12-31');
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'drift-acknowledge-1280.png') });
    await link.getByRole('button', { name: 'Acknowledge finding' }).click();
    await page.getByText('Finding acknowledged.').waitFor();
    await findingWith(page, 'Port 9 of switch').waitFor({ state: 'detached' });
    expect(await driftItems(page).count()).toBe(2);
    const listed = await app.admin('GET', '/api/checks/acknowledgements');
    expect(listed.items).toMatchObject([{ note: 'recabled for the move', until: '2999-12-31T00:00:00.000Z' }]);
    await finishPage(opened);
  });

  it("shows a switch's drift count on its page, linking to its site's findings", async () => {
    const opened = await app.openPage(`/switches/${ids.switch}`, 'acc-2930f-1');
    const { page } = opened;
    const count = page.locator('a.drift-count');
    await count.waitFor();
    expect(await count.innerText()).toBe('2 drift findings');
    expect(await count.getAttribute('href')).toBe(`/sites/${ids.site}#site-findings`);
    await page.screenshot({ path: join(SHOTS, 'drift-switch-1280.png') });
    await finishPage(opened);
  });

  it('fits a 375 px screen', async () => {
    const opened = await app.signedIn(`/sites/${ids.site}`, 'admin', { width: 375, height: 800 });
    const { page } = opened;
    await h1(page, 'HQ');
    await findingWith(page, 'VLAN 20 is named "phones"').waitFor();
    await findingWith(page, 'VLAN 20 is named "phones"').getByRole('button', { name: 'Acknowledge' }).click();
    await findingWith(page, 'VLAN 20 is named "phones"').scrollIntoViewIfNeeded();
    await fitsWidth(page);
    await page.screenshot({ path: join(SHOTS, 'drift-findings-375.png') });
    await finishPage(opened);
  });

  it('speaks German to a German editor', async () => {
    const { context, page } = await newPage(app.browser);
    const problems = watch(page);
    await page.goto(`${app.baseUrl}/sites/${ids.site}`);
    await page.locator('form input[autocomplete="username"]').fill('anna');
    await page.locator('form input[type="password"]').fill(TEST_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await h1(page, 'HQ');
    const renamed = findingWith(page, 'VLAN 20 heißt am Switch acc-2930f-1 „phones“');
    await renamed.waitFor();
    await renamed.getByRole('button', { name: 'Übernehmen' }).waitFor();
    await renamed.getByRole('button', { name: 'Bestätigen' }).click();
    await renamed.getByLabel('Notiz').waitFor();
    await renamed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'drift-findings-de-1280.png') });
    await page.goto(`${app.baseUrl}/switches/${ids.switch}`);
    await page.locator('a.drift-count', { hasText: '2 Abweichungen' }).waitFor();
    await finishPage({ context, page, problems });
  });

  it('offers only Acknowledge for a documented port the switch no longer reports, Adopt for one it gained', async () => {
    writeFileSync(join(dir, 'aruba_2930f.snmprec'), portsChangedRecording(), 'latin1');
    await agent!.stop();
    agent = await startSnmprecAgent(dir);
    await app.admin('POST', '/api/discovery', { siteId: ids.site, switchId: ids.switch, host: `127.0.0.1:${agent.port}`, snmp });
    const opened = await app.signedIn(`/sites/${ids.site}`, 'admin');
    const { page } = opened;
    await h1(page, 'HQ');
    const missing = findingWith(page, 'Port 3 of switch acc-2930f-1 is documented, but the switch does not report it');
    await missing.waitFor();
    await missing.scrollIntoViewIfNeeded();
    expect(await missing.getByRole('button', { name: 'Adopt' }).count()).toBe(0);
    expect(await missing.getByRole('button', { name: 'Acknowledge' }).count()).toBe(1);
    expect(await findingWith(page, 'has port 11, which is not documented').getByRole('button', { name: 'Adopt' }).count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'drift-missing-port-1280.png') });
    await finishPage(opened);
  });
});
