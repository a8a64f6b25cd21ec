import { beforeAll, describe, expect, it } from 'vitest';
import { expectFaults, faultFields, useSignedInUsers, useTestServer } from '../helpers/server.ts';

interface Port {
  id: string;
  name: string;
  version: number;
  linkedPortId: string | null;
  taggedNetworkIds: string[];
}

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed' });
let site: { id: string; name: string };
let sw: { id: string };
let sw2: { id: string };
let users: { id: string };
let voice: { id: string };
let cameras: { id: string };
let foreign: { id: string };

const { call, make } = server.as(() => tokens.editor);
const port = async (id: string): Promise<Port> => (await call('GET', `/api/ports/${id}`)).body;
const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  site = await make('/api/sites', { name: 'Main' });
  const other = await make('/api/sites', { name: 'Branch' });
  users = await make('/api/networks', { siteId: site.id, name: 'Users', vlanId: 10 });
  voice = await make('/api/networks', { siteId: site.id, name: 'Voice', vlanId: 20 });
  cameras = await make('/api/networks', { siteId: site.id, name: 'Cameras', vlanId: 30 });
  foreign = await make('/api/networks', { siteId: other.id, name: 'Branch users', vlanId: 10 });
  sw = await make('/api/switches', { siteId: site.id, name: 'core-1' });
  sw2 = await make('/api/switches', { siteId: site.id, name: 'core-2', portCount: 4 });
});

describe('port validation', () => {
  const cases: [string, () => unknown, string[]][] = [
    ['no name', () => ({}), ['name']],
    ['name of 65 characters', () => ({ name: 'p'.repeat(65) }), ['name']],
    ['unknown mode', () => ({ name: 'x', mode: 'hybrid' }), ['mode']],
    ['speed of 21 characters', () => ({ name: 'x', speed: '1'.repeat(21) }), ['speed']],
    ['enabled not a boolean', () => ({ name: 'x', enabled: 'yes' }), ['enabled']],
    ['poe not a boolean', () => ({ name: 'x', poe: 1 }), ['poe']],
    ['position negative', () => ({ name: 'x', position: -1 }), ['position']],
    ['untaggedNetworkId not an id', () => ({ name: 'x', untaggedNetworkId: 'vlan10' }), ['untaggedNetworkId']],
    ['taggedNetworkIds not a list', () => ({ name: 'x', mode: 'trunk', taggedNetworkIds: users.id }), ['taggedNetworkIds']],
    ['tagged VLANs on an access port', () => ({ name: 'x', taggedNetworkIds: [voice.id] }), ['taggedNetworkIds']],
    ['a network of another site', () => ({ name: 'x', untaggedNetworkId: foreign.id }), ['untaggedNetworkId']],
    [
      'a tagged network of another site',
      () => ({ name: 'x', mode: 'trunk', taggedNetworkIds: [voice.id, foreign.id] }),
      ['taggedNetworkIds[1]'],
    ],
    [
      'a network that does not exist',
      () => ({ name: 'x', untaggedNetworkId: '5f0c6a8e-1111-4222-8333-444455556666' }),
      ['untaggedNetworkId'],
    ],
    ['a link to a port of the same switch', () => ({ name: 'x', linkedPortId: '__own__' }), ['linkedPortId']],
    ['a link to no port', () => ({ name: 'x', linkedPortId: '5f0c6a8e-1111-4222-8333-444455556666' }), ['linkedPortId']],
    [
      'every fault at once',
      () => ({ name: '', mode: 'access', taggedNetworkIds: [voice.id], speed: 's'.repeat(30), untaggedNetworkId: foreign.id }),
      ['name', 'speed', 'taggedNetworkIds', 'untaggedNetworkId'],
    ],
  ];
  it.each(cases)('%s → 400', async (_name, body, expected) => {
    const own = (
      await call('POST', `/api/switches/${sw.id}/ports`, { body: { name: `own-${expected.join('-')}-${Math.random()}`.slice(0, 60) } })
    ).body;
    const text = JSON.stringify(body()).replace('__own__', own.id);
    const answer = await call('POST', `/api/switches/${sw.id}/ports`, { raw: text, headers: { 'content-type': 'application/json' } });
    expectFaults(answer, expected);
    await call('DELETE', `/api/ports/${own.id}`);
  });

  it('refuses a link of a port to itself, and tagged VLANs left on a port switched to access', async () => {
    const trunk = await make(`/api/switches/${sw.id}/ports`, { name: 'self', mode: 'trunk', taggedNetworkIds: [voice.id] });
    const self = await call('PATCH', `/api/ports/${trunk.id}`, { body: { linkedPortId: trunk.id } });
    expect(self.status).toBe(400);
    expect(faultFields(self)).toEqual(['linkedPortId']);
    const noPosition = await call('PATCH', `/api/ports/${trunk.id}`, { body: { position: null } });
    expect(noPosition.status).toBe(400);
    expect(faultFields(noPosition)).toEqual(['position']);
    const access = await call('PATCH', `/api/ports/${trunk.id}`, { body: { mode: 'access' } });
    expect(access.status).toBe(400);
    expect(faultFields(access)).toEqual(['taggedNetworkIds']);
    const cleared = await call('PATCH', `/api/ports/${trunk.id}`, { body: { mode: 'access', taggedNetworkIds: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ mode: 'access', taggedNetworkIds: [], version: 2 });
  });

  it('keeps names unique per switch, case-insensitively (409 name_taken)', async () => {
    await make(`/api/switches/${sw.id}/ports`, { name: 'Gi1/0/1' });
    const clash = await call('POST', `/api/switches/${sw.id}/ports`, { body: { name: 'gi1/0/1' } });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });
    expect((await call('POST', `/api/switches/${sw2.id}/ports`, { body: { name: 'Gi1/0/1' } })).status).toBe(201);
  });
});

