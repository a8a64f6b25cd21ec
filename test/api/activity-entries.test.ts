import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

// For every kind of change, the activity entry exists with the right before/after. The resource tests check
// `changes` of some creates and updates; here every kind of change over HTTP writes exactly one entry, naming
// its entity, with the before/after of what it changed (deletes, cascades, force and undo too), and the change's
// answer names that entry in its Activity-Id header.

const { call, must } = useTestServer();

/** A change's answer, whose status must be `status`: its headers name the entry it wrote (Activity-Id). */
async function changed(status: number, method: string, path: string, body?: unknown) {
  const answer = await call(method, path, { body });
  expect(answer.status, answer.text).toBe(status);
  return answer;
}

async function allEntries() {
  return (await must(200, 'GET', '/api/activity?limit=500')).items as {
    id: string;
    action: string;
    entityType: string;
    entityId: string;
    changes: any;
    undoOf: string | null;
  }[];
}

interface Fixture {
  empty: string;
  site: string;
  vlan: string;
  voice: string;
  net: string;
  sw: string;
  far: string;
  ports: string[];
  farPort: string;
  lastEntry: string;
}

async function fixture(name: string): Promise<Fixture> {
  const empty = await must(201, 'POST', '/api/sites', { name: `${name} (empty)` });
  const site = await must(201, 'POST', '/api/sites', { name });
  const vlan = await must(201, 'POST', '/api/vlans', { siteId: site.id, name: 'users', vid: 10, color: '#1f77b4' });
  const voice = await must(201, 'POST', '/api/vlans', { siteId: site.id, name: 'voice', vid: 20 });
  const net = await must(201, 'POST', '/api/networks', { siteId: site.id, name: 'users', vlanId: vlan.id, subnet: '10.0.10.0/24' });
  const sw = await must(201, 'POST', '/api/switches', { siteId: site.id, name: 'sw', portCount: 2 });
  const far = await must(201, 'POST', '/api/switches', { siteId: site.id, name: 'far', portCount: 1 });
  const ports = (await must(200, 'GET', `/api/switches/${sw.id}`)).ports.map((p: { id: string }) => p.id);
  const farPort = (await must(200, 'GET', `/api/switches/${far.id}`)).ports[0].id;
  await must(200, 'PATCH', `/api/ports/${ports[0]}`, { untaggedVlanId: vlan.id, description: 'desk' });
  const lastEntry = (await allEntries())[0].id;
  return {
    empty: empty.id,
    site: site.id,
    vlan: vlan.id,
    voice: voice.id,
    net: net.id,
    sw: sw.id,
    far: far.id,
    ports,
    farPort,
    lastEntry,
  };
}

