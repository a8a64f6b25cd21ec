// Realistic data for screenshots and accessibility checks, made through the API.
import { must } from './support.ts';

/** What the seed made, for building URLs. */
export type Seeded = {
  hqId: string;
  coreId: string;
  accessId: string;
  stackId: string;
  usersVlanId: string;
  usersNetId: string;
  transitNetId: string;
};

/**
 * Two sites; VLANs with and without chosen colours, one without a subnet, one with an IPv4 and an IPv6 subnet,
 * a /31 without a VLAN; a 48-port core with SFP+ uplinks (trunks), disabled ports, PoE and a link; a stack of two;
 * in the Users network a DHCP pool, a reserved block and addresses (one on core-1's port 3), the /31 full.
 */
export async function seed(baseUrl: string, token: string): Promise<Seeded> {
  const call = <T = any>(method: string, path: string, body?: unknown) => must<T>(baseUrl, token, method, path, body);
  const hq = await call('POST', '/api/sites', { name: 'HQ', description: 'Head office', address: '1 Main Street, Springfield' });
  const lab = await call('POST', '/api/sites', { name: 'Lab', description: 'Test bench' });
  const vlan = async (siteId: string, vid: number, name: string, color?: string) =>
    (await call('POST', '/api/vlans', { siteId, vid, name, color, description: `${name} VLAN` })).id as string;
  const net = async (
    siteId: string,
    vlanId: string | null,
    name: string,
    subnet: string,
    gateway: string | null,
    dnsServers: string[] = [],
  ) => (await call('POST', '/api/networks', { siteId, vlanId, name, subnet, gateway, dnsServers })).id as string;
  const users = await vlan(hq.id, 10, 'Users');
  const voice = await vlan(hq.id, 20, 'Voice');
  const printers = await vlan(hq.id, 30, 'Printers');
  const cameras = await vlan(hq.id, 40, 'Cameras');
  const mgmt = await vlan(hq.id, 99, 'Management', '#5d6d7e');
  const guests = await vlan(hq.id, 200, 'Guests');
  await vlan(hq.id, 666, 'Storage replication');
  const labUsers = await vlan(lab.id, 10, 'Lab users', '#16a085');
  const usersNet = await net(hq.id, users, 'Users', '10.0.10.0/24', '10.0.10.1', ['10.0.99.53', '10.0.99.54']);
  await net(hq.id, users, 'Users v6', '2001:db8:10::/64', '2001:db8:10::1');
  await net(hq.id, voice, 'Voice', '10.0.20.0/24', '10.0.20.1');
  await net(hq.id, printers, 'Printers', '10.0.30.0/24', null);
  await net(hq.id, cameras, 'Cameras', '10.0.40.0/24', '10.0.40.1');
  await net(hq.id, cameras, 'Cameras (secondary)', '10.0.41.0/24', '10.0.41.1');
  await net(hq.id, mgmt, 'Management', '10.0.99.0/24', '10.0.99.1');
  await net(hq.id, guests, 'Guests', '192.168.200.0/24', '192.168.200.1');
  const transit = await net(hq.id, null, 'Transit to ISP', '198.51.100.0/31', null);
  await net(lab.id, labUsers, 'Lab users', '10.9.10.0/24', null);
  const core = await call('POST', '/api/switches', {
    siteId: hq.id,
    name: 'core-1',
    vendor: 'Arista',
    model: '7050SX',
    role: 'core',
    tags: ['spine', 'critical'],
    managementIp: '10.0.99.2',
    macAddress: '00:1c:73:aa:bb:01',
    serialNumber: 'JPE1234567',
    firmwareVersion: '4.30.1F',
    location: 'Server room',
    rackPosition: 'Rack A1, U42',
    poeBudgetWatts: 740,
    portCount: 48,
  });
  const access = await call('POST', '/api/switches', {
    siteId: hq.id,
    name: 'access-1',
    vendor: 'Cisco',
    model: 'C9200-24P',
    role: 'access',
    managementIp: '10.0.99.3',
    location: 'Floor 2 closet',
    portCount: 24,
  });
  const stack = await call('POST', '/api/switches', {
    siteId: hq.id,
    name: 'access-2',
    vendor: 'Cisco',
    model: 'C9300-24P',
    role: 'access',
    managementIp: '10.0.99.4',
    status: 'planned',
    stackSize: 2,
    portCount: 24,
  });
  await call('POST', '/api/switches', {
    siteId: lab.id,
    name: 'lab-sw',
    vendor: 'Juniper',
    model: 'EX2300-C',
    status: 'offline',
    portCount: 12,
  });
  const coreFull = await call('GET', `/api/switches/${core.id}`);
  const accessFull = await call('GET', `/api/switches/${access.id}`);
  const stackFull = await call('GET', `/api/switches/${stack.id}`);
  type P = { id: string; name: string };
  const byName = (sw: { ports: P[] }, names: number[]) => sw.ports.filter((p) => names.includes(Number(p.name))).map((p) => p.id);
  const portOf = (sw: { ports: P[] }, name: string) => sw.ports.find((p) => p.name === name)!;
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  const bulk = (id: string, portIds: string[], change: Record<string, unknown>) =>
    call('PATCH', `/api/switches/${id}/ports`, { portIds, ...change });
  const poe = { type: '802.3at', maxWatts: 30 };
  await bulk(core.id, byName(coreFull, range(1, 12)), { set: { untaggedVlanId: users, description: 'Desk', poe, speed: '1G' } });
  await bulk(core.id, byName(coreFull, range(13, 20)), { set: { untaggedVlanId: voice, description: 'Phone', poe } });
  await bulk(core.id, byName(coreFull, range(21, 24)), { set: { untaggedVlanId: printers, description: 'Printer' } });
  await bulk(core.id, byName(coreFull, range(25, 30)), { set: { untaggedVlanId: cameras, description: 'Camera', poe } });
  await bulk(core.id, byName(coreFull, range(40, 44)), { set: { enabled: false, description: 'Spare' } });
  await bulk(core.id, byName(coreFull, range(45, 48)), {
    set: { mode: 'trunk', untaggedVlanId: mgmt, speed: '10G', type: 'sfp+' },
    addTaggedVlanIds: [users, voice, printers, cameras],
  });
  await bulk(access.id, byName(accessFull, range(1, 20)), { set: { untaggedVlanId: users, linkStatus: 'up' } });
  await bulk(access.id, byName(accessFull, [24]), {
    set: { mode: 'trunk', untaggedVlanId: mgmt, type: 'sfp' },
    addTaggedVlanIds: [users, voice],
  });
  for (const n of range(13, 24)) await call('PATCH', `/api/ports/${portOf(stackFull, String(n)).id}`, { unit: 2, name: `2/${n - 12}` });
  await bulk(stack.id, byName(stackFull, range(1, 12)), { set: { untaggedVlanId: guests } });
  const core48 = portOf(coreFull, '48');
  const access24 = portOf(accessFull, '24');
  await call('PATCH', `/api/ports/${core48.id}`, { name: 'Et48', linkedPortId: access24.id, description: 'Uplink to access-1' });
  await call('PATCH', `/api/ports/${portOf(coreFull, '47').id}`, { name: 'Et47' });
  await call('PATCH', `/api/ports/${portOf(coreFull, '3').id}`, {
    connectedDevice: 'Printer HP-2F',
    connectedPort: 'eth0',
    macAddress: '3C-52-82-11-22-33',
    description: 'Reception desk',
  });
  await call('POST', `/api/switches/${core.id}/ports`, { name: 'Ma1', type: 'management', untaggedVlanId: mgmt });
  await call('PATCH', `/api/switches/${core.id}`, { configuredVlanIds: [mgmt, guests] });
  await call('PATCH', `/api/sites/${lab.id}`, { address: 'Building 7' });
  await call('POST', `/api/networks/${usersNet}/ranges`, {
    start: '10.0.10.2',
    end: '10.0.10.9',
    kind: 'reserved',
    description: 'Infrastructure',
  });
  await call('POST', `/api/networks/${usersNet}/ranges`, { start: '10.0.10.100', end: '10.0.10.199', kind: 'dhcp', description: 'Desks' });
  await call('POST', `/api/networks/${usersNet}/ranges`, {
    start: '10.0.10.200',
    end: '10.0.10.219',
    kind: 'static',
    description: 'Printers and phones',
  });
  const address = (networkId: string, body: Record<string, unknown>) => call('POST', `/api/networks/${networkId}/addresses`, body);
  await address(usersNet, {
    address: '10.0.10.200',
    hostname: 'printer-2f',
    macAddress: '3c:52:82:11:22:33',
    deviceType: 'printer',
    portId: portOf(coreFull, '3').id,
    description: 'Reception desk',
  });
  await address(usersNet, { address: '10.0.10.10', hostname: 'files', deviceType: 'server' });
  await address(usersNet, { address: '10.0.10.11', hostname: 'backup', deviceType: 'server', status: 'reserved' });
  await address(usersNet, { address: '10.0.10.201', hostname: 'phone-reception', deviceType: 'phone', macAddress: '00:04:f2:aa:bb:cc' });
  await address(usersNet, { address: '10.0.10.250', hostname: 'old-nas', deviceType: 'other', status: 'inactive' });
  await address(transit, { address: '198.51.100.0', hostname: 'edge-1', deviceType: 'router' });
  await address(transit, { address: '198.51.100.1', hostname: 'isp-gw', deviceType: 'router' });
  return {
    hqId: hq.id,
    coreId: core.id,
    accessId: access.id,
    stackId: stack.id,
    usersVlanId: users,
    usersNetId: usersNet,
    transitNetId: transit,
  };
}

/** Makes a LAG of access-1 on its ports 23 and 24; answers its id. */
export async function addAccessLag(baseUrl: string, token: string, data: Seeded, name: string): Promise<string> {
  const access = await must<{ ports: { id: string; name: string }[] }>(baseUrl, token, 'GET', `/api/switches/${data.accessId}`);
  const memberPortIds = access.ports.filter((p) => p.name === '23' || p.name === '24').map((p) => p.id);
  return (await must<{ id: string }>(baseUrl, token, 'POST', `/api/switches/${data.accessId}/lags`, { name, memberPortIds })).id;
}
