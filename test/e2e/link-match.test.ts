// A link made whole in the browser: picking a link target whose mode or VLANs differ offers, ticked, to give it
// the same ones; Save writes both ends in one change that the message's Undo reverses; unticked, the far end stays as
// it was; a link whose ends match offers nothing. Screenshots link-match-1280.png and link-match-375.png; axe.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, finishPage, h1, SHOTS, useBrowserApp } from './support.ts';
import { seed, type Seeded } from './seed.ts';

type PortRec = {
  id: string;
  name: string;
  mode: string;
  untaggedVlanId: string | null;
  taggedVlanIds: string[];
  linkedPortId: string | null;
};
let data: Seeded;

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    data = await seed(baseUrl, adminToken);
  },
});

const portsOf = async (switchId: string) => (await app.admin<{ ports: PortRec[] }>('GET', `/api/switches/${switchId}`)).ports;
const portNamed = async (switchId: string, name: string) => (await portsOf(switchId)).find((p) => p.name === name)!;
const carried = ({ mode, untaggedVlanId, taggedVlanIds }: PortRec) => ({ mode, untaggedVlanId, taggedVlanIds });

/** Opens the editor of a core-1 port and picks access-2's port `far` as its link target; answers the editor. */
async function pickLink(page: Page, port: string, far: string) {
  await page.getByRole('button', { name: `Edit port ${port}`, exact: true }).click();
  const editor = page.getByRole('dialog', { name: `Port ${port}` });
  await editor.getByLabel('Switch', { exact: true }).selectOption({ label: 'access-2' });
  await editor.getByLabel('Port of that switch').locator(`option:text-is("${far}")`).waitFor({ state: 'attached' });
  await editor.getByLabel('Port of that switch').selectOption({ label: far });
  return editor;
}

describe('linking a port offers to give the far end the same mode and VLANs', () => {
  it('offers it ticked, saves both ends in one change, and one Undo reverses both (1280 px)', async () => {
    const opened = await app.signedIn(`/switches/${data.coreId}`, 'admin', { bypassCSP: true });
    const page = opened.page;
    await h1(page, 'core-1');
    const [near, far] = [await portNamed(data.coreId, 'Et47'), await portNamed(data.stackId, '1')];
    const editor = await pickLink(page, 'Et47', '1');
    const offer = editor.getByLabel('Give access-2 port 1 the same mode and VLANs');
    await offer.waitFor();
    expect(await offer.isChecked()).toBe(true);
    await offer.scrollIntoViewIfNeeded();
    await page.mouse.move(10, 10);
    await page.screenshot({ path: join(SHOTS, 'link-match-1280.png') });
    expect(await axeViolations(page, 'port editor offering to match the far end')).toEqual([]);

    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.locator('.toast').filter({ hasText: 'Port Et47 saved.' });
    await saved.waitFor();
    const matched = await portNamed(data.stackId, '1');
    expect({ ...carried(matched), linkedPortId: matched.linkedPortId }).toEqual({ ...carried(near), linkedPortId: near.id });

    // The link's ends match now: the editor offers nothing.
    await page.getByRole('button', { name: 'Edit port Et47', exact: true }).click();
    await page.getByRole('dialog', { name: 'Port Et47' }).getByLabel('Port of that switch').waitFor();
    expect(await page.getByText('the same mode and VLANs').count()).toBe(0);
    await page.keyboard.press('Escape');

    await saved.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => carried(await portNamed(data.stackId, '1'))).toEqual(carried(far));
    expect((await portNamed(data.coreId, 'Et47')).linkedPortId).toBe(near.linkedPortId);
    await finishPage(opened);
  }, 90_000);

  it('fits the offer on a 375 px screen, and leaves the far end as it is when unticked', async () => {
    const { context, page, problems } = await app.signedIn(`/switches/${data.coreId}`, 'admin', { width: 375, height: 760 });
    await h1(page, 'core-1');
    const far = await portNamed(data.stackId, '2');
    const editor = await pickLink(page, '46', '2');
    const offer = editor.getByLabel('Give access-2 port 2 the same mode and VLANs');
    await offer.waitFor();
    await offer.scrollIntoViewIfNeeded();
    const box = await offer.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.mouse.move(200, 10);
    await page.screenshot({ path: join(SHOTS, 'link-match-375.png') });

    await offer.uncheck();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.toast').filter({ hasText: 'Port 46 saved.' }).waitFor();
    const after = await portNamed(data.stackId, '2');
    expect(after.linkedPortId).toBe((await portNamed(data.coreId, '46')).id);
    expect(carried(after)).toEqual(carried(far));
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 90_000);
});
