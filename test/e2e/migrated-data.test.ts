// The first hour on migrated data (issue 35): the real 0.20.3 data directory migrated at the server's first start,
// with its two-member stack stk-verw (a two-unit Cisco C9200L template: 24 RJ45 and 4 SFP+ per member) and a stack
// of two made from a NetBox device type (the Aruba 6100: 48 RJ45 and 4 SFP+ per member), and acc-hs1 grown to a
// stack of two after the migration (its one-unit template's ports for the new member). At 1280 and 375 px: each
// member's SFP+ ports sit in a cage of their own right of its copper ports, with no empty slot; the LAG editor's
// panel scrolls inside its frame, so that the second member's uplinks can be picked; deleting a site says what goes
// with it, addresses too; the Config tab of an Aruba switch says that it shows Cisco IOS; the activity list writes a
// template's layout in words; every migrated switch's port table shows Edit at 1280 px without a sideways scroll.
// Screenshots migrated-*.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeNeeding, SHARED_FIXTURES } from '../helpers/needs.ts';
import { api, type TestServer } from '../helpers/server.ts';
import { finishPage, h1, LEGACY_ADMIN, LEGACY_FIXTURE_NEEDS, newPage, SHOTS, signIn, startMigratedFixture, watch } from './support.ts';

const WIDTHS = [1280, 375];
const NETBOX_ARUBA = join(SHARED_FIXTURES, 'netbox-devicetypes', 'Aruba', '6100-48G-PoE-370W-JL675A.yaml');

let server: TestServer;
let browser: Browser;
let token: string;
const switchIds: Record<string, string> = {};

async function call(method: string, path: string, body?: unknown, yaml?: string) {
  const options = yaml === undefined ? { token, body } : { token, raw: yaml, headers: { 'content-type': 'application/yaml' } };
  const answer = await api(server.baseUrl, method, path, options);
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
  return answer.body;
}

/** A stack of two made from the NetBox device type, in stk-verw's site. */
async function netboxStack(siteId: string): Promise<string> {
  const imported = await call('POST', '/api/templates/import', undefined, readFileSync(NETBOX_ARUBA, 'utf8'));
  const templateId = imported.template?.id ?? imported.id;
  return (await call('POST', '/api/switches', { siteId, name: 'aruba-stack', templateId, stackSize: 2 })).id;
}

/** A page signed in as the fixture's admin at `width`, on a switch's page once its panel shows. */
async function openSwitch(name: string, width: number) {
  const opened = await newPage(browser, { width, height: width > 400 ? 900 : 780 });
  const problems = watch(opened.page);
  await signIn(opened.page, server.baseUrl, `/switches/${switchIds[name]}`, LEGACY_ADMIN.username, LEGACY_ADMIN.password);
  await h1(opened.page, name);
  await opened.page.locator('.panel .port').first().waitFor();
  await opened.page.mouse.move(0, 0);
  return { ...opened, problems };
}

/** Per member of the panel in `scope`: its SFP+ cage's ports, the empty slots of its row, and whether the cage is right of its copper. */
function cagesOf(page: Page, scope: string) {
  return page.locator(scope).evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('.panel-unit')].map((unit) => {
      const copper = [...unit.querySelectorAll('.group-rj45 .port')].map((p) => p.getBoundingClientRect().right);
      const cage = [...unit.querySelectorAll<HTMLElement>('.group-sfp .port')];
      return {
        unit: unit.dataset.unit,
        cage: cage.map((p) => p.dataset.name),
        slots: unit.querySelectorAll('.port-slot').length,
        cageRightOfCopper: cage.every((p) => p.getBoundingClientRect().left > Math.max(...copper)),
      };
    }),
  );
}

/** Whether an element's content is wider than its box (it would scroll sideways). */
const scrollsSideways = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => e.scrollWidth > e.clientWidth + 1);

