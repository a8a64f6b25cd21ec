import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObservedSwitch } from '../../src/discovery/observed.ts';
import { readDb } from '../helpers/db.ts';
import { expectWordedRefusal } from '../helpers/refusals.ts';
import {
  apiClient,
  expectFaults,
  NO_SUCH_ID,
  ROOT,
  setupAdmin,
  startServer,
  userWithRole,
  type ApiClient,
  type TestServer,
} from '../helpers/server.ts';
import type { FakeReading } from './discovery-server.ts';
import { observedPort as port, observedAccess as access } from '../fixtures/observed-switch.ts';

// SNMP discovery (docs/DISCOVERY.md) on a real server whose SNMP reader is a fake (discovery-server.ts): what the
// switch "reports" is written into the data directory as a reading per host. The proposal for a documented and for an
// undocumented switch, applying chosen items in one undoable entry, stale and refused applies, the reader's failures,
// credentials kept but never shown, and the MAC tables kept and searched.

let server: TestServer;
let admin: ApiClient;
let editor: ApiClient;
let viewer: ApiClient;
let adminToken = '';
const ids = {} as Record<'site' | 'branch' | 'users' | 'core' | 'acc' | 'branchSwitch' | 'coreTe1' | 'coreTe2', string>;
/** acc-1's ports by name. */
const accPorts: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ entry: join(ROOT, 'test', 'api', 'discovery-server.ts') });
  adminToken = (await setupAdmin(server.baseUrl)).token;
  const editorToken = (await userWithRole(server.baseUrl, adminToken, 'ed', 'editor')).token;
  const viewerToken = (await userWithRole(server.baseUrl, adminToken, 'vi', 'viewer')).token;
  admin = apiClient(
    () => server.baseUrl,
    () => adminToken,
  );
  editor = apiClient(
    () => server.baseUrl,
    () => editorToken,
  );
  viewer = apiClient(
    () => server.baseUrl,
    () => viewerToken,
  );
  mkdirSync(join(server.dataDir, 'observed'));
  const { make } = editor;
  ids.site = (await make('/api/sites', { name: 'Campus' })).id;
  ids.branch = (await make('/api/sites', { name: 'Branch' })).id;
  ids.users = (await make('/api/vlans', { siteId: ids.site, name: 'Users', vid: 10 })).id;
  ids.core = (await make('/api/switches', { siteId: ids.site, name: 'core-1', macAddress: 'aa:bb:cc:00:00:01' })).id;
  ids.coreTe1 = (await make(`/api/switches/${ids.core}/ports`, { name: 'Te1/1/1', type: 'sfp+' })).id;
  ids.coreTe2 = (await make(`/api/switches/${ids.core}/ports`, { name: 'Te1/1/2', type: 'sfp+' })).id;
  ids.acc = (await make('/api/switches', { siteId: ids.site, name: 'acc-1' })).id;
  for (const name of ['Gi1/0/1', 'Gi1/0/2', 'Gi1/0/3', 'Gi1/0/4'])
    accPorts[name] = (await make(`/api/switches/${ids.acc}/ports`, { name })).id;
  ids.branchSwitch = (await make('/api/switches', { siteId: ids.branch, name: 'br-1' })).id;
  reading('10.0.0.21', ACC_1);
});

afterAll(async () => {
  await server?.stop();
});

