import { beforeAll, describe, expect, it } from 'vitest';
import { makeIpamNetworks, useEditorAndSites } from '../helpers/data.ts';
import { writeDb } from '../helpers/db.ts';
import { NO_SUCH_ID, expectFaults } from '../helpers/server.ts';

// Addresses recorded in networks (docs/IPAM.md): each rule for IPv4 and IPv6 on a real server.

const { server, call, make, must, lastEntry, viewer, site, otherSite } = useEditorAndSites();

/** Networks of Main by name, and one of Branch with the same subnet as lan. */
const net: Record<'lan' | 'p2p' | 'host' | 'v6' | 'listed' | 'branch', { id: string }> = {} as never;
let mainPorts: { id: string }[];
let branchPort: { id: string };
let mainSwitch: { id: string };

beforeAll(async () => {
  Object.assign(net, await makeIpamNetworks(make, { site, otherSite }, ['lan', 'p2p', 'host', 'v6', 'listed', 'branch']));
  mainSwitch = await make('/api/switches', { siteId: site.id, name: 'access 1', portCount: 2 });
  mainPorts = (await must(200, 'GET', `/api/switches/${mainSwitch.id}`)).ports;
  const branchSwitch = await make('/api/switches', { siteId: otherSite.id, name: 'branch 1', portCount: 1 });
  branchPort = (await must(200, 'GET', `/api/switches/${branchSwitch.id}`)).ports[0];
});

const addressIn = (network: keyof typeof net, body: object) => call('POST', `/api/networks/${net[network].id}/addresses`, { body });

describe('an address is a usable host of its network', () => {
  const cases: [string, keyof typeof net, string, 201 | 400][] = [
    ['the network address of a /24', 'lan', '10.1.0.0', 400],
    ['the broadcast address of a /24', 'lan', '10.1.0.255', 400],
    ['the first host of a /24', 'lan', '10.1.0.1', 201],
    ['the last host of a /24', 'lan', '10.1.0.254', 201],
    ['an address outside the /24', 'lan', '10.1.1.1', 400],
    ['an IPv6 address in an IPv4 network', 'lan', '2001:db8:1::9', 400],
    ['the lower address of a /31', 'p2p', '10.2.0.0', 201],
    ['the upper address of a /31', 'p2p', '10.2.0.1', 201],
    ['the one address of a /32', 'host', '10.3.0.7', 201],
    ['another address than that of a /32', 'host', '10.3.0.8', 400],
    ['the subnet-router anycast address of an IPv6 /64', 'v6', '2001:db8:1::', 400],
    ['the first host of an IPv6 /64', 'v6', '2001:db8:1::1', 201],
    ['the last address of an IPv6 /64 (no broadcast in IPv6)', 'v6', '2001:db8:1:0:ffff:ffff:ffff:ffff', 201],
    ['an IPv6 address outside the /64', 'v6', '2001:db8:2::1', 400],
    ['an IPv4 address in an IPv6 network', 'v6', '10.1.0.3', 400],
  ];
  it.each(cases)('%s → %i', async (_name, network, address, status) => {
    const answer = await addressIn(network, { address });
    expect(answer.status, answer.text).toBe(status);
    if (status === 400) expectFaults(answer, ['address']);
    else expect(answer.body).toMatchObject({ networkId: net[network].id, address, status: 'active', switchId: null, version: 1 });
  });

  it('stores IPv6 in its canonical spelling', async () => {
    const answer = await addressIn('v6', { address: '2001:DB8:1:0:0:0:0:A0' });
    expect(answer.status).toBe(201);
    expect(answer.body.address).toBe('2001:db8:1::a0');
  });
});