describeNeeding(LEGACY_FIXTURE_NEEDS, 'the first hour on migrated data, at 1280 and 375 px', () => {
  beforeAll(async () => {
    ({ server, browser, token } = await startMigratedFixture());
    for (const sw of (await call('GET', '/api/switches?limit=500')).items) switchIds[sw.name] = sw.id;
    const stack = await call('GET', `/api/switches/${switchIds['stk-verw']}`);
    switchIds['aruba-stack'] = await netboxStack(stack.siteId);
    // A migrated switch grown to a stack of two: its new member gets its template's ports.
    await call('PATCH', `/api/switches/${switchIds['acc-hs1']}`, { stackSize: 2 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(WIDTHS)("keeps each member's SFP+ ports in a cage of their own at %i px", { timeout: 90_000 }, async (width) => {
    const stacks: [string, (unit: number) => string[]][] = [
      ['stk-verw', (unit) => [1, 2, 3, 4].map((n) => `Te${unit}/1/${n}`)],
      ['aruba-stack', (unit) => [49, 50, 51, 52].map((n) => `${unit}/1/${n}`)],
      ['acc-hs1', (unit) => [49, 50, 51, 52].map((n) => `${unit}/1/${n}`)],
    ];
    for (const [name, sfpOf] of stacks) {
      const opened = await openSwitch(name, width);
      const want = [1, 2].map((unit) => ({ unit: String(unit), cage: sfpOf(unit), slots: 0, cageRightOfCopper: true }));
      expect(await cagesOf(opened.page, '.card .panel')).toEqual(want);
      expect(await opened.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await opened.page
        .locator('.panel-scroll')
        .first()
        .evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
      await opened.page.waitForTimeout(100);
      await opened.page
        .locator('.panel-wrap')
        .first()
        .screenshot({ path: join(SHOTS, `migrated-stack-sfp-${name}-${width}.png`) });
      await finishPage(opened);
    }
  });

  it.each(WIDTHS)(
    "lets the LAG editor's panel scroll inside its frame to the second member's uplinks at %i px",
    { timeout: 60_000 },
    async (width) => {
      const opened = await openSwitch('stk-verw', width);
      const { page } = opened;
      await page.getByRole('button', { name: 'New LAG' }).click();
      const dialog = page.getByRole('dialog', { name: 'New LAG' });
      const members = dialog.getByRole('group', { name: 'Member ports' });
      await members.locator('.port').first().waitFor();
      expect(await scrollsSideways(page, 'dialog[open] .side-body')).toBe(false);
      expect(await scrollsSideways(page, 'dialog[open] .lag-members')).toBe(false);
      const bodyBox = (await dialog.locator('.side-body').boundingBox())!;
      const hintBox = (await members.locator('.hint').first().boundingBox())!;
      expect(hintBox.x + hintBox.width).toBeLessThanOrEqual(bodyBox.x + bodyBox.width);
      await members.locator('.port[data-name="Te1/1/4"]').click();
      const last = members.locator('.port[data-name="Te2/1/4"]');
      await last.scrollIntoViewIfNeeded();
      const lastBox = (await last.boundingBox())!;
      expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(bodyBox.x + bodyBox.width);
      await last.click();
      await members.getByText('Chosen: Te1/1/4, Te2/1/4 (2 ports)').waitFor();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(SHOTS, `migrated-lag-members-${width}.png`) });
      await finishPage(opened);
    },
  );

  it.each(WIDTHS)('says what deleting a migrated site takes with it, its addresses too, at %i px', { timeout: 60_000 }, async (width) => {
    const opened = await newPage(browser, { width, height: width > 400 ? 900 : 780 });
    const problems = watch(opened.page);
    const { page } = opened;
    const sued = (await call('GET', '/api/sites?q=Campus')).items.find((site: { name: string }) => site.name === 'Campus Süd');
    await signIn(page, server.baseUrl, `/sites/${sued.id}`, LEGACY_ADMIN.username, LEGACY_ADMIN.password);
    await h1(page, 'Campus Süd');
    await page.locator('table').first().locator('tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Delete site?' });
    await question.getByText('Delete site Campus Süd with 2 switches, 80 ports, 3 VLANs, 3 networks, 3 addresses?').waitFor();
    await page.screenshot({ path: join(SHOTS, `migrated-site-delete-${width}.png`) });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await finishPage({ ...opened, problems });
  });

  it('says on the Config tab of a switch whose vendor has no dialect which one it shows, at 1280 and 375 px', {
    timeout: 90_000,
  }, async () => {
    const note = 'Switchyard writes no dialect of HPE Aruba Networking: this is Cisco IOS. Choose the one closest to your switch.';
    const noted = { 'acc-bib': 1, 'stk-verw': 0 };
    for (const width of WIDTHS) {
      const opened = await openSwitch('acc-bib', width);
      for (const [name, count] of Object.entries(noted)) {
        await opened.page.goto(`${server.baseUrl}/switches/${switchIds[name]}?tab=config`);
        await opened.page.locator('pre.config').getByText(`hostname ${name}`).waitFor();
        expect(await opened.page.getByLabel('Dialect').inputValue()).toBe('cisco-ios');
        expect(await opened.page.getByText(note).count(), name).toBe(count);
        if (count) await opened.page.screenshot({ path: join(SHOTS, `migrated-config-no-dialect-${width}.png`) });
      }
      await opened.page.getByLabel('Dialect').selectOption('junos');
      await opened.page.locator('pre.config').getByText('# Dialect: junos').waitFor();
      expect(await opened.page.getByText(note).count()).toBe(0);
      await finishPage(opened);
    }
  });

  it("writes a template's layout in the activity list as its blocks, never as JSON, at 1280 and 375 px", { timeout: 60_000 }, async () => {
    const block = (type: string, count: number, namePattern: string) => ({ type, count, namePattern });
    const units = [[block('management', 1, 'Gi0/0'), block('rj45', 24, 'Gi1/0/{n}')], [block('rj45', 24, 'Gi2/0/{n}')]];
    await call('POST', '/api/templates', { name: 'Two members', units });
    const layouts = {
      'Aruba 6100-48G-POE4-4SFP+-370W': '48 × RJ45, 4 × SFP+, 1 × console, 1 × console',
      'Two members': 'unit 1: 1 × management, 24 × RJ45; unit 2: 24 × RJ45',
    };
    for (const width of WIDTHS) {
      const opened = await openSwitch('stk-verw', width);
      await opened.page.goto(`${server.baseUrl}/activity?entityType=template&action=create`);
      for (const [name, words] of Object.entries(layouts)) {
        await opened.page
          .locator('li', { hasText: `Created template ${name}` })
          .getByText(words, { exact: true })
          .waitFor();
      }
      expect(await opened.page.locator('main').innerText()).not.toContain('{"type"');
      await opened.page.screenshot({ path: join(SHOTS, `migrated-activity-layout-${width}.png`) });
      await finishPage(opened);
    }
  });

  it('shows every migrated switch’s port table with Edit at 1280 px, without a sideways scroll of its own', {
    timeout: 120_000,
  }, async () => {
    const opened = await openSwitch('stk-verw', 1280);
    const { page } = opened;
    const migrated = Object.keys(switchIds).filter((name) => name !== 'aruba-stack');
    expect(migrated).toHaveLength(9);
    const overflowing: string[] = [];
    for (const name of migrated) {
      await page.goto(`${server.baseUrl}/switches/${switchIds[name]}`);
      await h1(page, name);
      const wrap = page.locator('.table-wrap', { has: page.locator('table.ports') });
      await wrap.locator('tbody tr').first().waitFor();
      const edit = wrap
        .locator('tbody tr')
        .first()
        .getByRole('button', { name: /^Edit port / });
      const [wrapBox, editBox] = [(await wrap.boundingBox())!, (await edit.boundingBox())!];
      const wide = await wrap.evaluate((e) => e.scrollWidth - e.clientWidth);
      if (wide > 0 || editBox.x + editBox.width > wrapBox.x + wrapBox.width) overflowing.push(`${name}: ${wide} px too wide`);
      if (name === 'stk-verw') await page.screenshot({ path: join(SHOTS, 'migrated-port-table-1280.png') });
    }
    expect(overflowing).toEqual([]);
    await finishPage(opened);
  });
});
