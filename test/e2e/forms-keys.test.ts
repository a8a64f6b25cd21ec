// Forms, keys and CSV in the browser (issue 21, T5): a CSV export link on every list page (with the list's
// filters, every row), on a VLAN's page (its ports), a network's page (addresses, ranges), the switch page (ports,
// LAGs) and for every kind in Data management; the CSV import of an edited export updates the rows that keep their
// id, and its "Only check" button says that it only checked;
// dialogs focus their first field (never the close button or a destructive action), Enter submits, Escape closes;
// after the bulk bar's Apply focus returns to the selection, Escape clears it; the mobile menu has a backdrop and
// closes on Escape (screenshots at 375 px, light and dark); axe on the open menu and on Data management.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { h1, axeViolations, useBrowserApp, SHOTS } from './support.ts';
import { addAccessLag, seed, type Seeded } from './seed.ts';

let data: Seeded;

type PortRec = { id: string; name: string };

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
    await addAccessLag(baseUrl, adminToken, data, 'Po7');
  },
});

/** Clicks the link and answers the downloaded file's name and text. */
async function download(page: Page, link: ReturnType<Page['getByRole']>): Promise<{ name: string; text: string; href: string }> {
  const href = (await link.getAttribute('href')) ?? '';
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8'), href };
}

/** The rows of a CSV text (the header first), without a trailing empty line. */
const lines = (text: string) => text.split(/\r?\n/).filter((l) => l !== '');