// Each scenario: the change, the entry it must write (its action, entity type and entity id, where one is known
// beforehand), and what that entry records in `changes`.
type Entry = { action: string; entityType: string; entityId?: (f: Fixture) => string };
const scenarios: [string, (f: Fixture) => Promise<{ headers: Headers }>, Entry, (f: Fixture) => unknown][] = [
  [
    'site create',
    () => changed(201, 'POST', '/api/sites', { name: 'Fresh', notes: 'n' }),
    { action: 'create', entityType: 'site' },
    () => ({ name: [null, 'Fresh'], notes: [null, 'n'] }),
  ],
  [
    'site update',
    (f) => changed(200, 'PATCH', `/api/sites/${f.site}`, { address: 'Main St' }),
    { action: 'update', entityType: 'site', entityId: (f) => f.site },
    () => ({ address: [null, 'Main St'] }),
  ],
  [
    'site delete, empty',
    (f) => changed(204, 'DELETE', `/api/sites/${f.empty}`),
    { action: 'delete', entityType: 'site', entityId: (f) => f.empty },
    () => ({ name: ['Entries site delete, empty (empty)', null] }),
  ],
  [
    'site delete with cascade',
    (f) => changed(204, 'DELETE', `/api/sites/${f.site}?cascade=true`),
    { action: 'delete', entityType: 'site', entityId: (f) => f.site },
    (f) => ({
      site: { [f.site]: { name: [expect.any(String), null] } },
      vlan: { [f.vlan]: { vid: [10, null] }, [f.voice]: { vid: [20, null] } },
      network: { [f.net]: { vlanId: [f.vlan, null], subnet: ['10.0.10.0/24', null] } },
      switch: { [f.sw]: { name: ['sw', null] }, [f.far]: { name: ['far', null] } },
      port: {
        [f.ports[0]]: { description: ['desk', null], untaggedVlanId: [f.vlan, null] },
        [f.ports[1]]: { name: ['2', null] },
        [f.farPort]: { name: ['1', null] },
      },
    }),
  ],
  [
    'VLAN create',
    (f) => changed(201, 'POST', '/api/vlans', { siteId: f.site, name: 'cameras', vid: 30, color: '#2ca02c' }),
    { action: 'create', entityType: 'vlan' },
    () => ({ name: [null, 'cameras'], vid: [null, 30], color: [null, '#2ca02c'] }),
  ],
  [
    'VLAN update',
    (f) => changed(200, 'PATCH', `/api/vlans/${f.vlan}`, { vid: 11, status: 'inactive' }),
    { action: 'update', entityType: 'vlan', entityId: (f) => f.vlan },
    () => ({ vid: [10, 11], status: ['active', 'inactive'] }),
  ],
  [
    'VLAN delete with force',
    (f) => changed(204, 'DELETE', `/api/vlans/${f.vlan}?force=true`),
    { action: 'delete', entityType: 'vlan', entityId: (f) => f.vlan },
    (f) => ({
      vlan: { [f.vlan]: { name: ['users', null], vid: [10, null] } },
      network: { [f.net]: { vlanId: [f.vlan, null] } },
      port: { [f.ports[0]]: { untaggedVlanId: [f.vlan, null] } },
    }),
  ],
  [
    'network create',
    (f) => changed(201, 'POST', '/api/networks', { siteId: f.site, name: 'transit', subnet: '10.255.0.0/31' }),
    { action: 'create', entityType: 'network' },
    () => ({ name: [null, 'transit'], subnet: [null, '10.255.0.0/31'] }),
  ],
  [
    'network update',
    (f) => changed(200, 'PATCH', `/api/networks/${f.net}`, { vlanId: f.voice, dnsServers: ['10.0.0.53'] }),
    { action: 'update', entityType: 'network', entityId: (f) => f.net },
    (f) => ({ vlanId: [f.vlan, f.voice], dnsServers: [[], ['10.0.0.53']] }),
  ],
  [
    'network delete',
    (f) => changed(204, 'DELETE', `/api/networks/${f.net}`),
    { action: 'delete', entityType: 'network', entityId: (f) => f.net },
    (f) => ({ name: ['users', null], vlanId: [f.vlan, null] }),
  ],
  [
    'switch create with ports',
    (f) => changed(201, 'POST', '/api/switches', { siteId: f.site, name: 'new', portCount: 4, configuredVlanIds: [f.voice] }),
    { action: 'create', entityType: 'switch' },
    (f) => ({ name: [null, 'new'], portCount: [0, 4], configuredVlanIds: [null, [f.voice]] }),
  ],
  [
    'switch update',
    (f) =>
      changed(200, 'PATCH', `/api/switches/${f.sw}`, {
        macAddress: 'AABB.CCDD.EE10',
        status: 'planned',
        tags: ['lab'],
        stackSize: 2,
        configuredVlanIds: [f.voice],
      }),
    { action: 'update', entityType: 'switch', entityId: (f) => f.sw },
    (f) => ({
      macAddress: [null, 'aa:bb:cc:dd:ee:10'],
      status: ['active', 'planned'],
      tags: [[], ['lab']],
      stackSize: [1, 2],
      configuredVlanIds: [[], [f.voice]],
    }),
  ],
  [
    'switch delete with its ports',
    (f) => changed(204, 'DELETE', `/api/switches/${f.sw}`),
    { action: 'delete', entityType: 'switch', entityId: (f) => f.sw },
    (f) => ({
      switch: { [f.sw]: { name: ['sw', null] } },
      port: { [f.ports[0]]: { description: ['desk', null] }, [f.ports[1]]: { name: ['2', null] } },
    }),
  ],
  [
    'port create',
    (f) => changed(201, 'POST', `/api/switches/${f.sw}/ports`, { name: 'uplink', speed: '10G', type: 'sfp+' }),
    { action: 'create', entityType: 'port' },
    () => ({ name: [null, 'uplink'], speed: [null, '10G'], type: [null, 'sfp+'] }),
  ],
  [
    'port update with a link',
    (f) => changed(200, 'PATCH', `/api/ports/${f.ports[1]}`, { linkedPortId: f.farPort, poe: { type: '802.3at', maxWatts: 30 } }),
    { action: 'update', entityType: 'port', entityId: (f) => f.ports[1] },
    (f) => ({ linkedPortId: [null, f.farPort], poe: [null, { type: '802.3at', maxWatts: 30 }] }),
  ],
  [
    'port delete',
    (f) => changed(204, 'DELETE', `/api/ports/${f.ports[0]}`),
    { action: 'delete', entityType: 'port', entityId: (f) => f.ports[0] },
    (f) => ({ description: ['desk', null], untaggedVlanId: [f.vlan, null] }),
  ],
  [
    'bulk port edit',
    (f) => changed(200, 'PATCH', `/api/switches/${f.sw}/ports`, { portIds: f.ports, set: { enabled: false }, addTaggedVlanIds: [f.voice] }),
    { action: 'bulk_update', entityType: 'switch', entityId: (f) => f.sw },
    (f) => ({
      port: {
        [f.ports[0]]: { enabled: [true, false], mode: ['access', 'trunk'], taggedVlanIds: [[], [f.voice]] },
        [f.ports[1]]: { enabled: [true, false], taggedVlanIds: [[], [f.voice]] },
      },
    }),
  ],
  [
    'undo of an update',
    (f) => changed(200, 'POST', `/api/activity/${f.lastEntry}/undo`),
    { action: 'undo', entityType: 'port', entityId: (f) => f.ports[0] },
    (f) => ({ description: ['desk', null], untaggedVlanId: [f.vlan, null] }),
  ],
];

