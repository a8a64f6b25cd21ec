import { beforeAll, describe, expect, it } from 'vitest';
import { useSites } from '../helpers/data.ts';
import { expectFaults, faultFields, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed' });
const { call, make, lastEntry } = server.as(() => tokens.editor);
const { site, otherSite } = useSites(make, { site: 'Main', otherSite: 'Branch' });
/** Makes a network at the site Main. */
const networkAtMain = (body: object) => make('/api/networks', { siteId: site.id, ...body });

describe('network validation', () => {
  const valid = () => ({ siteId: site.id, name: 'Valid', vlanId: 100 });
  const cases: [string, () => unknown, string[]][] = [
    ['no siteId, name or vlanId', () => ({}), ['name', 'siteId', 'vlanId']],
    ['siteId not an id', () => ({ ...valid(), siteId: 'main' }), ['siteId']],
    ['siteId of no site', () => ({ ...valid(), siteId: '5f0c6a8e-1111-4222-8333-444455556666' }), ['siteId']],
    ['empty name', () => ({ ...valid(), name: '' }), ['name']],
    ['name of 101 characters', () => ({ ...valid(), name: 'n'.repeat(101) }), ['name']],
    ['vlanId 0', () => ({ ...valid(), vlanId: 0 }), ['vlanId']],
    ['vlanId 4095', () => ({ ...valid(), vlanId: 4095 }), ['vlanId']],
    ['vlanId as text', () => ({ ...valid(), vlanId: '10' }), ['vlanId']],
    ['vlanId not whole', () => ({ ...valid(), vlanId: 10.5 }), ['vlanId']],
    ['subnet with host bits', () => ({ ...valid(), subnet: '10.0.10.1/24' }), ['subnet']],
    ['subnet not a CIDR', () => ({ ...valid(), subnet: '10.0.10.0' }), ['subnet']],
    ['subnet with a leading zero', () => ({ ...valid(), subnet: '010.0.0.0/8' }), ['subnet']],
    ['IPv6 subnet with host bits', () => ({ ...valid(), subnet: '2001:db8::1/64' }), ['subnet']],
    ['gateway without subnet', () => ({ ...valid(), gateway: '10.0.0.1' }), ['gateway']],
    ['gateway outside subnet', () => ({ ...valid(), subnet: '10.0.10.0/24', gateway: '10.0.11.1' }), ['gateway']],
    ['gateway not an address', () => ({ ...valid(), subnet: '10.0.10.0/24', gateway: 'router' }), ['gateway']],
    ['colour not #rrggbb', () => ({ ...valid(), color: 'red' }), ['color']],
    ['description too long', () => ({ ...valid(), description: 'd'.repeat(1001) }), ['description']],
    [
      'every fault at once',
      () => ({ siteId: site.id, name: '', vlanId: 5000, subnet: '10.0.0.0/33', color: '#12345' }),
      ['color', 'name', 'subnet', 'vlanId'],
    ],
  ];
  it.each(cases)('%s → 400', async (_name, body, expected) => {
    const answer = await call('POST', '/api/networks', { body: body() });
    expectFaults(answer, expected);
  });

  it('accepts IPv4 and IPv6 subnets in canonical form, with a gateway inside', async () => {
    const v4 = await networkAtMain({ name: 'Servers', vlanId: 30, subnet: '10.0.30.0/24', gateway: '10.0.30.1', color: '#1F77B4' });
    expect(v4).toMatchObject({ subnet: '10.0.30.0/24', gateway: '10.0.30.1', color: '#1f77b4', portCount: 0, version: 1 });
    const entry = await lastEntry(v4.id);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'network',
      entityName: 'Servers',
      siteId: site.id,
      summary: 'Created network Servers (VLAN 30)',
    });
    expect(entry.changes).toMatchObject({ vlanId: [null, 30], subnet: [null, '10.0.30.0/24'] });
    const v6 = await networkAtMain({ name: 'V6', vlanId: 31, subnet: '2001:0db8:0000::/64', gateway: '2001:db8::1' });
    expect(v6).toMatchObject({ subnet: '2001:db8::/64', gateway: '2001:db8::1' });
  });

  it('checks the gateway against the subnet it would have after a PATCH', async () => {
    const network = await networkAtMain({ name: 'Moving subnet', vlanId: 32, subnet: '10.0.32.0/24', gateway: '10.0.32.1' });
    const answer = await call('PATCH', `/api/networks/${network.id}`, { body: { subnet: '10.0.33.0/24' } });
    expect(answer.status).toBe(400);
    expect(faultFields(answer)).toEqual(['gateway']);
    const both = await call('PATCH', `/api/networks/${network.id}`, { body: { subnet: '10.0.33.0/24', gateway: '10.0.33.1' } });
    expect(both.status).toBe(200);
    expect(both.body.version).toBe(2);
  });
});

