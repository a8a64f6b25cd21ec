import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeDb } from '../helpers/db.ts';
import { TEST_PASSWORD, TEST_SECRET, api, userWithRole, useTestServer, type Role } from '../helpers/server.ts';

// The read cache keeps serialised answers until the data changes. Each scenario reads (so the answer is
// cached), changes the data by one door, and reads again at once: the second read must show the change.
// (The cache itself is unit-tested without a server, in read-cache.test.ts next to its source.)
const server = useTestServer();
const { call, must } = server;

const siteNames = async () =>
  ((await call('GET', '/api/sites?limit=500')).body.items as { name: string }[]).map((site) => site.name).sort();

/** Runs one statement on the server's database file through another process's connection (this test's). */
const outside = (sql: string, ...params: string[]) => writeDb(server.dataDir, sql, ...params);

describe('the read cache never answers stale', () => {
  it('after a create, an update and a delete through the API', async () => {
    expect(await siteNames()).toEqual([]);
    const site = (await call('POST', '/api/sites', { body: { name: 'cache-a' } })).body;
    expect(await siteNames()).toEqual(['cache-a']);
    await call('GET', `/api/sites/${site.id}`);
    await call('PATCH', `/api/sites/${site.id}`, { body: { name: 'cache-b' } });
    expect((await call('GET', `/api/sites/${site.id}`)).body.name).toBe('cache-b');
    expect(await siteNames()).toEqual(['cache-b']);
    expect((await call('DELETE', `/api/sites/${site.id}`)).status).toBe(204);
    expect(await siteNames()).toEqual([]);
    expect((await call('GET', `/api/sites/${site.id}`)).status).toBe(404);
  });

  it('after an undo', async () => {
    const site = (await call('POST', '/api/sites', { body: { name: 'undo-me' } })).body;
    expect(await siteNames()).toContain('undo-me');
    const [entry] = (await call('GET', `/api/activity?entityId=${site.id}&limit=1`)).body.items;
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect(await siteNames()).not.toContain('undo-me');
  });

  it('after a bulk import', async () => {
    const before = await siteNames();
    const imported = await call('POST', '/api/import/sites', { body: [{ name: 'imported-1' }, { name: 'imported-2' }] });
    expect(imported.status).toBe(201);
    expect(await siteNames()).toEqual([...before, 'imported-1', 'imported-2'].sort());
  });

  it('after a restore', async () => {
    const backup = JSON.parse((await call('GET', '/api/backup/export')).text);
    await call('POST', '/api/sites', { body: { name: 'after-backup' } });
    expect(await siteNames()).toContain('after-backup');
    expect((await call('POST', '/api/backup/import', { body: backup })).status).toBe(200);
    expect(await siteNames()).not.toContain('after-backup');
  });

  it('after a change made by another process on the database file', async () => {
    const site = (await call('POST', '/api/sites', { body: { name: 'outside-before' } })).body;
    expect((await call('GET', `/api/sites/${site.id}`)).body.name).toBe('outside-before');
    outside("UPDATE sites SET name = 'outside-after', version = version + 1 WHERE id = ?", site.id);
    expect((await call('GET', `/api/sites/${site.id}`)).body.name).toBe('outside-after');
    expect(await siteNames()).toContain('outside-after');
  });

  it('about who is signed in: a disabled user is refused at once, even for an answer it read before', async () => {
    const viewer = await userWithRole(server.baseUrl, server.token, 'cached-viewer', 'viewer');
    expect((await api(server.baseUrl, 'GET', '/api/sites', { token: viewer.token })).status).toBe(200);
    await call('PATCH', `/api/users/${viewer.userId}`, { body: { disabled: true } });
    expect((await api(server.baseUrl, 'GET', '/api/sites', { token: viewer.token })).status).toBe(401);
  });
});

