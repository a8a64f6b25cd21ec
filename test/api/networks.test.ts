import { beforeAll, describe, expect, it } from 'vitest';
import { useSites } from '../helpers/data.ts';
import { itRefusesCreates, itRefusesQueries, type RefusedBody, siteAndNameFaults } from '../helpers/refusals.ts';
import { expectFaults, NO_SUCH_ID, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed' });
const { call, make, must, lastEntry } = server.as(() => tokens.editor);
const { site, otherSite, overlapSite } = useSites(make, { site: 'Main', otherSite: 'Branch', overlapSite: 'Overlaps' });
/** Makes a network at the site Main. */
const networkAtMain = (body: object) => make('/api/networks', { siteId: site.id, ...body });

let users: { id: string };
let branchVlan: { id: string };
beforeAll(async () => {
  users = await make('/api/vlans', { siteId: site.id, name: 'Users', vid: 10 });
  branchVlan = await make('/api/vlans', { siteId: otherSite.id, name: 'Branch users', vid: 10 });
});

describe('network validation', () => {
  const valid = () => ({ siteId: site.id, name: 'Valid', subnet: '10.99.0.0/24' });
  const cases: RefusedBody[] = [
    ['no siteId, name or subnet', () => ({}), ['name', 'siteId', 'subnet']],
    ...siteAndNameFaults(valid),
    ['subnet empty', () => ({ ...valid(), subnet: ' ' }), ['subnet']],
    ['subnet with host bits', () => ({ ...valid(), subnet: '10.0.10.1/24' }), ['subnet']],
    ['subnet not a CIDR', () => ({ ...valid(), subnet: '10.0.10.0' }), ['subnet']],
    ['subnet with a leading zero', () => ({ ...valid(), subnet: '010.0.0.0/8' }), ['subnet']],
    ['subnet prefix too long', () => ({ ...valid(), subnet: '10.0.0.0/33' }), ['subnet']],
    ['IPv6 subnet with host bits', () => ({ ...valid(), subnet: '2001:db8::1/64' }), ['subnet']],
    ['gateway outside subnet', () => ({ ...valid(), gateway: '10.98.0.1' }), ['gateway']],
    ['gateway of the other family', () => ({ ...valid(), gateway: '2001:db8::1' }), ['gateway']],
    ['gateway not an address', () => ({ ...valid(), gateway: 'router' }), ['gateway']],
    ['vlanId a VLAN number', () => ({ ...valid(), vlanId: 10 }), ['vlanId']],
    ['vlanId of no VLAN', () => ({ ...valid(), vlanId: NO_SUCH_ID }), ['vlanId']],
    ['vlanId of a VLAN of another site', () => ({ ...valid(), vlanId: branchVlan.id }), ['vlanId']],
    ['dnsServers not a list', () => ({ ...valid(), dnsServers: '10.0.0.53' }), ['dnsServers']],
    ['dnsServers with a name', () => ({ ...valid(), dnsServers: ['10.0.0.53', 'dns.example.com'] }), ['dnsServers']],
    ['dnsServers with a number', () => ({ ...valid(), dnsServers: [53] }), ['dnsServers']],
    ['nine dnsServers', () => ({ ...valid(), dnsServers: Array.from({ length: 9 }, (_, i) => `10.0.0.${i + 1}`) }), ['dnsServers']],
    ['a model-1 field', () => ({ ...valid(), color: '#1f77b4' }), ['color']],
    ['description too long', () => ({ ...valid(), description: 'd'.repeat(1001) }), ['description']],
    [
      'every fault at once',
      () => ({ siteId: site.id, name: '', subnet: '10.0.0.0/33', vlanId: 'ten', dnsServers: 'dns' }),
      ['dnsServers', 'name', 'subnet', 'vlanId'],
    ],
  ];
  itRefusesCreates(call, '/api/networks', cases);

  it('checks the gateway against the subnet it would have after a PATCH', async () => {
    const network = await networkAtMain({ name: 'Moving subnet', subnet: '10.0.32.0/24', gateway: '10.0.32.1' });
    expectFaults(await call('PATCH', `/api/networks/${network.id}`, { body: { subnet: '10.0.33.0/24' } }), ['gateway']);
    const both = await must(200, 'PATCH', `/api/networks/${network.id}`, { subnet: '10.0.33.0/24', gateway: '10.0.33.1' });
    expect(both.version).toBe(2);
  });
});

describe('networks and VLANs', () => {
  it('keeps a VLAN without any subnet', async () => {
    const pure = await make('/api/vlans', { siteId: site.id, name: 'Pure L2', vid: 900 });
    expect((await call('GET', `/api/networks?vlanId=${pure.id}`)).body.total).toBe(0);
    expect((await call('GET', `/api/vlans/${pure.id}`)).body.networkCount).toBe(0);
  });

  it('puts an IPv4 and an IPv6 subnet in one VLAN, in canonical form, with gateways and DNS servers', async () => {
    const v4 = await networkAtMain({
      vlanId: users.id,
      name: 'Users v4',
      subnet: '10.0.10.0/24',
      gateway: '10.0.10.1',
      dnsServers: [' 10.0.0.53 ', '2001:0DB8::53', '10.0.0.53'],
    });
    expect(v4).toMatchObject({
      vlanId: users.id,
      subnet: '10.0.10.0/24',
      gateway: '10.0.10.1',
      dnsServers: ['10.0.0.53', '2001:db8::53'],
      version: 1,
      addressCount: 0,
      nearlyFull: false,
      utilization: { size: 256, usable: 254, used: 0, reserved: 0, dhcp: 0, free: 254, percent: 0 },
    });
    const entry = await lastEntry(v4.id);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'network',
      entityName: 'Users v4',
      siteId: site.id,
      summary: 'Created network Users v4 (10.0.10.0/24)',
    });
    expect(entry.changes).toMatchObject({ vlanId: [null, users.id], dnsServers: [null, ['10.0.0.53', '2001:db8::53']] });
    const v6 = await networkAtMain({ vlanId: users.id, name: 'Users v6', subnet: '2001:0db8:0010:0000::/64', gateway: '2001:db8:10::1' });
    expect(v6).toMatchObject({ subnet: '2001:db8:10::/64', gateway: '2001:db8:10::1', dnsServers: [] });
    expect((await call('GET', `/api/vlans/${users.id}`)).body.networkCount).toBe(2);
  });

  it('puts two IPv4 subnets (primary and secondary) in one VLAN', async () => {
    const office = await make('/api/vlans', { siteId: site.id, name: 'Office', vid: 20 });
    await networkAtMain({ vlanId: office.id, name: 'Office primary', subnet: '10.0.20.0/24' });
    await networkAtMain({ vlanId: office.id, name: 'Office secondary', subnet: '172.16.20.0/24' });
    const listed = (await call('GET', `/api/networks?vlanId=${office.id}`)).body.items.map((n: { name: string }) => n.name);
    expect(listed).toEqual(['Office primary', 'Office secondary']);
  });

  it('keeps a transit /31 without a VLAN, and takes a network out of its VLAN with vlanId null', async () => {
    const transit = await networkAtMain({ name: 'Transit', subnet: '10.255.0.0/31', gateway: '10.255.0.1' });
    expect(transit).toMatchObject({ vlanId: null, subnet: '10.255.0.0/31' });
    const loose = await networkAtMain({ vlanId: users.id, name: 'Loose', subnet: '10.0.11.0/24' });
    expect(await must(200, 'PATCH', `/api/networks/${loose.id}`, { vlanId: null })).toMatchObject({ vlanId: null, version: 2 });
  });

  it('refuses a VLAN of another site on PATCH, and on a move to another site unless the VLAN moves along', async () => {
    const net = await networkAtMain({ vlanId: users.id, name: 'Mover', subnet: '10.0.12.0/24' });
    expectFaults(await call('PATCH', `/api/networks/${net.id}`, { body: { vlanId: branchVlan.id } }), ['vlanId']);
    expectFaults(await call('PATCH', `/api/networks/${net.id}`, { body: { siteId: otherSite.id } }), ['vlanId']);
    const moved = await must(200, 'PATCH', `/api/networks/${net.id}`, { siteId: otherSite.id, vlanId: branchVlan.id });
    expect(moved).toMatchObject({ siteId: otherSite.id, vlanId: branchVlan.id });
  });
});

