// Data management in the browser: a CSV import with one bad row imports nothing and names that row; the
// backup download is a db-v1 document.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { useBrowserApp } from './support.ts';

const app = useBrowserApp({
  setup: async () => {
    await app.admin('POST', '/api/sites', { name: 'HQ' });
  },
});

describe('data management in the browser', () => {
  it('refuses a CSV of switches with one bad row, lists that row and imports nothing', async () => {
    const { context, page, problems } = await app.signedIn('/settings/data');
    await page.getByRole('heading', { name: 'Import CSV' }).waitFor();
    await page.getByLabel('Kind').selectOption('switches');
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download switches template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('switchyard-switches-template.csv');
    const header = readFileSync((await template.path())!, 'utf8')
      .split(/\r?\n/)[0]!
      .split(',');
    expect(header).toContain('name');
    expect(header).toContain('managementIp');
    const csv = [
      'site,name,managementIp,status',
      'HQ,sw-a,10.0.0.1,active',
      'HQ,sw-b,10.0.0.300,active',
      'HQ,sw-c,10.0.0.3,planned',
      '',
    ].join('\r\n');
    await page.getByLabel('CSV file of switches').setInputFiles({ name: 'switches.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import switches' }).click();
    const errors = page.getByRole('region', { name: 'Row errors' });
    await errors.waitFor();
    const rows = errors.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    const cells = await rows.first().locator('td').allInnerTexts();
    expect(cells[0]).toBe('2');
    expect(cells[1]).toBe('managementIp');
    await page.getByText('Nothing was imported.', { exact: false }).waitFor();
    const list = await app.admin('GET', '/api/switches');
    expect(list.total).toBe(0);

    // The same file without the bad row imports both switches.
    const good = ['site,name,managementIp,status', 'HQ,sw-a,10.0.0.1,active', 'HQ,sw-c,10.0.0.3,planned', ''].join('\r\n');
    await page.getByLabel('CSV file of switches').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page.getByRole('button', { name: 'Import switches' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported switches: 2 created, 0 updated, 0 unchanged.' }).first().waitFor();
    expect((await app.admin('GET', '/api/switches')).total).toBe(2);

    // An exported file edited in a spreadsheet imports back as the edit, and says so.
    const exported = await (
      await fetch(`${app.baseUrl}/api/switches?format=csv&sort=name`, { headers: { authorization: `Bearer ${app.adminToken}` } })
    ).text();
    const edited = exported.replace(',planned,', ',active,');
    expect(edited).not.toBe(exported);
    await page.getByLabel('CSV file of switches').setInputFiles({ name: 'edited.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
    await page.getByRole('button', { name: 'Import switches' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported switches: 0 created, 1 updated, 1 unchanged.' }).first().waitFor();
    expect((await app.admin('GET', '/api/switches?status=planned')).total).toBe(0);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('merges a backup in after a dry run that counts new and merged records', async () => {
    const exported = await fetch(`${app.baseUrl}/api/backup/export`, { headers: { authorization: `Bearer ${app.adminToken}` } });
    const text = await exported.text();
    const { context, page, problems } = await app.signedIn('/settings/data');
    const merge = page.locator('section', { has: page.getByRole('heading', { name: 'Merge data in' }) });
    await merge.getByLabel(/File to merge/).setInputFiles({ name: 'export.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await merge.getByRole('button', { name: 'Check file' }).click();
    await merge.getByText('export.json is valid.').waitFor();
    const sitesRow = merge.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'sites' }) });
    expect(await sitesRow.getByRole('cell').allInnerTexts()).toEqual(['0', '1']);
    await merge.getByRole('button', { name: 'Merge…' }).click();
    await page.getByRole('dialog', { name: 'Merge this data?' }).getByRole('button', { name: 'Merge' }).click();
    await merge.getByText('Merged:').waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('downloads a db-v1 backup whose file name says when', async () => {
    const { context, page } = await app.signedIn('/settings/data');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download backup' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^switchyard-backup-\d{8}T\d{4,6}/);
    const path = await download.path();
    const doc = JSON.parse(readFileSync(path!, 'utf8'));
    expect(doc.schema).toBe('db-v1');
    expect(doc.data.sites.map((s: { name: string }) => s.name)).toContain('HQ');
    await context.close();
  }, 60_000);
});