/** The lines of a log the fake server writes: reads.log (host:port of every read), lookups.log (every name looked up). */
function logLines(name: 'reads.log' | 'lookups.log'): string[] {
  const file = join(server.dataDir, name);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/** Leaves what `host` reports for the fake reader. */
function reading(host: string, observed: ObservedSwitch, community?: string): void {
  const file: FakeReading = { community, observed };
  writeFileSync(join(server.dataDir, 'observed', `${host}.json`), JSON.stringify(file));
}

const SYSTEM: ObservedSwitch['system'] = {
  sysName: 'acc-1',
  sysDescr: 'Cisco IOS XE Software',
  sysObjectID: '1.3.6.1.4.1.9.1.2694',
  sysLocation: 'Room 1',
  sysContact: null,
  vendor: 'Cisco',
  model: 'C9200-24P',
  serial: 'JAE2217ABCD',
  macAddress: '00:11:22:33:44:55',
};

const DEVICE = '02:00:5e:00:00:04';

/**
 * What acc-1 reports: an uplink trunk (native 10, tagged Voice 20) to core-1 over LLDP, a phone port in Voice, a port
 * shut down, a user port, and two ports the documentation lacks in Port-channel 1; a MAC on the user port (kept), on
 * the uplink and in the LAG (not kept), and the ARP entry of the user's device.
 */
const ACC_1: ObservedSwitch = {
  system: SYSTEM,
  ports: [
    port(1, 'Gi1/0/1', { description: 'uplink core-1' }),
    port(2, 'Gi1/0/2', { description: 'phone' }),
    port(3, 'Gi1/0/3', { adminUp: false, operUp: false }),
    port(4, 'Gi1/0/4'),
    port(5, 'Gi1/0/5'),
    port(6, 'Gi1/0/6', { operUp: false }),
    port(40, 'Po1', { ifType: 53 }),
    port(50, 'Vlan10', { ifType: 53 }),
  ],
  vlans: [
    { vid: 1, name: 'default' },
    { vid: 10, name: 'Users' },
    { vid: 20, name: 'Voice' },
    { vid: 1002, name: 'fddi-default' },
  ],
  membership: [
    { ifIndex: 1, untagged: 10, tagged: [20], taggedComplete: true, trunk: true },
    access(2, 20),
    access(3, 10),
    access(4, 10),
    access(5, 10),
    access(6, 10),
    access(40, 10),
  ],
  lags: [{ ifIndex: 40, memberIfIndexes: [5, 6] }],
  neighbours: [
    {
      localIfIndex: 1,
      remoteSysName: 'core-1.campus.example',
      remotePortId: 'TenGigabitEthernet1/1/1',
      remotePortDesc: '',
      remoteChassisId: '',
      protocol: 'lldp',
    },
  ],
  fdb: [
    { mac: DEVICE, vlan: 10, ifIndex: 4 },
    { mac: '02:00:5e:00:00:99', vlan: 10, ifIndex: 1 },
    { mac: '02:00:5e:00:00:55', vlan: 10, ifIndex: 5 },
  ],
  arp: [{ ip: '10.0.10.44', mac: DEVICE, ifIndex: 50 }],
  poe: [],
  notes: ['a bridge port without ifIndex was left out'],
};

const discover = (body: object, client: ApiClient = editor) => client.call('POST', '/api/discovery', { body });
const acc1 = () => ({ siteId: ids.site, switchId: ids.acc, host: '10.0.0.21', snmp: { version: '2c', community: 'public' } });
const keysOf = (discovery: { proposal: { key: string }[] }) => discovery.proposal.map((item) => item.key);
const itemOf = (discovery: { proposal: { key: string }[] }, key: string) => discovery.proposal.find((item) => item.key === key);
const activityCount = () => readDb<{ n: number }>(server.dataDir, 'SELECT count(*) AS n FROM activity')[0].n;

describe('refused discoveries', () => {
  const v3 = { version: '3', user: 'netops', authProtocol: 'sha', authKey: 'auth-key-1', privProtocol: 'aes', privKey: 'priv-key-1' };
  const cases: [string, () => object, string[]][] = [
    ['no host', () => ({ siteId: ids.site, snmp: { version: '2c', community: 'public' } }), ['host']],
    ['a host that is no address or name', () => ({ ...acc1(), host: 'not a host!' }), ['host']],
    ['a port out of range', () => ({ ...acc1(), host: '10.0.0.21:70000' }), ['host']],
    ['an IPv4 address in brackets', () => ({ ...acc1(), host: '[10.0.0.21]:1161' }), ['host']],
    ['no siteId', () => ({ host: '10.0.0.21', snmp: { version: '2c', community: 'public' } }), ['siteId']],
    ['a switchId that is no id', () => ({ ...acc1(), switchId: 'acc-1' }), ['switchId']],
    ['SNMP version 1', () => ({ ...acc1(), snmp: { version: '1', community: 'public' } }), ['snmp.version']],
    ['v2c without a community', () => ({ ...acc1(), snmp: { version: '2c' } }), ['snmp.community']],
    ['an empty community', () => ({ ...acc1(), snmp: { version: '2c', community: '' } }), ['snmp.community']],
    ['v2c with a v3 field', () => ({ ...acc1(), snmp: { version: '2c', community: 'public', user: 'x' } }), ['snmp.user']],
    ['v3 with a short authKey', () => ({ ...acc1(), snmp: { ...v3, authKey: 'short' } }), ['snmp.authKey']],
    ['v3 with DES', () => ({ ...acc1(), snmp: { ...v3, privProtocol: 'des' } }), ['snmp.privProtocol']],
    ['v3 without privKey', () => ({ ...acc1(), snmp: { ...v3, privKey: undefined } }), ['snmp.privKey']],
    ['snmp that is no object', () => ({ ...acc1(), snmp: 'public' }), ['snmp']],
    ['remember that is no boolean', () => ({ ...acc1(), remember: 'yes' }), ['remember']],
    ['remember without snmp', () => ({ ...acc1(), snmp: undefined, remember: true }), ['remember']],
    ['a field a discovery does not have', () => ({ ...acc1(), color: '#ff0000' }), ['color']],
    ['a switch of another site', () => ({ ...acc1(), switchId: ids.branchSwitch }), ['switchId']],
    ['no snmp, and none remembered', () => ({ ...acc1(), snmp: undefined }), ['snmp']],
  ];
  it.each(cases)('%s → 400', async (_name, body, fields) => {
    expectFaults(await discover(body()), fields);
  });

  it.each([
    ['site', () => ({ ...acc1(), siteId: NO_SUCH_ID })],
    ['switch', () => ({ ...acc1(), switchId: NO_SUCH_ID })],
  ])('an unknown %s → 404', async (_name, body) => {
    const answer = await discover(body());
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });

  it.each([
    ['timeout.test', 504, 'device_timeout', 'timeout.test: no answer within 20000 ms'],
    ['refusing.test', 502, 'device_error', 'refusing.test: the agent answered with authorizationError'],
    ['buggy.test', 502, 'device_error', "buggy.test: the switch's answers could not be read; the server log says more."],
  ])('a switch at %s that cannot be read → %i %s with the reason', async (host, status, code, message) => {
    const answer = await discover({ siteId: ids.site, host, snmp: { version: '2c', community: 'Bug-Community-7' } });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toEqual({ code, message });
  });

  it('logs a reader that fails with no DeviceError, without the credentials', () => {
    expect(server.logs()).toContain('discovery read failed');
    expect(server.logs()).not.toContain('Bug-Community-7');
  });

  it('is for editors: a viewer gets 403, and nothing of it is stored', async () => {
    expect((await discover(acc1(), viewer)).status).toBe(403);
    expect(readDb(server.dataDir, 'SELECT id FROM discoveries')).toEqual([]);
  });
});

describe('the proposal for a documented switch', () => {
  let discovery: any;
  beforeAll(async () => {
    const answer = await discover(acc1());
    expect(answer.status, answer.text).toBe(201);
    discovery = answer.body;
  });

  it('answers 201 with the discovery at its Location, and stores nothing of the inventory', async () => {
    expect(discovery).toMatchObject({
      siteId: ids.site,
      switchId: ids.acc,
      newSwitch: false,
      host: '10.0.0.21',
      appliedAt: null,
      system: SYSTEM,
    });
    expect(discovery.notes).toContain('a bridge port without ifIndex was left out');
    expect(await editor.must(200, 'GET', `/api/discovery/${discovery.id}`)).toEqual(discovery);
    expect((await editor.must(200, 'GET', `/api/switches/${ids.acc}`)).model).toBeNull();
  });

  it.each<[string, string, unknown, unknown]>([
    ['a field of the switch', 'switch:model', null, 'C9200-24P'],
    ['a VLAN to add (not Cisco 1002)', 'vlan:20:add', null, { vid: 20, name: 'Voice' }],
    [
      'a port to add',
      'port:Gi1/0/5:add',
      null,
      { name: 'Gi1/0/5', description: null, speed: '1G', type: 'rj45', enabled: true, linkStatus: 'up' },
    ],
    ["a port's description", 'port:Gi1/0/1:description', null, 'uplink core-1'],
    ["a port's speed", 'port:Gi1/0/4:speed', null, '1G'],
    ["a port's link status", 'port:Gi1/0/3:linkStatus', null, 'down'],
    ['a port shut down', 'port:Gi1/0/3:enabled', true, false],
    ["a port's mode", 'port:Gi1/0/1:mode', 'access', 'trunk'],
    ["a port's untagged VLAN", 'port:Gi1/0/2:untaggedVlan', null, 20],
    ["a port's tagged VLANs", 'port:Gi1/0/1:taggedVlans', [], [20]],
    [
      'a LAG to create',
      'lag:Po1:add',
      null,
      { name: 'Po1', members: ['Gi1/0/5', 'Gi1/0/6'], portMode: 'access', untaggedVlan: 10, taggedVlans: [] },
    ],
    ['a link through LLDP', 'port:Gi1/0/1:linkedPort', null, { switch: 'core-1', port: 'Te1/1/1' }],
  ])('has %s: %s', (_name, key, documented, observed) => {
    expect(itemOf(discovery, key)).toMatchObject({ key, documented, observed });
  });

  it('leaves out what is no difference or no port', () => {
    const keys = keysOf(discovery);
    expect(keys).not.toContain('switch:name');
    expect(keys.filter((key) => key.startsWith('vlan:'))).toEqual(['vlan:1:add', 'vlan:20:add']);
    expect(keys.some((key) => /Vlan10|Po1:(add|description)|port:Po1/.test(key) && !key.startsWith('lag:'))).toBe(false);
  });

  it('lists past discoveries of the switch with the number of their items, to viewers too', async () => {
    const list = await viewer.must(200, 'GET', `/api/discovery?switchId=${ids.acc}`);
    expect(list).toMatchObject({ total: 1, limit: 100, offset: 0 });
    expect(list.items[0]).toMatchObject({ id: discovery.id, proposalCount: discovery.proposal.length });
    expect(list.items[0]).not.toHaveProperty('proposal');
    expect((await viewer.must(200, 'GET', `/api/discovery?siteId=${ids.branch}`)).total).toBe(0);
    const ofSite = await viewer.must(200, 'GET', `/api/discovery?siteId=${ids.site}&switchId=${ids.acc}`);
    expect(ofSite.items.map((item: { id: string }) => item.id)).toEqual([discovery.id]);
    expect((await viewer.must(200, 'GET', `/api/discovery?siteId=${ids.branch}&switchId=${ids.acc}`)).items).toEqual([]);
    expectFaults(await viewer.call('GET', '/api/discovery?switchId=acc-1'), ['switchId']);
    expect((await viewer.call('GET', `/api/discovery/${NO_SUCH_ID}`)).status).toBe(404);
  });
});

describe('applying a discovery', () => {
  let discovery: any;
  let activityId = '';
  let before: { sw: any; core: any; vlans: any };
  const snapshot = async () => ({
    sw: await editor.must(200, 'GET', `/api/switches/${ids.acc}`),
    core: await editor.must(200, 'GET', `/api/switches/${ids.core}`),
    vlans: await editor.must(200, 'GET', `/api/vlans?siteId=${ids.site}`),
  });
  const apply = (keys: unknown, client: ApiClient = editor) =>
    client.call('POST', `/api/discovery/${discovery.id}/apply`, { body: { keys } });

  beforeAll(async () => {
    discovery = (await discover(acc1())).body;
    before = await snapshot();
  });

  const refusals: [string, () => unknown, string[]][] = [
    ['no keys', () => [], ['keys']],
    ['keys that are no list', () => 'switch:model', ['keys']],
    ['a key twice', () => ['switch:model', 'switch:model'], ['keys[1]']],
    ['a key not in the proposal', () => ['switch:model', 'switch:firmware'], ['keys[1]']],
    ['an item without the VLAN it needs', () => ['port:Gi1/0/2:untaggedVlan'], ['keys[0]']],
    ['tagged VLANs without the trunk mode', () => ['vlan:20:add', 'port:Gi1/0/1:taggedVlans'], ['keys[1]']],
    ['a LAG without its new ports', () => ['lag:Po1:add'], ['keys[0]']],
  ];
  it.each(refusals)('%s → 400 validation_failed, and nothing changes', async (_name, keys, fields) => {
    const count = activityCount();
    const answer = await apply(keys());
    expectFaults(answer, fields);
    expect(activityCount()).toBe(count);
  });

  it('is for editors (viewer 403), of a discovery that exists (404)', async () => {
    expect((await apply(['switch:model'], viewer)).status).toBe(403);
    expect((await editor.call('POST', `/api/discovery/${NO_SUCH_ID}/apply`, { body: { keys: ['switch:model'] } })).status).toBe(404);
  });

  it('applies every chosen item in one transaction and one undoable activity entry', async () => {
    const count = activityCount();
    const answer = await apply(keysOf(discovery));
    expect(answer.status, answer.text).toBe(200);
    expect(activityCount()).toBe(count + 1);
    expect(answer.body).toMatchObject({ switchId: ids.acc, discovery: { id: discovery.id, appliedKeys: keysOf(discovery) } });
    expect(answer.body.discovery.appliedAt).toEqual(expect.any(String));
    const entry = (await editor.must(200, 'GET', '/api/activity?limit=1')).items[0];
    expect(entry).toMatchObject({ id: answer.body.activityId, action: 'discovery', entityId: ids.acc, undoable: true });
    expect(answer.body.discovery.activityId).toBe(entry.id);
    activityId = entry.id;

    const sw = await editor.must(200, 'GET', `/api/switches/${ids.acc}`);
    expect(sw).toMatchObject({ model: 'C9200-24P', serialNumber: 'JAE2217ABCD', macAddress: '00:11:22:33:44:55' });
    const vlans = await editor.must(200, 'GET', `/api/vlans?siteId=${ids.site}`);
    const vid = Object.fromEntries(vlans.items.map((v: { vid: number; id: string }) => [v.vid, v.id]));
    expect(Object.keys(vid).map(Number)).toEqual([1, 10, 20]);
    const byName = Object.fromEntries(sw.ports.map((p: { name: string }) => [p.name, p]));
    expect(Object.keys(byName)).toEqual(['Gi1/0/1', 'Gi1/0/2', 'Gi1/0/3', 'Gi1/0/4', 'Gi1/0/5', 'Gi1/0/6']);
    expect(byName['Gi1/0/1']).toMatchObject({
      description: 'uplink core-1',
      mode: 'trunk',
      untaggedVlanId: vid[10],
      taggedVlanIds: [vid[20]],
      linkedPortId: ids.coreTe1,
      speed: '1G',
      linkStatus: 'up',
    });
    expect(byName['Gi1/0/2']).toMatchObject({ untaggedVlanId: vid[20], mode: 'access' });
    expect(byName['Gi1/0/3']).toMatchObject({ enabled: false, linkStatus: 'down' });
    expect(sw.lags).toEqual([
      expect.objectContaining({
        name: 'Po1',
        portMode: 'access',
        untaggedVlanId: vid[10],
        memberPortIds: [byName['Gi1/0/5'].id, byName['Gi1/0/6'].id],
      }),
    ]);
    expect(byName['Gi1/0/6']).toMatchObject({ lagId: sw.lags[0].id, untaggedVlanId: vid[10], linkStatus: 'down' });
    expect(await editor.must(200, 'GET', `/api/ports/${ids.coreTe1}`)).toMatchObject({ linkedPortId: byName['Gi1/0/1'].id });
  });

  it('refuses to apply it again: 409 already_applied', async () => {
    const answer = await apply(['switch:model']);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('already_applied');
  });

  it('is taken back whole by undoing its one entry', async () => {
    await editor.must(200, 'POST', `/api/activity/${activityId}/undo`);
    const after = await snapshot();
    expect(comparable(after)).toEqual(comparable(before));
  });
});

/** A snapshot without what every write raises (versions, update times) and the counts the read cache may hold. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'version' && key !== 'updatedAt')
      .map(([key, inner]) => [key, comparable(inner)]),
  );
}

describe('a stale discovery', () => {
  it('refuses with 409 discovery_stale naming the keys whose documented side moved, and changes nothing', async () => {
    const discovery = (await discover(acc1())).body;
    await editor.must(200, 'PATCH', `/api/ports/${accPorts['Gi1/0/1']}`, { description: 'edited meanwhile' });
    const count = activityCount();
    const answer = await editor.call('POST', `/api/discovery/${discovery.id}/apply`, {
      body: { keys: ['switch:model', 'port:Gi1/0/1:description'] },
    });
    expectWordedRefusal(answer, 409, 'discovery_stale.documented_since_one', {});
    expect(answer.body.error.details).toEqual([
      { field: 'keys[1]', message: '"port:Gi1/0/1:description": documented null when discovered, "edited meanwhile" now' },
    ]);
    expect(activityCount()).toBe(count);
    expect((await editor.must(200, 'GET', `/api/switches/${ids.acc}`)).model).toBeNull();
    // What did not move still applies.
    expect((await editor.call('POST', `/api/discovery/${discovery.id}/apply`, { body: { keys: ['switch:model'] } })).status).toBe(200);
  });
});

describe('the MAC and ARP tables kept of a documented switch', () => {
  it('keeps only what its access ports saw, with the IP addresses of the ARP table', async () => {
    const fdb = await viewer.must(200, 'GET', `/api/switches/${ids.acc}/fdb`);
    expect(fdb).toMatchObject({ total: 1, limit: 100, offset: 0 });
    expect(fdb.items).toEqual([
      { mac: DEVICE, vlan: 10, portId: accPorts['Gi1/0/4'], portName: 'Gi1/0/4', seenAt: expect.any(String), ips: ['10.0.10.44'] },
    ]);
    expect((await viewer.call('GET', `/api/switches/${NO_SUCH_ID}/fdb`)).status).toBe(404);
  });

  it.each([
    ['its MAC in any spelling', '0200.5E00.0004', 'seenMac', 'MAC address seen on'],
    ['its IP address', '10.0.10.44', 'seenIp', 'IP address seen on'],
  ])('search finds where a device was seen by %s', async (_name, q, match, label) => {
    const { results } = await viewer.must(200, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(results[0]).toMatchObject({ type: 'port', id: accPorts['Gi1/0/4'], name: 'acc-1 / Gi1/0/4', switchId: ids.acc, match, label });
    expect(Date.now() - Date.parse(results[0].seenAt)).toBeLessThan(600_000);
  });
});

describe('credentials', () => {
  const COMMUNITY = 'S3cret-Community-42';

  beforeAll(() => reading('10.0.0.21', ACC_1, COMMUNITY));

  it('are remembered sealed when asked, so that a later discovery of the switch leaves snmp out', async () => {
    const remembered = async () =>
      (await editor.must(200, 'GET', `/api/discovery?switchId=${ids.acc}&limit=1`)).items[0].credentialsRemembered;
    expect((await discover({ ...acc1(), snmp: { version: '2c', community: 'wrong' } })).status).toBe(504);
    expect((await discover({ ...acc1(), snmp: { version: '2c', community: COMMUNITY } })).status).toBe(201);
    expect(await remembered()).toBe(false);
    expect((await discover({ ...acc1(), snmp: { version: '2c', community: COMMUNITY }, remember: true })).status).toBe(201);
    expect(await remembered()).toBe(true);
    const answer = await discover({ siteId: ids.site, switchId: ids.acc, host: '10.0.0.21' });
    expect(answer.status, answer.text).toBe(201);
    const [row] = readDb<{ nonce: Uint8Array; sealed: Uint8Array }>(server.dataDir, 'SELECT nonce, sealed FROM snmp_credentials');
    expect(row.nonce).toHaveLength(12);
    expect(Buffer.from(row.sealed).toString('latin1')).not.toContain(COMMUNITY);
  });

  it('are never answered, listed, logged or exported', async () => {
    const answers = [
      (await editor.call('GET', `/api/discovery?switchId=${ids.acc}`)).text,
      ...(await Promise.all(
        (
          await editor.must(200, 'GET', '/api/discovery?limit=500')
        ).items.map(async (item: { id: string }) => (await editor.call('GET', `/api/discovery/${item.id}`)).text),
      )),
      (await admin.call('GET', '/api/backup/export')).text,
    ];
    for (const text of answers) expect(text).not.toContain(COMMUNITY);
    expect(server.logs()).not.toContain(COMMUNITY);
    const exported = JSON.parse(answers.at(-1)!);
    expect(Object.keys(exported.data)).not.toContain('discoveries');
  });
});

describe('credentials remembered for a host', () => {
  const COMMUNITY = 'Bound-Community-17';
  const remembered = { siteId: '', switchId: '', host: '10.0.0.21' };

  beforeAll(async () => {
    Object.assign(remembered, { siteId: ids.site, switchId: ids.acc });
    reading('10.0.0.21', ACC_1, COMMUNITY);
    // A listener of the editor's that would answer to the community, as an agent does.
    reading('10.0.0.66', ACC_1, COMMUNITY);
    await admin.must(201, 'POST', '/api/discovery', { ...remembered, snmp: { version: '2c', community: COMMUNITY }, remember: true });
  });

  it.each([
    ['another host', '10.0.0.66', '10.0.0.66:161'],
    ['another port of their host', '10.0.0.21:1161', '10.0.0.21:1161'],
    ['another host by name', 'acc-9.campus.example', '192.0.2.9:161'],
  ])(
    "are not sent to %s by an editor's discovery: 403 credentials_bound_to_host, and nothing is read there",
    async (_name, host, agent) => {
      const answer = await discover({ ...remembered, host });
      expect([answer.status, answer.body.error?.code]).toEqual([403, 'credentials_bound_to_host']);
      expect(answer.body.error.message).toContain('10.0.0.21:161');
      expect(answer.text).not.toContain(COMMUNITY);
      expect(logLines('reads.log')).not.toContain(agent);
    },
  );

  it('are sent to the host and port they were remembered for, by an editor', async () => {
    expect((await discover(remembered)).status).toBe(201);
    expect((await discover({ ...remembered, host: '10.0.0.21:161' })).status).toBe(201);
  });

  it('go to another host when the discovery gives them again, or when an admin sends them', async () => {
    const given = await discover({ ...remembered, host: '10.0.0.66', snmp: { version: '2c', community: COMMUNITY } });
    expect(given.status, given.text).toBe(201);
    const byAdmin = await discover({ ...remembered, host: '10.0.0.66' }, admin);
    expect(byAdmin.status, byAdmin.text).toBe(201);
    expect(logLines('reads.log').filter((line) => line === '10.0.0.66:161')).toHaveLength(2);
  });

  it("stay bound to their host when an admin's discovery uses them elsewhere", async () => {
    expect((await discover({ ...remembered, host: '10.0.0.66' })).status).toBe(403);
  });
});

describe('hosts DISCOVERY_ALLOW does not let in (by default link-local and cloud metadata addresses)', () => {
  const snmp = { version: '2c', community: 'public' };

  it.each([
    ['the cloud metadata address', '169.254.169.254'],
    ['the metadata address IPv4-mapped', '::ffff:169.254.169.254'],
    ["AWS's IPv6 metadata address", '[fd00:ec2::254]:161'],
    ['an IPv6 link-local address', 'fe80::1'],
    ['a name the system resolver reads as 169.254.169.254', '0xa9fea9fe'],
    ['a name of the metadata address', 'metadata.test'],
    ['a name of an IPv6 link-local address', 'link-local6.test'],
    ['a name with an allowed address and a metadata one', 'half-metadata.test'],
  ])('%s (%s) is refused with 403 host_not_allowed before anything is sent', async (_name, host) => {
    const reads = logLines('reads.log').length;
    const answer = await discover({ siteId: ids.site, host, snmp });
    expect([answer.status, answer.body.error?.code]).toEqual([403, 'host_not_allowed']);
    expect(answer.body.error.message).toContain('DISCOVERY_ALLOW');
    expect(logLines('reads.log')).toHaveLength(reads);
  });

  it('a name is looked up once, and read at the address checked: a DNS that answers another one next cannot redirect it', async () => {
    reading('rebinding.test', ACC_1);
    const lookups = () => logLines('lookups.log').filter((name) => name === 'rebinding.test').length;
    expect((await discover({ siteId: ids.site, host: 'rebinding.test', snmp })).status).toBe(201);
    expect([lookups(), logLines('reads.log').at(-1)]).toEqual([1, '192.0.2.30:161']);
    // Its second lookup answers the metadata address.
    const again = await discover({ siteId: ids.site, host: 'rebinding.test', snmp });
    expect([again.status, again.body.error?.code]).toEqual([403, 'host_not_allowed']);
    expect([lookups(), logLines('reads.log').at(-1)]).toEqual([2, '192.0.2.30:161']);
  });

  it('an unknown name is still 502 device_error, the reason its own', async () => {
    const answer = await discover({ siteId: ids.site, host: 'no-such-switch.invalid', snmp });
    expect(answer.status).toBe(502);
    expect(answer.body.error).toEqual({ code: 'device_error', message: 'no-such-switch.invalid: the host name could not be resolved' });
  });
});

describe('the proposal for a switch that is not documented yet', () => {
  const NEW_SWITCH: ObservedSwitch = {
    ...ACC_1,
    system: { ...SYSTEM, sysName: 'acc-9.campus.example', serial: 'JAE9', macAddress: '00:11:22:33:44:99' },
    ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2', { description: 'uplink' })],
    vlans: [{ vid: 10, name: 'Users' }],
    membership: [access(1, 10), access(2, 10)],
    lags: [],
    neighbours: [
      { localIfIndex: 2, remoteSysName: 'core-1', remotePortId: 'Te1/1/2', remotePortDesc: '', remoteChassisId: '', protocol: 'cdp' },
    ],
    fdb: [{ mac: '02:00:5e:00:09:01', vlan: 10, ifIndex: 1 }],
    arp: [],
  };
  let discovery: any;

  beforeAll(async () => {
    reading('acc-9.campus.example', NEW_SWITCH);
    const answer = await discover({ siteId: ids.site, host: 'acc-9.campus.example', snmp: { version: '2c', community: 'public' } });
    expect(answer.status, answer.text).toBe(201);
    discovery = answer.body;
  });

  it('proposes creating it with all its ports, and its VLANs and link as items that apply after it', () => {
    expect(discovery).toMatchObject({ switchId: null, newSwitch: true });
    expect(discovery.proposal[0]).toMatchObject({
      key: 'switch:create',
      documented: null,
      observed: {
        name: 'acc-9.campus.example',
        serialNumber: 'JAE9',
        ports: [{ name: 'Gi1/0/1' }, { name: 'Gi1/0/2', description: 'uplink' }],
      },
    });
    expect(keysOf(discovery).slice(1)).toEqual(['port:Gi1/0/1:untaggedVlan', 'port:Gi1/0/2:untaggedVlan', 'port:Gi1/0/2:linkedPort']);
    for (const item of discovery.proposal.slice(1)) expect(item.requires).toContain('switch:create');
  });

  it('creates it on apply, with its kept MAC table, in one entry that undo takes back', async () => {
    const applied = await editor.must(200, 'POST', `/api/discovery/${discovery.id}/apply`, { keys: keysOf(discovery) });
    const sw = await editor.must(200, 'GET', `/api/switches/${applied.switchId}`);
    expect(sw).toMatchObject({ name: 'acc-9.campus.example', siteId: ids.site, macAddress: '00:11:22:33:44:99', managementIp: null });
    expect(sw.ports.map((p: { name: string; untaggedVlanId: string }) => [p.name, p.untaggedVlanId])).toEqual([
      ['Gi1/0/1', ids.users],
      ['Gi1/0/2', ids.users],
    ]);
    expect(sw.ports[1].linkedPortId).toBe(ids.coreTe2);
    expect(applied.discovery.switchId).toBe(sw.id);
    expect((await editor.must(200, 'GET', `/api/switches/${sw.id}/fdb`)).items.map((e: { mac: string }) => e.mac)).toEqual([
      '02:00:5e:00:09:01',
    ]);
    await editor.must(200, 'POST', `/api/activity/${applied.activityId}/undo`);
    expect((await editor.call('GET', `/api/switches/${sw.id}`)).status).toBe(404);
    expect((await editor.must(200, 'GET', `/api/ports/${ids.coreTe2}`)).linkedPortId).toBeNull();
  });

  it('takes the address it was read at as its management IP', async () => {
    reading('10.0.0.31', { ...NEW_SWITCH, system: { ...NEW_SWITCH.system, sysName: 'acc-10', macAddress: null } });
    const found = (await discover({ siteId: ids.site, host: '10.0.0.31:1161', snmp: { version: '2c', community: 'public' } })).body;
    expect(found.proposal[0].observed).toMatchObject({ name: 'acc-10', managementIp: '10.0.0.31', macAddress: null });
    const applied = await editor.must(200, 'POST', `/api/discovery/${found.id}/apply`, { keys: ['switch:create'] });
    expect(await editor.must(200, 'GET', `/api/switches/${applied.switchId}`)).toMatchObject({ name: 'acc-10', managementIp: '10.0.0.31' });
    expect(applied.discovery).toMatchObject({ host: '10.0.0.31:1161', switchId: applied.switchId });
  });

  it('keeps credentials remembered with it for the host and port it was read at', async () => {
    reading('10.0.0.32', { ...NEW_SWITCH, system: { ...NEW_SWITCH.system, sysName: 'acc-11', macAddress: null } });
    const snmp = { version: '2c', community: 'public' };
    const found = (await discover({ siteId: ids.site, host: '10.0.0.32:1161', snmp, remember: true })).body;
    const { switchId } = await editor.must(200, 'POST', `/api/discovery/${found.id}/apply`, { keys: ['switch:create'] });
    expect((await discover({ siteId: ids.site, switchId, host: '10.0.0.32:1161' })).status).toBe(201);
    const elsewhere = await discover({ siteId: ids.site, switchId, host: '10.0.0.32' });
    expect([elsewhere.status, elsewhere.body.error?.code]).toEqual([403, 'credentials_bound_to_host']);
  });
});
