import { beforeAll, describe, expect, it } from 'vitest';
import { useSites } from '../helpers/data.ts';
import { itRefusesCreates, type RefusedBody, siteAndNameFaults } from '../helpers/refusals.ts';
import { expectCreated, expectFaults, faultFields, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
const { call, make, lastEntry } = server.as(() => tokens.editor);
const { site, otherSite } = useSites(make, { site: 'Main', otherSite: 'Branch' });
let users: { id: string };
let voice: { id: string };
let foreignVlan: { id: string };

beforeAll(async () => {
  users = await make('/api/vlans', { siteId: site.id, name: 'Users', vid: 10 });
  voice = await make('/api/vlans', { siteId: site.id, name: 'Voice', vid: 20 });
  foreignVlan = await make('/api/vlans', { siteId: otherSite.id, name: 'Branch users', vid: 10 });
});

describe('switch validation', () => {
  const valid = () => ({ siteId: site.id, name: 'valid' });
  const cases: RefusedBody[] = [
    ['no siteId or name', () => ({}), ['name', 'siteId']],
    ...siteAndNameFaults(valid),
    ['MAC of five bytes', () => ({ ...valid(), macAddress: 'aa:bb:cc:dd:ee' }), ['macAddress']],
    ['MAC with mixed separators', () => ({ ...valid(), macAddress: 'aa:bb-cc:dd:ee:ff' }), ['macAddress']],
    ['management IP with a leading zero', () => ({ ...valid(), managementIp: '010.0.0.1' }), ['managementIp']],
    ['management IP that is a CIDR', () => ({ ...valid(), managementIp: '10.0.0.1/24' }), ['managementIp']],
    ['unknown status', () => ({ ...valid(), status: 'broken' }), ['status']],
    ['portCount over 1024', () => ({ ...valid(), portCount: 1025 }), ['portCount']],
    ['unknown role', () => ({ ...valid(), role: 'edge' }), ['role']],
    ['tags not a list', () => ({ ...valid(), tags: 'lab' }), ['tags']],
    ['a tag of 41 characters', () => ({ ...valid(), tags: ['t'.repeat(41)] }), ['tags']],
    ['21 tags', () => ({ ...valid(), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), ['tags']],
    ['a tag with a semicolon', () => ({ ...valid(), tags: ['a;b'] }), ['tags']],
    ['stackSize 0', () => ({ ...valid(), stackSize: 0 }), ['stackSize']],
    ['stackSize 9', () => ({ ...valid(), stackSize: 9 }), ['stackSize']],
    ['negative poeBudgetWatts', () => ({ ...valid(), poeBudgetWatts: -1 }), ['poeBudgetWatts']],
    ['rackPosition of 51 characters', () => ({ ...valid(), rackPosition: 'U'.repeat(51) }), ['rackPosition']],
    ['configuredVlanIds not ids', () => ({ ...valid(), configuredVlanIds: ['vlan10'] }), ['configuredVlanIds']],
    ['a configured VLAN of another site', () => ({ ...valid(), configuredVlanIds: [foreignVlan.id] }), ['configuredVlanIds[0]']],
    [
      'a configured VLAN that does not exist',
      () => ({ ...valid(), configuredVlanIds: ['5f0c6a8e-1111-4222-8333-444455556666'] }),
      ['configuredVlanIds[0]'],
    ],
    ['favorite is read-only (ignored)', () => ({ ...valid(), name: '', favorite: true }), ['name']],
    ['negative portCount', () => ({ ...valid(), portCount: -1 }), ['portCount']],
    [
      'every fault at once',
      () => ({ siteId: site.id, name: '', macAddress: 'x', managementIp: '300.1.1.1', status: 'on', vendor: 'v'.repeat(101) }),
      ['macAddress', 'managementIp', 'name', 'status', 'vendor'],
    ],
  ];
  itRefusesCreates(call, '/api/switches', cases);

  it('refuses portCount on PATCH', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'no-port-patch' });
    const answer = await call('PATCH', `/api/switches/${sw.id}`, { body: { portCount: 4 } });
    expect(answer.status).toBe(400);
    expect(faultFields(answer)).toEqual(['portCount']);
  });
});

