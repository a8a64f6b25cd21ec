import { beforeAll, describe, expect, it } from 'vitest';
import { expectCreated, expectFaults, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });

const { call, make, lastEntry } = server.as(() => tokens.editor);

describe('site validation', () => {
  const cases: [string, unknown, string[]][] = [
    ['no name', {}, ['name']],
    ['empty name', { name: '   ' }, ['name']],
    ['name of 101 characters', { name: 'x'.repeat(101) }, ['name']],
    ['name not text', { name: 5 }, ['name']],
    ['unknown field', { name: 'A', bogus: 1 }, ['bogus']],
    [
      'every fault at once',
      { name: '', description: 'x'.repeat(1001), address: 'x'.repeat(501), notes: 7 },
      ['name', 'description', 'address', 'notes'],
    ],
    ['not an object', [1, 2], ['body']],
  ];
  it.each(cases)('%s → 400', async (_name, body, fields) => {
    const answer = await call('POST', '/api/sites', { body });
    expectFaults(answer, fields);
  });

  it('refuses the same faults on PATCH, and changes nothing', async () => {
    const site = await make('/api/sites', { name: 'Patch-valid' });
    const answer = await call('PATCH', `/api/sites/${site.id}`, { body: { name: '', notes: 3 } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['name', 'notes']);
    expect((await call('GET', `/api/sites/${site.id}`)).body.version).toBe(1);
  });
});

describe('site create, read, update', () => {
  it('creates with 201, Location and ETag, trims text and stores empty optional text as null', async () => {
    const answer = await call('POST', '/api/sites', { body: { name: '  Berlin HQ ', description: '', address: ' Main St 1 ' } });
    expectCreated(answer, '/api/sites');
    expect(answer.body).toMatchObject({
      name: 'Berlin HQ',
      description: null,
      address: 'Main St 1',
      notes: null,
      version: 1,
      switchCount: 0,
      vlanCount: 0,
      networkCount: 0,
    });
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const entry = await lastEntry(answer.body.id);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'site',
      entityId: answer.body.id,
      entityName: 'Berlin HQ',
      siteId: answer.body.id,
      summary: 'Created site Berlin HQ',
    });
    expect(entry.changes.name).toEqual([null, 'Berlin HQ']);
  });

  it('keeps names unique case-insensitively: 409 name_taken on create and on rename', async () => {
    await make('/api/sites', { name: 'Unique-One' });
    const other = await make('/api/sites', { name: 'Unique-Two' });
    const create = await call('POST', '/api/sites', { body: { name: 'UNIQUE-one' } });
    expect(create.status).toBe(409);
    expect(create.body.error).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });
    const rename = await call('PATCH', `/api/sites/${other.id}`, { body: { name: 'unique-ONE' } });
    expect(rename.status).toBe(409);
    expect(rename.body.error.code).toBe('name_taken');
    // Renaming a site to another spelling of its own name is fine.
    expect((await call('PATCH', `/api/sites/${other.id}`, { body: { name: 'UNIQUE-TWO' } })).status).toBe(200);
  });

  it('answers GET with an ETag, raises version on PATCH, honours If-Match (412 when stale)', async () => {
    const site = await make('/api/sites', { name: 'Versioned' });
    const got = await call('GET', `/api/sites/${site.id}`);
    expect(got.headers.get('etag')).toBe('"1"');
    const patched = await call('PATCH', `/api/sites/${site.id}`, { body: { notes: 'rack 4' }, headers: { 'if-match': '"1"' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ notes: 'rack 4', version: 2 });
    expect(patched.headers.get('etag')).toBe('"2"');
    const same = await call('PATCH', `/api/sites/${site.id}`, { body: { notes: ' rack 4 ' } });
    expect(same.body.version).toBe(2);
    const stale = await call('PATCH', `/api/sites/${site.id}`, { body: { notes: 'x' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('precondition_failed');
    const staleDelete = await call('DELETE', `/api/sites/${site.id}`, { headers: { 'if-match': '"1"' } });
    expect(staleDelete.status).toBe(412);
    expect((await call('GET', `/api/sites/${site.id}`)).body.notes).toBe('rack 4');
    const entry = await lastEntry(site.id);
    expect(entry).toMatchObject({ action: 'update', summary: 'Updated site Versioned', changes: { notes: [null, 'rack 4'] } });
  });

  it('answers 404 for an id that is not a UUID or not found', async () => {
    expect((await call('GET', '/api/sites/nope')).status).toBe(404);
    expect((await call('GET', '/api/sites/5f0c6a8e-1111-4222-8333-444455556666')).body.error.code).toBe('not_found');
    expect((await call('PATCH', '/api/sites/5f0c6a8e-1111-4222-8333-444455556666', { body: { name: 'x' } })).status).toBe(404);
  });

  it('lets a viewer read but not write', async () => {
    expect((await call('GET', '/api/sites', { token: tokens.viewer })).status).toBe(200);
    const refused = await call('POST', '/api/sites', { token: tokens.viewer, body: { name: 'Viewer site' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });
});

describe('site list', () => {
  beforeAll(async () => {
    for (const name of ['List-c', 'List-a', 'List-b', 'List 100%', 'List_under'])
      await make('/api/sites', { name, address: `${name} street` });
  });

  it('pages with limit and offset and counts total with the same filter', async () => {
    const page = await call('GET', '/api/sites?q=list&sort=name&limit=2&offset=1');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.body.items.map((s: { name: string }) => s.name)).toEqual(['List-a', 'List-b']);
    const last = await call('GET', '/api/sites?q=list&sort=name&limit=2&offset=4');
    expect(last.body.items.map((s: { name: string }) => s.name)).toEqual(['List_under']);
    expect(last.body.total).toBe(5);
  });

  it('sorts both ways and refuses an unknown sort field', async () => {
    const asc = (await call('GET', '/api/sites?q=list-&sort=name')).body.items.map((s: { name: string }) => s.name);
    expect(asc).toEqual(['List-a', 'List-b', 'List-c']);
    const desc = (await call('GET', '/api/sites?q=list-&sort=-name')).body.items.map((s: { name: string }) => s.name);
    expect(desc).toEqual(['List-c', 'List-b', 'List-a']);
    const bad = await call('GET', '/api/sites?sort=password');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('sort');
    expect((await call('GET', '/api/sites?limit=501')).body.error.details[0].field).toBe('limit');
  });

  it('treats % and _ in q literally', async () => {
    expect((await call('GET', '/api/sites?q=100%25')).body.items.map((s: { name: string }) => s.name)).toEqual(['List 100%']);
    expect((await call('GET', '/api/sites?q=t_u')).body.items.map((s: { name: string }) => s.name)).toEqual(['List_under']);
    expect((await call('GET', '/api/sites?q=C%20STREET')).body.total).toBe(1);
  });

  it('answers CSV in the import layout for format=csv and Accept: text/csv', async () => {
    const csv = await call('GET', '/api/sites?q=list-&sort=name&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,name,description,address,notes');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('List-a');
    const byAccept = await call('GET', '/api/sites?q=list-', { headers: { accept: 'text/csv' } });
    expect(byAccept.headers.get('content-type')).toMatch(/^text\/csv/);
  });
});

describe('site delete', () => {
  it('deletes an empty site with 204 and records it', async () => {
    const site = await make('/api/sites', { name: 'Empty' });
    expect((await call('DELETE', `/api/sites/${site.id}`)).status).toBe(204);
    expect((await call('GET', `/api/sites/${site.id}`)).status).toBe(404);
    expect(await lastEntry(site.id)).toMatchObject({ action: 'delete', entityType: 'site', summary: 'Deleted site Empty' });
  });

  const onlyOne: [string, string, object, string][] = [
    ['a VLAN', '/api/vlans', { name: 'Lone', vid: 5 }, '0 switches, 1 VLAN and 0 networks'],
    ['a network', '/api/networks', { name: 'Lone', subnet: '10.9.0.0/31' }, '0 switches, 0 VLANs and 1 network'],
  ];
  it.each(onlyOne)('refuses a site with only %s (409 site_not_empty)', async (what, path, body, counts) => {
    const site = await make('/api/sites', { name: `Has ${what}` });
    await make(path, { siteId: site.id, ...body });
    const refused = await call('DELETE', `/api/sites/${site.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'site_not_empty', details: [{ field: 'cascade' }] });
    expect(refused.body.error.message).toContain(counts);
  });

  it('refuses a site with switches, VLANs or networks (409 site_not_empty) unless cascade=true, which removes everything in one undoable entry', async () => {
    const site = await make('/api/sites', { name: 'Doomed' });
    const other = await make('/api/sites', { name: 'Survivor' });
    const vlan = await make('/api/vlans', { siteId: site.id, name: 'Users', vid: 10 });
    const trunkVlan = await make('/api/vlans', { siteId: site.id, name: 'Voice', vid: 20 });
    const subnet = await make('/api/networks', { siteId: site.id, vlanId: vlan.id, name: 'Users v4', subnet: '10.0.10.0/24' });
    const sw = await make('/api/switches', { siteId: site.id, name: 'core-1', portCount: 3 });
    const far = await make('/api/switches', { siteId: other.id, name: 'edge-9', portCount: 1 });
    const ports = (await call('GET', `/api/switches/${sw.id}`)).body.ports;
    const farPort = (await call('GET', `/api/switches/${far.id}`)).body.ports[0];
    await call('PATCH', `/api/switches/${sw.id}`, { body: { configuredVlanIds: [trunkVlan.id] } });
    await call('PATCH', `/api/ports/${ports[0].id}`, { body: { untaggedVlanId: vlan.id } });
    await call('PATCH', `/api/ports/${ports[1].id}`, { body: { mode: 'trunk', taggedVlanIds: [vlan.id, trunkVlan.id] } });
    await call('PATCH', `/api/ports/${ports[2].id}`, { body: { linkedPortId: farPort.id } });
    expect((await call('GET', `/api/ports/${farPort.id}`)).body.linkedPortId).toBe(ports[2].id);
    expect((await call('GET', `/api/sites/${site.id}`)).body).toMatchObject({ switchCount: 1, vlanCount: 2, networkCount: 1 });

    const refused = await call('DELETE', `/api/sites/${site.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('site_not_empty');
    expect(refused.body.error.message).toContain('1 switch, 2 VLANs and 1 network');

    const farBefore = (await call('GET', `/api/ports/${farPort.id}`)).body;
    expect((await call('DELETE', `/api/sites/${site.id}?cascade=true`)).status).toBe(204);
    const gone = [
      `/api/sites/${site.id}`,
      `/api/vlans/${vlan.id}`,
      `/api/networks/${subnet.id}`,
      `/api/switches/${sw.id}`,
      `/api/ports/${ports[0].id}`,
    ];
    for (const path of gone) expect((await call('GET', path)).status).toBe(404);
    const farAfter = (await call('GET', `/api/ports/${farPort.id}`)).body;
    expect(farAfter.linkedPortId).toBeNull();
    expect(farAfter.version).toBe(farBefore.version + 1);

    const entries = (await call('GET', `/api/activity?siteId=${site.id}&limit=1`)).body.items;
    expect(entries[0]).toMatchObject({
      action: 'delete',
      entityType: 'site',
      entityId: site.id,
      summary: 'Deleted site Doomed with 1 switch, 3 ports, 2 VLANs and 1 network',
    });

    const undone = await call('POST', `/api/activity/${entries[0].id}/undo`);
    expect(undone.status).toBe(200);
    const back = (await call('GET', `/api/switches/${sw.id}`)).body;
    expect(back.ports.map((p: { id: string }) => p.id)).toEqual(ports.map((p: { id: string }) => p.id));
    expect(back.ports[0].untaggedVlanId).toBe(vlan.id);
    expect([...back.ports[1].taggedVlanIds].sort()).toEqual([vlan.id, trunkVlan.id].sort());
    expect(back.ports[2].linkedPortId).toBe(farPort.id);
    expect(back.configuredVlanIds).toEqual([trunkVlan.id]);
    expect((await call('GET', `/api/ports/${farPort.id}`)).body.linkedPortId).toBe(ports[2].id);
    expect((await call('GET', `/api/networks/${subnet.id}`)).body.vlanId).toBe(vlan.id);
    expect((await call('GET', `/api/vlans/${vlan.id}`)).body).toMatchObject({ networkCount: 1, portCount: 2, switchCount: 1 });
    expect((await call('GET', `/api/sites/${site.id}`)).body).toMatchObject({ switchCount: 1, vlanCount: 2, networkCount: 1 });
  });

  it('deletes a site whose networks hold addresses and ranges with cascade=true, and undo brings them back', async () => {
    const site = await make('/api/sites', { name: 'Addressed' });
    const network = await make('/api/networks', { siteId: site.id, name: 'Servers', subnet: '10.88.0.0/24' });
    const address = await make(`/api/networks/${network.id}/addresses`, { address: '10.88.0.5', hostname: 'nas' });
    const range = await make(`/api/networks/${network.id}/ranges`, { start: '10.88.0.100', end: '10.88.0.150', kind: 'dhcp' });

    expect((await call('DELETE', `/api/sites/${site.id}?cascade=true`)).status).toBe(204);
    for (const path of [`/api/networks/${network.id}`, `/api/addresses/${address.id}`, `/api/ranges/${range.id}`]) {
      expect((await call('GET', path)).status).toBe(404);
    }

    const entry = (await call('GET', `/api/activity?siteId=${site.id}&limit=1`)).body.items[0];
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/addresses/${address.id}`)).body).toMatchObject({ address: '10.88.0.5', hostname: 'nas' });
    expect((await call('GET', `/api/ranges/${range.id}`)).body).toMatchObject({ start: '10.88.0.100', kind: 'dhcp' });
  });
});
