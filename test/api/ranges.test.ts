import { beforeAll, describe, expect, it } from 'vitest';
import { makeIpamNetworks, useEditorAndSites } from '../helpers/data.ts';
import { expectCreated, expectFaults, NO_SUCH_ID } from '../helpers/server.ts';

// The ranges of networks (docs/IPAM.md): each rule for IPv4 and IPv6 on a real server.

const { call, make, must, lastEntry, viewer, site, otherSite } = useEditorAndSites();

const net: Record<'lan' | 'p2p' | 'host' | 'v6' | 'v6p2p' | 'pools' | 'listed' | 'branch', { id: string }> = {} as never;

beforeAll(async () => {
  Object.assign(net, await makeIpamNetworks(make, { site, otherSite }, ['lan', 'p2p', 'host', 'v6', 'v6p2p', 'pools', 'listed', 'branch']));
});

const rangeIn = (network: keyof typeof net, body: object) => call('POST', `/api/networks/${net[network].id}/ranges`, { body });

describe('range validation', () => {
  const cases: [string, keyof typeof net, object, string[]][] = [
    ['no start, end or kind', 'lan', {}, ['end', 'kind', 'start']],
    ['kind not a kind', 'lan', { start: '10.1.0.10', end: '10.1.0.20', kind: 'pool' }, ['kind']],
    ['start not an address', 'lan', { start: '10.1.0', end: '10.1.0.20', kind: 'static' }, ['start']],
    ['start after end', 'lan', { start: '10.1.0.20', end: '10.1.0.10', kind: 'static' }, ['end']],
    ['start outside the subnet', 'lan', { start: '10.0.255.250', end: '10.1.0.10', kind: 'static' }, ['start']],
    ['end outside the subnet', 'lan', { start: '10.1.0.250', end: '10.1.1.5', kind: 'static' }, ['end']],
    ['an IPv6 end to an IPv4 start', 'lan', { start: '10.1.0.10', end: '2001:db8:1::1', kind: 'static' }, ['end']],
    ['IPv6 start after end', 'v6', { start: '2001:db8:1::20', end: '2001:db8:1::10', kind: 'dhcp' }, ['end']],
    ['IPv6 end outside the /64', 'v6', { start: '2001:db8:1::10', end: '2001:db8:1:1::', kind: 'reserved' }, ['end']],
    ['a dhcp range in a /31', 'p2p', { start: '10.2.0.0', end: '10.2.0.1', kind: 'dhcp' }, ['kind']],
    ['a dhcp range in a /32', 'host', { start: '10.3.0.7', end: '10.3.0.7', kind: 'dhcp' }, ['kind']],
    ['a dhcp range in an IPv6 /127', 'v6p2p', { start: '2001:db8:2::', end: '2001:db8:2::1', kind: 'dhcp' }, ['kind']],
    ['an unknown field', 'lan', { start: '10.1.0.10', end: '10.1.0.20', kind: 'static', size: 11 }, ['size']],
  ];
  it.each(cases)('%s → 400', async (_name, network, body, fields) => {
    expectFaults(await rangeIn(network, body), fields);
  });

  const allowed: [string, keyof typeof net, object][] = [
    ['a static range in a /31', 'p2p', { start: '10.2.0.0', end: '10.2.0.1', kind: 'static' }],
    ['a reserved range of one address in a /32', 'host', { start: '10.3.0.7', end: '10.3.0.7', kind: 'reserved' }],
    ['a range of one address', 'lan', { start: '10.1.0.5', end: '10.1.0.5', kind: 'reserved' }],
    ['an IPv6 dhcp range', 'v6', { start: '2001:DB8:1::1000', end: '2001:db8:1::1fff', kind: 'dhcp' }],
  ];
  it.each(allowed)('%s → 201', async (_name, network, body) => {
    const answer = await rangeIn(network, body);
    expectCreated(answer, '/api/ranges');
    expect(answer.body).toMatchObject({ networkId: net[network].id, version: 1, description: null });
  });

  it('stores addresses in their canonical spelling, answers 404 for no network and 403 to a viewer', async () => {
    const v6 = (await must(200, 'GET', `/api/networks/${net.v6.id}/ranges`)).items[0];
    expect(v6).toMatchObject({ start: '2001:db8:1::1000', end: '2001:db8:1::1fff', kind: 'dhcp' });
    expect(
      (await call('POST', `/api/networks/${NO_SUCH_ID}/ranges`, { body: { start: '10.1.0.1', end: '10.1.0.2', kind: 'static' } })).status,
    ).toBe(404);
    expect(
      (await viewer.call('POST', `/api/networks/${net.lan.id}/ranges`, { body: { start: '10.1.0.1', end: '10.1.0.2', kind: 'static' } }))
        .status,
    ).toBe(403);
  });
});

