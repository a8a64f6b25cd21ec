import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPort as Port } from '../helpers/data.ts';
import { expectCreated, expectFaults, faultFields, NO_SUCH_ID, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
let site: { id: string; name: string };
let sw: { id: string };
let sw2: { id: string };
let stack: { id: string };
let users: { id: string };
let voice: { id: string };
let cameras: { id: string };
let foreign: { id: string };

const { call, make, lastEntry } = server.as(() => tokens.editor);
const port = async (id: string): Promise<Port> => (await call('GET', `/api/ports/${id}`)).body;
const portsOf = async (switchId: string): Promise<Port[]> => (await call('GET', `/api/switches/${switchId}`)).body.ports;
const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  site = await make('/api/sites', { name: 'Main' });
  const other = await make('/api/sites', { name: 'Branch' });
  users = await make('/api/vlans', { siteId: site.id, name: 'Users', vid: 10 });
  voice = await make('/api/vlans', { siteId: site.id, name: 'Voice', vid: 20 });
  cameras = await make('/api/vlans', { siteId: site.id, name: 'Cameras', vid: 30 });
  foreign = await make('/api/vlans', { siteId: other.id, name: 'Branch users', vid: 10 });
  sw = await make('/api/switches', { siteId: site.id, name: 'core-1' });
  sw2 = await make('/api/switches', { siteId: site.id, name: 'core-2', portCount: 4 });
  stack = await make('/api/switches', { siteId: site.id, name: 'stack', stackSize: 2, portCount: 6 });
});