describe('network uniqueness', () => {
  it('keeps name and VLAN unique per site (409), and allows both at another site', async () => {
    await networkAtMain({ name: 'Users', vlanId: 10 });
    const sameName = await call('POST', '/api/networks', { body: { siteId: site.id, name: 'USERS', vlanId: 11 } });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });
    const sameVlan = await call('POST', '/api/networks', { body: { siteId: site.id, name: 'Guests', vlanId: 10 } });
    expect(sameVlan.status).toBe(409);
    expect(sameVlan.body.error).toMatchObject({ code: 'conflict', details: [{ field: 'vlanId' }] });
    const both = await call('POST', '/api/networks', { body: { siteId: site.id, name: 'users', vlanId: 10 } });
    expect(faultFields(both)).toEqual(['name', 'vlanId']);
    expect((await call('POST', '/api/networks', { body: { siteId: otherSite.id, name: 'Users', vlanId: 10 } })).status).toBe(201);
  });

  it('applies the same rules on PATCH', async () => {
    const guests = await networkAtMain({ name: 'Guests', vlanId: 12 });
    const answer = await call('PATCH', `/api/networks/${guests.id}`, { body: { vlanId: 10 } });
    expect(answer.status).toBe(409);
    expect(faultFields(answer)).toEqual(['vlanId']);
  });
});

