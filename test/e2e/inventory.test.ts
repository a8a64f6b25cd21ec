// The main path through the UI: first-run setup, sign-in, a site with VLANs ("add another"), a subnet and a
// 24-port switch, a bulk VLAN change drawn on the front panel, deleting the switch and bringing it back from the
// activity log.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { api, h1, newPage, submitSignIn, useBrowserApp, watch, TEST_PASSWORD } from './support.ts';

const app = useBrowserApp({ firstRun: true });

const COLOR = '#1f77b4';
const RGB = 'rgb(31, 119, 180)';

async function portFill(page: Page, name: string): Promise<string> {
  return page.locator(`.panel .port[data-name="${name}"]`).evaluate((el) => getComputedStyle(el).backgroundColor);
}

describe('inventory in the browser', () => {
  it('sets up, builds a switch, bulk-assigns a VLAN, deletes and undoes from the activity log', async () => {
    const { context, page } = await newPage(app.browser);
    const problems = watch(page);
    const base = app.baseUrl;

    // First run: create the administrator, which signs in; sign out and in again.
    await page.goto(`${base}/`);
    await page.getByRole('heading', { name: 'Create the first administrator' }).waitFor();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Repeat password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await submitSignIn(page, 'admin', 'wrong password!!');
    await page.getByText('Wrong username or password.').waitFor();
    await submitSignIn(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // A site.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click();
    await page.getByRole('button', { name: 'Add site' }).first().click();
    const siteDialog = page.getByRole('dialog', { name: 'Add site' });
    await siteDialog.getByLabel('Name').fill('HQ');
    await siteDialog.getByLabel('Address').fill('1 Main Street');
    await siteDialog.getByRole('button', { name: 'Add site' }).click();
    await h1(page, 'HQ');
    const siteId = page.url().split('/sites/')[1]!;
    expect(siteId).toMatch(/^[0-9a-f-]{36}$/);

    // A VLAN, with a validation error from the API shown under its field first; "add another" keeps the
    // dialog open for the next one.
    await page.getByRole('link', { name: 'Add VLAN' }).click();
    const vlanDialog = page.getByRole('dialog', { name: 'Add VLAN' });
    await vlanDialog.getByLabel('VLAN number').fill('5000');
    await vlanDialog.getByLabel('Name').fill('Users');
    await vlanDialog.getByLabel('Colour', { exact: true }).fill(COLOR);
    await vlanDialog.getByLabel('Add another').check();
    await vlanDialog.getByRole('button', { name: 'Add VLAN' }).click();
    await vlanDialog.locator('.field-error').first().waitFor();
    expect(await vlanDialog.getByLabel('Name').inputValue()).toBe('Users');
    await vlanDialog.getByLabel('VLAN number').fill('10');
    await vlanDialog.getByRole('button', { name: 'Add VLAN' }).click();
    await page.getByText('VLAN 10 Users created.').waitFor();
    await expect.poll(() => vlanDialog.getByLabel('Name').inputValue()).toBe('');
    await vlanDialog.getByLabel('VLAN number').fill('20');
    await vlanDialog.getByLabel('Name').fill('Voice');
    await vlanDialog.getByLabel('Add another').uncheck();
    await vlanDialog.getByRole('button', { name: 'Add VLAN' }).click();
    await h1(page, 'VLAN 20 Voice');

    // A subnet in VLAN 10, from the networks page.
    await page.goto(`${base}/networks?new=1&siteId=${siteId}`);
    const netDialog = page.getByRole('dialog', { name: 'Add network' });
    await netDialog.getByLabel('VLAN', { exact: true }).selectOption({ label: '10 Users' });
    await netDialog.getByLabel('Subnet').fill('10.0.10.0/24');
    await netDialog.getByLabel('Name').fill('Users v4');
    await netDialog.getByLabel('Gateway').fill('10.0.10.1');
    await netDialog.getByRole('button', { name: 'Add network' }).click();
    await h1(page, 'Users v4');

    // A switch with 24 ports.
    await page.goto(`${base}/sites/${siteId}`);
    await page.getByRole('link', { name: 'Add switch' }).first().click();
    const swDialog = page.getByRole('dialog', { name: 'Add switch' });
    await swDialog.getByLabel('Name', { exact: true }).fill('core-1');
    await swDialog.getByLabel('Number of ports').fill('24');
    await swDialog.getByRole('button', { name: 'Add switch' }).click();
    await h1(page, 'core-1');
    const switchId = page.url().split('/switches/')[1]!.split('?')[0]!;
    await expect.poll(() => page.locator('.panel .port').count()).toBe(24);
    const before = await portFill(page, '1');
    expect(before).not.toBe(RGB);

    // Select ports 1 to 12 on the panel (click, shift-click) and assign VLAN 10 in the bulk bar.
    await page.locator('.panel .port[data-name="1"]').click();
    await page.locator('.panel .port[data-name="12"]').click({ modifiers: ['Shift'] });
    await page.getByText('12 ports selected').waitFor();
    expect(await page.locator('table.ports tbody input[type="checkbox"]:checked').count()).toBe(12);
    const bulk = page.getByRole('form', { name: 'Change selected ports' });
    await bulk.getByLabel('Untagged VLAN').selectOption({ label: '10 Users' });
    await bulk.getByRole('button', { name: 'Apply to 12' }).click();
    await page.getByText('12 ports changed.').waitFor();
    await expect.poll(() => portFill(page, '12')).toBe(RGB);
    expect(await portFill(page, '1')).toBe(RGB);
    expect(await portFill(page, '13')).not.toBe(RGB);
    const sw = await api(base, 'GET', `/api/switches/${switchId}`, { headers: { cookie: await cookieHeader(context) } });
    const vlanPorts = sw.body.ports.filter((p: { untaggedVlanId: string | null }) => p.untaggedVlanId).map((p: { name: string }) => p.name);
    expect(vlanPorts.sort((a: string, b: string) => Number(a) - Number(b))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);

    // Delete the switch (one confirmation naming it), then undo it from the activity log.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete switch?' });
    await confirm.getByText('Delete switch core-1 with 24 ports?').waitFor();
    await confirm.getByRole('button', { name: 'Delete switch' }).click();
    await h1(page, 'HQ');
    await page.getByText('Switch core-1 deleted.').waitFor();
    expect((await api(base, 'GET', `/api/switches/${switchId}`, { headers: { cookie: await cookieHeader(context) } })).status).toBe(404);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await h1(page, 'Activity');
    const entry = page.locator('li.entry.action-delete').filter({ hasText: 'core-1' }).first();
    await entry.getByRole('button', { name: /^Undo/ }).click();
    await page.getByRole('dialog', { name: 'Undo this change?' }).getByRole('button', { name: 'Undo change' }).click();
    await page.getByText('Undone.').waitFor();

    await page.goto(`${base}/switches/${switchId}`);
    await h1(page, 'core-1');
    await expect.poll(() => page.locator('.panel .port').count()).toBe(24);
    await expect.poll(() => portFill(page, '5')).toBe(RGB);
    expect(await portFill(page, '20')).not.toBe(RGB);

    expect(problems.errors).toEqual([]);
    expect(problems.dialogs).toEqual([]);
    await context.close();
  }, 120_000);
});

async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}
