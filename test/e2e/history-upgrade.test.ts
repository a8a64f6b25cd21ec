// The 0.20.x history in the browser after an upgrade (issue 35): a copy of the real 0.20.3 data directory
// (../shared/fixtures/ezswm-0.20.3) migrated at the server's first start. A port's history holds its 0.20.x edits
// with their before and after values; the newest undoes from there, and the one before it only then. An entry the
// migration could not make undoable says why. The German user (the fixture's helpdesk) reads the same history in
// German. The port is found in the fixture: the first port with two edits that kept their previous values.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { describeNeeding, SHARED_FIXTURES } from '../helpers/needs.ts';
import { api, type TestServer } from '../helpers/server.ts';
import * as e2e from './support.ts';
import { LEGACY_ADMIN as ADMIN, LEGACY_FIXTURE as FIXTURE, LEGACY_FIXTURE_NEEDS as NEED } from './support.ts';

const VIEWER_DE = { username: 'helpdesk', password: 'Helpdesk-Neu-2026' };

let server: TestServer;
let browser: Browser;
let token: string;
/** The port with two 0.20.x edits: its switch's id and name, its id and name, and the two entries, newest first. */
let target: { switchId: string; switchName: string; portId: string; portName: string; entries: { id: string; summary: string }[] };

/** The fixture's first port edited twice with previous values, as the migrated API has it. */
async function portEditedTwice(): Promise<typeof target> {
  const edits = JSON.parse(readFileSync(join(SHARED_FIXTURES, FIXTURE, 'activity.json'), 'utf8')).filter(
    (old: any) => old.action === 'update_port' && old.previous_state && old.metadata?.port_id,
  );
  const twice = edits.find((old: any) => edits.filter((other: any) => other.metadata.port_id === old.metadata.port_id).length === 2);
  const activity = (await api(server.baseUrl, 'GET', '/api/activity?limit=500', { token })).body.items;
  const entries = activity.filter((entry: any) => entry.entityType === 'port' && edits.some((old: any) => old.timestamp === entry.at));
  const mine = entries.filter((entry: any) => entries.find((e: any) => e.at === twice.timestamp)?.entityId === entry.entityId);
  const port = (await api(server.baseUrl, 'GET', `/api/ports/${mine[0].entityId}`, { token })).body;
  const sw = (await api(server.baseUrl, 'GET', `/api/switches/${port.switchId}`, { token })).body;
  return { switchId: sw.id, switchName: sw.name, portId: port.id, portName: port.name, entries: mine };
}

const entry = (scope: Locator, summary: string) =>
  scope.locator('li.entry').filter({ has: scope.page().locator('.entry-summary', { hasText: summary }) });

describeNeeding(NEED, 'the 0.20.x history of a migrated 0.20.3 data directory, in the browser', () => {
  beforeAll(async () => {
    ({ server, browser, token } = await e2e.startMigratedFixture());
    target = await portEditedTwice();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("reads a port's 0.20.x edits in German, with their values and the reason one cannot be undone", { timeout: 60_000 }, async () => {
    const { context, page } = await e2e.newPage(browser, { width: 1280, height: 900 });
    const problems = e2e.watch(page);
    await page.goto(`${server.baseUrl}/activity`);
    await page.locator('form input[autocomplete="username"]').fill(VIEWER_DE.username);
    await page.locator('form input[type="password"]').fill(VIEWER_DE.password);
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    await e2e.h1(page, 'Aktivität');
    const lost = page.locator('li.entry').filter({ has: page.locator('.hint', { hasText: 'Nicht rückgängig zu machen' }) });
    await lost.first().waitFor();
    // The migration's own entry links to its summary instead of listing its counts and fixes as JSON.
    const migrated = page.locator('li.entry.action-migrate').filter({ hasText: '0.20.x-Daten übernommen' });
    await migrated.getByRole('link', { name: 'Korrekturen ansehen' }).waitFor();
    expect(await migrated.innerText()).not.toContain('"file"');
    // The reason too is German: the history's own reasons are worded from the catalogue.
    await expect.poll(() => lost.filter({ hasText: /hat heute andere Werte|nennt ein VLAN/ }).count()).toBeGreaterThan(0);
    await lost
      .filter({ hasText: /hat heute andere Werte/ })
      .first()
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(e2e.SHOTS, 'history-upgrade-activity-de.png') });
    await page.goto(`${server.baseUrl}/switches/${target.switchId}`);
    await e2e.h1(page, target.switchName);
    await page.getByRole('button', { name: `${target.portName} – Verlauf`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Verlauf von Port ${target.portName} an ${target.switchName}` });
    const german = `Port ${target.portName} an ${target.switchName} (0.20.x: update_port) geändert`;
    await expect.poll(() => entry(dialog, german).count()).toBe(2);
    await page.screenshot({ path: join(e2e.SHOTS, 'history-upgrade-port-de.png') });
    await e2e.finishPage({ context, page, problems });
  });

  it('undoes the newest 0.20.x edit of the port from its history, then the one before it', { timeout: 60_000 }, async () => {
    const { context, page } = await e2e.newPage(browser, { width: 1280, height: 900 });
    const problems = e2e.watch(page);
    await e2e.signIn(page, server.baseUrl, `/switches/${target.switchId}`, ADMIN.username, ADMIN.password);
    await e2e.h1(page, target.switchName);
    await page.getByRole('button', { name: `${target.portName} history`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `History of port ${target.portName} on ${target.switchName}` });
    const [newer, older] = target.entries;
    const rows = dialog.locator('li.entry').filter({ has: page.locator('.entry-summary', { hasText: newer.summary }) });
    await expect.poll(() => rows.count()).toBe(2);
    // Each shows its values; the newest first.
    await expect.poll(() => rows.nth(0).locator('.change').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(e2e.SHOTS, 'history-upgrade-port.png') });
    const undo = async (row: Locator) => {
      await row.getByRole('button', { name: /^Undo/ }).click();
      await page.getByRole('dialog', { name: 'Undo this change?' }).getByRole('button', { name: 'Undo change' }).click();
    };
    await undo(rows.nth(0));
    await page.locator('.toast').filter({ hasText: 'Undone' }).first().waitFor();
    const undoneBy = async (id: string) => {
      const history = await api(server.baseUrl, 'GET', `/api/activity?entityType=port&entityId=${target.portId}`, { token });
      return history.body.items.find((e: any) => e.id === id)?.undoneBy;
    };
    await expect.poll(() => undoneBy(newer.id)).not.toBeNull();
    await undo(
      dialog
        .locator('li.entry')
        .filter({ has: page.locator('.entry-summary', { hasText: older.summary }) })
        .last(),
    );
    await expect.poll(() => undoneBy(older.id)).not.toBeNull();
    await page.screenshot({ path: join(e2e.SHOTS, 'history-upgrade-port-undone.png') });
    await e2e.finishPage({ context, page, problems });
  });
});
