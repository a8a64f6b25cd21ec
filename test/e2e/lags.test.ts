// LAGs and switch duplicates in the browser: a LAG made by picking ports on the front panel of its side panel,
// a trunk with tagged VLANs paired with a LAG of another switch (members marked on the panel, the far end listed
// and linked), a member's editor read-only with a way to its LAG, the bulk bar's 409 lag_member, the LAG deleted;
// a switch duplicated, landing on the copy; screenshots of the LAG panel at 1280 and 375 px; axe on the pages; the
// LAG editor's VLAN names whole at 1280 and 375 px.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { h1, axeViolations, useBrowserApp, SHOTS } from './support.ts';
import { addAccessLag, seed, type Seeded } from './seed.ts';

let data: Seeded;
let accessLagId: string;

type PortRec = { id: string; name: string; lagId: string | null; linkedPortId: string | null; mode: string; taggedVlanIds: string[] };
type LagRec = { id: string; name: string; remoteLagId: string | null; memberPortIds: string[]; portMode: string };

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
    // The far end: a LAG of access-1 on its ports 23 and 24.
    accessLagId = await addAccessLag(baseUrl, adminToken, data, 'Po1');
  },
});

const portButton = (page: Page, scope: string, name: string) => page.locator(`${scope} .panel .port[data-name="${name}"]`);

/** No element sticks out of the viewport sideways, and the side panel does not scroll sideways. */
async function fits(page: Page, width: number): Promise<void> {
  const sizes = await page.evaluate(() => {
    const d = document.querySelector('dialog.side-panel') as HTMLElement;
    return {
      scroll: document.documentElement.scrollWidth,
      panelScroll: d.scrollWidth - d.clientWidth,
      right: d.getBoundingClientRect().right,
    };
  });
  expect(sizes.scroll).toBeLessThanOrEqual(width);
  expect(sizes.panelScroll).toBe(0);
  expect(sizes.right).toBeLessThanOrEqual(width);
}

