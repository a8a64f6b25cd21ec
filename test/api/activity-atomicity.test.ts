import { describe, expect, it } from 'vitest';
import { trunkLinkedSite } from '../helpers/data.ts';
import { readDb, writeDb } from '../helpers/db.ts';
import { useTestServer } from '../helpers/server.ts';

// A change and its activity entry are written together or not at all: an injected failure after the data change
// leaves neither the change nor the entry, over HTTP. The failure is injected from outside the server: a trigger
// that aborts the INSERT of the activity entry, which recordChange writes after the work has changed the
// inventory rows in the same transaction.

const server = useTestServer();
const { call, must } = server;

/** Every inventory row and every activity entry, read from the database file, to compare before and after a refused change. */
function snapshot() {
  const rows = (query: string) => readDb(server.dataDir, query);
  return {
    sites: rows('SELECT * FROM sites ORDER BY id'),
    vlans: rows('SELECT * FROM vlans ORDER BY id'),
    networks: rows('SELECT * FROM networks ORDER BY id'),
    switches: rows('SELECT * FROM switches ORDER BY id'),
    ports: rows('SELECT * FROM ports ORDER BY id'),
    tagged: rows('SELECT * FROM port_tagged_vlans ORDER BY port_id, vlan_id'),
    configured: rows('SELECT * FROM switch_configured_vlans ORDER BY switch_id, vlan_id'),
    favorites: rows('SELECT * FROM user_favorite_switches ORDER BY user_id, switch_id'),
    activity: rows('SELECT * FROM activity ORDER BY seq'),
    activityEntities: rows('SELECT * FROM activity_entities ORDER BY activity_seq, entity_type, entity_id'),
  };
}

async function withFailingEntryWrite<T>(work: () => Promise<T>): Promise<T> {
  writeDb(server.dataDir, "CREATE TRIGGER fail_entry_write BEFORE INSERT ON activity BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
  try {
    return await work();
  } finally {
    writeDb(server.dataDir, 'DROP TRIGGER fail_entry_write');
  }
}

/** A site with two VLANs and a network, switches sw (`a`, 3 ports) and other (`b`, 1 port), a trunk linked across them, and its newest entry. */
async function fixture(name: string) {
  const site = await trunkLinkedSite({ must }, name, { subnet: '10.9.10.0/24', a: ['sw', 3], b: ['other', 1] });
  const lastEntry = (await must(200, 'GET', '/api/activity?limit=1')).items[0].id;
  return { ...site, lastEntry };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

const scenarios: [string, (f: Fixture) => [string, string, unknown?]][] = [
  ['site create', () => ['POST', '/api/sites', { name: 'never stored' }]],
  ['site update', (f) => ['PATCH', `/api/sites/${f.site}`, { name: 'renamed', notes: 'x' }]],
  ['site delete with cascade', (f) => ['DELETE', `/api/sites/${f.site}?cascade=true`]],
  ['VLAN create', (f) => ['POST', '/api/vlans', { siteId: f.site, name: 'thirty', vid: 30 }]],
  ['VLAN update', (f) => ['PATCH', `/api/vlans/${f.v20}`, { vid: 21 }]],
  ['VLAN delete with force', (f) => ['DELETE', `/api/vlans/${f.v20}?force=true`]],
  ['network create', (f) => ['POST', '/api/networks', { siteId: f.site, name: 'thirty', subnet: '10.9.30.0/24', vlanId: f.v20 }]],
  ['network update', (f) => ['PATCH', `/api/networks/${f.net10}`, { vlanId: f.v20, dnsServers: ['10.9.10.53'] }]],
  ['network delete', (f) => ['DELETE', `/api/networks/${f.net10}`]],
  [
    'switch create with ports',
    (f) => ['POST', '/api/switches', { siteId: f.site, name: 'new', portCount: 8, configuredVlanIds: [f.v10, f.v20] }],
  ],
  ['switch update', (f) => ['PATCH', `/api/switches/${f.a}`, { name: 'sw2', macAddress: 'aabb.ccdd.eeff', configuredVlanIds: [f.v10] }]],
  ['switch delete with ports and a link', (f) => ['DELETE', `/api/switches/${f.b}`]],
  ['port create with a link', (f) => ['POST', `/api/switches/${f.a}/ports`, { name: 'uplink', linkedPortId: f.bPorts[0] }]],
  ['port re-link', (f) => ['PATCH', `/api/ports/${f.aPorts[1]}`, { linkedPortId: f.bPorts[0] }]],
  ['port delete', (f) => ['DELETE', `/api/ports/${f.aPorts[0]}`]],
  [
    'bulk port edit',
    (f) => [
      'PATCH',
      `/api/switches/${f.a}/ports`,
      { portIds: f.aPorts, addTaggedVlanIds: [f.v10], removeTaggedVlanIds: [f.v20], set: { speed: '10G' } },
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
