// The NetBox import in the browser (Settings › Data › Import from NetBox): the bundle with LAGs, a VLAN group and a
// cable through patch panels (test/fixtures/netbox/lags-panels.json) checked in a dry run (counts, the tally of each
// NetBox list, the fixes), imported after the confirmation, and undone from the message; in English and German.
// Screenshot docs/screenshots/netbox-import.png (the dry run); axe-core on the dry run.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROOT, TEST_PASSWORD } from '../helpers/server.ts';
import { axeViolations, newPage, SHOTS, submitSignIn, useBrowserApp, watch } from './support.ts';

const BUNDLE = join(ROOT, 'test', 'fixtures', 'netbox', 'lags-panels.json');

const app = useBrowserApp();

function section(page: Page, heading: string): Locator {
  return page.locator('section', { has: page.getByRole('heading', { name: heading }) });
}

/** The cells of a table's row whose header is `name`. */
async function rowCells(scope: Locator, table: string | RegExp, name: string): Promise<string[]> {
  const row = scope
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: scope.page().getByRole('rowheader', { name, exact: true }) });
  return row.getByRole('cell').allInnerTexts();
}

/** The section from its heading down, on a page tall enough to hold it, below the sticky top bar (not over it). */
async function shoot(page: Page, scope: Locator, name: string): Promise<void> {
  const box = await scope.boundingBox();
  await page.setViewportSize({ width: 1280, height: Math.ceil((box?.height ?? 900) + 120) });
  await scope.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -70);
  });
  await page.screenshot({ path: join(SHOTS, name) });
}

const switchCount = async () => (await app.admin('GET', '/api/switches')).items.length;

describe('the NetBox import in the browser', () => {
  it('checks a bundle in a dry run, imports it after the confirmation, and undoes it from the message', async () => {
    const { context, page, problems } = await app.signedIn('/settings/data', 'admin', { bypassCSP: true });
    const netbox = section(page, 'Import from NetBox');
    await netbox.getByLabel('NetBox bundle (JSON)').setInputFiles(BUNDLE);
    await netbox.getByRole('button', { name: 'Check file' }).click();
    await netbox.getByText('lags-panels.json can be imported. It would add:').waitFor();
    expect(await rowCells(netbox, /counts/, 'switches')).toEqual(['2', '0']);
    expect(await rowCells(netbox, /counts/, 'LAGs')).toEqual(['2', '0']);
    expect(await rowCells(netbox, 'Records of the bundle', 'dcim/cables')).toEqual(['5', '2', '2', '1']);
    expect(await rowCells(netbox, 'Records of the bundle', 'dcim/devices')).toEqual(['4', '2', '0', '2']);
    const fixes = netbox.getByRole('region', { name: 'Fixed values' }).locator('tbody tr');
    expect(await fixes.filter({ hasText: 'P-102' }).innerText()).toContain('no front port at position 2');
    expect(await fixes.filter({ hasText: 'device dist-1' }).innerText()).toContain('virtual chassis are not mapped');
    expect(await switchCount()).toBe(0);
    await netbox.scrollIntoViewIfNeeded();
    await shoot(page, netbox, 'netbox-import.png');
    const axe = await axeViolations(page, 'NetBox import dry run');

    await netbox.getByRole('button', { name: 'Import…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import this NetBox bundle?' });
    await dialog.getByText('Add the records of lags-panels.json to the data here? You can undo the import afterwards.').waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await netbox.getByRole('status').getByText('Imported:').waitFor();
    expect(await switchCount()).toBe(2);

    const toast = page.locator('.toast').filter({ hasText: 'NetBox bundle imported.' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(switchCount).toBe(0);
    expect(axe).toEqual([]);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('words the section and the dry run in German', async () => {
    await app.admin('POST', '/api/users', { username: 'anna', password: TEST_PASSWORD, role: 'admin', language: 'de' });
    const { context, page } = await newPage(app.browser, { bypassCSP: true });
    const problems = watch(page);
    await page.goto(`${app.baseUrl}/settings/data`);
    await submitSignIn(page, 'anna');
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    const netbox = section(page, 'Aus NetBox importieren');
    await netbox.getByLabel('NetBox-Bündel (JSON)').setInputFiles(BUNDLE);
    await netbox.getByRole('button', { name: 'Datei prüfen' }).click();
    await netbox.getByText('lags-panels.json kann importiert werden. Hinzugefügt würden:').waitFor();
    await netbox.getByRole('table', { name: 'Datensätze des Bündels' }).waitFor();
    await shoot(page, netbox, 'netbox-import-de.png');
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 120_000);
});
