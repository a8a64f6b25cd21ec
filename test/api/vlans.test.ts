import { beforeAll, describe, expect, it } from 'vitest';
import { PALETTE } from '../../src/lib/vlan-colors.ts';
import { useSites } from '../helpers/data.ts';
import { itRefusesCreates, itRefusesQueries, type RefusedBody, siteAndNameFaults } from '../helpers/refusals.ts';
import { expectCreated, expectFaults, faultFields, NO_SUCH_ID, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
const { call, make, must, lastEntry } = server.as(() => tokens.editor);
const { site, otherSite, colorSite } = useSites(make, { site: 'Main', otherSite: 'Branch', colorSite: 'Colours' });
/** Makes a VLAN at the site Main. */
const vlanAtMain = (body: object) => make('/api/vlans', { siteId: site.id, ...body });

describe('VLAN validation', () => {
  const valid = () => ({ siteId: site.id, name: 'Valid', vid: 100 });
  const cases: RefusedBody[] = [
    ['no siteId, name or vid', () => ({}), ['name', 'siteId', 'vid']],
    ...siteAndNameFaults(valid),
    ['vid 0', () => ({ ...valid(), vid: 0 }), ['vid']],
    ['vid 4095', () => ({ ...valid(), vid: 4095 }), ['vid']],
    ['vid as text', () => ({ ...valid(), vid: '10' }), ['vid']],
    ['vid not whole', () => ({ ...valid(), vid: 10.5 }), ['vid']],
    ['status not a status', () => ({ ...valid(), status: 'retired' }), ['status']],
    ['colour not #rrggbb', () => ({ ...valid(), color: 'red' }), ['color']],
    ['colour of three digits', () => ({ ...valid(), color: '#abc' }), ['color']],
    ['description too long', () => ({ ...valid(), description: 'd'.repeat(1001) }), ['description']],
    ['a model-1 field', () => ({ ...valid(), subnet: '10.0.0.0/24' }), ['subnet']],
    [
      'every fault at once',
      () => ({ siteId: site.id, name: '', vid: 5000, color: '#12345', status: 1 }),
      ['color', 'name', 'status', 'vid'],
    ],
  ];
  itRefusesCreates(call, '/api/vlans', cases);

  it('refuses the same faults on PATCH and changes nothing', async () => {
    const vlan = await vlanAtMain({ name: 'Patch-valid', vid: 101 });
    expectFaults(await call('PATCH', `/api/vlans/${vlan.id}`, { body: { vid: 0, color: 'blue' } }), ['color', 'vid']);
    expect((await call('GET', `/api/vlans/${vlan.id}`)).body.version).toBe(1);
  });
});

describe('VLAN create, read, update', () => {
  it('creates a VLAN without any subnet: 201 with Location, ETag, counts at 0 and status active', async () => {
    const answer = await call('POST', '/api/vlans', { body: { siteId: site.id, name: ' Pure L2 ', vid: 2, description: '' } });
    expectCreated(answer, '/api/vlans');
    expect(answer.body).toMatchObject({
      siteId: site.id,
      name: 'Pure L2',
      vid: 2,
      description: null,
      status: 'active',
      version: 1,
      networkCount: 0,
      portCount: 0,
      switchCount: 0,
    });
    expect(answer.body.color).toMatch(/^#[0-9a-f]{6}$/);
    const entry = await lastEntry(answer.body.id);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'vlan',
      entityName: 'Pure L2',
      siteId: site.id,
      summary: 'Created vlan Pure L2 (VLAN 2)',
    });
    expect(entry.changes).toMatchObject({ vid: [null, 2], color: [null, answer.body.color] });
    expect((await call('GET', `/api/vlans/${answer.body.id}`)).body).toEqual(answer.body);
  });

  it('answers ETag and 412 on a stale If-Match, records the update, and answers 404 for no such VLAN', async () => {
    const vlan = await vlanAtMain({ name: 'Etag', vid: 40 });
    expect((await call('GET', `/api/vlans/${vlan.id}`)).headers.get('etag')).toBe('"1"');
    const renamed = await call('PATCH', `/api/vlans/${vlan.id}`, {
      body: { name: 'Etag2', status: 'inactive' },
      headers: { 'if-match': '"1"' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).toBe('"2"');
    const stale = await call('PATCH', `/api/vlans/${vlan.id}`, { body: { name: 'Etag3' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(412);
    expect((await call('DELETE', `/api/vlans/${vlan.id}`, { headers: { 'if-match': '"1"' } })).status).toBe(412);
    expect(await lastEntry(vlan.id)).toMatchObject({
      action: 'update',
      summary: 'Updated vlan Etag2 (VLAN 40)',
      changes: { name: ['Etag', 'Etag2'], status: ['active', 'inactive'] },
    });
    const same = await call('PATCH', `/api/vlans/${vlan.id}`, { body: { name: ' Etag2 ' } });
    expect(same.body.version).toBe(2);
    for (const path of ['/api/vlans/nope', `/api/vlans/${NO_SUCH_ID}`, `/api/vlans/${NO_SUCH_ID}/ports`])
      expect((await call('GET', path)).status).toBe(404);
  });

  it('lets a viewer read but not write', async () => {
    expect((await call('GET', '/api/vlans', { token: tokens.viewer })).status).toBe(200);
    const refused = await call('POST', '/api/vlans', { token: tokens.viewer, body: { siteId: site.id, name: 'Viewer', vid: 3 } });
    expect(refused.status).toBe(403);
  });
});

describe('VLAN uniqueness per site', () => {
  const cases: [string, object, string, string[]][] = [
    ['the same name in another case', { name: 'USERS', vid: 11 }, 'name_taken', ['name']],
    ['the same number', { name: 'Guests', vid: 10 }, 'conflict', ['vid']],
    ['both', { name: 'users', vid: 10 }, 'name_taken', ['name', 'vid']],
  ];
  beforeAll(async () => {
    await vlanAtMain({ name: 'Users', vid: 10 });
  });

  it.each(cases)('%s → 409 %s', async (_name, body, code, fields) => {
    const answer = await call('POST', '/api/vlans', { body: { siteId: site.id, ...body } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe(code);
    expect(faultFields(answer)).toEqual(fields);
  });

  it('allows the same name and number at another site', async () => {
    expect((await call('POST', '/api/vlans', { body: { siteId: otherSite.id, name: 'Users', vid: 10 } })).status).toBe(201);
  });

  it('applies the same rules on PATCH', async () => {
    const guests = await vlanAtMain({ name: 'Guests', vid: 12 });
    const answer = await call('PATCH', `/api/vlans/${guests.id}`, { body: { vid: 10 } });
    expect(answer.status).toBe(409);
    expect(faultFields(answer)).toEqual(['vid']);
  });
});

describe('VLAN colours', () => {
  const colorOf = async (body: object) => (await make('/api/vlans', { siteId: colorSite.id, ...body })).color;

  it('picks the first palette colour the site does not use, and never one another VLAN of the site has', async () => {
    expect(await colorOf({ name: 'c1', vid: 1 })).toBe(PALETTE[0]);
    expect(await colorOf({ name: 'c2', vid: 2, color: PALETTE[2].toUpperCase() })).toBe(PALETTE[2]);
    expect(await colorOf({ name: 'c3', vid: 3 })).toBe(PALETTE[1]);
    expect(await colorOf({ name: 'c4', vid: 4 })).toBe(PALETTE[3]);
    const all = (await call('GET', `/api/vlans?siteId=${colorSite.id}`)).body.items.map((v: { color: string }) => v.color);
    expect(new Set(all).size).toBe(all.length);
  });

  it('refuses a colour another VLAN of the site has (409 color_taken), on create and on PATCH', async () => {
    const created = await call('POST', '/api/vlans', { body: { siteId: colorSite.id, name: 'c5', vid: 5, color: PALETTE[0] } });
    expect(created.status).toBe(409);
    expect(created.body.error).toMatchObject({ code: 'color_taken', details: [{ field: 'color' }] });
    const c5 = await make('/api/vlans', { siteId: colorSite.id, name: 'c5', vid: 5 });
    const patched = await call('PATCH', `/api/vlans/${c5.id}`, { body: { color: PALETTE[1] } });
    expect(patched.status).toBe(409);
    expect(patched.body.error.code).toBe('color_taken');
  });

  it('lets another site use the same colour, and frees a colour when its VLAN is deleted', async () => {
    // c2 of the colour site has PALETTE[2], given.
    expect(await make('/api/vlans', { siteId: otherSite.id, name: 'Same colour', vid: 5, color: PALETTE[2] })).toMatchObject({
      color: PALETTE[2],
    });
    const c1 = (await call('GET', `/api/vlans?siteId=${colorSite.id}&vid=1`)).body.items[0];
    expect((await call('DELETE', `/api/vlans/${c1.id}`)).status).toBe(204);
    expect(await colorOf({ name: 'c6', vid: 6 })).toBe(PALETTE[0]);
  });

  it('keeps its colour on a PATCH that sends color null', async () => {
    const c7 = await make('/api/vlans', { siteId: colorSite.id, name: 'c7', vid: 7 });
    expect((await must(200, 'PATCH', `/api/vlans/${c7.id}`, { color: null })).color).toBe(c7.color);
  });
});

describe('VLAN list', () => {
  beforeAll(async () => {
    await vlanAtMain({ name: 'List voice', vid: 3020, status: 'inactive', description: 'phones' });
    await vlanAtMain({ name: 'List data', vid: 3010 });
  });

  it('filters by siteId, vid and status, searches name and description, and sorts', async () => {
    const main = (await call('GET', `/api/vlans?siteId=${site.id}&sort=-vid`)).body;
    const vids = main.items.map((v: { vid: number }) => v.vid);
    expect(vids).toEqual([...vids].sort((a, b) => b - a));
    expect(main.items.every((v: { siteId: string }) => v.siteId === site.id)).toBe(true);
    expect(main.total).toBe(main.items.length);
    expect((await call('GET', '/api/vlans?vid=10')).body.total).toBe(2);
    expect((await call('GET', `/api/vlans?vid=10&siteId=${otherSite.id}`)).body.items.map((v: { name: string }) => v.name)).toEqual([
      'Users',
    ]);
    const inactive = (await call('GET', `/api/vlans?siteId=${site.id}&status=inactive`)).body.items.map((v: { name: string }) => v.name);
    expect(inactive).toContain('List voice');
    expect(inactive).not.toContain('List data');
    expect((await call('GET', '/api/vlans?q=phones')).body.items.map((v: { name: string }) => v.name)).toEqual(['List voice']);
    expect((await call('GET', '/api/vlans?q=list&sort=vid&limit=1&offset=1')).body).toMatchObject({
      total: 2,
      items: [{ name: 'List voice' }],
    });
  });

  itRefusesQueries(call, '/api/vlans', [
    ['vid=0', 'vid'],
    ['vid=abc', 'vid'],
    ['status=retired', 'status'],
    ['siteId=main', 'siteId'],
    ['sort=color', 'sort'],
  ]);

  it('answers CSV in the import layout, with the total in X-Total-Count', async () => {
    const csv = await call('GET', '/api/vlans?q=list&sort=vid&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('x-total-count')).toBe('2');
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0].split(',')).toEqual(expect.arrayContaining(['id', 'site', 'vid', 'name', 'status', 'color']));
    expect(lines[1]).toContain('List data');
    expect(lines[2]).toContain('List voice');
  });
});

describe('VLANs in use', () => {
  let office: { id: string };
  let voice: { id: string };
  let subnets: { id: string }[];
  let ports: { id: string; name: string }[];
  let sw: { id: string };
  let edge: { id: string };
  let edgePorts: { id: string }[];

  beforeAll(async () => {
    office = await vlanAtMain({ name: 'Office', vid: 50 });
    voice = await vlanAtMain({ name: 'Phones', vid: 51 });
    subnets = [
      await make('/api/networks', { siteId: site.id, vlanId: office.id, name: 'Office v4', subnet: '10.50.0.0/24' }),
      await make('/api/networks', { siteId: site.id, vlanId: office.id, name: 'Office v6', subnet: '2001:db8:50::/64' }),
    ];
    sw = await make('/api/switches', { siteId: site.id, name: 'sw-use', portCount: 4 });
    edge = await make('/api/switches', { siteId: site.id, name: 'edge-use', portCount: 2 });
    ports = (await call('GET', `/api/switches/${sw.id}`)).body.ports;
    edgePorts = (await call('GET', `/api/switches/${edge.id}`)).body.ports;
    await must(200, 'PATCH', `/api/ports/${ports[0].id}`, { untaggedVlanId: office.id });
    await must(200, 'PATCH', `/api/ports/${ports[1].id}`, { mode: 'trunk', untaggedVlanId: voice.id, taggedVlanIds: [office.id] });
    await must(200, 'PATCH', `/api/ports/${ports[2].id}`, { mode: 'trunk', taggedVlanIds: [office.id, voice.id] });
    await must(200, 'PATCH', `/api/ports/${edgePorts[1].id}`, { untaggedVlanId: office.id });
    await must(200, 'PATCH', `/api/switches/${edge.id}`, { configuredVlanIds: [office.id, voice.id] });
  });

  it('counts its networks, each port that carries it once, and the switches with such a port', async () => {
    expect((await call('GET', `/api/vlans/${office.id}`)).body).toMatchObject({ networkCount: 2, portCount: 4, switchCount: 2 });
    expect((await call('GET', `/api/vlans/${voice.id}`)).body).toMatchObject({ networkCount: 0, portCount: 2, switchCount: 1 });
    const sorted = (await call('GET', `/api/vlans?siteId=${site.id}&sort=-portCount&limit=1`)).body.items;
    expect(sorted[0].id).toBe(office.id);
  });

  it('lists every port that carries it with its switch and how (untagged or tagged), by switch and position, paged', async () => {
    const all = (await call('GET', `/api/vlans/${office.id}/ports`)).body;
    expect(all).toMatchObject({ total: 4, limit: 100, offset: 0 });
    expect(all.items.map((p: { switch: { name: string }; name: string; as: string }) => [p.switch.name, p.name, p.as])).toEqual([
      ['edge-use', '2', 'untagged'],
      ['sw-use', '1', 'untagged'],
      ['sw-use', '2', 'tagged'],
      ['sw-use', '3', 'tagged'],
    ]);
    expect(all.items[1]).toMatchObject({ id: ports[0].id, unit: 1, position: 1, mode: 'access', switch: { id: sw.id, name: 'sw-use' } });
    const page = (await call('GET', `/api/vlans/${office.id}/ports?limit=2&offset=1`)).body;
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.items.map((p: { id: string }) => p.id)).toEqual([ports[0].id, ports[1].id]);
    expect((await call('GET', `/api/vlans/${voice.id}/ports`)).body.items.map((p: { as: string }) => p.as)).toEqual(['untagged', 'tagged']);
    const bad = await call('GET', `/api/vlans/${office.id}/ports?limit=0`);
    expect(bad.status).toBe(400);
    expect(faultFields(bad)).toEqual(['limit']);
  });

  it('answers the ports as CSV, all of them without a limit', async () => {
    const csv = await call('GET', `/api/vlans/${office.id}/ports`, { headers: { accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('x-total-count')).toBe('4');
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('switchId,switch,portId,port,unit,position,mode,as,description');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(`${edge.id},edge-use,${edgePorts[1].id},2,1,2,access,untagged,`);
    expect((await call('GET', `/api/vlans/${office.id}/ports?format=csv&limit=1`)).text.trim().split(/\r?\n/)).toHaveLength(2);
  });

  it('refuses to move to another site while anything uses it (409 vlan_in_use), and moves when nothing does', async () => {
    const answer = await call('PATCH', `/api/vlans/${office.id}`, { body: { siteId: otherSite.id } });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      code: 'vlan_in_use',
      details: expect.arrayContaining([{ field: 'siteId', message: expect.any(String) }]),
    });
    const loose = await vlanAtMain({ name: 'Loose', vid: 52 });
    const moved = await must(200, 'PATCH', `/api/vlans/${loose.id}`, { siteId: otherSite.id });
    expect(moved).toMatchObject({ siteId: otherSite.id, version: 2 });
  });

  it('refuses a VLAN of another site on a port (400 naming the field)', async () => {
    const elsewhere = await make('/api/vlans', { siteId: otherSite.id, name: 'Elsewhere', vid: 53 });
    const untagged = await call('PATCH', `/api/ports/${ports[3].id}`, { body: { untaggedVlanId: elsewhere.id } });
    expectFaults(untagged, ['untaggedVlanId']);
    const tagged = await call('PATCH', `/api/ports/${ports[3].id}`, { body: { mode: 'trunk', taggedVlanIds: [office.id, elsewhere.id] } });
    expectFaults(tagged, ['taggedVlanIds[1]']);
  });

  it('refuses to delete it (409 vlan_in_use with the counts) unless force=true, which takes it off everything in one undoable entry', async () => {
    const refused = await call('DELETE', `/api/vlans/${office.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('vlan_in_use');
    expect(refused.body.error.message).toContain('4 ports, 2 networks and 1 switch (configured)');
    expect(refused.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'ports', message: '4 carry it' },
        { field: 'networks', message: '2 are in it' },
        { field: 'switches', message: '1 configure it' },
      ]),
    );
    const portsBefore = await Promise.all(ports.map(async (p) => (await call('GET', `/api/ports/${p.id}`)).body));
    const edgeBefore = (await call('GET', `/api/switches/${edge.id}`)).body;

    expect((await call('DELETE', `/api/vlans/${office.id}?force=true`)).status).toBe(204);
    expect((await call('GET', `/api/vlans/${office.id}`)).status).toBe(404);
    const after = await Promise.all(ports.map(async (p) => (await call('GET', `/api/ports/${p.id}`)).body));
    expect(after[0].untaggedVlanId).toBeNull();
    expect(after[1]).toMatchObject({ untaggedVlanId: voice.id, taggedVlanIds: [], mode: 'trunk' });
    expect(after[2].taggedVlanIds).toEqual([voice.id]);
    for (const i of [0, 1, 2]) expect(after[i].version).toBe(portsBefore[i].version + 1);
    expect(after[3].version).toBe(portsBefore[3].version);
    expect((await call('GET', `/api/switches/${edge.id}`)).body.configuredVlanIds).toEqual([voice.id]);
    for (const subnet of subnets)
      expect((await call('GET', `/api/networks/${subnet.id}`)).body).toMatchObject({ vlanId: null, version: 2 });

    const entry = await lastEntry(office.id);
    expect(entry).toMatchObject({
      action: 'delete',
      entityType: 'vlan',
      summary: 'Deleted vlan Office (VLAN 50) and took it off 4 ports, 2 networks and 1 switch (configured)',
    });
    for (const id of [ports[2].id, edge.id, subnets[1].id]) expect((await lastEntry(id)).id).toBe(entry.id);

    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/vlans/${office.id}`)).body).toMatchObject({ networkCount: 2, portCount: 4, switchCount: 2 });
    const back = await Promise.all(ports.map(async (p) => (await call('GET', `/api/ports/${p.id}`)).body));
    expect(back[0].untaggedVlanId).toBe(office.id);
    expect(back[1].taggedVlanIds).toEqual([office.id]);
    expect([...back[2].taggedVlanIds].sort()).toEqual([office.id, voice.id].sort());
    expect([...(await call('GET', `/api/switches/${edge.id}`)).body.configuredVlanIds].sort()).toEqual([office.id, voice.id].sort());
    expect(edgeBefore.configuredVlanIds).toHaveLength(2);
    for (const subnet of subnets) expect((await call('GET', `/api/networks/${subnet.id}`)).body.vlanId).toBe(office.id);
  });

  it('deletes an unused VLAN with 204, and the undo brings it back', async () => {
    const unused = await make('/api/vlans', { siteId: otherSite.id, name: 'Unused', vid: 99 });
    expect((await call('DELETE', `/api/vlans/${unused.id}`)).status).toBe(204);
    const entry = await lastEntry(unused.id);
    expect(entry).toMatchObject({ action: 'delete', entityName: 'Unused', siteId: otherSite.id, summary: 'Deleted vlan Unused (VLAN 99)' });
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/vlans/${unused.id}`)).body).toMatchObject({ name: 'Unused', color: unused.color });
  });
});