describe('LAGs in the browser', () => {
  it.each([1280, 375])("shows every VLAN's name whole in the LAG editor at %i px", { timeout: 60_000 }, async (width) => {
    const { context, page, problems } = await app.signedIn(`/switches/${data.coreId}`, 'admin', { width, height: 900 });
    await h1(page, 'core-1');
    await page.getByRole('button', { name: 'New LAG' }).click();
    const editor = page.getByRole('dialog', { name: 'New LAG' });
    await editor.getByLabel('Port mode').selectOption('trunk');
    const names = editor.locator('.vlan-check span:last-child');
    await names.first().waitFor();
    // A name is cut when it is wider than its box, and broken when one of its words lies on two lines.
    const shown = await names.evaluateAll((spans) =>
      spans.map((span) => {
        const text = span.firstChild!;
        const range = document.createRange();
        let at = 0;
        const broken = (span.textContent ?? '').split(' ').some((word) => {
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          at += word.length + 1;
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
        });
        return { text: span.textContent, cut: span.scrollWidth > span.clientWidth + 1, broken };
      }),
    );
    expect(shown.map((name) => name.text)).toContain('Storage replication');
    expect(shown.filter((name) => name.cut || name.broken)).toEqual([]);
    await editor.locator('.vlan-checks').scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SHOTS, `lag-vlan-names-${width}.png`) });
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('makes a LAG by picking ports on the panel, pairs it, shows its members and far end, and deletes it', async () => {
    const { context, page, problems } = await app.signedIn(`/switches/${data.coreId}`);
    await h1(page, 'core-1');
    const lagsCard = page.locator('section[aria-labelledby="lags-head"]');
    await lagsCard.getByText('No LAGs on this switch.', { exact: false }).waitFor();

    await lagsCard.getByRole('button', { name: 'New LAG' }).click();
    const panel = page.getByRole('dialog', { name: 'New LAG' });
    await panel.getByLabel('Name', { exact: true }).waitFor();
    // The dialog focuses its first field.
    expect(await panel.getByLabel('Name', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await panel.getByLabel('Name', { exact: true }).fill('Po1');
    // Members: click 45, shift-click 46; the management port cannot be picked and says so.
    await portButton(page, '.lag-members', '45').click();
    await portButton(page, '.lag-members', '46').click({ modifiers: ['Shift'] });
    await portButton(page, '.lag-members', 'Ma1').click();
    await panel.getByText('Chosen: 45, 46 (2 ports)').waitFor();
    expect(await portButton(page, '.lag-members', 'Ma1').getAttribute('aria-pressed')).toBe('false');
    await panel.getByText('Not available: Ma1 (management port).').waitFor();
    // A trunk with native VLAN 99 and tagged 10 and 20, paired with Po1 of access-1.
    await panel.getByLabel('Port mode').selectOption('trunk');
    await panel.getByLabel('Native VLAN').selectOption({ label: '99 Management' });
    await panel.getByLabel('Tagged VLANs', { exact: true }).fill('10,20');
    await panel.getByLabel('Switch at the far end').selectOption({ label: 'access-1' });
    await panel.getByLabel('LAG of that switch').selectOption({ label: 'Po1' });
    await panel.getByRole('button', { name: 'Create LAG' }).click();
    await page.getByText('LAG Po1 created.').waitFor();
    await panel.waitFor({ state: 'detached' });

    // Listed with its members and its far end (a link to the other switch); the members marked on the panel.
    const row = lagsCard.locator('tbody tr').filter({ hasText: 'Po1' });
    await row.getByText('LACP active').waitFor();
    await row.getByText('45, 46').waitFor();
    await row.getByRole('link', { name: 'access-1 / Po1' }).waitFor();
    await row.getByText('trunk, native 99 Management · tagged 10,20').waitFor();
    expect(await row.getByRole('link', { name: 'access-1 / Po1' }).getAttribute('href')).toBe(`/switches/${data.accessId}`);
    await expect.poll(() => portButton(page, 'section.card', '45').getAttribute('data-lag')).toBe('Po1');
    expect(await portButton(page, 'section.card', '46').getAttribute('data-lag')).toBe('Po1');
    expect(await portButton(page, 'section.card', '44').getAttribute('data-lag')).toBeNull();
    await page.locator('.legend .lg-lag').getByText('LAG member').waitFor();

    // The API agrees: members, VLANs on every member, the pair symmetric and the members linked pairwise.
    const core = await app.admin<{ ports: PortRec[]; lags: LagRec[] }>('GET', `/api/switches/${data.coreId}`);
    const lag = core.lags.find((l) => l.name === 'Po1')!;
    const byName = new Map(core.ports.map((p) => [p.name, p]));
    expect(lag.memberPortIds).toEqual([byName.get('45')!.id, byName.get('46')!.id]);
    expect(lag.remoteLagId).toBe(accessLagId);
    expect(byName.get('45')!.taggedVlanIds).toHaveLength(2);
    expect((await app.admin<LagRec>('GET', `/api/lags/${accessLagId}`)).remoteLagId).toBe(lag.id);
    const access = await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${data.accessId}`);
    const far = new Map(access.ports.map((p) => [p.name, p]));
    expect(byName.get('45')!.linkedPortId).toBe(far.get('23')!.id);
    expect(byName.get('46')!.linkedPortId).toBe(far.get('24')!.id);

    // A member's editor: mode and VLANs read-only, set by the LAG, with a button to it.
    await page.getByRole('button', { name: 'Edit port 45', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Port 45' });
    await editor.getByText('Set by LAG Po1: change mode and VLANs there.').waitFor();
    expect(await editor.getByLabel('Mode').isDisabled()).toBe(true);
    expect(await editor.getByLabel('Native VLAN').isDisabled()).toBe(true);
    expect(await editor.getByLabel('Tagged VLANs', { exact: true }).isDisabled()).toBe(true);
    // Its own fields still save (the LAG's are not sent).
    await editor.getByLabel('Description').fill('Uplink to access-1, member 1');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Port 45 saved.').waitFor();
    await page.getByRole('button', { name: 'Edit port 45', exact: true }).click();
    await editor.getByRole('button', { name: 'Open LAG Po1' }).click();
    const lagPanel = page.getByRole('dialog', { name: 'LAG Po1' });
    await lagPanel.getByText('Chosen: 45, 46 (2 ports)').waitFor();
    expect(await lagPanel.getByLabel('LAG of that switch').inputValue()).toBe(accessLagId);
    expect(await lagPanel.getByLabel('Tagged VLANs', { exact: true }).inputValue()).toBe('10,20');
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await fits(page, 1280);
    // The whole panel down to its far LAG in the picture: for this shot, a window as tall as the panel's content.
    const body = lagPanel.locator('.side-body');
    const hidden = await body.evaluate((el) => el.scrollHeight - el.clientHeight);
    await page.setViewportSize({ width: 1280, height: 900 + hidden });
    const [farLag, shown] = [await lagPanel.getByLabel('LAG of that switch').boundingBox(), await body.boundingBox()];
    expect(farLag!.y + farLag!.height).toBeLessThanOrEqual(shown!.y + shown!.height);
    // The pointer off the ports, so that no tooltip covers the picture.
    await page.mouse.move(1270, 10);
    await page.screenshot({ path: join(SHOTS, 'lag-panel.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    await lagPanel.waitFor({ state: 'detached' });

    // The bulk bar says when LAG members are selected, and shows the API's 409 lag_member on a mode change.
    await portButton(page, 'section.card', '44').click();
    await portButton(page, 'section.card', '45').click({ modifiers: ['Shift'] });
    const bulk = page.getByRole('form', { name: 'Change selected ports' });
    await bulk.getByText('One selected port is a member of a LAG', { exact: false }).waitFor();
    await bulk.getByLabel('Untagged VLAN').selectOption({ label: '10 Users' });
    await bulk.getByRole('button', { name: 'Apply to 2' }).click();
    await bulk.locator('.notice.error').waitFor();
    const refusal = await bulk.locator('.notice.error').innerText();
    expect(refusal).toMatch(/port 45 is a member of LAG Po1/);
    expect(refusal).not.toContain('portIds[');
    expect((await app.admin<{ untaggedVlanId: string | null }>('GET', `/api/ports/${byName.get('44')!.id}`)).untaggedVlanId).toBeNull();
    await bulk.getByRole('button', { name: 'Clear selection' }).click();

    // The activity log links the LAG's entry to its switch.
    await page.goto(`${app.baseUrl}/activity`);
    await h1(page, 'Activity');
    await page.locator('li.entry').filter({ hasText: 'created LAG' }).first().getByRole('link', { name: 'Po1' }).click();
    await h1(page, 'core-1');

    // Delete it: one question naming it; the far end is unpaired, the members keep their VLANs.
    await lagsCard.getByRole('button', { name: 'Edit LAG Po1' }).click();
    await lagPanel.getByRole('button', { name: 'Delete LAG' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete LAG?' });
    await confirm.getByText('Delete LAG Po1 of core-1? Its 2 ports keep their VLANs and cables; its far end is unpaired.').waitFor();
    await confirm.getByRole('button', { name: 'Delete LAG' }).click();
    await page.getByText('LAG Po1 deleted.').waitFor();
    await lagsCard.getByText('No LAGs on this switch.', { exact: false }).waitFor();
    await expect.poll(() => portButton(page, 'section.card', '45').getAttribute('data-lag')).toBeNull();
    expect((await app.admin<LagRec>('GET', `/api/lags/${accessLagId}`)).remoteLagId).toBeNull();
    expect((await app.admin<PortRec>('GET', `/api/ports/${byName.get('45')!.id}`)).taggedVlanIds).toHaveLength(2);

    expect(problems.errors).toEqual([]);
    expect(problems.dialogs).toEqual([]);
    await context.close();
  }, 90_000);

  it('says at the members when a picked port joined another LAG meanwhile (409 lag_member)', async () => {
    const { page, finish } = await app.openPage(`/switches/${data.stackId}`, 'access-2');
    await page.locator('section[aria-labelledby="lags-head"]').getByRole('button', { name: 'New LAG' }).click();
    const panel = page.getByRole('dialog', { name: 'New LAG' });
    await panel.getByLabel('Name', { exact: true }).fill('Po2');
    await portButton(page, '.lag-members', '1').click();
    await portButton(page, '.lag-members', '2').click();
    await panel.getByText('Chosen: 1, 2 (2 ports)').waitFor();
    // Meanwhile someone makes port 2 a member of Po9.
    const stack = await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${data.stackId}`);
    const id = (name: string) => stack.ports.find((p) => p.name === name)!.id;
    await app.admin('POST', `/api/switches/${data.stackId}/lags`, { name: 'Po9', memberPortIds: [id('2'), id('3')] });
    await panel.getByRole('button', { name: 'Create LAG' }).click();
    const error = panel.locator('.lag-members .field-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('2 (LAG Po9)');
    // The panel now marks port 2 as Po9's; it can be taken out, then another port picked.
    await expect.poll(() => portButton(page, '.lag-members', '2').getAttribute('data-lag')).toBe('Po9');
    await portButton(page, '.lag-members', '2').click();
    await portButton(page, '.lag-members', '3').click();
    await portButton(page, '.lag-members', '4').click();
    await panel.getByText('Chosen: 1, 4 (2 ports)').waitFor();
    await panel.getByRole('button', { name: 'Create LAG' }).click();
    await page.getByText('LAG Po2 created.').waitFor();
    const rows = page.locator('section[aria-labelledby="lags-head"] tbody tr');
    await rows.filter({ hasText: 'Po2' }).getByText('1, 4').waitFor();
    await rows.filter({ hasText: 'Po9' }).getByText('2, 3').waitFor();
    await finish();
  }, 60_000);

  it('duplicates a switch and lands on the copy with its LAG', async () => {
    const { page, finish } = await app.openPage(`/switches/${data.accessId}`, 'access-1');
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate access-1' });
    const name = dialog.getByLabel('Name', { exact: true });
    await name.waitFor();
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await name.inputValue()).toBe('access-1-copy');
    await name.fill('access-1b');
    await dialog.getByLabel('Management IP').fill('10.0.99.14');
    await dialog.getByRole('button', { name: 'Duplicate switch' }).click();
    await h1(page, 'access-1b');
    const copyId = new URL(page.url()).pathname.split('/switches/')[1]!;
    expect(copyId).not.toBe(data.accessId);
    await page.getByText('Switch access-1b made as a copy of access-1.').waitFor();
    await expect.poll(() => page.locator('section.card .panel .port').count()).toBe(24);
    const row = page.locator('section[aria-labelledby="lags-head"] tbody tr').filter({ hasText: 'Po1' });
    await row.getByText('23, 24').waitFor();
    const copy = await app.admin<{ managementIp: string; siteId: string; lags: LagRec[] }>('GET', `/api/switches/${copyId}`);
    expect(copy.managementIp).toBe('10.0.99.14');
    expect(copy.siteId).toBe(data.hqId);
    expect(copy.lags.map((l) => [l.name, l.remoteLagId])).toEqual([['Po1', null]]);
    await finish();
  }, 60_000);

  it('fits the LAG panel on a 375 px screen', async () => {
    const { context, page, problems } = await app.signedIn(`/switches/${data.accessId}`, 'admin', { width: 375, height: 760 });
    await h1(page, 'access-1');
    await page.locator('section[aria-labelledby="lags-head"]').getByRole('button', { name: 'Edit LAG Po1' }).click();
    const panel = page.getByRole('dialog', { name: 'LAG Po1' });
    await panel.getByText('Chosen: 23, 24 (2 ports)').waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await fits(page, 375);
    const save = await panel.getByRole('button', { name: 'Save', exact: true }).boundingBox();
    expect(save!.y + save!.height).toBeLessThanOrEqual(760);
    await page.mouse.move(200, 10);
    await page.screenshot({ path: join(SHOTS, 'lag-panel-375.png') });
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('has no axe-core violations of any impact on the LAGs, the LAG panel and the duplicate dialog', async () => {
    const found: string[] = [];
    for (const dark of [false, true]) {
      const { context, page } = await app.signedIn(`/switches/${data.accessId}`, 'admin', { dark, bypassCSP: true });
      await h1(page, 'access-1');
      const lagsCard = page.locator('section[aria-labelledby="lags-head"]');
      await lagsCard.getByRole('button', { name: 'Edit LAG Po1' }).waitFor();
      const steps: [string, () => Promise<unknown>][] = [
        ['switch page with LAGs', async () => undefined],
        [
          'LAG panel',
          async () => {
            await lagsCard.getByRole('button', { name: 'Edit LAG Po1' }).click();
            await page.getByRole('dialog', { name: 'LAG Po1' }).getByText('Chosen: 23, 24 (2 ports)').waitFor();
          },
        ],
        [
          'member editor',
          async () => {
            await page.keyboard.press('Escape');
            await page.getByRole('dialog', { name: 'LAG Po1' }).waitFor({ state: 'detached' });
            await page.getByRole('button', { name: 'Edit port 24', exact: true }).click();
            await page.getByRole('dialog', { name: 'Port 24' }).getByText('Set by LAG Po1', { exact: false }).waitFor();
          },
        ],
        [
          'duplicate dialog',
          async () => {
            await page.keyboard.press('Escape');
            await page.getByRole('dialog', { name: 'Port 24' }).waitFor({ state: 'detached' });
            await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
            await page.getByRole('dialog', { name: 'Duplicate access-1' }).getByLabel('Management IP').waitFor();
          },
        ],
      ];
      for (const [name, step] of steps) {
        await step();
        found.push(...(await axeViolations(page, `${name} (${dark ? 'dark' : 'light'})`)));
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 120_000);
});
