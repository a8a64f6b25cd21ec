import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { trunkLinkedSite } from '../helpers/data.ts';
import { writeDb } from '../helpers/db.ts';
import { api, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });

/** Calls as the editor unless another token is given; `must` insists on a status, so a failing setup step says why. */
const { call, must } = server.as(() => tokens.editor);

/** The newest activity entry that touched an entity. */
async function newestEntry(entityId: string) {
  const answer = await call('GET', `/api/activity?entityId=${entityId}&limit=1`, { token: tokens.viewer });
  expect(answer.status).toBe(200);
  return answer.body.items[0];
}

const undo = (entryId: string, token = tokens.editor) => call('POST', `/api/activity/${entryId}/undo`, { token });

/** Drops what an undo raises (version, update time) everywhere in a JSON value. */
function stripVersions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripVersions);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'version' && key !== 'updatedAt')
        .map(([key, v]) => [key, stripVersions(v)]),
    );
  }
  return value;
}

describe('undo over HTTP', () => {
  it('of an update restores the old values, and answers the new undo entry', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Update me', notes: 'old notes' });
    await must(200, 'PATCH', `/api/sites/${site.id}`, { name: 'Updated', notes: 'new notes' });
    const entry = await newestEntry(site.id);
    expect(entry).toMatchObject({ action: 'update', entityType: 'site', entityId: site.id, undoable: true, username: 'ed' });
    expect(entry.changes).toMatchObject({ name: ['Update me', 'Updated'], notes: ['old notes', 'new notes'] });

    const answer = await undo(entry.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ action: 'undo', undoOf: entry.id, entityId: site.id, undoable: true, undoneBy: null });
    const now = await call('GET', `/api/sites/${site.id}`);
    expect(now.body).toMatchObject({ name: 'Update me', notes: 'old notes', version: 3 });
    expect(now.headers.get('etag')).toBe('"3"');
    expect((await call('GET', `/api/activity/${entry.id}`, { token: tokens.viewer })).body).toMatchObject({
      undoable: false,
      undoneBy: answer.body.id,
    });
  });

  it('of a create removes it; undo of that undo brings it back with the same id', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Short-lived' });
    const entry = await newestEntry(site.id);
    expect(entry.action).toBe('create');
    const undone = await undo(entry.id);
    expect(undone.status).toBe(200);
    expect((await call('GET', `/api/sites/${site.id}`)).status).toBe(404);

    const redone = await undo(undone.body.id);
    expect(redone.status).toBe(200);
    expect(redone.body).toMatchObject({ action: 'undo', undoOf: undone.body.id });
    expect((await call('GET', `/api/sites/${site.id}`)).body).toMatchObject({ id: site.id, name: 'Short-lived' });
  });

  it('of a cascade site delete brings back site, VLANs, networks, switches, ports, tagged and configured lists and links with the same ids', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Branch' });
    const hq = await must(201, 'POST', '/api/sites', { name: 'HQ' });
    const users = await must(201, 'POST', '/api/vlans', { siteId: site.id, name: 'users', vid: 10 });
    const voice = await must(201, 'POST', '/api/vlans', { siteId: site.id, name: 'voice', vid: 20 });
    await must(201, 'POST', '/api/networks', { siteId: site.id, name: 'users v4', vlanId: users.id, subnet: '10.0.10.0/24' });
    await must(201, 'POST', '/api/networks', { siteId: site.id, name: 'users v6', vlanId: users.id, subnet: '2001:db8:10::/64' });
    await must(201, 'POST', '/api/networks', { siteId: site.id, name: 'transit', subnet: '10.255.0.0/31' });
    const a = await must(201, 'POST', '/api/switches', {
      siteId: site.id,
      name: 'sw-a',
      portCount: 4,
      macAddress: '02:00:00:00:00:0a',
      tags: ['lab'],
      stackSize: 2,
      configuredVlanIds: [users.id, voice.id],
    });
    const b = await must(201, 'POST', '/api/switches', { siteId: site.id, name: 'sw-b', portCount: 2 });
    const core = await must(201, 'POST', '/api/switches', { siteId: hq.id, name: 'core', portCount: 2 });
    const portsOf = async (id: string) => (await must(200, 'GET', `/api/switches/${id}`)).ports as { id: string }[];
    const [a1, a2] = await portsOf(a.id);
    const [b1] = await portsOf(b.id);
    const [core1] = await portsOf(core.id);
    await must(200, 'PATCH', `/api/ports/${a1.id}`, {
      mode: 'trunk',
      untaggedVlanId: users.id,
      taggedVlanIds: [voice.id],
      linkedPortId: b1.id,
      type: 'sfp+',
    });
    await must(200, 'PATCH', `/api/ports/${a2.id}`, {
      untaggedVlanId: users.id,
      linkedPortId: core1.id,
      description: 'to core',
      unit: 2,
      poe: { type: '802.3at', maxWatts: 30 },
      macAddress: '02:00:00:00:01:01',
    });

    const everything = async () =>
      stripVersions({
        site: (await call('GET', `/api/sites/${site.id}`)).body,
        vlans: (await call('GET', `/api/vlans?siteId=${site.id}&sort=name`)).body.items,
        networks: (await call('GET', `/api/networks?siteId=${site.id}&sort=name`)).body.items,
        a: (await call('GET', `/api/switches/${a.id}`)).body,
        b: (await call('GET', `/api/switches/${b.id}`)).body,
        core: (await call('GET', `/api/switches/${core.id}`)).body,
      });
    const before = await everything();
    expect((before as { a: { ports: { linkedPortId: string; taggedVlanIds: string[] }[] } }).a.ports[0]).toMatchObject({
      linkedPortId: b1.id,
      taggedVlanIds: [voice.id],
    });

    expect((await call('DELETE', `/api/sites/${site.id}?cascade=true`)).status).toBe(204);
    expect((await call('GET', `/api/switches/${a.id}`)).status).toBe(404);
    expect((await call('GET', `/api/ports/${core1.id}`)).body.linkedPortId).toBeNull();

    const entry = await newestEntry(site.id);
    expect(entry).toMatchObject({ action: 'delete', entityType: 'site', entityId: site.id });
    expect((await call('GET', `/api/activity?entityId=${a1.id}&limit=1`)).body.items[0].id).toBe(entry.id);
    const answer = await undo(entry.id);
    expect(answer.status).toBe(200);
    expect(await everything()).toEqual(before);
  });

  it('refuses with 409 undo_conflict when the entity changed after the entry, and changes nothing', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Conflicted' });
    await must(200, 'PATCH', `/api/sites/${site.id}`, { notes: 'first' });
    const first = await newestEntry(site.id);
    await must(200, 'PATCH', `/api/sites/${site.id}`, { notes: 'second' });
    const answer = await undo(first.id);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('undo_conflict');
    expect((await call('GET', `/api/sites/${site.id}`)).body).toMatchObject({ notes: 'second', version: 3 });
    expect((await newestEntry(site.id)).action).toBe('update');
  });

  it('refuses with 409 name_taken when a name the undo needs is taken now', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Reused name' });
    expect((await call('DELETE', `/api/sites/${site.id}`)).status).toBe(204);
    const deletion = await newestEntry(site.id);
    await must(201, 'POST', '/api/sites', { name: 'REUSED NAME' });
    const answer = await undo(deletion.id);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'name_taken', details: [{ field: 'name' }] });
  });

  it('refuses a second undo with 409 already_undone; undoing the undo redoes, and that can be undone too', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Twice', notes: 'a' });
    await must(200, 'PATCH', `/api/sites/${site.id}`, { notes: 'b' });
    const entry = await newestEntry(site.id);
    const first = await undo(entry.id);
    expect(first.status).toBe(200);
    const second = await undo(entry.id);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('already_undone');

    const redo = await undo(first.body.id);
    expect(redo.status).toBe(200);
    expect((await call('GET', `/api/sites/${site.id}`)).body.notes).toBe('b');
    expect((await undo(redo.body.id)).status).toBe(200);
    expect((await call('GET', `/api/sites/${site.id}`)).body.notes).toBe('a');
  });

  it('refuses with 409 not_undoable an entry whose undo was lost (one recorded before model 2), and says why', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Old entry', notes: 'a' });
    await must(200, 'PATCH', `/api/sites/${site.id}`, { notes: 'b' });
    const entry = await newestEntry(site.id);
    writeDb(
      server.dataDir,
      `UPDATE activity SET undo_data = NULL, undoable = 0, undo_lost = 'Recorded before the upgrade to model 2.' WHERE id = '${entry.id}'`,
    );
    const answer = await undo(entry.id);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('not_undoable');
    expect(answer.body.error.message).toContain('before the upgrade to model 2');
    expect((await call('GET', `/api/sites/${site.id}`)).body.notes).toBe('b');
  });

  it.each([
    ['an unknown id', () => `/api/activity/${randomUUID()}/undo`, 404, 'not_found'],
    ['a path id that is not a UUID', () => '/api/activity/nope/undo', 404, 'not_found'],
  ])('answers %s with %i', async (_name, path, status, code) => {
    const answer = await call('POST', path());
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
  });

  it('lets a viewer read the log but not undo', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Viewer sees' });
    const entry = await newestEntry(site.id);
    const answer = await undo(entry.id, tokens.viewer);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('forbidden');
    expect((await call('GET', '/api/activity', { token: tokens.viewer })).status).toBe(200);
    expect((await api(server.baseUrl, 'GET', '/api/activity')).status).toBe(401);
  });
});

