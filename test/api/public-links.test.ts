import { beforeAll, describe, expect, it } from 'vitest';
import { useEditorAndSites } from '../helpers/data.ts';
import { api, NO_SUCH_ID, useTestServer } from '../helpers/server.ts';
import { readDb } from '../helpers/db.ts';

// Public links (docs/SHARING.md) on a real server: what the public answer holds (its exact keys: nothing else
// leaks), who may make, list and revoke links, that a revoked link and a deleted switch open nothing, that only
// the token's hash is stored, and the rate limit, counted in answers.

const { server, call, make, must, viewer, site } = useEditorAndSites();

const SECRET_TEXTS = {
  notes: 'rack key in drawer 3',
  serial: 'SN-PUBLIC-LEAK-1',
  managementIp: '10.77.0.2',
  mac: '00:aa:bb:cc:dd:01',
  portMac: '00:aa:bb:cc:dd:99',
  firmware: 'fw-9.9.9-leak',
};

const fixture = {} as { core: string; edge: string; corePorts: string[]; edgePorts: string[]; users: string; voice: string };

/** The token of a link's URL. */
const tokenOf = (url: string) => url.split('/p/')[1];
/** Opens a public link without signing in. */
const open = (token: string, headers: Record<string, string> = {}) => api(server.baseUrl, 'GET', `/api/p/${token}`, { headers });

beforeAll(async () => {
  fixture.users = (await make('/api/vlans', { siteId: site.id, name: 'Users', vid: 10, color: '#1f77b4' })).id;
  fixture.voice = (await make('/api/vlans', { siteId: site.id, name: 'Voice', vid: 20, color: '#ff7f0e' })).id;
  await make('/api/networks', { siteId: site.id, name: 'Mgmt', subnet: '10.77.0.0/24', vlanId: fixture.users });
  const core = await make('/api/switches', {
    siteId: site.id,
    name: 'core-1',
    vendor: 'Aruba',
    model: 'CX 6300',
    location: 'Room 1.01',
    rackPosition: 'U12',
    notes: SECRET_TEXTS.notes,
    serialNumber: SECRET_TEXTS.serial,
    managementIp: SECRET_TEXTS.managementIp,
    macAddress: SECRET_TEXTS.mac,
    firmwareVersion: SECRET_TEXTS.firmware,
    tags: ['secret-tag'],
    portCount: 3,
  });
  const edge = await make('/api/switches', { siteId: site.id, name: 'edge-1', portCount: 2 });
  fixture.core = core.id;
  fixture.edge = edge.id;
  fixture.corePorts = (await must(200, 'GET', `/api/switches/${core.id}/ports`)).items.map((p: { id: string }) => p.id);
  fixture.edgePorts = (await must(200, 'GET', `/api/switches/${edge.id}/ports`)).items.map((p: { id: string }) => p.id);
  await must(200, 'PATCH', `/api/ports/${fixture.corePorts[0]}`, {
    mode: 'trunk',
    untaggedVlanId: fixture.users,
    taggedVlanIds: [fixture.voice],
    description: 'uplink',
    linkedPortId: fixture.edgePorts[0],
  });
  await must(200, 'PATCH', `/api/ports/${fixture.corePorts[1]}`, {
    untaggedVlanId: fixture.voice,
    connectedDevice: 'phone 12',
    connectedPort: 'lan',
    macAddress: SECRET_TEXTS.portMac,
    poe: { type: '802.3at', maxWatts: 30 },
  });
});