describe('switch create and read', () => {
  it('normalises the three MAC spellings and IPv6 addresses, defaults status to active', async () => {
    const dashes = await make('/api/switches', {
      siteId: site.id,
      name: 'mac-1',
      macAddress: 'AA-BB-CC-DD-EE-01',
      managementIp: '2001:DB8:0:0::10',
    });
    expect(dashes).toMatchObject({ macAddress: 'aa:bb:cc:dd:ee:01', managementIp: '2001:db8::10', status: 'active', portCount: 0 });
    const cisco = await make('/api/switches', { siteId: site.id, name: 'mac-2', macAddress: 'AABB.CCDD.EE02' });
    expect(cisco.macAddress).toBe('aa:bb:cc:dd:ee:02');
    const colons = await make('/api/switches', { siteId: site.id, name: 'mac-3', macAddress: 'aa:bb:cc:dd:ee:03', status: 'planned' });
    expect(colons).toMatchObject({ macAddress: 'aa:bb:cc:dd:ee:03', status: 'planned' });
  });

  it('makes portCount ports named 1…N and answers them, ordered by position, on GET', async () => {
    const answer = await call('POST', '/api/switches', { body: { siteId: site.id, name: 'core-1', portCount: 12 } });
    expectCreated(answer, '/api/switches');
    expect(answer.body.portCount).toBe(12);
    const got = await call('GET', `/api/switches/${answer.body.id}`);
    expect(got.headers.get('etag')).toBe('"1"');
    expect(got.body.ports.map((p: { name: string }) => p.name)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(got.body.ports[0]).toMatchObject({
      switchId: answer.body.id,
      position: 1,
      mode: 'access',
      enabled: true,
      unit: 1,
      type: 'rj45',
      poe: null,
      taggedVlanIds: [],
      linkedPortId: null,
      version: 1,
    });
    const entry = await lastEntry(answer.body.id);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'switch',
      siteId: site.id,
      summary: 'Created switch core-1 with 12 ports',
    });
    expect(entry.changes).toMatchObject({ name: [null, 'core-1'], portCount: [0, 12] });
    const listed = await call('GET', `/api/switches/${answer.body.id}/ports?limit=5&offset=10`);
    expect(listed.body).toMatchObject({ total: 12, limit: 5, offset: 10 });
    expect(listed.body.items.map((p: { name: string }) => p.name)).toEqual(['11', '12']);
  });

  it('lets a viewer read, not create', async () => {
    expect((await call('GET', '/api/switches', { token: tokens.viewer })).status).toBe(200);
    expect((await call('POST', '/api/switches', { token: tokens.viewer, body: { siteId: site.id, name: 'nope' } })).status).toBe(403);
  });
});

describe('switch uniqueness', () => {
  it('keeps names unique per site, case-insensitively', async () => {
    await make('/api/switches', { siteId: site.id, name: 'Access-1' });
    const clash = await call('POST', '/api/switches', { body: { siteId: site.id, name: 'ACCESS-1' } });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });
    expect((await call('POST', '/api/switches', { body: { siteId: otherSite.id, name: 'access-1' } })).status).toBe(201);
  });

  it('keeps MAC addresses unique everywhere, in any spelling', async () => {
    await make('/api/switches', { siteId: site.id, name: 'mac-owner', macAddress: '00:11:22:33:44:55' });
    const clash = await call('POST', '/api/switches', { body: { siteId: otherSite.id, name: 'mac-thief', macAddress: '0011.2233.4455' } });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'conflict', details: [{ field: 'macAddress' }] });
  });

  it('keeps management IPs unique within a site only', async () => {
    const first = await make('/api/switches', { siteId: site.id, name: 'ip-1', managementIp: '10.1.1.1' });
    const clash = await call('POST', '/api/switches', { body: { siteId: site.id, name: 'ip-2', managementIp: '10.1.1.1' } });
    expect(clash.status).toBe(409);
    expect(faultFields(clash)).toEqual(['managementIp']);
    const elsewhere = await make('/api/switches', { siteId: otherSite.id, name: 'ip-2', managementIp: '10.1.1.1' });
    // Moving the second one into the first one's site would clash.
    const move = await call('PATCH', `/api/switches/${elsewhere.id}`, { body: { siteId: site.id } });
    expect(move.status).toBe(409);
    expect(faultFields(move)).toEqual(['managementIp']);
    expect((await call('PATCH', `/api/switches/${first.id}`, { body: { managementIp: '10.1.1.2' } })).status).toBe(200);
  });
});

