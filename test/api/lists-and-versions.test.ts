import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../src/routes/index.ts';
import { useTestServer } from '../helpers/server.ts';

// Each resource lists with paging, sort, filter and q, and refuses a stale If-Match with 412. The resource tests
// page and sort sites fully; here the same is shown for VLANs, networks, switches and ports (offset, sort both
// ways, q, a filter, total counted with the filter), and 412 for PATCH and DELETE of each, with nothing changed.

const { call, must } = useTestServer();
const ids: Record<string, string> = {};

beforeAll(async () => {
  ids.site = (await must(201, 'POST', '/api/sites', { name: 'Main' })).id;
  ids.other = (await must(201, 'POST', '/api/sites', { name: 'Other' })).id;
  for (const [i, name] of ['vlan-c', 'vlan-a', 'vlan-e', 'vlan-b', 'vlan-d'].entries()) {
    ids[name] = (await must(201, 'POST', '/api/vlans', { siteId: ids.site, name, vid: 100 + i })).id;
  }
  await must(201, 'POST', '/api/vlans', { siteId: ids.site, name: 'voice', vid: 200, status: 'inactive' });
  await must(201, 'POST', '/api/vlans', { siteId: ids.other, name: 'vlan-x', vid: 100 });
  for (const [i, name] of ['net-c', 'net-a', 'net-e', 'net-b', 'net-d'].entries()) {
    await must(201, 'POST', '/api/networks', { siteId: ids.site, name, subnet: `10.0.${100 + i}.0/24`, vlanId: ids['vlan-c'] });
  }
  await must(201, 'POST', '/api/networks', { siteId: ids.site, name: 'voice', subnet: '10.0.200.0/24' });
  await must(201, 'POST', '/api/networks', { siteId: ids.other, name: 'net-x', subnet: '10.0.100.0/24' });
  for (const name of ['sw-c', 'sw-a', 'sw-e', 'sw-b', 'sw-d']) await must(201, 'POST', '/api/switches', { siteId: ids.site, name });
  await must(201, 'POST', '/api/switches', { siteId: ids.other, name: 'sw-x' });
  ids.switch = (await must(201, 'POST', '/api/switches', { siteId: ids.site, name: 'access', portCount: 3 })).id;
  for (const name of ['uplink-c', 'uplink-a', 'uplink-e', 'uplink-b', 'uplink-d'])
    await must(201, 'POST', `/api/switches/${ids.switch}/ports`, { name });
  ids.otherSwitch = (await must(201, 'POST', '/api/switches', { siteId: ids.site, name: 'spare' })).id;
  await must(201, 'POST', `/api/switches/${ids.otherSwitch}/ports`, { name: 'uplink-x' });
});

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