describe('a caller whose answers are kept is refused at once when it loses its right', () => {
  // The caller reads a list twice (the second answer is kept, and its caller known from memory), loses its right by
  // one door, and reads the same list again at once.
  interface Caller {
    userId: string;
    token: string;
    /** How it reads: its session as Bearer or as the cookie, or an API token. */
    headers: Record<string, string>;
  }
  const session = (token: string) => ({ authorization: `Bearer ${token}` });
  const cookie = (token: string) => ({ cookie: `session=${token}` });
  const apiToken = async (token: string) => {
    const made = await api(server.baseUrl, 'POST', '/api/tokens', { token, body: { name: 'script', expiresInDays: 30 } });
    return { id: made.body.id as string, headers: session(made.body.token) };
  };
  /** A session token of the caller's user that expires in two seconds. */
  const shortLived = async (token: string) => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const expiresAtS = Math.floor(Date.now() / 1000) + 2;
    const jwt = new SignJWT({ ver: claims.ver, jti: randomUUID() }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub);
    return session(await jwt.setExpirationTime(expiresAtS).sign(new TextEncoder().encode(TEST_SECRET)));
  };
  const untilExpired = () => new Promise((done) => setTimeout(done, 3_000));
  const cases: [string, Role, string, (token: string) => Promise<Record<string, string>>, (caller: Caller) => Promise<unknown>, number][] =
    [
      [
        'its session signed out',
        'viewer',
        '/api/sites',
        async (token) => session(token),
        (c) => call('POST', '/api/auth/logout', { token: c.token }),
        401,
      ],
      [
        'its session signed out, read with the cookie',
        'viewer',
        '/api/sites',
        async (token) => cookie(token),
        (c) => call('POST', '/api/auth/logout', { token: undefined, headers: { ...c.headers, origin: server.baseUrl } }),
        401,
      ],
      [
        'its API token revoked',
        'viewer',
        '/api/sites',
        async (token) => (await apiToken(token)).headers,
        async (c) => {
          const tokens = await call('GET', '/api/tokens', { token: c.token });
          return call('DELETE', `/api/tokens/${tokens.body.items[0].id}`, { token: c.token });
        },
        401,
      ],
      [
        'its role lowered',
        'admin',
        '/api/users',
        async (token) => session(token),
        (c) => must(200, 'PATCH', `/api/users/${c.userId}`, { role: 'viewer' }),
        403,
      ],
      [
        'its password changed',
        'viewer',
        '/api/sites',
        async (token) => session(token),
        (c) =>
          call('POST', '/api/auth/password', {
            token: c.token,
            body: { currentPassword: TEST_PASSWORD, newPassword: 'another horse 1' },
          }),
        401,
      ],
      ['its token expired', 'viewer', '/api/sites', shortLived, untilExpired, 401],
    ];
  it.each(cases)('%s', async (name, role, path, readsWith, loseRight, status) => {
    const user = await userWithRole(server.baseUrl, server.token, `kept-${name.replace(/\W+/g, '-')}`, role);
    const caller = { ...user, headers: await readsWith(user.token) };
    const read = () => call('GET', path, { token: undefined, headers: caller.headers });
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    await loseRight(caller);
    expect((await read()).status).toBe(status);
  });
});

