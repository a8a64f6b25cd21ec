// Layout templates in the browser: a template of two blocks built in the editor with its live preview, a stack of
// two switches made from it whose front panel puts each port where the template says (odd on top), a NetBox device
// type imported, a template exported as JSON and imported back, duplicated, and refused deletion while in use; the
// screenshots template-editor.png, switch-stack-from-template.png and switch-stack-375.png; axe-core on the pages.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { h1, must, axeViolations, useBrowserApp, SHOTS } from './support.ts';

let siteId = '';
const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    siteId = (await must(baseUrl, adminToken, 'POST', '/api/sites', { name: 'HQ' })).id;
    await must(baseUrl, adminToken, 'POST', '/api/vlans', { siteId, vid: 10, name: 'Users', color: '#1f77b4' });
  },
});

/** A NetBox device type as the public library writes one: 24 copper ports, 4 SFP+, a management port, a console,
 * and interfaces that are no front-panel port (a VLAN interface, stacking ports). */
const NETBOX_YAML = [
  '---',
  'manufacturer: Cisco',
  'model: C9200-24T',
  'slug: cisco-c9200-24t',
  'u_height: 1',
  'console-ports:',
  '  - name: con0',
  '    type: rj-45',
  'interfaces:',
  ...Array.from({ length: 24 }, (_, i) => [`  - name: GigabitEthernet1/0/${i + 1}`, '    type: 1000base-t']).flat(),
  ...Array.from({ length: 4 }, (_, i) => [`  - name: TenGigabitEthernet1/1/${i + 1}`, '    type: 10gbase-x-sfpp']).flat(),
  '  - name: GigabitEthernet0/0',
  '    type: 1000base-t',
  '    mgmt_only: true',
  '  - name: Vlan1',
  '    type: virtual',
  '  - name: StackPort1',
  '    type: cisco-stackwise',
  '  - name: StackPort2',
  '    type: cisco-stackwise',
  '',
].join('\n');

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(scope: Page | Locator, name: string): Promise<Box> {
  const box = await scope.locator(`.port[data-name="${name}"]`).boundingBox();
  if (!box) throw new Error(`no box for port ${name}`);
  return box;
}

/** Expects member 1's Gi1/0/1 to 3 in columns, odd on top and even below; answers Gi1/0/2's box. */
async function expectOddOnTop(scope: Page | Locator): Promise<Box> {
  const one = await boxOf(scope, 'Gi1/0/1');
  const two = await boxOf(scope, 'Gi1/0/2');
  const three = await boxOf(scope, 'Gi1/0/3');
  expect(two.y).toBeGreaterThan(one.y + one.height / 2);
  expect(Math.abs(two.x - one.x)).toBeLessThan(1);
  expect(three.x).toBeGreaterThan(one.x + one.width / 2);
  expect(Math.abs(three.y - one.y)).toBeLessThan(1);
  return two;
}

/** The block of `unit` (its fieldset) and block number, for the fields of one block of the editor. */
const blockOf = (page: Page, block: number) =>
  page.getByRole('group', { name: 'Unit 1' }).getByRole('group', { name: `Block ${block}`, exact: true });

let templateId = '';
let stackId = '';

