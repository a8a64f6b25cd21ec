import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, setupAdmin, startServer, userWithRole, type TestServer } from '../helpers/server.ts';

// The read cache keeps serialised answers until the data changes. Each scenario reads (so the answer is
// cached), changes the data by one door, and reads again at once: the second read must show the change.
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  ({ token } = await setupAdmin(server.baseUrl));
});
afterAll(async () => {
  await server.stop();
});

const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  api(server.baseUrl, method, path, { token, body, headers });
const siteNames = async () =>
  ((await call('GET', '/api/sites?limit=500')).body.items as { name: string }[]).map((site) => site.name).sort();

describe('the read cache never answers stale', () => {
  it('after a create, an update and a delete through the API', async () => {
    expect(await siteNames()).toEqual([]);
    const site = (await call('POST', '/api/sites', { name: 'cache-a' })).body;
    expect(await siteNames()).toEqual(['cache-a']);
    await call('GET', `/api/sites/${site.id}`);
    await call('PATCH', `/api/sites/${site.id}`, { name: 'cache-b' });
    expect((await call('GET', `/api/sites/${site.id}`)).body.name).toBe('cache-b');
    expect(await siteNames()).toEqual(['cache-b']);
    expect((await call('DELETE', `/api/sites/${site.id}`)).status).toBe(204);
    expect(await siteNames()).toEqual([]);
    expect((await call('GET', `/api/sites/${site.id}`)).status).toBe(404);
  });

  it('after an undo', async () => {
    const site = (await call('POST', '/api/sites', { name: 'undo-me' })).body;
    expect(await siteNames()).toContain('undo-me');
    const [entry] = (await call('GET', `/api/activity?entityId=${site.id}&limit=1`)).body.items;
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect(await siteNames()).not.toContain('undo-me');
  });

  it('after a bulk import', async () => {
    const before = await siteNames();
    const imported = await call('POST', '/api/import/sites', [{ name: 'imported-1' }, { name: 'imported-2' }]);
    expect(imported.status).toBe(201);
    expect(await siteNames()).toEqual([...before, 'imported-1', 'imported-2'].sort());
  });

  it('after a restore', async () => {
    const backup = JSON.parse((await call('GET', '/api/backup/export')).text);
    await call('POST', '/api/sites', { name: 'after-backup' });
    expect(await siteNames()).toContain('after-backup');
    expect((await call('POST', '/api/backup/import', backup)).status).toBe(200);
    expect(await siteNames()).not.toContain('after-backup');
  });

  it('after a change made by another process on the database file', async () => {
    const site = (await call('POST', '/api/sites', { name: 'outside-before' })).body;
    expect((await call('GET', `/api/sites/${site.id}`)).body.name).toBe('outside-before');
    const other = new DatabaseSync(join(server.dataDir, 'db.sqlite'));
    other.prepare("UPDATE sites SET name = 'outside-after', version = version + 1 WHERE id = ?").run(site.id);
    other.close();
    expect((await call('GET', `/api/sites/${site.id}`)).body.name).toBe('outside-after');
    expect(await siteNames()).toContain('outside-after');
  });

  it('about who is signed in: a disabled user is refused at once, even for an answer it read before', async () => {
    const viewer = await userWithRole(server.baseUrl, token, 'cached-viewer', 'viewer');
    expect((await api(server.baseUrl, 'GET', '/api/sites', { token: viewer.token })).status).toBe(200);
    await call('PATCH', `/api/users/${viewer.userId}`, { disabled: true });
    expect((await api(server.baseUrl, 'GET', '/api/sites', { token: viewer.token })).status).toBe(401);
  });
});

describe('conditional reads', () => {
  it('answers 304 to a list the client has, and 200 with a new ETag once the data changed', async () => {
    const first = await call('GET', '/api/sites');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect((await call('GET', '/api/sites', undefined, { 'if-none-match': etag })).status).toBe(304);
    await call('POST', '/api/sites', { name: 'changes-the-etag' });
    const after = await call('GET', '/api/sites', undefined, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('never answers 304 for a single resource, whose ETag is only its own version', async () => {
    const site = (await call('POST', '/api/sites', { name: 'single' })).body;
    const read = await call('GET', `/api/sites/${site.id}`);
    expect(read.headers.get('etag')).toBe('"1"');
    expect((await call('GET', `/api/sites/${site.id}`, undefined, { 'if-none-match': '"1"' })).status).toBe(200);
  });
});
