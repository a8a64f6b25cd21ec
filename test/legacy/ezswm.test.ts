// The real data directory ezSWM 0.20.3 wrote (../shared/fixtures/ezswm-0.20.3, its README lists what it holds
// and its quirks), migrated by the real server at its first start. Model 2 has 0.20.3's shape: VLANs, networks
// of VLANs, ports with unit, type, link status, PoE and VLAN numbers, switches with role, tags, stack and
// configured VLANs; each maps onto its own, and every quirk is fixed and named in the log.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { layOutPorts } from '../../src/lib/port-layout.ts';
import { api, freshDataDir, startServer, type TestServer } from '../helpers/server.ts';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { archives, counts, isFixEntry } from './helpers.ts';

const FIXTURE = join(SHARED_FIXTURES, 'ezswm-0.20.3');
const FIXTURE_FILES = sharedFixture('ezswm-0.20.3');
// Read at collection: nothing when the fixture is missing (the tests that use it are then skipped).
const read = (name: string): any[] => (FIXTURE_FILES.present ? JSON.parse(readFileSync(join(FIXTURE, name), 'utf8')) : []);
const legacy = {
  sites: read('sites.json'),
  vlans: read('vlans.json'),
  networks: read('networks.json'),
  switches: read('switches.json'),
  allocations: read('ip-allocations.json'),
  ranges: read('ip-ranges.json'),
  templates: read('layout-templates.json'),
  lags: read('lag-groups.json'),
};
const legacyPorts = legacy.switches.flatMap((sw) => sw.ports.map((port: any) => ({ ...port, switch: sw })));

let server: TestServer;
let token: string;

beforeAll(async () => {
  // Without the fixture the tests below say so (helpers/needs.ts), and there is nothing to start.
  if (!FIXTURE_FILES.present) return;
  const dataDir = freshDataDir();
  const files = ['sites', 'vlans', 'networks', 'switches', 'activity', 'users', 'ip-allocations', 'ip-ranges', 'settings'];
  for (const name of [...files, 'layout-templates', 'lag-groups']) cpSync(join(FIXTURE, `${name}.json`), join(dataDir, `${name}.json`));
  // A file of the name releases before 0.18.3 used, next to the current one: the current one is read.
  cpSync(join(FIXTURE, 'lag-groups.json'), join(dataDir, 'lagGroups.json'));
  server = await startServer({ dataDir });
  // Its users came across: no first-run setup; campus_admin signs in with the password its README gives.
  const login = await api(server.baseUrl, 'POST', '/api/auth/login', {
    body: { username: 'campus_admin', password: 'Campus-Admin-2025!' },
  });
  if (login.status !== 200) throw new Error(`campus_admin did not sign in: ${login.status} ${login.text}`);
  token = login.body.token;
});
afterAll(async () => {
  await server?.stop();
});

/** Every item of a list, page by page (offset for inventory lists, the cursor for the activity log). */
async function all(path: string): Promise<any[]> {
  const items: any[] = [];
  for (let page: any = { nextCursor: null }; ; ) {
    const cursor = path === '/api/activity' ? (page.nextCursor ? `&before=${page.nextCursor}` : '') : `&offset=${items.length}`;
    const answer = await api(server.baseUrl, 'GET', `${path}?limit=500${cursor}`, { token });
    expect(answer.status, answer.text).toBe(200);
    page = answer.body;
    items.push(...page.items);
    if (page.items.length < 500 && !page.nextCursor) return items;
    if (path === '/api/activity' && !page.nextCursor) return items;
  }
}

