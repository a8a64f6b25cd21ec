import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

// A change and its activity entry are written together or not at all: an injected failure after the data change
// leaves neither the change nor the entry, over HTTP. The failure is injected from outside the server: a trigger
// that aborts the INSERT of the activity entry, which recordChange writes after the work has changed the
// inventory rows in the same transaction.

const server = useTestServer();
const { call, must } = server;

/** Runs SQL on the server's database file through a second connection. */
function sql<T>(query: string): T[] {
  const db = new DatabaseSync(join(server.dataDir, 'db.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return db.prepare(query).all() as T[];
  } finally {
    db.close();
  }
}

/** Every inventory row and every activity entry, to compare before and after a refused change. */
function snapshot() {
  return {
    sites: sql('SELECT * FROM sites ORDER BY id'),
    networks: sql('SELECT * FROM networks ORDER BY id'),
    switches: sql('SELECT * FROM switches ORDER BY id'),
    ports: sql('SELECT * FROM ports ORDER BY id'),
    tagged: sql('SELECT * FROM port_tagged_networks ORDER BY port_id, network_id'),
    activity: sql('SELECT * FROM activity ORDER BY seq'),
    activityEntities: sql('SELECT * FROM activity_entities ORDER BY activity_seq, entity_type, entity_id'),
  };
}

async function withFailingEntryWrite<T>(work: () => Promise<T>): Promise<T> {
  sql("CREATE TRIGGER fail_entry_write BEFORE INSERT ON activity BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
  try {
    return await work();
  } finally {
    sql('DROP TRIGGER fail_entry_write');
  }
}

interface Fixture {
  site: string;
  net10: string;
  net20: string;
  sw: string;
  ports: string[];
  other: string;
  otherPorts: string[];
  lastEntry: string;
}

async function fixture(name: string): Promise<Fixture> {
  const site = await must(201, 'POST', '/api/sites', { name });
  const net10 = await must(201, 'POST', '/api/networks', { siteId: site.id, name: 'ten', vlanId: 10, subnet: '10.9.10.0/24' });
  const net20 = await must(201, 'POST', '/api/networks', { siteId: site.id, name: 'twenty', vlanId: 20 });
  const sw = await must(201, 'POST', '/api/switches', { siteId: site.id, name: 'sw', portCount: 3 });
  const other = await must(201, 'POST', '/api/switches', { siteId: site.id, name: 'other', portCount: 1 });
  const ports = (await must(200, 'GET', `/api/switches/${sw.id}`)).ports.map((p: { id: string }) => p.id);
  const otherPorts = (await must(200, 'GET', `/api/switches/${other.id}`)).ports.map((p: { id: string }) => p.id);
  await must(200, 'PATCH', `/api/ports/${ports[0]}`, {
    mode: 'trunk',
    untaggedNetworkId: net10.id,
    taggedNetworkIds: [net20.id],
    linkedPortId: otherPorts[0],
  });
  const lastEntry = (await must(200, 'GET', '/api/activity?limit=1')).items[0].id;
  return { site: site.id, net10: net10.id, net20: net20.id, sw: sw.id, ports, other: other.id, otherPorts, lastEntry };
}

const scenarios: [string, (f: Fixture) => [string, string, unknown?]][] = [
  ['site create', () => ['POST', '/api/sites', { name: 'never stored' }]],
  ['site update', (f) => ['PATCH', `/api/sites/${f.site}`, { name: 'renamed', notes: 'x' }]],
  ['site delete with cascade', (f) => ['DELETE', `/api/sites/${f.site}?cascade=true`]],
  ['network create', (f) => ['POST', '/api/networks', { siteId: f.site, name: 'thirty', vlanId: 30 }]],
  ['network update', (f) => ['PATCH', `/api/networks/${f.net20}`, { vlanId: 21 }]],
  ['network delete with force', (f) => ['DELETE', `/api/networks/${f.net20}?force=true`]],
  ['switch create with ports', (f) => ['POST', '/api/switches', { siteId: f.site, name: 'new', portCount: 8 }]],
  ['switch update', (f) => ['PATCH', `/api/switches/${f.sw}`, { name: 'sw2', macAddress: 'aabb.ccdd.eeff' }]],
  ['switch delete with ports and a link', (f) => ['DELETE', `/api/switches/${f.other}`]],
  ['port create with a link', (f) => ['POST', `/api/switches/${f.sw}/ports`, { name: 'uplink', linkedPortId: f.otherPorts[0] }]],
  ['port re-link', (f) => ['PATCH', `/api/ports/${f.ports[1]}`, { linkedPortId: f.otherPorts[0] }]],
  ['port delete', (f) => ['DELETE', `/api/ports/${f.ports[0]}`]],
  [
    'bulk port edit',
    (f) => [
      'PATCH',
      `/api/switches/${f.sw}/ports`,
      { portIds: f.ports, addTagged: [f.net10], removeTagged: [f.net20], set: { speed: '10G' } },
    ],
  ],
  ['undo', (f) => ['POST', `/api/activity/${f.lastEntry}/undo`]],
];

describe('an injected failure after the data change leaves neither the change nor the entry', () => {
  it.each(scenarios)('%s', async (name, request) => {
    const f = await fixture(`Atomic ${name}`);
    const [method, path, body] = request(f);
    const before = snapshot();
    const answer = await withFailingEntryWrite(() => call(method, path, { body }));
    expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
    expect(answer.body.error.code).toEqual(expect.any(String));
    expect(answer.text).not.toMatch(/injected failure|SQLITE|INSERT|\.ts:\d+/);
    expect(snapshot()).toEqual(before);
    // The same request goes through once nothing fails: the scenario did change data, and wrote one entry.
    const retry = await call(method, path, { body });
    expect(retry.status, retry.text).toBeLessThan(300);
    const after = snapshot();
    expect(after.activity).toHaveLength(before.activity.length + 1);
  });
});
