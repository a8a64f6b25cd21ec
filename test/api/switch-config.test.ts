// GET /api/switches/{id}/config against a real server: the golden switch built through the inventory API renders
// as the hand-written golden files (test/fixtures/config/sw-hq-01.<dialect>.txt), apart from the header's time,
// which must be the newest updatedAt of what is rendered; then what model 2 adds: configured VLANs, the management
// interface and default gateway from the network that holds the management IP, a port of a second stack member.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const DIALECTS = ['cisco-ios', 'arista-eos', 'junos'] as const;
const golden = (dialect: string) => readFileSync(resolve(import.meta.dirname, '../fixtures/config', `sw-hq-01.${dialect}.txt`), 'utf8');
const stamp = (text: string) => /Data last changed: (\S+)/.exec(text)?.[1];

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
let switchId: string;
let portIds: Record<string, string>;

const { call, make } = server.as(() => tokens.editor);
const config = (id: string, query: string, token = tokens.editor) => call('GET', `/api/switches/${id}/config${query}`, { token });

/** The newest updatedAt of the switch, its site, its ports and the VLANs they carry. */
async function newestUpdate(): Promise<string> {
  const sw = (await call('GET', `/api/switches/${switchId}`)).body;
  const site = (await call('GET', `/api/sites/${sw.siteId}`)).body;
  const used = new Set<string>([
    ...sw.configuredVlanIds,
    ...sw.ports.flatMap((p: { untaggedVlanId: string | null; taggedVlanIds: string[] }) =>
      [p.untaggedVlanId, ...p.taggedVlanIds].filter(Boolean),
    ),
  ]);
  const vlans = (await call('GET', `/api/vlans?siteId=${sw.siteId}&limit=500`)).body.items.filter((v: { id: string }) => used.has(v.id));
  return [sw, site, ...sw.ports, ...vlans]
    .map((x: { updatedAt: string }) => x.updatedAt)
    .sort()
    .at(-1)!;
}

let siteId: string;
let vlanIds: Record<string, string>;

beforeAll(async () => {
  siteId = (await make('/api/sites', { name: 'Head Office' })).id;
  const vlan = async (vid: number, name: string) => (await make('/api/vlans', { siteId, vid, name })).id;
  const [users, users2, printers, voice, cameras, management] = [
    await vlan(10, 'Users'),
    await vlan(11, 'Users 2'),
    await vlan(12, 'Printers'),
    await vlan(20, 'Voice & Video / Büro?'),
    await vlan(30, 'Building 7 third floor east wing cameras'),
    await vlan(99, 'Management'),
  ];
  vlanIds = { users, management };
  await vlan(200, 'Guests (not on this switch)');
  switchId = (await make('/api/switches', { siteId, name: 'sw-hq-01', managementIp: '10.0.99.11' })).id;
  const port = async (name: string, body: Record<string, unknown>) =>
    (await make(`/api/switches/${switchId}/ports`, { name, position: Number(name), ...body })).id;
  portIds = {
    48: await port('48', { description: 'Access point', mode: 'trunk', taggedVlanIds: [cameras, voice] }),
    1: await port('1', { description: 'Front desk PC', untaggedVlanId: users }),
    47: await port('47', {
      description: 'Uplink to core?',
      mode: 'trunk',
      untaggedVlanId: management,
      taggedVlanIds: [voice, users2, cameras, printers, users],
    }),
    3: await port('3', { enabled: false, untaggedVlanId: cameras }),
    2: await port('2', { description: 'Printer Büro "2"', untaggedVlanId: printers }),
  };
});

