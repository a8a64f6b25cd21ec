// SNMP discovery in the browser, against the real server and the project's own recordings (test/discovery/recordings/)
// served by the recordings agent (test/discovery/snmprec-agent.ts): a switch's Discover with a wrong community (the
// busy state, then 504 in words), the grouped review, a choice that pulls in what it needs, Apply, the switch changed,
// Undo, the activity log's entry and its undo in words, entity by entity; the last discovery's age, the MAC table and
// search's "seen on"; a stale discovery (409) that names what changed and reads again with the credentials the API says
// are remembered; from a site's page, a new switch over SNMPv3 (a wrong key first: 502 in words), created with its
// ports and taken back, and its entry. Screenshots at 1280 and 375 px; axe on the review and the activity.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { SNMPSIM_V3 } from '../discovery/snmpsim.ts';
import { fileNeeds, NEEDS } from '../helpers/needs.ts';
import { ROOT, type TestServer, setupAdmin, startServer } from '../helpers/server.ts';
import { ensureUiBuilt, h1, launchBrowser, must, newPage, axeViolations, signIn, TEST_PASSWORD, watch } from './support.ts';

const RECORDINGS = join(ROOT, 'test', 'discovery', 'recordings');
const SHOTS = join(ROOT, 'docs', 'screenshots');

let agent: SimulatedAgent;
let server: TestServer;
let browser: Browser;
let token: string;
const ids = { site: '', acc: '', port1: '' };

const admin = <T = any>(method: string, path: string, body?: unknown) => must<T>(server.baseUrl, token, method, path, body);
const host = () => `127.0.0.1:${agent.port}`;
const runnable = fileNeeds([NEEDS.chromium]);

beforeAll(async () => {
  if (!runnable) return;
  mkdirSync(SHOTS, { recursive: true });
  [agent] = await Promise.all([startSnmprecAgent(RECORDINGS), ensureUiBuilt()]);
  // A wrong community gets no answer: a discovery timeout shorter than the default keeps that wait short, and long
  // enough that the right one is read in time on a busy machine (4 s timed a good read out under CI's load).
  server = await startServer({ env: { DISCOVERY_TIMEOUT_MS: '10000' } });
  token = (await setupAdmin(server.baseUrl)).token;
  browser = await launchBrowser();
  // HQ with VLAN 10; acc-1 documented with ports 1-8 (the Aruba has 1-10 and Trk1), core-1 with the far ends of its LLDP.
  ids.site = (await admin('POST', '/api/sites', { name: 'HQ' })).id;
  await admin('POST', '/api/vlans', { siteId: ids.site, vid: 10, name: 'Users' });
  const acc = await admin('POST', '/api/switches', { siteId: ids.site, name: 'acc-1', managementIp: '10.0.99.3', portCount: 8 });
  ids.acc = acc.id;
  ids.port1 = (await admin('GET', `/api/switches/${acc.id}`)).ports.find((p: { name: string }) => p.name === '1').id;
  const core = await admin('POST', '/api/switches', { siteId: ids.site, name: 'core-1', portCount: 0 });
  for (const name of ['1/1/1', '1/1/2']) await admin('POST', `/api/switches/${core.id}/ports`, { name });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await agent?.stop();
});

/** Whether the page is no wider than its viewport (nothing cut off or sticking out sideways). */
async function fitsWidth(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** The dialog's review table fits its dialog: no column cut off on the right. */
async function reviewFits(dialog: Locator): Promise<void> {
  const sizes = await dialog.evaluate((d) => {
    const wrap = d.querySelector('.discover-table-wrap') as HTMLElement;
    return {
      overflow: wrap.scrollWidth - wrap.clientWidth,
      right: wrap.getBoundingClientRect().right,
      dialogRight: d.getBoundingClientRect().right,
    };
  });
  expect(sizes.overflow).toBeLessThanOrEqual(1);
  expect(sizes.right).toBeLessThanOrEqual(sizes.dialogRight);
}

/** The page's errors but the browser's log line of the 504 or 502 a test provokes (the UI shows those itself). */
const unexpected = (errors: string[]) => errors.filter((e) => !/the server responded with a status of 50[24]\b/.test(e));

/** Waits until the dialog shows the review of what it read; fails with the dialog's message when the read failed. */
async function reviewed(dialog: Locator): Promise<Locator> {
  const review = dialog.locator('form.discover-review');
  await review.or(dialog.locator('.notice.error')).first().waitFor({ timeout: 20_000 });
  if (!(await review.count())) throw new Error(`the read failed: ${await dialog.locator('.notice.error').innerText()}`);
  return review;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** An activity entry's changes as shown: each entity's headline, then its fields as "Field: before → after". */
async function entryWords(entry: Locator): Promise<string[]> {
  return entry
    .locator('.change-entity, .change')
    .evaluateAll((els) =>
      els.map((el) =>
        (el.classList.contains('change')
          ? `${el.querySelector('dt')?.textContent}: ${el.querySelector('dd')?.textContent}`
          : `${el.textContent}`
        )
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    );
}

const shot = async (page: Page, name: string) => {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, `discovery-${name}.png`) });
};