describe('address validation', () => {
  const cases: [string, object, string[]][] = [
    ['no address', {}, ['address']],
    ['address not an address', { address: '10.1.0.300' }, ['address']],
    ['a CIDR for an address', { address: '10.1.0.5/24' }, ['address']],
    ['MAC not a MAC', { address: '10.1.0.5', macAddress: 'zz:zz' }, ['macAddress']],
    ['hostname with a space', { address: '10.1.0.5', hostname: 'web 1' }, ['hostname']],
    ['deviceType not a type', { address: '10.1.0.5', deviceType: 'toaster' }, ['deviceType']],
    ['status not a status', { address: '10.1.0.5', status: 'dhcp' }, ['status']],
    ['portId not an id', { address: '10.1.0.5', portId: 'ge-0/0/1' }, ['portId']],
    ['portId of no port', { address: '10.1.0.5', portId: NO_SUCH_ID }, ['portId']],
    ['a port of a switch of another site', { address: '10.1.0.5', portId: 'BRANCH' }, ['portId']],
    ['an unknown field', { address: '10.1.0.5', owner: 'me' }, ['owner']],
    ['every fault at once', { address: '10.1.0.0', deviceType: 'x', status: 'x' }, ['address', 'deviceType', 'status']],
  ];
  it.each(cases)('%s → 400', async (_name, body, fields) => {
    const sent = (body as { portId?: string }).portId === 'BRANCH' ? { ...body, portId: branchPort.id } : body;
    expectFaults(await addressIn('lan', sent), fields);
  });

  it('answers 404 for a network that does not exist, and 403 to a viewer', async () => {
    expect((await call('POST', `/api/networks/${NO_SUCH_ID}/addresses`, { body: { address: '10.1.0.5' } })).status).toBe(404);
    expect((await viewer.call('POST', `/api/networks/${net.lan.id}/addresses`, { body: { address: '10.1.0.5' } })).status).toBe(403);
  });

  it("ignores a networkId or switchId in the body: the network is the path's, the switch the server's", async () => {
    const answer = await addressIn('lan', { address: '10.1.0.6', networkId: net.p2p.id, switchId: mainSwitch.id });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ networkId: net.lan.id, switchId: null });
  });
});

