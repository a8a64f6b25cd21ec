import { beforeAll, describe, expect, it } from 'vitest';
import type { ObservedSwitch } from '../../src/discovery/observed.ts';
import { observedAccess as access, observedPort as port, observedSystem } from '../fixtures/observed-switch.ts';
import { expectFaults, useTestServer, type ApiClient } from '../helpers/server.ts';

// Agents on the server (issue 39): made, listed and revoked by an admin; an agent's token opens the two agent
// endpoints only, and its observations are stored as the server's own polls, each idempotency key once.

const server = useTestServer();
const ids = {} as Record<'campus' | 'branch' | 'acc' | 'other' | 'agent' | 'set', string>;
let agent: ApiClient;
let token = '';

const LAPTOP = '02:00:5e:00:00:04';
const OBSERVED: ObservedSwitch = {
  system: observedSystem({ model: 'C9300-48P' }),
  ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2', { description: 'printer' })],
  vlans: [{ vid: 10, name: 'Users' }],
  membership: [access(1, 10), access(2, 10)],
  lags: [],
  neighbours: [],
  fdb: [{ mac: LAPTOP, vlan: 10, ifIndex: 2 }],
  arp: [],
  poe: [],
  notes: [],
};

const observation = (key: string, extra: object = {}) => ({
  key,
  switchId: ids.acc,
  host: '10.0.0.21',
  observedAt: new Date().toISOString(),
  durationMs: 120,
  observed: OBSERVED,
  ...extra,
});

beforeAll(async () => {
  ids.campus = (await server.make('/api/sites', { name: 'Campus' })).id;
  ids.branch = (await server.make('/api/sites', { name: 'Branch' })).id;
  ids.acc = (await server.make('/api/switches', { siteId: ids.branch, name: 'acc-1', managementIp: '10.0.0.21' })).id;
  for (const name of ['Gi1/0/1', 'Gi1/0/2']) await server.make(`/api/switches/${ids.acc}/ports`, { name, mode: 'access' });
  ids.other = (await server.make('/api/switches', { siteId: ids.campus, name: 'core-1', managementIp: '10.1.0.1' })).id;
  ids.set = (
    await server.make('/api/credentials', {
      name: 'Branch RO',
      snmp: { version: '2c', community: 'br4nch-S3CRET' },
      allowedHosts: ['0.0.0.0/0'],
    })
  ).id;
  await server.must(200, 'PUT', `/api/sites/${ids.branch}/polling`, { enabled: true, intervalMinutes: 5, credentialId: ids.set });
  await server.must(200, 'PUT', `/api/sites/${ids.campus}/polling`, { enabled: true, intervalMinutes: 5, credentialId: ids.set });
  const made = await server.make('/api/agents', { name: 'branch-pi', siteIds: [ids.branch] });
  ids.agent = made.id;
  token = made.token;
  agent = server.as(() => token);
});

describe('POST /api/agents', () => {
  it('answers the token once, keeps its hash only, and logs the agent made', async () => {
    expect(token).toMatch(/^sya_[A-Za-z0-9_-]{43}$/);
    const { items } = await server.must(200, 'GET', '/api/agents');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: ids.agent, name: 'branch-pi', siteIds: [ids.branch], lastSeenAt: null, revokedAt: null });
    expect(JSON.stringify(items)).not.toContain(token.slice(4));
    const { items: entries } = await server.must(200, 'GET', '/api/activity?limit=5');
    expect(entries.map((entry: { summary: string }) => entry.summary)).toContain('Created agent branch-pi');
  });

  it.each([
    ['no name', { siteIds: [] }, ['name', 'siteIds']],
    ['no sites', { name: 'x', siteIds: [] }, ['siteIds']],
    ['a site that is none', { name: 'x', siteIds: ['5f0c6a8e-1111-4222-8333-444455556666'] }, ['siteIds[0]']],
  ])('refuses %s with 400 naming the field', async (_name, body, fields) => {
    expectFaults(await server.call('POST', '/api/agents', { body }), fields);
  });

  it('refuses a second agent for a site: a switch is polled by one agent or the server, never both (409 site_taken)', async () => {
    const answer = await server.call('POST', '/api/agents', { body: { name: 'second', siteIds: [ids.branch] } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('site_taken');
  });

  it("says who polls a switch: the agent for its site's switches, the server for the others; run-now refuses an agent's switch", async () => {
    expect(await server.must(200, 'GET', `/api/switches/${ids.acc}/polling`)).toMatchObject({
      pollingBy: ids.agent,
      pollingAgentName: 'branch-pi',
    });
    expect(await server.must(200, 'GET', `/api/switches/${ids.other}/polling`)).toMatchObject({
      pollingBy: 'server',
      pollingAgentName: null,
    });
    const now = await server.call('POST', `/api/switches/${ids.acc}/polling/run`);
    expect(now.status).toBe(409);
    expect(now.body.error.code).toBe('polled_by_agent');
  });
});

