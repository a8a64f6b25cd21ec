import { beforeAll, describe, expect, it } from 'vitest';
import { useEditorAndSites } from '../helpers/data.ts';
import { api, expectFaults, NO_SUCH_ID } from '../helpers/server.ts';

// A site's topology (docs/SHARING.md) on a real server: nodes and edges from the switches and their links (LAGs,
// trunks, links to other sites left out), and the layout: positions stored, moved, forgotten and refused.

const { server, call, make, must, viewer, site, otherSite } = useEditorAndSites();

interface Sw {
  id: string;
  ports: string[];
}

const sw = {} as Record<'alpha' | 'beta' | 'gamma' | 'remote', Sw>;
const lag = {} as Record<'alpha' | 'beta', string>;

async function switchWithPorts(name: string, count: number, siteId = site.id, role?: string): Promise<Sw> {
  const made = await make('/api/switches', { siteId, name, portCount: count, ...(role ? { role } : {}) });
  return { id: made.id, ports: (await must(200, 'GET', `/api/switches/${made.id}/ports`)).items.map((p: { id: string }) => p.id) };
}

const topology = () => must(200, 'GET', `/api/sites/${site.id}/topology`);
const layout = (positions: unknown) => call('PUT', `/api/sites/${site.id}/topology-layout`, { body: { positions } });
const sortedPair = (a: string, b: string) => (a < b ? [a, b] : [b, a]);

beforeAll(async () => {
  const vlan = await make('/api/vlans', { siteId: site.id, name: 'Users', vid: 10 });
  sw.alpha = await switchWithPorts('alpha', 4, site.id, 'core');
  sw.beta = await switchWithPorts('beta', 4, site.id, 'distribution');
  sw.gamma = await switchWithPorts('gamma', 2);
  sw.remote = await switchWithPorts('remote', 2, otherSite.id);
  // A LAG pair links alpha 1-2 with beta 1-2 pairwise, as trunks.
  lag.alpha = (
    await make(`/api/switches/${sw.alpha.id}/lags`, { name: 'Po1', memberPortIds: sw.alpha.ports.slice(0, 2), portMode: 'trunk' })
  ).id;
  lag.beta = (
    await make(`/api/switches/${sw.beta.id}/lags`, {
      name: 'Po1',
      memberPortIds: sw.beta.ports.slice(0, 2),
      portMode: 'trunk',
      remoteLagId: lag.alpha,
    })
  ).id;
  // beta 3 to gamma 1, an access link; alpha 4 to the switch of the other site.
  await must(200, 'PATCH', `/api/ports/${sw.beta.ports[2]}`, { untaggedVlanId: vlan.id, linkedPortId: sw.gamma.ports[0] });
  await must(200, 'PATCH', `/api/ports/${sw.alpha.ports[3]}`, { linkedPortId: sw.remote.ports[0] });
});

