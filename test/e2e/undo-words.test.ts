// Undo, redo and words in the browser: activity entries read as words (field labels, VLANs as "10 Users", links as
// "core-1 / 1", members by port name, yes/no; never field names or ids; a switch deleted with its ports entity by
// entity); the "Undone." message offers Redo and the
// activity list offers Redo on undo entries; a port's history offers undo only of entries about that port (never
// "created switch"); toasts stay a short stack that leaves the page's primary actions free, at the bottom on a
// phone; screenshots activity-words-*.png at 1280 and 375 px, light and dark; axe on the pages.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { h1, axeViolations, useBrowserApp, SHOTS } from './support.ts';
import { seed, type Seeded } from './seed.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

type PortRec = { id: string; name: string; untaggedVlanId: string | null; description: string | null; enabled: boolean };
let data: Seeded;
let core: PortRec[];
let vlans: Record<number, string>;
const port = (name: string) => core.find((p) => p.name === name)!;

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
    core = (await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${data.coreId}`)).ports;
    const access = (await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${data.accessId}`)).ports;
    const list = await app.admin<{ items: { id: string; vid: number; siteId: string }[] }>(
      'GET',
      `/api/vlans?siteId=${data.hqId}&limit=100`,
    );
    vlans = Object.fromEntries(list.items.map((v) => [v.vid, v.id]));
    // The changes the words are about: a VLAN and enabled of port 5, a link to core-1 / 1, a trunk, a LAG.
    await app.admin('PATCH', `/api/ports/${port('5').id}`, { untaggedVlanId: vlans[20], enabled: false });
    await app.admin('PATCH', `/api/ports/${access.find((p) => p.name === '10')!.id}`, { linkedPortId: port('1').id });
    await app.admin('PATCH', `/api/ports/${port('6').id}`, { mode: 'trunk', taggedVlanIds: [vlans[10], vlans[20]] });
    await app.admin('POST', `/api/switches/${data.coreId}/lags`, { name: 'Po7', memberPortIds: [port('45').id, port('46').id] });
    // A switch deleted with its ports: one entry about several entities.
    const spare = await app.admin<{ id: string }>('POST', '/api/switches', { siteId: data.hqId, name: 'spare-1', portCount: 2 });
    await app.admin('DELETE', `/api/switches/${spare.id}`);
  },
});

/** The entry of the timeline whose summary is `summary`. */
const entry = (scope: Page | Locator, summary: string | RegExp) =>
  scope.locator('li.entry').filter({ has: ('mainFrame' in scope ? scope : scope.page()).locator('.entry-summary', { hasText: summary }) });

/** "Field: before → after" of each change of an entry, as shown. */
async function changeLines(e: Locator): Promise<string[]> {
  return e
    .locator('.change')
    .evaluateAll((els) =>
      els.map((el) => `${el.querySelector('dt')?.textContent}: ${el.querySelector('dd')?.textContent}`.replace(/\s+/g, ' ').trim()),
    );
}

/** The headline of each entity of an entry about several ("Deleted port 1"). */
const entityLines = (e: Locator) => e.locator('.change-entity').allInnerTexts();

const current = async (id: string) => app.admin<PortRec>('GET', `/api/ports/${id}`);

describe('activity in words', () => {
  it('shows changes as field labels and names, never field names or ids, at 1280 and 375 px, light and dark', async () => {
    for (const [width, dark] of [
      [1280, false],
      [1280, true],
      [375, false],
      [375, true],
    ] as const) {
      const { context, page, problems } = await app.signedIn('/activity', 'admin', { width, dark, bypassCSP: true });
      await h1(page, 'Activity');
      const port5 = entry(page, 'Updated port 5 on core-1').first();
      await expect.poll(() => changeLines(port5)).toEqual(['Enabled: yes → no', 'Untagged VLAN: 10 Users → 20 Voice']);
      await expect.poll(() => changeLines(entry(page, 'Updated port 10 on access-1').first())).toEqual(['Link: — → core-1 / 1']);
      const trunk = await changeLines(entry(page, 'Updated port 6 on core-1').first());
      expect(trunk).toContain('Mode: access → trunk');
      expect(trunk).toContain('Tagged VLANs: — → 10 Users, 20 Voice');
      await expect
        .poll(async () => (await changeLines(entry(page, 'Po7').first())).find((l) => l.startsWith('Members')))
        .toBe('Members: 45, 46');
      await expect
        .poll(() => entityLines(entry(page, /^Deleted switch spare-1/)))
        .toEqual(['Deleted switch spare-1', 'Deleted port 1', 'Deleted port 2']);
      // Nothing on the page is an id or a field name.
      const text = await page.locator('.timeline').innerText();
      expect(text).not.toMatch(UUID);
      expect(text).not.toMatch(/\b(untaggedVlanId|taggedVlanIds|linkedPortId|memberPortIds|switchId|siteId|vlanId)\b/);
      const labels = await page.locator('.timeline dt').allInnerTexts();
      expect(labels.filter((l) => /^[a-z]+[A-Z]/.test(l))).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `activity-words-${width}-${dark ? 'dark' : 'light'}.png`) });
      expect(await axeViolations(page, `activity ${width} ${dark ? 'dark' : 'light'}`)).toEqual([]);
      expect(problems.errors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});

describe('redo', () => {
  it('offers Redo in the message after an undo, and Undo again after the redo', async () => {
    const p7 = port('7');
    await app.admin('PATCH', `/api/ports/${p7.id}`, { description: 'Kiosk' });
    const { page, finish } = await app.openPage('/activity', 'Activity');
    const e = entry(page, 'Updated port 7 on core-1').first();
    await e.getByRole('button', { name: /^Undo/ }).click();
    await page.getByRole('dialog', { name: 'Undo this change?' }).getByRole('button', { name: 'Undo change' }).click();
    const undone = page.locator('.toast').filter({ hasText: 'Undone.' });
    await undone.waitFor();
    expect((await current(p7.id)).description).toBe(p7.description);
    await undone.getByRole('button', { name: 'Redo' }).click();
    const redone = page.locator('.toast').filter({ hasText: 'Redone.' });
    await redone.waitFor();
    expect((await current(p7.id)).description).toBe('Kiosk');
    // After a redo the message offers Undo again.
    await redone.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await current(p7.id)).description).toBe(p7.description);
    await finish();
  }, 60_000);

  it('offers Redo on an undo entry of the activity list', async () => {
    const p8 = port('8');
    await app.admin('PATCH', `/api/ports/${p8.id}`, { description: 'Spare desk' });
    const newest = await app.admin<{ items: { id: string }[] }>('GET', `/api/activity?entityId=${p8.id}&limit=1`);
    await app.admin('POST', `/api/activity/${newest.items[0]!.id}/undo`);
    expect((await current(p8.id)).description).toBe(p8.description);
    const { page, finish } = await app.openPage('/activity', 'Activity');
    const undoEntry = entry(page, /^Undid: Updated port 8 on core-1$/);
    // The entry must be drawn before its buttons are counted, or a count of none says nothing.
    await undoEntry.waitFor();
    expect(await undoEntry.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    await undoEntry.getByRole('button', { name: 'Redo: Undid: Updated port 8 on core-1' }).click();
    await page.getByRole('dialog', { name: 'Redo this change?' }).getByRole('button', { name: 'Redo change' }).click();
    await page.locator('.toast').filter({ hasText: 'Redone.' }).waitFor();
    expect((await current(p8.id)).description).toBe('Spare desk');
    // The entry it redid is marked undone and offers nothing more.
    await expect.poll(() => undoEntry.getByText('undone', { exact: true }).count()).toBe(1);
    await finish();
  }, 60_000);
});