describe('ports: create, trunk, read, update', () => {
  it('creates a trunk with a native and tagged VLANs, positioned after the last port', async () => {
    const answer = await call('POST', `/api/switches/${sw.id}/ports`, {
      body: {
        name: 'uplink',
        mode: 'trunk',
        untaggedNetworkId: users.id,
        taggedNetworkIds: [voice.id, cameras.id],
        speed: ' 10G ',
        poe: true,
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('location')).toBe(`/api/ports/${answer.body.id}`);
    expect(answer.body).toMatchObject({
      switchId: sw.id,
      mode: 'trunk',
      untaggedNetworkId: users.id,
      speed: '10G',
      poe: true,
      enabled: true,
      version: 1,
    });
    expect(sorted(answer.body.taggedNetworkIds)).toEqual(sorted([voice.id, cameras.id]));
    const all = (await call('GET', `/api/switches/${sw.id}`)).body.ports;
    expect(all.at(-1).id).toBe(answer.body.id);
    expect((await call('GET', `/api/networks/${voice.id}`)).body.portCount).toBeGreaterThanOrEqual(1);
    const entry = (await call('GET', `/api/ports/${answer.body.id}/history`)).body.items[0];
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'port',
      entityName: 'uplink',
      siteId: site.id,
      summary: 'Created port uplink on core-1',
    });
  });

  it('updates with ETag/If-Match (412 when stale) and records "Updated port … on …" with before/after', async () => {
    const p = await make(`/api/switches/${sw.id}/ports`, { name: '12' });
    const got = await call('GET', `/api/ports/${p.id}`);
    expect(got.headers.get('etag')).toBe('"1"');
    const patched = await call('PATCH', `/api/ports/${p.id}`, {
      body: { description: 'printer', untaggedNetworkId: users.id },
      headers: { 'if-match': '"1"' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.version).toBe(2);
    expect((await call('PATCH', `/api/ports/${p.id}`, { body: { description: 'x' }, headers: { 'if-match': '"1"' } })).status).toBe(412);
    expect((await call('DELETE', `/api/ports/${p.id}`, { headers: { 'if-match': '"1"' } })).status).toBe(412);
    const entry = (await call('GET', `/api/ports/${p.id}/history`)).body.items[0];
    expect(entry).toMatchObject({
      action: 'update',
      summary: 'Updated port 12 on core-1',
      changes: { description: [null, 'printer'], untaggedNetworkId: [null, users.id] },
    });
  });

  it('lists all ports with switchId and siteId filters', async () => {
    const bySwitch = await call('GET', `/api/ports?switchId=${sw2.id}`);
    expect(bySwitch.body.total).toBe(5);
    expect(bySwitch.body.items.every((p: { switchId: string }) => p.switchId === sw2.id)).toBe(true);
    const bySite = await call('GET', `/api/ports?siteId=${site.id}&limit=1`);
    expect(bySite.body.total).toBeGreaterThan(5);
    expect((await call('GET', '/api/ports?switchId=nope')).status).toBe(400);
    const csv = await call('GET', `/api/ports?switchId=${sw2.id}&format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text.split(/\r?\n/)[0]).toContain('taggedVlans');
  });
});

describe('links', () => {
  it('sets a link on both ends, clears the old far end when relinked, and unlinks both with null', async () => {
    const [b, c] = (await call('GET', `/api/switches/${sw2.id}`)).body.ports as Port[];
    const a = await make(`/api/switches/${sw.id}/ports`, { name: 'link-a' });
    const linked = await call('PATCH', `/api/ports/${a.id}`, { body: { linkedPortId: b.id } });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ linkedPortId: b.id, version: 2 });
    expect(await port(b.id)).toMatchObject({ linkedPortId: a.id, version: b.version + 1 });

    const relinked = await call('PATCH', `/api/ports/${a.id}`, { body: { linkedPortId: c.id } });
    expect(relinked.body).toMatchObject({ linkedPortId: c.id, version: 3 });
    expect(await port(b.id)).toMatchObject({ linkedPortId: null, version: b.version + 2 });
    expect(await port(c.id)).toMatchObject({ linkedPortId: a.id, version: c.version + 1 });

    // Linking D to C takes C away from A.
    const d = await make(`/api/switches/${sw.id}/ports`, { name: 'link-d', linkedPortId: c.id });
    expect(d.linkedPortId).toBe(c.id);
    expect((await port(c.id)).linkedPortId).toBe(d.id);
    expect((await port(a.id)).linkedPortId).toBeNull();

    const unlinked = await call('PATCH', `/api/ports/${d.id}`, { body: { linkedPortId: null } });
    expect(unlinked.body.linkedPortId).toBeNull();
    expect((await port(c.id)).linkedPortId).toBeNull();

    // The far end's history shows the entries that changed it, newest first.
    const history = (await call('GET', `/api/ports/${c.id}/history`)).body.items;
    expect(history.map((e: { summary: string }) => e.summary)).toEqual([
      'Updated port link-d on core-1',
      'Created port link-d on core-1',
      'Updated port link-a on core-1',
      'Created switch core-2 with 4 ports',
    ]);
    expect(history.slice(0, 3).map((e: { entityId: string }) => e.entityId)).toEqual([d.id, d.id, a.id]);
    expect(history[0].changes).toEqual({ linkedPortId: [c.id, null] });
  });

  it('unlinks the far end when a port is deleted', async () => {
    const [, , , e] = (await call('GET', `/api/switches/${sw2.id}`)).body.ports as Port[];
    const a = await make(`/api/switches/${sw.id}/ports`, { name: 'gone', linkedPortId: e.id });
    expect((await call('DELETE', `/api/ports/${a.id}`)).status).toBe(204);
    expect((await call('GET', `/api/ports/${a.id}`)).status).toBe(404);
    expect((await port(e.id)).linkedPortId).toBeNull();
    const history = (await call('GET', `/api/ports/${a.id}/history?limit=1`)).body;
    expect(history.items[0]).toMatchObject({ action: 'delete', summary: 'Deleted port gone on core-1' });
    expect(history.nextCursor).toEqual(expect.any(String));
    const older = (await call('GET', `/api/ports/${a.id}/history?before=${history.nextCursor}`)).body;
    expect(older.items.map((i: { action: string }) => i.action)).toEqual(['create']);
    expect(older.nextCursor).toBeNull();
  });

  it('answers 404 for the history of a port that never existed', async () => {
    expect((await call('GET', '/api/ports/5f0c6a8e-1111-4222-8333-444455556666/history')).status).toBe(404);
  });
});