/** A small site for the undo scenarios: two switches, two VLANs and a network, a trunk and a link, and a printer on a's second port. */
async function fixture(name: string) {
  const f = await trunkLinkedSite({ must }, name, { subnet: '10.1.10.0/24', a: ['a', 4], b: ['b', 2] });
  await must(200, 'PATCH', `/api/ports/${f.aPorts[1]}`, {
    untaggedVlanId: f.v10,
    connectedDevice: 'printer',
    macAddress: '02:00:00:00:00:99',
    poe: { type: '802.3af', maxWatts: 15.4 },
  });
  await must(200, 'PATCH', `/api/switches/${f.b}`, { configuredVlanIds: [f.v10, f.v20] });
  return f;
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

/** Everything stored about a fixture's site, as the API shows it, without versions and update times. */
async function siteState(f: Fixture) {
  const switches = (await must(200, 'GET', `/api/switches?siteId=${f.site}&sort=name`)).items as { id: string }[];
  return stripVersions({
    site: await must(200, 'GET', `/api/sites/${f.site}`),
    vlans: (await must(200, 'GET', `/api/vlans?siteId=${f.site}&sort=name`)).items,
    networks: (await must(200, 'GET', `/api/networks?siteId=${f.site}&sort=name`)).items,
    switches: await Promise.all(switches.map((sw) => must(200, 'GET', `/api/switches/${sw.id}`))),
  });
}

describe('undo of every kind of change brings the site back as it was', () => {
  it.each<[string, string, (f: Fixture) => Promise<unknown>]>([
    ['a re-link A→C (which cleared B)', 'update', (f) => must(200, 'PATCH', `/api/ports/${f.aPorts[0]}`, { linkedPortId: f.bPorts[1] })],
    [
      'a port update of mode and VLANs',
      'update',
      (f) => must(200, 'PATCH', `/api/ports/${f.aPorts[0]}`, { mode: 'access', taggedVlanIds: [], untaggedVlanId: f.v20 }),
    ],
    [
      'a port update of the model 2 fields',
      'update',
      (f) =>
        must(200, 'PATCH', `/api/ports/${f.aPorts[1]}`, {
          type: 'sfp',
          linkStatus: 'up',
          poe: null,
          macAddress: null,
          connectedPort: 'eth0',
          name: 'renamed',
        }),
    ],
    [
      'a bulk edit adding and removing tagged VLANs',
      'bulk_update',
      (f) =>
        must(200, 'PATCH', `/api/switches/${f.a}/ports`, { portIds: f.aPorts, addTaggedVlanIds: [f.v10], removeTaggedVlanIds: [f.v20] }),
    ],
    [
      'a bulk edit with set',
      'bulk_update',
      (f) => must(200, 'PATCH', `/api/switches/${f.a}/ports`, { portIds: f.aPorts.slice(1), set: { enabled: false, speed: '10G' } }),
    ],
    ['a VLAN delete with force (ports, switches, networks)', 'delete', (f) => must(204, 'DELETE', `/api/vlans/${f.v10}?force=true`)],
    ['a VLAN update', 'update', (f) => must(200, 'PATCH', `/api/vlans/${f.v20}`, { name: 'renamed', vid: 21, color: '#123456' })],
    ['a VLAN create', 'create', (f) => must(201, 'POST', '/api/vlans', { siteId: f.site, name: 'new', vid: 30 })],
    ['a network delete', 'delete', (f) => must(204, 'DELETE', `/api/networks/${f.net10}`)],
    [
      'a network update',
      'update',
      (f) =>
        must(200, 'PATCH', `/api/networks/${f.net10}`, {
          name: 'renamed',
          subnet: '10.1.20.0/24',
          vlanId: f.v20,
          dnsServers: ['10.1.20.53'],
        }),
    ],
    [
      'a network create without a VLAN',
      'create',
      (f) => must(201, 'POST', '/api/networks', { siteId: f.site, name: 'p2p', subnet: '10.1.99.0/31' }),
    ],
    ['a switch delete with its ports and links', 'delete', (f) => must(204, 'DELETE', `/api/switches/${f.b}`)],
    [
      'a switch update',
      'update',
      (f) => must(200, 'PATCH', `/api/switches/${f.a}`, { name: 'a2', status: 'offline', macAddress: 'aabb.ccdd.ee01' }),
    ],
    [
      'a switch update of the model 2 fields',
      'update',
      (f) =>
        must(200, 'PATCH', `/api/switches/${f.b}`, {
          rackPosition: 'U4',
          role: 'core',
          tags: ['x', 'y'],
          stackSize: 4,
          poeBudgetWatts: 740,
          configuredVlanIds: [f.v20],
        }),
    ],
    ['a switch create with ports', 'create', (f) => must(201, 'POST', '/api/switches', { siteId: f.site, name: 'c', portCount: 3 })],
    ['a port create', 'create', (f) => must(201, 'POST', `/api/switches/${f.b}/ports`, { name: 'uplink', linkedPortId: f.aPorts[3] })],
    ['a port delete (linked)', 'delete', (f) => must(204, 'DELETE', `/api/ports/${f.aPorts[0]}`)],
  ])('%s', async (name, action, change) => {
    const f = await fixture(`Undo ${name}`);
    const before = await siteState(f);
    await change(f);
    expect(await siteState(f)).not.toEqual(before);
    const [entry] = (await must(200, 'GET', '/api/activity?limit=1')).items;
    expect(entry.action).toBe(action);
    expect(entry.undoable).toBe(true);
    const answer = await undo(entry.id);
    expect(answer.status, answer.text).toBe(200);
    expect(await siteState(f)).toEqual(before);
  });
});

describe('GET /api/activity', () => {
  it.each([
    ['entityType=router', 'entityType'],
    ['action=erase', 'action'],
    ['siteId=42', 'siteId'],
    ['entityId=x', 'entityId'],
    ['userId=abc', 'userId'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['before=not-a-cursor', 'before'],
    [`before=${Buffer.from('a1.x').toString('base64url')}`, 'before'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const answer = await call('GET', `/api/activity?${query}`, { token: tokens.viewer });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('filters by action, user and site', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Filtered' });
    await must(201, 'POST', '/api/vlans', { siteId: site.id, name: 'n', vid: 5 });
    const me = (await call('GET', '/api/auth/me')).body;
    const bySite = (await call('GET', `/api/activity?siteId=${site.id}`)).body.items;
    expect(bySite.map((e: { entityType: string }) => e.entityType)).toEqual(['vlan', 'site']);
    const creates = (await call('GET', `/api/activity?siteId=${site.id}&action=create&userId=${me.id}&entityType=vlan`)).body;
    expect(creates.items).toHaveLength(1);
    expect(creates.nextCursor).toBeNull();
    expect((await call('GET', `/api/activity?userId=${randomUUID()}`)).body).toEqual({ items: [], nextCursor: null });
  });

  it('pages 250 entries newest first with the cursor, each exactly once, while changes go on', async () => {
    const site = await must(201, 'POST', '/api/sites', { name: 'Busy' });
    for (let i = 0; i < 249; i++) await must(200, 'PATCH', `/api/sites/${site.id}`, { notes: `n${i}` });
    const seen: { id: string; action: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/activity?entityId=${site.id}&limit=40${cursor ? `&before=${cursor}` : ''}`;
      const page = await call('GET', query, { token: tokens.viewer });
      expect(page.status).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
      pages++;
      // Changes made while paging are newer than every cursor: they never shift the pages.
      await must(200, 'PATCH', `/api/sites/${site.id}`, { notes: `during ${pages}` });
    } while (cursor !== null);
    expect(pages).toBe(7);
    expect(seen).toHaveLength(250);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(250);
    expect(seen.at(-1)!.action).toBe('create');
  });
});