describe("a port's history", () => {
  it('offers undo only of entries about that port, never of the created switch, and shows only its part of a bulk change', async () => {
    const { context, page, problems } = await app.signedIn(`/switches/${data.coreId}`, 'admin', { bypassCSP: true });
    await h1(page, 'core-1');
    await page.getByRole('button', { name: '5 history', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History of port 5 on core-1' });
    await entry(dialog, 'Created switch core-1').waitFor();
    const created = entry(dialog, 'Created switch core-1');
    expect(await created.getByRole('button').count()).toBe(0);
    const bulk = entry(dialog, 'Updated 12 ports on core-1');
    expect(await bulk.getByRole('button').count()).toBe(0);
    // Only what the bulk change did to port 5, without a port count.
    const bulkLines = await changeLines(bulk);
    expect(bulkLines).toContain('Untagged VLAN: — → 10 Users');
    expect(bulkLines.join(' ')).not.toMatch(/\d+ ports\)/);
    const own = entry(dialog, 'Updated port 5 on core-1');
    await own.getByRole('button', { name: /^Undo/ }).click();
    await page.getByRole('dialog', { name: 'Undo this change?' }).getByRole('button', { name: 'Undo change' }).click();
    await expect.poll(async () => (await current(port('5').id)).untaggedVlanId).toBe(vlans[10]);
    // The undo entry is now in the history and offers Redo.
    await entry(dialog, 'Undid: Updated port 5 on core-1').getByRole('button', { name: /^Redo/ }).waitFor();
    const undoButtons = await dialog.getByRole('button', { name: /^(Undo|Redo):/ }).count();
    expect(undoButtons).toBe(1);
    expect(await axeViolations(page, 'port history')).toEqual([]);
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('toasts', () => {
  for (const width of [1280, 375]) {
    it(`stay a short stack clear of the page's primary actions at ${width} px`, async () => {
      const { context, page, problems } = await app.signedIn('/activity', 'admin', { width });
      await h1(page, 'Activity');
      // Six undo/redo rounds on one entry: six messages, at most three shown.
      const p9 = port('9');
      await app.admin('PATCH', `/api/ports/${p9.id}`, { description: 'Toasts' });
      await page.reload();
      await h1(page, 'Activity');
      await entry(page, 'Updated port 9 on core-1').first().getByRole('button', { name: /^Undo/ }).click();
      await page.getByRole('dialog', { name: 'Undo this change?' }).getByRole('button', { name: 'Undo change' }).click();
      for (let i = 0; i < 5; i++) {
        const last = page.locator('.toast').last();
        await last.getByRole('button', { name: /^(Undo|Redo)$/ }).click();
        await expect.poll(() => page.locator('.toast').last().innerText()).toMatch(i % 2 === 0 ? /Redone\./ : /Undone\./);
      }
      expect(await page.locator('.toast').count()).toBeLessThanOrEqual(3);
      const stack = (await page.locator('.toasts').boundingBox())!;
      const viewport = page.viewportSize()!;
      // At the bottom of the screen; on a phone across it, on a wide screen a narrow column at the right.
      expect(stack.y + stack.height).toBeGreaterThan(viewport.height - 24);
      if (width === 375) expect(stack.width).toBeGreaterThan(330);
      else expect(stack.width).toBeLessThanOrEqual(400);
      // The page's title and its actions at the top stay uncovered.
      const head = (await page.locator('h1').boundingBox())!;
      expect(head.y + head.height).toBeLessThan(stack.y);
      await page.screenshot({ path: join(SHOTS, `activity-words-toasts-${width}.png`) });
      expect(problems.errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