describe('an agent token', () => {
  it('gets its assignments: host, schedule and the NAME of the credential set, never a secret', async () => {
    const answer = await agent.call('GET', '/api/agent/assignments', { headers: { 'x-agent-version': '0.27.0' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      agentId: ids.agent,
      items: [
        {
          switchId: ids.acc,
          switchName: 'acc-1',
          siteId: ids.branch,
          host: '10.0.0.21',
          enabled: true,
          intervalMinutes: 5,
          credentialSet: 'Branch RO',
        },
      ],
    });
    expect(answer.text).not.toContain('br4nch-S3CRET');
    const { items } = await server.must(200, 'GET', '/api/agents');
    expect(items[0].version).toBe('0.27.0');
    expect(items[0].lastSeenAt).not.toBeNull();
  });

  it.each([
    ['GET', '/api/switches'],
    ['GET', `/api/switches/${'5f0c6a8e-1111-4222-8333-444455556666'}`],
    ['GET', '/api/agents'],
    ['POST', '/api/sites'],
    ['GET', '/api/health'],
  ])('is refused with 403 on %s %s', async (method, path) => {
    const answer = await agent.call(method, path, { body: method === 'POST' ? { name: 'x' } : undefined });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('forbidden');
  });

  it("is refused another site's assignments (403), and given its own site's", async () => {
    const other = await agent.call('GET', `/api/agent/assignments?siteId=${ids.campus}`);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('forbidden');
    const own = await agent.call('GET', `/api/agent/assignments?siteId=${ids.branch}`);
    expect(own.status).toBe(200);
    expect(own.body.items.map((item: { switchId: string }) => item.switchId)).toEqual([ids.acc]);
  });

  it("cannot send an observation of another site's switch: it is rejected, nothing stored", async () => {
    const answer = await agent.call('POST', '/api/agent/observations', {
      body: { observations: [observation('k-other', { switchId: ids.other })] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { key: 'k-other', status: 'rejected', reason: 'The switch is not one of the sites this agent polls.' },
    ]);
    expect((await server.must(200, 'GET', `/api/discovery?switchId=${ids.other}`)).total).toBe(0);
  });

  it("a user's token does not open an agent endpoint (401)", async () => {
    expect((await server.call('GET', '/api/agent/assignments')).status).toBe(401);
  });
});

describe('POST /api/agent/observations', () => {
  it("stores an observation as the server's own poll: a discovery by the agent, the MAC's sighting, drift and the poll state", async () => {
    const answer = await agent.call('POST', '/api/agent/observations', {
      body: {
        agent: { version: '0.27.0', queueLength: 0, dropped: 3, lastError: 'spool full: dropped 3' },
        observations: [observation('k-1')],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([{ key: 'k-1', status: 'stored', discoveryId: expect.any(String) }]);
    const { items } = await server.must(200, 'GET', `/api/discovery?switchId=${ids.acc}`);
    expect(items).toHaveLength(1);
    expect(items[0].agentId).toBe(ids.agent);
    expect((await server.must(200, 'GET', `/api/sightings?mac=${LAPTOP}`)).items).toHaveLength(1);
    const { findings } = await server.must(200, 'GET', `/api/checks?siteId=${ids.branch}`);
    expect(findings.filter((finding: { kind: string }) => finding.kind === 'drift').length).toBeGreaterThan(0);
    const polling = await server.must(200, 'GET', `/api/switches/${ids.acc}/polling`);
    expect(polling.state).toMatchObject({ status: 'ok', lastError: null });
    const listed = (await server.must(200, 'GET', '/api/agents')).items[0];
    expect(listed).toMatchObject({ queueLength: 0, dropped: 3, lastError: 'spool full: dropped 3' });
  });

  it('stores nothing twice: the same batch sent again answers duplicate, with no second discovery, sighting or drift finding', async () => {
    const driftBefore = (await server.must(200, 'GET', `/api/checks?siteId=${ids.branch}`)).findings.length;
    const batch = { observations: [observation('k-2'), observation('k-3', { observed: null, error: 'no answer within 5000 ms' })] };
    const first = await agent.call('POST', '/api/agent/observations', { body: batch });
    const again = await agent.call('POST', '/api/agent/observations', { body: batch });
    expect(first.body.results.map((result: { status: string }) => result.status)).toEqual(['stored', 'stored']);
    expect(again.body.results.map((result: { status: string }) => result.status)).toEqual(['duplicate', 'duplicate']);
    expect(again.body.results[0].discoveryId).toBe(first.body.results[0].discoveryId);
    expect((await server.must(200, 'GET', `/api/discovery?switchId=${ids.acc}`)).total).toBe(2);
    expect((await server.must(200, 'GET', `/api/sightings?mac=${LAPTOP}`)).items).toHaveLength(1);
    expect((await server.must(200, 'GET', `/api/checks?siteId=${ids.branch}`)).findings.length).toBe(driftBefore);
    const polling = await server.must(200, 'GET', `/api/switches/${ids.acc}/polling`);
    expect(polling.state).toMatchObject({ status: 'failing', lastError: 'no answer within 5000 ms' });
  });

  it.each([
    ['no observations list', {}, ['observations']],
    [
      'an observation without key or switch',
      { observations: [{ observedAt: new Date().toISOString(), error: 'x' }] },
      ['observations[0].key', 'observations[0].switchId'],
    ],
    [
      'an observed switch of the wrong shape',
      {
        observations: [
          {
            key: 'k',
            switchId: '5f0c6a8e-1111-4222-8333-444455556666',
            observedAt: new Date().toISOString(),
            observed: { ...OBSERVED, ports: [{ ifIndex: 'x' }] },
          },
        ],
      },
      ['observations[0].observed.ports[0].ifIndex', 'observations[0].observed.ports[0].name'],
    ],
  ])('refuses %s with 400 naming the fields, never a 500', async (_name, body, fields) => {
    const answer = await agent.call('POST', '/api/agent/observations', { body });
    expect(answer.status).toBe(400);
    for (const field of fields) expect(answer.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });
});

describe('DELETE /api/agents/{id}', () => {
  it('revokes at once: the token answers 401 everywhere, the site goes back to the server, the revocation is logged', async () => {
    expect((await server.call('DELETE', `/api/agents/${ids.agent}`)).status).toBe(204);
    expect((await agent.call('GET', '/api/agent/assignments')).status).toBe(401);
    expect((await agent.call('POST', '/api/agent/observations', { body: { observations: [observation('k-9')] } })).status).toBe(401);
    expect((await agent.call('GET', '/api/switches')).status).toBe(401);
    expect(await server.must(200, 'GET', `/api/switches/${ids.acc}/polling`)).toMatchObject({ pollingBy: 'server' });
    const { items } = await server.must(200, 'GET', '/api/agents');
    expect(items[0]).toMatchObject({ siteIds: [], revokedAt: expect.any(String) });
    const { items: entries } = await server.must(200, 'GET', '/api/activity?limit=5');
    expect(entries.map((entry: { summary: string }) => entry.summary)).toContain('Revoked agent branch-pi');
    expect((await server.call('DELETE', `/api/agents/${ids.agent}`)).status).toBe(404);
  });
});
