// Who sees what: a viewer gets no edit controls (and the API refuses anyway), a deep link survives the
// sign-in, and stored markup is shown as text.
import { describe, expect, it } from 'vitest';
import { api, h1, newPage, signIn, submitSignIn, useBrowserApp, watch } from './support.ts';
import { userWithRole, TEST_PASSWORD } from '../helpers/server.ts';

let siteId: string;
let switchId: string;
let vlanId: string;
const XSS = '<img src=x onerror=alert(1)>';

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    siteId = (await app.admin('POST', '/api/sites', { name: 'Branch', description: 'Second office' })).id;
    vlanId = (await app.admin('POST', '/api/vlans', { siteId, name: 'Voice', vid: 20, color: '#8e44ad' })).id;
    switchId = (await app.admin('POST', '/api/switches', { siteId, name: 'edge-1', portCount: 8, managementIp: '10.1.0.2' })).id;
    await userWithRole(baseUrl, adminToken, 'viewer1', 'viewer');
  },
});

describe('access in the browser', () => {
  it('shows a viewer no edit controls, and the API refuses their changes', async () => {
    const { context, page, problems } = await app.signedIn('/sites', 'viewer1');
    await page.getByRole('link', { name: 'Branch' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add site' }).count()).toBe(0);

    await page.goto(`${app.baseUrl}/sites/${siteId}`);
    await h1(page, 'Branch');
    for (const name of ['Edit', 'Delete', 'Add switch', 'Add VLAN', 'Add network']) {
      expect(
        await page
          .getByRole('button', { name, exact: true })
          .or(page.getByRole('link', { name, exact: true }))
          .count(),
        name,
      ).toBe(0);
    }

    await page.goto(`${app.baseUrl}/switches/${switchId}`);
    await h1(page, 'edge-1');
    await page.locator('.panel .port[data-name="1"]').click();
    await page.getByText('1 port selected.').waitFor();
    expect(await page.getByRole('form', { name: 'Change selected ports' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit port/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Details' }).click();
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);

    await page.goto(`${app.baseUrl}/vlans/${vlanId}`);
    await h1(page, 'VLAN 20 Voice');
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);

    await page.goto(`${app.baseUrl}/settings/data`);
    await page.getByText('Only administrators can manage data.').waitFor();
    expect(await page.getByRole('link', { name: 'Download backup' }).count()).toBe(0);

    // The API refuses a viewer whatever the UI shows: with the session cookie from the page, and with a token.
    const fromPage = await page.evaluate(async (id) => {
      const a = await fetch('/api/sites', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Sneaky' }),
      });
      const b = await fetch(`/api/switches/${id}`, { method: 'DELETE' });
      return [a.status, b.status];
    }, switchId);
    expect(fromPage).toEqual([403, 403]);
    const login = await api(app.baseUrl, 'POST', '/api/auth/login', { body: { username: 'viewer1', password: TEST_PASSWORD } });
    const token = login.body.token as string;
    expect((await api(app.baseUrl, 'PATCH', `/api/sites/${siteId}`, { token, body: { name: 'Renamed' } })).status).toBe(403);
    expect((await api(app.baseUrl, 'GET', '/api/backup/export', { token })).status).toBe(403);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('opens a deep link to a switch after signing in', async () => {
    const { context, page } = await newPage(app.browser);
    await page.goto(`${app.baseUrl}/switches/${switchId}?tab=details`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await submitSignIn(page);
    await h1(page, 'edge-1');
    expect(new URL(page.url()).pathname).toBe(`/switches/${switchId}`);
    await page.getByLabel('Management IP').waitFor();
    expect(await page.getByLabel('Management IP').inputValue()).toBe('10.1.0.2');
    // Reload keeps the page; back and forward move between pages.
    await page.reload();
    await h1(page, 'edge-1');
    await page.getByRole('link', { name: 'Branch' }).first().click();
    await h1(page, 'Branch');
    await page.goBack();
    await h1(page, 'edge-1');
    await page.goForward();
    await h1(page, 'Branch');
    await context.close();
  }, 60_000);

  it('shows stored markup as text and runs no script from it', async () => {
    const xssSite = await app.admin('POST', '/api/sites', { name: XSS, description: XSS, notes: XSS });
    await app.admin('POST', '/api/switches', { siteId: xssSite.id, name: XSS, location: XSS, portCount: 2 });
    const { context, page } = await newPage(app.browser);
    const problems = watch(page);
    await page.addInitScript(() => {
      (window as unknown as { __alerts: number }).__alerts = 0;
      window.alert = () => {
        (window as unknown as { __alerts: number }).__alerts++;
      };
    });
    await signIn(page, app.baseUrl, '/sites');
    await page.getByRole('link', { name: XSS }).waitFor();
    await page.goto(`${app.baseUrl}/sites/${xssSite.id}`);
    await h1(page, XSS);
    await page.getByRole('link', { name: XSS }).first().click();
    await h1(page, XSS);
    await page.goto(`${app.baseUrl}/activity`);
    await page.locator('.entry').getByText(XSS).first().waitFor();
    await page.getByRole('combobox', { name: /Search/ }).fill('onerror');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').filter({ hasText: XSS }).first().waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __alerts: number }).__alerts)).toBe(0);
    expect(problems.dialogs).toEqual([]);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('server warnings', () => {
  it('shows admins a banner when the server runs without a proper secret', async () => {
    const { startServer, setupAdmin } = await import('../helpers/server.ts');
    const insecure = await startServer({ env: { APP_JWT_SECRET: '' } });
    try {
      const health = await api(insecure.baseUrl, 'GET', '/api/health');
      expect(health.body.warnings.length).toBeGreaterThan(0);
      await setupAdmin(insecure.baseUrl);
      const { context, page } = await newPage(app.browser);
      await signIn(page, insecure.baseUrl, '/');
      const banner = page.locator('.banner.warning');
      await banner.waitFor();
      expect(await banner.innerText()).toMatch(/secret/i);
      await context.close();
    } finally {
      await insecure.stop();
    }
  }, 60_000);
});