describe('GET /api/switches/{id}/config', () => {
  it.each(DIALECTS)('%s: the golden file, with the time of the newest change of what it renders', async (dialect) => {
    const answer = await config(switchId, `?dialect=${dialect}`, tokens.viewer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const newest = await newestUpdate();
    expect(stamp(answer.text)).toBe(newest);
    expect(answer.text.replace(newest, '2026-11-22T05:12:04.123Z')).toBe(golden(dialect));
  });

  it('answers the same text for the same data, and new text once the data changes', async () => {
    const first = (await config(switchId, '?dialect=cisco-ios')).text;
    expect((await config(switchId, '?dialect=cisco-ios')).text).toBe(first);
    const patched = await call('PATCH', `/api/ports/${portIds[3]}`, { body: { enabled: true, description: 'Camera 7' } });
    expect(patched.status).toBe(200);
    const second = (await config(switchId, '?dialect=cisco-ios')).text;
    expect(second).not.toBe(first);
    expect(second).toContain(
      'interface GigabitEthernet1/0/3\n description Camera 7\n switchport access vlan 30\n switchport mode access\n no shutdown\n',
    );
    expect(stamp(second)).toBe(patched.body.updatedAt);
    expect(stamp(second)).toBe(await newestUpdate());
  });

  it('defines a configured VLAN, writes the management interface and gateway of the network holding the management IP, and a port of member 2', async () => {
    const lab = (await make('/api/vlans', { siteId, vid: 40, name: 'Lab' })).id;
    const sw = await make('/api/switches', {
      siteId,
      name: 'sw hq 02',
      managementIp: '10.0.99.12',
      stackSize: 2,
      configuredVlanIds: [lab],
    });
    await make(`/api/switches/${sw.id}/ports`, { name: '1', position: 1, description: 'Desk', untaggedVlanId: vlanIds.users });
    await make(`/api/switches/${sw.id}/ports`, {
      name: '2',
      position: 2,
      unit: 2,
      description: 'Desk on member 2',
      untaggedVlanId: vlanIds.users,
    });
    await make(`/api/switches/${sw.id}/ports`, { name: 'console', position: 100, type: 'console' });
    const before = (await config(sw.id, '?dialect=cisco-ios')).text;
    expect(before).not.toContain('interface Vlan99');
    await make('/api/networks', { siteId, name: 'Management', subnet: '10.0.99.0/24', gateway: '10.0.99.1', vlanId: vlanIds.management });
    await make('/api/networks', { siteId, name: 'Campus', subnet: '10.1.0.0/16', gateway: '10.1.0.1', vlanId: vlanIds.users });
    for (const dialect of DIALECTS) {
      const answer = await config(sw.id, `?dialect=${dialect}`);
      expect(answer.status).toBe(200);
      const text = answer.text.replace(/Data last changed: \S+/, 'Data last changed: 2026-12-01T08:00:00.000Z');
      expect(text).toBe(readFileSync(resolve(import.meta.dirname, '../fixtures/config', `sw-hq-02.${dialect}.txt`), 'utf8'));
    }
  });

  it('renders a switch with LAGs made through the API (an access LAG, a static trunk LAG paired with a core switch) as the sw-hq-03 golden files', async () => {
    const office = (await make('/api/sites', { name: 'Head Office 3' })).id;
    const vlanOf = async (vid: number, name: string) => (await make('/api/vlans', { siteId: office, vid, name })).id;
    const [users, voice, cameras, management] = [
      await vlanOf(10, 'Users'),
      await vlanOf(20, 'Voice'),
      await vlanOf(30, 'Cameras'),
      await vlanOf(99, 'Management'),
    ];
    const id = (await make('/api/switches', { siteId: office, name: 'sw-hq-03' })).id;
    const core = (await make('/api/switches', { siteId: office, name: 'sw-core-01' })).id;
    const portOf = async (switchId: string, name: string, position: number, body: Record<string, unknown>) =>
      (await make(`/api/switches/${switchId}/ports`, { name, position, ...body })).id;
    const uplink = { mode: 'trunk', untaggedVlanId: management, taggedVlanIds: [users, voice, cameras] };
    const nics = [
      await portOf(id, '1', 1, { description: 'Server A NIC 1', untaggedVlanId: users }),
      await portOf(id, '2', 2, { description: 'Server A NIC 2', untaggedVlanId: users }),
    ];
    await portOf(id, '3', 3, { description: 'Desk phone', untaggedVlanId: voice });
    const ups = [
      await portOf(id, '47', 47, { description: 'Core link 1', ...uplink }),
      await portOf(id, '48', 48, { description: 'Core link 2', enabled: false, ...uplink }),
    ];
    const far = [await portOf(core, 'Te1/1/1', 1, uplink), await portOf(core, 'Te1/1/2', 2, uplink)];
    const trunkLag = { mode: 'static', portMode: 'trunk', untaggedVlanId: management, taggedVlanIds: [cameras, users, voice] };
    const po10 = (await make(`/api/switches/${core}/lags`, { name: 'Po10', memberPortIds: far, ...trunkLag })).id;
    await make(`/api/switches/${id}/lags`, { name: 'Uplink to core', memberPortIds: ups, remoteLagId: po10, ...trunkLag });
    await make(`/api/switches/${id}/lags`, {
      name: 'Po1',
      description: 'Server A "bond0"',
      portMode: 'access',
      untaggedVlanId: users,
      memberPortIds: nics,
    });
    const sw = (await call('GET', `/api/switches/${id}`)).body;
    const lags = (await call('GET', `/api/switches/${id}/lags`)).body.items;
    const site = (await call('GET', `/api/sites/${office}`)).body;
    const vlans = (await call('GET', `/api/vlans?siteId=${office}&limit=500`)).body.items;
    const newest = [sw, site, ...sw.ports, ...lags, ...vlans]
      .map((x: { updatedAt: string }) => x.updatedAt)
      .sort()
      .at(-1)!;
    for (const dialect of DIALECTS) {
      const answer = await config(id, `?dialect=${dialect}`);
      expect(answer.status).toBe(200);
      expect(stamp(answer.text)).toBe(newest);
      const text = answer.text.replace(newest, '2026-12-24T10:00:00.000Z').replace('at site "Head Office 3"', 'at site "Head Office"');
      expect(text).toBe(readFileSync(resolve(import.meta.dirname, '../fixtures/config', `sw-hq-03.${dialect}.txt`), 'utf8'));
    }
  });

  it('leaves out the management interface when the network holding the management IP has no VLAN', async () => {
    const sw = await make('/api/switches', { siteId, name: 'sw-transit', managementIp: '10.7.0.1' });
    await make('/api/networks', { siteId, name: 'Transit', subnet: '10.7.0.0/31' });
    const text = (await config(sw.id, '?dialect=arista-eos')).text;
    expect(text).toContain('hostname sw-transit\n');
    expect(text).not.toContain('interface Vlan');
    expect(text).not.toContain('ip route');
  });

  it.each<[string, string]>([
    ['an unknown dialect', '?dialect=cisco-nxos'],
    ['a dialect in other case', '?dialect=JUNOS'],
    ['no dialect', ''],
    ['an empty dialect', '?dialect='],
  ])('%s: 400 validation_failed naming the known dialects', async (_name, query) => {
    const answer = await config(switchId, query);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details).toEqual([{ field: 'dialect', message: 'must be one of cisco-ios, arista-eos, junos' }]);
  });

  it.each<[string, string]>([
    ['a switch that does not exist', '5f0c6a8e-1111-4222-8333-444455556666'],
    ['an id that is not a UUID', 'sw-hq-01'],
  ])('%s: 404 not_found', async (_name, id) => {
    const answer = await config(id, '?dialect=junos');
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });

  it('needs a signed-in user', async () => {
    expect((await api(server.baseUrl, 'GET', `/api/switches/${switchId}/config?dialect=junos`)).status).toBe(401);
  });
});