describe('GET /api/sites/{id}/topology', () => {
  it('has one node per switch of the site, by name, unplaced', async () => {
    const { nodes } = await topology();
    expect(nodes).toEqual([
      { switchId: sw.alpha.id, name: 'alpha', role: 'core', portCount: 4, x: null, y: null },
      { switchId: sw.beta.id, name: 'beta', role: 'distribution', portCount: 4, x: null, y: null },
      { switchId: sw.gamma.id, name: 'gamma', role: null, portCount: 2, x: null, y: null },
    ]);
  });

  it('has one edge per linked pair of its switches, with the port pairs, the LAGs and whether it carries a trunk', async () => {
    const { edges } = await topology();
    expect(edges).toHaveLength(2);
    const [a1, b1] = sortedPair(sw.alpha.id, sw.beta.id);
    const ab = edges.find((edge: { a: string; b: string }) => edge.a === a1 && edge.b === b1);
    const aFirst = a1 === sw.alpha.id;
    const pair = (i: number) => (aFirst ? [sw.alpha.ports[i], sw.beta.ports[i]] : [sw.beta.ports[i], sw.alpha.ports[i]]);
    expect(ab).toEqual({ a: a1, b: b1, ports: [pair(0), pair(1)], lagIds: expect.any(Array), trunk: true });
    expect([...ab.lagIds].sort()).toEqual([lag.alpha, lag.beta].sort());
    const [a2, b2] = sortedPair(sw.beta.id, sw.gamma.id);
    const bg = edges.find((edge: { a: string; b: string }) => edge.a === a2 && edge.b === b2);
    const bgPorts = a2 === sw.beta.id ? [sw.beta.ports[2], sw.gamma.ports[0]] : [sw.gamma.ports[0], sw.beta.ports[2]];
    expect(bg).toEqual({ a: a2, b: b2, ports: [bgPorts], lagIds: [], trunk: false });
  });

  it('leaves out links to switches of other sites', async () => {
    const { edges } = await topology();
    expect(JSON.stringify(edges)).not.toContain(sw.remote.id);
    const other = await must(200, 'GET', `/api/sites/${otherSite.id}/topology`);
    expect(other).toEqual({ nodes: [expect.objectContaining({ switchId: sw.remote.id, name: 'remote' })], edges: [] });
  });

  it.each([
    ['an unknown site', `/api/sites/${NO_SUCH_ID}/topology`, 404],
    ['a path that is no id', '/api/sites/nope/topology', 404],
  ])('answers %s with %i', async (_name, path, status) => {
    expect((await call('GET', path)).status).toBe(status);
  });

  it('is read by a viewer, not by nobody', async () => {
    expect((await viewer.call('GET', `/api/sites/${site.id}/topology`)).status).toBe(200);
    expect((await api(server.baseUrl, 'GET', `/api/sites/${site.id}/topology`)).status).toBe(401);
  });
});