describe('no two networks of a site overlap', () => {
  beforeAll(async () => {
    await make('/api/networks', { siteId: overlapSite.id, name: 'Base v4', subnet: '10.1.0.0/16' });
    await make('/api/networks', { siteId: overlapSite.id, name: 'Base v6', subnet: '2001:db8:1::/48' });
  });

  const refused: [string, string, string][] = [
    ['the same IPv4 subnet', '10.1.0.0/16', 'Base v4'],
    ['an IPv4 subnet inside', '10.1.20.0/24', 'Base v4'],
    ['an IPv4 subnet containing it', '10.0.0.0/8', 'Base v4'],
    ['an IPv4 host route inside', '10.1.255.255/32', 'Base v4'],
    ['the same IPv6 subnet', '2001:db8:1::/48', 'Base v6'],
    ['an IPv6 subnet inside', '2001:db8:1:20::/64', 'Base v6'],
    ['an IPv6 subnet containing it', '2001:db8::/32', 'Base v6'],
  ];
  it.each(refused)('refuses %s (409 subnet_overlaps naming the other network)', async (_what, subnet, other) => {
    const answer = await call('POST', '/api/networks', { body: { siteId: overlapSite.id, name: 'Clash', subnet } });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'subnet_overlaps', details: [{ field: 'subnet' }] });
    expect(answer.body.error.message).toContain(other);
  });

  const accepted: [string, string][] = [
    ['an IPv4 subnet beside it', '10.2.0.0/16'],
    ['an IPv6 subnet beside it', '2001:db8:2::/48'],
    ['an IPv4-mapped IPv6 subnet', '::ffff:10.1.0.0/112'],
  ];
  it.each(accepted)('accepts %s', async (_what, subnet) => {
    expect((await call('POST', '/api/networks', { body: { siteId: overlapSite.id, name: `Beside ${subnet}`, subnet } })).status).toBe(201);
  });

  it('lets another site have the same subnet, and refuses a PATCH into an overlap', async () => {
    const branch = await make('/api/networks', { siteId: otherSite.id, name: 'Same as base', subnet: '10.1.0.0/16' });
    const moved = await call('PATCH', `/api/networks/${branch.id}`, { body: { siteId: overlapSite.id } });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('subnet_overlaps');
    const beside = (await call('GET', `/api/networks?siteId=${overlapSite.id}&q=${encodeURIComponent('beside 10.2')}`)).body.items[0];
    const widened = await call('PATCH', `/api/networks/${beside.id}`, { body: { subnet: '10.0.0.0/14' } });
    expect(widened.status).toBe(409);
    expect(widened.body.error.message).toContain('Base v4');
    expect((await call('PATCH', `/api/networks/${beside.id}`, { body: { subnet: '10.2.0.0/15' } })).status).toBe(200);
  });
});