describe('the ranges of a network never overlap', () => {
  beforeAll(async () => {
    await make(`/api/networks/${net.lan.id}/ranges`, { start: '10.1.0.100', end: '10.1.0.150', kind: 'dhcp' });
    await make(`/api/networks/${net.v6.id}/ranges`, { start: '2001:db8:1::a:0', end: '2001:db8:1::a:ffff', kind: 'static' });
  });
  const cases: [string, keyof typeof net, string, string, 201 | 409][] = [
    ['the same range again', 'lan', '10.1.0.100', '10.1.0.150', 409],
    ['sharing the first address', 'lan', '10.1.0.90', '10.1.0.100', 409],
    ['sharing the last address', 'lan', '10.1.0.150', '10.1.0.160', 409],
    ['inside it', 'lan', '10.1.0.120', '10.1.0.121', 409],
    ['around it', 'lan', '10.1.0.60', '10.1.0.199', 409],
    ['just before it', 'lan', '10.1.0.90', '10.1.0.99', 201],
    ['just after it', 'lan', '10.1.0.151', '10.1.0.160', 201],
    ['IPv6 inside', 'v6', '2001:db8:1::a:10', '2001:db8:1::a:20', 409],
    ['IPv6 around', 'v6', '2001:db8:1::9:0', '2001:db8:1::b:0', 409],
    ['IPv6 just after', 'v6', '2001:db8:1::b:0', '2001:db8:1::b:ff', 201],
    ['the same range in a network of another site', 'branch', '10.1.0.100', '10.1.0.150', 201],
  ];
  it.each(cases)('%s → %i', async (_name, network, start, end, status) => {
    const answer = await rangeIn(network, { start, end, kind: 'static' });
    expect(answer.status, answer.text).toBe(status);
    if (status === 409) expect(answer.body.error).toMatchObject({ code: 'range_overlaps', details: [{ field: 'start' }] });
  });

  it('refuses a PATCH onto another range with 409 range_overlaps, and lets a range grow into its own addresses', async () => {
    const range = (await rangeIn('lan', { start: '10.1.0.200', end: '10.1.0.210', kind: 'reserved' })).body;
    const answer = await call('PATCH', `/api/ranges/${range.id}`, { body: { start: '10.1.0.160' } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('range_overlaps');
    const grown = await call('PATCH', `/api/ranges/${range.id}`, { body: { start: '10.1.0.199', end: '10.1.0.220' } });
    expect(grown.status).toBe(200);
    expect(grown.body).toMatchObject({ start: '10.1.0.199', end: '10.1.0.220', version: 2 });
    expectFaults(await call('PATCH', `/api/ranges/${range.id}`, { body: { end: '10.1.0.198' } }), ['end']);
  });
});

describe('a DHCP range over recorded addresses', () => {
  beforeAll(async () => {
    for (const address of ['10.4.0.50', '10.4.0.51', '10.4.0.70']) await make(`/api/networks/${net.pools.id}/addresses`, { address });
  });

  it('is refused with 409 in_dhcp_range naming the addresses', async () => {
    const answer = await rangeIn('pools', { start: '10.4.0.40', end: '10.4.0.60', kind: 'dhcp' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('in_dhcp_range');
    expect(answer.body.error.message).toContain('10.4.0.50, 10.4.0.51');
    expect(answer.body.error.message).not.toContain('10.4.0.70');
    expect(answer.body.error.details.map((detail: { message: string }) => detail.message.split(' ')[0])).toEqual([
      '10.4.0.50',
      '10.4.0.51',
    ]);
  });

  it('is taken as a static range, and refused again when it is turned into a DHCP range', async () => {
    const range = (await rangeIn('pools', { start: '10.4.0.40', end: '10.4.0.60', kind: 'static' })).body;
    const answer = await call('PATCH', `/api/ranges/${range.id}`, { body: { kind: 'dhcp' } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('in_dhcp_range');
  });

  it('is taken where no address is recorded, and then keeps addresses out', async () => {
    expect((await rangeIn('pools', { start: '10.4.0.71', end: '10.4.0.90', kind: 'dhcp' })).status).toBe(201);
    const address = await call('POST', `/api/networks/${net.pools.id}/addresses`, { body: { address: '10.4.0.80' } });
    expect(address.status).toBe(409);
    expect(address.body.error.code).toBe('in_dhcp_range');
  });
});

describe('lists of ranges', () => {
  beforeAll(async () => {
    for (const [start, end, kind] of [
      ['10.9.0.100', '10.9.0.200', 'dhcp'],
      ['10.9.0.9', '10.9.0.9', 'reserved'],
      ['10.9.1.0', '10.9.1.255', 'static'],
      ['10.9.0.10', '10.9.0.20', 'static'],
    ])
      await make(`/api/networks/${net.listed.id}/ranges`, { start, end, kind });
  });
  const path = () => `/api/networks/${net.listed.id}/ranges`;
  const cases: [string, string, string[]][] = [
    ['by start address, numerically', '', ['10.9.0.9', '10.9.0.10', '10.9.0.100', '10.9.1.0']],
    ['by start address descending', '?sort=-start', ['10.9.1.0', '10.9.0.100', '10.9.0.10', '10.9.0.9']],
    ['filtered by kind', '?kind=static', ['10.9.0.10', '10.9.1.0']],
    ['a page', '?limit=1&offset=2', ['10.9.0.100']],
  ];
  it.each(cases)('%s', async (_name, query, starts) => {
    const page = await must(200, 'GET', `${path()}${query}`);
    expect(page.items.map((item: { start: string }) => item.start)).toEqual(starts);
  });

  it('serialises each item exactly as the range read alone', async () => {
    for (const network of Object.values(net)) {
      const page = await must(200, 'GET', `/api/networks/${network.id}/ranges`);
      for (const item of page.items) expect(JSON.stringify(item)).toBe(JSON.stringify(await must(200, 'GET', `/api/ranges/${item.id}`)));
    }
  });

  it('answers CSV with the total, 400 for an unknown kind, 404 for no network, and reads for a viewer', async () => {
    const csv = await call('GET', `${path()}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('x-total-count')).toBe('4');
    const lines = csv.text.trim().split(/\r?\n/);
    const column = lines[0].split(',').indexOf('start');
    expect(lines.slice(1).map((line) => line.split(',')[column])).toEqual(['10.9.0.9', '10.9.0.10', '10.9.0.100', '10.9.1.0']);
    expect((await call('GET', `${path()}?kind=pool`)).status).toBe(400);
    expect((await call('GET', `/api/networks/${NO_SUCH_ID}/ranges`)).status).toBe(404);
    expect((await viewer.call('GET', path())).status).toBe(200);
  });
});

describe('ETag, If-Match, activity and undo of ranges', () => {
  const undo = async (entityId: string) => call('POST', `/api/activity/${(await lastEntry(entityId)).id}/undo`);

  it('answers the version as ETag and 412 on a stale If-Match', async () => {
    const range = (await rangeIn('lan', { start: '10.1.0.30', end: '10.1.0.31', kind: 'reserved' })).body;
    expect((await call('GET', `/api/ranges/${range.id}`)).headers.get('etag')).toBe('"1"');
    expect((await call('PATCH', `/api/ranges/${range.id}`, { body: { description: 'x' }, headers: { 'If-Match': '"7"' } })).status).toBe(
      412,
    );
    expect((await call('DELETE', `/api/ranges/${range.id}`, { headers: { 'If-Match': '"7"' } })).status).toBe(412);
    expect((await call('DELETE', `/api/ranges/${range.id}`, { headers: { 'If-Match': '"1"' } })).status).toBe(204);
    expect((await call('GET', `/api/ranges/${range.id}`)).status).toBe(404);
  });

  it('records a create, and its undo removes the range', async () => {
    const range = (await rangeIn('lan', { start: '10.1.0.32', end: '10.1.0.39', kind: 'static' })).body;
    expect(await lastEntry(range.id)).toMatchObject({
      action: 'create',
      entityType: 'range',
      siteId: site.id,
      summary: 'Created range 10.1.0.32-10.1.0.39 (static) in LAN',
    });
    expect((await undo(range.id)).status).toBe(200);
    expect((await call('GET', `/api/ranges/${range.id}`)).status).toBe(404);
    expect((await rangeIn('lan', { start: '10.1.0.32', end: '10.1.0.39', kind: 'static' })).status).toBe(201);
  });

  it('brings an update exactly back, keys included', async () => {
    const before = (await rangeIn('v6', { start: '2001:db8:1::c:0', end: '2001:db8:1::c:ff', kind: 'dhcp', description: 'pool' })).body;
    await must(200, 'PATCH', `/api/ranges/${before.id}`, {
      start: '2001:db8:1::d:0',
      end: '2001:db8:1::d:ff',
      kind: 'reserved',
      description: null,
    });
    expect((await undo(before.id)).status).toBe(200);
    const after = await must(200, 'GET', `/api/ranges/${before.id}`);
    expect({ ...after, version: 0, updatedAt: '' }).toEqual({ ...before, version: 0, updatedAt: '' });
    // Its keys are the old ones again: the old place is taken, the new one free.
    expect((await rangeIn('v6', { start: '2001:db8:1::c:80', end: '2001:db8:1::c:80', kind: 'static' })).status).toBe(409);
    expect((await rangeIn('v6', { start: '2001:db8:1::d:80', end: '2001:db8:1::d:80', kind: 'static' })).status).toBe(201);
  });

  it('brings a delete exactly back', async () => {
    const before = (await rangeIn('lan', { start: '10.1.0.40', end: '10.1.0.49', kind: 'dhcp' })).body;
    expect((await call('DELETE', `/api/ranges/${before.id}`)).status).toBe(204);
    expect((await undo(before.id)).status).toBe(200);
    const after = await must(200, 'GET', `/api/ranges/${before.id}`);
    expect({ ...after, version: 0, updatedAt: '' }).toEqual({ ...before, version: 0, updatedAt: '' });
    expect((await call('POST', `/api/networks/${net.lan.id}/addresses`, { body: { address: '10.1.0.45' } })).status).toBe(409);
  });

  it('refuses to undo the delete of a DHCP range once an address is recorded inside it: 409 in_dhcp_range', async () => {
    const range = (await rangeIn('lan', { start: '10.1.0.230', end: '10.1.0.240', kind: 'dhcp' })).body;
    expect((await call('DELETE', `/api/ranges/${range.id}`)).status).toBe(204);
    const entry = await lastEntry(range.id);
    await make(`/api/networks/${net.lan.id}/addresses`, { address: '10.1.0.235' });
    const answer = await call('POST', `/api/activity/${entry.id}/undo`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('in_dhcp_range');
    expect((await call('GET', `/api/ranges/${range.id}`)).status).toBe(404);
  });

  it('refuses to undo the delete of a range once another overlaps its place: 409 range_overlaps', async () => {
    const range = (await rangeIn('lan', { start: '10.1.0.241', end: '10.1.0.245', kind: 'static' })).body;
    expect((await call('DELETE', `/api/ranges/${range.id}`)).status).toBe(204);
    const entry = await lastEntry(range.id);
    await make(`/api/networks/${net.lan.id}/ranges`, { start: '10.1.0.244', end: '10.1.0.250', kind: 'reserved' });
    const answer = await call('POST', `/api/activity/${entry.id}/undo`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('range_overlaps');
  });
});

describe("a site's ranges", () => {
  it('lists the ranges of every network of one site, filtered by network and kind, as JSON and CSV', async () => {
    const branchPool = await make(`/api/networks/${net.branch.id}/ranges`, { start: '10.1.0.200', end: '10.1.0.220', kind: 'dhcp' });
    const bySite = (await must(200, 'GET', `/api/ranges?siteId=${otherSite.id}`)).items as { id: string; networkId: string }[];
    expect(bySite.map((range) => range.id)).toContain(branchPool.id);
    expect(bySite.every((range) => range.networkId === net.branch.id)).toBe(true);
    const mainRanges = (await must(200, 'GET', `/api/ranges?siteId=${site.id}&limit=500`)).items as { networkId: string; kind: string }[];
    expect(mainRanges.length).toBeGreaterThan(0);
    expect(mainRanges.every((range) => range.networkId !== net.branch.id)).toBe(true);
    const dhcp = (await must(200, 'GET', `/api/ranges?siteId=${site.id}&kind=dhcp&limit=500`)).items as { kind: string }[];
    expect(dhcp.length).toBeGreaterThan(0);
    expect(dhcp.every((range) => range.kind === 'dhcp')).toBe(true);
    const csv = await call('GET', `/api/ranges?siteId=${otherSite.id}&format=csv`);
    expect(csv.text.trim().split(/\r?\n/)).toHaveLength(bySite.length + 1);
    expectFaults(await call('GET', '/api/ranges?siteId=nope'), ['siteId']);
  });
});