describe('PUT /api/sites/{id}/topology-layout', () => {
  it('stores positions, answers the topology, and leaves the switches not named where they were', async () => {
    const answer = await layout({ [sw.alpha.id]: { x: 100, y: 50.5 }, [sw.beta.id]: { x: -20, y: 0 } });
    expect(answer.status, answer.text).toBe(200);
    const placed = Object.fromEntries(
      answer.body.nodes.map((node: { name: string; x: number; y: number }) => [node.name, [node.x, node.y]]),
    );
    expect(placed).toEqual({ alpha: [100, 50.5], beta: [-20, 0], gamma: [null, null] });
    await must(200, 'PUT', `/api/sites/${site.id}/topology-layout`, { positions: { [sw.gamma.id]: { x: 1, y: 2 } } });
    const again = Object.fromEntries((await topology()).nodes.map((node: { name: string; x: number }) => [node.name, node.x]));
    expect(again).toEqual({ alpha: 100, beta: -20, gamma: 1 });
  });

  it('moves a switch, and forgets a position given as null', async () => {
    await must(200, 'PUT', `/api/sites/${site.id}/topology-layout`, { positions: { [sw.alpha.id]: { x: 7, y: 8 }, [sw.beta.id]: null } });
    const nodes = (await topology()).nodes;
    expect(nodes.find((node: { name: string }) => node.name === 'alpha')).toMatchObject({ x: 7, y: 8 });
    expect(nodes.find((node: { name: string }) => node.name === 'beta')).toMatchObject({ x: null, y: null });
  });

  it('writes no activity entry: positions are layout', async () => {
    const before = (await must(200, 'GET', '/api/activity?limit=1')).items[0].id;
    await must(200, 'PUT', `/api/sites/${site.id}/topology-layout`, { positions: { [sw.alpha.id]: { x: 9, y: 9 } } });
    expect((await must(200, 'GET', '/api/activity?limit=1')).items[0].id).toBe(before);
  });

  const upper = () => sw.alpha.id.toUpperCase();
  const cases: [string, () => unknown, () => string[]][] = [
    ['a switch of another site', () => ({ positions: { [sw.remote.id]: { x: 1, y: 1 } } }), () => [`positions.${sw.remote.id}`]],
    ['a switch that does not exist', () => ({ positions: { [NO_SUCH_ID]: { x: 1, y: 1 } } }), () => [`positions.${NO_SUCH_ID}`]],
    ['a key that is no id', () => ({ positions: { alpha: { x: 1, y: 1 } } }), () => ['positions.alpha']],
    ['no positions', () => ({}), () => ['positions']],
    ['positions as a list', () => ({ positions: [] }), () => ['positions']],
    ['another field', () => ({ positions: {}, zoom: 2 }), () => ['zoom']],
    ['a position without y', () => ({ positions: { [sw.alpha.id]: { x: 1 } } }), () => [`positions.${sw.alpha.id}.y`]],
    ['text coordinates', () => ({ positions: { [sw.alpha.id]: { x: '1', y: 2 } } }), () => [`positions.${sw.alpha.id}.x`]],
    [
      'a coordinate out of range',
      () => ({ positions: { [sw.alpha.id]: { x: 1e7, y: -1e7 } } }),
      () => [`positions.${sw.alpha.id}.x`, `positions.${sw.alpha.id}.y`],
    ],
    ['an extra field of a position', () => ({ positions: { [sw.alpha.id]: { x: 1, y: 2, z: 3 } } }), () => [`positions.${sw.alpha.id}.z`]],
    ['a position that is a number', () => ({ positions: { [sw.alpha.id]: 5 } }), () => [`positions.${sw.alpha.id}`]],
    ['a body that is a list', () => [], () => ['body']],
  ];
  it.each(cases)('refuses %s with 400, changing nothing', async (_name, body, fields) => {
    const before = await topology();
    const answer = await call('PUT', `/api/sites/${site.id}/topology-layout`, { body: body() });
    expectFaults(answer, fields());
    expect(await topology()).toEqual(before);
  });

  it('takes a switch id in upper case', async () => {
    const answer = await layout({ [upper()]: { x: 3, y: 4 } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.nodes.find((node: { name: string }) => node.name === 'alpha')).toMatchObject({ x: 3, y: 4 });
  });

  it.each([
    ['a viewer', 403],
    ['nobody', 401],
  ] as const)('is refused for %s', async (who, status) => {
    const body = { positions: { [sw.alpha.id]: { x: 1, y: 1 } } };
    const answer =
      who === 'a viewer'
        ? await viewer.call('PUT', `/api/sites/${site.id}/topology-layout`, { body })
        : await api(server.baseUrl, 'PUT', `/api/sites/${site.id}/topology-layout`, { body });
    expect(answer.status).toBe(status);
  });

  it('answers 404 for an unknown site', async () => {
    expect((await call('PUT', `/api/sites/${NO_SUCH_ID}/topology-layout`, { body: { positions: {} } })).status).toBe(404);
  });

  it('forgets the position of a deleted switch, and an undo brings the switch back unplaced', async () => {
    const temp = await switchWithPorts('temp', 1);
    await must(200, 'PUT', `/api/sites/${site.id}/topology-layout`, { positions: { [temp.id]: { x: 5, y: 5 } } });
    expect((await call('DELETE', `/api/switches/${temp.id}`)).status).toBe(204);
    expect((await topology()).nodes.map((node: { name: string }) => node.name)).not.toContain('temp');
    const entry = (await must(200, 'GET', `/api/activity?entityId=${temp.id}&limit=1`)).items[0];
    await must(200, 'POST', `/api/activity/${entry.id}/undo`);
    expect((await topology()).nodes.find((node: { name: string }) => node.name === 'temp')).toMatchObject({ x: null, y: null });
  });

  it('keeps positions out of the backup', async () => {
    const exported = await api(server.baseUrl, 'GET', '/api/backup/export', { token: server.token });
    expect(exported.status).toBe(200);
    expect(Object.keys(exported.body.data)).not.toContain('topologyPositions');
    expect(exported.text).not.toContain('"x":3');
  });
});