describeNeeding([FIXTURE_FILES], 'the real 0.20.3 data directory at the first start', () => {
  it('comes across complete: sites, VLANs, networks, switches, 557 ports, 162 activity entries', () => {
    expect(counts(server.dataDir)).toMatchObject({
      sites: 3,
      vlans: 11,
      networks: 12,
      switches: 9,
      ports: 557,
      addresses: 24,
      ranges: 9,
      templates: 3,
      lags: 4,
      activity: 163,
    });
  });

  it('maps each VLAN onto a VLAN of its site: number, name, status, colour (lower case, unique per site)', async () => {
    const sites = new Map((await all('/api/sites')).map((site) => [site.id, site.name]));
    const vlans = await all('/api/vlans');
    const key = (siteName: string, vid: number) => `${siteName}/${vid}`;
    const legacySite = new Map(legacy.sites.map((site) => [site.id, site.name]));
    for (const old of legacy.vlans) {
      const vlan = vlans.find((v) => key(sites.get(v.siteId), v.vid) === key(legacySite.get(old.site_id), old.vlan_id));
      expect(vlan, old.name).toMatchObject({ name: old.name, status: old.status, color: old.color.toLowerCase() });
    }
    expect(vlans.find((v) => v.vid === 999)).toMatchObject({ name: 'Quarantaene', status: 'inactive' });
  });

  it('maps networks onto networks of their VLAN: two subnets on VLAN 120, a /31 without VLAN, the deleted VLAN dropped', async () => {
    const vlans = await all('/api/vlans');
    const networks = await all('/api/networks');
    const vlanOf = (network: any) => vlans.find((v) => v.id === network.vlanId);
    for (const old of legacy.networks) {
      const network = networks.find((n) => n.subnet === old.subnet);
      expect(network, old.name).toMatchObject({ name: old.name, gateway: old.gateway ?? null, dnsServers: old.dns_servers ?? [] });
    }
    expect(
      networks.filter((n) => vlanOf(n)?.vid === 120 && vlanOf(n)?.name === legacy.vlans.find((v) => v.vlan_id === 120).name),
    ).not.toHaveLength(0);
    expect(networks.find((n) => n.subnet === '198.51.100.8/31')).toMatchObject({ vlanId: null, gateway: null });
    expect(networks.find((n) => n.name === 'Info-Kiosk')).toMatchObject({ vlanId: null });
    expect(server.logs()).toMatch(/value fixed file=networks.json id=\S+ field=vlan_id .*no longer exists/);
  });

  it('maps switches: vendor, rack position, role, tags, stack size and configured VLANs by number', async () => {
    const switches = await all('/api/switches');
    const vlans = await all('/api/vlans');
    for (const old of legacy.switches) {
      const sw = switches.find((s) => s.name === old.name);
      expect(sw, old.name).toMatchObject({
        vendor: old.manufacturer,
        model: old.model,
        rackPosition: old.rack_position ?? null,
        role: old.role ?? null,
        tags: old.tags ?? [],
      });
      const configured = sw.configuredVlanIds.map((id: string) => vlans.find((v) => v.id === id).vid).sort();
      expect(configured, old.name).toEqual((old.configured_vlans ?? []).filter((vid: number) => vid !== 190).sort());
    }
    expect(switches.find((s) => s.name === 'acc-bib').stackSize).toBe(4);
    expect(switches.find((s) => s.name === 'stk-verw').stackSize).toBe(2);
    // Quirk 2: the duplicate's management IP, which model 2 allows once per site, is kept in its notes.
    expect(switches.find((s) => s.name === 'acc-hs1').managementIp).toBe('10.100.0.12');
    expect(switches.find((s) => s.name === 'acc-hs2')).toMatchObject({ managementIp: null, notes: expect.stringContaining('10.100.0.12') });
  });

  it('maps every port: label, unit, type, status, mode, VLAN numbers, PoE, MAC, connected port', async () => {
    const ports = await all('/api/ports');
    const switches = await all('/api/switches');
    const vlans = await all('/api/vlans');
    const vid = (id: string | null) => (id ? vlans.find((v) => v.id === id).vid : null);
    for (const old of legacyPorts) {
      const sw = switches.find((s) => s.name === old.switch.name);
      const port = ports.find((p) => p.switchId === sw.id && p.name === old.label);
      expect(port, `${old.switch.name} ${old.label}`).toMatchObject({
        unit: old.unit,
        type: old.type,
        enabled: old.status !== 'disabled',
        linkStatus: old.status === 'disabled' ? null : old.status,
        mode: old.port_mode ?? 'access',
        poe: old.poe ? { type: old.poe.type, maxWatts: old.poe.max_watts } : null,
        macAddress: old.mac_address ? old.mac_address.toLowerCase() : null,
        connectedPort: old.connected_port || null,
      });
      const untagged = old.port_mode === 'trunk' ? old.native_vlan : old.access_vlan;
      expect(vid(port.untaggedVlanId), `${old.switch.name} ${old.label}`).toBe(untagged && untagged !== 190 ? untagged : null);
      if (port.mode === 'trunk') expect(port.taggedVlanIds.map(vid).sort()).toEqual([...old.tagged_vlans].sort());
    }
  });

  it('makes the 12 mutual links, and drops the stale back-link with a log line', async () => {
    const ports = await all('/api/ports');
    const linked = ports.filter((p) => p.linkedPortId);
    expect(linked).toHaveLength(24);
    for (const port of linked) expect(ports.find((p) => p.id === port.linkedPortId).linkedPortId).toBe(port.id);
    expect(server.logs()).toMatch(/value fixed file=switches.json .*connected_port_id .*stale link/);
  });

  it('takes every allocation as an address of its network: 24, with host name, MAC, device type, status, description', async () => {
    const networks = await all('/api/networks');
    const addresses = await all('/api/addresses');
    expect(addresses).toHaveLength(legacy.allocations.length);
    const subnetOf = new Map(legacy.networks.map((network) => [network.id, network.subnet]));
    for (const old of legacy.allocations) {
      const network = networks.find((n) => n.subnet === subnetOf.get(old.network_id));
      const address = addresses.find((a) => a.networkId === network.id && a.address === old.ip_address);
      expect(address, old.ip_address).toMatchObject({
        hostname: old.hostname ?? null,
        macAddress: old.mac_address ? old.mac_address.toLowerCase() : null,
        deviceType: old.device_type ?? null,
        status: old.status,
        description: old.description || null,
        createdAt: old.created_at,
      });
    }
    // Both ends of the /31 are hosts.
    expect(addresses.filter((a) => a.address.startsWith('198.51.100.'))).toHaveLength(2);
  });

  it("makes each switch's management IP its network's address with switchId (the allocation there), and links the 8 connected ports", async () => {
    const switches = await all('/api/switches');
    const addresses = await all('/api/addresses');
    const ports = await all('/api/ports');
    for (const sw of switches.filter((s) => s.managementIp)) {
      const address = addresses.find((a) => a.switchId === sw.id);
      expect(address, sw.name).toMatchObject({ address: sw.managementIp, deviceType: 'switch' });
    }
    expect(addresses.filter((a) => a.switchId)).toHaveLength(8);
    // Quirk 2: the one allocation of 10.100.0.12 is acc-hs1's, the switch that keeps that management IP.
    expect(addresses.find((a) => a.address === '10.100.0.12').switchId).toBe(switches.find((s) => s.name === 'acc-hs1').id);
    const connected = legacyPorts.filter((port) => port.connected_allocation_id);
    expect(connected).toHaveLength(8);
    for (const old of connected) {
      const allocation = legacy.allocations.find((a) => a.id === old.connected_allocation_id);
      const sw = switches.find((s) => s.name === old.switch.name);
      const port = ports.find((p) => p.switchId === sw.id && p.name === old.label);
      expect(addresses.find((a) => a.address === allocation.ip_address && a.hostname === allocation.hostname).portId, old.label).toBe(
        port.id,
      );
    }
  });

  it('takes every range: start, end, type as kind, description, of its network', async () => {
    const networks = await all('/api/networks');
    const subnetOf = new Map(legacy.networks.map((network) => [network.id, network.subnet]));
    let total = 0;
    for (const network of networks) {
      const answer = await api(server.baseUrl, 'GET', `/api/networks/${network.id}/ranges?limit=500`, { token });
      expect(answer.status, answer.text).toBe(200);
      const ranges = answer.body.items;
      total += ranges.length;
      for (const old of legacy.ranges.filter((r) => subnetOf.get(r.network_id) === network.subnet))
        expect(
          ranges.find((r: any) => r.start === old.start_ip),
          old.start_ip,
        ).toMatchObject({
          end: old.end_ip,
          kind: old.type,
          description: old.description || null,
        });
    }
    expect(total).toBe(legacy.ranges.length);
  });

  it('names what it did not migrate: each setting it has no place for; its users all came across', () => {
    const logs = server.logs();
    expect(logs).toContain('legacy migration: users migrated count=2');
    expect(logs).not.toContain('field=password_hash');
    expect(logs).toContain(
      `legacy migration: setting not migrated file=settings.json setting=default_vlan value=120 reason="a default of 0.20.x's port form; every port keeps its own VLANs"`,
    );
    expect(logs).not.toContain('file not migrated, this release has no place');
    expect(logs).not.toMatch(/file not migrated.*file=ip-(allocations|ranges).json/);
    expect(logs).toContain('legacy migration: addresses migrated count=24');
    expect(logs).toContain('legacy migration: ranges migrated count=9');
    expect(logs).toContain('legacy migration: templates migrated count=3');
    expect(logs).toContain('legacy migration: lags migrated count=4');
    expect(logs).not.toMatch(/file not migrated.*file=(layout-templates|lag-groups).json/);
    expect(logs).toContain(
      'legacy migration: file not migrated, the file of its current name was read instead; it stays in the data directory file=lagGroups.json read=lag-groups.json',
    );
    expect(logs).toContain('legacy migration: unknown field dropped file=switches.json field=ports[].helper_usage count=87');
    const [archive] = archives(server.dataDir);
    for (const name of ['settings.json', 'vlans.json', 'ip-allocations.json', 'ip-ranges.json', 'layout-templates.json', 'lag-groups.json'])
      expect(readFileSync(join(server.dataDir, archive, name), 'utf8')).toBe(readFileSync(join(FIXTURE, name), 'utf8'));
  });

  it('keeps the activity log, its 0.20.x actions named in the summaries, undoable only with previous values', async () => {
    const entries = (await all('/api/activity')).filter((entry) => !isFixEntry(entry));
    expect(entries).toHaveLength(163);
    // An entry without its record's previous values (test/legacy/fixture-history.test.ts has those) is history only.
    expect(entries.filter((entry) => entry.changes === null).every((entry) => entry.undoable === false)).toBe(true);
    expect(entries.some((entry) => entry.summary.includes('(0.20.x: update_port)'))).toBe(true);
    const created = entries.find((entry) => entry.action === 'create' && entry.entityType === 'site');
    expect(created.entityId).not.toBeNull();
    // Entries about allocations and ranges name the address and the range they became.
    const address = entries.find((entry) => entry.entityType === 'address' && entry.entityId);
    expect(address).toBeDefined();
    expect(entries.some((entry) => entry.entityType === 'range' && entry.entityId)).toBe(true);
  });
});