describe('layout templates in the browser', () => {
  it('builds a template of two blocks in the editor, the preview following every change', async () => {
    const { page, finish } = await app.openPage('/templates', 'Templates');
    await page.getByText('No layout templates yet.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).waitFor();
    await page.getByRole('link', { name: 'New template' }).first().click();
    await h1(page, 'New template');
    await page.getByLabel('Name', { exact: true }).fill('Edge 24');
    await page.getByLabel('Vendor').fill('Cisco');
    await page.getByLabel('Model').fill('C9200-24T');

    // The first block: 24 copper ports, two rows, odd on top. The preview follows the count as it is typed.
    const preview = page.locator('.template-preview');
    const block1 = blockOf(page, 1);
    expect(await block1.getByLabel('Port type').inputValue()).toBe('rj45');
    expect(await block1.getByLabel('Order').inputValue()).toBe('odd-even');
    await expect.poll(() => preview.locator('.port').count()).toBe(24);
    await block1.getByLabel('Ports', { exact: true }).fill('12');
    await expect.poll(() => preview.locator('.port').count()).toBe(12);
    await preview.getByText('12 ports').waitFor();
    await block1.getByLabel('Ports', { exact: true }).fill('24');
    await expect.poll(() => preview.locator('.port').count()).toBe(24);

    // A second block: four SFP+ ports in a row, after the copper ones.
    await page.getByRole('button', { name: 'Add block' }).click();
    const block2 = blockOf(page, 2);
    expect(await block2.getByLabel('Port type').inputValue()).toBe('sfp+');
    await block2.getByLabel('Ports', { exact: true }).fill('4');
    await expect.poll(() => preview.locator('.port').count()).toBe(28);

    // A name pattern the server would refuse is marked at its field as it is typed, and the preview keeps the last
    // good layout; put right, the fault goes.
    await block2.getByLabel('Name pattern').fill('Te{slot}/{n}');
    await block2.locator('.field-error').getByText('may hold only the placeholders').waitFor();
    await page.getByText('The preview shows the last layout without faults').waitFor();
    expect(await preview.locator('.port').count()).toBe(28);
    await block2.getByLabel('Name pattern').fill('Te{unit}/1/{n}');
    await expect.poll(() => block2.locator('.field-error').count()).toBe(0);

    // Odd ports on the top row, even below; the SFP+ block after the last copper column.
    await expectOddOnTop(preview);
    expect((await boxOf(preview, 'Te1/1/1')).x).toBeGreaterThan((await boxOf(preview, 'Gi1/0/23')).x);

    // Two stack members in the preview: two rows of panels, the second named by its member.
    await page.getByLabel('Stack members shown').fill('2');
    await expect.poll(() => preview.locator('.panel-unit').count()).toBe(2);
    expect((await boxOf(preview, 'Gi2/0/1')).y).toBeGreaterThan((await boxOf(preview, 'Gi1/0/2')).y);
    await preview.getByText('56 ports').waitFor();
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS, 'template-editor.png'), fullPage: true });

    await page.getByRole('button', { name: 'Create template' }).click();
    await h1(page, 'Edge 24');
    await page.getByText('Template Edge 24 created.').waitFor();
    templateId = page.url().split('/templates/')[1]!;
    const stored = await app.admin('GET', `/api/templates/${templateId}`);
    expect(stored.units).toEqual([
      [
        { type: 'rj45', count: 24, startIndex: 1, rows: 2, order: 'odd-even', namePattern: 'Gi{unit}/0/{n}', speed: '1G', poe: null },
        { type: 'sfp+', count: 4, startIndex: 1, rows: 1, order: 'sequential', namePattern: 'Te{unit}/1/{n}', speed: '10G', poe: null },
      ],
    ]);

    // A fault of the server shows at its field: a second template of that name.
    await page.goto(`${app.baseUrl}/templates/new`);
    await h1(page, 'New template');
    await page.getByLabel('Name', { exact: true }).fill('edge 24');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.locator('.field.has-error').filter({ hasText: 'Name' }).getByText('a template named').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('edge 24');

    await finish();
  }, 90_000);

  it('makes a stack of two from the template: two rows of panels, each port where the template puts it', async () => {
    const { context, page, problems } = await app.signedIn('/switches?new=1');
    const dialog = page.getByRole('dialog', { name: 'Add switch' });
    await dialog.getByLabel('Name', { exact: true }).fill('stack-1');
    await dialog.getByLabel('Template').selectOption({ label: 'Edge 24 · Cisco C9200-24T' });
    // With a template the port count is the template's: no field for it, a preview instead.
    await expect.poll(() => dialog.getByLabel('Number of ports').count()).toBe(0);
    await dialog.getByLabel('Stack members', { exact: true }).fill('2');
    await expect.poll(() => dialog.locator('.template-preview .panel-unit').count()).toBe(2);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SHOTS, 'template-switch-form.png') });
    await dialog.getByRole('button', { name: 'Add switch' }).click();
    await h1(page, 'stack-1');
    stackId = page.url().split('/switches/')[1]!.split('?')[0]!;
    const sw = await app.admin('GET', `/api/switches/${stackId}`);
    expect(sw.templateId).toBe(templateId);
    expect(sw.ports).toHaveLength(56);

    // A port the template does not make, and a LAG of two uplinks.
    await app.admin('POST', `/api/switches/${stackId}/ports`, { name: 'Ma0', type: 'management', unit: 1 });
    const te = (name: string) => sw.ports.find((p: { name: string }) => p.name === name).id as string;
    await app.admin('POST', `/api/switches/${stackId}/lags`, { name: 'Po1', memberPortIds: [te('Te1/1/1'), te('Te2/1/1')] });
    await page.reload();
    await h1(page, 'stack-1');
    const panel = page.locator('.panel').first();
    await expect.poll(() => panel.locator('.port').count()).toBe(57);
    await expect.poll(() => panel.locator('.panel-unit').count()).toBe(2);
    const unit1 = panel.locator('.panel-unit[data-unit="1"]');
    const unit2 = panel.locator('.panel-unit[data-unit="2"]');
    expect(await unit1.locator('.port[data-name="Gi1/0/24"]').count()).toBe(1);
    expect(await unit2.locator('.port[data-name="Gi2/0/1"]').count()).toBe(1);
    expect(await unit2.locator('.port[data-name="Gi1/0/1"]').count()).toBe(0);
    // Odd on top, even below, in columns; the SFP+ block after the copper; member 2 below member 1.
    const two = await expectOddOnTop(panel);
    const te1 = await boxOf(panel, 'Te1/1/1');
    expect(te1.x).toBeGreaterThan((await boxOf(panel, 'Gi1/0/24')).x);
    expect((await boxOf(panel, 'Gi2/0/1')).y).toBeGreaterThan(two.y + two.height);
    // The port the template does not make comes after the template's blocks of its member: to their right, or on
    // a line below when the row is full; before member 2.
    const ma0 = await boxOf(panel, 'Ma0');
    const te4 = await boxOf(panel, 'Te1/1/4');
    expect(ma0.x > te4.x + te4.width || ma0.y > te4.y + te4.height).toBe(true);
    expect(ma0.y).toBeLessThan((await boxOf(panel, 'Gi2/0/1')).y);
    // LAG members are marked, and say so.
    await expect.poll(() => panel.locator('.port[data-name="Te1/1/1"] .lag-mark').count()).toBe(1);
    expect(await panel.locator('.port[data-name="Te1/1/1"]').getAttribute('aria-label')).toContain('member of LAG Po1');
    expect(await panel.locator('.port[data-name="Te1/1/2"] .lag-mark').count()).toBe(0);

    // The keyboard moves in the picture's order: right along the row, down the column.
    await panel.locator('.port[data-name="Gi1/0/1"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.name)).toBe('Gi1/0/3');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.name)).toBe('Gi1/0/4');
    await panel.locator('.port[data-name="Gi1/0/23"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.name)).toBe('Te1/1/1');
    await page.keyboard.press('Space');
    await page.getByText('1 port selected').waitFor();

    // The details tab names the template.
    await page.goto(`${app.baseUrl}/switches/${stackId}?tab=details`);
    await page.getByText('The front panel is drawn from the template').getByRole('link', { name: 'Edge 24' }).waitFor();
    await page.goto(`${app.baseUrl}/switches/${stackId}`);
    await panel.locator('.port').first().waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS, 'switch-stack-from-template.png'), fullPage: true });
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('keeps the stack usable 375 px wide: nothing sticks out, no port covers another', async () => {
    const { context, page, problems } = await app.signedIn(`/switches/${stackId}`, 'admin', { width: 375, height: 780 });
    await h1(page, 'stack-1');
    await page.mouse.move(0, 0);
    const panel = page.locator('.panel').first();
    await expect.poll(() => panel.locator('.port').count()).toBe(57);
    await page.waitForTimeout(200);
    const layout = await page.evaluate(() => {
      const ports = [...document.querySelectorAll('.panel .port, .panel .port-slot')].map((e) => e.getBoundingClientRect());
      let overlaps = 0;
      for (let i = 0; i < ports.length; i++)
        for (let j = i + 1; j < ports.length; j++) {
          const a = ports[i]!;
          const b = ports[j]!;
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlaps++;
        }
      const panelBox = document.querySelector('.panel')!.getBoundingClientRect();
      const wide = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > 376 && !e.closest('.table-wrap'))
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
      return {
        overlaps,
        scroll: document.documentElement.scrollWidth <= 375 ? 'fits' : wide.join(', '),
        outside: ports.filter((r) => r.right > panelBox.right + 1 || r.left < panelBox.left - 1).length,
      };
    });
    await page.screenshot({ path: join(SHOTS, 'switch-stack-375.png'), fullPage: true });
    expect(layout).toEqual({ overlaps: 0, scroll: 'fits', outside: 0 });
    // The template's page fits too: its preview wraps, its blocks' fields stack.
    await page.goto(`${app.baseUrl}/templates/${templateId}`);
    await h1(page, 'Edge 24');
    await page.locator('.template-preview .port').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SHOTS, 'template-editor-375.png'), fullPage: true });
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('imports a NetBox device type, exports, imports and duplicates a template, and refuses deleting one in use', async () => {
    const { page, finish } = await app.openPage('/templates', 'Templates');
    await page
      .locator('input[name="netbox"]')
      .setInputFiles({ name: 'cisco-c9200-24t.yaml', mimeType: 'application/yaml', buffer: Buffer.from(NETBOX_YAML) });
    const outcome = page.locator('.import-outcome');
    await outcome.getByText('Template Cisco C9200-24T made with 30 ports.').waitFor();
    await outcome.getByText('3 interfaces of the file made no port:').waitFor();
    const skipped = await outcome.locator('table tbody tr td:first-child').allInnerTexts();
    expect(skipped).toEqual(['Vlan1', 'StackPort1', 'StackPort2']);
    await outcome.locator('tr', { hasText: 'Vlan1' }).getByText('virtual').first().waitFor();
    await page.locator('.card table.data').getByRole('link', { name: 'Cisco C9200-24T' }).waitFor();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SHOTS, 'template-import.png'), fullPage: true });
    await outcome.getByRole('link', { name: 'Open Cisco C9200-24T' }).click();
    await h1(page, 'Cisco C9200-24T');
    await expect.poll(() => page.locator('.template-preview .port').count()).toBe(30);

    // Export JSON downloads what GET answers.
    await page.goto(`${app.baseUrl}/templates/${templateId}`);
    await h1(page, 'Edge 24');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
    expect(download.suggestedFilename()).toBe('Edge-24.json');
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    const answer = await app.admin('GET', `/api/templates/${templateId}`);
    expect(exported).toEqual(answer);

    // Imported back under another name: an identical template.
    await page.goto(`${app.baseUrl}/templates`);
    await h1(page, 'Templates');
    await page.locator('input[name="template-json"]').setInputFiles({
      name: 'edge.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...exported, name: 'Edge 24 imported' })),
    });
    await h1(page, 'Edge 24 imported');
    const importedId = page.url().split('/templates/')[1]!;
    expect((await app.admin('GET', `/api/templates/${importedId}`)).units).toEqual(answer.units);
    // A file that is no JSON says so.
    await page.goto(`${app.baseUrl}/templates`);
    await page
      .locator('input[name="template-json"]')
      .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{ nope') });
    await page.getByRole('alert').getByText('The file is not JSON').waitFor();

    // Duplicate: a copy named "(copy)", the same units.
    await page.goto(`${app.baseUrl}/templates/${templateId}`);
    await h1(page, 'Edge 24');
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await h1(page, 'Edge 24 (copy)');
    const copyId = page.url().split('/templates/')[1]!;
    expect((await app.admin('GET', `/api/templates/${copyId}`)).units).toEqual(answer.units);
    // The copy is not in use: its units can change, and its Delete deletes it.
    expect(await blockOf(page, 1).getByLabel('Ports', { exact: true }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete template' }).click();
    await h1(page, 'Templates');
    await page.getByText('Template Edge 24 (copy) deleted.').waitFor();

    // The template in use: its units are read-only with why, its name can still change, deleting it is refused.
    await page.goto(`${app.baseUrl}/templates/${templateId}`);
    await h1(page, 'Edge 24');
    await page.getByText('Used by 1 switch: its units cannot change').waitFor();
    expect(await blockOf(page, 1).getByLabel('Ports', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add block' }).count()).toBe(0);
    await page.getByLabel('Description').fill('Access stacks of the first floor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Template Edge 24 saved.').waitFor();
    expect((await app.admin('GET', `/api/templates/${templateId}`)).description).toBe('Access stacks of the first floor');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete template' }).click();
    await page.getByRole('alert').getByText('Not deleted. Template "Edge 24" is in use').waitFor();
    expect((await app.admin('GET', `/api/templates/${templateId}`)).id).toBe(templateId);

    await finish();
  }, 90_000);

  it('have no axe-core violations of any impact, light and dark', async () => {
    const found: string[] = [];
    for (const dark of [false, true]) {
      const { context, page } = await app.signedIn('/templates', 'admin', { dark, bypassCSP: true });
      const pages: [string, string, string][] = [
        ['/templates', 'Templates', 'table.data tbody tr'],
        [`/templates/${templateId}`, 'Edge 24', '.template-preview .port'],
        ['/templates/new', 'New template', '.template-preview .port'],
        [`/switches/${stackId}`, 'stack-1', '.panel .port'],
        ['/switches?new=1', 'Switches', 'dialog select[name="templateId"]'],
      ];
      for (const [path, title, ready] of pages) {
        await page.goto(app.baseUrl + path);
        await h1(page, title);
        await page.locator(ready).first().waitFor();
        if (path === '/switches?new=1') {
          await page.locator('dialog select[name="templateId"]').selectOption({ label: 'Edge 24 · Cisco C9200-24T' });
          await page.locator('dialog .template-preview .port').first().waitFor();
        }
        found.push(...(await axeViolations(page, `${path} (${dark ? 'dark' : 'light'})`)));
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 120_000);
});
