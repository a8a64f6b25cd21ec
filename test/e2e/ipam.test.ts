// IPAM in the browser: the next free address in one click, an address edited and deleted in its dialog, ranges
// on the network page, the nearly-full badge, the site's IP table and its CSV, the subnet calculator from a
// network, the address of the device on a port in the port's side panel, and search finding an address.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { h1, useBrowserApp } from './support.ts';
import { seed, type Seeded } from './seed.ts';

let data: Seeded;

/** The rows of the network page's addresses table (the ranges have a table too). */
const addressRows = (page: Page) => page.locator('section[aria-labelledby="net-addresses"] tbody tr');
const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
  },
});

describe('IPAM pages', () => {
  it('add the next free address in one click, then edit and delete it in its dialog', async () => {
    const { page, finish } = await app.openPage(`/networks/${data.usersNetId}`, 'Users');
    // 10.0.10.1 is the gateway, .2–.9 a reserved range, .10 and .11 are recorded: the next free one is .12.
    // Free: .12–.99, .220–.249 (after the static range, before .250) and .251–.254.
    const free = page.locator('.free-blocks');
    await free.getByText('3 free blocks: 10.0.10.12–10.0.10.99 (88), 10.0.10.220–10.0.10.249 (30), 10.0.10.251–10.0.10.254 (4)').waitFor();
    const add = page.getByRole('form', { name: 'Add address' });
    await add.getByLabel('Host name').fill('kiosk');
    await add.getByRole('button', { name: 'Next free' }).click();
    await page.getByText('10.0.10.12 added.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'kiosk' });
    await row.getByRole('button', { name: '10.0.10.12' }).waitFor();
    expect(await add.getByLabel('Host name').inputValue()).toBe('');
    // The utilisation counts it.
    await page.locator('.util-legend').getByText('Used 6').waitFor();
    await free.getByText('10.0.10.13–10.0.10.99 (87)', { exact: false }).waitFor();

    await row.getByRole('button', { name: '10.0.10.12' }).click();
    const dialog = page.getByRole('dialog', { name: '10.0.10.12' });
    await dialog.getByLabel('Device type').selectOption('camera');
    await dialog.getByLabel('Switch port').selectOption({ label: 'core-1 / 7' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('link', { name: 'core-1 / 7' }).waitFor();
    await row.getByText('camera').waitFor();

    await row.getByRole('button', { name: '10.0.10.12' }).click();
    await page.getByRole('dialog', { name: '10.0.10.12' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete' }).getByText('Delete 10.0.10.12 (kiosk)?').waitFor();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('10.0.10.12 (kiosk) deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    await finish();
  }, 60_000);

  it('count an IPv6 /64 in full and take its next free address', async () => {
    const { context, page, problems } = await app.signedIn('/networks');
    await page.getByRole('link', { name: '2001:db8:10::/64' }).click();
    await h1(page, 'Users v6');
    // 2^64 addresses less the subnet-router anycast address, written out in full.
    await page.getByText('0 % of 18,446,744,073,709,551,615 usable addresses in use').waitFor();
    await page.getByRole('form', { name: 'Add address' }).getByRole('button', { name: 'Next free' }).click();
    // ::1 is the gateway.
    await page.getByText('2001:db8:10::2 added.').waitFor();
    await addressRows(page).getByRole('button', { name: '2001:db8:10::2' }).waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('refuse a typed address inside the DHCP pool, under its field', async () => {
    const { context, page, problems } = await app.signedIn(`/networks/${data.usersNetId}`);
    const add = page.getByRole('form', { name: 'Add address' });
    await add.getByLabel('Address', { exact: true }).fill('10.0.10.150');
    await add.getByRole('button', { name: 'Add address' }).click();
    await add.getByRole('alert').first().waitFor();
    expect(await add.getByLabel('Address', { exact: true }).inputValue()).toBe('10.0.10.150');
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('draw the ranges and list them; a range is added in a dialog', async () => {
    const { page, finish } = await app.openPage(`/networks/${data.usersNetId}`, 'Users');
    await page.locator('.util-map .util-range').nth(2).waitFor();
    expect(await page.locator('.util-map .util-range').count()).toBe(3);
    const ranges = page.getByRole('region', { name: 'Ranges' });
    await ranges.getByRole('button', { name: '10.0.10.100' }).waitFor();
    await page.getByRole('button', { name: 'Add range' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add range' });
    await dialog.getByLabel('Start').fill('10.0.10.230');
    await dialog.getByLabel('End').fill('10.0.10.239');
    await dialog.getByLabel('Kind').selectOption('reserved');
    await dialog.getByRole('button', { name: 'Add range' }).click();
    await page.getByText('reserved range 10.0.10.230–10.0.10.239 saved.').waitFor();
    await expect.poll(() => page.locator('.util-map .util-range').count()).toBe(4);
    await finish();
  }, 60_000);

  it('flag a nearly full network in the lists with a word', async () => {
    const { context, page } = await app.signedIn('/networks');
    await h1(page, 'Networks');
    const row = page.getByRole('row').filter({ hasText: 'Transit to ISP' });
    await row.getByText('nearly full: 100 %').waitFor();
    await page.goto(`${app.baseUrl}/sites/${data.hqId}`);
    await page.getByRole('row').filter({ hasText: 'Transit to ISP' }).getByText('nearly full').waitFor();
    await context.close();
  }, 60_000);

  it("list the site's addresses with their network and port, and download them as CSV", async () => {
    const { page, finish } = await app.openPage(`/addresses?siteId=${data.hqId}`, 'IP addresses');
    const row = page.getByRole('row').filter({ hasText: 'printer-2f' });
    await row.getByRole('link', { name: '10.0.10.0/24 Users' }).waitFor();
    await row.getByRole('link', { name: 'core-1 / 3' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain('printer-2f');
    expect(csv).toContain('198.51.100.1');
    // Filtered through the query string.
    await page.getByLabel('Filter addresses').fill('isp-gw');
    await page.waitForURL(/q=isp-gw/);
    await expect.poll(() => page.locator('table.data tbody tr').count()).toBe(1);
    await page.getByRole('row').filter({ hasText: '198.51.100.1' }).waitFor();
    await finish();
  }, 60_000);

  it('open the subnet calculator from a network, prefilled, and split the subnet', async () => {
    const { context, page, problems } = await app.signedIn(`/networks/${data.usersNetId}`);
    await page.getByRole('link', { name: 'Subnet calculator' }).click();
    await h1(page, 'Subnet calculator');
    expect(await page.getByLabel('Subnet', { exact: true }).inputValue()).toBe('10.0.10.0/24');
    await page.locator('dl.facts').getByText('10.0.10.255').waitFor();
    await page.getByLabel('Split into prefixes').fill('26');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.getByRole('heading', { name: '4 subnets of /26' }).waitFor();
    expect(await page.locator('.subnet-split li').allTextContents()).toEqual([
      '10.0.10.0/26',
      '10.0.10.64/26',
      '10.0.10.128/26',
      '10.0.10.192/26',
    ]);
    await page.getByLabel('Subnet', { exact: true }).fill('10.0.10.0/33');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.locator('.field-error').first().waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("show the address of the device on a port in the port's panel, linked to its network", async () => {
    const { page, finish } = await app.openPage(`/switches/${data.coreId}`, 'core-1');
    await page.getByRole('button', { name: 'Edit port 3', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Port 3' });
    await panel.getByRole('link', { name: '10.0.10.200' }).click();
    await h1(page, 'Users');
    await page.getByRole('row').filter({ hasText: 'printer-2f' }).waitFor();
    expect(await addressRows(page).count()).toBe(1);
    await finish();
  }, 60_000);

  it('find an address by host name in the search', async () => {
    const { context, page, problems } = await app.signedIn('/');
    await page.getByRole('combobox', { name: /Search/ }).fill('phone-reception');
    await page.getByRole('option').filter({ hasText: '10.0.10.201' }).waitFor();
    await page.keyboard.press('Enter');
    await h1(page, 'Users');
    await page.getByRole('row').filter({ hasText: 'phone-reception' }).waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
