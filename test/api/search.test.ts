import { beforeAll, describe, expect, it } from 'vitest';
import { api, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { viewer: 'vi' });
const ids: Record<string, string> = {};

async function create(key: string, path: string, body: unknown): Promise<Record<string, any>> {
  const made = await server.make(path, body);
  ids[key] = made.id;
  return made;
}

beforeAll(async () => {
  await create('hq', '/api/sites', { name: 'HQ' });
  await create('hqEast', '/api/sites', { name: 'HQ East' });
  await create('lab', '/api/sites', { name: 'Lab near HQ' });
  await create('vUsers', '/api/vlans', { siteId: ids.hq, vid: 10, name: 'Staff' });
  await create('vCams', '/api/vlans', { siteId: ids.hq, vid: 30, name: 'Cameras' });
  await create('vLabCams', '/api/vlans', { siteId: ids.lab, vid: 30, name: 'Lab cameras' });
  await create('users', '/api/networks', {
    siteId: ids.hq,
    vlanId: ids.vUsers,
    name: 'users',
    subnet: '10.0.10.0/24',
    gateway: '10.0.10.1',
  });
  await create('campus', '/api/networks', { siteId: ids.lab, name: 'campus', subnet: '10.0.0.0/16' });
  await create('v6', '/api/networks', { siteId: ids.hq, vlanId: ids.vUsers, name: 'servers-v6', subnet: '2001:db8:60::/64' });
  const core = await create('core', '/api/switches', {
    siteId: ids.hq,
    name: 'core-1',
    macAddress: 'aa:bb:cc:dd:ee:ff',
    managementIp: '10.0.10.2',
    serialNumber: 'FOC2101X0AB',
    tags: ['server room', 'stack-a'],
    portCount: 2,
  });
  await create('access', '/api/switches', {
    siteId: ids.lab,
    name: 'acc-1',
    macAddress: '00-11-22-33-44-55',
    managementIp: '10.0.10.25',
  });
  const ports = (await server.must(200, 'GET', `/api/switches/${core.id}`)).ports;
  ids.port = ports[0].id;
  await server.must(200, 'PATCH', `/api/ports/${ids.port}`, { description: 'uplink to firewall', connectedDevice: 'fw-01 eth3' });
  await create('p48', `/api/switches/${ids.access}/ports`, { name: '48', macAddress: '0200.5E10.0001' });
  await create('gi48', `/api/switches/${ids.access}/ports`, { name: 'Gi1/0/48' });
  await create('printer', `/api/networks/${ids.users}/addresses`, {
    address: '10.0.10.60',
    hostname: 'lab-printer',
    macAddress: '02:00:5E:AA:BB:0C',
  });
  ids.coreAddress = (await server.must(200, 'GET', `/api/networks/${ids.users}/addresses?q=10.0.10.2`)).items.find(
    (a: { switchId: string | null }) => a.switchId === ids.core,
  ).id;
});

const searchFor = (q: string, token = tokens.viewer) => api(server.baseUrl, 'GET', `/api/search?q=${encodeURIComponent(q)}`, { token });
const nameOf = (id: string) => Object.entries(ids).find(([, value]) => value === id)?.[0];

