import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { LAPTOP, recordingsWithLater } from '../discovery/recordings-later.ts';
import { expectFaults, NO_SUCH_ID, useTestServer } from '../helpers/server.ts';

// The history of what discoveries saw, end to end: the real server and SNMP reader against the recordings agent
// (test/discovery/snmprec-agent.ts) serving the Aruba recording and a copy of it as the switch looks later
// (test/discovery/recordings-later.ts). The switch is created by applying its first discovery, then discovered twice
// as it is later: the MAC's two stays in order, the second extended rather than repeated, port 5's link change on its
// timeline and its free-port clock started.

describe('the history of two discoveries of a recorded switch', () => {
  const server = useTestServer({ env: { DISCOVERY_TIMEOUT_MS: '15000' } });
  let agent: SimulatedAgent;
  let siteId: string;
  let switchId: string;
  const portIds: Record<string, string> = {};
  const discoveredAt: string[] = [];

  const discover = async (community: string, body: Record<string, unknown> = { switchId }) => {
    const discovery = await server.must(201, 'POST', '/api/discovery', {
      siteId,
      host: `127.0.0.1:${agent.port}`,
      snmp: { version: '2c', community },
      ...body,
    });
    discoveredAt.push(discovery.observedAt);
    return discovery;
  };

  beforeAll(async () => {
    agent = await startSnmprecAgent(recordingsWithLater());
    siteId = (await server.make('/api/sites', { name: 'Campus' })).id;
    const first = await discover('aruba_2930f', {});
    const keys = (first.proposal as { key: string }[]).map((item) => item.key);
    switchId = (await server.must(200, 'POST', `/api/discovery/${first.id}/apply`, { keys })).switchId;
    for (const port of (await server.must(200, 'GET', `/api/switches/${switchId}`)).ports) portIds[port.name] = port.id;
    await discover('aruba_later');
    await discover('aruba_later');
  }, 90_000);
  afterAll(async () => {
    await agent?.stop();
  });

  it('shows a MAC that moved between two ports as two stays in order, the later one extended, not repeated', async () => {
    const timeline = await server.must(200, 'GET', `/api/sightings?mac=${LAPTOP.replaceAll(':', '-').toUpperCase()}`);
    expect(timeline.items.map((s: Record<string, unknown>) => [s.switchName, s.portName, s.vlan, s.firstSeen, s.lastSeen])).toEqual([
      ['acc-2930f-1', '6', 1, discoveredAt[1], discoveredAt[2]],
      ['acc-2930f-1', '7', 99, discoveredAt[0], discoveredAt[0]],
    ]);
    expect(timeline.total).toBe(2);
    const sincePort6 = await server.must(200, 'GET', `/api/sightings?portId=${portIds['6']}&since=${encodeURIComponent(discoveredAt[1])}`);
    expect(sincePort6.items.map((s: { mac: string }) => s.mac)).toEqual([LAPTOP]);
  });

  it('answers search for the MAC with where it is now and where it was seen before, from when to when', async () => {
    const { results } = await server.must(200, 'GET', '/api/search?q=3c52.8200.0007');
    expect(results).toContainEqual(expect.objectContaining({ name: 'acc-2930f-1 / 6', match: 'seenMac' }));
    expect(results).toContainEqual(
      expect.objectContaining({ name: 'acc-2930f-1 / 7', match: 'sightedMac', seenFrom: discoveredAt[0], seenAt: discoveredAt[0] }),
    );
  });

  it('starts the free-port clock of a port that went down, and puts the change on its timeline', async () => {
    const free = await server.must(200, 'GET', `/api/switches/${switchId}/free-ports?unusedDays=0`);
    expect(free.items.map((p: Record<string, unknown>) => [p.portName, p.lastUpAt])).toEqual([
      ['4', null],
      ['5', discoveredAt[0]],
    ]);
    expect(
      (await server.must(200, 'GET', `/api/switches/${switchId}/free-ports`)).items.map((p: { portName: string }) => p.portName),
    ).toEqual(['4']);
    const history = await server.must(200, 'GET', `/api/ports/${portIds['5']}/history?observed=true`);
    expect(history.items.filter((item: { kind: string }) => item.kind === 'observed')).toEqual([
      { at: discoveredAt[1], kind: 'observed', change: 'link_down' },
    ]);
    expect(history.items.at(-1)).toMatchObject({ kind: 'documented', action: 'discovery' });
  });

  it('notes a port used when its traffic counters grew between discoveries', async () => {
    const site = await server.must(200, 'GET', `/api/sites/${siteId}/free-ports?unusedDays=0`);
    expect(site.items.map((p: { switchName: string; portName: string }) => `${p.switchName} / ${p.portName}`)).toEqual([
      'acc-2930f-1 / 4',
      'acc-2930f-1 / 5',
    ]);
    const observations = await server.must(200, 'GET', `/api/sightings?switchId=${switchId}`);
    expect(observations.total).toBe(2);
  });

  it('answers the free ports as CSV for Accept: text/csv and for format=csv', async () => {
    for (const [path, headers] of [
      [`/api/sites/${siteId}/free-ports?unusedDays=0`, { accept: 'text/csv' }],
      [`/api/switches/${switchId}/free-ports?unusedDays=0&format=csv`, {}],
    ] as const) {
      const answer = await server.call('GET', path, { headers });
      expect(answer.headers.get('content-type')).toContain('text/csv');
      const lines = answer.text.trim().split('\r\n');
      expect(lines[0]).toBe('switch,port,description,lastUpAt,lastUsedAt,observedSince,lastObservedAt,adminUp');
      expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' / '))).toEqual(['acc-2930f-1 / 4', 'acc-2930f-1 / 5']);
    }
  });

  it.each([
    ['no key', '/api/sightings', ['mac']],
    ['two keys', `/api/sightings?mac=${LAPTOP}&ip=10.0.0.1`, ['ip']],
    ['a MAC that is none', '/api/sightings?mac=3c52.82', ['mac']],
    ['an IP that is none', '/api/sightings?ip=10.0.0.300', ['ip']],
    ['a switch id that is none', '/api/sightings?switchId=acc-1', ['switchId']],
    ['a since that is no time', `/api/sightings?mac=${LAPTOP}&since=yesterday`, ['since']],
    ['a limit out of range', `/api/sightings?mac=${LAPTOP}&limit=0`, ['limit']],
    ['negative unused days', `/api/switches/${NO_SUCH_ID}/free-ports?unusedDays=-1`, ['unusedDays']],
    ['unused days that are no number', `/api/sites/${NO_SUCH_ID}/free-ports?unusedDays=30d`, ['unusedDays']],
  ])('refuses %s with 400 naming the parameter', async (_what, path, fields) => {
    const fixedPath = path.includes(NO_SUCH_ID) ? path.replace(NO_SUCH_ID, path.includes('/sites/') ? siteId : switchId) : path;
    expectFaults(await server.call('GET', fixedPath), fields);
  });

  it.each([[`/api/switches/${NO_SUCH_ID}/free-ports`], [`/api/sites/${NO_SUCH_ID}/free-ports`], [`/api/ports/${NO_SUCH_ID}/history`]])(
    'answers 404 for %s',
    async (path) => {
      expect((await server.call('GET', path)).status).toBe(404);
    },
  );

  it('keeps the sightings of a deleted switch with the names they had', async () => {
    await server.must(204, 'DELETE', `/api/switches/${switchId}`);
    const timeline = await server.must(200, 'GET', `/api/sightings?mac=${LAPTOP}`);
    expect(timeline.items.map((s: { switchName: string; portName: string }) => `${s.switchName} / ${s.portName}`)).toEqual([
      'acc-2930f-1 / 6',
      'acc-2930f-1 / 7',
    ]);
  });
});
