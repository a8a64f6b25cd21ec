// Settings › Webhooks in the browser (issue 40): a webhook added with its events chosen, the deliveries of another
// with the receiver's answers, Redeliver and Send test; at 1280 and 375 px.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deliveredIds, eventually, startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';
import { SHOTS, useBrowserApp } from './support.ts';

let receiver: Receiver | undefined;
const app = useBrowserApp({
  env: { WEBHOOK_ALLOW: '127.0.0.1', WEBHOOK_TEST_TIME_SCALE: '0.001' },
  setup: async () => {
    receiver = await startReceiver();
    const secret = 'a secret of the receiver';
    await app.admin('POST', '/api/webhooks', {
      name: 'Chat ops',
      url: receiver.url('/chat'),
      secret,
      events: ['activity.*'],
      format: 'slack',
    });
    await app.admin('POST', '/api/sites', { name: 'HQ' });
    await eventually(
      () => deliveredIds(receiver!, '/chat').length === 1,
      20_000,
      () => 'the site create',
    );
  },
});
afterAll(async () => {
  await receiver?.close();
});

describe('Settings › Webhooks', () => {
  it('adds a webhook with its events chosen, and shows the deliveries of another with Redeliver and Send test', async () => {
    const opened = await app.openPage('/settings/webhooks', 'Webhooks');
    const { page } = opened;
    await page.getByLabel('Name').fill('Automation');
    await page.getByLabel('URL', { exact: true }).fill(receiver!.url('/automation'));
    await page.getByLabel('Secret').fill('sixteen characters or more');
    await page.getByLabel('A port changed').check();
    await page.getByLabel('Every change').uncheck();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const list = page.getByRole('table', { name: 'Webhooks' });
    await list.getByRole('cell', { name: 'Automation', exact: true }).waitFor();
    expect(await list.getByRole('cell', { name: 'activity.port.update' }).count()).toBe(1);
    const chat = list.getByRole('row', { name: /Chat ops/ });
    await chat.getByRole('button', { name: 'Send test' }).click();
    await eventually(
      () => receiver!.received.some((request) => request.headers['switchyard-event'] === 'ping'),
      20_000,
      () => 'the ping',
    );
    await chat.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('table', { name: 'Deliveries, newest first' });
    await deliveries.getByRole('cell', { name: 'activity.site.create' }).waitFor();
    expect(await deliveries.getByText(/HTTP 204/).count()).toBeGreaterThanOrEqual(1);
    await deliveries
      .getByRole('row', { name: /activity\.site\.create/ })
      .getByRole('button', { name: 'Redeliver' })
      .click();
    await page.getByText('The event is queued again.').waitFor();
    await eventually(
      () => receiver!.received.filter((request) => request.path === '/chat').length >= 3,
      20_000,
      () => 'the redelivery',
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.screenshot({ path: join(SHOTS, 'webhooks-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'webhooks-375.png'), fullPage: true });
    await opened.finish();
  });
});