describe('conditional reads', () => {
  it('answers 304 to a list the client has, and 200 with a new ETag once the data changed', async () => {
    const first = await call('GET', '/api/sites');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect((await call('GET', '/api/sites', { headers: { 'if-none-match': etag } })).status).toBe(304);
    await call('POST', '/api/sites', { body: { name: 'changes-the-etag' } });
    const after = await call('GET', '/api/sites', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('never answers 304 for a single resource, whose ETag is only its own version', async () => {
    const site = (await call('POST', '/api/sites', { body: { name: 'single' } })).body;
    const read = await call('GET', `/api/sites/${site.id}`);
    expect(read.headers.get('etag')).toBe('"1"');
    expect((await call('GET', `/api/sites/${site.id}`, { headers: { 'if-none-match': '"1"' } })).status).toBe(200);
  });
});

describe('the read cache is never stale in answers that embed or count other rows', () => {
  // The scenarios above change plain sites; these cover the door they leave out (the merge import) and answers that
  // embed or count other rows (a switch's ports, a site's counts, a VLAN's counts and ports, checks, search, the
  // activity log, CSV), read by a viewer while the admin writes. Each scenario reads twice (the second read is a
  // cache hit), changes the data once, and reads again at once.
  let viewer: string;
  let siteId: string;
  let switchId: string;
  let vlanId: string;
  let portIds: string[];
  const asViewer = server.as(() => viewer);

  beforeAll(async () => {
    viewer = (await userWithRole(server.baseUrl, server.token, 'cache-viewer', 'viewer')).token;
    siteId = (await must(201, 'POST', '/api/sites', { name: 'Cache HQ' })).id;
    vlanId = (await must(201, 'POST', '/api/vlans', { siteId, name: 'Cache users', vid: 10 })).id;
    switchId = (await must(201, 'POST', '/api/switches', { siteId, name: 'cache-sw', portCount: 4 })).id;
    portIds = (await must(200, 'GET', `/api/switches/${switchId}`)).ports.map((port: { id: string }) => port.id);
  });

  /** A read the viewer repeats, a change, and what the read must show at once after the change. */
  type Scenario = [name: string, read: () => string, change: () => Promise<unknown>, shows: (text: string) => boolean];

  const scenarios: Scenario[] = [
    [
      'a merge import (0.20.x bundle) in the site list',
      () => '/api/sites?limit=500',
      () =>
        must(200, 'POST', '/api/data/import', {
          sites: [{ id: 'V1StGXR8_Z5jdHi6B-myT', name: 'Merged plant', created_at: '2025-01-01T00:00:00.000Z' }],
          switches: [],
          activity: [],
        }),
      (text) => text.includes('Merged plant'),
    ],
    [
      'a port PATCH in the switch that embeds its ports',
      () => `/api/switches/${switchId}`,
      () => must(200, 'PATCH', `/api/ports/${portIds[0]}`, { description: 'patched while cached' }),
      (text) => text.includes('patched while cached'),
    ],
    [
      "a new switch in its site's switchCount",
      () => `/api/sites/${siteId}`,
      () => must(201, 'POST', '/api/switches', { siteId, name: 'cache-sw-2' }),
      (text) => JSON.parse(text).switchCount === 2,
    ],
    [
      "a bulk edit in the VLAN's portCount",
      () => `/api/vlans/${vlanId}`,
      () => must(200, 'PATCH', `/api/switches/${switchId}/ports`, { portIds: portIds.slice(0, 3), set: { untaggedVlanId: vlanId } }),
      (text) => JSON.parse(text).portCount === 3,
    ],
    [
      "a port PATCH in the VLAN's port list",
      () => `/api/vlans/${vlanId}/ports`,
      () => must(200, 'PATCH', `/api/ports/${portIds[3]}`, { mode: 'trunk', taggedVlanIds: [vlanId] }),
      (text) => text.includes('"as":"tagged"'),
    ],
    [
      "a new network in its VLAN's networkCount and in the site's",
      () => `/api/vlans?siteId=${siteId}`,
      () => must(201, 'POST', '/api/networks', { siteId, vlanId, name: 'Cache subnet', subnet: '10.0.10.0/24' }),
      (text) => JSON.parse(text).items[0].networkCount === 1,
    ],
    [
      'a new unused VLAN in the checks',
      () => `/api/checks?siteId=${siteId}`,
      () => must(201, 'POST', '/api/vlans', { siteId, name: 'Nobody uses me', vid: 666 }),
      (text) => text.includes('Nobody uses me'),
    ],
    [
      'a rename in search',
      () => '/api/search?q=renamed-in-cache',
      () => must(200, 'PATCH', `/api/switches/${switchId}`, { name: 'renamed-in-cache' }),
      (text) => text.includes(switchId),
    ],
    [
      'a write in the activity log',
      () => '/api/activity?limit=1',
      () => must(200, 'PATCH', `/api/sites/${siteId}`, { notes: 'newest entry' }),
      (text) => text.includes('newest entry'),
    ],
    [
      'a write in the CSV list',
      () => '/api/switches?format=csv',
      () => must(201, 'POST', '/api/switches', { siteId, name: 'csv-visible' }),
      (text) => text.includes('csv-visible'),
    ],
    [
      'an undo of a rename in the switch detail',
      () => `/api/switches/${switchId}`,
      async () => {
        const [entry] = (await must(200, 'GET', `/api/activity?entityId=${switchId}&limit=1`)).items;
        return must(200, 'POST', `/api/activity/${entry.id}/undo`);
      },
      (text) => !text.includes('renamed-in-cache'),
    ],
    [
      'a change by another process in the port list of a switch',
      () => `/api/switches/${switchId}/ports`,
      async () => outside("UPDATE ports SET description = 'written outside', version = version + 1 WHERE id = ?", portIds[1]),
      (text) => text.includes('written outside'),
    ],
  ];

  it.each(scenarios)('after %s', async (_name, read, change, shows) => {
    const get = asViewer.call;
    const first = await get('GET', read());
    expect(first.status).toBe(200);
    expect((await get('GET', read())).text).toBe(first.text);
    expect(shows(first.text), 'the scenario must not already hold before the change').toBe(false);
    await change();
    const after = await get('GET', read());
    expect(after.status).toBe(200);
    expect(shows(after.text), after.text.slice(0, 500)).toBe(true);
  });

  it('does not answer 304 to a list ETag once another process changed the data', async () => {
    const get = asViewer.call;
    const first = await get('GET', '/api/sites');
    const etag = first.headers.get('etag')!;
    expect((await get('GET', '/api/sites', { headers: { 'if-none-match': etag } })).status).toBe(304);
    outside("UPDATE sites SET notes = 'outside', version = version + 1 WHERE id = ?", siteId);
    const after = await get('GET', '/api/sites', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.text).toContain('"notes":"outside"');
  });
});
