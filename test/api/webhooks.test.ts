// Webhooks (issue 40) against a receiver on 127.0.0.1, which WEBHOOK_ALLOW lets http:// reach. The sender's waits
// run a thousand times faster (WEBHOOK_TEST_TIME_SCALE): 5 s of back-off is 5 ms, its cap of 60 s is 60 ms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithRole, useTestServer, type ApiClient } from '../helpers/server.ts';
import { deliveredIds, eventually, signatureVerifies, startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

const SECRET = 'a webhook secret of some length';
const ENV = { WEBHOOK_ALLOW: '127.0.0.1', WEBHOOK_TEST_TIME_SCALE: '0.001' };

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function subscribe(client: ApiClient, path: string, extra: Record<string, unknown> = {}): Promise<{ id: string }> {
  return client.make('/api/webhooks', { name: `hook ${path}`, url: receiver.url(path), secret: SECRET, events: ['activity.*'], ...extra });
}

let nextVid = 100;

/** Makes `count` changes of sites and VLANs (create, update, delete): the ids of their activity entries, in order. */
async function mixedChanges(client: ApiClient, count: number, siteId: string): Promise<string[]> {
  const entries: string[] = [];
  let vlan: { id: string } | undefined;
  for (let i = 0; entries.length < count; i++) {
    const step = i % 4;
    const answer =
      step === 0
        ? await client.call('POST', '/api/vlans', { body: { siteId, vid: nextVid++, name: `v${nextVid}` } })
        : step === 1
          ? await client.call('PATCH', `/api/vlans/${vlan!.id}`, { body: { name: `renamed ${nextVid++}` } })
          : step === 2
            ? await client.call('PATCH', `/api/sites/${siteId}`, { body: { description: `change ${i}` } })
            : await client.call('DELETE', `/api/vlans/${vlan!.id}`);
    if (answer.status >= 300) throw new Error(`change ${i}: ${answer.status} ${answer.text}`);
    if (step === 0) vlan = answer.body;
    entries.push(answer.headers.get('activity-id')!);
  }
  return entries;
}

describe('webhook subscriptions', () => {
  const hq = useTestServer({ env: ENV });

  it('are for admins only: editors and viewers get 403', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const { token } = await userWithRole(hq.baseUrl, hq.token, `${role}-hooks`, role);
      const caller = hq.as(() => token);
      expect((await caller.call('GET', '/api/webhooks')).status).toBe(403);
      const made = await caller.call('POST', '/api/webhooks', {
        body: { name: 'x', url: receiver.url('/x'), secret: SECRET, events: ['activity.*'] },
      });
      expect(made.status).toBe(403);
    }
  });

  it('refuse a URL webhooks may not reach, and patterns nothing emits, with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'http://10.1.2.3/hook' }, 'url'],
      [{ url: 'https://127.0.0.2/hook' }, 'url'],
      [{ url: 'https://[::ffff:192.168.1.1]/hook' }, 'url'],
      [{ url: 'ftp://example.net/hook' }, 'url'],
      [{ events: ['finding.new'] }, 'events[0]'],
      [{ events: ['activity.port.explode'] }, 'events[0]'],
      [{ secret: 'short' }, 'secret'],
    ];
    for (const [change, field] of cases) {
      const body = { name: 'refused', url: receiver.url('/r'), secret: SECRET, events: ['activity.*'], ...change };
      const answer = await hq.call('POST', '/api/webhooks', { body });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
  });

  it('never answer their secret back', async () => {
    const hook = await subscribe(hq, '/secretive', { enabled: false });
    expect(JSON.stringify(await hq.must(200, 'GET', `/api/webhooks/${hook.id}`))).not.toContain(SECRET);
    expect(JSON.stringify(await hq.must(200, 'GET', '/api/webhooks'))).not.toContain(SECRET);
    await hq.must(204, 'DELETE', `/api/webhooks/${hook.id}`);
  });

  it('deliver 500 mixed changes to every subscription, in order, each signed', async () => {
    const site = await hq.make('/api/sites', { name: 'Webhook HQ' });
    await subscribe(hq, '/all-a');
    await subscribe(hq, '/all-b');
    const entries = await mixedChanges(hq, 500, site.id);
    await eventually(
      () => deliveredIds(receiver, '/all-a').length >= 500 && deliveredIds(receiver, '/all-b').length >= 500,
      100_000,
      () => `a: ${deliveredIds(receiver, '/all-a').length}, b: ${deliveredIds(receiver, '/all-b').length}`,
    );
    for (const path of ['/all-a', '/all-b']) {
      expect(deliveredIds(receiver, path)).toEqual(entries);
      const requests = receiver.received.filter((request) => request.path === path);
      expect(requests.every((request) => signatureVerifies(request, SECRET))).toBe(true);
      const first = JSON.parse(requests[0].body);
      expect(first).toMatchObject({ id: entries[0], type: 'activity.vlan.create', site: { id: site.id, name: 'Webhook HQ' } });
      expect(first.data).toMatchObject({ id: entries[0], action: 'create', entityType: 'vlan' });
      expect(requests[0].headers['switchyard-event']).toBe('activity.vlan.create');
      expect(requests[0].headers['switchyard-delivery']).toMatch(/^\d+$/);
    }
  }, 180_000);

  it('deliver only what their event patterns and sites name', async () => {
    const a = await hq.make('/api/sites', { name: 'Filter A' });
    const b = await hq.make('/api/sites', { name: 'Filter B' });
    await subscribe(hq, '/vlan-create-b', { events: ['activity.vlan.create'], siteIds: [b.id] });
    await subscribe(hq, '/site-updates', { events: ['activity.site.update'] });
    await hq.make('/api/vlans', { siteId: a.id, vid: 10, name: 'in A' });
    const inB = await hq.call('POST', '/api/vlans', { body: { siteId: b.id, vid: 10, name: 'in B' } });
    const vlanUpdate = await hq.call('PATCH', `/api/vlans/${inB.body.id}`, { body: { name: 'renamed in B' } });
    const siteUpdate = await hq.call('PATCH', `/api/sites/${a.id}`, { body: { description: 'filtered' } });
    expect(vlanUpdate.status).toBe(200);
    await eventually(
      () => deliveredIds(receiver, '/site-updates').length >= 1,
      25_000,
      () => 'the site update',
    );
    await eventually(
      () => deliveredIds(receiver, '/vlan-create-b').length >= 1,
      25_000,
      () => 'the VLAN in B',
    );
    expect(deliveredIds(receiver, '/vlan-create-b')).toEqual([inB.headers.get('activity-id')]);
    expect(deliveredIds(receiver, '/site-updates')).toEqual([siteUpdate.headers.get('activity-id')]);
  });

  it('send Slack and Teams bodies in the shapes of their incoming webhooks', async () => {
    const site = await hq.make('/api/sites', { name: 'Chat <&> site' });
    await subscribe(hq, '/slack', { format: 'slack', siteIds: [site.id] });
    await subscribe(hq, '/teams', { format: 'teams', siteIds: [site.id] });
    await hq.make('/api/vlans', { siteId: site.id, vid: 77, name: 'chatty' });
    const bodyAt = (path: string) => receiver.received.find((request) => request.path === path)?.body;
    await eventually(
      () => bodyAt('/slack') !== undefined && bodyAt('/teams') !== undefined,
      25_000,
      () => 'both chats',
    );
    const slack = JSON.parse(bodyAt('/slack')!);
    expect(typeof slack.text).toBe('string');
    expect(slack.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: expect.stringContaining('chatty') } });
    expect(slack.blocks[1].type).toBe('context');
    for (const element of slack.blocks[1].elements) expect(element).toEqual({ type: 'mrkdwn', text: expect.any(String) });
    expect(JSON.stringify(slack.blocks)).toContain('Chat &lt;&amp;&gt; site');
    const teams = JSON.parse(bodyAt('/teams')!);
    expect(teams).toMatchObject({ '@type': 'MessageCard', '@context': 'https://schema.org/extensions', summary: expect.any(String) });
    expect(teams.title).toContain('chatty');
    expect(teams.sections[0].facts).toContainEqual({ name: 'Site', value: 'Chat <&> site' });
  });

  it('list deliveries, send one again with the same event id, send a test ping, and count them in the metrics', async () => {
    const hook = await subscribe(hq, '/listed', { events: ['activity.site.create'] });
    await hq.make('/api/sites', { name: 'Listed' });
    await eventually(
      () => deliveredIds(receiver, '/listed').length === 1,
      25_000,
      () => 'the site create',
    );
    const [delivery] = (await hq.must(200, 'GET', `/api/webhooks/${hook.id}/deliveries`)).items;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, type: 'activity.site.create' });
    const again = await hq.must(202, 'POST', `/api/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`);
    const ping = await hq.must(202, 'POST', `/api/webhooks/${hook.id}/test`);
    await eventually(
      () => receiver.received.filter((request) => request.path === '/listed').length === 3,
      25_000,
      () => 'redelivery and ping',
    );
    const [first, repeat, pinged] = receiver.received.filter((request) => request.path === '/listed');
    expect(JSON.parse(repeat.body).id).toBe(JSON.parse(first.body).id);
    expect(repeat.headers['switchyard-delivery']).toBe(again.deliveryId);
    expect(pinged.headers['switchyard-event']).toBe('ping');
    expect(pinged.headers['switchyard-delivery']).toBe(ping.deliveryId);
    const metrics = (await hq.call('GET', '/api/metrics')).text;
    expect(metrics).toMatch(/switchyard_webhook_deliveries\{status="delivered"\} \d+/);
    expect(metrics).toContain('switchyard_webhook_outbox_age_seconds');
  });
});

