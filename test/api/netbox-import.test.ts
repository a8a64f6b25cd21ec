// The NetBox data import (docs/NETBOX.md) on bundles in NetBox's own answer shapes (test/fixtures/netbox/*.json: the
// serializers of NetBox 4.x, nested objects { id, url, display, name, slug }, choices { value, label }, cables with
// a_terminations/b_terminations): the dry run and the import agree, every record is accounted for, the mapping is what
// the bundle says, and undo of the one import entry removes it all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'netbox');
const bundleOf = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));

interface Fix {
  file: string;
  id: string;
  record?: string;
  field: string;
  reason: string;
}

const server = useTestServer();
const users = useSignedInUsers(server, { editor: 'netbox-editor' });

const importBundle = (bundle: unknown, query = '') => server.call('POST', `/api/import/netbox${query}`, { body: bundle });
const items = async (path: string) => (await server.must(200, 'GET', path)).items as Record<string, any>[];

/** Every record of every path of the bundle is imported, folded or listed, once; each listed one has its fix. */
function expectAccounted(bundle: Record<string, { results: { id: number }[] }>, answer: { netbox: Record<string, any>; fixes: Fix[] }) {
  expect(Object.keys(answer.netbox).sort()).toEqual(Object.keys(bundle).sort());
  for (const [path, list] of Object.entries(bundle)) {
    const tally = answer.netbox[path];
    expect(tally.records, path).toBe(list.results.length);
    expect(tally.imported + tally.folded + tally.listed, path).toBe(tally.records);
    const listed = new Set(answer.fixes.filter((fix) => fix.file === path && fix.field === '').map((fix) => fix.id));
    expect(listed.size, `${path}: one fix per listed record`).toBe(tally.listed);
  }
}

const SCENARIOS = [
  {
    bundle: 'campus',
    created: { sites: 1, vlans: 3, networks: 3, ranges: 2, switches: 2, lags: 0, ports: 9, addresses: 4 },
    listed: [
      ['dcim/devices', 'srv-dns-1', /not a switch role/],
      ['dcim/interfaces', 'Vlan99 of core-1', /virtual interface/],
      ['dcim/interfaces', 'eth0 of srv-dns-1', /not an imported switch/],
      ['ipam/prefixes', '10.10.0.0/16', /container prefix/],
      ['ipam/prefixes', '192.168.50.0/24', /no imported site/],
      ['ipam/ip-addresses', '10.10.10.0/24', /not a usable host/],
      ['ipam/ip-addresses', '10.10.10.150/24', /inside a DHCP range/],
      ['ipam/vrfs', 'mgmt', /VRFs are not mapped/],
      ['dcim/manufacturers', 'Dell', /no imported record names it/],
    ],
    noted: [['dcim/devices', 'acc-1', 'custom_fields']],
  },
  {
    bundle: 'lags-panels',
    created: { sites: 1, vlans: 3, networks: 2, ranges: 0, switches: 2, lags: 2, ports: 10, addresses: 1 },
    listed: [
      ['dcim/devices', 'PP-A1', /not a switch role/],
      ['dcim/interfaces', 'Port-Channel2 of dist-1', /LAG with 1 member port/],
      ['dcim/cables', 'P-102', /no front port at position 2/],
      ['dcim/front-ports', 'Front 2 of PP-A1', /physical layer/],
      ['ipam/vlans', 'Legacy (400)', /no imported port or prefix uses/],
    ],
    noted: [
      ['dcim/devices', 'dist-1', 'virtual_chassis'],
      ['ipam/prefixes', '10.20.200.0/24', 'vrf'],
      ['ipam/vlans', 'Backup (300)', 'group'],
      ['dcim/interfaces', 'Ethernet3 of dist-1', 'mode'],
    ],
  },
] as const;