describe('discovery in the browser', () => {
  it('reads a switch, reviews its differences by group, applies a choice, undoes it, and says when a discovery went stale', async () => {
    const { context, page } = await newPage(browser, { bypassCSP: true });
    const problems = watch(page);
    await signIn(page, server.baseUrl, `/switches/${ids.acc}`);
    await h1(page, 'acc-1');
    expect(await page.locator('.discovered').count()).toBe(0);

    // The dialog starts on the address (the management IP), and a wrong community times out in words.
    await page.getByRole('button', { name: 'Discover', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Discover acc-1' });
    const address = dialog.getByLabel('Address');
    await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await address.inputValue()).toBe('10.0.99.3');
    await address.fill(host());
    expect(await dialog.getByLabel('SNMP credentials').inputValue()).toBe('2c');
    // None remembered yet: the server's 400 shows under the choice.
    await dialog.getByLabel('SNMP credentials').selectOption('remembered');
    await dialog.getByRole('button', { name: 'Read switch' }).click();
    await dialog.locator('.field-error').getByText('is required: no credentials are remembered for this switch').waitFor();
    await dialog.getByLabel('SNMP credentials').selectOption('2c');
    await dialog.getByLabel('Community').fill('not-a-community');
    await dialog.getByLabel('Community').press('Enter');
    await dialog.getByText(`Reading ${host()} over SNMP…`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Reading…' }).isDisabled()).toBe(true);
    expect(await address.isDisabled()).toBe(true);
    await shot(page, 'reading-1280');
    const failure = dialog.locator('.notice.error');
    await failure.waitFor({ timeout: 25_000 });
    expect(await failure.innerText()).toMatch(/^The switch did not answer in time \(127\.0\.0\.1: .*\)\. Check the address/);
    expect(await failure.innerText()).not.toContain('not-a-community');
    expect(await address.inputValue()).toBe(host());
    await shot(page, 'timeout-1280');

    // The right one, remembered: the review groups every difference.
    await dialog.getByLabel('Community').fill('aruba_2930f');
    await dialog.getByLabel('Remember the credentials for this switch').check();
    await dialog.getByRole('button', { name: 'Read switch' }).click();
    await failure.waitFor({ state: 'detached' });
    const review = await reviewed(dialog);
    await dialog.getByText('acc-2930f-1').first().waitFor();
    const groups = await review.locator('tr.group-row th').allInnerTexts();
    expect(groups.map((g) => g.replace(/\s*\d+ of \d+ chosen$/, ''))).toEqual([
      'Switch',
      'Ports to add',
      'Port fields',
      'VLANs to add',
      'Port VLANs',
      'LAGs',
      'Links',
    ]);
    const row = (name: string) => review.locator('tbody tr').filter({ has: page.getByRole('checkbox', { name, exact: true }) });
    expect(await row('Switch acc-1 Model').locator('td.value').allInnerTexts()).toEqual(['—', 'JL258A']);
    expect(await row('Port 1 Tagged VLANs').locator('td.value').allInnerTexts()).toEqual(['—', '20']);
    expect(await row('Port 7 Untagged VLAN').locator('td.value').allInnerTexts()).toEqual(['—', '99 mgmt']);
    expect(await row('Port 9').locator('td.value').allInnerTexts()).toEqual(['—', '10G · RJ45 · core-1 1/1/1']);
    expect(await row('Port 9 Link').locator('td.value').allInnerTexts()).toEqual(['—', 'core-1 / 1/1/1']);
    expect(await row('LAG Trk1').locator('td.value').nth(1).innerText()).toBe('9, 10 · trunk, native 1 DEFAULT_VLAN · tagged 10,20,99');
    expect(await row('Port 7 Untagged VLAN').innerText()).toContain('needs VLAN 99');
    const all = review.getByRole('checkbox', { name: 'All changes' });
    expect(await all.evaluate((el) => el === document.activeElement)).toBe(true);
    const applyButton = (count: number) => review.getByRole('button', { name: `Apply ${count} change${count === 1 ? '' : 's'}` });
    const total = await review.locator('tbody tr:not(.group-row)').count();
    await applyButton(total).waitFor();
    await reviewFits(dialog);
    await fitsWidth(page);
    expect(await axeViolations(page, 'the review of a discovery')).toEqual([]);
    await shot(page, 'review-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await reviewFits(dialog);
    await fitsWidth(page);
    await shot(page, 'review-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // None, then the model, the serial and port 7's VLAN, which brings its VLAN 99 with it.
    await all.uncheck();
    await review.getByRole('button', { name: 'Apply 0 changes' }).waitFor();
    expect(await review.getByRole('button', { name: 'Apply 0 changes' }).isDisabled()).toBe(true);
    await review.getByRole('checkbox', { name: 'Switch acc-1 Model', exact: true }).check();
    await review.getByRole('checkbox', { name: 'Switch acc-1 Serial number', exact: true }).check();
    await review.getByRole('checkbox', { name: 'Port 7 Untagged VLAN', exact: true }).check();
    expect(await review.getByRole('checkbox', { name: 'VLAN 99', exact: true }).isChecked()).toBe(true);
    expect(await review.getByRole('checkbox', { name: 'All of Switch' }).evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(
      true,
    );
    // Letting go of the VLAN lets go of what needs it.
    await review.getByRole('checkbox', { name: 'VLAN 99', exact: true }).uncheck();
    expect(await review.getByRole('checkbox', { name: 'Port 7 Untagged VLAN', exact: true }).isChecked()).toBe(false);
    await review.getByRole('checkbox', { name: 'Port 7 Untagged VLAN', exact: true }).check();
    await applyButton(4).click();
    await page.getByText('Applied 4 changes to acc-1.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The page shows the switch as changed, and when it was discovered.
    await page.locator('.page-header').getByText('JL258A').waitFor();
    await page.locator('.discovered').getByText('Discovered just now').waitFor();
    const sw = await admin('GET', `/api/switches/${ids.acc}`);
    expect(sw).toMatchObject({ model: 'JL258A', serialNumber: 'CN12345678', name: 'acc-1' });
    const vlan99 = (await admin('GET', `/api/vlans?siteId=${ids.site}&q=mgmt`)).items[0];
    expect(sw.ports.find((p: { name: string }) => p.name === '7').untaggedVlanId).toBe(vlan99.id);

    // Undo takes it all back.
    await page.locator('.toast').filter({ hasText: 'Applied 4 changes' }).getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Undone.').waitFor();
    await expect.poll(async () => (await admin('GET', `/api/switches/${ids.acc}`)).model).toBeNull();
    expect((await admin('GET', `/api/vlans?siteId=${ids.site}`)).items.map((v: { vid: number }) => v.vid)).toEqual([10]);
    await expect.poll(() => page.locator('.page-header').getByText('JL258A').count()).toBe(0);

    // The activity log names the apply, undone, and what it did entity by entity in words; its undo likewise.
    await page.goto(`${server.baseUrl}/activity`);
    await h1(page, 'Activity');
    const applied = page.locator('li.entry').filter({ hasText: 'applied a discovery to switch acc-1' });
    await applied.getByText('undone').waitFor();
    await expect
      .poll(() => entryWords(applied))
      .toEqual([
        'Switch acc-1',
        'Model: — → JL258A',
        'Serial number: — → CN12345678',
        'Created VLAN 99 (mgmt)',
        'Port 7',
        'Untagged VLAN: — → 99 mgmt',
      ]);
    const undid = page.locator('li.entry').filter({ hasText: 'undid a change of switch acc-1' });
    await expect
      .poll(() => entryWords(undid))
      .toEqual([
        'Switch acc-1',
        'Model: JL258A → —',
        'Serial number: CN12345678 → —',
        'Deleted VLAN 99 (mgmt)',
        'Port 7',
        'Untagged VLAN: 99 mgmt → —',
      ]);
    const timeline = await page.locator('.timeline').innerText();
    expect(timeline).not.toMatch(UUID);
    expect(timeline).not.toMatch(/\b(untaggedVlanId|serialNumber|switchId|siteId|vid)\b/);
    expect(timeline).not.toMatch(/\(\d+ ports?\)/);
    await fitsWidth(page);
    expect(await axeViolations(page, 'the activity of a discovery')).toEqual([]);
    await shot(page, 'activity-1280');
    await page.goto(`${server.baseUrl}/switches/${ids.acc}`);
    await h1(page, 'acc-1');

    // The MAC table: what the access ports saw, linked to the port.
    await page.getByRole('link', { name: 'MAC table' }).click();
    const macs = page.locator('section[aria-labelledby="fdb-head"]');
    const mac = macs.locator('tbody tr').filter({ hasText: '3c:52:82:00:00:07' });
    await mac.waitFor();
    expect(await mac.locator('td').allInnerTexts()).toEqual(['3c:52:82:00:00:07', '99', '7', '—', 'just now']);
    await macs.getByText('1–1 of 1').waitFor();
    await shot(page, 'mac-table-1280');
    await mac.getByRole('link', { name: '7' }).click();
    await expect.poll(() => page.locator('tr.selected').first().getAttribute('id')).toMatch(/^port-row-/);

    // Search finds where that MAC was seen.
    await page.getByRole('combobox', { name: /^Search/ }).fill('3c52.8200.0007');
    const hit = page.getByRole('option').filter({ hasText: 'seen on acc-1 / 7' });
    await hit.waitFor();
    expect(await hit.innerText()).toMatch(/3c:52:82:00:00:07\s*seen on acc-1 \/ 7, just now/);
    await shot(page, 'search-1280');
    await page.getByRole('combobox', { name: /^Search/ }).press('Escape');

    // A stale discovery: read again with the credentials the API says are remembered (whatever this browser keeps),
    // port 1 is edited meanwhile, apply says so.
    await page.evaluate(() => localStorage.clear());
    await page.getByRole('button', { name: 'Discover', exact: true }).click();
    expect(await dialog.getByLabel('SNMP credentials').inputValue()).toBe('remembered');
    await dialog.getByLabel('Address').fill(host());
    await dialog.getByRole('button', { name: 'Read switch' }).click();
    await reviewed(dialog);
    await admin('PATCH', `/api/ports/${ids.port1}`, { description: 'edited meanwhile' });
    await all.uncheck();
    await review.getByRole('checkbox', { name: 'Port 1 Description', exact: true }).check();
    await applyButton(1).click();
    const stale = review.locator('.notice.error');
    await stale.getByText('What is documented changed since the switch was read: Port 1 · Description.').waitFor();
    expect(await review.locator('tr.stale').count()).toBe(1);
    await shot(page, 'stale-1280');
    await stale.getByRole('button', { name: 'Discover again' }).click();
    await reviewed(dialog);
    await expect
      .poll(async () => row('Port 1 Description').locator('td.value').allInnerTexts())
      .toEqual(['edited meanwhile', 'phone + pc 1']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    expect(unexpected(problems.errors)).toEqual([]);
    expect(problems.dialogs).toEqual([]);
    await context.close();
  }, 120_000);

  it('discovers a new switch from its site over SNMPv3 and creates it with its ports, at 375 px', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    const problems = watch(page);
    await signIn(page, server.baseUrl, `/sites/${ids.site}`);
    await h1(page, 'HQ');
    await page.getByRole('button', { name: 'Discover a switch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discover a switch at HQ' });
    const address = dialog.getByLabel('Address');
    expect(await address.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await address.inputValue()).toBe('');
    // Only the credentials given here: nothing is remembered for a switch that is not documented.
    expect(await dialog.getByLabel('SNMP credentials').locator('option').allInnerTexts()).toEqual([
      'SNMP v2c: community',
      'SNMP v3: user, authentication and privacy',
    ]);
    await address.fill(host());
    await dialog.getByLabel('SNMP credentials').selectOption('3');
    await dialog.getByLabel('User').fill(SNMPSIM_V3.user);
    await dialog.getByLabel('Context (optional)').fill('junos_ex2300');
    await dialog.getByLabel('Authentication', { exact: true }).selectOption('sha');
    await dialog.getByLabel('Authentication key').fill('wrong-auth-key');
    await dialog.getByLabel('Privacy', { exact: true }).selectOption('aes');
    await dialog.getByLabel('Privacy key').fill(SNMPSIM_V3.privKey);
    await dialog.getByLabel('Privacy key').press('Enter');
    const failure = dialog.locator('.notice.error');
    await failure.waitFor({ timeout: 25_000 });
    expect(await failure.innerText()).toMatch(/^The switch could not be read: 127\.0\.0\.1: .*SNMPv3 authentication/);
    await fitsWidth(page);
    await shot(page, 'device-error-375');

    await dialog.getByLabel('Authentication key').fill(SNMPSIM_V3.authKey);
    await dialog.getByRole('button', { name: 'Read switch' }).click();
    await failure.waitFor({ state: 'detached' });
    const review = await reviewed(dialog);
    const create = review.locator('tbody tr').filter({ has: page.getByRole('checkbox', { name: 'Switch acc-ex-1', exact: true }) });
    expect(await create.locator('td.value').nth(1).innerText()).toBe(`Juniper · 11 ports · 127.0.0.1`);
    await reviewFits(dialog);
    await fitsWidth(page);
    await shot(page, 'new-switch-375');
    const total = await review.locator('tbody tr:not(.group-row)').count();
    await review.getByRole('button', { name: `Apply ${total} changes` }).click();

    // Created, with its ports, and the page is the new switch's; Undo takes it away and goes back to the site.
    await h1(page, 'acc-ex-1');
    await page.getByText('Switch acc-ex-1 created with 11 ports.').waitFor();
    const created = (await admin('GET', `/api/switches?siteId=${ids.site}&q=acc-ex-1`)).items[0];
    expect(created).toMatchObject({ name: 'acc-ex-1', vendor: 'Juniper', portCount: 11 });
    await page.locator('.toast').getByRole('button', { name: 'Undo' }).click();
    await h1(page, 'HQ');
    expect((await admin('GET', `/api/switches?siteId=${ids.site}&q=acc-ex-1`)).total).toBe(0);

    // Its entry: a line per created entity (the switch first, then its VLANs, LAG and ports), the first ten, then
    // all of them on request.
    await page.goto(`${server.baseUrl}/activity?action=discovery`);
    await h1(page, 'Activity');
    const entry = page.locator('li.entry').filter({ hasText: 'applied a discovery to switch acc-ex-1' });
    await expect.poll(async () => (await entryWords(entry))[0]).toBe('Created switch acc-ex-1');
    expect(await entryWords(entry)).toHaveLength(10);
    await entry.getByRole('button', { name: /^Show \d+ more$/ }).click();
    const lines = await entryWords(entry);
    expect(lines.length).toBeGreaterThan(12);
    expect(lines.filter((line) => !line.startsWith('Created '))).toEqual([]);
    expect(lines).toContain('Created LAG ae0');
    expect(lines.slice(-3)).toEqual(['Created port me0', 'Created port xe-0/1/0', 'Created port xe-0/1/1']);
    await fitsWidth(page);

    expect(unexpected(problems.errors)).toEqual([]);
    expect(problems.dialogs).toEqual([]);
    await context.close();
  }, 120_000);

  it("tells an editor that a switch's remembered credentials belong to the address they were given for", async () => {
    await admin('POST', '/api/users', { username: 'ed', password: TEST_PASSWORD, role: 'editor' });
    const { context, page } = await newPage(browser);
    const problems = watch(page);
    await signIn(page, server.baseUrl, `/switches/${ids.acc}`, 'ed');
    await h1(page, 'acc-1');
    await page.getByRole('button', { name: 'Discover', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Discover acc-1' });
    // Remembered by the first test for 127.0.0.1 at the agent's port: another port is another agent.
    await dialog.getByLabel('Address').fill(`127.0.0.1:${agent.port === 161 ? 162 : 161}`);
    await dialog.getByLabel('SNMP credentials').selectOption('remembered');
    await dialog.getByRole('button', { name: 'Read switch' }).click();
    await dialog
      .locator('.notice.error')
      .getByText('The remembered credentials were given for another address, and only an admin may send them elsewhere.', { exact: false })
      .waitFor();
    await shot(page, 'credentials-bound-1280');
    expect(problems.errors.filter((e) => !/status of 403\b/.test(e))).toEqual([]);
    await context.close();
  }, 60_000);
});
