import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUuid } from '../../src/fields/field.ts';
import { SAMPLE_DIR, SAMPLE_PASSWORDS } from '../fixtures/legacy/make-fixture.ts';
import { readDb } from '../helpers/db.ts';
import { TEST_PASSWORD, api, freshDataDir, setupAdmin, startServer, type TestServer } from '../helpers/server.ts';
import { archives, counts, jsonFiles, sampleDataDir, sampleRecords } from './helpers.ts';

// The realistic 0.20.x sample (test/fixtures/legacy/sample) migrated by the real server at its first start.

const legacy = {
  sites: sampleRecords('sites.json'),
  networks: sampleRecords('networks.json'),
  switches: sampleRecords('switches.json'),
  activity: sampleRecords('activity.json'),
  users: sampleRecords('users.json'),
};
const legacyPorts = legacy.switches.reduce((sum, record) => sum + record.ports.length, 0);
/** A 0.20.x network is a VLAN, and also a network when it has a subnet. */
const legacySubnets = legacy.networks.filter((network) => network.subnet).length;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer({ dataDir: sampleDataDir() });
  const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'alice', password: SAMPLE_PASSWORDS.alice } });
  token = login.body.token;
});
afterAll(async () => {
  await server?.stop();
});

async function all(path: string): Promise<any[]> {
  const answer = await api(server.baseUrl, 'GET', `${path}${path.includes('?') ? '&' : '?'}limit=500`, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.items;
}

describe('a realistic 0.20.x data directory at the first start', () => {
  it('comes across complete: every count equal', () => {
    expect(counts(server.dataDir)).toMatchObject({
      sites: legacy.sites.length,
      vlans: legacy.networks.length,
      networks: legacySubnets,
      switches: legacy.switches.length,
      ports: legacyPorts,
      activity: legacy.activity.length + 1,
      users: legacy.users.length,
    });
    expect(legacy.switches.length).toBeGreaterThanOrEqual(24);
  });

  it('gives every record a fresh UUIDv4', () => {
    for (const table of ['sites', 'vlans', 'networks', 'switches', 'ports', 'activity', 'users']) {
      const ids = readDb<{ id: string }>(server.dataDir, `SELECT id FROM ${table}`).map((row) => row.id);
      expect(ids.every(isUuid), table).toBe(true);
    }
  });

  it('logs the counts per entity kind and the archive path, and moves the files there unchanged', () => {
    const logs = server.logs();
    const expected = {
      sites: legacy.sites.length,
      vlans: legacy.networks.length,
      networks: legacySubnets,
      switches: legacy.switches.length,
      ports: legacyPorts,
      activity: legacy.activity.length,
      users: legacy.users.length,
    };
    for (const [kind, count] of Object.entries(expected)) expect(logs).toContain(`legacy migration: ${kind} migrated count=${count}`);
    const [archive] = archives(server.dataDir);
    expect(archive).toMatch(/^_archive_\d{8}T\d{6}Z$/);
    expect(logs).toContain(`archive=${join(server.dataDir, archive)}`);
    expect(jsonFiles(server.dataDir)).toEqual({});
    expect(jsonFiles(join(server.dataDir, archive))).toEqual(jsonFiles(SAMPLE_DIR));
    expect(logs.indexOf('JSON files moved to the archive')).toBeLessThan(logs.indexOf('listening on'));
  });

  it('applies and logs the subnet fix and the duplicate-name fix, and counts dropped unknown fields', async () => {
    const logs = server.logs();
    expect(logs).toContain('legacy migration: value fixed file=networks.json id=105 field=subnet from=10.1.50.1/24 to=10.1.50.0/24');
    expect(logs).toContain('legacy migration: value fixed file=networks.json id=105 field=gateway from=null to=10.1.50.1');
    expect(logs).toContain('legacy migration: value fixed file=networks.json id=113 field=name from=users to="users (2)"');
    expect(logs).toContain('legacy migration: value fixed file=switches.json id=sw-3-2 field=name from=access-1 to="access-1 (2)"');
    expect(logs).toContain('legacy migration: unknown field dropped file=switches.json field=ports[].lldpNeighbor count=3');
    expect(logs).toContain('legacy migration: unknown field dropped file=users.json field=email count=1');
    const networks = await all('/api/networks');
    expect(
      networks
        .filter((network) => network.name === 'Guests')
        .map((network) => [network.subnet, network.gateway])
        .sort(),
    ).toEqual([
      ['10.1.50.0/24', '10.1.50.1'],
      ['10.2.50.0/24', '10.2.50.1'],
      ['10.3.50.0/24', '10.3.50.1'],
    ]);
    expect(networks.map((network) => network.name)).toContain('users (2)');
    expect((await all('/api/vlans')).map((vlan) => vlan.name)).toContain('users (2)');
    const switches = await all('/api/switches');
    expect(
      switches
        .filter((record) => /^access-1( \(2\))?$/.test(record.name))
        .map((record) => record.name)
        .sort(),
    ).toEqual(['access-1', 'access-1', 'access-1', 'access-1 (2)']);
  });

  it('points every reference at the right new record (checked through the API)', async () => {
    const sites = await all('/api/sites');
    const vlans = await all('/api/vlans');
    const networks = await all('/api/networks');
    const switches = await all('/api/switches');
    const siteName = new Map(sites.map((site) => [site.id, site.name]));
    const legacySiteName = new Map(legacy.sites.map((site) => [String(site.id), site.name]));
    const legacyNetwork = new Map(legacy.networks.map((network) => [String(network.id), network]));
    const vlanById = new Map(vlans.map((vlan) => [vlan.id, vlan]));
    // A VLAN's identity that survives the migration: its site's name and its number.
    const networkKey = (vlan: any) => `${siteName.get(vlan.siteId)}/${vlan.vid}`;
    const legacyNetworkKey = (id: unknown) =>
      `${legacySiteName.get(String(legacyNetwork.get(String(id)).siteId))}/${legacyNetwork.get(String(id)).vlan}`;
    for (const network of legacy.networks) {
      const vlan = vlans.find((migrated) => networkKey(migrated) === legacyNetworkKey(network.id));
      expect(vlan, `network ${network.id}`).toBeDefined();
      const subnets = networks.filter((migrated) => migrated.vlanId === vlan.id);
      expect(
        subnets.map((migrated) => migrated.siteId),
        `network ${network.id}`,
      ).toEqual(network.subnet ? [vlan.siteId] : []);
    }
    for (const siteId of new Set(vlans.map((vlan) => vlan.siteId))) {
      const colors = vlans.filter((vlan) => vlan.siteId === siteId).map((vlan) => vlan.color);
      expect(new Set(colors).size, 'VLAN colours unique per site').toBe(colors.length);
    }
    const bySerial = new Map(switches.map((record) => [record.serialNumber, record.id]));
    const serialOf = new Map(legacy.switches.map((record) => [record.id, record.serial]));
    const portsBySwitch = new Map<string, any[]>();
    for (const record of legacy.switches) {
      const answer = await api(server.baseUrl, 'GET', `/api/switches/${bySerial.get(record.serial)}`, { token });
      expect(answer.status).toBe(200);
      expect(siteName.get(answer.body.siteId)).toBe(legacySiteName.get(String(record.siteId)));
      portsBySwitch.set(answer.body.id, answer.body.ports);
      const ports = answer.body.ports;
      expect(ports.map((port: any) => port.name)).toEqual(record.ports.map((port: any) => String(port.name)));
      record.ports.forEach((legacyPort: any, index: number) => {
        const port = ports[index];
        expect(port.position).toBe(index);
        expect(port.untaggedVlanId ? networkKey(vlanById.get(port.untaggedVlanId)) : null).toBe(
          legacyPort.vlan ? legacyNetworkKey(legacyPort.vlan) : null,
        );
        expect(port.poe).toEqual(legacyPort.poe ? { type: '802.3af', maxWatts: 15.4 } : null);
        expect(port.taggedVlanIds.map((id: string) => networkKey(vlanById.get(id))).sort()).toEqual(
          (legacyPort.tagged ?? []).map(legacyNetworkKey).sort(),
        );
        expect(port.mode).toBe(legacyPort.mode ?? (legacyPort.tagged?.length ? 'trunk' : 'access'));
        expect(port.enabled).toBe(legacyPort.enabled ?? true);
        expect(port.connectedDevice).toBe(legacyPort.device ?? null);
      });
    }
    // Links: every legacy uplink, whichever side names it, is one symmetric link between the right ports.
    const portById = new Map([...portsBySwitch].flatMap(([switchId, ports]) => ports.map((port) => [port.id, { ...port, switchId }])));
    const expectedLinks = new Set<string>();
    for (const record of legacy.switches) {
      for (const port of record.ports) {
        if (!port.uplink) continue;
        const ends = [`${record.serial}/${port.name}`, `${serialOf.get(port.uplink.switchId)}/${port.uplink.port}`].sort();
        expectedLinks.add(ends.join(' <-> '));
      }
    }
    const serialBySwitchId = new Map(switches.map((record) => [record.id, record.serialNumber]));
    const links = new Set<string>();
    for (const port of portById.values()) {
      if (!port.linkedPortId) continue;
      const other = portById.get(port.linkedPortId)!;
      expect(other.linkedPortId).toBe(port.id);
      links.add(
        [`${serialBySwitchId.get(port.switchId)}/${port.name}`, `${serialBySwitchId.get(other.switchId)}/${other.name}`]
          .sort()
          .join(' <-> '),
      );
    }
    expect(links).toEqual(expectedLinks);
    expect(links.size).toBe(legacy.switches.filter((record) => record.name.startsWith('access')).length);
  });

  it('lets legacy users log in with their old passwords, with their roles', async () => {
    for (const user of legacy.users) {
      const login = await api(server.baseUrl, 'POST', '/api/auth/login', {
        body: { username: user.username, password: SAMPLE_PASSWORDS[user.username] },
      });
      expect(login.status, user.username).toBe(200);
      expect(login.body.user).toMatchObject({ username: user.username, role: user.role });
    }
    const wrong = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'bob', password: SAMPLE_PASSWORDS.alice } });
    expect(wrong.status).toBe(401);
  });

  it('keeps the activity log, remapped, with one migrate entry that names its archive', async () => {
    const entries: any[] = [];
    for (let cursor: string | null = null; ; ) {
      const answer: any = await api(server.baseUrl, 'GET', `/api/activity?limit=100${cursor ? `&before=${cursor}` : ''}`, { token });
      expect(answer.status).toBe(200);
      entries.push(...answer.body.items);
      cursor = answer.body.nextCursor;
      if (!cursor) break;
    }
    expect(entries).toHaveLength(legacy.activity.length + 1);
    const [migrate, ...older] = entries;
    expect(migrate).toMatchObject({ action: 'migrate', undoable: false, userId: null });
    expect(migrate.changes.counts).toMatchObject({ sites: legacy.sites.length, ports: legacyPorts, activity: legacy.activity.length });
    expect(migrate.changes.archive).toBe(archives(server.dataDir)[0]);
    expect(older.every((entry) => entry.undoable === false)).toBe(true);
    const gone = older.find((entry) => entry.summary.includes('sw-9-1'));
    expect(gone).toMatchObject({ action: 'delete', entityType: 'switch', entityId: null });
    const created = older.find((entry) => entry.summary === 'Created switch core-2');
    const core = (await all('/api/switches')).find((record) => record.name === 'core-2');
    expect(created).toMatchObject({ action: 'create', entityType: 'switch', entityId: core.id, siteId: core.siteId, username: 'alice' });
    const alice = readDb<{ id: string }>(server.dataDir, "SELECT id FROM users WHERE username = 'alice'")[0];
    expect(created.userId).toBe(alice.id);
    expect(older.find((entry) => entry.username === 'olduser')).toMatchObject({ userId: null });
    const undo = await api(server.baseUrl, 'POST', `/api/activity/${migrate.id}/undo`, { token });
    expect(undo.status).toBe(409);
  });

  it('does nothing at the second start', async () => {
    const before = counts(server.dataDir);
    await server.stop();
    server = await startServer({ dataDir: server.dataDir });
    expect(server.logs()).not.toContain('legacy migration');
    expect(counts(server.dataDir)).toEqual(before);
    expect(archives(server.dataDir)).toHaveLength(1);
    const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'alice', password: SAMPLE_PASSWORDS.alice } });
    token = login.body.token;
    expect(login.status).toBe(200);
  });
});

