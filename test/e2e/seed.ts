// Realistic data for screenshots and accessibility checks, made through the API.
import { must } from './support.ts';

/** What the seed made, for building URLs. */
export type Seeded = { hqId: string; coreId: string; accessId: string; usersNetId: string };

/** Two sites, VLANs with and without colours, a 48-port core with trunks, disabled ports, uplinks and a link. */
export async function seed(baseUrl: string, token: string): Promise<Seeded> {
  const call = <T = any>(method: string, path: string, body?: unknown) => must<T>(baseUrl, token, method, path, body);
  const hq = await call('POST', '/api/sites', { name: 'HQ', description: 'Head office', address: '1 Main Street, Springfield' });
  const lab = await call('POST', '/api/sites', { name: 'Lab', description: 'Test bench' });
  const net = async (siteId: string, vlanId: number, name: string, subnet: string | null, gateway: string | null, color: string | null) =>
    (await call('POST', '/api/networks', { siteId, vlanId, name, subnet, gateway, color, description: `${name} network` })).id as string;
  const users = await net(hq.id, 10, 'Users', '10.0.10.0/24', '10.0.10.1', '#1f77b4');
  const voice = await net(hq.id, 20, 'Voice', '10.0.20.0/24', '10.0.20.1', '#8e44ad');
  const printers = await net(hq.id, 30, 'Printers', '10.0.30.0/24', null, null);
  const mgmt = await net(hq.id, 99, 'Management', '10.0.99.0/24', '10.0.99.1', '#c0392b');
  await net(hq.id, 200, 'Guests', '192.168.200.0/24', '192.168.200.1', null);
  await net(lab.id, 10, 'Lab users', '10.9.10.0/24', null, '#16a085');
  const core = await call('POST', '/api/switches', {
    siteId: hq.id,
    name: 'core-1',
    vendor: 'Arista',
    model: '7050SX',
    managementIp: '10.0.99.2',
    macAddress: '00:1c:73:aa:bb:01',
    serialNumber: 'JPE1234567',
    firmwareVersion: '4.30.1F',
    location: 'Rack A1, U42',
    portCount: 48,
  });
  const access = await call('POST', '/api/switches', {
    siteId: hq.id,
    name: 'access-1',
    vendor: 'Cisco',
    model: 'C9200-24P',
    managementIp: '10.0.99.3',
    location: 'Floor 2 closet',
    portCount: 24,
  });
  await call('POST', '/api/switches', {
    siteId: hq.id,
    name: 'access-2',
    vendor: 'Cisco',
    model: 'C9200-24P',
    managementIp: '10.0.99.4',
    status: 'planned',
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
  const byName = (sw: { ports: { id: string; name: string }[] }, names: number[]) =>
    sw.ports.filter((p) => names.includes(Number(p.name))).map((p) => p.id);
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  const bulk = (id: string, portIds: string[], change: Record<string, unknown>) =>
    call('PATCH', `/api/switches/${id}/ports`, { portIds, ...change });
  await bulk(core.id, byName(coreFull, range(1, 12)), { set: { untaggedNetworkId: users, description: 'Desk', poe: true, speed: '1G' } });
  await bulk(core.id, byName(coreFull, range(13, 20)), { set: { untaggedNetworkId: voice, description: 'Phone', poe: true } });
  await bulk(core.id, byName(coreFull, range(21, 24)), { set: { untaggedNetworkId: printers, description: 'Printer' } });
  await bulk(core.id, byName(coreFull, range(40, 44)), { set: { enabled: false, description: 'Spare' } });
  await bulk(core.id, byName(coreFull, range(45, 48)), {
    set: { mode: 'trunk', untaggedNetworkId: mgmt, speed: '10G' },
    addTagged: [users, voice, printers],
  });
  await bulk(access.id, byName(accessFull, range(1, 20)), { set: { untaggedNetworkId: users } });
  await bulk(access.id, byName(accessFull, [24]), { set: { mode: 'trunk', untaggedNetworkId: mgmt }, addTagged: [users, voice] });
  const core48 = coreFull.ports.find((p: { name: string }) => p.name === '48');
  const access24 = accessFull.ports.find((p: { name: string }) => p.name === '24');
  await call('PATCH', `/api/ports/${core48.id}`, { name: 'sfp2', linkedPortId: access24.id, description: 'Uplink to access-1' });
  const core47 = coreFull.ports.find((p: { name: string }) => p.name === '47');
  await call('PATCH', `/api/ports/${core47.id}`, { name: 'sfp1' });
  const core3 = coreFull.ports.find((p: { name: string }) => p.name === '3');
  await call('PATCH', `/api/ports/${core3.id}`, { connectedDevice: 'Printer HP-2F', description: 'Reception desk' });
  await call('PATCH', `/api/sites/${lab.id}`, { address: 'Building 7' });
  return { hqId: hq.id, coreId: core.id, accessId: access.id, usersNetId: users };
}
