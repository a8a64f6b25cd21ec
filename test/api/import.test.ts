// Merge import (POST /api/data/import) of a db-v1 document from another install and of a 0.20.x bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { comparable, exportDocument, seedInventory, type Seeded } from '../helpers/data.ts';
import { api, userWithRole, useTestServer } from '../helpers/server.ts';

/** The kinds a merge counts, and its counts: 0 but for those given. */
const KINDS = ['users', 'sites', 'vlans', 'networks', 'ranges', 'templates', 'switches', 'lags', 'ports', 'addresses', 'activity'];
const kindCounts = (some: Record<string, number>) => ({ ...Object.fromEntries(KINDS.map((kind) => [kind, 0])), ...some });

// The install the document comes from, and the populated one it is merged into.
const source = useTestServer();
const target = useTestServer();
let targetSeeded: Seeded;
let doc: any;

beforeAll(async () => {
  const call = async (method: string, path: string, body?: unknown) => (await source.call(method, path, { body })).body;
  const hq = await seedInventory(source.baseUrl, source.token, 'HQ');
  const cameras = await call('POST', '/api/vlans', { siteId: hq.sites.HQ, name: 'Cameras', vid: 30, color: '#abcdef' });
  await call('POST', '/api/networks', { siteId: hq.sites.HQ, name: 'Cameras', vlanId: cameras.id, subnet: '10.0.30.0/24' });
  await call('POST', '/api/vlans', { siteId: hq.sites.HQ, name: 'Guests', vid: 50 });
  const access = await call('POST', '/api/switches', { siteId: hq.sites.HQ, name: 'access 2', portCount: 2 });
  const ports = (await call('GET', `/api/switches/${access.id}`)).ports;
  const core3 = (await call('GET', `/api/switches/${hq.switches.core}`)).ports[2];
  await call('PATCH', `/api/ports/${ports[0].id}`, { untaggedVlanId: hq.vlans.Users });
  await call('PATCH', `/api/switches/${access.id}`, { configuredVlanIds: [hq.vlans.Users, cameras.id] });
  await call('PATCH', `/api/ports/${ports[1].id}`, { linkedPortId: core3.id });
  const remote = await call('POST', '/api/sites', { name: 'Remote' });
  const remoteUsers = await call('POST', '/api/vlans', { siteId: remote.id, name: 'Users', vid: 10 });
  await call('POST', '/api/networks', { siteId: remote.id, name: 'Users', vlanId: remoteUsers.id, subnet: '10.1.10.0/24' });
  await call('POST', '/api/switches', { siteId: remote.id, name: 'core', portCount: 3 });
  doc = await exportDocument(source.baseUrl, source.token);
  targetSeeded = await seedInventory(target.baseUrl, target.token, 'hq', { macPrefix: 'aa:bb:cc:dd:ee' });
  await target.call('POST', '/api/sites', { body: { name: 'Branch' } });
  // The stored site uses the colour of the document's new VLAN Cameras, and the name of its new VLAN Guests.
  await target.call('POST', '/api/vlans', { body: { siteId: targetSeeded.sites.hq, name: 'Printers', vid: 40, color: '#abcdef' } });
  await target.call('POST', '/api/vlans', { body: { siteId: targetSeeded.sites.hq, name: 'Guests', vid: 55 } });
});

