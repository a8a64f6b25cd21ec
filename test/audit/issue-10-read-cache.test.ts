import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, setupAdmin, startServer, userWithRole, type TestServer } from '../helpers/server.ts';

// Issue 10: "no answer is ever stale after a write, an undo, an import, a restore or a change made by another
// process". test/api/read-cache.test.ts covers the doors on plain site reads; these scenarios cover the door it
// leaves out (the merge import) and answers that embed or count other rows (a switch's ports, a site's counts,
// a network's port count, checks, search, the activity log, CSV), read by a viewer while an editor writes.
// Each scenario reads twice (the second read is a cache hit), changes the data once, and reads again at once.

let server: TestServer;
let admin: string;
let viewer: string;
let siteId: string;
let switchId: string;
let networkId: string;
let portIds: string[];

const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  api(server.baseUrl, method, path, { token, body, headers });

async function must(status: number, method: string, path: string, body?: unknown) {
  const answer = await as(admin)(method, path, body);
  if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Runs one statement on the server's database file through another process's connection (this test's). */
function outside(sql: string, ...params: string[]): void {
  const db = new DatabaseSync(join(server.dataDir, 'db.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startServer();
  admin = (await setupAdmin(server.baseUrl)).token;
  viewer = (await userWithRole(server.baseUrl, admin, 'cache-viewer', 'viewer')).token;
  siteId = (await must(201, 'POST', '/api/sites', { name: 'Cache HQ' })).id;
  networkId = (await must(201, 'POST', '/api/networks', { siteId, name: 'Cache users', vlanId: 10 })).id;
  switchId = (await must(201, 'POST', '/api/switches', { siteId, name: 'cache-sw', portCount: 4 })).id;
  portIds = (await must(200, 'GET', `/api/switches/${switchId}`)).ports.map((port: { id: string }) => port.id);
});
afterAll(async () => {
  await server?.stop();
});

/** A read the viewer repeats, a change, and what the read must show at once after the change. */
type Scenario = [name: string, read: () => string, change: () => Promise<unknown>, shows: (text: string) => boolean];

const scenarios: Scenario[] = [
  [
    'a merge import (0.20.x bundle) in the site list',
    () => '/api/sites?limit=500',
    () => must(200, 'POST', '/api/data/import', { sites: [{ id: 1, name: 'Merged plant' }], networks: [], switches: [], activity: [] }),
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
    "a bulk edit in the network's portCount",
    () => `/api/networks/${networkId}`,
    () => must(200, 'PATCH', `/api/switches/${switchId}/ports`, { portIds: portIds.slice(0, 3), set: { untaggedNetworkId: networkId } }),
    (text) => JSON.parse(text).portCount === 3,
  ],
  [
    'a new unused network in the checks',
    () => `/api/checks?siteId=${siteId}`,
    () => must(201, 'POST', '/api/networks', { siteId, name: 'Nobody uses me', vlanId: 666 }),
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

describe('issue 10: the read cache is never stale', () => {
  it.each(scenarios)('after %s', async (_name, read, change, shows) => {
    const get = as(viewer);
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
    const get = as(viewer);
    const first = await get('GET', '/api/sites');
    const etag = first.headers.get('etag')!;
    expect((await get('GET', '/api/sites', undefined, { 'if-none-match': etag })).status).toBe(304);
    outside("UPDATE sites SET notes = 'outside', version = version + 1 WHERE id = ?", siteId);
    const after = await get('GET', '/api/sites', undefined, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.text).toContain('"notes":"outside"');
  });
});