describe('a database that already holds data', () => {
  it('never touches JSON files lying next to it', async () => {
    const first = await startServer();
    const { token: admin } = await setupAdmin(first.baseUrl);
    const site = await api(first.baseUrl, 'POST', '/api/sites', { token: admin, body: { name: 'Existing' } });
    expect(site.status).toBe(201);
    await first.stop();
    const sample = sampleDataDir();
    for (const [name, bytes] of Object.entries(jsonFiles(sample))) writeFileSync(join(first.dataDir, name), bytes);
    const before = jsonFiles(first.dataDir);
    const second = await startServer({ dataDir: first.dataDir });
    await second.stop();
    expect(jsonFiles(first.dataDir)).toEqual(before);
    expect(archives(first.dataDir)).toEqual([]);
    expect(counts(first.dataDir)).toMatchObject({ sites: 1, switches: 0 });
    expect(second.logs()).toContain('legacy migration: not needed, the database holds data already');
  });

  it('still migrates next to users made since, skipping (and naming) a legacy user whose username is taken', async () => {
    const first = await startServer();
    await setupAdmin(first.baseUrl, 'Alice');
    await first.stop();
    const dataDir = first.dataDir;
    for (const [name, bytes] of Object.entries(jsonFiles(SAMPLE_DIR))) writeFileSync(join(dataDir, name), bytes);
    const second = await startServer({ dataDir });
    try {
      expect(second.logs()).toContain('legacy migration: user not migrated, the username is taken by an existing user username=alice');
      expect(second.logs()).toContain('legacy migration: users migrated count=2');
      expect(counts(dataDir)).toMatchObject({ sites: legacy.sites.length, users: legacy.users.length });
      const old = await api(second.baseUrl, 'POST', '/api/auth/login', { body: { username: 'alice', password: SAMPLE_PASSWORDS.alice } });
      expect(old.status).toBe(401);
      const current = await api(second.baseUrl, 'POST', '/api/auth/login', { body: { username: 'alice', password: TEST_PASSWORD } });
      expect(current.status).toBe(200);
      expect(readDb(dataDir, "SELECT count(*) AS n FROM activity WHERE username = 'alice' AND user_id IS NOT NULL")).toEqual([{ n: 0 }]);
      expect(existsSync(join(dataDir, 'sites.json'))).toBe(false);
    } finally {
      await second.stop();
    }
  });
});

describe('the committed sample', () => {
  it('is what make-fixture.ts generates, byte for byte', async () => {
    const { makeSample, writeLegacyFiles } = await import('../fixtures/legacy/make-fixture.ts');
    const dir = freshDataDir();
    writeLegacyFiles(dir, makeSample());
    expect(jsonFiles(dir)).toEqual(jsonFiles(SAMPLE_DIR));
    expect(readFileSync(join(SAMPLE_DIR, 'networks.json'), 'utf8')).toMatch(/^\{"version":1, "items": \[/);
  });
});
