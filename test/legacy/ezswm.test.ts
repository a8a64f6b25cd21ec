// The real data directory ezSWM 0.20.3 wrote (../shared/fixtures/ezswm-0.20.3, its README lists what it holds
// and its quirks), migrated by the real server at its first start. Model 2 has 0.20.3's shape: VLANs, networks
// of VLANs, ports with unit, type, link status, PoE and VLAN numbers, switches with role, tags, stack and
// configured VLANs; each maps onto its own, and every quirk is fixed and named in the log.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, api, freshDataDir, setupAdmin, startServer, type TestServer } from '../helpers/server.ts';
import { archives, counts } from './helpers.ts';

const FIXTURE = join(ROOT, '..', 'shared', 'fixtures', 'ezswm-0.20.3');
const read = (name: string): any[] => JSON.parse(readFileSync(join(FIXTURE, name), 'utf8'));
const legacy = { sites: read('sites.json'), vlans: read('vlans.json'), networks: read('networks.json'), switches: read('switches.json') };
const legacyPorts = legacy.switches.flatMap((sw) => sw.ports.map((port: any) => ({ ...port, switch: sw })));

let server: TestServer;
let token: string;

beforeAll(async () => {
  const dataDir = freshDataDir();
  for (const name of ['sites', 'vlans', 'networks', 'switches', 'activity', 'users', 'ip-allocations', 'settings'])
    cpSync(join(FIXTURE, `${name}.json`), join(dataDir, `${name}.json`));
  server = await startServer({ dataDir });
  token = (await setupAdmin(server.baseUrl)).token;
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

describe('the real 0.20.3 data directory at the first start', () => {
  it('comes across complete: sites, VLANs, networks, switches, 557 ports, 162 activity entries', () => {
    expect(counts(server.dataDir)).toMatchObject({ sites: 3, vlans: 11, networks: 12, switches: 9, ports: 557, activity: 163 });
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

  it('names what it did not migrate: bcrypt users and the files model 2 has no place for, which stay', () => {
    const logs = server.logs();
    expect(logs).toContain('field=password_hash from=campus_admin');
    expect(logs).toContain(
      'legacy migration: file not migrated, model 2 has no place for its records yet; it stays in the data directory file=ip-allocations.json',
    );
    expect(logs).toContain('legacy migration: unknown field dropped file=switches.json field=ports[].helper_usage count=87');
    const [archive] = archives(server.dataDir);
    expect(readFileSync(join(server.dataDir, 'ip-allocations.json'), 'utf8')).toBe(
      readFileSync(join(FIXTURE, 'ip-allocations.json'), 'utf8'),
    );
    expect(readFileSync(join(server.dataDir, archive, 'vlans.json'), 'utf8')).toBe(readFileSync(join(FIXTURE, 'vlans.json'), 'utf8'));
  });

  it('keeps the activity log, its 0.20.x actions named in the summaries, never undoable', async () => {
    const entries = await all('/api/activity');
    expect(entries).toHaveLength(163);
    expect(entries.filter((entry) => entry.action !== 'migrate').every((entry) => entry.undoable === false)).toBe(true);
    expect(entries.some((entry) => entry.summary.includes('(0.20.x: update_port)'))).toBe(true);
    const created = entries.find((entry) => entry.action === 'create' && entry.entityType === 'site');
    expect(created.entityId).not.toBeNull();
  });
});