describe('every kind of change writes exactly one entry with its before/after, and its answer names it (Activity-Id)', () => {
  it.each(scenarios)('%s', async (name, change, expected, changes) => {
    const f = await fixture(`Entries ${name}`);
    const before = await allEntries();
    const answer = await change(f);
    const after = await allEntries();
    expect(after).toHaveLength(before.length + 1);
    const [entry] = after;
    expect(answer.headers.get('activity-id')).toBe(entry.id);
    expect(before.map((e) => e.id)).not.toContain(entry.id);
    expect(entry.action).toBe(expected.action);
    expect(entry.entityType).toBe(expected.entityType);
    if (expected.entityId) expect(entry.entityId).toBe(expected.entityId(f));
    expect(entry.changes).toMatchObject(changes(f) as object);
    if (expected.action === 'undo') expect(entry.undoOf).toBe(f.lastEntry);
  });
});

describe('the data doors name their one entry too (Activity-Id)', () => {
  const doors: [string, () => Promise<{ headers: Headers }>, string][] = [
    ['a bulk import', () => changed(201, 'POST', '/api/import/sites', [{ name: 'Imported' }]), 'import'],
    [
      'a merge',
      () => changed(200, 'POST', '/api/data/import', { sites: [{ id: 'S1', name: 'Merged', created_at: '2025-01-01T00:00:00Z' }] }),
      'import',
    ],
    ['a public link made', async () => changed(201, 'POST', `/api/switches/${(await fixture('Linked')).sw}/public-link`), 'update'],
  ];
  it.each(doors)('%s', async (_name, change, action) => {
    const answer = await change();
    const [entry] = await allEntries();
    expect(entry.action).toBe(action);
    expect(answer.headers.get('activity-id')).toBe(entry.id);
  });

  it('a restore, whose entry is the last of the restored log', async () => {
    const exported = await must(200, 'GET', '/api/backup/export');
    const answer = await changed(200, 'POST', '/api/backup/import', exported);
    const [entry] = await allEntries();
    expect(entry.action).toBe('restore');
    expect(answer.headers.get('activity-id')).toBe(entry.id);
  });

  it('no header on a read, or on a refused change', async () => {
    expect((await call('GET', '/api/sites')).headers.get('activity-id')).toBeNull();
    expect((await call('POST', '/api/sites', { body: {} })).headers.get('activity-id')).toBeNull();
  });
});
