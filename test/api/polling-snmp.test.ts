import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { freeUdpPort } from '../discovery/snmpsim.ts';
import { ROOT, useTestServer } from '../helpers/server.ts';

// The scheduler end to end (issue 37): the real server with its real SNMP reader polls the recordings agent
// (test/discovery/snmprec-agent.ts) on a schedule. The schedule survives a restart and polls again; a switch that stops
// answering becomes failing and is backed off, and recovers once it answers again. One minute of an interval lasts
// 200 ms here (POLL_INTERVAL_UNIT_MS).

const RECORDINGS = join(ROOT, 'test', 'discovery', 'recordings');
const COMMUNITY = 'aruba_2930f';

describe('polling a recorded switch on a schedule', () => {
  const server = useTestServer({ env: { DISCOVERY_TIMEOUT_MS: '1000', POLL_INTERVAL_UNIT_MS: '200' } });
  let agent: SimulatedAgent;
  const ids = {} as Record<'site' | 'switch' | 'set', string>;
  const scheduleAt = (host: string) => ({ enabled: true, intervalMinutes: 5, host, credentialId: ids.set });
  const state = async () => (await server.must(200, 'GET', `/api/switches/${ids.switch}/polling`)).state;

  beforeAll(async () => {
    agent = await startSnmprecAgent(RECORDINGS);
    ids.site = (await server.make('/api/sites', { name: 'Campus' })).id;
    ids.switch = (await server.make('/api/switches', { siteId: ids.site, name: 'acc-2930f-1' })).id;
    ids.set = (
      await server.make('/api/credentials', { name: 'Aruba', snmp: { version: '2c', community: COMMUNITY }, allowedHosts: ['127.0.0.1'] })
    ).id;
  }, 90_000);
  afterAll(async () => {
    await agent?.stop();
  });

  it('polls the switch on its schedule and keeps what it read as a discovery', async () => {
    await server.must(200, 'PUT', `/api/switches/${ids.switch}/polling`, scheduleAt(`127.0.0.1:${agent.port}`));
    const polled = await until(state, (s) => s?.status === 'ok');
    expect(polled).toMatchObject({ status: 'ok', failures: 0, lastError: null });
    const discoveries = await server.must(200, 'GET', `/api/discovery?switchId=${ids.switch}`);
    expect(discoveries.items[0]).toMatchObject({
      host: `127.0.0.1:${agent.port}`,
      system: expect.objectContaining({ sysName: 'acc-2930f-1' }),
    });
  }, 30_000);

  it('keeps the schedule over a restart, and polls again after it', async () => {
    const before = await state();
    await server.restart();
    const schedule = await server.must(200, 'GET', `/api/switches/${ids.switch}/polling`);
    expect(schedule.schedule).toMatchObject({ enabled: true, intervalMinutes: 5, credentialId: ids.set });
    const after = await until(state, (s) => s.lastPolledAt > before.lastPolledAt);
    expect(after.status).toBe('ok');
  }, 60_000);

  it('marks a switch that stops answering failing, backs it off, and recovers it once it answers', async () => {
    await server.must(200, 'PUT', `/api/switches/${ids.switch}/polling`, scheduleAt(`127.0.0.1:${await freeUdpPort()}`));
    const failing = await until(state, (s) => s.status === 'failing' && s.failures >= 2);
    expect(failing.lastError).toMatch(/not read within|did not answer/);
    expect(Date.parse(failing.nextAt) - Date.parse(failing.lastPolledAt)).toBeGreaterThanOrEqual(2 * 5 * 200);
    expect(JSON.stringify(failing)).not.toContain(COMMUNITY);
    await server.must(200, 'PUT', `/api/switches/${ids.switch}/polling`, scheduleAt(`127.0.0.1:${agent.port}`));
    const recovered = await until(state, (s) => s.status === 'ok');
    expect(recovered).toMatchObject({ failures: 0, lastError: null });
    expect(server.logs()).not.toContain(COMMUNITY);
  }, 60_000);
});

/** Reads until `done` holds (every 200 ms, up to 40 s); the last reading. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('it never happened');
}