/** The element that has focus: its tag, type, label and classes. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      type: (el as HTMLInputElement | null)?.type ?? '',
      label: el?.getAttribute('aria-label') ?? (el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent?.trim() : '') ?? '',
      cls: el?.className ?? '',
      close: !!el?.hasAttribute('data-close'),
      text: el?.textContent?.trim() ?? '',
    };
  });

describe('CSV export and import', () => {
  it('offers the CSV of every list page with its filters and every row', async () => {
    const { context, page, problems } = await app.signedIn('/sites');
    const pages: [string, string, string, string][] = [
      ['/sites', 'Sites', '/api/sites', 'HQ'],
      ['/switches', 'Switches', '/api/switches', 'core-1'],
      ['/vlans', 'VLANs', '/api/vlans', 'Users'],
      ['/networks', 'Networks', '/api/networks', 'Users'],
      [`/addresses?siteId=${data.hqId}`, 'IP addresses', '/api/addresses', '.'],
    ];
    for (const [path, title, api, some] of pages) {
      await page.goto(app.baseUrl + path);
      await h1(page, title);
      const link = page.getByRole('link', { name: 'Download CSV' });
      const got = await download(page, link);
      expect(got.href, path).toContain(`${api}?`);
      expect(got.href, path).toContain('format=csv');
      expect(got.href, path).not.toContain('limit=');
      expect(got.name, path).toMatch(/^switchyard-[a-z]+-\d{4}-\d\d-\d\d\.csv$/);
      const rows = lines(got.text);
      expect(rows[0], path).toMatch(/^id,/);
      expect(rows.length, path).toBeGreaterThan(1);
      expect(got.text, path).toContain(some);
    }
    // The lists inside a page: a VLAN's ports, a network's addresses and ranges, each with every row.
    type Total = { total: number };
    const inPages: [string, string, string, string, string][] = [
      [`/vlans/${data.usersVlanId}`, 'VLAN 10 Users', 'Ports as CSV', `/api/vlans/${data.usersVlanId}/ports`, 'vlan-10-ports'],
      [`/networks/${data.usersNetId}`, 'Users', 'Addresses as CSV', `/api/networks/${data.usersNetId}/addresses`, 'Users-addresses'],
      [`/networks/${data.usersNetId}`, 'Users', 'Ranges as CSV', `/api/networks/${data.usersNetId}/ranges`, 'Users-ranges'],
    ];
    for (const [path, title, label, api, name] of inPages) {
      await page.goto(app.baseUrl + path);
      await h1(page, title);
      const got = await download(page, page.getByRole('link', { name: label, exact: true }));
      expect(got.href, label).toContain(`${api}?`);
      expect(got.href, label).toContain('format=csv');
      expect(got.href, label).not.toContain('limit=');
      expect(got.name, label).toMatch(new RegExp(`^switchyard-${name}-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
      const { total } = await app.admin<Total>('GET', `${api}?limit=1`);
      expect(total, label).toBeGreaterThan(0);
      expect(lines(got.text).length, label).toBe(total + 1);
    }
    // The list's filter goes into the export: the switches whose name has "core".
    await page.goto(`${app.baseUrl}/switches?q=core`);
    await h1(page, 'Switches');
    const filtered = await download(page, page.getByRole('link', { name: 'Download CSV' }));
    expect(filtered.href).toContain('q=core');
    expect(filtered.text).toContain('core-1');
    expect(filtered.text).not.toContain('access-1');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('offers the ports and LAGs of a switch as CSV, and every kind in Data management', async () => {
    const { context, page, problems } = await app.signedIn(`/switches/${data.accessId}`, 'admin', { bypassCSP: true });
    await h1(page, 'access-1');
    const sw = await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${data.accessId}`);
    const ports = await download(page, page.getByRole('link', { name: 'Ports as CSV' }));
    expect(ports.name).toMatch(/^switchyard-access-1-ports-/);
    expect(lines(ports.text).length).toBe(sw.ports.length + 1);
    const lags = await download(page, page.getByRole('link', { name: 'LAGs as CSV' }));
    expect(lines(lags.text).length).toBe(2);
    expect(lags.text).toContain('Po7');

    await page.goto(`${app.baseUrl}/settings/data`);
    await page.getByRole('heading', { name: 'Export CSV' }).waitFor();
    const kinds = ['sites', 'VLANs', 'networks', 'switches', 'ports', 'IP addresses', 'address ranges'];
    for (const kind of kinds) {
      const got = await download(page, page.getByRole('link', { name: `CSV of ${kind}`, exact: true }));
      const rows = lines(got.text);
      expect(rows[0], kind).toMatch(/^id,/);
      expect(rows.length, kind).toBeGreaterThan(1);
    }
    expect(await axeViolations(page, 'data management')).toEqual([]);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('imports an edited export as updates, and "Only check" says it only checked', async () => {
    const { page, finish } = await app.openPage('/sites', 'Sites');
    const exported = await download(page, page.getByRole('link', { name: 'Download CSV' }));
    // Edit the Lab site's description in the file, keeping its id.
    const edited = exported.text.replace('Test bench', 'Test bench (edited)');
    expect(edited).not.toBe(exported.text);
    const file = join(tmpdir(), `sites-edited-${process.pid}.csv`);
    writeFileSync(file, edited);

    await page.goto(`${app.baseUrl}/settings/data`);
    const form = page.locator('section[aria-labelledby="data-csv"]');
    await form.getByLabel('Kind').selectOption('sites');
    await form.getByLabel('CSV file of sites').setInputFiles(file);
    const check = form.getByRole('button', { name: 'Only check', exact: true });
    await check.click();
    const status = form.getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toBe(
      'Only a check, nothing was imported. Importing these sites would create 0, update 1 and leave 1 unchanged.',
    );
    const sites = async () => (await app.admin<{ items: { name: string; description: string }[] }>('GET', '/api/sites')).items;
    expect((await sites()).find((s) => s.name === 'Lab')?.description).toBe('Test bench');

    await form.getByRole('button', { name: 'Import sites' }).click();
    await form.getByText('Imported sites: 0 created, 1 updated, 1 unchanged.').waitFor();
    expect((await sites()).find((s) => s.name === 'Lab')?.description).toBe('Test bench (edited)');
    await finish();
  });
});

describe('Dialogs and keys', () => {
  it('focuses the first field of a dialog, submits on Enter, closes on Escape; a destructive question starts on Cancel', async () => {
    const { context, page, problems } = await app.signedIn('/sites?new=1');
    const dialog = page.getByRole('dialog', { name: 'Add site' });
    await dialog.waitFor();
    let f = await focused(page);
    expect(f.close).toBe(false);
    expect(f).toMatchObject({ tag: 'INPUT', label: 'Name' });
    // Escape closes it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Enter submits.
    await page.getByRole('button', { name: 'Add site' }).first().click();
    await dialog.waitFor();
    await page.keyboard.type('Branch');
    await page.keyboard.press('Enter');
    await h1(page, 'Branch');

    // The question of a delete starts on Cancel, never on the destructive button; Escape answers no.
    await page.getByRole('button', { name: 'Delete' }).first().click();
    const question = page.getByRole('dialog');
    await question.waitFor();
    f = await focused(page);
    expect(f.close).toBe(false);
    expect(f.cls).not.toContain('danger');
    expect(f.text).toBe('Cancel');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await h1(page, 'Branch');

    // A side panel (the port editor) starts on its first field and closes on Escape.
    await page.goto(`${app.baseUrl}/switches/${data.accessId}`);
    await h1(page, 'access-1');
    await page.getByRole('button', { name: 'Edit port 1', exact: true }).click();
    const panel = page.locator('dialog.side-panel');
    await panel.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('.side-body') !== null);
    f = await focused(page);
    expect(f.close).toBe(false);
    expect(['INPUT', 'SELECT']).toContain(f.tag);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it("returns focus to the selection after the bulk bar's Apply, and Escape clears the selection", async () => {
    const { page, finish } = await app.openPage(`/switches/${data.accessId}`, 'access-1');
    const sw = await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${data.accessId}`);
    const p5 = sw.ports.find((p) => p.name === '5')!;
    const p6 = sw.ports.find((p) => p.name === '6')!;
    await page.getByRole('checkbox', { name: 'Select port 5', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select port 6', exact: true }).click();
    const bar = page.locator('form.bulk-bar');
    await bar.waitFor();
    await bar.getByLabel('Set the description').check();
    await bar.getByLabel('Description', { exact: true }).fill('Desk row B');
    await bar.getByRole('button', { name: 'Apply to 2' }).click();
    await page.waitForFunction((id) => document.activeElement === document.querySelector(`#port-row-${id} td.check input`), p5.id);
    const after = await app.admin<{ description: string }>('GET', `/api/ports/${p6.id}`);
    expect(after.description).toBe('Desk row B');
    // Still selected; Escape clears the selection and the bar goes.
    expect(await page.getByRole('checkbox', { name: 'Select port 6', exact: true }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached' });
    expect(await page.getByRole('checkbox', { name: 'Select port 5', exact: true }).isChecked()).toBe(false);
    // From inside the bar, Escape clears too, and focus lands on the first port that was selected.
    await page.getByRole('checkbox', { name: 'Select port 6', exact: true }).click();
    await bar.getByLabel('Add tagged', { exact: true }).focus();
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached' });
    await page.waitForFunction((id) => document.activeElement === document.querySelector(`#port-row-${id} td.check input`), p6.id);
    await finish();
  });

  for (const dark of [false, true]) {
    it(`opens the mobile menu over a backdrop that closes it, and Escape closes it (${dark ? 'dark' : 'light'})`, async () => {
      const { context, page, problems } = await app.signedIn('/switches', 'admin', { width: 375, height: 740, dark, bypassCSP: true });
      await h1(page, 'Switches');
      const menu = page.getByRole('button', { name: 'Menu' });
      const nav = page.locator('#side-nav');
      const backdrop = page.locator('.nav-backdrop');
      expect(await nav.isVisible()).toBe(false);
      await menu.click();
      await nav.waitFor({ state: 'visible' });
      await backdrop.waitFor({ state: 'visible' });
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      // The first link has focus.
      expect(await page.evaluate(() => document.activeElement?.closest('#side-nav') !== null)).toBe(true);
      await page.screenshot({ path: join(SHOTS, `mobile-menu-${dark ? 'dark' : 'light'}.png`) });
      if (!dark) expect(await axeViolations(page, 'the open mobile menu')).toEqual([]);
      await page.keyboard.press('Escape');
      await nav.waitFor({ state: 'hidden' });
      expect(await backdrop.count()).toBe(0);
      expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
      // A click on the backdrop (beside the menu) closes it too.
      await menu.click();
      await backdrop.waitFor({ state: 'visible' });
      await page.mouse.click(360, 600);
      await nav.waitFor({ state: 'hidden' });
      await h1(page, 'Switches');
      expect(problems.errors).toEqual([]);
      await context.close();
    });
  }
});
