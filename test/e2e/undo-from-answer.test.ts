// Undo from the change's own answer: a port save is one request (the PATCH), the switch page shows the port as the
// PATCH answered it, and the message's Undo reverses the entry that answer named (its Activity-Id); a port deleted on
// the switch page offers Undo of exactly its delete, not of a change made after it. Screenshots
// port-saved-undo-*.png of the message at 1280 and 375 px.
import { join } from 'node:path';
import type { Page, Request, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { h1, useBrowserApp, SHOTS } from './support.ts';

type PortRec = { id: string; name: string; description: string | null };
let switchId: string;
let ports: PortRec[];
const port = (name: string) => ports.find((p) => p.name === name)!;

const app = useBrowserApp({
  setup: async () => {
    const siteId = (await app.admin('POST', '/api/sites', { name: 'Annex' })).id;
    await app.admin('POST', '/api/vlans', { siteId, name: 'Printers', vid: 30 });
    switchId = (await app.admin('POST', '/api/switches', { siteId, name: 'annex-sw', portCount: 12 })).id;
    ports = (await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${switchId}`)).ports;
    await app.admin('PATCH', `/api/ports/${port('4').id}`, { description: 'Printer hall' });
  },
});

const current = (id: string) => app.admin<PortRec>('GET', `/api/ports/${id}`);

/** Every request to /api/ the page makes from now on, as "METHOD /api/path". */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${r.method()} ${url.pathname}`);
  });
  return seen;
}

/** The Activity-Id of the next answer to `method` on `path`. */
async function activityIdOf(page: Page, method: string, path: string): Promise<string> {
  const answer = await page.waitForResponse((r: Response) => r.request().method() === method && new URL(r.url()).pathname === path);
  return (await answer.allHeaders())['activity-id'] ?? '';
}

describe('a port save', () => {
  for (const [width, dark] of [
    [1280, false],
    [375, true],
  ] as const) {
    it(`is one request, the PATCH, shows the port it answered, and its Undo reverses that entry (${width} px)`, async () => {
      const p4 = port('4');
      const before = (await current(p4.id)).description;
      const { context, page, problems } = await app.signedIn(`/switches/${switchId}`, 'admin', { width, dark });
      await h1(page, 'annex-sw');
      await page.getByRole('button', { name: 'Edit port 4', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Port 4' });
      await panel.getByLabel('Description').fill(`Label printer ${width}`);
      // The editor's own reads (switches, addresses) are done before Save is counted.
      await page.waitForLoadState('networkidle');
      const requests = apiRequests(page);
      const patched = activityIdOf(page, 'PATCH', `/api/ports/${p4.id}`);
      await panel.getByRole('button', { name: 'Save', exact: true }).click();
      const toast = page.locator('.toast').filter({ hasText: 'Port 4 saved.' });
      await toast.getByRole('button', { name: 'Undo' }).waitFor();
      expect(requests).toEqual([`PATCH /api/ports/${p4.id}`]);
      const row = page.locator(`#port-row-${p4.id}`);
      const saved = row.getByText(`Label printer ${width}`);
      await saved.waitFor();
      expect(requests).toEqual([`PATCH /api/ports/${p4.id}`]);
      // On a phone the table scrolled to the Edit button the focus went back to: the description is shown instead.
      await saved.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `port-saved-undo-${width}-${dark ? 'dark' : 'light'}.png`) });

      const entry = await patched;
      expect(entry).toMatch(/^[0-9a-f-]{36}$/);
      const undoCall = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/activity/'));
      await toast.getByRole('button', { name: 'Undo' }).click();
      expect(new URL((await undoCall).url()).pathname).toBe(`/api/activity/${entry}/undo`);
      await page.locator('.toast').filter({ hasText: 'Undone.' }).waitFor();
      expect((await current(p4.id)).description).toBe(before);
      await row.getByText(before!).waitFor();
      expect(problems.errors).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it('that changes nothing offers no Undo (it wrote no entry)', async () => {
    const { page, finish } = await app.openPage(`/switches/${switchId}`, 'annex-sw');
    await page.getByRole('button', { name: 'Edit port 5', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Port 5' });
    await panel.getByLabel('Description').waitFor();
    await page.waitForLoadState('networkidle');
    const requests = apiRequests(page);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    const toast = page.locator('.toast').filter({ hasText: 'Port 5 saved.' });
    await toast.waitFor();
    expect(await toast.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    expect(requests).toEqual([`PATCH /api/ports/${port('5').id}`]);
    await finish();
  }, 60_000);
});

describe('a port delete', () => {
  it('offers Undo of exactly its own entry, not of a change made after it', async () => {
    const p9 = port('9');
    const p10 = port('10');
    const { page, finish } = await app.openPage(`/switches/${switchId}`, 'annex-sw');
    await page.getByRole('button', { name: 'Edit port 9', exact: true }).click();
    await page.getByRole('dialog', { name: 'Port 9' }).getByRole('button', { name: 'Delete port', exact: true }).click();
    const requests = apiRequests(page);
    const deleted = activityIdOf(page, 'DELETE', `/api/ports/${p9.id}`);
    await page.getByRole('dialog', { name: 'Delete port?' }).getByRole('button', { name: 'Delete port' }).click();
    const toast = page.locator('.toast').filter({ hasText: 'Port 9 deleted.' });
    await toast.getByRole('button', { name: 'Undo' }).waitFor();
    // No look-up of the newest entry: the DELETE's answer named it.
    expect(requests.filter((r) => r.includes('/api/activity'))).toEqual([]);
    const entry = await deleted;
    expect(entry).toMatch(/^[0-9a-f-]{36}$/);
    // Someone else deletes another port of the switch meanwhile: the newer entry is not the one offered.
    await app.admin('DELETE', `/api/ports/${p10.id}`);
    const undoCall = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/activity/'));
    await toast.getByRole('button', { name: 'Undo' }).click();
    expect(new URL((await undoCall).url()).pathname).toBe(`/api/activity/${entry}/undo`);
    await page.locator('.toast').filter({ hasText: 'Undone.' }).waitFor();
    expect((await current(p9.id)).name).toBe('9');
    const names = (await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${switchId}`)).ports.map((p) => p.name);
    expect(names).toContain('9');
    expect(names).not.toContain('10');
    await page.locator('.panel .port[data-name="9"]').waitFor();
    await finish();
  }, 60_000);
});
