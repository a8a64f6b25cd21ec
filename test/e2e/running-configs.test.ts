// A switch's running configurations in the browser (issue 38), under its Config tab: the versions stored, the diff of
// one with the one before, an upload pasted in, and a fetch over SSH from a recorded device replayed on 127.0.0.1
// (test/helpers/ssh-replay.ts); at 1280 and 375 px.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { itNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { readRecording, startReplayServer, type ReplayServer } from '../helpers/ssh-replay.ts';
import { SHOTS, useBrowserApp } from './support.ts';

const LOGIN = { username: 'oxidized', password: 'browser-pa55' };
const BASE = ['hostname LAB-SW123', '!', 'interface GigabitEthernet1/0/1', ' description uplink', ' switchport mode trunk', '!', 'end', ''];
const ids = {} as { sw: string };
let device: ReplayServer | undefined;
const hasRecordings = sharedFixture('configs/oxidized').present;

const app = useBrowserApp({
  setup: async () => {
    const site = await app.admin('POST', '/api/sites', { name: 'Lab' });
    ids.sw = (await app.admin('POST', '/api/switches', { siteId: site.id, name: 'LAB-SW123', vendor: 'Cisco' })).id;
    for (const text of [BASE.join('\n'), BASE.join('\n').replace(' description uplink', ' description uplink to core')]) {
      const answer = await fetch(`${app.baseUrl}/api/switches/${ids.sw}/configs?dialect=cisco-ios`, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.adminToken}`, 'content-type': 'text/plain' },
        body: text,
      });
      if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
    }
    if (hasRecordings) {
      const recording = readRecording(join(SHARED_FIXTURES, 'configs', 'oxidized', 'ios#C9200L-24P-4G_17.09.04a#simulation.yaml'));
      device = await startReplayServer(recording, LOGIN);
    }
  },
});
afterAll(async () => {
  await device?.close();
});

describe('Switch › Config › Running configuration', () => {
  it('lists the versions, shows the diff of the newest with the one before, and stores a pasted configuration', async () => {
    const opened = await app.openPage(`/switches/${ids.sw}?tab=config`, 'LAB-SW123');
    const { page } = opened;
    const versions = page.getByRole('table', { name: 'Running configurations of LAB-SW123, newest first' });
    await versions.waitFor();
    expect(await versions.getByRole('row').count()).toBe(3);
    await versions.getByRole('button', { name: 'Diff of version 2 with the one before' }).click();
    const diff = page.getByLabel('Differences between two versions');
    await diff.waitFor();
    expect(await diff.textContent()).toContain('- description uplink\n+ description uplink to core\n');
    await page.getByRole('heading', { name: 'Running configuration' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'running-configs-diff-1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByLabel('Or paste the configuration').fill(`${BASE.join('\n').replace('LAB-SW123', 'LAB-SW123-new')}`);
    await page.getByRole('button', { name: 'Store' }).click();
    await page.getByText('Stored as version 3.').waitFor();
    const text = page.getByLabel('Running configuration, version 3');
    await text.waitFor();
    expect(await text.textContent()).toContain('hostname LAB-SW123-new');
    await page.getByRole('button', { name: 'Document from this configuration' }).click();
    const review = page.getByRole('dialog', { name: 'Document LAB-SW123 from its configuration' });
    await review.waitFor();
    await review.getByText('GigabitEthernet1/0/1').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'running-configs-document-1280.png'), fullPage: true });
    await review.getByRole('button', { name: /^Apply \d+ changes?$/ }).click();
    await page.getByText(/^Applied \d+ changes? to LAB-SW123\.$/).waitFor();
    const ports = await app.admin<{ items: { name: string }[] }>('GET', `/api/switches/${ids.sw}/ports`);
    expect(ports.items.map((port) => port.name)).toContain('GigabitEthernet1/0/1');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'running-configs-375.png'), fullPage: true });
    await opened.finish();
  });

  itNeeding(
    [sharedFixture('configs/oxidized')],
    'fetches the running configuration over SSH with a user name and password used once',
    {},
    async () => {
      const opened = await app.openPage(`/switches/${ids.sw}?tab=config`, 'LAB-SW123');
      const { page } = opened;
      await page.getByRole('button', { name: 'Fetch over SSH' }).click();
      await page.getByLabel('Host', { exact: true }).fill('127.0.0.1');
      await page.getByLabel('Port', { exact: true }).fill(String(device!.port));
      await page.getByLabel('User name').fill(LOGIN.username);
      await page.getByLabel('Password', { exact: true }).fill(LOGIN.password);
      await page.getByRole('button', { name: 'Fetch now' }).click();
      await page.getByText('Stored as version 4.').waitFor();
      const text = page.getByLabel('Running configuration, version 4');
      await text.waitFor();
      expect(await text.textContent()).toContain('hostname LAB-SW123_9200L');
      expect(
        await page
          .getByRole('table', { name: /Running configurations of LAB-SW123/ })
          .getByRole('cell', { name: /^SSH/ })
          .count(),
      ).toBe(1);
      await page.screenshot({ path: join(SHOTS, 'running-configs-fetch-1280.png'), fullPage: true });
      await opened.finish();
    },
  );
});