describe('lists page, sort, filter and search, and count total with the same filter', () => {
  const cases: [string, () => string, string[], number][] = [
    ['VLANs, ascending, second page', () => `/api/vlans?siteId=${ids.site}&q=VLAN-&sort=name&limit=2&offset=1`, ['vlan-b', 'vlan-c'], 5],
    ['VLANs, descending, last page', () => `/api/vlans?siteId=${ids.site}&q=vlan-&sort=-name&limit=2&offset=4`, ['vlan-a'], 5],
    ['VLANs by number filter', () => `/api/vlans?vid=100&sort=name`, ['vlan-c', 'vlan-x'], 2],
    ['VLANs by status filter', () => `/api/vlans?status=inactive`, ['voice'], 1],
    ['VLANs sorted by number, descending', () => `/api/vlans?siteId=${ids.site}&sort=-vid&limit=3`, ['voice', 'vlan-d', 'vlan-b'], 6],
    ['networks, ascending, second page', () => `/api/networks?siteId=${ids.site}&q=NET-&sort=name&limit=2&offset=1`, ['net-b', 'net-c'], 5],
    ['networks, descending, last page', () => `/api/networks?siteId=${ids.site}&q=net-&sort=-name&limit=2&offset=4`, ['net-a'], 5],
    ['networks by VLAN filter', () => `/api/networks?vlanId=${ids['vlan-c']}&sort=-name&limit=2`, ['net-e', 'net-d'], 5],
    ['networks by an address inside', () => `/api/networks?q=10.0.100.7&sort=name`, ['net-c', 'net-x'], 2],
    [
      'networks sorted by subnet, descending',
      () => `/api/networks?siteId=${ids.site}&sort=-subnet&limit=3`,
      ['voice', 'net-d', 'net-b'],
      6,
    ],
    ['switches, ascending, second page', () => `/api/switches?siteId=${ids.site}&q=sw-&sort=name&limit=2&offset=1`, ['sw-b', 'sw-c'], 5],
    ['switches, descending, last page', () => `/api/switches?siteId=${ids.site}&q=SW-&sort=-name&limit=2&offset=4`, ['sw-a'], 5],
    ['switches of every site', () => `/api/switches?q=sw-&sort=-name&limit=1`, ['sw-x'], 6],
    [
      'ports of one switch, ascending, second page',
      () => `/api/ports?switchId=${ids.switch}&q=uplink&sort=name&limit=2&offset=1`,
      ['uplink-b', 'uplink-c'],
      5,
    ],
    [
      'ports of one switch, descending, last page',
      () => `/api/ports?switchId=${ids.switch}&q=UPLINK&sort=-name&limit=2&offset=4`,
      ['uplink-a'],
      5,
    ],
    ['ports of one site', () => `/api/ports?siteId=${ids.site}&q=uplink&sort=-name&limit=1`, ['uplink-x'], 6],
    [
      'ports under the switch path',
      () => `/api/switches/${ids.switch}/ports?q=uplink&sort=-name&limit=2&offset=1`,
      ['uplink-d', 'uplink-c'],
      5,
    ],
  ];
  it.each(cases)('%s', async (_name, path, expected, total) => {
    const answer = await call('GET', path());
    expect(answer.status, answer.text).toBe(200);
    expect(names(answer.body)).toEqual(expected);
    expect(answer.body.total).toBe(total);
  });

  it.each([
    ['/api/networks?sort=secret', 'sort'],
    ['/api/networks?vlanId=100', 'vlanId'],
    ['/api/vlans?vid=4095', 'vid'],
    ['/api/vlans?status=gone', 'status'],
    ['/api/switches?offset=-1', 'offset'],
    ['/api/ports?sort=password', 'sort'],
    ['/api/ports?limit=501', 'limit'],
    ['/api/ports?siteId=nope', 'siteId'],
  ])('refuses %s with 400 naming %s', async (path, field) => {
    const answer = await call('GET', path);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});

describe('a stale If-Match gives 412 on PATCH and DELETE, and changes nothing', () => {
  // kind, creates one and answers its path, a text field it has
  const cases: [string, () => Promise<string>, string][] = [
    [
      'vlan',
      async () => `/api/vlans/${(await must(201, 'POST', '/api/vlans', { siteId: ids.site, name: 'stale', vid: 300 })).id}`,
      'description',
    ],
    [
      'network',
      async () =>
        `/api/networks/${(await must(201, 'POST', '/api/networks', { siteId: ids.site, name: 'stale', subnet: '10.3.0.0/16' })).id}`,
      'description',
    ],
    ['switch', async () => `/api/switches/${(await must(201, 'POST', '/api/switches', { siteId: ids.site, name: 'stale' })).id}`, 'notes'],
    [
      'port',
      async () => `/api/ports/${(await must(201, 'POST', `/api/switches/${ids.switch}/ports`, { name: 'stale' })).id}`,
      'description',
    ],
  ];
  it.each(cases)('%s', async (_kind, make, field) => {
    const path = await make();
    const first = await call('PATCH', path, { body: { [field]: 'second' }, headers: { 'if-match': '"1"' } });
    expect(first.status, first.text).toBe(200);
    const staleUpdate = await call('PATCH', path, { body: { name: 'stale2' }, headers: { 'if-match': '"1"' } });
    expect(staleUpdate.status).toBe(412);
    expect(staleUpdate.body.error.code).toBe('precondition_failed');
    const staleDelete = await call('DELETE', path, { headers: { 'if-match': '"1"' } });
    expect(staleDelete.status).toBe(412);
    expect(staleDelete.body.error.code).toBe('precondition_failed');
    const now = await call('GET', path);
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ name: 'stale', [field]: 'second', version: 2 });
    expect(now.headers.get('etag')).toBe('"2"');
    expect((await call('DELETE', path, { headers: { 'if-match': '"2"' } })).status).toBe(204);
    expect((await call('GET', path)).status).toBe(404);
  });
});

describe('POST answers 201 with a Location where the new resource is', () => {
  it.each<[string, () => [string, unknown]]>([
    ['site', () => ['/api/sites', { name: 'Located' }]],
    ['vlan', () => ['/api/vlans', { siteId: ids.site, name: 'located', vid: 400 }]],
    ['network', () => ['/api/networks', { siteId: ids.site, name: 'located', subnet: '10.4.0.0/16' }]],
    ['switch', () => ['/api/switches', { siteId: ids.site, name: 'located', portCount: 1 }]],
    ['port', () => [`/api/switches/${ids.otherSwitch}/ports`, { name: 'located' }]],
  ])('%s', async (_kind, request) => {
    const [path, body] = request();
    const created = await call('POST', path, { body });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/api/[a-z]+/${created.body.id}$`));
    expect(created.headers.get('etag')).toBe('"1"');
    const there = await call('GET', location);
    expect(there.status).toBe(200);
    expect(there.body).toMatchObject({ id: created.body.id, version: 1 });
  });
});

describe('a list of a kind without a CSV layout refuses CSV with 400 on format', () => {
  // The adapter's lists (they take sort) that do not answer text/csv, from the route table: templates, and any other.
  const noCsv = ALL_ROUTES.filter(
    (route) => route.method === 'GET' && route.doc?.query?.some((parameter) => parameter.name === 'sort') && !route.doc.produces,
  ).map((route) => route.path);

  it('finds templates among them', () => {
    expect(noCsv).toContain('/api/templates');
  });

  const requests = noCsv.flatMap((path): [string, Record<string, string>][] => [
    [`${path}?format=csv`, {}],
    [`${path}?sort=name&limit=2`, { accept: 'text/csv' }],
  ]);

  it.each(requests)('GET %s %j', async (path, headers) => {
    const answer = await call('GET', path, { headers });
    expect(answer.status, answer.text).toBe(400);
    const plural = path.slice('/api/'.length).split('?')[0];
    expect(answer.body.error).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/have no CSV layout.*; ask for JSON\.$/),
    });
    expect(answer.body.error.details).toEqual([{ field: 'format', message: `must be json: ${plural} have no CSV layout` }]);
  });
});
