import { api, type ApiAnswer } from '../../helpers/server.ts';

/** Throws with the answer's text unless its status is `status` (a clearer failure than a later undefined). */
export function expectStatus<T>(answer: ApiAnswer<T>, status: number, what: string): ApiAnswer<T> {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 500)}`);
  return answer;
}

/** What seedInventory made. */
export interface Inventory {
  siteId: string;
  /** VLANs 10, 11…, in that order. */
  vlanIds: string[];
  /** One network (subnet 10.<n>.0.0/24) in each VLAN, in the same order. */
  networkIds: string[];
  switchIds: string[];
  /** The port ids of each switch, in switch order. */
  portIds: string[][];
}

/** Creates one site with VLANs (each with a network) and switches with ports through the API (as an editor or admin). */
export async function seedInventory(
  baseUrl: string,
  token: string,
  options: { prefix: string; vlans?: number; switches?: number; portsPerSwitch?: number },
): Promise<Inventory> {
  const { prefix, vlans = 2, switches = 1, portsPerSwitch = 8 } = options;
  const site = expectStatus(
    await api(baseUrl, 'POST', '/api/sites', { token, body: { name: `${prefix} site`, description: 'seeded by the reliability suite' } }),
    201,
    'create site',
  );
  const siteId = site.body.id as string;
  const vlanIds: string[] = [];
  const networkIds: string[] = [];
  for (let n = 0; n < vlans; n++) {
    const vlan = { siteId, name: `${prefix} vlan ${n + 10}`, vid: n + 10 };
    const vlanId = expectStatus(await api(baseUrl, 'POST', '/api/vlans', { token, body: vlan }), 201, 'create vlan').body.id;
    vlanIds.push(vlanId);
    const network = { siteId, vlanId, name: `${prefix} net ${n + 10}`, subnet: `10.${n}.0.0/24` };
    networkIds.push(expectStatus(await api(baseUrl, 'POST', '/api/networks', { token, body: network }), 201, 'create network').body.id);
  }
  const switchIds: string[] = [];
  const portIds: string[][] = [];
  for (let s = 0; s < switches; s++) {
    const made = expectStatus(
      await api(baseUrl, 'POST', '/api/switches', { token, body: { siteId, name: `${prefix} sw${s}`, portCount: portsPerSwitch } }),
      201,
      'create switch',
    );
    switchIds.push(made.body.id);
    portIds.push(await switchPortIds(baseUrl, token, made.body.id));
  }
  return { siteId, vlanIds, networkIds, switchIds, portIds };
}

/** The ids of a switch's ports, in position order. */
export async function switchPortIds(baseUrl: string, token: string, switchId: string): Promise<string[]> {
  const answer = expectStatus(await api(baseUrl, 'GET', `/api/switches/${switchId}`, { token }), 200, 'read switch');
  return (answer.body.ports as { id: string }[]).map((port) => port.id);
}