describe('switch list', () => {
  it('filters by site and status, sorts and searches (MAC too), totals with the same filter', async () => {
    const planned = await call('GET', `/api/switches?siteId=${site.id}&status=planned`);
    expect(planned.body.items.map((s: { name: string }) => s.name)).toEqual(['mac-3']);
    expect(planned.body.total).toBe(1);
    const byName = (await call('GET', `/api/switches?siteId=${site.id}&sort=-name&limit=3`)).body;
    const names = byName.items.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.toLowerCase().localeCompare(a.toLowerCase())));
    expect(byName.total).toBeGreaterThan(3);
    expect((await call('GET', '/api/switches?q=ee:02')).body.items.map((s: { name: string }) => s.name)).toEqual(['mac-2']);
    expect((await call('GET', '/api/switches?sort=-portCount&limit=1')).body.items[0].name).toBe('core-1');
    const bad = await call('GET', '/api/switches?status=on');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('status');
  });
});

describe('switch update, move and delete', () => {
  it('answers 412 on a stale If-Match and records updates', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'etag-sw' });
    expect((await call('PATCH', `/api/switches/${sw.id}`, { body: { vendor: 'Acme' }, headers: { 'if-match': '"1"' } })).body.version).toBe(
      2,
    );
    expect((await call('PATCH', `/api/switches/${sw.id}`, { body: { vendor: 'Other' }, headers: { 'if-match': '"1"' } })).status).toBe(412);
    expect(await lastEntry(sw.id)).toMatchObject({
      action: 'update',
      summary: 'Updated switch etag-sw',
      changes: { vendor: [null, 'Acme'] },
    });
  });

  it('moves to another site only while no port carries a VLAN (409 vlan_in_use)', async () => {
    const vlan = await make('/api/vlans', { siteId: site.id, name: 'MoveNet', vid: 77 });
    const sw = await make('/api/switches', { siteId: site.id, name: 'mover', portCount: 2 });
    const ports = (await call('GET', `/api/switches/${sw.id}`)).body.ports;
    await call('PATCH', `/api/ports/${ports[1].id}`, { body: { untaggedVlanId: vlan.id } });
    const refused = await call('PATCH', `/api/switches/${sw.id}`, { body: { siteId: otherSite.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'vlan_in_use', details: [{ field: 'siteId' }] });
    await call('PATCH', `/api/ports/${ports[1].id}`, { body: { untaggedVlanId: null } });
    const moved = await call('PATCH', `/api/switches/${sw.id}`, { body: { siteId: otherSite.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.siteId).toBe(otherSite.id);
  });

  it('deletes a switch with its ports and unlinks the far ends, in one entry', async () => {
    const a = await make('/api/switches', { siteId: site.id, name: 'doomed', portCount: 2 });
    const b = await make('/api/switches', { siteId: site.id, name: 'neighbour', portCount: 1 });
    const aPorts = (await call('GET', `/api/switches/${a.id}`)).body.ports;
    const bPort = (await call('GET', `/api/switches/${b.id}`)).body.ports[0];
    await call('PATCH', `/api/ports/${aPorts[0].id}`, { body: { linkedPortId: bPort.id } });
    expect((await call('DELETE', `/api/switches/${a.id}`, { headers: { 'if-match': '"2"' } })).status).toBe(412);
    expect((await call('DELETE', `/api/switches/${a.id}`)).status).toBe(204);
    expect((await call('GET', `/api/ports/${aPorts[1].id}`)).status).toBe(404);
    expect((await call('GET', `/api/ports/${bPort.id}`)).body.linkedPortId).toBeNull();
    const entry = await lastEntry(a.id);
    expect(entry).toMatchObject({ action: 'delete', entityType: 'switch', summary: 'Deleted switch doomed and its 2 ports' });
    expect((await lastEntry(bPort.id)).id).toBe(entry.id);
  });
});

describe('model 2 fields of a switch', () => {
  it('stores rackPosition, role, tags (trimmed, each once), stackSize, poeBudgetWatts and configuredVlanIds, and answers them', async () => {
    const sw = await make('/api/switches', {
      siteId: site.id,
      name: 'stack-1',
      rackPosition: ' U12 ',
      role: 'access',
      tags: [' floor-2 ', 'lab', 'LAB'],
      stackSize: 2,
      poeBudgetWatts: 370,
      configuredVlanIds: [voice.id, users.id, voice.id],
    });
    expect(sw).toMatchObject({
      rackPosition: 'U12',
      role: 'access',
      tags: ['floor-2', 'lab'],
      stackSize: 2,
      poeBudgetWatts: 370,
      favorite: false,
      version: 1,
    });
    expect(sw.configuredVlanIds).toEqual([users.id, voice.id].sort());
    const listed = (await call('GET', `/api/switches?siteId=${site.id}&q=stack-1`)).body.items[0];
    expect(listed).toEqual(sw);
    const defaults = await make('/api/switches', { siteId: site.id, name: 'plain' });
    expect(defaults).toMatchObject({ role: null, tags: [], stackSize: 1, poeBudgetWatts: null, configuredVlanIds: [], rackPosition: null });
  });

  it('changes configuredVlanIds as a set (the same list in another order changes nothing), and undoes the change', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'cfg', configuredVlanIds: [users.id] });
    const same = await call('PATCH', `/api/switches/${sw.id}`, { body: { configuredVlanIds: [users.id, users.id] } });
    expect(same.body.version).toBe(1);
    const changed = await call('PATCH', `/api/switches/${sw.id}`, { body: { configuredVlanIds: [voice.id, users.id] } });
    expect(changed.body).toMatchObject({ version: 2, configuredVlanIds: [users.id, voice.id].sort() });
    const unchanged = await call('PATCH', `/api/switches/${sw.id}`, { body: { configuredVlanIds: [users.id, voice.id] } });
    expect(unchanged.body.version).toBe(2);
    const entry = await lastEntry(sw.id);
    expect(entry.changes).toEqual({ configuredVlanIds: [[users.id], [users.id, voice.id].sort()] });
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/switches/${sw.id}`)).body).toMatchObject({ configuredVlanIds: [users.id], version: 3 });
    // A move to another site must take the configured VLANs along: they are VLANs of the old site.
    const move = await call('PATCH', `/api/switches/${sw.id}`, { body: { siteId: otherSite.id } });
    expect(move.status).toBe(400);
    expect(faultFields(move)).toEqual(['configuredVlanIds[0]']);
    const moved = await call('PATCH', `/api/switches/${sw.id}`, { body: { siteId: otherSite.id, configuredVlanIds: [foreignVlan.id] } });
    expect(moved.status).toBe(200);
  });

  it("refuses a stackSize below a port's unit (400 on stackSize), and allows it once no port is there", async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'stack-2', stackSize: 3, portCount: 1 });
    const [first] = (await call('GET', `/api/switches/${sw.id}`)).body.ports;
    const port = await make(`/api/switches/${sw.id}/ports`, { name: 'Gi3/0/1', unit: 3 });
    expect(port.unit).toBe(3);
    const shrink = await call('PATCH', `/api/switches/${sw.id}`, { body: { stackSize: 2 } });
    expectFaults(shrink, ['stackSize']);
    expect(shrink.body.error.details[0].message).toMatch(/unit 3/);
    expect((await call('PATCH', `/api/ports/${port.id}`, { body: { unit: 2 } })).status).toBe(200);
    expect((await call('PATCH', `/api/switches/${sw.id}`, { body: { stackSize: 2 } })).body.stackSize).toBe(2);
    expectFaults(await call('PATCH', `/api/ports/${first.id}`, { body: { unit: 3 } }), ['unit']);
  });
});

describe('favourites, per user', () => {
  it('are set and cleared with PUT and DELETE (204, idempotent), per user, without a version or an activity entry', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'fav-1' });
    const other = await make('/api/switches', { siteId: site.id, name: 'fav-2' });
    const viewer = server.as(() => tokens.viewer);
    const entries = (await call('GET', '/api/activity?limit=1')).body.items[0].id;

    // Read first, so that the read cache holds each user's answer before the change.
    expect((await call('GET', `/api/switches/${sw.id}`)).body.favorite).toBe(false);
    expect((await viewer.call('GET', `/api/switches/${sw.id}`)).body.favorite).toBe(false);
    expect((await viewer.call('GET', '/api/switches?favorite=true')).body.items).toEqual([]);

    expect((await viewer.call('PUT', `/api/switches/${sw.id}/favorite`)).status).toBe(204);
    expect((await viewer.call('PUT', `/api/switches/${sw.id}/favorite`)).status).toBe(204);
    const mine = await viewer.call('GET', `/api/switches/${sw.id}`);
    expect(mine.body).toMatchObject({ favorite: true, version: 1 });
    expect(mine.headers.get('etag')).toBe('"1"');
    // The editor's answer, of the same URL at the same data version, is the editor's own.
    expect((await call('GET', `/api/switches/${sw.id}`)).body.favorite).toBe(false);
    const favourites = (await viewer.call('GET', `/api/switches?favorite=true`)).body;
    expect(favourites.items.map((s: { name: string }) => s.name)).toEqual(['fav-1']);
    expect(favourites.total).toBe(1);
    expect((await call('GET', '/api/switches?favorite=true')).body.total).toBe(0);
    const others = (await viewer.call('GET', `/api/switches?siteId=${site.id}&favorite=false`)).body.items.map((s: { id: string }) => s.id);
    expect(others).toContain(other.id);
    expect(others).not.toContain(sw.id);
    const listed = (await viewer.call('GET', `/api/switches?siteId=${site.id}&q=fav-`)).body.items;
    expect(listed.map((s: { favorite: boolean }) => s.favorite)).toEqual([true, false]);
    expect((await call('GET', `/api/switches?siteId=${site.id}&q=fav-`)).body.items.map((s: { favorite: boolean }) => s.favorite)).toEqual([
      false,
      false,
    ]);

    expect((await viewer.call('DELETE', `/api/switches/${sw.id}/favorite`)).status).toBe(204);
    expect((await viewer.call('DELETE', `/api/switches/${sw.id}/favorite`)).status).toBe(204);
    expect((await viewer.call('GET', `/api/switches/${sw.id}`)).body.favorite).toBe(false);
    expect((await viewer.call('GET', '/api/switches?favorite=true')).body.total).toBe(0);
    expect((await call('GET', '/api/activity?limit=1')).body.items[0].id).toBe(entries);
  });

  it('answers 404 for a switch that does not exist, 400 for a bad filter, 401 without a sign-in', async () => {
    expect((await call('PUT', '/api/switches/5f0c6a8e-1111-4222-8333-444455556666/favorite')).status).toBe(404);
    expect((await call('DELETE', '/api/switches/nope/favorite')).status).toBe(404);
    expectFaults(await call('GET', '/api/switches?favorite=yes'), ['favorite']);
    const sw = await make('/api/switches', { siteId: site.id, name: 'fav-3' });
    expect((await call('PUT', `/api/switches/${sw.id}/favorite`, { token: '' })).status).toBe(401);
  });

  it('go with the switch when it is deleted, and an undo brings the switch back without them', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'fav-gone' });
    await call('PUT', `/api/switches/${sw.id}/favorite`);
    expect((await call('DELETE', `/api/switches/${sw.id}`)).status).toBe(204);
    const entry = await lastEntry(sw.id);
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/switches/${sw.id}`)).body).toMatchObject({ name: 'fav-gone', favorite: false });
  });
});

