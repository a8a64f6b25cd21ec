// Inventory seeding and export helpers for the data-management tests.
import { api, apiClient } from './server.ts';

/** The ids of what seedInventory made. */
export interface Seeded {
  sites: Record<string, string>;
  networks: Record<string, string>;
  switches: Record<string, string>;
  ports: Record<string, string>;
}

/**
 * Makes a small but complete inventory through the API: sites, networks (one with subnet and gateway),
 * switches with ports, a trunk with tagged VLANs, a link across two switches, an update, a delete and an undo.
 */
export async function seedInventory(baseUrl: string, token: string, site = 'HQ', options: { macPrefix?: string } = {}): Promise<Seeded> {
  const client = apiClient(
    () => baseUrl,
    () => token,
  );
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const answer = await client.call(method, path, { body });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.body;
  };
  const mac = options.macPrefix ?? '00:11:22:33:44';
  const hq = await call('POST', '/api/sites', { name: site, address: 'Main street 1', notes: 'line one\nline two, with "quotes"' });
  const users = await call('POST', '/api/networks', {
    siteId: hq.id,
    name: 'Users',
    vlanId: 10,
    subnet: '10.0.10.0/24',
    gateway: '10.0.10.1',
    color: '#1f77b4',
  });
  const voice = await call('POST', '/api/networks', { siteId: hq.id, name: 'Voice', vlanId: 20, description: 'phones; desk' });
  const mgmt = await call('POST', '/api/networks', { siteId: hq.id, name: 'Mgmt', vlanId: 21, subnet: '2001:db8::/64' });
  const core = await call('POST', '/api/switches', {
    siteId: hq.id,
    name: 'core',
    vendor: 'Cisco',
    macAddress: `${mac}:01`,
    managementIp: '10.0.0.1',
    portCount: 4,
  });
  const edge = await call('POST', '/api/switches', {
    siteId: hq.id,
    name: 'edge 1',
    model: 'EX2300',
    macAddress: `${mac}:02`,
    status: 'planned',
    portCount: 2,
  });
  const coreFull = await call('GET', `/api/switches/${core.id}`);
  const edgeFull = await call('GET', `/api/switches/${edge.id}`);
  const [c1, c2] = coreFull.ports;
  const [e1] = edgeFull.ports;
  await call('PATCH', `/api/ports/${c1.id}`, {
    mode: 'trunk',
    untaggedNetworkId: users.id,
    taggedNetworkIds: [voice.id, mgmt.id],
    description: 'uplink, to "edge"',
    speed: '10G',
    linkedPortId: e1.id,
  });
  await call('PATCH', `/api/ports/${c2.id}`, {
    untaggedNetworkId: users.id,
    poe: true,
    enabled: false,
    connectedDevice: 'printer\nroom 2',
  });
  const extra = await call('POST', '/api/sites', { name: `${site} annex` });
  await call('DELETE', `/api/sites/${extra.id}`);
  const renamed = await call('PATCH', `/api/networks/${voice.id}`, { description: 'phones' });
  const activity = await call('GET', '/api/activity?limit=1');
  await call('POST', `/api/activity/${activity.items[0].id}/undo`);
  void renamed;
  return {
    sites: { [site]: hq.id },
    networks: { Users: users.id, Voice: voice.id, Mgmt: mgmt.id },
    switches: { core: core.id, edge: edge.id },
    ports: { c1: c1.id, c2: c2.id, e1: e1.id },
  };
}

/** The backup export as a parsed document. */
export async function exportDocument(baseUrl: string, token: string): Promise<any> {
  const answer = await api(baseUrl, 'GET', '/api/backup/export', { token });
  if (answer.status !== 200) throw new Error(`export: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** A document without what differs between two exports of the same data (exportedAt). */
export function comparable(doc: any): any {
  const { exportedAt, ...rest } = doc;
  void exportedAt;
  return rest;
}