describe('port validation', () => {
  const cases: [string, () => unknown, string[]][] = [
    ['no name', () => ({}), ['name']],
    ['name of 65 characters', () => ({ name: 'p'.repeat(65) }), ['name']],
    ['a name with a line break', () => ({ name: 'Gi1\ninterface x' }), ['name']],
    ['unknown mode', () => ({ name: 'x', mode: 'hybrid' }), ['mode']],
    ['speed of 21 characters', () => ({ name: 'x', speed: '1'.repeat(21) }), ['speed']],
    ['enabled not a boolean', () => ({ name: 'x', enabled: 'yes' }), ['enabled']],
    ['position negative', () => ({ name: 'x', position: -1 }), ['position']],
    ['unit 0', () => ({ name: 'x', unit: 0 }), ['unit']],
    ['unit beyond the stack of the switch', () => ({ name: 'x', unit: 2 }), ['unit']],
    ['unit 9', () => ({ name: 'x', unit: 9 }), ['unit']],
    ['unknown type', () => ({ name: 'x', type: 'sfp56' }), ['type']],
    ['unknown linkStatus', () => ({ name: 'x', linkStatus: 'flapping' }), ['linkStatus']],
    ['poe as model 1 wrote it (true)', () => ({ name: 'x', poe: true }), ['poe']],
    ['poe of an unknown standard', () => ({ name: 'x', poe: { type: '802.3zz', maxWatts: 15 } }), ['poe']],
    ['poe without maxWatts', () => ({ name: 'x', poe: { type: '802.3at' } }), []],
    ['poe over 200 W', () => ({ name: 'x', poe: { type: '802.3bt-type4', maxWatts: 201 } }), ['poe']],
    ['poe with negative watts', () => ({ name: 'x', poe: { type: '802.3af', maxWatts: -1 } }), ['poe']],
    ['poe with a field of its own', () => ({ name: 'x', poe: { type: '802.3af', maxWatts: 15.4, class: 3 } }), ['poe']],
    ['poe watts as text', () => ({ name: 'x', poe: { type: '802.3af', maxWatts: '15' } }), ['poe']],
    ['a MAC of five bytes', () => ({ name: 'x', macAddress: 'aa:bb:cc:dd:ee' }), ['macAddress']],
    ['connectedPort of 101 characters', () => ({ name: 'x', connectedPort: 'p'.repeat(101) }), ['connectedPort']],
    ['untaggedVlanId not an id', () => ({ name: 'x', untaggedVlanId: 'vlan10' }), ['untaggedVlanId']],
    ['a VLAN number where the VLAN id goes', () => ({ name: 'x', untaggedVlanId: 10 }), ['untaggedVlanId']],
    ['taggedVlanIds not a list', () => ({ name: 'x', mode: 'trunk', taggedVlanIds: users.id }), ['taggedVlanIds']],
    ['tagged VLANs on an access port', () => ({ name: 'x', taggedVlanIds: [voice.id] }), ['taggedVlanIds']],
    ['a VLAN of another site', () => ({ name: 'x', untaggedVlanId: foreign.id }), ['untaggedVlanId']],
    ['a tagged VLAN of another site', () => ({ name: 'x', mode: 'trunk', taggedVlanIds: [voice.id, foreign.id] }), ['taggedVlanIds[1]']],
    ['a VLAN that does not exist', () => ({ name: 'x', untaggedVlanId: NO_SUCH_ID }), ['untaggedVlanId']],
    ['model 1 field names', () => ({ name: 'x', untaggedNetworkId: users.id }), ['untaggedNetworkId']],
    ['a link to a port of the same switch', () => ({ name: 'x', linkedPortId: '__own__' }), ['linkedPortId']],
    ['a link to no port', () => ({ name: 'x', linkedPortId: NO_SUCH_ID }), ['linkedPortId']],
    [
      'every fault at once',
      () => ({ name: '', mode: 'access', taggedVlanIds: [voice.id], speed: 's'.repeat(30), untaggedVlanId: foreign.id, unit: 3 }),
      ['name', 'speed', 'taggedVlanIds', 'unit', 'untaggedVlanId'],
    ],
  ];
  it.each(cases)('%s → 400 naming exactly its fields', async (_name, body, expected) => {
    const own = (
      await call('POST', `/api/switches/${sw.id}/ports`, { body: { name: `own-${expected.join('-')}-${Math.random()}`.slice(0, 60) } })
    ).body;
    const text = JSON.stringify(body()).replace('__own__', own.id);
    const answer = await call('POST', `/api/switches/${sw.id}/ports`, { raw: text, headers: { 'content-type': 'application/json' } });
    if (expected.length === 0) expect(answer.status).toBe(201);
    else expectFaults(answer, expected);
    await call('DELETE', `/api/ports/${own.id}`);
    if (answer.status === 201) await call('DELETE', `/api/ports/${answer.body.id}`);
  });

  it('refuses a link of a port to itself, and tagged VLANs left on a port switched to access', async () => {
    const trunk = await make(`/api/switches/${sw.id}/ports`, { name: 'self', mode: 'trunk', taggedVlanIds: [voice.id] });
    const self = await call('PATCH', `/api/ports/${trunk.id}`, { body: { linkedPortId: trunk.id } });
    expect(self.status).toBe(400);
    expect(faultFields(self)).toEqual(['linkedPortId']);
    const noPosition = await call('PATCH', `/api/ports/${trunk.id}`, { body: { position: null } });
    expect(faultFields(noPosition)).toEqual(['position']);
    const access = await call('PATCH', `/api/ports/${trunk.id}`, { body: { mode: 'access' } });
    expect(access.status).toBe(400);
    expect(faultFields(access)).toEqual(['taggedVlanIds']);
    const cleared = await call('PATCH', `/api/ports/${trunk.id}`, { body: { mode: 'access', taggedVlanIds: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ mode: 'access', taggedVlanIds: [], version: 2 });
  });

  it('keeps names unique per switch, case-insensitively (409 name_taken)', async () => {
    await make(`/api/switches/${sw.id}/ports`, { name: 'Gi1/0/1' });
    const clash = await call('POST', `/api/switches/${sw.id}/ports`, { body: { name: 'gi1/0/1' } });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });
    expect((await call('POST', `/api/switches/${sw2.id}/ports`, { body: { name: 'Gi1/0/1' } })).status).toBe(201);
  });

  it('lets a viewer read ports, not create, change or delete them', async () => {
    const [first] = await portsOf(sw2.id);
    expect((await call('GET', `/api/ports/${first.id}`, { token: tokens.viewer })).status).toBe(200);
    expect((await call('POST', `/api/switches/${sw2.id}/ports`, { token: tokens.viewer, body: { name: 'v' } })).status).toBe(403);
    expect((await call('PATCH', `/api/ports/${first.id}`, { token: tokens.viewer, body: { description: 'v' } })).status).toBe(403);
    expect((await call('DELETE', `/api/ports/${first.id}`, { token: tokens.viewer })).status).toBe(403);
  });
});