describe.each(SCENARIOS)('POST /api/import/netbox with the $bundle bundle', ({ bundle: name, created, listed, noted }) => {
  const bundle = bundleOf(name);
  let answer: Record<string, any> = {};

  it('answers the same counts, fixes and tally in the dry run as in the import, and the dry run changes nothing', async () => {
    const dry = await importBundle(bundle, '?dryRun=true');
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.dryRun).toBe(true);
    expect(await items('/api/sites')).toHaveLength(0);
    const done = await importBundle(bundle);
    expect(done.status, done.text).toBe(201);
    answer = done.body;
    expect(answer.created).toMatchObject(created);
    const strip = (fixes: Fix[]) => fixes.map(({ file, id, field, reason }) => ({ file, id, field, reason }));
    expect({ ...dry.body, dryRun: undefined, fixes: strip(dry.body.fixes) }).toEqual({ ...answer, fixes: strip(answer.fixes) });
  });

  it('accounts for every record of the bundle: imported, folded into another, or listed in the fixes with its reason', () => {
    expectAccounted(bundle, answer as never);
    for (const [file, record, reason] of listed) {
      const fix = answer.fixes.find((one: Fix) => one.file === file && one.record?.endsWith(record) && one.field === '');
      expect(fix, `${file} ${record}`).toBeDefined();
      expect(fix.reason).toMatch(reason);
    }
    for (const [file, record, field] of noted) {
      expect(
        answer.fixes.some((one: Fix) => one.file === file && one.record?.endsWith(record) && one.field === field),
        `${record} ${field}`,
      ).toBe(true);
    }
  });

  it('is one import entry that undo reverses entirely', async () => {
    const entry = (await server.must(200, 'GET', '/api/activity?limit=1')).items[0];
    expect(entry).toMatchObject({ action: 'import', undoable: true });
    expect(entry.summary).toMatch(/^Imported a NetBox bundle: created 1 sites/);
    const lags = [];
    for (const sw of await items('/api/switches')) lags.push(...(await items(`/api/switches/${sw.id}/lags`)));
    expect(lags).toHaveLength(created.lags);
    const undo = await server.call('POST', `/api/activity/${entry.id}/undo`);
    expect(undo.status, undo.text).toBeLessThan(300);
    for (const path of ['/api/sites', '/api/vlans', '/api/networks', '/api/switches', '/api/ports', '/api/addresses', '/api/ranges'])
      expect(await items(path), path).toHaveLength(0);
    for (const lag of lags) expect((await server.call('GET', `/api/lags/${lag.id}`)).status).toBe(404);
  });
});

