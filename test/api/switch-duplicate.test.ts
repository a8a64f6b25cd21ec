import { beforeAll, describe, expect, it } from 'vitest';
import { useSites } from '../helpers/data.ts';
import { expectFaults, useSignedInUsers, useTestServer } from '../helpers/server.ts';

// POST /api/switches/{id}/duplicate (docs/LAGS-TEMPLATES.md, "Switch duplicates"): a copy of the switch's configuration,
// its ports' and its LAGs', at its site under a new name; not what is particular to the device or its cabling.

const server = useTestServer();
const tokens = useSignedInUsers(server, { viewer: 'vi' });
const { call, make, must, lastEntry } = server;
const viewer = server.as(() => tokens.viewer);
const { site } = useSites(make, { site: 'Main' });

const ids: Record<string, string> = {};
let original: any;
let far: any;

beforeAll(async () => {
  ids.users = (await make('/api/vlans', { siteId: site.id, name: 'Users', vid: 10 })).id;
  ids.voice = (await make('/api/vlans', { siteId: site.id, name: 'Voice', vid: 20 })).id;
  ids.servers = (await make('/api/vlans', { siteId: site.id, name: 'Servers', vid: 30 })).id;
  ids.mgmtNet = (await make('/api/networks', { siteId: site.id, name: 'Mgmt', subnet: '10.0.0.0/24' })).id;
  ids.template = (
    await make('/api/templates', { name: 'Access 8', units: [[{ type: 'rj45', count: 8, namePattern: 'Gi{unit}/0/{n}' }]] })
  ).id;
  const sw = await make('/api/switches', {
    siteId: site.id,
    name: 'access-1',
    vendor: 'Cisco',
    model: 'C9200',
    serialNumber: 'FOC123',
    macAddress: 'aa:bb:cc:00:00:01',
    managementIp: '10.0.0.11',
    firmwareVersion: '17.9',
    location: 'Room 1',
    rackPosition: 'U12',
    role: 'access',
    tags: ['floor-1', 'poe'],
    status: 'planned',
    templateId: ids.template,
    stackSize: 2,
    poeBudgetWatts: 370,
    configuredVlanIds: [ids.servers],
    notes: 'notes\nline two',
  });
  far = await make('/api/switches', { siteId: site.id, name: 'core', portCount: 4 });
  const ports = (await must(200, 'GET', `/api/switches/${sw.id}`)).ports;
  const farPorts = (await must(200, 'GET', `/api/switches/${far.id}`)).ports;
  await must(200, 'PATCH', `/api/ports/${ports[0].id}`, {
    description: 'desk 1',
    untaggedVlanId: ids.users,
    poe: { type: '802.3at', maxWatts: 30 },
    speed: '1G',
    macAddress: '00:11:22:33:44:55',
    connectedDevice: 'PC 1',
    linkStatus: 'up',
  });
  await must(200, 'PATCH', `/api/ports/${ports[1].id}`, { enabled: false, linkedPortId: farPorts[3].id });
  await must(200, 'PATCH', `/api/ports/${ports[2].id}`, { connectedPort: 'eth0', connectedDevice: 'AP' });
  // A LAG of two trunk ports, paired with a LAG of the far switch.
  const lag = await make(`/api/switches/${sw.id}/lags`, {
    name: 'Po1',
    mode: 'lacp-passive',
    portMode: 'trunk',
    untaggedVlanId: ids.users,
    taggedVlanIds: [ids.voice, ids.servers],
    memberPortIds: [ports[14].id, ports[15].id],
    description: 'uplink',
  });
  await make(`/api/switches/${far.id}/lags`, { name: 'Po9', memberPortIds: [farPorts[0].id, farPorts[1].id], remoteLagId: lag.id });
  await make(`/api/networks/${ids.mgmtNet}/addresses`, { address: '10.0.0.50', portId: ports[0].id, hostname: 'pc-1' });
  original = await must(200, 'GET', `/api/switches/${sw.id}`);
});

const duplicate = (body: unknown, id = original.id) => call('POST', `/api/switches/${id}/duplicate`, { body });

