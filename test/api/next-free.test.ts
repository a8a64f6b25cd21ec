import { beforeAll, describe, expect, it } from 'vitest';
import { expectCreated, expectFaults, NO_SUCH_ID, useSignedInUsers, useTestServer } from '../helpers/server.ts';

// POST /api/networks/{id}/addresses/next records the lowest usable address outside every range, other than the
// gateway and the recorded ones, in one change: two concurrent calls never get the same address.

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
const { call, make, must, lastEntry } = server.as(() => tokens.editor);
let siteId: string;

beforeAll(async () => {
  siteId = (await make('/api/sites', { name: 'Next free' })).id;
});

const network = (body: object) => make('/api/networks', { siteId, ...body });
const next = (networkId: string, body: object = {}) => call('POST', `/api/networks/${networkId}/addresses/next`, { body });
const nextAddress = async (networkId: string, body: object = {}) => {
  const answer = await next(networkId, body);
  if (answer.status !== 201) throw new Error(`${answer.status} ${answer.text}`);
  return answer.body.address as string;
};

describe('the next free address', () => {
  it('takes the lowest free one, skipping the gateway, ranges of every kind and recorded addresses', async () => {
    const lan = await network({ name: 'LAN', subnet: '10.0.0.0/24', gateway: '10.0.0.1' });
    await make(`/api/networks/${lan.id}/ranges`, { start: '10.0.0.2', end: '10.0.0.9', kind: 'static' });
    await make(`/api/networks/${lan.id}/ranges`, { start: '10.0.0.14', end: '10.0.0.20', kind: 'dhcp' });
    await make(`/api/networks/${lan.id}/ranges`, { start: '10.0.0.21', end: '10.0.0.21', kind: 'reserved' });
    const first = await next(lan.id, { hostname: 'web-1', deviceType: 'server', description: 'first' });
    expectCreated(first, '/api/addresses');
    expect(first.body).toMatchObject({
      networkId: lan.id,
      address: '10.0.0.10',
      hostname: 'web-1',
      deviceType: 'server',
      status: 'active',
      description: 'first',
      portId: null,
      switchId: null,
      version: 1,
    });
    await make(`/api/networks/${lan.id}/addresses`, { address: '10.0.0.12' });
    expect(await nextAddress(lan.id)).toBe('10.0.0.11');
    expect(await nextAddress(lan.id)).toBe('10.0.0.13');
    expect(await nextAddress(lan.id)).toBe('10.0.0.22');
    expect((await must(200, 'GET', `/api/networks/${lan.id}`)).addressCount).toBe(5);
  });

  it('writes one activity entry that undo reverses', async () => {
    const net = await network({ name: 'Undo', subnet: '10.0.1.0/29' });
    const address = (await next(net.id, { hostname: 'printer' })).body;
    expect(await lastEntry(address.id)).toMatchObject({
      action: 'create',
      entityType: 'address',
      entityName: '10.0.1.1',
      siteId,
      summary: 'Created address 10.0.1.1 (printer) in Undo, the next free one',
    });
    const entry = await lastEntry(address.id);
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/addresses/${address.id}`)).status).toBe(404);
    expect(await nextAddress(net.id)).toBe('10.0.1.1');
  });

  it('takes an IPv6 /64 address after the subnet-router anycast address and the gateway', async () => {
    const v6 = await network({ name: 'V6', subnet: '2001:db8:10::/64', gateway: '2001:db8:10::1' });
    expect(await nextAddress(v6.id)).toBe('2001:db8:10::2');
    await make(`/api/networks/${v6.id}/ranges`, { start: '2001:db8:10::3', end: '2001:db8:10::ffff', kind: 'dhcp' });
    expect(await nextAddress(v6.id)).toBe('2001:db8:10::1:0');
    expect(await nextAddress(v6.id)).toBe('2001:db8:10::1:1');
  });

  it('answers 409 network_full on a full /30, and takes both addresses of a /31', async () => {
    const p2p = await network({ name: 'Link', subnet: '10.0.2.0/30', gateway: '10.0.2.1' });
    expect(await nextAddress(p2p.id)).toBe('10.0.2.2');
    const full = await next(p2p.id);
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('network_full');
    const transit = await network({ name: 'Transit', subnet: '10.0.3.0/31' });
    expect([await nextAddress(transit.id), await nextAddress(transit.id)]).toEqual(['10.0.3.0', '10.0.3.1']);
    expect((await next(transit.id)).status).toBe(409);
  });

  it('gives 50 concurrent calls 50 different addresses, every one recorded with one entry', async () => {
    const busy = await network({ name: 'Busy', subnet: '10.0.4.0/24' });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => next(busy.id, { hostname: `host-${i}` })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    const addresses = answers.map((answer) => answer.body.address as string);
    expect(new Set(addresses).size).toBe(50);
    expect([...addresses].sort((a, b) => Number(a.split('.')[3]) - Number(b.split('.')[3]))).toEqual(
      Array.from({ length: 50 }, (_, i) => `10.0.4.${i + 1}`),
    );
    const recorded = (await must(200, 'GET', `/api/networks/${busy.id}/addresses?limit=500`)).items.map((a: { id: string }) => a.id);
    expect(recorded.sort()).toEqual(answers.map((answer) => answer.body.id).sort());
    const entries = (await must(200, 'GET', `/api/activity?siteId=${siteId}&limit=200`)).items.filter((entry: { entityId: string }) =>
      recorded.includes(entry.entityId),
    );
    expect(entries).toHaveLength(50);
    expect(new Set(entries.map((entry: { entityId: string }) => entry.entityId)).size).toBe(50);
  });
});

describe('next free: refusals', () => {
  let net: { id: string };
  beforeAll(async () => {
    net = await network({ name: 'Refusals', subnet: '10.0.5.0/24' });
  });

  const bad: [string, object, string[]][] = [
    ['an address of its own', { address: '10.0.5.7' }, ['address']],
    ['a bad hostname', { hostname: 'no spaces' }, ['hostname']],
    ['a bad MAC', { macAddress: 'zz' }, ['macAddress']],
    ['a device type of no kind', { deviceType: 'toaster' }, ['deviceType']],
    ['a status of no kind', { status: 'lost' }, ['status']],
    ['a port that does not exist', { portId: NO_SUCH_ID }, ['portId']],
    ['an unknown field', { colour: 'red' }, ['colour']],
  ];
  it.each(bad)('refuses %s (400)', async (_what, body, fields) => {
    expectFaults(await next(net.id, body), fields);
  });

  it('answers 404 for no such network, and 403 to a viewer', async () => {
    expect((await next(NO_SUCH_ID)).status).toBe(404);
    const viewer = await call('POST', `/api/networks/${net.id}/addresses/next`, { body: {}, token: tokens.viewer });
    expect(viewer.status).toBe(403);
  });

  it('takes a call without a body', async () => {
    const answer = await call('POST', `/api/networks/${net.id}/addresses/next`);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ address: '10.0.5.1', hostname: null, status: 'active' });
  });
});

describe('the free blocks', () => {
  it('lists the free blocks between ranges, gateway and recorded addresses, paged', async () => {
    const net = await network({ name: 'Blocks', subnet: '10.0.6.0/24', gateway: '10.0.6.1' });
    await make(`/api/networks/${net.id}/ranges`, { start: '10.0.6.100', end: '10.0.6.199', kind: 'dhcp' });
    for (const address of ['10.0.6.2', '10.0.6.3', '10.0.6.10']) await make(`/api/networks/${net.id}/addresses`, { address });
    const page = await must(200, 'GET', `/api/networks/${net.id}/free`);
    expect(page).toEqual({
      items: [
        { first: '10.0.6.4', last: '10.0.6.9', size: 6 },
        { first: '10.0.6.11', last: '10.0.6.99', size: 89 },
        { first: '10.0.6.200', last: '10.0.6.254', size: 55 },
      ],
      total: 3,
      limit: 100,
      offset: 0,
    });
    expect((await must(200, 'GET', `/api/networks/${net.id}/free?limit=1&offset=1`)).items).toEqual([
      { first: '10.0.6.11', last: '10.0.6.99', size: 89 },
    ]);
    expect((await call('GET', `/api/networks/${net.id}/free?limit=0`)).status).toBe(400);
    expect((await call('GET', `/api/networks/${NO_SUCH_ID}/free`)).status).toBe(404);
  });

  it('answers IPv6 block sizes as decimal strings', async () => {
    const v6 = await network({ name: 'Blocks v6', subnet: '2001:db8:20::/64' });
    await make(`/api/networks/${v6.id}/addresses`, { address: '2001:db8:20::1' });
    expect((await must(200, 'GET', `/api/networks/${v6.id}/free`)).items).toEqual([
      { first: '2001:db8:20::2', last: '2001:db8:20:0:ffff:ffff:ffff:ffff', size: '18446744073709551614' },
    ]);
  });
});