describe('the mapping of the bundles', () => {
  it('makes switches, ports, links, networks, addresses and ranges of the small campus as NetBox has them', async () => {
    const done = await importBundle(bundleOf('campus'));
    expect(done.status, done.text).toBe(201);
    const [site] = await items('/api/sites');
    expect(site).toMatchObject({ name: 'Campus Nord', address: 'Hauptstrasse 1, 10115 Berlin', description: 'Main campus' });
    const switches = await items('/api/switches?sort=name');
    expect(
      switches.map((sw) => [sw.name, sw.vendor, sw.model, sw.serialNumber, sw.managementIp, sw.role, sw.location, sw.rackPosition]),
    ).toEqual([
      ['acc-1', 'Cisco', 'C9300-24P', 'FOC2401X0CD', '10.10.99.3', 'access', 'Building A / A-01', 'U38'],
      ['core-1', 'Cisco', 'C9300-24P', 'FOC2401X0AB', '10.10.99.2', 'core', 'Building A / A-01', 'U40'],
    ]);
    expect(switches[1].tags).toEqual(['campus']);
    const vlans = new Map((await items('/api/vlans')).map((vlan) => [vlan.id, vlan.vid]));
    const ports = await items(`/api/ports?switchId=${switches[0].id}&limit=100`);
    const port = (name: string) => ports.find((one) => one.name === name)!;
    expect(port('GigabitEthernet1/0/1')).toMatchObject({ type: 'rj45', speed: '1G', mode: 'access', description: 'desk 1.01' });
    expect(port('GigabitEthernet1/0/1').poe).toEqual({ type: '802.3at', maxWatts: 30 });
    expect(vlans.get(port('GigabitEthernet1/0/1').untaggedVlanId)).toBe(10);
    expect(port('GigabitEthernet1/0/3').enabled).toBe(false);
    expect(port('GigabitEthernet0/0').type).toBe('management');
    const uplink = port('TenGigabitEthernet1/1/1');
    expect(uplink).toMatchObject({ type: 'sfp+', speed: '10G', mode: 'trunk' });
    expect(vlans.get(uplink.untaggedVlanId)).toBe(99);
    expect(uplink.taggedVlanIds.map((id: string) => vlans.get(id)).sort()).toEqual([10, 20]);
    const far = (await server.must(200, 'GET', `/api/ports/${uplink.linkedPortId}`)) as Record<string, any>;
    expect([far.name, far.switchId]).toEqual(['TenGigabitEthernet1/1/1', switches[1].id]);
    expect(port('GigabitEthernet1/0/2')).toMatchObject({ connectedDevice: 'srv-dns-1', connectedPort: 'eth0', linkedPortId: null });
    const networks = await items('/api/networks?sort=subnet');
    expect(networks.map((network) => [network.name, network.subnet, vlans.get(network.vlanId)])).toEqual([
      ['Users', '10.10.10.0/24', 10],
      ['Voice', '10.10.20.0/24', 20],
      ['Management', '10.10.99.0/24', 99],
    ]);
    const addresses = await items('/api/addresses?sort=address&limit=100');
    expect(addresses.map((address) => [address.address, address.hostname, address.switchId])).toEqual([
      ['10.10.10.53', 'dns1.campus.example.org', null],
      ['10.10.99.1', 'gw-mgmt', null],
      ['10.10.99.2', 'core-1.campus.example.org', switches[1].id],
      ['10.10.99.3', 'acc-1.campus.example.org', switches[0].id],
    ]);
    const ranges = await items('/api/ranges?sort=start');
    expect(ranges.map((range) => [range.start, range.end, range.kind])).toEqual([
      ['10.10.10.100', '10.10.10.199', 'dhcp'],
      ['10.10.20.10', '10.10.20.19', 'reserved'],
    ]);
    await server.must(200, 'POST', `/api/activity/${(await server.must(200, 'GET', '/api/activity?limit=1')).items[0].id}/undo`);
  });

  it('makes LAGs, trunks of a VLAN group and a link through two patch panels', async () => {
    const done = await importBundle(bundleOf('lags-panels'));
    expect(done.status, done.text).toBe(201);
    const vlans = await items('/api/vlans?sort=vid');
    expect(vlans.map((vlan) => [vlan.vid, vlan.name, vlan.status])).toEqual([
      [100, 'Servers', 'active'],
      [200, 'Storage', 'active'],
      [300, 'Backup', 'active'],
    ]);
    const vid = new Map(vlans.map((vlan) => [vlan.id, vlan.vid]));
    const switches = await items('/api/switches?sort=name');
    const lags = [...(await items(`/api/switches/${switches[0].id}/lags`)), ...(await items(`/api/switches/${switches[1].id}/lags`))];
    expect(lags).toHaveLength(2);
    for (const lag of lags) {
      expect(lag).toMatchObject({ name: 'Port-Channel1', portMode: 'trunk', description: 'peer link' });
      expect(vid.get(lag.untaggedVlanId)).toBe(100);
      expect(lag.taggedVlanIds.map((id: string) => vid.get(id)).sort()).toEqual([200, 300]);
      expect(lag.memberPortIds).toHaveLength(2);
    }
    const portsOf = async (sw: Record<string, any>) =>
      new Map((await items(`/api/ports?switchId=${sw.id}`)).map((port) => [port.name, port]));
    const [one, two] = [await portsOf(switches[0]), await portsOf(switches[1])];
    expect(one.get('Ethernet1')!.linkedPortId).toBe(two.get('Ethernet1')!.id);
    // Ethernet2 of dist-1 reaches Ethernet2 of dist-2 through PP-A1 Front 1, its rear port, the trunk and PP-B1 Front 1.
    expect(one.get('Ethernet2')!.linkedPortId).toBe(two.get('Ethernet2')!.id);
    expect(two.get('Ethernet2')!.linkedPortId).toBe(one.get('Ethernet2')!.id);
    expect(one.get('Ethernet2')).toMatchObject({ lagId: lags[0].id, mode: 'trunk' });
    expect(one.get('Ethernet3')!.linkedPortId).toBeNull();
    expect(
      one
        .get('Ethernet3')!
        .taggedVlanIds.map((id: string) => vid.get(id))
        .sort(),
    ).toEqual([200, 300]);
    // Port-Channel2 has one member: no LAG; Ethernet5 stays a port of its own, with its own (empty) VLANs.
    expect(one.get('Ethernet5')).toMatchObject({ lagId: null, mode: 'access', untaggedVlanId: null });
  });

  it('takes the switch roles the request names', async () => {
    const dry = await importBundle(bundleOf('campus'), '?dryRun=true&switchRoles=core-switch,server');
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.created).toMatchObject({ switches: 2 });
    expect(dry.body.fixes.filter((fix: Fix) => fix.file === 'dcim/devices' && fix.field === '').map((fix: Fix) => fix.record)).toEqual([
      'device acc-1',
    ]);
  });

  it('merges into the stored site of the same name a second import of the same bundle, adding nothing twice', async () => {
    const again = await importBundle(bundleOf('lags-panels'), '?dryRun=true');
    expect(again.status, again.text).toBe(200);
    expect(again.body.created).toMatchObject({ sites: 0, vlans: 0, switches: 0, ports: 0 });
    expect(again.body.merged).toMatchObject({ sites: 1, switches: 2 });
  });

  it('refuses to undo the import once a record it made has changed (409 undo_conflict), and undoes it when that change is undone', async () => {
    const entry = (await server.must(200, 'GET', '/api/activity?limit=1')).items[0];
    expect(entry.summary).toMatch(/^Imported a NetBox bundle/);
    const [sw] = await items('/api/switches?sort=name');
    const renamed = await server.call('PATCH', `/api/switches/${sw.id}`, {
      body: { name: 'dist-1-renamed' },
      headers: { 'If-Match': `"${sw.version}"` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const refused = await server.call('POST', `/api/activity/${entry.id}/undo`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('undo_conflict');
    const rename = (await server.must(200, 'GET', '/api/activity?limit=1')).items[0];
    await server.must(200, 'POST', `/api/activity/${rename.id}/undo`);
    await server.must(200, 'POST', `/api/activity/${entry.id}/undo`);
    expect(await items('/api/switches')).toHaveLength(0);
  });
});

describe('refusals', () => {
  it.each([
    ['a list', [], 'validation_failed'],
    ['a path whose value is no list answer', { 'dcim/sites': { results: 'no' } }, 'validation_failed'],
    [
      'one page of a longer list',
      { 'dcim/sites': { count: 2, next: 'https://netbox.example.org/api/dcim/sites/?offset=1', previous: null, results: [] } },
      'validation_failed',
    ],
    ['an empty bundle', {}, 'validation_failed'],
  ])('refuses %s (400) and changes nothing', async (_what, body, code) => {
    const answer = await importBundle(body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error.code).toBe(code);
  });

  it('refuses switchRoles that name no role (400)', async () => {
    const answer = await importBundle(bundleOf('campus'), '?switchRoles=,');
    expect(answer.status).toBe(400);
    expect(answer.body.error.details[0].field).toBe('switchRoles');
  });

  it('is for admins only (403 for an editor)', async () => {
    const answer = await server.as(() => users.editor).call('POST', '/api/import/netbox?dryRun=true', { body: bundleOf('campus') });
    expect(answer.status).toBe(403);
  });
});