describe('network uniqueness', () => {
  it('keeps names unique per site (409 name_taken), and allows the same name at another site', async () => {
    await networkAtMain({ name: 'Servers', subnet: '10.0.30.0/24' });
    const sameName = await call('POST', '/api/networks', { body: { siteId: site.id, name: 'SERVERS', subnet: '10.0.31.0/24' } });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });
    expect((await call('POST', '/api/networks', { body: { siteId: otherSite.id, name: 'Servers', subnet: '10.0.30.0/24' } })).status).toBe(
      201,
    );
  });
});

describe('network list, read and version', () => {
  it('filters by siteId and vlanId, sorts, and searches text and addresses inside a subnet', async () => {
    const main = (await call('GET', `/api/networks?siteId=${site.id}&sort=-name`)).body;
    const names = main.items.map((n: { name: string }) => n.name);
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1)));
    expect(main.items.every((n: { siteId: string }) => n.siteId === site.id)).toBe(true);
    const inUsers = (await call('GET', `/api/networks?vlanId=${users.id}`)).body.items.map((n: { name: string }) => n.name);
    expect(inUsers.sort()).toEqual(['Users v4', 'Users v6']);
    const byAddress = async (q: string) =>
      (await call('GET', `/api/networks?siteId=${site.id}&q=${encodeURIComponent(q)}`)).body.items.map((n: { name: string }) => n.name);
    expect(await byAddress('10.0.10.5')).toEqual(['Users v4']);
    expect(await byAddress('2001:db8:10::beef')).toEqual(['Users v6']);
    expect(await byAddress('10.255.0.1')).toEqual(['Transit']);
    expect(await byAddress('10.0.30')).toEqual(['Servers']);
    expect(await byAddress('192.0.2.1')).toEqual([]);
  });

  it('carries addressCount, the whole utilization and nearlyFull on every item, as one network answers them', async () => {
    const items = (await call('GET', `/api/networks?siteId=${site.id}`)).body.items;
    for (const item of items) {
      expect(item).toMatchObject({ addressCount: 0, utilization: { used: 0, percent: 0 }, nearlyFull: false });
      expect(item).not.toHaveProperty('utilizationPercent');
      expect(item).toEqual((await call('GET', `/api/networks/${item.id}`)).body);
    }
  });

  itRefusesQueries(call, '/api/networks', [
    ['vlanId=10', 'vlanId'],
    ['siteId=main', 'siteId'],
    ['sort=gateway', 'sort'],
  ]);

  it('answers CSV in the import layout, DNS servers in one cell', async () => {
    const csv = await call('GET', `/api/networks?vlanId=${users.id}&sort=name&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('x-total-count')).toBe('2');
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0].split(',')).toEqual(expect.arrayContaining(['id', 'site', 'name', 'subnet', 'gateway', 'dnsServers']));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('10.0.0.53;2001:db8::53');
  });

  it('answers ETag and 412 on a stale If-Match, records the update, and answers 404 for no such network', async () => {
    const network = await networkAtMain({ name: 'Etag', subnet: '10.0.40.0/24' });
    expect((await call('GET', `/api/networks/${network.id}`)).headers.get('etag')).toBe('"1"');
    const renamed = await call('PATCH', `/api/networks/${network.id}`, {
      body: { name: 'Etag2', dnsServers: ['10.0.40.53'] },
      headers: { 'if-match': '"1"' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).toBe('"2"');
    const stale = await call('PATCH', `/api/networks/${network.id}`, { body: { name: 'Etag3' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(412);
    expect(await lastEntry(network.id)).toMatchObject({
      action: 'update',
      entityType: 'network',
      siteId: site.id,
      summary: 'Updated network Etag2 (10.0.40.0/24)',
      changes: { name: ['Etag', 'Etag2'], dnsServers: [[], ['10.0.40.53']] },
    });
    expect((await call('PATCH', `/api/networks/${network.id}`, { body: { dnsServers: ['10.0.40.53'] } })).body.version).toBe(2);
    expect((await call('GET', `/api/networks/${NO_SUCH_ID}`)).status).toBe(404);
  });
});

describe('network delete', () => {
  it('deletes a network with 204 in one entry, and the undo brings it back', async () => {
    const network = await make('/api/networks', { siteId: otherSite.id, vlanId: branchVlan.id, name: 'Doomed', subnet: '10.7.0.0/24' });
    expect((await call('DELETE', `/api/networks/${network.id}`)).status).toBe(204);
    expect((await call('GET', `/api/networks/${network.id}`)).status).toBe(404);
    const entry = await lastEntry(network.id);
    expect(entry).toMatchObject({
      action: 'delete',
      entityName: 'Doomed',
      siteId: otherSite.id,
      summary: 'Deleted network Doomed (10.7.0.0/24)',
    });
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/networks/${network.id}`)).body).toMatchObject({ name: 'Doomed', vlanId: branchVlan.id });
  });

  it('refuses to delete a network with addresses or ranges (409 network_in_use with the counts)', async () => {
    const network = await make('/api/networks', { siteId: otherSite.id, name: 'Held', subnet: '10.8.0.0/24' });
    await make(`/api/networks/${network.id}/ranges`, { start: '10.8.0.100', end: '10.8.0.199', kind: 'dhcp' });
    const refused = await call('DELETE', `/api/networks/${network.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'network_in_use',
      details: [
        { field: 'force', message: 'the network has 0 addresses and 1 range' },
        { field: 'addresses', message: '0 recorded' },
        { field: 'ranges', message: '1 defined' },
      ],
    });
    await make(`/api/networks/${network.id}/addresses`, { address: '10.8.0.5' });
    await make(`/api/networks/${network.id}/addresses`, { address: '10.8.0.6' });
    const again = await call('DELETE', `/api/networks/${network.id}?force=false`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('2 addresses and 1 range');
    expect((await call('GET', `/api/networks/${network.id}`)).body.addressCount).toBe(2);
  });

  it('deletes them with it on ?force=true in one entry, and the undo brings all back', async () => {
    const network = await make('/api/networks', { siteId: otherSite.id, name: 'Forced', subnet: '10.9.0.0/24' });
    const range = await make(`/api/networks/${network.id}/ranges`, { start: '10.9.0.100', end: '10.9.0.199', kind: 'dhcp' });
    const address = await make(`/api/networks/${network.id}/addresses`, { address: '10.9.0.5', hostname: 'kept' });
    expect((await call('DELETE', `/api/networks/${network.id}?force=true`)).status).toBe(204);
    expect((await call('GET', `/api/addresses/${address.id}`)).status).toBe(404);
    expect((await call('GET', `/api/ranges/${range.id}`)).status).toBe(404);
    const entry = await lastEntry(network.id);
    expect(entry).toMatchObject({ action: 'delete', summary: 'Deleted network Forced (10.9.0.0/24) with 1 address and 1 range' });
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/networks/${network.id}`)).body).toMatchObject({ addressCount: 1, utilization: { used: 1, dhcp: 100 } });
    expect((await call('GET', `/api/addresses/${address.id}`)).body).toMatchObject({ address: '10.9.0.5', hostname: 'kept' });
    expect((await call('GET', `/api/ranges/${range.id}`)).body).toMatchObject({ start: '10.9.0.100', kind: 'dhcp' });
  });
});