describe('GET /api/search', () => {
  it.each([
    // q, the best result (key of ids), its type, the field that matched, its label
    ['AABB.CCDD.EEFF', 'core', 'switch', 'macAddress', 'MAC address'],
    ['aa:bb:cc:dd:ee:ff', 'core', 'switch', 'macAddress', 'MAC address'],
    ['AA-BB-CC-DD-EE-FF', 'core', 'switch', 'macAddress', 'MAC address'],
    ['AABBCCDDEEFF', 'core', 'switch', 'macAddress', 'MAC address'],
    ['ccdd.ee', 'core', 'switch', 'macAddress', 'MAC address'],
    ['0011.2233', 'access', 'switch', 'macAddress', 'MAC address'],
    ['02:00:5e:10:00:01', 'p48', 'port', 'deviceMacAddress', 'Connected device MAC address'],
    ['02-00-5E-10-00-01', 'p48', 'port', 'deviceMacAddress', 'Connected device MAC address'],
    ['0200.5e10.0001', 'p48', 'port', 'deviceMacAddress', 'Connected device MAC address'],
    ['02005E100001', 'p48', 'port', 'deviceMacAddress', 'Connected device MAC address'],
    ['acc-1/48', 'p48', 'port', 'switchPort', 'Switch and port'],
    ['acc-1 Gi1/0/48', 'gi48', 'port', 'switchPort', 'Switch and port'],
    ['10.0.10.57', 'users', 'network', 'address', 'Subnet holds the address'],
    ['10.0.10.0/24', 'users', 'network', 'subnet', 'Subnet'],
    ['10.0.10.2', 'core', 'switch', 'managementIp', 'Management IP'],
    ['2001:db8:60::abcd', 'v6', 'network', 'address', 'Subnet holds the address'],
    ['foc2101x0ab', 'core', 'switch', 'serialNumber', 'Serial number'],
    ['server room', 'core', 'switch', 'tags', 'Tag'],
    ['core-1', 'core', 'switch', 'name', 'Name'],
    ['10', 'vUsers', 'vlan', 'vid', 'VLAN number'],
    ['vlan 10', 'vUsers', 'vlan', 'vid', 'VLAN number'],
    ['staff', 'vUsers', 'vlan', 'name', 'Name'],
    ['users', 'users', 'network', 'name', 'Name'],
    ['firewall', 'port', 'port', 'description', 'Description'],
    ['FW-01', 'port', 'port', 'connectedDevice', 'Connected device'],
  ])('finds %s: first %s (%s, by %s: "%s")', async (q, key, type, match, label) => {
    const answer = await searchFor(q);
    expect(answer.status).toBe(200);
    const [best] = answer.body.results;
    expect(best).toMatchObject({ type, id: ids[key], match, label });
    expect(typeof best.name).toBe('string');
    expect(best.siteId).toBe(['access', 'p48', 'gi48'].includes(key) ? ids.lab : ids.hq);
  });

  it.each([
    ['10.0.10.60', 'ipAddress', 'IP address'],
    ['LAB-PRINTER', 'hostname', 'Host name'],
    ['0200.5eaa.bb0c', 'macAddress', 'MAC address'],
    ['02-00-5E-AA-BB-0C', 'macAddress', 'MAC address'],
  ])('finds a recorded address by %s (%s)', async (q, match, label) => {
    const found = (await searchFor(q)).body.results.filter((r: { type: string }) => r.type === 'address');
    expect(found).toEqual([
      {
        type: 'address',
        id: ids.printer,
        name: '10.0.10.60 (lab-printer)',
        siteId: ids.hq,
        networkId: ids.users,
        match,
        label,
        value: match === 'hostname' ? 'lab-printer' : match === 'macAddress' ? '02:00:5e:aa:bb:0c' : '10.0.10.60',
      },
    ]);
  });

  it('finds recorded addresses by the beginning of their address, by address', async () => {
    const found = (await searchFor('10.0.10.')).body.results.filter((r: { type: string }) => r.type === 'address');
    expect(found.map((r: { value: string; match: string }) => [r.value, r.match])).toEqual([
      ['10.0.10.2', 'ipAddress'],
      ['10.0.10.25', 'ipAddress'],
      ['10.0.10.60', 'ipAddress'],
    ]);
  });

  it("finds a switch's management IP as the switch, then as its address record", async () => {
    const results = (await searchFor('10.0.10.2')).body.results;
    expect(results.slice(0, 2).map((r: { type: string; id: string }) => [r.type, nameOf(r.id)])).toEqual([
      ['switch', 'core'],
      ['address', 'coreAddress'],
    ]);
  });

  it('finds a VLAN number at every site', async () => {
    const results = (await searchFor('30')).body.results.filter((r: { type: string }) => r.type === 'vlan');
    expect(results.map((r: { id: string; name: string }) => [nameOf(r.id), r.name])).toEqual([
      ['vCams', 'VLAN 30 (Cameras)'],
      ['vLabCams', 'VLAN 30 (Lab cameras)'],
    ]);
  });

  it('finds every network whose subnet holds an address, the most specific first', async () => {
    const results = (await searchFor('10.0.10.57')).body.results;
    expect(results.map((r: { id: string }) => nameOf(r.id))).toEqual(['users', 'campus']);
  });

  it('ranks an exact match before a prefix before a substring', async () => {
    const results = (await searchFor('hq')).body.results.filter((r: { type: string }) => r.type === 'site');
    expect(results.map((r: { id: string }) => nameOf(r.id))).toEqual(['hq', 'hqEast', 'lab']);
  });

  it('answers a port with its switch and site', async () => {
    const [best] = (await searchFor('firewall')).body.results;
    expect(best).toEqual({
      type: 'port',
      id: ids.port,
      name: 'core-1 / 1',
      siteId: ids.hq,
      switchId: ids.core,
      match: 'description',
      label: 'Description',
      value: 'uplink to firewall',
    });
  });

  it('answers no results for text nothing has', async () => {
    expect((await searchFor('zzz-nothing')).body).toEqual({ results: [] });
  });

  it.each([
    ['/api/search', 'q'],
    ['/api/search?q=%20%20', 'q'],
    [`/api/search?q=${'x'.repeat(201)}`, 'q'],
    ['/api/search?q=a&limit=0', 'limit'],
  ])('refuses %s with 400 naming %s', async (path, field) => {
    const answer = await api(server.baseUrl, 'GET', path, { token: tokens.viewer });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed', details: [{ field }] });
  });

  it('needs a signed-in user', async () => {
    expect((await api(server.baseUrl, 'GET', '/api/search?q=hq')).status).toBe(401);
  });
});