describe('a receiver that fails a third of the time, then is down for a while', () => {
  const hq = useTestServer({ env: ENV });

  it('still gets every event, in order, with back-off between attempts', async () => {
    const site = await hq.make('/api/sites', { name: 'Flaky' });
    await subscribe(hq, '/flaky');
    let downUntil = 0;
    receiver.answer = ({ path, index }) => {
      if (path !== '/flaky') return 204;
      if (performance.now() < downUntil) return 'drop';
      return index % 3 === 0 ? { status: 503, headers: {} } : 204;
    };
    const entries = await mixedChanges(hq, 30, site.id);
    downUntil = performance.now() + 2_000;
    entries.push(...(await mixedChanges(hq, 30, site.id)));
    await eventually(
      () => deliveredIds(receiver, '/flaky').length >= 60,
      90_000,
      () => `${deliveredIds(receiver, '/flaky').length} of 60`,
    );
    receiver.answer = () => 204;
    expect(deliveredIds(receiver, '/flaky')).toEqual(entries);
    // The delivery tried most often while the receiver was down waited longer and longer: 5 ms doubling (times the
    // jitter, at least a half), to at most 60 ms.
    const attempts = new Map<string, number[]>();
    for (const request of receiver.received.filter((request) => request.path === '/flaky' && request.answeredWith === 'drop')) {
      const id = String(request.headers['switchyard-delivery']);
      attempts.set(id, [...(attempts.get(id) ?? []), request.at]);
    }
    const times = [...attempts.values()].sort((a, b) => b.length - a.length)[0];
    expect(times.length).toBeGreaterThan(6);
    const gaps = times.slice(1).map((at, index) => at - times[index]);
    for (const [index, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(Math.min(5 * 2 ** (index + 1), 60) / 2 - 1);
  }, 120_000);
});

describe('the server killed while events are queued', () => {
  const hq = useTestServer({ env: ENV });

  it('delivers every one after its restart, a repeat with the same id', async () => {
    const site = await hq.make('/api/sites', { name: 'Killed' });
    await subscribe(hq, '/killed');
    receiver.answer = ({ path }) => (path === '/killed' ? 'drop' : 204);
    const entries = await mixedChanges(hq, 200, site.id);
    const metrics = (await hq.call('GET', '/api/metrics')).text;
    expect(Number(/switchyard_webhook_deliveries\{status="queued"\} (\d+)/.exec(metrics)![1])).toBeGreaterThanOrEqual(199);
    await hq.restart({ signal: 'SIGKILL' });
    receiver.answer = () => 204;
    await eventually(
      () => deliveredIds(receiver, '/killed').length >= 200,
      90_000,
      () => `${deliveredIds(receiver, '/killed').length} of 200`,
    );
    expect(deliveredIds(receiver, '/killed')).toEqual(entries);
    const bodies = new Map<string, string>();
    for (const request of receiver.received.filter((request) => request.path === '/killed')) {
      const event = JSON.parse(request.body);
      const { id } = event;
      const seen = bodies.get(id);
      if (seen !== undefined) expect(JSON.parse(seen).id).toBe(id);
      bodies.set(id, request.body);
    }
  }, 120_000);
});

describe('a subscription that fails for a day', () => {
  // A day is 1.7 s here.
  const hq = useTestServer({ env: { ...ENV, WEBHOOK_TEST_TIME_SCALE: '0.00002' } });

  it('is turned off, says why, and its last event is failed', async () => {
    const site = await hq.make('/api/sites', { name: 'Failing' });
    const hook = await subscribe(hq, '/failing');
    receiver.answer = ({ path }) => (path === '/failing' ? { status: 500, headers: {} } : 204);
    await hq.make('/api/vlans', { siteId: site.id, vid: 5, name: 'never delivered' });
    await eventually(
      async () => (await hq.must(200, 'GET', `/api/webhooks/${hook.id}`)).enabled === false,
      25_000,
      () => 'the subscription turned off',
    );
    receiver.answer = () => 204;
    const turnedOff = await hq.must(200, 'GET', `/api/webhooks/${hook.id}`);
    expect(turnedOff.disabledReason).toMatch(/failed since/);
    const [delivery] = (await hq.must(200, 'GET', `/api/webhooks/${hook.id}/deliveries`)).items;
    expect(delivery).toMatchObject({ status: 'failed', lastStatusCode: 500 });
    expect(hq.logs()).toContain('webhook subscription turned off');
  });
});
