// Settings › API tokens in the browser (issue 43): a read-only token made for Ansible and Oxidized from the card that
// shows this server's inventory addresses; it reads and changes nothing; at 1280 and 375 px.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, SHOTS, useBrowserApp } from './support.ts';

const app = useBrowserApp();

describe('Settings › API tokens: a read-only token for Ansible and Oxidized', () => {
  it('shows the inventory addresses, prepares a read-only token, and the token made reads but changes nothing', async () => {
    const opened = await app.openPage('/settings/tokens', 'API tokens');
    const { page } = opened;
    const tools = page.getByRole('region', { name: 'Ansible and Oxidized' });
    await tools.getByText(`${app.baseUrl}/api/inventory/oxidized`).waitFor();
    await tools.getByText(`SWITCHYARD_URL=${app.baseUrl}`, { exact: false }).waitFor();
    await tools.getByRole('button', { name: 'Prepare a read-only token' }).click();
    expect(await page.getByLabel('Read-only').isChecked()).toBe(true);
    expect(await page.getByLabel('Name').inputValue()).toBe('Ansible and Oxidized');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = await page.getByLabel('The new token').inputValue();
    await page.getByRole('row').filter({ hasText: 'Ansible and Oxidized' }).getByRole('cell', { name: 'read-only' }).waitFor();
    expect((await api(app.baseUrl, 'GET', '/api/inventory/oxidized', { token })).status).toBe(200);
    expect((await api(app.baseUrl, 'POST', '/api/sites', { token, body: { name: 'Not made' } })).status).toBe(403);
    await page.screenshot({ path: join(SHOTS, 'tokens-read-only-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'tokens-read-only-375.png'), fullPage: true });
    await opened.finish();
  }, 60_000);
});
