import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUuid } from '../../src/fields/field.ts';
import { COUNTED_KINDS } from '../../src/legacy/migrate.ts';
import { SAMPLE_DIR, SAMPLE_PASSWORDS } from '../fixtures/legacy/make-fixture.ts';
import { readDb } from '../helpers/db.ts';
import { TEST_PASSWORD, api, freshDataDir, setupAdmin, startServer, type TestServer } from '../helpers/server.ts';
import { archives, counts, isFixEntry, jsonFiles, sampleDataDir, sampleRecords, listReader, signInSampleAdmin } from './helpers.ts';

// The generated 0.20.x sample (test/fixtures/legacy/sample, in the format ezSWM 0.20.x wrote) migrated by the
// real server at its first start. The real data directory of 0.20.3 itself is test/legacy/ezswm.test.ts's.

const legacy = {
  users: sampleRecords('users.json'),
  sites: sampleRecords('sites.json'),
  vlans: sampleRecords('vlans.json'),
  networks: sampleRecords('networks.json'),
  allocations: sampleRecords('ip-allocations.json'),
  ranges: sampleRecords('ip-ranges.json'),
  templates: sampleRecords('layout-templates.json'),
  switches: sampleRecords('switches.json'),
  lags: sampleRecords('lag-groups.json'),
  activity: sampleRecords('activity.json'),
};
const legacyPorts = legacy.switches.reduce((sum, record) => sum + record.ports.length, 0);
/** How many records of each kind the migration brings across. */
const migrated = {
  sites: legacy.sites.length,
  vlans: legacy.vlans.length,
  networks: legacy.networks.length,
  switches: legacy.switches.length,
  ports: legacyPorts,
  addresses: legacy.allocations.length,
  ranges: legacy.ranges.length,
  templates: legacy.templates.length,
  lags: legacy.lags.length,
  activity: legacy.activity.length,
  users: legacy.users.length,
};
const legacySite = new Map(legacy.sites.map((site) => [site.id, site.name]));
const byName = (list: any[], name: string, siteName?: string) =>
  list.find((record) => record.name === name && (siteName === undefined || legacySite.get(record.site_id) === siteName));

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer({ dataDir: sampleDataDir() });
  token = await signInSampleAdmin(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

const all = listReader(
  () => server.baseUrl,
  () => token,
);

/** What a 0.20.x port becomes: mode, the untagged and tagged VLAN numbers among its site's VLANs. */
function expectedVlans(port: any, siteId: string) {
  const vids = new Set(legacy.vlans.filter((vlan) => vlan.site_id === siteId).map((vlan) => vlan.vlan_id));
  const mode = port.port_mode === 'trunk' ? 'trunk' : 'access';
  const untagged = mode === 'trunk' ? port.native_vlan : port.access_vlan;
  return {
    mode,
    untagged: vids.has(untagged) ? untagged : null,
    tagged: mode === 'trunk' ? (port.tagged_vlans ?? []).filter((vid: number) => vids.has(vid)).sort() : [],
  };
}

describe('a 0.20.x data directory at the first start', () => {
  it('comes across complete: every count equal', () => {
    // The migration's own activity entry besides those it brought across.
    expect(counts(server.dataDir)).toMatchObject({ ...migrated, activity: migrated.activity + 1 });
    expect(legacy.switches.length).toBeGreaterThanOrEqual(20);
  });

  it('gives every record a fresh UUIDv4', () => {
    for (const table of COUNTED_KINDS) {
      const ids = readDb<{ id: string }>(server.dataDir, `SELECT id FROM ${table}`).map((row) => row.id);
      expect(ids.length, table).toBeGreaterThan(0);
      expect(ids.every(isUuid), table).toBe(true);
    }
  });

  it('logs the counts per entity kind and the archive path, and moves the files there unchanged', () => {
    const logs = server.logs();
    for (const [kind, count] of Object.entries(migrated)) expect(logs).toContain(`legacy migration: ${kind} migrated count=${count}`);
    expect(logs).toMatch(/legacy migration: timings readMs=\d+ checkMs=\d+ writeMs=\d+ commitMs=\d+\n/);
    const [archive] = archives(server.dataDir);
    expect(archive).toMatch(/^_archive_\d{8}T\d{6}Z$/);
    expect(logs).toContain(`archive=${join(server.dataDir, archive)}`);
    expect(jsonFiles(server.dataDir)).toEqual({});
    expect(jsonFiles(join(server.dataDir, archive))).toEqual(jsonFiles(SAMPLE_DIR));
    expect(logs.indexOf('JSON files moved to the archive')).toBeLessThan(logs.indexOf('listening on'));
  });

  it('applies and logs the fixes of what 0.20.x let through, and counts dropped fields', async () => {
    const logs = server.logs();
    const guests = byName(legacy.networks, 'Headquarters Guests');
    const fixed = (file: string, id: string, rest: string) =>
      expect(logs).toContain(`legacy migration: value fixed file=${file} id=${id} ${rest}`);
    fixed('networks.json', guests.id, 'field=subnet from=10.1.50.1/24 to=10.1.50.0/24');
    fixed('networks.json', guests.id, 'field=gateway from=null to=10.1.50.1');
    fixed('networks.json', byName(legacy.networks, 'Kiosk').id, 'field=vlan_id');
    fixed('vlans.json', byName(legacy.vlans, 'users').id, 'field=name from=users to="users (2)"');
    fixed('vlans.json', byName(legacy.vlans, 'Voice', 'Headquarters').id, 'field=color from=#16a34a');
    const branchSecond = legacy.switches.filter((sw) => sw.name === 'access-1' && legacySite.get(sw.site_id) === 'Branch Office')[1];
    fixed('switches.json', branchSecond.id, 'field=name from=access-1 to="access-1 (2)"');
    const hqAccess2 = byName(legacy.switches, 'access-2', 'Headquarters');
    fixed('switches.json', hqAccess2.id, 'field=configured_vlans from=190 to=null');
    fixed('switches.json', hqAccess2.id, 'field=ports[3].access_vlan from=190 to=null');
    fixed('switches.json', byName(legacy.switches, 'core-2').id, 'field=ports[19].connected_port_id');
    const helperPorts = legacy.switches.flatMap((sw) => sw.ports).filter((port) => 'helper_usage' in port).length;
    expect(logs).toContain(`legacy migration: unknown field dropped file=switches.json field=ports[].helper_usage count=${helperPorts}`);
    expect(logs).toContain(`legacy migration: unknown field dropped file=vlans.json field=routing_device count=${legacy.vlans.length}`);
    const networks = await all('/api/networks');
    expect(
      networks
        .filter((network) => network.name.endsWith(' Guests'))
        .map((network) => [network.subnet, network.gateway])
        .sort(),
    ).toEqual([
      ['10.1.50.0/24', '10.1.50.1'],
      ['10.2.50.0/24', '10.2.50.1'],
      ['10.3.50.0/24', '10.3.50.1'],
    ]);
    expect(networks.find((network) => network.name === 'Kiosk').vlanId).toBeNull();
    expect(networks.find((network) => network.name === 'Transit firewall - provider')).toMatchObject({ vlanId: null, gateway: null });
    expect((await all('/api/vlans')).map((vlan) => vlan.name)).toContain('users (2)');
    expect(
      (await all('/api/switches'))
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
    const vlanById = new Map(vlans.map((vlan) => [vlan.id, vlan]));
    // A VLAN's identity that survives the migration: its site's name and its number.
    for (const old of legacy.vlans) {
      const vlan = vlans.find((v) => siteName.get(v.siteId) === legacySite.get(old.site_id) && v.vid === old.vlan_id);
      expect(vlan, old.name).toMatchObject({ status: old.status });
    }
    for (const old of legacy.networks) {
      const network = networks.find((n) => n.subnet === old.subnet.replace('.50.1/', '.50.0/'));
      expect(siteName.get(network.siteId), old.name).toBe(legacySite.get(old.site_id));
      const oldVlan = legacy.vlans.find((vlan) => vlan.id === old.vlan_id);
      expect(network.vlanId ? vlanById.get(network.vlanId).vid : null, old.name).toBe(oldVlan?.vlan_id ?? null);
    }
    const bySerial = new Map(switches.map((record) => [record.serialNumber, record.id]));
    const portByLegacyId = new Map<string, any>();
    for (const record of legacy.switches) {
      const answer = await api(server.baseUrl, 'GET', `/api/switches/${bySerial.get(record.serial_number)}`, { token });
      expect(answer.status).toBe(200);
      const sw = answer.body;
      expect(siteName.get(sw.siteId)).toBe(legacySite.get(record.site_id));
      expect(sw).toMatchObject({ vendor: record.manufacturer, model: record.model, managementIp: record.management_ip, role: record.role });
      expect(sw.ports.map((port: any) => port.name)).toEqual(record.ports.map((port: any) => port.label));
      record.ports.forEach((old: any, index: number) => {
        const port = sw.ports[index];
        portByLegacyId.set(old.id, port);
        const { mode, untagged, tagged } = expectedVlans(old, record.site_id);
        expect(port.position).toBe(index);
        expect(port.mode).toBe(mode);
        expect(port.untaggedVlanId ? vlanById.get(port.untaggedVlanId).vid : null).toBe(untagged);
        expect(port.taggedVlanIds.map((id: string) => vlanById.get(id).vid).sort()).toEqual(tagged);
        expect(port.enabled).toBe(old.status !== 'disabled');
        expect(port.linkStatus).toBe(old.status === 'disabled' ? null : old.status);
        expect(port.poe).toEqual(old.poe ? { type: old.poe.type, maxWatts: old.poe.max_watts } : null);
        expect(port.connectedDevice ?? null).toBe(old.connected_device || null);
      });
    }
    // Links: every pair of ports that name each other is one symmetric link; the stale back-link is not one.
    const oldPorts = new Map<string, any>(legacy.switches.flatMap((sw) => sw.ports.map((port: any) => [port.id, port])));
    const expectedLinks = new Set<string>();
    for (const [id, port] of oldPorts)
      if (port.connected_port_id && oldPorts.get(port.connected_port_id)?.connected_port_id === id)
        expectedLinks.add([id, port.connected_port_id].sort().join(' '));
    const links = new Set<string>();
    const legacyIdOf = new Map([...portByLegacyId].map(([id, port]) => [port.id, id]));
    for (const port of portByLegacyId.values()) {
      if (!port.linkedPortId) continue;
      const far = [...portByLegacyId.values()].find((other) => other.id === port.linkedPortId);
      expect(far.linkedPortId).toBe(port.id);
      links.add([legacyIdOf.get(port.id), legacyIdOf.get(far.id)].sort().join(' '));
    }
    expect(links).toEqual(expectedLinks);
    expect(links.size).toBe(legacy.switches.filter((record) => record.name.startsWith('access')).length + 2);
  });

  it('leaves the derived data in step with the migrated ports: VLAN counts, search, list totals', async () => {
    for (const vlan of await all('/api/vlans')) {
      const ports = await all(`/api/vlans/${vlan.id}/ports`);
      expect(vlan.portCount, vlan.name).toBe(ports.length);
      expect(vlan.switchCount, vlan.name).toBe(new Set(ports.map((port) => port.switch.id)).size);
    }
    const [sw] = await all('/api/switches');
    const [port] = await all(`/api/switches/${sw.id}/ports`);
    const found = await api(server.baseUrl, 'GET', `/api/search?q=${encodeURIComponent(`${sw.name} ${port.name}`)}`, { token });
    expect(found.body.results.map((result: any) => result.id)).toContain(port.id);
    const total = (await api(server.baseUrl, 'GET', '/api/ports?limit=1', { token })).body.total;
    expect(total).toBe(legacyPorts);
  });

  it('brings the template, the stack and the LAG pair across', async () => {
    const switches = await all('/api/switches');
    const [template] = await all('/api/templates');
    expect(template).toMatchObject({ name: legacy.templates[0].name, vendor: legacy.templates[0].manufacturer });
    const hq = (await all('/api/sites')).find((site) => site.name === 'Headquarters');
    const at = (name: string) => switches.find((sw) => sw.name === name && sw.siteId === hq.id);
    expect(at('access-1')).toMatchObject({ templateId: template.id, stackSize: 2 });
    const lags = async (sw: any) => (await api(server.baseUrl, 'GET', `/api/switches/${sw.id}/lags`, { token })).body.items;
    const [accessLag] = await lags(at('access-3'));
    const [coreLag] = await lags(at('core-1'));
    expect(accessLag).toMatchObject({ name: 'lag1', remoteLagId: coreLag.id });
    expect(coreLag).toMatchObject({ name: 'lag1', remoteLagId: accessLag.id });
    expect(accessLag.memberPortIds).toHaveLength(2);
  });

  it('lets legacy users sign in with their old passwords, with their roles, display names and languages', async () => {
    for (const user of legacy.users) {
      const login = await api(server.baseUrl, 'POST', '/api/auth/login', {
        body: { username: user.username, password: SAMPLE_PASSWORDS[user.username] },
      });
      expect(login.status, user.username).toBe(200);
      expect(login.body.user).toMatchObject({
        username: user.username,
        role: user.role,
        displayName: user.display_name,
        language: user.language,
      });
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
    expect(entries.filter((entry) => !isFixEntry(entry))).toHaveLength(legacy.activity.length + 1);
    const [migrate, ...older] = entries;
    expect(migrate).toMatchObject({ action: 'migrate', undoable: false, userId: null });
    expect(migrate.changes.counts).toMatchObject({ sites: legacy.sites.length, ports: legacyPorts, activity: legacy.activity.length });
    expect(migrate.changes.archive).toBe(archives(server.dataDir)[0]);
    expect(older.every((entry) => entry.undoable === false)).toBe(true);
    const gone = older.find((entry) => entry.summary.includes('old-lab-switch'));
    expect(gone).toMatchObject({ action: 'delete', entityType: 'switch', entityId: null });
    const core = (await all('/api/switches')).find((record) => record.name === 'core-2');
    const created = older.find((entry) => entry.summary === 'Created switch core-2');
    const alice = readDb<{ id: string }>(server.dataDir, "SELECT id FROM users WHERE username = 'alice'")[0];
    expect(created).toMatchObject({
      action: 'create',
      entityType: 'switch',
      entityId: core.id,
      siteId: core.siteId,
      userId: alice.id,
      username: 'alice',
    });
    expect(older.filter((entry) => entry.summary.endsWith('(0.20.x: update_port)'))).toHaveLength(
      legacy.activity.filter((entry) => entry.action === 'update_port').length,
    );
    const byGoneUser = older.find((entry) => entry.summary.startsWith('Updated site Branch Office'));
    expect(byGoneUser).toMatchObject({ userId: null, entityType: 'site' });
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
    expect(login.status).toBe(200);
    token = login.body.token;
  });
});

describe('a database that already holds data', () => {
  it('never touches JSON files lying next to it', async () => {
    const first = await startServer();
    const { token: admin } = await setupAdmin(first.baseUrl);
    const site = await api(first.baseUrl, 'POST', '/api/sites', { token: admin, body: { name: 'Existing' } });
    expect(site.status).toBe(201);
    await first.stop();
    for (const [name, bytes] of Object.entries(jsonFiles(SAMPLE_DIR))) writeFileSync(join(first.dataDir, name), bytes);
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
      expect(second.logs()).toContain(`legacy migration: users migrated count=${legacy.users.length - 1}`);
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
  it('is what make-fixture.ts generates, byte for byte, each file a pretty-printed array', async () => {
    const { makeSample, writeLegacyFiles } = await import('../fixtures/legacy/make-fixture.ts');
    const dir = freshDataDir();
    writeLegacyFiles(dir, makeSample());
    expect(jsonFiles(dir)).toEqual(jsonFiles(SAMPLE_DIR));
    const text = readFileSync(join(SAMPLE_DIR, 'sites.json'), 'utf8');
    expect(text).toBe(JSON.stringify(JSON.parse(text), null, 2));
    expect(legacy.users.every((user) => /^\$2b\$10\$/.test(user.password_hash))).toBe(true);
  });
});