describe('a duplicate', () => {
  let copy: any;
  beforeAll(async () => {
    const answer = await duplicate({ name: 'access-2', managementIp: '10.0.0.12' });
    if (answer.status !== 201) throw new Error(answer.text);
    copy = answer.body;
    ids.location = answer.headers.get('location')!;
  });

  it('answers 201 with Location and the copy as GET answers it', async () => {
    expect(ids.location).toBe(`/api/switches/${copy.id}`);
    expect(await must(200, 'GET', `/api/switches/${copy.id}`)).toEqual(copy);
  });

  it("copies the switch's configuration but not what is the device's own", () => {
    const kept = [
      'siteId',
      'vendor',
      'model',
      'firmwareVersion',
      'role',
      'tags',
      'status',
      'stackSize',
      'templateId',
      'poeBudgetWatts',
      'notes',
    ];
    for (const field of kept) expect(copy[field], field).toEqual(original[field]);
    expect(copy.configuredVlanIds).toEqual([ids.servers]);
    expect(copy).toMatchObject({
      name: 'access-2',
      managementIp: '10.0.0.12',
      serialNumber: null,
      macAddress: null,
      location: null,
      rackPosition: null,
      portCount: 16,
      version: 1,
      favorite: false,
    });
  });

  it("copies the ports' configuration, not their links, link status, connected devices or their MACs", () => {
    const config = (port: any) => ({
      name: port.name,
      unit: port.unit,
      position: port.position,
      type: port.type,
      description: port.description,
      enabled: port.enabled,
      mode: port.mode,
      untaggedVlanId: port.untaggedVlanId,
      taggedVlanIds: port.taggedVlanIds,
      speed: port.speed,
      poe: port.poe,
    });
    expect(copy.ports.map(config)).toEqual(original.ports.map(config));
    expect(copy.ports.every((port: any) => port.switchId === copy.id && !original.ports.some((o: any) => o.id === port.id))).toBe(true);
    for (const port of copy.ports)
      expect(port).toMatchObject({ linkedPortId: null, linkStatus: null, macAddress: null, connectedDevice: null, connectedPort: null });
    expect(original.ports[1].linkedPortId).not.toBeNull();
  });

  it('copies the LAGs with their members mapped to the copies, without the remote LAG', () => {
    const [lag] = original.lags;
    expect(copy.lags).toHaveLength(1);
    expect(copy.lags[0]).toMatchObject({
      switchId: copy.id,
      name: 'Po1',
      mode: 'lacp-passive',
      portMode: 'trunk',
      untaggedVlanId: ids.users,
      taggedVlanIds: [ids.voice, ids.servers].sort(),
      description: 'uplink',
      remoteLagId: null,
      memberPortIds: [copy.ports[14].id, copy.ports[15].id],
    });
    expect(lag.remoteLagId).not.toBeNull();
    expect(copy.lags[0].id).not.toBe(lag.id);
    expect(copy.ports[14]).toMatchObject({ lagId: copy.lags[0].id, mode: 'trunk' });
  });

  it("records its management address, and none of the original's port addresses", async () => {
    const addresses = (await must(200, 'GET', `/api/networks/${ids.mgmtNet}/addresses`)).items;
    expect(addresses.filter((a: any) => a.switchId === copy.id).map((a: any) => a.address)).toEqual(['10.0.0.12']);
    expect(addresses.filter((a: any) => copy.ports.some((p: any) => p.id === a.portId))).toEqual([]);
  });

  it('is one create entry naming the original', async () => {
    const entry = await lastEntry(copy.id);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'switch',
      entityName: 'access-2',
      siteId: site.id,
      summary: 'Created switch access-2 as a copy of access-1 with 16 ports and 1 LAG',
    });
    expect(entry.changes).toMatchObject({ name: [null, 'access-2'], portCount: [0, 16] });
  });
});

describe('refusals', () => {
  it.each<[string, unknown, string[]]>([
    ['no name', {}, ['name']],
    ['an empty name', { name: '  ' }, ['name']],
    ['a management IP that is none', { name: 'x', managementIp: '10.0.0' }, ['managementIp']],
    ['another field', { name: 'x', serialNumber: 'S1', portCount: 2 }, ['portCount', 'serialNumber']],
    ['a body that is no object', ['x'], ['body']],
  ])('%s → 400', async (_what, body, fields) => {
    expectFaults(await duplicate(body), fields);
  });

  it.each<[string, object, string]>([
    ['the name of a switch of the site', { name: 'CORE' }, 'name'],
    ['the management IP of a switch of the site', { name: 'other', managementIp: '10.0.0.11' }, 'managementIp'],
  ])('refuses %s: 409', async (_what, body, field) => {
    const answer = await duplicate(body);
    expect(answer.status).toBe(409);
    expect(answer.body.error.details.map((d: any) => d.field)).toContain(field);
  });

  it("refuses a management IP recorded for another device (409 address_taken), the network's own address (400), and changes nothing", async () => {
    const before = (await must(200, 'GET', '/api/switches')).total;
    expect((await duplicate({ name: 'taken ip', managementIp: '10.0.0.50' })).body.error.code).toBe('address_taken');
    expectFaults(await duplicate({ name: 'network ip', managementIp: '10.0.0.0' }), ['managementIp']);
    expect((await must(200, 'GET', '/api/switches')).total).toBe(before);
  });

  it('answers 404 for no such switch and 403 to a viewer', async () => {
    expect((await duplicate({ name: 'x' }, '5f0c6a8e-1111-4222-8333-444455556666')).status).toBe(404);
    expect((await viewer.call('POST', `/api/switches/${original.id}/duplicate`, { body: { name: 'x' } })).status).toBe(403);
  });
});

describe('undo', () => {
  it('removes the copy with its ports, its LAGs and its management address, and leaves the original as it was', async () => {
    const copy = (await duplicate({ name: 'undone copy', managementIp: '10.0.0.13' })).body;
    const entry = await lastEntry(copy.id);
    expect((await call('POST', `/api/activity/${entry.id}/undo`)).status).toBe(200);
    expect((await call('GET', `/api/switches/${copy.id}`)).status).toBe(404);
    expect((await call('GET', `/api/ports/${copy.ports[0].id}`)).status).toBe(404);
    expect((await call('GET', `/api/lags/${copy.lags[0].id}`)).status).toBe(404);
    const addresses = (await must(200, 'GET', `/api/networks/${ids.mgmtNet}/addresses`)).items;
    expect(addresses.some((a: any) => a.address === '10.0.0.13')).toBe(false);
    const now = await must(200, 'GET', `/api/switches/${original.id}`);
    expect(now).toEqual(original);
  });

  it('copies a switch without ports or LAGs', async () => {
    const bare = await make('/api/switches', { siteId: site.id, name: 'bare' });
    const copy = await make(`/api/switches/${bare.id}/duplicate`, { name: 'bare 2' });
    expect(copy).toMatchObject({ portCount: 0, ports: [], lags: [] });
    expect((await lastEntry(copy.id)).summary).toBe('Created switch bare 2 as a copy of bare');
  });
});
