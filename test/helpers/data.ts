// Inventory seeding and export helpers for the data-management tests.
import { beforeAll } from 'vitest';
import { api, apiClient, type ApiClient, type TestServerHandle, useSignedInUsers, useTestServer } from './server.ts';

/** The ids of what seedInventory made. */
export interface Seeded {
  sites: Record<string, string>;
  /** VLANs by name: Users (10), Voice (20), Mgmt (21). */
  vlans: Record<string, string>;
  /** Networks (subnets) by name: Users (10.0.10.0/24 in VLAN Users), Mgmt (2001:db8::/64 in VLAN Mgmt). */
  networks: Record<string, string>;
  switches: Record<string, string>;
  ports: Record<string, string>;
}

/**
 * Makes a small but complete inventory through the API: sites, VLANs (one with a colour given, one without any
 * subnet), networks (an IPv4 one with a gateway, an IPv6 one), switches with ports, a trunk with native and tagged
 * VLANs, a PoE port, a link across two switches, an update, a delete and an undo.
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
  const vlan = (body: object) => call('POST', '/api/vlans', { siteId: hq.id, ...body });
  const network = (body: object) => call('POST', '/api/networks', { siteId: hq.id, ...body });
  const users = await vlan({ name: 'Users', vid: 10, color: '#1f77b4' });
  const voice = await vlan({ name: 'Voice', vid: 20, description: 'phones; desk' });
  const mgmt = await vlan({ name: 'Mgmt', vid: 21 });
  const usersNet = await network({ name: 'Users', vlanId: users.id, subnet: '10.0.10.0/24', gateway: '10.0.10.1' });
  const mgmtNet = await network({ name: 'Mgmt', vlanId: mgmt.id, subnet: '2001:db8::/64' });
  const newSwitch = (body: object) => call('POST', '/api/switches', { siteId: hq.id, ...body });
  const core = await newSwitch({ name: 'core', vendor: 'Cisco', macAddress: `${mac}:01`, managementIp: '10.0.0.1', portCount: 4 });
  const edge = await newSwitch({ name: 'edge 1', model: 'EX2300', macAddress: `${mac}:02`, status: 'planned', portCount: 2 });
  const coreFull = await call('GET', `/api/switches/${core.id}`);
  const edgeFull = await call('GET', `/api/switches/${edge.id}`);
  const [c1, c2] = coreFull.ports;
  const [e1] = edgeFull.ports;
  await call('PATCH', `/api/ports/${c1.id}`, {
    mode: 'trunk',
    untaggedVlanId: users.id,
    taggedVlanIds: [voice.id, mgmt.id],
    description: 'uplink, to "edge"',
    speed: '10G',
    linkedPortId: e1.id,
  });
  await call('PATCH', `/api/ports/${c2.id}`, {
    untaggedVlanId: users.id,
    poe: { type: '802.3af', maxWatts: 15.4 },
    enabled: false,
    connectedDevice: 'printer\nroom 2',
  });
  const extra = await call('POST', '/api/sites', { name: `${site} annex` });
  await call('DELETE', `/api/sites/${extra.id}`);
  await call('PATCH', `/api/vlans/${voice.id}`, { description: 'phones' });
  const activity = await call('GET', '/api/activity?limit=1');
  await call('POST', `/api/activity/${activity.items[0].id}/undo`);
  return {
    sites: { [site]: hq.id },
    vlans: { Users: users.id, Voice: voice.id, Mgmt: mgmt.id },
    networks: { Users: usersNet.id, Mgmt: mgmtNet.id },
    switches: { core: core.id, edge: edge.id },
    ports: { c1: c1.id, c2: c2.id, e1: e1.id },
  };
}

/**
 * Sites for a test file's records, made in a beforeAll through `make` (one per entry, named by its value, in that
 * order): each as `{ id }`, its id there once that beforeAll has run.
 */
export function useSites<K extends string>(make: ApiClient['make'], names: Record<K, string>): Record<K, { readonly id: string }> {
  const ids: Partial<Record<K, string>> = {};
  beforeAll(async () => {
    for (const key of Object.keys(names) as K[]) ids[key] = (await make('/api/sites', { name: names[key] })).id;
  });
  const sites = {} as Record<K, { readonly id: string }>;
  for (const key of Object.keys(names) as K[])
    sites[key] = {
      get id() {
        const id = ids[key];
        if (id === undefined) throw new Error(`the site ${names[key]} is read before its beforeAll has run`);
        return id;
      },
    };
  return sites;
}

/**
 * What a file of one resource's rules starts with: a real server (useTestServer) with an editor (ed) and a viewer
 * (vi) signed in, the editor's calls (`call`, `must`, `make`, `lastEntry`), the viewer's as `viewer`, and the sites
 * Main (`site`) and Branch (`otherSite`).
 */
export function useEditorAndSites() {
  const server = useTestServer();
  const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
  const editor = server.as(() => tokens.editor);
  const viewer = server.as(() => tokens.viewer);
  const { site, otherSite } = useSites(editor.make, { site: 'Main', otherSite: 'Branch' });
  return { server, tokens, ...editor, viewer, site, otherSite };
}

/** A port as the API answers it: the fields the port tests read. */
export interface ApiPort {
  id: string;
  name: string;
  version: number;
  mode: string;
  unit: number;
  description: string | null;
  linkedPortId: string | null;
  untaggedVlanId: string | null;
  taggedVlanIds: string[];
}