describe('an address is unique in its network', () => {
  const cases: [string, keyof typeof net, string, keyof typeof net, string, 201 | 409][] = [
    ['the same IPv4 address twice', 'lan', '10.1.0.20', 'lan', '10.1.0.20', 409],
    ['the same IPv6 address in two spellings', 'v6', '2001:db8:1::20', 'v6', '2001:DB8:1:0::20', 409],
    ['the same address in a network of another site', 'lan', '10.1.0.21', 'branch', '10.1.0.21', 201],
  ];
  it.each(cases)('%s → %i', async (_name, first, address, second, again, status) => {
    expect((await addressIn(first, { address })).status).toBe(201);
    const answer = await addressIn(second, { address: again });
    expect(answer.status).toBe(status);
    if (status === 409) expect(answer.body.error).toMatchObject({ code: 'address_taken', details: [{ field: 'address' }] });
  });

  it('refuses a PATCH onto a taken address with 409 address_taken and changes nothing', async () => {
    await addressIn('lan', { address: '10.1.0.22' });
    const other = (await addressIn('lan', { address: '10.1.0.23' })).body;
    const answer = await call('PATCH', `/api/addresses/${other.id}`, { body: { address: '10.1.0.22' } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('address_taken');
    expect((await must(200, 'GET', `/api/addresses/${other.id}`)).version).toBe(1);
  });
});

describe('no address inside a DHCP range', () => {
  beforeAll(async () => {
    await make(`/api/networks/${net.lan.id}/ranges`, { start: '10.1.0.100', end: '10.1.0.150', kind: 'dhcp' });
    await make(`/api/networks/${net.lan.id}/ranges`, { start: '10.1.0.200', end: '10.1.0.210', kind: 'static' });
    await make(`/api/networks/${net.v6.id}/ranges`, { start: '2001:db8:1::1000', end: '2001:db8:1::1fff', kind: 'dhcp' });
  });
  const cases: [string, keyof typeof net, string, 201 | 409][] = [
    ['the first address of the pool', 'lan', '10.1.0.100', 409],
    ['inside the pool', 'lan', '10.1.0.120', 409],
    ['the last address of the pool', 'lan', '10.1.0.150', 409],
    ['just after the pool', 'lan', '10.1.0.151', 201],
    ['inside a static range', 'lan', '10.1.0.205', 201],
    ['inside an IPv6 pool', 'v6', '2001:db8:1::1abc', 409],
    ['just before an IPv6 pool', 'v6', '2001:db8:1::fff', 201],
    ['the same address in a network of another site', 'branch', '10.1.0.120', 201],
  ];
  it.each(cases)('%s → %i', async (_name, network, address, status) => {
    const answer = await addressIn(network, { address });
    expect(answer.status, answer.text).toBe(status);
    if (status === 409) expect(answer.body.error).toMatchObject({ code: 'in_dhcp_range', details: [{ field: 'address' }] });
  });

  it('refuses a PATCH into the pool with 409 in_dhcp_range', async () => {
    const address = (await addressIn('lan', { address: '10.1.0.30' })).body;
    const answer = await call('PATCH', `/api/addresses/${address.id}`, { body: { address: '10.1.0.130' } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('in_dhcp_range');
  });
});

describe('the port of an address', () => {
  it("links a port of a switch of the network's site, and lets it go again", async () => {
    const address = (await addressIn('lan', { address: '10.1.0.40', portId: mainPorts[0].id, deviceType: 'printer' })).body;
    expect(address).toMatchObject({ portId: mainPorts[0].id, deviceType: 'printer' });
    const moved = await call('PATCH', `/api/addresses/${address.id}`, { body: { portId: mainPorts[1].id } });
    expect(moved.body.portId).toBe(mainPorts[1].id);
    expect((await call('PATCH', `/api/addresses/${address.id}`, { body: { portId: null } })).body.portId).toBeNull();
  });

  it('keeps the address when its switch is deleted, off the port, and the undo puts it back on the port', async () => {
    const doomed = await make('/api/switches', { siteId: site.id, name: 'doomed', portCount: 1 });
    const [port] = (await must(200, 'GET', `/api/switches/${doomed.id}`)).ports;
    const address = (await addressIn('lan', { address: '10.1.0.42', portId: port.id })).body;
    await must(204, 'DELETE', `/api/switches/${doomed.id}`);
    expect((await must(200, 'GET', `/api/addresses/${address.id}`)).portId).toBeNull();
    await must(200, 'POST', `/api/activity/${(await lastEntry(doomed.id)).id}/undo`);
    expect((await must(200, 'GET', `/api/addresses/${address.id}`)).portId).toBe(port.id);
  });

  it('refuses on PATCH a port of a switch of another site', async () => {
    const address = (await addressIn('lan', { address: '10.1.0.41' })).body;
    expectFaults(await call('PATCH', `/api/addresses/${address.id}`, { body: { portId: branchPort.id } }), ['portId']);
  });
});

describe("a switch's management address", () => {
  let managed: { id: string; address: string };
  beforeAll(async () => {
    managed = (await addressIn('lan', { address: '10.1.0.50' })).body;
    // What the switch routes do when a switch's managementIp lies in a network of its site.
    writeDb(server.dataDir, 'UPDATE addresses SET switch_id = ? WHERE id = ?', mainSwitch.id, managed.id);
  });

  it('cannot change its address on its own: 409 managed_by_switch', async () => {
    const answer = await call('PATCH', `/api/addresses/${managed.id}`, { body: { address: '10.1.0.51' } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('managed_by_switch');
    expect(answer.body.error.message).toContain('managementIp');
  });

  it('cannot be deleted on its own: 409 managed_by_switch', async () => {
    expect((await call('DELETE', `/api/addresses/${managed.id}`)).status).toBe(409);
  });

  it('takes a hostname and a description, keeping its switch', async () => {
    const answer = await call('PATCH', `/api/addresses/${managed.id}`, { body: { hostname: 'access-1', description: 'mgmt' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ address: '10.1.0.50', hostname: 'access-1', switchId: mainSwitch.id });
  });
});

describe('ETag and If-Match', () => {
  it('answers the version as ETag, 412 on a stale If-Match, and changes on the current one', async () => {
    const address = (await addressIn('lan', { address: '10.1.0.60' })).body;
    expect((await call('GET', `/api/addresses/${address.id}`)).headers.get('etag')).toBe('"1"');
    const stale = await call('PATCH', `/api/addresses/${address.id}`, { body: { hostname: 'a' }, headers: { 'If-Match': '"2"' } });
    expect(stale.status).toBe(412);
    const fresh = await call('PATCH', `/api/addresses/${address.id}`, { body: { hostname: 'a' }, headers: { 'If-Match': '"1"' } });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).toBe('"2"');
    expect((await call('DELETE', `/api/addresses/${address.id}`, { headers: { 'If-Match': '"1"' } })).status).toBe(412);
    expect((await call('DELETE', `/api/addresses/${address.id}`, { headers: { 'If-Match': '"2"' } })).status).toBe(204);
    expect((await call('GET', `/api/addresses/${address.id}`)).status).toBe(404);
  });
});

describe('lists of addresses', () => {
  const listed = ['10.9.0.10', '10.9.0.9', '10.9.1.1', '10.9.0.100', '10.9.255.254'];
  beforeAll(async () => {
    for (const [i, address] of listed.entries())
      await addressIn('listed', {
        address,
        hostname: `host-${i}`,
        deviceType: i % 2 ? 'server' : 'phone',
        status: i === 4 ? 'reserved' : 'active',
        macAddress: i === 0 ? 'AA-BB-CC-00-00-01' : null,
      });
  });
  const path = () => `/api/networks/${net.listed.id}/addresses`;
  const cases: [string, string, string[]][] = [
    ['by address, numerically', '', ['10.9.0.9', '10.9.0.10', '10.9.0.100', '10.9.1.1', '10.9.255.254']],
    ['sorted by address descending', '?sort=-address', ['10.9.255.254', '10.9.1.1', '10.9.0.100', '10.9.0.10', '10.9.0.9']],
    ['sorted by hostname', '?sort=hostname', ['10.9.0.10', '10.9.0.9', '10.9.1.1', '10.9.0.100', '10.9.255.254']],
    ['a page', '?limit=2&offset=1', ['10.9.0.10', '10.9.0.100']],
    ['filtered by status', '?status=reserved', ['10.9.255.254']],
    ['filtered by device type', '?deviceType=server', ['10.9.0.9', '10.9.0.100']],
    ['q on the hostname', '?q=host-2', ['10.9.1.1']],
    ['q on the address', '?q=10.9.0.1', ['10.9.0.10', '10.9.0.100']],
    ['q on the MAC', '?q=aa:bb:cc', ['10.9.0.10']],
  ];
  it.each(cases)('%s', async (_name, query, addresses) => {
    const page = await must(200, 'GET', `${path()}${query}`);
    expect(page.items.map((item: { address: string }) => item.address)).toEqual(addresses);
    if (!query.includes('limit')) expect(page.total).toBe(addresses.length);
  });

  it('serialises each item exactly as the address read alone', async () => {
    const page = await must(200, 'GET', `/api/addresses?siteId=${site.id}&limit=500`);
    for (const item of page.items) expect(JSON.stringify(item)).toBe(JSON.stringify(await must(200, 'GET', `/api/addresses/${item.id}`)));
  });

  it('refuses unknown filter values and sort fields with 400', async () => {
    expect((await call('GET', `${path()}?status=gone`)).status).toBe(400);
    expect((await call('GET', `${path()}?deviceType=toaster`)).status).toBe(400);
    expect((await call('GET', `${path()}?sort=macAddress`)).status).toBe(400);
    expect((await call('GET', `/api/networks/${NO_SUCH_ID}/addresses`)).status).toBe(404);
  });

  it('answers the same records as CSV, every row without limit, with the total', async () => {
    const answer = await call('GET', `${path()}?format=csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('x-total-count')).toBe('5');
    const lines = answer.text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('address');
    expect(lines[0]).toContain('hostname');
    const column = lines[0].split(',').indexOf('address');
    expect(lines.slice(1).map((line) => line.split(',')[column])).toEqual([
      '10.9.0.9',
      '10.9.0.10',
      '10.9.0.100',
      '10.9.1.1',
      '10.9.255.254',
    ]);
    expect(answer.text).toContain('aa:bb:cc:00:00:01');
  });

  it("lists a site's IP table, by site, by network, and finds by q", async () => {
    const main = await must(200, 'GET', `/api/addresses?siteId=${site.id}&limit=500`);
    expect(main.items.every((item: { networkId: string }) => item.networkId !== net.branch.id)).toBe(true);
    expect(main.items.some((item: { address: string }) => item.address === '10.9.0.9')).toBe(true);
    const branch = await must(200, 'GET', `/api/addresses?siteId=${otherSite.id}`);
    expect(branch.items.every((item: { networkId: string }) => item.networkId === net.branch.id)).toBe(true);
    const listedOnly = await must(200, 'GET', `/api/addresses?networkId=${net.listed.id}`);
    expect(listedOnly.total).toBe(5);
    const found = await must(200, 'GET', `/api/addresses?siteId=${site.id}&q=host-4`);
    expect(found.items.map((item: { address: string }) => item.address)).toEqual(['10.9.255.254']);
    const csv = await call('GET', `/api/addresses?networkId=${net.listed.id}&format=csv`);
    expect(csv.headers.get('x-total-count')).toBe('5');
    expect((await call('GET', '/api/addresses?siteId=main')).status).toBe(400);
  });

  it("lists every site's addresses without siteId, paged, each naming its network and so its site; the CSV names both", async () => {
    const ofSite = async (id: string) => (await must(200, 'GET', `/api/addresses?siteId=${id}&limit=1`)).total;
    const all = await must(200, 'GET', '/api/addresses?limit=500');
    expect(all.total).toBe((await ofSite(site.id)) + (await ofSite(otherSite.id)));
    const networks = new Set(all.items.map((item: { networkId: string }) => item.networkId));
    expect(networks.has(net.branch.id) && networks.has(net.listed.id)).toBe(true);
    const paged = await must(200, 'GET', '/api/addresses?limit=2&offset=2');
    expect(paged).toMatchObject({ total: all.total, limit: 2, offset: 2, items: all.items.slice(2, 4) });
    const csv = (await call('GET', '/api/addresses?format=csv')).text.trim().split(/\r?\n/);
    const column = csv[0].split(',').indexOf('site');
    expect(new Set(csv.slice(1).map((line) => line.split(',')[column]))).toEqual(
      new Set(await Promise.all([site, otherSite].map(async (one) => (await must(200, 'GET', `/api/sites/${one.id}`)).name))),
    );
  });

  it('is readable by a viewer', async () => {
    expect((await viewer.call('GET', path())).status).toBe(200);
    expect((await viewer.call('GET', `/api/addresses?siteId=${site.id}`)).status).toBe(200);
  });
});

describe('activity and undo of addresses', () => {
  const undo = async (entityId: string) => {
    const entry = await lastEntry(entityId);
    return call('POST', `/api/activity/${entry.id}/undo`);
  };

  it('records a create with its summary, and its undo removes the address', async () => {
    const address = (await addressIn('lan', { address: '10.1.0.70', hostname: 'web' })).body;
    expect(await lastEntry(address.id)).toMatchObject({
      action: 'create',
      entityType: 'address',
      entityName: '10.1.0.70',
      siteId: site.id,
      summary: 'Created address 10.1.0.70 (web) in LAN',
    });
    expect((await undo(address.id)).status).toBe(200);
    expect((await call('GET', `/api/addresses/${address.id}`)).status).toBe(404);
    // The address is free again.
    expect((await addressIn('lan', { address: '10.1.0.70' })).status).toBe(201);
  });

  it('brings an update exactly back', async () => {
    const before = (await addressIn('v6', { address: '2001:db8:1::71', hostname: 'one', macAddress: '00:11:22:33:44:71' })).body;
    await must(200, 'PATCH', `/api/addresses/${before.id}`, {
      address: '2001:db8:1::72',
      hostname: 'two',
      status: 'inactive',
      macAddress: null,
    });
    expect((await lastEntry(before.id)).changes).toMatchObject({ address: ['2001:db8:1::71', '2001:db8:1::72'], hostname: ['one', 'two'] });
    expect((await undo(before.id)).status).toBe(200);
    const after = await must(200, 'GET', `/api/addresses/${before.id}`);
    expect({ ...after, version: 0, updatedAt: '' }).toEqual({ ...before, version: 0, updatedAt: '' });
    expect(after.version).toBe(3);
    // The key moved back with the text: the old address is taken again, the new one free.
    expect((await addressIn('v6', { address: '2001:db8:1::71' })).status).toBe(409);
    expect((await addressIn('v6', { address: '2001:db8:1::72' })).status).toBe(201);
  });

  it('brings a delete exactly back, with its id and port', async () => {
    const before = (await addressIn('lan', { address: '10.1.0.73', portId: mainPorts[0].id, deviceType: 'camera' })).body;
    expect((await call('DELETE', `/api/addresses/${before.id}`)).status).toBe(204);
    expect((await addressIn('lan', { address: '10.1.0.74' })).status).toBe(201);
    expect((await undo(before.id)).status).toBe(200);
    const after = await must(200, 'GET', `/api/addresses/${before.id}`);
    expect({ ...after, version: 0, updatedAt: '' }).toEqual({ ...before, version: 0, updatedAt: '' });
    expect((await addressIn('lan', { address: '10.1.0.73' })).status).toBe(409);
  });

  it('refuses to undo a delete once a DHCP range covers the address: 409 in_dhcp_range', async () => {
    const address = (await addressIn('lan', { address: '10.1.0.180' })).body;
    expect((await call('DELETE', `/api/addresses/${address.id}`)).status).toBe(204);
    const entry = await lastEntry(address.id);
    await make(`/api/networks/${net.lan.id}/ranges`, { start: '10.1.0.176', end: '10.1.0.191', kind: 'dhcp' });
    const answer = await call('POST', `/api/activity/${entry.id}/undo`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('in_dhcp_range');
    expect((await call('GET', `/api/addresses/${address.id}`)).status).toBe(404);
  });

  it('refuses to undo an update whose old address is taken now: 409 address_taken naming address', async () => {
    const address = (await addressIn('lan', { address: '10.1.0.80' })).body;
    await must(200, 'PATCH', `/api/addresses/${address.id}`, { address: '10.1.0.81' });
    const entry = await lastEntry(address.id);
    await addressIn('lan', { address: '10.1.0.80' });
    const answer = await call('POST', `/api/activity/${entry.id}/undo`);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'address_taken', details: [{ field: 'address' }] });
  });
});
