// GET /api/checks against a real server, with data made through the inventory API. Each scenario builds its own
// sites and asks for the findings of those sites, so scenarios do not see each other's data; for each finding kind
// one data set has it and one does not, and the check must name exactly the entities involved. Last, without a
// server: runChecks runs one pass of SQL per kind, the same few statements whatever the size of the data.
import type { StatementSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { FINDING_KINDS, runChecks } from '../../src/db/checks.ts';
import type { Db } from '../../src/db/open.ts';
import { addNetwork, addPort, addSite, addSwitch, freshDb, linkPorts } from '../fixtures/config/inventory-db.ts';
import { api, useSignedInUsers, useTestServer } from '../helpers/server.ts';

interface Finding {
  kind: string;
  severity: string;
  message: string;
  entities: { type: string; id: string; name: string }[];
}

const server = useTestServer();
const tokens = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
let sequence = 0;

const { call, make } = server.as(() => tokens.editor);
const site = async () => (await make('/api/sites', { name: `site ${++sequence}` })).id;
const net = async (siteId: string, vlanId: number, extra: Record<string, unknown> = {}) =>
  (await make('/api/networks', { siteId, vlanId, name: `vlan ${vlanId}`, ...extra })).id;
const sw = async (siteId: string, name: string, extra: Record<string, unknown> = {}) =>
  (await make('/api/switches', { siteId, name, ...extra })).id;
const port = async (switchId: string, name: string, extra: Record<string, unknown> = {}) =>
  (await make(`/api/switches/${switchId}/ports`, { name, ...extra })).id;

const findings = async (siteId?: string, token = tokens.editor): Promise<Finding[]> => {
  const answer = await call('GET', `/api/checks${siteId ? `?siteId=${siteId}` : ''}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.findings;
};
const entityGroups = (list: Finding[], kind: string) =>
  list
    .filter((f) => f.kind === kind)
    .map((f) => f.entities.map((e) => e.id).sort())
    .sort((a, b) => (a.join() < b.join() ? -1 : 1));
const groups = (expected: string[][]) => expected.map((ids) => [...ids].sort()).sort((a, b) => (a.join() < b.join() ? -1 : 1));

/**
 * A data set: built at a fresh site `a` (and at other sites it makes), it returns the entity ids of each finding of the
 * kind expected at `a`.
 */
type Scenario = [name: string, kind: string, build: (a: string) => Promise<string[][]>];
/** A row of the table, written as a call so that its name and kind head the data set. */
const scenario = (...row: Scenario): Scenario => row;

const scenarios: Scenario[] = [
  scenario('one management IP at two sites', 'duplicate_management_ip', async (a) => {
    const b = await site();
    const one = await sw(a, 'a1', { managementIp: '10.1.0.5' });
    const two = await sw(b, 'b1', { managementIp: '10.1.0.5' });
    await sw(b, 'b2', { managementIp: '10.1.0.6' });
    return [[one, two]];
  }),
  scenario('distinct management IPs', 'duplicate_management_ip', async (a) => {
    const b = await site();
    await sw(a, 'a1', { managementIp: '10.2.0.5' });
    await sw(b, 'b1', { managementIp: '10.2.0.6' });
    return [];
  }),
  scenario('distinct MAC addresses', 'duplicate_mac', async (a) => {
    await sw(a, 'a1', { macAddress: '02:00:00:00:03:01' });
    await sw(a, 'a2', { macAddress: '02:00:00:00:03:02' });
    return [];
  }),
  scenario("a management IP outside its site's subnets", 'management_ip_outside_subnets', async (a) => {
    await net(a, 99, { subnet: '10.4.99.0/24' });
    await sw(a, 'inside', { managementIp: '10.4.99.2' });
    const outside = await sw(a, 'outside', { managementIp: '10.4.100.2' });
    return [[outside]];
  }),
  scenario('management IPs inside, or of a family without subnets at the site', 'management_ip_outside_subnets', async (a) => {
    await net(a, 99, { subnet: '10.5.99.0/24' });
    await sw(a, 'inside', { managementIp: '10.5.99.2' });
    await sw(a, 'v6', { managementIp: '2001:db8:5::2' });
    return [];
  }),
  scenario('a link whose ends have different native VLANs', 'link_native_vlan_mismatch', async (a) => {
    const [n1, n99] = [await net(a, 1), await net(a, 99)];
    const near = await port(await sw(a, 'access-1'), '48', { mode: 'trunk', untaggedNetworkId: n1 });
    const far = await port(await sw(a, 'core-1'), '1', { mode: 'trunk', untaggedNetworkId: n99, linkedPortId: near });
    return [[near, far]];
  }),
  scenario('a link across sites whose ends share the VLAN number', 'link_native_vlan_mismatch', async (a) => {
    const b = await site();
    const near = await port(await sw(a, 'access-1'), '48', { mode: 'trunk', untaggedNetworkId: await net(a, 99, { name: 'Mgmt A' }) });
    await port(await sw(b, 'core-1'), '1', {
      mode: 'trunk',
      untaggedNetworkId: await net(b, 99, { name: 'Mgmt B' }),
      linkedPortId: near,
    });
    return [];
  }),
  scenario('a link from an access port to a trunk', 'link_mode_mismatch', async (a) => {
    const near = await port(await sw(a, 'access-1'), '48', { mode: 'access' });
    const far = await port(await sw(a, 'core-1'), '1', { mode: 'trunk', linkedPortId: near });
    return [[near, far]];
  }),
  scenario('links with one mode at both ends', 'link_mode_mismatch', async (a) => {
    await port(await sw(a, 'c1'), '1', { mode: 'trunk', linkedPortId: await port(await sw(a, 'c2'), '1', { mode: 'trunk' }) });
    await port(await sw(a, 'e1'), '1', { linkedPortId: await port(await sw(a, 'e2'), '1') });
    return [];
  }),
  scenario('an access VLAN the uplink does not carry', 'vlan_not_carried_by_uplink', async (a) => {
    const [users, cams, mgmt] = [await net(a, 10), await net(a, 30), await net(a, 99)];
    const edge = await sw(a, 'edge');
    await port(edge, '1', { untaggedNetworkId: users });
    await port(edge, '2', { untaggedNetworkId: cams });
    await port(edge, '3', { untaggedNetworkId: mgmt });
    const uplink = await port(edge, '48', { mode: 'trunk', untaggedNetworkId: mgmt, taggedNetworkIds: [users] });
    await port(await sw(a, 'core'), '1', { mode: 'trunk', taggedNetworkIds: [users, cams], linkedPortId: uplink });
    return [[edge, cams]];
  }),
  scenario('access VLANs all carried, tagged or native', 'vlan_not_carried_by_uplink', async (a) => {
    const [users, mgmt] = [await net(a, 10), await net(a, 99)];
    const edge = await sw(a, 'edge');
    await port(edge, '1', { untaggedNetworkId: users });
    await port(edge, '2', { untaggedNetworkId: mgmt });
    const uplink = await port(edge, '48', { mode: 'trunk', untaggedNetworkId: mgmt, taggedNetworkIds: [users] });
    await port(await sw(a, 'core'), '1', { mode: 'trunk', untaggedNetworkId: mgmt, taggedNetworkIds: [users], linkedPortId: uplink });
    return [];
  }),
  scenario("a gateway that is a switch's management IP", 'gateway_is_management_ip', async (a) => {
    const mgmt = await net(a, 99, { subnet: '10.8.99.0/24', gateway: '10.8.99.1' });
    const core = await sw(a, 'core', { managementIp: '10.8.99.1' });
    await sw(a, 'edge', { managementIp: '10.8.99.2' });
    return [[mgmt, core]];
  }),
  scenario("gateways that are no switch's address", 'gateway_is_management_ip', async (a) => {
    await net(a, 99, { subnet: '10.9.99.0/24', gateway: '10.9.99.1' });
    await sw(a, 'edge', { managementIp: '10.9.99.2' });
    return [];
  }),
  scenario('a network no port uses', 'unused_network', async (a) => {
    const unused = await net(a, 5);
    await port(await sw(a, 's'), '1', { untaggedNetworkId: await net(a, 6) });
    return [[unused]];
  }),
  scenario('networks used untagged or tagged only', 'unused_network', async (a) => {
    const s = await sw(a, 's');
    await port(s, '1', { untaggedNetworkId: await net(a, 6) });
    await port(s, '2', { mode: 'trunk', taggedNetworkIds: [await net(a, 7)] });
    return [];
  }),
];

describe('GET /api/checks: each finding kind with a data set that has it and one that does not', () => {
  it.each(scenarios)('%s (%s)', async (_name, kind, build) => {
    const a = await site();
    const expected = await build(a);
    expect(entityGroups(await findings(a), kind)).toEqual(groups(expected));
  });

  it('duplicate_mac: the API refuses a second switch with the same MAC in any spelling, so only the unit test can store one', async () => {
    const a = await site();
    await sw(a, 'a1', { macAddress: '02:00:00:00:04:01' });
    const again = await call('POST', '/api/switches', { body: { siteId: await site(), name: 'b1', macAddress: '0200.0000.0401' } });
    expect(again.status).toBe(409);
    expect(entityGroups(await findings(a), 'duplicate_mac')).toEqual([]);
  });
});

describe('GET /api/checks answers', () => {
  it('writes each finding in full and drops it once the data is fixed', async () => {
    const a = await site();
    const [users, cams] = [await net(a, 10, { name: 'Users' }), await net(a, 30, { name: 'Cameras' })];
    const edge = await sw(a, 'edge-7');
    await port(edge, '1', { untaggedNetworkId: users });
    await port(edge, '2', { untaggedNetworkId: cams });
    const uplink = await port(edge, '48', { mode: 'trunk', taggedNetworkIds: [users] });
    await port(await sw(a, 'core-7'), '1', { mode: 'trunk', taggedNetworkIds: [users, cams], linkedPortId: uplink });
    const entities = [
      { type: 'switch', id: edge, name: 'edge-7' },
      { type: 'network', id: cams, name: 'Cameras' },
    ];
    expect(await findings(a)).toEqual([
      {
        kind: 'vlan_not_carried_by_uplink',
        severity: 'warning',
        message: 'VLAN 30 (Cameras) is used on 1 access port of switch edge-7, but none of its linked trunk ports carries it.',
        entities,
      },
    ]);
    expect((await call('PATCH', `/api/ports/${uplink}`, { body: { taggedNetworkIds: [users, cams] } })).status).toBe(200);
    expect(await findings(a)).toEqual([]);
  });

  it('without siteId reports every site, sorted by severity', async () => {
    const all = await findings(undefined, tokens.viewer);
    const kinds = new Set(all.map((f) => f.kind));
    for (const kind of [
      'duplicate_management_ip',
      'management_ip_outside_subnets',
      'link_native_vlan_mismatch',
      'link_mode_mismatch',
      'vlan_not_carried_by_uplink',
      'gateway_is_management_ip',
      'unused_network',
    ]) {
      expect(kinds).toContain(kind);
    }
    const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>;
    expect(all.map((f) => rank[f.severity])).toEqual([...all.map((f) => rank[f.severity])].sort());
    expect(await findings(undefined, tokens.viewer)).toEqual(all);
  });

  it.each<[string, string, number, string]>([
    ['a siteId that is not an id', '?siteId=main', 400, 'validation_failed'],
    ['a site that does not exist', '?siteId=5f0c6a8e-1111-4222-8333-444455556666', 404, 'not_found'],
  ])('%s: %i', async (_name, query, status, code) => {
    const answer = await call('GET', `/api/checks${query}`);
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
  });

  it('needs a signed-in user', async () => {
    const answer = await api(server.baseUrl, 'GET', '/api/checks');
    expect(answer.status).toBe(401);
  });
});

// GET /api/checks makes one pass of SQL per kind, no per-row queries. Counted, not timed: the statements runChecks
// runs must be the same few whatever the size of the data, with every kind of finding in it.

/** The database behind a proxy that counts every statement run through it (and every exec). */
function counting(db: Db): { db: Db; runs: () => number } {
  let runs = 0;
  const countStatement = (statement: StatementSync) =>
    new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'all' || key === 'get' || key === 'iterate' || key === 'run') runs++;
          return value.apply(target, args);
        };
      },
    });
  const proxy = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === 'prepare') return (sql: string) => countStatement(target.prepare(sql));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, runs: () => runs };
}

/** A site with every finding kind: duplicate IP and MAC, an IP outside its subnets, a gateway that is a switch's IP, both link mismatches, an uncarried VLAN, an unused network. */
function addTroubledSite(db: Db, n: number): void {
  const site = addSite(db, `site ${n}`);
  const users = addNetwork(db, site, { name: 'users', vlanId: 10, subnet: `10.${n}.10.0/24`, gateway: `10.${n}.10.1` });
  const cams = addNetwork(db, site, { name: 'cams', vlanId: 30 });
  addNetwork(db, site, { name: 'unused', vlanId: 99 });
  const core = addSwitch(db, site, {
    name: 'core',
    managementIp: '192.0.2.1',
    macAddress: `02:00:00:00:00:${(n % 256).toString(16).padStart(2, '0')}`,
  });
  const edge = addSwitch(db, site, {
    name: 'edge',
    managementIp: `10.${n}.10.1`,
    macAddress: `02-00-00-00-00-${(n % 256).toString(16).padStart(2, '0')}`,
  });
  addPort(db, edge, { name: '1', untagged: users });
  addPort(db, edge, { name: '2', untagged: cams });
  linkPorts(
    db,
    addPort(db, edge, { name: '48', mode: 'trunk', tagged: [users] }),
    addPort(db, core, { name: '1', mode: 'trunk', untagged: users }),
  );
  linkPorts(
    db,
    addPort(db, edge, { name: '47', mode: 'access', untagged: users }),
    addPort(db, core, { name: '2', mode: 'trunk', untagged: users }),
  );
}

describe('runChecks runs a fixed number of statements, whatever the size of the data', () => {
  const sizes: [sites: number][] = [[1], [5], [40]];
  const measured: Record<number, number> = {};

  it.each(sizes)('%i sites, each with every finding kind', (sites) => {
    const db = freshDb();
    for (let n = 1; n <= sites; n++) addTroubledSite(db, n);
    // Every core's management IP is also used at another site.
    addSwitch(db, addSite(db, 'elsewhere'), { name: 'twin', managementIp: '192.0.2.1' });
    const { db: counted, runs } = counting(db);
    const findings = runChecks(counted);
    expect(new Set(findings.map((finding) => finding.kind))).toEqual(new Set(FINDING_KINDS));
    expect(findings.length).toBeGreaterThanOrEqual(sites * 6);
    measured[sites] = runs();
    expect(runs()).toBeGreaterThan(0);
    expect(runs(), 'one statement per kind at most').toBeLessThanOrEqual(FINDING_KINDS.length);
  });

  it('runs as many statements for 40 sites as for 1', () => {
    expect(Object.keys(measured)).toHaveLength(sizes.length);
    expect(new Set(Object.values(measured)).size).toBe(1);
  });
});