describe('ports: create, trunk, read, update, rename, delete', () => {
  it('creates a trunk with a native and tagged VLANs and the model 2 fields, positioned after the last port', async () => {
    const answer = await call('POST', `/api/switches/${sw.id}/ports`, {
      body: {
        name: 'uplink',
        mode: 'trunk',
        type: 'sfp+',
        linkStatus: 'up',
        untaggedVlanId: users.id,
        taggedVlanIds: [voice.id, cameras.id, voice.id],
        speed: ' 10G ',
        poe: { type: '802.3at', maxWatts: 30.04 },
        macAddress: 'AABB.CCDD.EEFF',
        connectedDevice: 'firewall',
        connectedPort: ' port1 ',
      },
    });
    expectCreated(answer, '/api/ports');
    expect(answer.body).toMatchObject({
      switchId: sw.id,
      unit: 1,
      type: 'sfp+',
      linkStatus: 'up',
      mode: 'trunk',
      untaggedVlanId: users.id,
      speed: '10G',
      poe: { type: '802.3at', maxWatts: 30 },
      macAddress: 'aa:bb:cc:dd:ee:ff',
      connectedPort: 'port1',
      enabled: true,
      version: 1,
    });
    expect(answer.body.taggedVlanIds).toEqual(sorted([voice.id, cameras.id]));
    const all = await portsOf(sw.id);
    expect(all.at(-1)!.id).toBe(answer.body.id);
    expect(await port(answer.body.id)).toEqual(answer.body);
    expect((await call('GET', `/api/vlans/${voice.id}`)).body.portCount).toBeGreaterThanOrEqual(1);
    const entry = (await call('GET', `/api/ports/${answer.body.id}/history`)).body.items[0];
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'port',
      entityName: 'uplink',
      siteId: site.id,
      summary: 'Created port uplink on core-1',
    });
  });

  it('defaults a port without a body to unit 1, rj45, no PoE, access, enabled', async () => {
    const plain = await make(`/api/switches/${sw.id}/ports`, { name: 'plain' });
    expect(plain).toMatchObject({
      unit: 1,
      type: 'rj45',
      linkStatus: null,
      poe: null,
      macAddress: null,
      connectedPort: null,
      mode: 'access',
      enabled: true,
      untaggedVlanId: null,
      taggedVlanIds: [],
    });
  });

  it.each([
    ['aa:bb:cc:00:11:22', 'aa:bb:cc:00:11:22'],
    ['AA-BB-CC-00-11-23', 'aa:bb:cc:00:11:23'],
    ['aabb.cc00.1124', 'aa:bb:cc:00:11:24'],
    [' AA:BB:CC:00:11:25 ', 'aa:bb:cc:00:11:25'],
  ])('takes the connected MAC %s and answers %s', async (given, stored) => {
    const made = await make(`/api/switches/${sw.id}/ports`, { name: `mac ${stored}`, macAddress: given });
    expect(made.macAddress).toBe(stored);
  });

  it('puts a port on a member of the stack: unit up to stackSize', async () => {
    const ports = await portsOf(stack.id);
    const moved = await call('PATCH', `/api/ports/${ports[5].id}`, { body: { unit: 2, name: 'Gi2/0/1' } });
    expect(moved.body).toMatchObject({ unit: 2, name: 'Gi2/0/1', version: 2 });
    expectFaults(await call('PATCH', `/api/ports/${ports[5].id}`, { body: { unit: 3 } }), ['unit']);
    expectFaults(await call('POST', `/api/switches/${stack.id}/ports`, { body: { name: 'Gi3/0/1', unit: 3 } }), ['unit']);
  });

  it('updates with ETag/If-Match (412 when stale) and records "Updated port … on …" with before/after', async () => {
    const p = await make(`/api/switches/${sw.id}/ports`, { name: '12' });
    const got = await call('GET', `/api/ports/${p.id}`);
    expect(got.headers.get('etag')).toBe('"1"');
    const patched = await call('PATCH', `/api/ports/${p.id}`, {
      body: { description: 'printer', untaggedVlanId: users.id, poe: { type: '802.3af', maxWatts: 15.4 } },
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
      changes: {
        description: [null, 'printer'],
        untaggedVlanId: [null, users.id],
        poe: [null, { type: '802.3af', maxWatts: 15.4 }],
      },
    });
    // The same values again change nothing: no new version, no entry.
    const again = await call('PATCH', `/api/ports/${p.id}`, {
      body: { poe: { maxWatts: 15.4, type: '802.3af' }, untaggedVlanId: users.id },
    });
    expect(again.body.version).toBe(2);
  });

  it('renames a port, and undoes the rename and a delete', async () => {
    const p = await make(`/api/switches/${sw2.id}/ports`, { name: 'Gi1/0/9', description: 'desk 9' });
    const renamed = await call('PATCH', `/api/ports/${p.id}`, { body: { name: 'Gi1/0/10' } });
    expect(renamed.body).toMatchObject({ name: 'Gi1/0/10', version: 2 });
    const rename = await lastEntry(p.id);
    expect(rename.changes).toEqual({ name: ['Gi1/0/9', 'Gi1/0/10'] });
    expect((await call('POST', `/api/activity/${rename.id}/undo`)).status).toBe(200);
    expect((await port(p.id)).name).toBe('Gi1/0/9');
    expect((await call('DELETE', `/api/ports/${p.id}`)).status).toBe(204);
    const deletion = await lastEntry(p.id);
    expect(deletion).toMatchObject({ action: 'delete', summary: 'Deleted port Gi1/0/9 on core-2' });
    expect((await call('POST', `/api/activity/${deletion.id}/undo`)).status).toBe(200);
    expect(await port(p.id)).toMatchObject({ name: 'Gi1/0/9', description: 'desk 9' });
  });

  it('lists all ports with switchId and siteId filters, and as CSV with VLANs by number', async () => {
    const bySwitch = await call('GET', `/api/ports?switchId=${sw2.id}`);
    expect(bySwitch.body.items.every((p: { switchId: string }) => p.switchId === sw2.id)).toBe(true);
    const bySite = await call('GET', `/api/ports?siteId=${site.id}&limit=1`);
    expect(bySite.body.total).toBeGreaterThan(5);
    expect((await call('GET', '/api/ports?switchId=nope')).status).toBe(400);
    const csv = await call('GET', `/api/ports?switchId=${sw.id}&format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text.split(/\r?\n/)[0]).toMatch(/tagged/i);
  });
});

describe('links', () => {
  it('sets a link on both ends, clears the old far end when relinked, and unlinks both with null', async () => {
    const [b, c] = await portsOf(sw2.id);
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

    const history = (await call('GET', `/api/ports/${c.id}/history`)).body.items;
    expect(history.map((e: { summary: string }) => e.summary)).toEqual([
      'Updated port link-d on core-1',
      'Created port link-d on core-1',
      'Updated port link-a on core-1',
      'Created switch core-2 with 4 ports',
    ]);
    expect(history[0].changes).toEqual({ linkedPortId: [c.id, null] });
  });

  it('keeps connectedPort for a far end that is not a documented switch, beside a link', async () => {
    const p = await make(`/api/switches/${sw.id}/ports`, { name: 'to-isp', connectedDevice: 'ISP router', connectedPort: 'ge-0/0/1' });
    expect(p).toMatchObject({ connectedDevice: 'ISP router', connectedPort: 'ge-0/0/1', linkedPortId: null });
    const cleared = await call('PATCH', `/api/ports/${p.id}`, { body: { connectedPort: '  ' } });
    expect(cleared.body.connectedPort).toBeNull();
  });

  it('unlinks the far end when a port is deleted, and pages its history', async () => {
    const [, , , e] = await portsOf(sw2.id);
    const a = await make(`/api/switches/${sw.id}/ports`, { name: 'gone', linkedPortId: e.id });
    expect((await call('DELETE', `/api/ports/${a.id}`)).status).toBe(204);
    expect((await call('GET', `/api/ports/${a.id}`)).status).toBe(404);
    expect((await port(e.id)).linkedPortId).toBeNull();
    const history = (await call('GET', `/api/ports/${a.id}/history?limit=1`)).body;
    expect(history.items[0]).toMatchObject({ action: 'delete', summary: 'Deleted port gone on core-1' });
    const older = (await call('GET', `/api/ports/${a.id}/history?before=${history.nextCursor}`)).body;
    expect(older.items.map((i: { action: string }) => i.action)).toEqual(['create']);
    expect(older.nextCursor).toBeNull();
  });

  it('answers 404 for the history of a port that never existed', async () => {
    expect((await call('GET', `/api/ports/${NO_SUCH_ID}/history`)).status).toBe(404);
  });
});

describe('the bulk port edit', () => {
  let bulkSwitch: { id: string };
  let ports: Port[];
  const bulk = (body: unknown) => call('PATCH', `/api/switches/${bulkSwitch.id}/ports`, { body });
  beforeAll(async () => {
    bulkSwitch = await make('/api/switches', { siteId: site.id, name: 'bulk', portCount: 6 });
    ports = await portsOf(bulkSwitch.id);
  });

  it('adds tagged VLANs to many ports (each becomes a trunk), in one entry that one undo reverses', async () => {
    const ids = ports.slice(0, 3).map((p) => p.id);
    const answer = await bulk({ portIds: ids, set: { untaggedVlanId: users.id }, addTaggedVlanIds: [voice.id, cameras.id] });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toBe(3);
    for (const p of answer.body.items)
      expect(p).toMatchObject({ mode: 'trunk', untaggedVlanId: users.id, taggedVlanIds: sorted([voice.id, cameras.id]) });
    const entry = (await call('GET', `/api/activity?entityId=${ids[0]}&limit=1`)).body.items[0];
    expect(entry).toMatchObject({ id: answer.body.activityId, action: 'bulk_update', summary: 'Updated 3 ports on bulk' });

    const removed = await bulk({ portIds: ids, removeTaggedVlanIds: [voice.id] });
    expect(removed.body.items.map((p: Port) => p.taggedVlanIds)).toEqual([[cameras.id], [cameras.id], [cameras.id]]);
    expect((await call('POST', `/api/activity/${removed.body.activityId}/undo`)).status).toBe(200);
    expect((await port(ids[0])).taggedVlanIds).toEqual(sorted([voice.id, cameras.id]));
    // The first change can be undone next (newest first): every port is as before.
    expect((await call('POST', `/api/activity/${answer.body.activityId}/undo`)).status).toBe(200);
    for (const id of ids) expect(await port(id)).toMatchObject({ mode: 'access', untaggedVlanId: null, taggedVlanIds: [] });
  });

  it('changes nothing at all when one port would break a rule, or one VLAN is of another site', async () => {
    const before = await portsOf(bulkSwitch.id);
    const cases: [unknown, string[]][] = [
      [{ portIds: [ports[3].id], addTaggedVlanIds: [voice.id, foreign.id] }, ['addTaggedVlanIds[1]']],
      [{ portIds: [ports[3].id], set: { untaggedVlanId: foreign.id } }, ['set.untaggedVlanId']],
      [{ portIds: [ports[3].id, ports[4].id], set: { mode: 'access' }, addTaggedVlanIds: [voice.id] }, ['portIds[0]', 'portIds[1]']],
      [{ portIds: [ports[3].id], addTaggedVlanIds: [voice.id], removeTaggedVlanIds: [voice.id] }, ['removeTaggedVlanIds[0]']],
      [{ portIds: [ports[3].id, NO_SUCH_ID], set: { description: 'x' } }, ['portIds[1]']],
      [{ portIds: [ports[3].id], set: { unit: 2 } }, ['set.unit']],
      [{ portIds: [ports[3].id], set: { name: 'same' } }, ['set.name']],
      [{ portIds: [ports[3].id], set: { poe: { type: 'lots' } } }, ['set.poe']],
      [{ portIds: [ports[3].id], addTagged: [voice.id] }, ['addTagged']],
      [{ portIds: [] }, ['portIds']],
    ];
    for (const [body, fields] of cases) expectFaults(await bulk(body), fields);
    expect(await portsOf(bulkSwitch.id)).toEqual(before);
  });

  it('sets PoE, type and the connected MAC on many ports at once', async () => {
    const ids = [ports[4].id, ports[5].id];
    const answer = await bulk({ portIds: ids, set: { poe: { type: 'passive-24v', maxWatts: null }, type: 'rj45', linkStatus: 'down' } });
    expect(answer.body.changed).toBe(2);
    for (const p of answer.body.items) expect(p).toMatchObject({ poe: { type: 'passive-24v', maxWatts: null }, linkStatus: 'down' });
    const again = await bulk({ portIds: ids, set: { linkStatus: 'down' } });
    expect(again.body).toMatchObject({ changed: 0, activityId: null });
  });
});

describe('VLANs of a port across sites', () => {
  it('refuses a VLAN of another site on a port, untagged or tagged, by create, patch and bulk alike', async () => {
    const [first] = await portsOf(sw2.id);
    expectFaults(await call('PATCH', `/api/ports/${first.id}`, { body: { untaggedVlanId: foreign.id } }), ['untaggedVlanId']);
    expectFaults(await call('PATCH', `/api/ports/${first.id}`, { body: { mode: 'trunk', taggedVlanIds: [foreign.id] } }), [
      'taggedVlanIds[0]',
    ]);
    expectFaults(await call('PATCH', `/api/switches/${sw2.id}/ports`, { body: { portIds: [first.id], addTaggedVlanIds: [foreign.id] } }), [
      'addTaggedVlanIds[0]',
    ]);
    expect((await port(first.id)).untaggedVlanId).toBeNull();
  });

  it('takes a force-deleted VLAN off its ports, and its undo puts it back on them', async () => {
    const temp = await make('/api/vlans', { siteId: site.id, name: 'Temp', vid: 99 });
    const [, second] = await portsOf(sw2.id);
    await call('PATCH', `/api/ports/${second.id}`, {
      body: { mode: 'trunk', untaggedVlanId: temp.id, taggedVlanIds: [voice.id, temp.id] },
    });
    expect((await call('DELETE', `/api/vlans/${temp.id}?force=true`)).status).toBe(204);
    expect(await port(second.id)).toMatchObject({ untaggedVlanId: null, taggedVlanIds: [voice.id] });
    const entry = await lastEntry(temp.id);
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect(await port(second.id)).toMatchObject({ untaggedVlanId: temp.id, taggedVlanIds: sorted([voice.id, temp.id]) });
  });
});
