// The server's messages in German (issue 35): the findings of the dashboard and a form's validation messages,
// which the server sends with their code (a finding's kind or form) and params, read in German in the German UI, not as the
// server's English.
// Screenshots german-findings-*.png (1280 and 375 px), german-form-errors-1280.png, german-port-poe-1280.png and german-port-numbers-1280.png: a
// port's PoE watts with a decimal comma, and the bulk edit's refusal of LAG members worded in German.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { h1, newPage, SHOTS, submitSignIn, TEST_PASSWORD, useBrowserApp, watch } from './support.ts';

let siteId: string;
let poeSwitch: string;
let lagSwitch: string;

const app = useBrowserApp({
  setup: async () => {
    siteId = (await app.admin<{ id: string }>('POST', '/api/sites', { name: 'Zentrale' })).id;
    await app.admin('POST', '/api/vlans', { siteId, vid: 10, name: 'Users' });
    await app.admin('POST', '/api/networks', { siteId, name: 'LAN', subnet: '10.7.0.0/24' });
    await app.admin('POST', '/api/switches', { siteId, name: 'stray', managementIp: '10.6.0.9' });
    const a = (await app.admin<{ id: string }>('POST', '/api/switches', { siteId, name: 'sw-a' })).id;
    const b = (await app.admin<{ id: string }>('POST', '/api/switches', { siteId, name: 'sw-b' })).id;
    const far = (await app.admin<{ id: string }>('POST', `/api/switches/${b}/ports`, { name: '48', mode: 'trunk' })).id;
    await app.admin('POST', `/api/switches/${a}/ports`, { name: '1', mode: 'access', linkedPortId: far });
    poeSwitch = (await app.admin<{ id: string }>('POST', '/api/switches', { siteId, name: 'poe-1', poeBudgetWatts: 10 })).id;
    await app.admin('POST', `/api/switches/${poeSwitch}/ports`, { name: '1', poe: { type: '802.3at', maxWatts: 25.5 } });
    lagSwitch = (await app.admin<{ id: string }>('POST', '/api/switches', { siteId, name: 'lag-sw' })).id;
    const members = [];
    for (const name of ['1', '2']) members.push((await app.admin<{ id: string }>('POST', `/api/switches/${lagSwitch}/ports`, { name })).id);
    await app.admin('POST', `/api/switches/${lagSwitch}/lags`, { name: 'Po1', memberPortIds: members });
    await app.admin('POST', '/api/users', { username: 'anna', password: TEST_PASSWORD, role: 'admin', language: 'de' });
  },
});

/** A page of `width` px, signed in as anna (German), at `path`. */
async function openGerman(path: string, width = 1280) {
  const { context, page } = await newPage(app.browser, { width });
  const problems = watch(page);
  await page.goto(app.baseUrl + path);
  await submitSignIn(page, 'anna');
  await page.getByRole('button', { name: 'Abmelden' }).waitFor();
  return { context, page, problems };
}

const findingTexts = (page: Page) => page.locator('li.finding p:not(.finding-entities)').allInnerTexts();

describe("the server's messages in German", () => {
  it('shows the findings in German, worded from their kind and params', async () => {
    for (const width of [1280, 375]) {
      const { context, page, problems } = await openGerman('/', width);
      await h1(page, 'Übersicht');
      await page.locator('li.finding').first().waitFor();
      const texts = await findingTexts(page);
      expect(texts).toContain(
        'Die Verbindung zwischen sw-a port 1 (access) und sw-b port 48 (trunk) hat an ihren Enden verschiedene Modi.',
      );
      expect(texts).toContain('Die Management-IP 10.6.0.9 des Switches stray liegt in keinem der IPv4-Subnetze des Standorts Zentrale.');
      expect(texts).toContain('VLAN 10 (Users) des Standorts Zentrale führt kein Port.');
      expect(texts).toContain('Der PoE-Bedarf des Switches poe-1 beträgt 25,5 W (1 aktiver PoE-Port), über seinem Budget von 10 W.');
      for (const english of ['has different modes', 'is in none of', 'is carried by no port', 'PoE demand'])
        expect(texts.join('\n')).not.toContain(english);
      await page.locator('li.finding').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `german-findings-${width}.png`), fullPage: width === 375 });
      expect(problems.errors).toEqual([]);
      await context.close();
    }
  });

  it("shows a form's validation messages from the server in German under their fields", async () => {
    const { context, page, problems } = await openGerman('/vlans?new=1');
    const dialog = page.getByRole('dialog', { name: 'VLAN anlegen' });
    await dialog.waitFor();
    await dialog.getByLabel('VLAN-Nummer').fill('10');
    await dialog.getByLabel('Name', { exact: true }).fill('Users');
    await dialog.getByRole('button', { name: 'VLAN anlegen' }).click();
    await dialog.getByText('der Standort hat schon ein VLAN namens „Users“').waitFor();
    await dialog.getByText('der Standort hat schon ein VLAN 10').waitFor();
    expect(await dialog.innerText()).not.toContain('the site has');
    await page.screenshot({ path: join(SHOTS, 'german-form-errors-1280.png') });

    await page.goto(`${app.baseUrl}/networks?new=1`);
    const network = page.getByRole('dialog', { name: 'Netzwerk anlegen' });
    await network.waitFor();
    await network.getByLabel('Subnetz').fill('10.9.0.0/24');
    await network.getByLabel('Name', { exact: true }).fill('Gäste');
    await network.getByLabel('Gateway').fill('10.8.0.1');
    await network.getByRole('button', { name: 'Netzwerk anlegen' }).click();
    await network.getByText('muss eine Adresse in 10.9.0.0/24 sein').waitFor();
    expect(await network.innerText()).not.toContain('must be an address inside');
    await page.screenshot({ path: join(SHOTS, 'german-form-errors-network-1280.png') });
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("writes a port's PoE watts with a decimal comma, and the bulk edit's refusal of LAG members in German", async () => {
    const { context, page, problems } = await openGerman(`/switches/${poeSwitch}`);
    await h1(page, 'poe-1');
    await page.locator('table.ports tbody').getByText('802.3at 25,5 W').waitFor();
    await page.locator('table.ports').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'german-port-poe-1280.png') });

    await page.goto(`${app.baseUrl}/switches/${lagSwitch}`);
    await h1(page, 'lag-sw');
    const port = (name: string) => page.locator(`section.card .panel .port[data-name="${name}"]`);
    await port('1').click();
    await port('2').click({ modifiers: ['Shift'] });
    const bulk = page.getByRole('form', { name: 'Ausgewählte Ports ändern' });
    await bulk.getByLabel('Untagged VLAN').selectOption({ label: '10 Users' });
    await bulk.getByRole('button', { name: 'Auf 2 anwenden' }).click();
    const refusal = bulk.locator('.notice.error');
    await refusal.waitFor();
    const text = await refusal.innerText();
    expect(text).toContain('Die Änderung würde den Modus oder die VLANs von LAG-Mitgliedern (1 (LAG Po1), 2 (LAG Po1)) setzen');
    expect(text).toContain('Port 1 gehört zum LAG Po1 (seine Felder untaggedVlanId können sich nicht ändern)');
    expect(text).not.toMatch(/would set|is a member of/);
    await refusal.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'german-port-numbers-1280.png') });
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
