// Findings of the consistency checks on the dashboard and the site page, linking to their objects, and
// the Config tab of a switch: dialect picker, copy and download.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/server.ts';
import { useBrowserApp } from './support.ts';

let siteId: string;
let swA: string;

const app = useBrowserApp({
  setup: async () => {
    siteId = (await app.admin('POST', '/api/sites', { name: 'Plant' })).id;
    const vlan = await app.admin('POST', '/api/vlans', { siteId, name: 'Office', vid: 110 });
    await app.admin('POST', '/api/networks', {
      siteId,
      vlanId: vlan.id,
      name: 'Office',
      subnet: '10.110.0.0/24',
      gateway: '10.110.0.1',
    });
    swA = (await app.admin('POST', '/api/switches', { siteId, name: 'plant-a', portCount: 4, managementIp: '10.110.0.9' })).id;
    await app.admin('POST', '/api/switches', { siteId, name: 'plant-b', portCount: 4, managementIp: '10.110.0.9' }, [201, 409, 400]);
    await app.admin('POST', '/api/switches', { siteId, name: 'plant-c', portCount: 2, managementIp: '10.110.0.1' });
    const full = await app.admin('GET', `/api/switches/${swA}`);
    await app.admin('PATCH', `/api/switches/${swA}/ports`, {
      portIds: [full.ports[0].id, full.ports[1].id],
      set: { untaggedVlanId: vlan.id, description: 'Office desk' },
    });
  },
});

describe('insight in the browser', () => {
  it('lists findings on the dashboard and the site page, linked to their objects', async () => {
    const { context, page, problems } = await app.signedIn('/');
    const findings = page.locator('section', { has: page.getByRole('heading', { name: 'Findings' }) });
    await findings.locator('li.finding').first().waitFor();
    await findings.getByRole('link', { name: 'plant-c' }).first().click();
    await page.getByRole('heading', { name: 'plant-c', level: 1 }).waitFor();
    await page.goto(`${app.baseUrl}/sites/${siteId}`);
    const siteFindings = page.locator('section', { has: page.getByRole('heading', { name: 'Findings' }) });
    await siteFindings.locator('li.finding').first().waitFor();
    expect(await siteFindings.locator('li.finding').count()).toBeGreaterThan(0);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the configuration per dialect, to copy and to download', async () => {
    const { context, page } = await app.signedIn(`/switches/${swA}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    await page.getByRole('link', { name: 'Config' }).click();
    const pre = page.locator('pre.config');
    await pre.waitFor();
    const ios = await pre.innerText();
    expect(ios).toMatch(/vlan 110/i);
    expect(ios).toContain('Office desk');
    await page.getByLabel('Dialect').selectOption('junos');
    await expect.poll(async () => (await pre.innerText()) !== ios).toBe(true);
    const junos = await pre.innerText();
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Configuration copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(junos);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('plant-a-junos.txt');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(junos);
    await context.close();
  }, 60_000);

  it("opens on the switch's own dialect: by its vendor, else by its template's", async () => {
    const juniper = await app.admin('POST', '/api/switches', { siteId, name: 'plant-ex', vendor: 'Juniper Networks', portCount: 2 });
    const { context, page } = await app.signedIn(`/switches/${juniper.id}?tab=config`);
    await page.locator('pre.config').waitFor();
    await expect.poll(() => page.getByLabel('Dialect').inputValue()).toBe('junos');
    expect(await page.locator('pre.config').innerText()).toContain('host-name plant-ex;');
    const template = await app.admin('POST', '/api/templates', {
      name: 'Arista 7050',
      vendor: 'Arista',
      units: [[{ type: 'sfp+', count: 4, namePattern: 'Ethernet{n}' }]],
    });
    const arista = await app.admin('POST', '/api/switches', { siteId, name: 'plant-leaf', templateId: template.id });
    await page.goto(`${app.baseUrl}/switches/${arista.id}?tab=config`);
    await expect.poll(() => page.getByLabel('Dialect').inputValue()).toBe('arista-eos');
    await page.locator('pre.config').getByText('hostname plant-leaf').waitFor();
    await page.screenshot({ path: join(ROOT, 'docs', 'screenshots', 'config-tab-own-dialect-1280.png') });
    await context.close();
  }, 60_000);
});