/** A layout template's unit of an access switch: `rj45` PoE+ ports in two odd-even rows, `sfp` SFP+ uplinks, a console port. */
export const accessTemplateUnit = (rj45: number, sfp: number) => [
  {
    type: 'rj45',
    count: rj45,
    rows: 2,
    order: 'odd-even',
    namePattern: 'Gi{unit}/0/{n}',
    speed: '1G',
    poe: { type: '802.3at', maxWatts: 30 },
  },
  { type: 'sfp+', count: sfp, namePattern: 'Te{unit}/1/{n}', speed: '10G' },
  { type: 'console', count: 1, namePattern: 'con0' },
];

/** The IPAM tests' networks: at Main (`site`) one per kind of subnet, at Branch (`otherSite`) one with lan's subnet. */
const IPAM_NETWORKS = {
  lan: ['site', 'LAN', '10.1.0.0/24'],
  p2p: ['site', 'P2P', '10.2.0.0/31'],
  host: ['site', 'Host', '10.3.0.7/32'],
  v6: ['site', 'V6', '2001:db8:1::/64'],
  v6p2p: ['site', 'V6 P2P', '2001:db8:2::/127'],
  pools: ['site', 'Pools', '10.4.0.0/24'],
  listed: ['site', 'Listed', '10.9.0.0/16'],
  branch: ['otherSite', 'Branch LAN', '10.1.0.0/24'],
} as const;

/** Makes the IPAM networks named in `keys`, in that order; each as `{ id }`. */
export async function makeIpamNetworks<K extends keyof typeof IPAM_NETWORKS>(
  make: ApiClient['make'],
  sites: Record<'site' | 'otherSite', { readonly id: string }>,
  keys: readonly K[],
): Promise<Record<K, { id: string }>> {
  const made = {} as Record<K, { id: string }>;
  for (const key of keys) {
    const [site, name, subnet] = IPAM_NETWORKS[key];
    made[key] = await make('/api/networks', { siteId: sites[site].id, name, subnet });
  }
  return made;
}

/**
 * A small site for change and undo scenarios, made through the API: VLANs `v10` (10, named `ten`, with a network
 * `ten` of `subnet`: `net10`) and `v20` (20, `twenty`, no subnet), two switches (`a` and `b`: name and port count),
 * and a's first port a trunk, ten native and twenty tagged, linked to b's first port.
 */
export async function trunkLinkedSite(
  { must }: Pick<ApiClient, 'must'>,
  name: string,
  options: { subnet: string; a: [name: string, portCount: number]; b: [name: string, portCount: number] },
) {
  const site = await must(201, 'POST', '/api/sites', { name });
  const v10 = await must(201, 'POST', '/api/vlans', { siteId: site.id, name: 'ten', vid: 10 });
  const v20 = await must(201, 'POST', '/api/vlans', { siteId: site.id, name: 'twenty', vid: 20 });
  const net10 = await must(201, 'POST', '/api/networks', { siteId: site.id, name: 'ten', vlanId: v10.id, subnet: options.subnet });
  const a = await must(201, 'POST', '/api/switches', { siteId: site.id, name: options.a[0], portCount: options.a[1] });
  const b = await must(201, 'POST', '/api/switches', { siteId: site.id, name: options.b[0], portCount: options.b[1] });
  const portsOf = async (id: string): Promise<string[]> =>
    (await must(200, 'GET', `/api/switches/${id}`)).ports.map((p: { id: string }) => p.id);
  const aPorts = await portsOf(a.id);
  const bPorts = await portsOf(b.id);
  await must(200, 'PATCH', `/api/ports/${aPorts[0]}`, {
    mode: 'trunk',
    untaggedVlanId: v10.id,
    taggedVlanIds: [v20.id],
    linkedPortId: bPorts[0],
  });
  return { site: site.id, v10: v10.id, v20: v20.id, net10: net10.id, a: a.id, b: b.id, aPorts, bPorts };
}

/** The kinds of a backup document's data, in the order the export writes them (what a kind refers to comes first). */
export const EXPORT_ORDER = [
  'users',
  'sites',
  'vlans',
  'networks',
  'ranges',
  'templates',
  'switches',
  'lags',
  'ports',
  'addresses',
  'activity',
];

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

/**
 * The two servers of a backup or restore test, each with its admin (useTestServer): `source`, which a beforeAll fills
 * with seedInventory (after `before` has run on it, and then `after`) and exports as `original`, and `target`, a server
 * of its own to restore into. `seeded` and `original` are there once that beforeAll has run.
 */
export function useSourceAndTarget(
  options: {
    before?: (source: TestServerHandle) => Promise<unknown>;
    after?: (source: TestServerHandle, seeded: Seeded) => Promise<unknown>;
  } = {},
) {
  const source = useTestServer();
  const target = useTestServer();
  let seeded: Seeded | undefined;
  let original: any;
  beforeAll(async () => {
    await options.before?.(source);
    seeded = await seedInventory(source.baseUrl, source.token);
    await options.after?.(source, seeded);
    original = await exportDocument(source.baseUrl, source.token);
  });
  return {
    source,
    target,
    /** What seedInventory made on the source. */
    get seeded(): Seeded {
      if (!seeded) throw new Error('the source is read before its beforeAll has run');
      return seeded;
    },
    /** The source's export, once seeded (the document a test restores). */
    get original(): any {
      return original;
    },
  };
}