describe('network list, read and version', () => {
  it('filters by siteId and vlanId, sorts, searches, and refuses a bad filter', async () => {
    const main = await call('GET', `/api/networks?siteId=${site.id}&sort=-vlanId`);
    const vlans = main.body.items.map((n: { vlanId: number }) => n.vlanId);
    expect(vlans).toEqual([...vlans].sort((a, b) => b - a));
    expect(main.body.items.every((n: { siteId: string }) => n.siteId === site.id)).toBe(true);
    expect(main.body.total).toBe(main.body.items.length);
    const vlan10 = await call('GET', '/api/networks?vlanId=10');
    expect(vlan10.body.total).toBe(2);
    expect((await call('GET', '/api/networks?q=10.0.30')).body.items.map((n: { name: string }) => n.name)).toEqual(['Servers']);
    const bad = await call('GET', '/api/networks?vlanId=5000&siteId=x');
    expect(bad.status).toBe(400);
    expect((await call('GET', '/api/networks?vlanId=abc')).body.error.details[0].field).toBe('vlanId');
  });

  it('answers ETag and 412 on a stale If-Match, and records the update', async () => {
    const network = await networkAtMain({ name: 'Etag', vlanId: 40 });
    expect((await call('GET', `/api/networks/${network.id}`)).headers.get('etag')).toBe('"1"');
    expect((await call('PATCH', `/api/networks/${network.id}`, { body: { name: 'Etag2' }, headers: { 'if-match': '"1"' } })).status).toBe(
      200,
    );
    const stale = await call('PATCH', `/api/networks/${network.id}`, { body: { name: 'Etag3' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(412);
    expect(await lastEntry(network.id)).toMatchObject({
      action: 'update',
      entityType: 'network',
      siteId: site.id,
      summary: 'Updated network Etag2 (VLAN 40)',
      changes: { name: ['Etag', 'Etag2'] },
    });
  });
});

describe('networks in use', () => {
  let vlan: { id: string };
  let voice: { id: string };
  let ports: { id: string; version: number }[];

  beforeAll(async () => {
    vlan = await networkAtMain({ name: 'Office', vlanId: 50 });
    voice = await networkAtMain({ name: 'Phones', vlanId: 51 });
    const sw = await make('/api/switches', { siteId: site.id, name: 'sw-use', portCount: 3 });
    ports = (await call('GET', `/api/switches/${sw.id}`)).body.ports;
    await call('PATCH', `/api/ports/${ports[0].id}`, { body: { untaggedNetworkId: vlan.id } });
    await call('PATCH', `/api/ports/${ports[1].id}`, {
      body: { mode: 'trunk', untaggedNetworkId: vlan.id, taggedNetworkIds: [vlan.id, voice.id] },
    });
    await call('PATCH', `/api/ports/${ports[2].id}`, { body: { mode: 'trunk', taggedNetworkIds: [vlan.id] } });
  });

  it('counts each port that carries it once, untagged or tagged', async () => {
    expect((await call('GET', `/api/networks/${vlan.id}`)).body.portCount).toBe(3);
    expect((await call('GET', `/api/networks/${voice.id}`)).body.portCount).toBe(1);
    const sorted = (await call('GET', `/api/networks?siteId=${site.id}&sort=-portCount&limit=1`)).body.items;
    expect(sorted[0].id).toBe(vlan.id);
  });

  it('refuses to move a network that ports use to another site', async () => {
    const answer = await call('PATCH', `/api/networks/${vlan.id}`, { body: { siteId: otherSite.id } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('network_in_use');
  });

  it('refuses to delete it (409 network_in_use with the count) unless force=true, which takes it off the ports in one entry', async () => {
    const refused = await call('DELETE', `/api/networks/${vlan.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('network_in_use');
    expect(refused.body.error.message).toContain('3 ports');
    const before = await Promise.all(ports.map(async (p) => (await call('GET', `/api/ports/${p.id}`)).body));

    expect((await call('DELETE', `/api/networks/${vlan.id}?force=true`)).status).toBe(204);
    expect((await call('GET', `/api/networks/${vlan.id}`)).status).toBe(404);
    const after = await Promise.all(ports.map(async (p) => (await call('GET', `/api/ports/${p.id}`)).body));
    expect(after[0].untaggedNetworkId).toBeNull();
    expect(after[1]).toMatchObject({ untaggedNetworkId: null, taggedNetworkIds: [voice.id], mode: 'trunk' });
    expect(after[2].taggedNetworkIds).toEqual([]);
    after.forEach((port, i) => expect(port.version).toBe(before[i].version + 1));

    const entry = await lastEntry(vlan.id);
    expect(entry).toMatchObject({
      action: 'delete',
      entityType: 'network',
      summary: 'Deleted network Office (VLAN 50) and took it off 3 ports',
    });
    expect((await lastEntry(ports[2].id)).id).toBe(entry.id);
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/ports/${ports[1].id}`)).body.untaggedNetworkId).toBe(vlan.id);
    expect((await call('GET', `/api/networks/${vlan.id}`)).body.portCount).toBe(3);
  });

  it('deletes an unused network with 204', async () => {
    const unused = await make('/api/networks', { siteId: otherSite.id, name: 'Unused', vlanId: 99 });
    expect((await call('DELETE', `/api/networks/${unused.id}`)).status).toBe(204);
    expect(await lastEntry(unused.id)).toMatchObject({ action: 'delete', entityName: 'Unused', siteId: otherSite.id });
  });
});