describe('making a public link', () => {
  it('answers 201 with the link and its URL (a 32-byte base64url token), shown once and never cached', async () => {
    const answer = await call('POST', `/api/switches/${fixture.core}/public-link`);
    expect(answer.status, answer.text).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual([
      'createdAt',
      'createdBy',
      'createdByUsername',
      'id',
      'lastAccessAt',
      'switchId',
      'url',
    ]);
    expect(answer.body).toMatchObject({ switchId: fixture.core, createdByUsername: 'ed', lastAccessAt: null });
    expect(answer.body.url).toMatch(/^http:\/\/[^/]+\/p\/[A-Za-z0-9_-]{43}$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('location')).toBe(`/api/public-links/${answer.body.id}`);
    // The list and the link itself never show the token again.
    const listed = await must(200, 'GET', `/api/switches/${fixture.core}/public-links`);
    expect(listed.items.map((link: { id: string }) => link.id)).toContain(answer.body.id);
    expect(JSON.stringify(listed)).not.toContain(tokenOf(answer.body.url));
    expect(Object.keys(listed.items[0]).sort()).toEqual(['createdAt', 'createdBy', 'createdByUsername', 'id', 'lastAccessAt', 'switchId']);
  });

  it('stores the SHA-256 of the token, not the token', async () => {
    const { body } = await call('POST', `/api/switches/${fixture.core}/public-link`);
    const token = tokenOf(body.url);
    const [row] = readDb<Record<string, unknown>>(server.dataDir, `SELECT * FROM public_links WHERE id = '${body.id}'`);
    const { createHash } = await import('node:crypto');
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('writes an activity entry of the switch that names the link but neither its token nor its hash, not undoable', async () => {
    const { body } = await call('POST', `/api/switches/${fixture.core}/public-link`);
    const entry = (await must(200, 'GET', `/api/activity?entityId=${fixture.core}&limit=1`)).items[0];
    expect(entry).toMatchObject({
      entityType: 'switch',
      entityId: fixture.core,
      summary: 'Made a public link to switch core-1',
      changes: { publicLink: [null, body.id] },
      undoable: false,
    });
    const [row] = readDb<{ token_hash: string }>(server.dataDir, `SELECT token_hash FROM public_links WHERE id = '${body.id}'`);
    const stored = readDb<{ text: string }>(
      server.dataDir,
      "SELECT group_concat(changes || coalesce(undo_data, '')) AS text FROM activity",
    )[0].text;
    expect(stored).not.toContain(row.token_hash);
    expect(stored).not.toContain(tokenOf(body.url));
  });

  it.each([
    ['a viewer', 'viewer', 403],
    ['an unknown switch', 'editor', 404],
  ] as const)('is refused for %s', async (_name, who, status) => {
    const path = `/api/switches/${who === 'editor' ? NO_SUCH_ID : fixture.core}/public-link`;
    const answer = who === 'viewer' ? await viewer.call('POST', path) : await call('POST', path);
    expect(answer.status, answer.text).toBe(status);
  });

  it('lets a viewer list the links and read one', async () => {
    const listed = await viewer.must(200, 'GET', `/api/switches/${fixture.core}/public-links`);
    expect(listed.total).toBeGreaterThan(0);
    const one = await viewer.must(200, 'GET', `/api/public-links/${listed.items[0].id}`);
    expect(one).toEqual(listed.items[0]);
  });
});

describe('opening a public link', () => {
  let token: string;
  let linkId: string;

  beforeAll(async () => {
    const { body } = await call('POST', `/api/switches/${fixture.core}/public-link`);
    token = tokenOf(body.url);
    linkId = body.id;
  });

  it('answers the switch without signing in, with exactly the public keys', async () => {
    const answer = await open(token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(answer.body).sort()).toEqual(['ports', 'switch']);
    expect(answer.body.switch).toEqual({
      name: 'core-1',
      vendor: 'Aruba',
      model: 'CX 6300',
      location: 'Room 1.01',
      rackPosition: 'U12',
      stackSize: 1,
    });
    for (const port of answer.body.ports)
      expect(Object.keys(port).sort()).toEqual([
        'description',
        'enabled',
        'farEnd',
        'linkStatus',
        'mode',
        'name',
        'poe',
        'speed',
        'taggedVlans',
        'type',
        'unit',
        'untaggedVlan',
      ]);
    const [uplink, phone, idle] = answer.body.ports;
    expect(uplink).toMatchObject({
      mode: 'trunk',
      description: 'uplink',
      untaggedVlan: { vid: 10, name: 'Users', color: '#1f77b4' },
      taggedVlans: [{ vid: 20, name: 'Voice', color: '#ff7f0e' }],
      farEnd: { switch: 'edge-1', device: null, port: expect.any(String) },
    });
    expect(Object.keys(uplink.untaggedVlan).sort()).toEqual(['color', 'name', 'vid']);
    expect(phone).toMatchObject({
      untaggedVlan: { vid: 20 },
      taggedVlans: [],
      poe: { type: '802.3at', maxWatts: 30 },
      farEnd: { switch: null, device: 'phone 12', port: 'lan' },
    });
    expect(idle).toMatchObject({ untaggedVlan: null, taggedVlans: [], farEnd: null });
  });

  it('leaks no notes, addresses, serial numbers, MAC addresses, users, ids or tokens', async () => {
    const answer = await open(token);
    for (const secret of [...Object.values(SECRET_TEXTS), 'secret-tag', fixture.core, fixture.edge, linkId, site.id, ...fixture.corePorts])
      expect(answer.text).not.toContain(secret);
    // The editor who made the link and the site's name: not as a value anywhere.
    for (const word of ['ed', 'Main']) expect(answer.text).not.toContain(`"${word}"`);
    expect(answer.text).not.toContain(token);
  });

  it('never writes the token into the request log', async () => {
    await open(token);
    expect(server.logs()).toContain('path=/api/p/:token');
    expect(server.logs()).not.toContain(token);
  });

  it('records lastAccessAt', async () => {
    await open(token);
    const link = await must(200, 'GET', `/api/public-links/${linkId}`);
    expect(link.lastAccessAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it.each([
    ['a token that was never made', 'A'.repeat(43)],
    ['a token too short to be one', 'abc'],
    ['a token of other characters', `${'a'.repeat(40)}%2F..`],
    ['a very long token', 'a'.repeat(5000)],
    ['an id instead of a token', NO_SUCH_ID],
  ])('answers 404 in the contract shape for %s', async (_name, bad) => {
    const answer = await open(bad);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });
});

describe('revoking a public link', () => {
  it('stops the token at once, with an activity entry; the link is gone from the list', async () => {
    const { body } = await call('POST', `/api/switches/${fixture.core}/public-link`);
    const token = tokenOf(body.url);
    expect((await open(token)).status).toBe(200);
    expect((await call('DELETE', `/api/public-links/${body.id}`)).status).toBe(204);
    expect((await open(token)).status).toBe(404);
    const listed = await must(200, 'GET', `/api/switches/${fixture.core}/public-links?limit=500`);
    expect(listed.items.map((link: { id: string }) => link.id)).not.toContain(body.id);
    const entry = (await must(200, 'GET', `/api/activity?entityId=${fixture.core}&limit=1`)).items[0];
    expect(entry).toMatchObject({
      summary: 'Revoked a public link to switch core-1',
      changes: { publicLink: [body.id, null] },
      undoable: false,
    });
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(409);
    expect((await call('DELETE', `/api/public-links/${body.id}`)).status).toBe(404);
  });

  it.each([
    ['a viewer', 403],
    ['nobody signed in', 401],
  ] as const)('is refused for %s', async (name, status) => {
    const { body } = await call('POST', `/api/switches/${fixture.core}/public-link`);
    const answer =
      name === 'a viewer'
        ? await viewer.call('DELETE', `/api/public-links/${body.id}`)
        : await api(server.baseUrl, 'DELETE', `/api/public-links/${body.id}`);
    expect(answer.status).toBe(status);
    expect((await open(tokenOf(body.url))).status).toBe(200);
  });

  it('ends with its switch: a deleted switch opens nothing', async () => {
    const sw = await make('/api/switches', { siteId: site.id, name: 'short-lived', portCount: 1 });
    const { body } = await call('POST', `/api/switches/${sw.id}/public-link`);
    expect((await open(tokenOf(body.url))).status).toBe(200);
    expect((await call('DELETE', `/api/switches/${sw.id}`)).status).toBe(204);
    expect((await open(tokenOf(body.url))).status).toBe(404);
    expect((await call('GET', `/api/public-links/${body.id}`)).status).toBe(404);
  });
});

describe('public links and the backup', () => {
  it('never exports a token or a token hash', async () => {
    const { body } = await call('POST', `/api/switches/${fixture.core}/public-link`);
    const exported = await api(server.baseUrl, 'GET', '/api/backup/export', { token: server.token });
    expect(exported.status).toBe(200);
    const hashes = readDb<{ token_hash: string }>(server.dataDir, 'SELECT token_hash FROM public_links');
    expect(hashes.length).toBeGreaterThan(0);
    for (const { token_hash } of hashes) expect(exported.text).not.toContain(token_hash);
    expect(exported.text).not.toContain(tokenOf(body.url));
    expect(Object.keys(exported.body.data)).not.toContain('publicLinks');
  });
});

describe('the rate limit of public links, per client address', () => {
  // Behind a trusted proxy, each scenario is a client address of its own.
  const limited = useTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1/32,::1/128' } });
  let token: string;

  beforeAll(async () => {
    const s = await limited.make('/api/sites', { name: 'Limited' });
    const sw = await limited.make('/api/switches', { siteId: s.id, name: 'sw', portCount: 1 });
    token = tokenOf((await limited.must(201, 'POST', `/api/switches/${sw.id}/public-link`)).url);
  });

  const openFrom = (address: string, path = token) =>
    api(limited.baseUrl, 'GET', `/api/p/${path}`, { headers: { 'x-forwarded-for': address } });

  async function statuses(address: string, n: number, path = token): Promise<Record<number, number>> {
    const counted: Record<number, number> = {};
    for (let i = 0; i < n; i++) {
      const { status } = await openFrom(address, path);
      counted[status] = (counted[status] ?? 0) + 1;
    }
    return counted;
  }

  it('answers 60 requests of one address and refuses the next with 429 and Retry-After', async () => {
    expect(await statuses('198.51.100.1', 60)).toEqual({ 200: 60 });
    const refused = await openFrom('198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('counts requests for tokens that open nothing too', async () => {
    expect(await statuses('198.51.100.2', 65, 'B'.repeat(43))).toEqual({ 404: 60, 429: 5 });
    expect((await openFrom('198.51.100.2')).status).toBe(429);
  });

  it('never limits one address for another', async () => {
    expect(await statuses('198.51.100.3', 61)).toEqual({ 200: 60, 429: 1 });
    expect(await statuses('198.51.100.4', 3)).toEqual({ 200: 3 });
  });

  it('counts an IPv6 client per /64', async () => {
    const first = await statuses('2001:db8:1:2::1', 30);
    const second = await statuses('2001:db8:1:2:ffff::7', 31);
    expect({ ...first, ...second, 200: (first[200] ?? 0) + (second[200] ?? 0) }).toEqual({ 200: 60, 429: 1 });
    expect(await statuses('2001:db8:1:3::1', 1)).toEqual({ 200: 1 });
  });

  it('leaves signed-in users alone', async () => {
    expect((await limited.call('GET', '/api/sites')).status).toBe(200);
  });
});