describeNeeding([FIXTURE_FILES], 'the layout templates and LAG groups of the real 0.20.3 data directory', () => {
  it('come across as 3 templates: vendor, model, description, units of blocks with rows, order, speed and PoE', async () => {
    const answer = await api(server.baseUrl, 'GET', '/api/templates?limit=500', { token });
    expect(answer.status, answer.text).toBe(200);
    const templates = answer.body.items;
    expect(templates).toHaveLength(3);
    for (const old of legacy.templates) {
      const template = templates.find((t: any) => t.name === old.name);
      expect(template, old.name).toMatchObject({ vendor: old.manufacturer, model: old.model, description: old.description });
      expect(template.units.map((unit: any[]) => unit.length)).toEqual(old.units.map((unit: any) => unit.blocks.length));
      old.units.forEach((unit: any, u: number) =>
        unit.blocks.forEach((block: any, b: number) =>
          expect(template.units[u][b], `${old.name} ${u}/${b}`).toMatchObject({
            type: block.type,
            count: block.count,
            startIndex: block.start_index,
            rows: block.rows,
            order: block.row_layout ?? 'sequential',
            speed: block.default_speed ?? null,
            poe: block.poe ? { type: block.poe.type, maxWatts: block.poe.max_watts } : null,
          }),
        ),
      );
    }
    const aruba = templates.find((t: any) => t.name === 'Aruba CX 6100 48G PoE 4SFP+');
    expect(aruba.units[0].map((block: any) => block.namePattern)).toEqual(['{unit}/1/{n}', '{unit}/1/{n}']);
    const logs = server.logs();
    for (const field of ['datasheet_url', 'airflow', 'units[].label', 'units[].blocks[].id', 'units[].blocks[].physical_type'])
      expect(logs).toContain(`legacy migration: unknown field dropped file=layout-templates.json field=${field} `);
  });

  it("keeps each switch's template and stack size; each template makes exactly the names, types and units 0.20.3 gave its ports", async () => {
    const switches = await all('/api/switches');
    const ports = await all('/api/ports');
    const templates = (await api(server.baseUrl, 'GET', '/api/templates?limit=500', { token })).body.items;
    const legacyTemplate = new Map(legacy.templates.map((t) => [t.id, t.name]));
    for (const old of legacy.switches) {
      const sw = switches.find((s) => s.name === old.name);
      const template = templates.find((t: any) => t.id === sw.templateId);
      expect(template?.name, old.name).toBe(legacyTemplate.get(old.layout_template_id));
      // No switch of the fixture had ports added, removed or renamed since it was made from its template.
      const made = layOutPorts(template.units, sw.stackSize).map((port) => [port.name, port.type, port.unit]);
      const own = ports
        .filter((port) => port.switchId === sw.id)
        .sort((a, b) => a.position - b.position)
        .map((port) => [port.name, port.type, port.unit]);
      expect(made, old.name).toEqual(own);
      expect(own, old.name).toEqual(old.ports.map((port: any) => [port.label, port.type, port.unit]));
    }
    const stacks = Object.fromEntries(switches.map((sw) => [sw.name, sw.stackSize]));
    expect(stacks).toEqual({
      'core-n1': 1,
      'core-n2': 1,
      'acc-bib': 4,
      'acc-hs1': 1,
      'acc-hs2': 1,
      'stk-verw': 2,
      'dist-sued': 1,
      'acc-lab1': 1,
      'sw-halle': 1,
    });
    const bib = ports.filter((port) => port.switchId === switches.find((s) => s.name === 'acc-bib').id).map((port) => port.name);
    expect([bib[0], bib.at(-1)]).toEqual(['1/1/1', '4/1/52']);
  });

  it('comes across as 4 LAGs in 2 pairs: members, trunk VLANs of the first member, the far LAG, no fix lines', async () => {
    const switches = await all('/api/switches');
    const ports = await all('/api/ports');
    const vlans = await all('/api/vlans');
    const lags: any[] = [];
    for (const sw of switches) {
      const answer = await api(server.baseUrl, 'GET', `/api/switches/${sw.id}/lags?limit=500`, { token });
      expect(answer.status, answer.text).toBe(200);
      lags.push(...answer.body.items);
    }
    expect(lags).toHaveLength(legacy.lags.length);
    const switchName = (id: string) => switches.find((sw) => sw.id === id).name;
    const vid = (id: string) => vlans.find((v) => v.id === id).vid;
    for (const old of legacy.lags) {
      const oldSwitch = legacy.switches.find((sw) => sw.id === old.switch_id);
      const lag = lags.find((l) => l.name === old.name && switchName(l.switchId) === oldSwitch.name);
      const members = lag.memberPortIds.map((id: string) => ports.find((port) => port.id === id));
      const oldMembers = oldSwitch.ports.filter((port: any) => old.port_ids.includes(port.id));
      expect(members.map((port: any) => port.name)).toEqual(oldMembers.map((port: any) => port.label));
      expect(members.every((port: any) => port.lagId === lag.id)).toBe(true);
      expect(lag, old.name).toMatchObject({ mode: 'lacp-active', portMode: 'trunk', description: old.description });
      expect(vid(lag.untaggedVlanId)).toBe(oldMembers[0].native_vlan);
      expect(lag.taggedVlanIds.map(vid).sort()).toEqual([...oldMembers[0].tagged_vlans].sort());
      const far = lags.find((l) => l.id === lag.remoteLagId);
      expect(far.remoteLagId).toBe(lag.id);
      expect(switchName(far.switchId)).toBe(old.remote_device);
    }
    expect(ports.filter((port) => port.lagId)).toHaveLength(8);
    expect(server.logs()).not.toMatch(/value fixed file=lag-groups.json/);
    expect(server.logs()).not.toMatch(/value fixed file=layout-templates.json/);
  });

  it('names templates and LAGs in the migrate entry, and the activity entries about them name them', async () => {
    const entries = await all('/api/activity');
    const migrate = entries.find((entry) => entry.action === 'migrate');
    expect(migrate.summary).toContain('3 templates, 4 LAGs');
    expect(entries.some((entry) => entry.entityType === 'template' && entry.entityId)).toBe(true);
    expect(entries.some((entry) => entry.entityType === 'lag' && entry.entityId && entry.siteId)).toBe(true);
  });
});
