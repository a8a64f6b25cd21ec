// Agents in the browser (issue 39): Settings › Agents makes an agent for a site and shows its token once, and lists each
// agent with when it was last seen, its version, queue, what it dropped and its last error; a switch of an agent's site
// says on its Polling panel which agent polls it (and offers no Poll now), and its header that its agent read it. Screenshots at 1280 and 375 px.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { observedAccess, observedPort, observedSystem } from '../fixtures/observed-switch.ts';
import { api } from '../helpers/server.ts';
import { h1, newPage, SHOTS, signIn, useBrowserApp, watch } from './support.ts';

const ids = { branch: '', lab: '', acc: '', set: '' };
const browserApp = useBrowserApp({
  setup: async () => {
    ids.branch = (await admin('POST', '/api/sites', { name: 'Branch Leipzig' })).id;
    ids.lab = (await admin('POST', '/api/sites', { name: 'OT lab' })).id;
    ids.acc = (await admin('POST', '/api/switches', { siteId: ids.branch, name: 'acc-leipzig-1', managementIp: '10.40.0.11' })).id;
    ids.set = (
      await admin('POST', '/api/credentials', {
        name: 'Branch RO',
        snmp: { version: '2c', community: 'branch-ro' },
        allowedHosts: ['0.0.0.0/0'],
      })
    ).id;
    await admin('PUT', `/api/sites/${ids.branch}/polling`, { enabled: true, intervalMinutes: 15, credentialId: ids.set });
    const agent = await admin('POST', '/api/agents', { name: 'leipzig-pi', siteIds: [ids.branch] });
    // What the agent reports with a batch: it was seen, its version, its queue and what its spool dropped.
    const status = { version: '0.27.0', queueLength: 4, dropped: 12, lastError: 'sending observations: the server cannot be reached' };
    const observed = {
      system: observedSystem({ sysName: 'acc-leipzig-1' }),
      ports: [observedPort(1, 'Gi1/0/1')],
      vlans: [{ vid: 10, name: 'Users' }],
      membership: [observedAccess(1, 10)],
      ...{ lags: [], neighbours: [], fdb: [], arp: [], poe: [], notes: [] },
    };
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
    const observations = [
      { key: 'e2e-1', switchId: ids.acc, host: '10.40.0.11', observedAt: at(120), observed },
      { key: 'e2e-2', switchId: ids.acc, host: '10.40.0.11', observedAt: at(60), error: 'no answer' },
    ];
    const sent = await api(browserApp.baseUrl, 'POST', '/api/agent/observations', {
      token: agent.token,
      body: { agent: status, observations },
    });
    expect(sent.status).toBe(200);
  },
});
const admin = <T = any>(method: string, path: string, body?: unknown) => browserApp.admin<T>(method, path, body);

const shot = async (page: Page, name: string) => {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS, `agents-${name}.png`), fullPage: true });
};

describe('agents in the browser', () => {
  it('makes an agent for a site and shows its token once; lists the agents with what they reported', async () => {
    const { context, page } = await newPage(browserApp.browser);
    const problems = watch(page);
    await signIn(page, browserApp.baseUrl, '/settings/agents');
    await h1(page, 'Agents');
    await page.getByLabel('Name').fill('lab-pi');
    await page.getByLabel('OT lab').check();
    await page.getByRole('button', { name: 'Create agent' }).click();
    const token = page.locator('code.token-once');
    await expect.poll(() => token.textContent()).toMatch(/^sya_[A-Za-z0-9_-]{43}$/);
    const list = page.getByRole('table', { name: 'Agents' });
    await list.getByRole('cell', { name: 'lab-pi', exact: true }).waitFor();
    const leipzig = list.getByRole('row', { name: /leipzig-pi/ });
    expect(await leipzig.textContent()).toMatch(/Branch Leipzig.*0\.27\.0.*4.*12.*the server cannot be reached/);
    await shot(page, 'settings-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'settings-375');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it("says on a switch's Polling panel which agent polls it, and offers no Poll now", async () => {
    const { context, page } = await newPage(browserApp.browser);
    const problems = watch(page);
    await signIn(page, browserApp.baseUrl, `/switches/${ids.acc}?tab=details`);
    const panel = page.locator('section.polling-panel');
    await expect.poll(() => panel.locator('.poll-agent').textContent()).toContain('Polled by the agent leipzig-pi');
    expect(await panel.getByRole('button', { name: 'Poll now' }).count()).toBe(0);
    expect(await page.locator('.discovered').textContent()).toMatch(/Read by its agent/);
    await panel.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SHOTS, 'agents-switch-panel-1280.png') });
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