// docs/IPAM.md: a switch's management IP inside a network of its site is an address of that network with the
// switch's switchId, made, moved and removed with the switch in the same activity entry (so undone with it).
describe('the management IP kept as an address', () => {
  let sequence = 0;
  /** A fresh site with the networks LAN 10.<n>.1.0/24 (a DHCP range .100-.200) and Mgmt 10.<n>.99.0/24. */
  async function place() {
    const n = 100 + ++sequence;
    const at = await make('/api/sites', { name: `ipam ${n}` });
    const lan = await make('/api/networks', { siteId: at.id, name: 'LAN', subnet: `10.${n}.1.0/24` });
    const mgmt = await make('/api/networks', { siteId: at.id, name: 'Mgmt', subnet: `10.${n}.99.0/24` });
    await make(`/api/networks/${lan.id}/ranges`, { start: `10.${n}.1.100`, end: `10.${n}.1.200`, kind: 'dhcp' });
    const ip = (net: string, host: number) => `10.${n}.${net === 'lan' ? 1 : 99}.${host}`;
    return { site: at.id, lan: lan.id, mgmt: mgmt.id, ip };
  }
  type Place = Awaited<ReturnType<typeof place>>;
  /** The site's addresses as [networkId, address, switchId, hostname], by address. */
  const addresses = async (p: Place) =>
    (await call('GET', `/api/addresses?siteId=${p.site}&limit=100`)).body.items.map(
      (a: { networkId: string; address: string; switchId: string | null; hostname: string | null }) => [
        a.networkId === p.lan ? 'LAN' : a.networkId === p.mgmt ? 'Mgmt' : a.networkId,
        a.address,
        a.switchId,
        a.hostname,
      ],
    );
  const undo = async (entityId: string) => {
    const entry = await lastEntry(entityId);
    const answer = await call('POST', `/api/activity/${entry.id}/undo`);
    expect(answer.status, answer.text).toBe(200);
  };

  it('records it when the switch is made: hostname its name, deviceType switch, status active, in the same entry', async () => {
    const p = await place();
    const sw = await make('/api/switches', { siteId: p.site, name: 'acc-1', managementIp: p.ip('mgmt', 2) });
    const [record] = (await call('GET', `/api/networks/${p.mgmt}/addresses`)).body.items;
    expect(record).toMatchObject({
      networkId: p.mgmt,
      address: p.ip('mgmt', 2),
      switchId: sw.id,
      hostname: 'acc-1',
      deviceType: 'switch',
      status: 'active',
    });
    expect((await lastEntry(record.id)).id).toBe((await lastEntry(sw.id)).id);
  });

  it.each<[string, string, (p: Place) => Record<string, unknown>, (p: Place, id: string) => unknown[][]]>([
    [
      'a name that is no host name',
      'edge 1',
      (p) => ({ managementIp: p.ip('mgmt', 3) }),
      (p, id) => [['Mgmt', p.ip('mgmt', 3), id, 'edge-1']],
    ],
    ['an IP in no network of the site', 'outside', () => ({ managementIp: '192.0.2.9' }), () => []],
    ['no IP', 'none', () => ({}), () => []],
  ])('with %s', async (_name, name, body, expected) => {
    const p = await place();
    const sw = await make('/api/switches', { siteId: p.site, name, ...body(p) });
    expect(await addresses(p)).toEqual(expected(p, sw.id));
  });

  it.each<[string, (p: Place, other: string) => Record<string, unknown>, (p: Place, id: string) => unknown[][]]>([
    [
      'a new IP in the same network moves the record',
      (p) => ({ managementIp: p.ip('mgmt', 7) }),
      (p, id) => [['Mgmt', p.ip('mgmt', 7), id, 'sw']],
    ],
    ['an IP in another network moves it there', (p) => ({ managementIp: p.ip('lan', 7) }), (p, id) => [['LAN', p.ip('lan', 7), id, 'sw']]],
    ['a rename renames the record', () => ({ name: 'sw-renamed' }), (p, id) => [['Mgmt', p.ip('mgmt', 2), id, 'sw-renamed']]],
    ['an IP outside every network removes it', () => ({ managementIp: '192.0.2.9' }), () => []],
    ['a cleared IP removes it', () => ({ managementIp: null }), () => []],
    ['a move to a site without the network removes it', (_p, other) => ({ siteId: other }), () => []],
    ['a change of other fields leaves it', () => ({ notes: 'rack 4', vendor: 'Cisco' }), (p, id) => [['Mgmt', p.ip('mgmt', 2), id, 'sw']]],
  ])('%s, in the same entry, and the undo brings it back as it was', async (_name, patch, expected) => {
    const p = await place();
    const other = await make('/api/sites', { name: `elsewhere ${sequence}` });
    const sw = await make('/api/switches', { siteId: p.site, name: 'sw', managementIp: p.ip('mgmt', 2) });
    const [before] = (await call('GET', `/api/addresses?siteId=${p.site}`)).body.items;
    const answer = await call('PATCH', `/api/switches/${sw.id}`, { body: patch(p, other.id) });
    expect(answer.status, answer.text).toBe(200);
    expect(await addresses(p)).toEqual(expected(p, sw.id));
    const [after] = (await call('GET', `/api/addresses?siteId=${p.site}`)).body.items;
    if (after) expect(after.id).toBe(before.id);
    await undo(sw.id);
    expect((await call('GET', `/api/addresses/${before.id}`)).body).toMatchObject({
      address: p.ip('mgmt', 2),
      switchId: sw.id,
      hostname: 'sw',
    });
  });

  it('moves the record to the network of the new site', async () => {
    const [p, q] = [await place(), await place()];
    const sw = await make('/api/switches', { siteId: p.site, name: 'mover', managementIp: p.ip('mgmt', 2) });
    expect((await call('PATCH', `/api/switches/${sw.id}`, { body: { siteId: q.site, managementIp: q.ip('lan', 9) } })).status).toBe(200);
    expect([await addresses(p), await addresses(q)]).toEqual([[], [['LAN', q.ip('lan', 9), sw.id, 'mover']]]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['one without a host name', {}, 'adopted'],
    [
      'one with its host name in another case, and a domain',
      { hostname: 'ADOPTED.example.org', macAddress: '02:00:00:00:00:99' },
      'ADOPTED.example.org',
    ],
  ])('takes over a record of the IP: %s (keeping its id and details)', async (_name, record, hostname) => {
    const p = await place();
    const held = await make(`/api/networks/${p.mgmt}/addresses`, { address: p.ip('mgmt', 20), ...record });
    const sw = await make('/api/switches', { siteId: p.site, name: 'adopted', managementIp: p.ip('mgmt', 20) });
    expect((await call('GET', `/api/addresses/${held.id}`)).body).toMatchObject({
      ...record,
      switchId: sw.id,
      hostname,
      deviceType: 'switch',
    });
    expect(await addresses(p)).toHaveLength(1);
    await undo(sw.id);
    expect((await call('GET', `/api/addresses/${held.id}`)).body).toMatchObject({ switchId: null, deviceType: null });
  });

  it.each<[string, (p: Place) => Promise<string>, number, string]>([
    [
      'recorded for another device',
      async (p) =>
        (await make(`/api/networks/${p.mgmt}/addresses`, { address: p.ip('mgmt', 30), hostname: 'printer-1' })) && p.ip('mgmt', 30),
      409,
      'address_taken',
    ],
    [
      'recorded for a device of another type',
      async (p) =>
        (await make(`/api/networks/${p.mgmt}/addresses`, { address: p.ip('mgmt', 31), deviceType: 'server' })) && p.ip('mgmt', 31),
      409,
      'address_taken',
    ],
    ['inside a DHCP range of the network', async (p) => p.ip('lan', 150), 409, 'in_dhcp_range'],
    ['the broadcast address of the network', async (p) => p.ip('lan', 255), 400, 'validation_failed'],
  ])('refuses an IP %s, on create and on update, changing nothing', async (_name, taken, status, code) => {
    const p = await place();
    const ip = await taken(p);
    const before = await addresses(p);
    const create = await call('POST', '/api/switches', { body: { siteId: p.site, name: 'refused', managementIp: ip } });
    expect([create.status, create.body.error.code, create.body.error.details]).toEqual([
      status,
      code,
      [expect.objectContaining({ field: 'managementIp' })],
    ]);
    expect((await call('GET', `/api/switches?siteId=${p.site}`)).body.total).toBe(0);
    const sw = await make('/api/switches', { siteId: p.site, name: 'refused', managementIp: p.ip('mgmt', 2) });
    const update = await call('PATCH', `/api/switches/${sw.id}`, { body: { managementIp: ip } });
    expect([update.status, update.body.error.code]).toEqual([status, code]);
    expect((await call('GET', `/api/switches/${sw.id}`)).body.managementIp).toBe(p.ip('mgmt', 2));
    expect(await addresses(p)).toEqual([...before, ['Mgmt', p.ip('mgmt', 2), sw.id, 'refused']].sort((a, b) => (a[1] < b[1] ? -1 : 1)));
  });

  it('refuses to take over a record while the switch has its own elsewhere (409 address_taken)', async () => {
    const p = await place();
    const sw = await make('/api/switches', { siteId: p.site, name: 'twice', managementIp: p.ip('mgmt', 2) });
    await make(`/api/networks/${p.mgmt}/addresses`, { address: p.ip('mgmt', 40), hostname: 'twice' });
    const answer = await call('PATCH', `/api/switches/${sw.id}`, { body: { managementIp: p.ip('mgmt', 40) } });
    expect([answer.status, answer.body.error.code]).toEqual([409, 'address_taken']);
  });

  it('deletes the record with the switch in one entry; the undo brings both back with their ids', async () => {
    const p = await place();
    const sw = await make('/api/switches', { siteId: p.site, name: 'gone', managementIp: p.ip('mgmt', 2), portCount: 2 });
    const [record] = (await call('GET', `/api/addresses?siteId=${p.site}`)).body.items;
    expect((await call('DELETE', `/api/switches/${sw.id}`)).status).toBe(204);
    expect(await addresses(p)).toEqual([]);
    expect((await lastEntry(record.id)).id).toBe((await lastEntry(sw.id)).id);
    await undo(sw.id);
    expect((await call('GET', `/api/addresses/${record.id}`)).body).toMatchObject({ address: p.ip('mgmt', 2), switchId: sw.id });
    expect((await call('GET', `/api/switches/${sw.id}`)).body).toMatchObject({ name: 'gone', portCount: 2 });
  });

  it('undoes the creation: the switch and its record go together', async () => {
    const p = await place();
    const sw = await make('/api/switches', { siteId: p.site, name: 'undone', managementIp: p.ip('mgmt', 2) });
    await undo(sw.id);
    expect(await addresses(p)).toEqual([]);
    expect((await call('GET', `/api/switches/${sw.id}`)).status).toBe(404);
  });
});