describe('GET /api/search: templates and LAGs', () => {
  beforeAll(async () => {
    await create('template', '/api/templates', {
      name: 'Access 48 PoE',
      vendor: 'Cisco',
      model: 'Catalyst 9300-48P',
      units: [[{ type: 'rj45', count: 4, namePattern: 'Gi{unit}/0/{n}' }]],
    });
    const dist = await create('dist', '/api/switches', { siteId: ids.hq, name: 'dist-1', templateId: ids.template });
    const ports: { id: string }[] = (await server.must(200, 'GET', `/api/switches/${dist.id}`)).ports;
    await create('po1', `/api/switches/${dist.id}/lags`, { name: 'Po1', memberPortIds: [ports[0].id, ports[1].id] });
    await create('po12', `/api/switches/${dist.id}/lags`, { name: 'Po12', memberPortIds: [ports[2].id, ports[3].id] });
  });

  it.each([
    ['access 48', 'name', 'Name', 'Access 48 PoE'],
    ['CISCO', 'vendor', 'Vendor', 'Cisco'],
    ['9300-48', 'model', 'Model', 'Catalyst 9300-48P'],
  ])('finds a template by %j (%s), with no site', async (q, match, label, value) => {
    const found = (await searchFor(q)).body.results.filter((r: { type: string }) => r.type === 'template');
    expect(found).toEqual([{ type: 'template', id: ids.template, name: 'Access 48 PoE', match, label, value }]);
  });

  it.each([
    ['dist-1/Po1', 'po1', 'switchLag', 'Switch and LAG', 'dist-1 / Po1'],
    ['dist-1 po12', 'po12', 'switchLag', 'Switch and LAG', 'dist-1 / Po12'],
    ['PO12', 'po12', 'name', 'Name', 'Po12'],
  ])('finds %s: first the LAG %s (by %s: "%s")', async (q, key, match, label, value) => {
    const [best] = (await searchFor(q)).body.results;
    expect(best).toEqual({
      type: 'lag',
      id: ids[key],
      name: `dist-1 / ${key === 'po1' ? 'Po1' : 'Po12'}`,
      siteId: ids.hq,
      switchId: ids.dist,
      match,
      label,
      value,
    });
  });

  it('finds every LAG of a switch whose name begins so, the exact one first', async () => {
    const found = (await searchFor('dist-1/Po1')).body.results.filter((r: { type: string }) => r.type === 'lag');
    expect(found.map((r: { id: string }) => nameOf(r.id))).toEqual(['po1', 'po12']);
  });
});