describe('POST /api/data/import with a db-v1 document', () => {
  it.each<[string, unknown, string]>([
    ['an empty object', {}, 'unsupported_schema'],
    ['another schema', { schema: 'db-v9', data: {} }, 'unsupported_schema'],
    ['unknown keys', { hello: [] }, 'unsupported_schema'],
  ])('refuses %s', async (_, body, code) => {
    const answer = await target.call('POST', '/api/data/import', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(code);
  });

  it('is for admins only', async () => {
    const editor = await userWithRole(target.baseUrl, target.token, 'ed', 'editor');
    expect((await api(target.baseUrl, 'POST', '/api/data/import', { token: editor.token, body: doc })).status).toBe(403);
  });

  it('with onConflict=fail refuses with 409 and the clashes, changing nothing', async () => {
    const before = await exportDocument(target.baseUrl, target.token);
    const answer = await target.call('POST', '/api/data/import?onConflict=fail', { body: doc });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('conflict');
    const hqIndex = doc.data.sites.findIndex((site: any) => site.name === 'HQ');
    expect(answer.body.error.details).toContainEqual({ field: `data.sites[${hqIndex}].name`, message: 'a site named "HQ" exists' });
    expect(answer.body.error.details.some((detail: any) => /^data\.vlans\[\d+\]\.vid$/.test(detail.field))).toBe(true);
    expect(answer.body.error.details.some((detail: any) => /^data\.networks\[\d+\]\.subnet$/.test(detail.field))).toBe(true);
    expect(comparable(await exportDocument(target.baseUrl, target.token))).toEqual(comparable(before));
  });

  it.each([
    [
      'a MAC address that a stored switch has (409), whatever onConflict says',
      ['switches', 'access 2', 'macAddress', 'AA-BB-CC-DD-EE-01'],
      'a stored switch has MAC address aa:bb:cc:dd:ee:01',
      'conflict',
    ],
    [
      'a new network that overlaps a stored one of its site (409)',
      ['networks', 'Cameras', 'subnet', '10.0.0.0/16'],
      'overlaps network "Users" (10.0.10.0/24) of site "hq"',
      'subnet_overlaps',
    ],
  ])('refuses %s, with the code of its rule', async (_what, [kind, name, field, value], message, code) => {
    const clash = structuredClone(doc);
    const index = clash.data[kind].findIndex((record: any) => record.name === name);
    clash.data[kind][index][field] = value;
    const answer = await target.call('POST', '/api/data/import', { body: clash });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.details).toEqual([{ field: `data.${kind}[${index}].${field}`, message }]);
  });

  it('refuses clashes that break rules of two codes with 409 conflict, naming each', async () => {
    const clash = structuredClone(doc);
    const switchIndex = clash.data.switches.findIndex((record: any) => record.name === 'access 2');
    const networkIndex = clash.data.networks.findIndex((record: any) => record.name === 'Cameras');
    clash.data.switches[switchIndex].macAddress = 'AA-BB-CC-DD-EE-01';
    clash.data.networks[networkIndex].subnet = '10.0.0.0/16';
    const answer = await target.call('POST', '/api/data/import?dryRun=true', { body: clash });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('conflict');
    expect(answer.body.error.details.map((detail: any) => detail.field).sort()).toEqual([
      `data.networks[${networkIndex}].subnet`,
      `data.switches[${switchIndex}].macAddress`,
    ]);
  });

  it('answers a dry run with the counts and changes nothing', async () => {
    const before = await exportDocument(target.baseUrl, target.token);
    const answer = await target.call('POST', '/api/data/import?dryRun=true', { body: doc });
    expect(answer.status).toBe(200);
    expect(answer.body.dryRun).toBe(true);
    expect(answer.body.created.sites).toBe(1);
    expect(comparable(await exportDocument(target.baseUrl, target.token))).toEqual(comparable(before));
  });

  it('merges into a populated install: same-name site, networks, switches and ports merged, the rest created, references right', async () => {
    const answer = await target.call('POST', '/api/data/import', { body: doc });
    expect(answer.status).toBe(200);
    expect(answer.body.merged).toEqual(kindCounts({ sites: 1, vlans: 3, networks: 2, switches: 2, ports: 6 }));
    expect(answer.body.created).toEqual(
      kindCounts({ sites: 1, vlans: 3, networks: 2, switches: 2, ports: 5, activity: doc.data.activity.length }),
    );
    const vlanIndex = (name: string) => doc.data.vlans.findIndex((vlan: any) => vlan.name === name && vlan.siteId === doc.data.sites[0].id);
    expect(answer.body.fixes).toEqual([
      {
        file: 'vlans',
        id: doc.data.vlans[vlanIndex('Cameras')].id,
        field: 'color',
        from: '#abcdef',
        to: expect.stringMatching(/^#[0-9a-f]{6}$/),
        reason: 'site "hq" has a VLAN of that colour',
      },
      {
        file: 'vlans',
        id: doc.data.vlans[vlanIndex('Guests')].id,
        field: 'name',
        from: 'Guests',
        to: 'Guests (2)',
        reason: 'site "hq" has a VLAN of that name',
      },
      // Both Guests got the first free colour of their own site.
      expect.objectContaining({ file: 'vlans', id: doc.data.vlans[vlanIndex('Guests')].id, field: 'color' }),
    ]);

    const sites = (await target.call('GET', '/api/sites')).body.items.map((site: any) => site.name).sort();
    expect(sites).toEqual(['Branch', 'Remote', 'hq']);
    const hqId = targetSeeded.sites.hq;
    const vlans = (await target.call('GET', `/api/vlans?siteId=${hqId}&limit=100`)).body.items;
    expect(vlans.map((v: any) => `${v.name}:${v.vid}`).sort()).toEqual([
      'Cameras:30',
      'Guests (2):50',
      'Guests:55',
      'Mgmt:21',
      'Printers:40',
      'Users:10',
      'Voice:20',
    ]);
    const colors = vlans.map((v: any) => v.color);
    expect(new Set(colors).size).toBe(colors.length);
    const cameras = vlans.find((v: any) => v.name === 'Cameras');
    const networks = (await target.call('GET', `/api/networks?siteId=${hqId}`)).body.items;
    expect(networks.map((n: any) => `${n.name}:${n.subnet}`).sort()).toEqual([
      'Cameras:10.0.30.0/24',
      'Mgmt:2001:db8::/64',
      'Users:10.0.10.0/24',
    ]);
    expect(networks.find((n: any) => n.name === 'Cameras').vlanId).toBe(cameras.id);
    const switches = (await target.call('GET', `/api/switches?siteId=${hqId}`)).body.items;
    expect(switches.map((sw: any) => sw.name).sort()).toEqual(['access 2', 'core', 'edge 1']);
    const access = (await target.call('GET', `/api/switches/${switches.find((sw: any) => sw.name === 'access 2').id}`)).body;
    expect(access.ports[0].untaggedVlanId).toBe(targetSeeded.vlans.Users);
    expect([...access.configuredVlanIds].sort()).toEqual([targetSeeded.vlans.Users, cameras.id].sort());
    const core = (await target.call('GET', `/api/switches/${targetSeeded.switches.core}`)).body;
    expect(core.ports).toHaveLength(4);
    expect(access.ports[1].linkedPortId).toBe(core.ports[2].id);
    expect(core.ports[2].linkedPortId).toBe(access.ports[1].id);
    expect(core.ports[0].linkedPortId).toBe(targetSeeded.ports.e1);
  });

  it('shows as one import entry that cannot be undone', async () => {
    const entry = (await target.call('GET', '/api/activity?limit=1')).body.items[0];
    expect(entry).toMatchObject({ action: 'import', undoable: false });
    expect(entry.summary).toMatch(/created 1 sites, 3 vlans, 2 networks, 0 ranges, 0 templates, 2 switches, 0 lags, 5 ports, 0 addresses/);
    const undo = await target.call('POST', `/api/activity/${entry.id}/undo`);
    expect(undo.status).toBe(409);
    expect(undo.body.error.code).toBe('not_undoable');
  });
});

describe('POST /api/data/import with a 0.20.x bundle', () => {
  // The files as ezSWM 0.20.x wrote them (LEGACY.md): string ids, snake_case, VLANs by number on ports.
  const bundle = {
    sites: [{ id: 'site-plant', name: 'Legacy plant', description: 'Mill road' }],
    vlans: [
      { id: 'vlan-office', site_id: 'site-plant', vlan_id: 10, name: 'Office', status: 'active' },
      { id: 'vlan-voice', site_id: 'site-plant', vlan_id: 20, name: 'Voice', status: 'active' },
    ],
    networks: [{ id: 'net-office', site_id: 'site-plant', vlan_id: 'vlan-office', name: 'Office', subnet: '10.9.0.0/24' }],
    switches: [
      {
        id: 'sw-a',
        site_id: 'site-plant',
        name: 'plant-sw',
        ports: [
          { id: 'a1', unit: 1, index: 1, label: '1', port_mode: 'access', access_vlan: 10, mac_address: 'AA:BB:CC:DD:00:01' },
          {
            id: 'a2',
            unit: 1,
            index: 2,
            label: '2',
            port_mode: 'trunk',
            native_vlan: 10,
            tagged_vlans: [20],
            connected_device_id: 'sw-b',
            connected_port_id: 'b1',
          },
        ],
      },
      {
        id: 'sw-b',
        site_id: 'site-plant',
        name: 'plant-sw2',
        ports: [
          {
            id: 'b1',
            unit: 1,
            index: 1,
            label: '1',
            port_mode: 'trunk',
            native_vlan: 10,
            tagged_vlans: [20],
            connected_device_id: 'sw-a',
            connected_port_id: 'a2',
          },
        ],
      },
    ],
    activity: [
      {
        id: 'act-1',
        user_id: 'gone-user',
        action: 'create',
        entity_type: 'site',
        entity_id: 'site-plant',
        entity_name: 'Legacy plant',
        timestamp: '2019-05-01T10:00:00.000Z',
      },
    ],
  };

  it('names every fault with its path in the bundle', async () => {
    const broken = structuredClone(bundle);
    (broken.vlans as unknown[]).push(7);
    const answer = await target.call('POST', '/api/data/import', { body: broken });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details[0]).toEqual({ field: 'vlans[2]', message: 'vlans.json record #3 (no id): must be a JSON object' });
  });

  it('lists a value the model refuses among the fixes of a dry run, and leaves the VLAN out', async () => {
    const broken = structuredClone(bundle);
    broken.vlans[1].vlan_id = 5000;
    const answer = await target.call('POST', '/api/data/import?dryRun=true', { body: broken });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created.vlans).toBe(1);
    expect(answer.body.fixes).toContainEqual(
      expect.objectContaining({
        file: 'vlans.json',
        id: 'vlan-voice',
        field: 'vlan_id',
        from: 5000,
        reason: expect.stringContaining('not migrated'),
      }),
    );
  });

  it('refuses files of another shape, naming each fault: a wrapper object, numeric ids', async () => {
    const answer = await target.call('POST', '/api/data/import?dryRun=true', {
      body: { sites: [{ id: 1, name: 'Flat' }], switches: { version: 1, items: [] } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: any) => detail.field)).toEqual(['sites[0].id', 'switches']);
  });

  it('merges a legacy bundle: fresh ids, references remapped, one import entry', async () => {
    const answer = await target.call('POST', '/api/data/import', { body: bundle });
    expect(answer.status).toBe(200);
    expect(answer.body.created).toEqual(kindCounts({ sites: 1, vlans: 2, networks: 1, switches: 2, ports: 3, activity: 1 }));
    const site = (await target.call('GET', '/api/sites?q=Legacy')).body.items[0];
    const switches = (await target.call('GET', `/api/switches?siteId=${site.id}`)).body.items;
    const plant = (await target.call('GET', `/api/switches/${switches.find((sw: any) => sw.name === 'plant-sw').id}`)).body;
    expect(plant.ports[0].macAddress).toBe('aa:bb:cc:dd:00:01');
    const office = (await target.call('GET', `/api/vlans?siteId=${site.id}&vid=10`)).body.items[0];
    expect(plant.ports[1]).toMatchObject({ mode: 'trunk', untaggedVlanId: office.id });
    const [subnet] = (await target.call('GET', `/api/networks?siteId=${site.id}`)).body.items;
    expect(subnet).toMatchObject({ name: 'Office', subnet: '10.9.0.0/24', vlanId: office.id });
    const far = (await target.call('GET', `/api/ports/${plant.ports[1].linkedPortId}`)).body;
    expect(far.linkedPortId).toBe(plant.ports[1].id);
    const log = (await target.call('GET', '/api/activity?limit=2')).body.items;
    expect(log[0]).toMatchObject({ action: 'import', undoable: false });
    expect(log[1]).toMatchObject({ summary: 'Created site Legacy plant', entityId: site.id, userId: null });
  });

  it('shows a merged bundle as one import entry that cannot be undone', async () => {
    const another = {
      sites: [{ id: 'site-another', name: 'Another plant' }],
      vlans: [{ id: 'vlan-another', site_id: 'site-another', vlan_id: 10, name: 'Office' }],
      switches: [],
      activity: [],
    };
    const answer = await target.call('POST', '/api/data/import', { body: another });
    expect(answer.status, answer.text).toBe(200);
    const [entry] = (await target.call('GET', '/api/activity?limit=1')).body.items;
    expect(entry).toMatchObject({ action: 'import', undoable: false });
    const undo = await target.call('POST', `/api/activity/${entry.id}/undo`);
    expect(undo.status).toBe(409);
    expect(undo.body.error.code).toBe('not_undoable');
  });
});

describeNeeding([sharedFixture('ezswm-0.20.3')], 'POST /api/data/import with the files ezSWM 0.20.3 wrote', () => {
  const dir = join(SHARED_FIXTURES, 'ezswm-0.20.3');
  const file = (name: string) => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));

  it('merges them as the start-up migration takes them, listing every fix', async () => {
    const bundle = Object.fromEntries(['sites', 'vlans', 'networks', 'switches', 'activity', 'users'].map((name) => [name, file(name)]));
    const answer = await target.call('POST', '/api/data/import', { body: bundle });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created).toMatchObject({ sites: 3, vlans: 11, networks: 12, switches: 9, ports: 557, activity: 162 });
    const fixes = answer.body.fixes.map((fix: any) => `${fix.file} ${fix.field}`);
    expect(fixes).toContain('networks.json vlan_id');
    expect(fixes).toContain('switches.json management_ip');
    // Users are no part of a merge; their bcrypt hashes are no fault and no fix either.
    expect(fixes.filter((fix: string) => fix.startsWith('users.json'))).toEqual([]);
  });
});
