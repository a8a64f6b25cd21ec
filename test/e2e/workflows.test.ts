// Everyday workflows: search from the keyboard, the port editor in its side panel (the API's message under its
// field; create, rename, delete a port), a 412 conflict offering a reload, restoring a backup after a dry-run
// preview, a token shown once, undo from a toast, the account's name and language.
import { describe, expect, it } from 'vitest';
import { api, h1, useBrowserApp } from './support.ts';

let siteId: string;
let switchId: string;

const app = useBrowserApp({
  setup: async () => {
    siteId = (await app.admin('POST', '/api/sites', { name: 'Depot' })).id;
    await app.admin('POST', '/api/vlans', { siteId, name: 'Cameras', vid: 40 });
    await app.admin('POST', '/api/vlans', { siteId, name: 'Doors', vid: 41 });
    switchId = (await app.admin('POST', '/api/switches', { siteId, name: 'depot-sw', portCount: 8, managementIp: '10.4.0.2' })).id;
  },
});

describe('workflows in the browser', () => {
  it('focuses search with /, and Enter opens the best match', async () => {
    const { context, page } = await app.signedIn('/');
    await page.getByRole('heading', { name: 'Dashboard' }).click();
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: /Search/ });
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('10.4.0.2');
    await page.getByRole('option').filter({ hasText: 'depot-sw' }).waitFor();
    await page.keyboard.press('Enter');
    await h1(page, 'depot-sw');
    expect(new URL(page.url()).pathname).toBe(`/switches/${switchId}`);
    await context.close();
  }, 60_000);

  it('edits one port in the side panel and shows the API message under the field', async () => {
    const { context, page, problems } = await app.signedIn(`/switches/${switchId}`);
    await page.getByRole('button', { name: 'Edit port 3', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Port 3' });
    await panel.getByLabel('Description').fill('Gate camera');
    await panel.getByLabel('Speed').fill('this speed text is far too long');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await panel.locator('.field-error').first().waitFor();
    expect(await panel.getByLabel('Description').inputValue()).toBe('Gate camera');
    await panel.getByLabel('Speed').fill('1G');
    await panel.getByLabel('Untagged VLAN').selectOption({ label: '40 Cameras' });
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Port 3 saved.').waitFor();
    const row = page.locator('table.ports tbody tr').filter({ has: page.locator('th.port-col', { hasText: /^3 history$/ }) });
    await row.getByText('Gate camera').waitFor();
    await row.getByText('Cameras').waitFor();
    // The port's own history lists the change.
    await page.getByRole('button', { name: '3 history', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'History of port 3 on depot-sw' });
    await history.getByText('Gate camera').first().waitFor();
    await history.getByRole('button', { name: 'Close' }).click();
    // Closing gives the focus back to the button that opened it: only then is the panel's turn.
    await history.waitFor({ state: 'detached' });
    // The panel works from the keyboard: arrows move, Space selects, Shift+Space selects a range.
    await page.locator('.panel .port[data-name="1"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.name)).toBe('3');
    await page.keyboard.press('Space');
    await page.locator('.panel .port[data-name="3"][aria-pressed="true"]').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Space');
    await page.getByText('4 ports selected').waitFor();
    expect(
      await page.locator('.panel .port[aria-pressed="true"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.name)),
    ).toEqual(['3', '4', '5', '6']);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('makes a trunk with the VLAN picker, and creates, renames and deletes a port', async () => {
    const { context, page, problems } = await app.signedIn(`/switches/${switchId}`);
    // The favourite star is the caller's own.
    await page.getByRole('button', { name: 'Favourite' }).click();
    await page.locator('button.star[aria-pressed="true"]').waitFor();
    expect((await app.admin('GET', `/api/switches/${switchId}`)).favorite).toBe(true);
    await page.getByRole('button', { name: 'Edit port 8', exact: true }).click();
    let panel = page.getByRole('dialog', { name: 'Port 8' });
    await panel.getByLabel('Mode', { exact: true }).selectOption('trunk');
    await panel.getByLabel('Tagged VLANs', { exact: true }).fill('40, 99');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await panel.getByText('VLAN 99 is not a VLAN of this site').waitFor();
    await panel.getByLabel('Tagged VLANs', { exact: true }).fill('');
    await panel.getByRole('checkbox', { name: /41 Doors/ }).check();
    await panel.getByRole('checkbox', { name: /40 Cameras/ }).check();
    expect(await panel.getByLabel('Tagged VLANs', { exact: true }).inputValue()).toBe('40-41');
    await panel.getByLabel('Type', { exact: true }).selectOption('sfp+');
    await panel.getByLabel('Name', { exact: true }).fill('te1');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Port 8 renamed to te1.').waitFor();
    const port = (await app.admin('GET', `/api/switches/${switchId}`)).ports.find((x: { name: string }) => x.name === 'te1');
    expect(port).toMatchObject({ mode: 'trunk', type: 'sfp+' });
    expect(port.taggedVlanIds).toHaveLength(2);
    // Drawn in the SFP group, with a strip of its tagged VLANs' colours.
    await page.locator('.panel-block.group-sfp .port[data-name="te1"] .tag-strip span').nth(1).waitFor();

    await page.getByRole('button', { name: 'Add port', exact: true }).click();
    panel = page.getByRole('dialog', { name: 'New port' });
    await panel.getByLabel('Name', { exact: true }).fill('mgmt0');
    await panel.getByLabel('Type', { exact: true }).selectOption('management');
    await panel.getByRole('button', { name: 'Create port', exact: true }).click();
    await page.getByText('Port mgmt0 created.').waitFor();
    await page.locator('.panel-block.group-mgmt .port[data-name="mgmt0"]').waitFor();

    await page.getByRole('button', { name: 'Edit port mgmt0', exact: true }).click();
    panel = page.getByRole('dialog', { name: 'Port mgmt0' });
    await panel.getByRole('button', { name: 'Delete port', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete port?' }).getByRole('button', { name: 'Delete port' }).click();
    await page.getByText('Port mgmt0 deleted.').waitFor();
    expect(await page.locator('.panel .port[data-name="mgmt0"]').count()).toBe(0);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('explains a 412 conflict and reloads', async () => {
    const { context, page } = await app.signedIn(`/switches/${switchId}?tab=details`);
    await page.getByLabel('Location').fill('Gatehouse');
    await app.admin('PATCH', `/api/switches/${switchId}`, { location: 'Loading bay' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Someone else changed this after you opened it').waitFor();
    expect(await page.getByLabel('Location').inputValue()).toBe('Gatehouse');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Location').inputValue()).toBe('Loading bay');
    await context.close();
  }, 60_000);

  it('restores a backup after a dry-run preview of its counts', async () => {
    const backup = await api(app.baseUrl, 'GET', '/api/backup/export', { token: app.adminToken });
    expect(backup.status).toBe(200);
    await app.admin('POST', '/api/sites', { name: 'Made after the backup' });
    const { context, page, problems } = await app.signedIn('/settings/data');
    await page
      .getByLabel('Backup file (db-v1 JSON)')
      .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(backup.text) });
    const restore = page.locator('section', { has: page.getByRole('heading', { name: 'Restore a backup' }) });
    await restore.getByRole('button', { name: 'Check file' }).click();
    await restore.getByText('backup.json is valid.').waitFor();
    const sitesRow = restore.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'sites' }) });
    expect(await sitesRow.getByRole('cell').first().innerText()).toBe('1');
    expect((await app.admin('GET', '/api/sites')).total).toBe(2);
    await restore.getByRole('button', { name: 'Restore…' }).click();
    await page.getByRole('dialog', { name: 'Restore this backup?' }).getByRole('button', { name: 'Restore' }).click();
    await restore.getByText('Restored:').waitFor();
    const sites = await app.admin('GET', '/api/sites');
    expect(sites.items.map((s: { name: string }) => s.name)).toEqual(['Depot']);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows a new API token once, with a copy button', async () => {
    const { context, page } = await app.signedIn('/settings/tokens');
    await page.getByLabel('Name').fill('nightly export');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = page.getByLabel('The new token');
    await secret.waitFor();
    const token = await secret.inputValue();
    expect(token.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    expect((await api(app.baseUrl, 'GET', '/api/auth/me', { token })).status).toBe(200);
    await page.getByRole('row').filter({ hasText: 'nightly export' }).waitFor();
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'nightly export' }).waitFor();
    expect(await page.getByLabel('The new token').count()).toBe(0);
    await context.close();
  }, 60_000);
});

describe('undo from the success message', () => {
  it('brings a deleted network back with the Undo of its toast', async () => {
    const net = await app.admin('POST', '/api/networks', { siteId, name: 'Temporary', subnet: '10.77.0.0/24' });
    const { context, page } = await app.signedIn(`/networks/${net.id}`);
    await h1(page, 'Temporary');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete network?' }).getByText('Delete network Temporary (10.77.0.0/24)?').waitFor();
    await page.getByRole('button', { name: 'Delete network' }).click();
    const toast = page.locator('.toast').filter({ hasText: 'Network Temporary deleted.' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Undone.').waitFor();
    const back = await api(app.baseUrl, 'GET', `/api/networks/${net.id}`, { token: app.adminToken });
    expect(back.status).toBe(200);
    expect(back.body.subnet).toBe('10.77.0.0/24');
    await context.close();
  }, 60_000);
});

describe('account settings', () => {
  it('saves the display name and the language', async () => {
    const { context, page, problems } = await app.signedIn('/settings/account');
    await page.getByLabel('Display name').fill('Ada Admin');
    await page.getByLabel('Language', { exact: true }).selectOption('de');
    await page.getByRole('button', { name: 'Save name and language' }).click();
    // The page turns German at once, the message too.
    await page.getByText('Name und Sprache gespeichert.').waitFor();
    await page.locator('.user-chip').filter({ hasText: 'Ada Admin' }).waitFor();
    expect(await app.admin('GET', '/api/auth/me')).toMatchObject({ displayName: 'Ada Admin', language: 'de' });
    await app.admin('PATCH', '/api/auth/me', { displayName: null, language: 'en' });
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
