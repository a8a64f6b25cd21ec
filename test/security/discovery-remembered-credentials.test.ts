// Credentials an admin asks the service to remember are for the agent they were given for. An editor who names another
// host (or port) and leaves snmp out must not make the service send them there: a v2c community travels in clear, and a
// v3 request gives away the user name and an HMAC to guess the keys from offline. Here the real server and its real
// SNMP reader: an Aruba switch served by the recordings agent, whose community an admin remembered, and a listening
// socket of the "editor's" on another port of the loopback that counts what reaches it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedAgent, startSnmprecAgent } from '../discovery/snmprec-agent.ts';
import { type ApiClient, ROOT, useSignedInUsers, useTestServer } from '../helpers/server.ts';
import { type UdpWitness, udpWitness } from '../helpers/udp-witness.ts';

const RECORDINGS = join(ROOT, 'test', 'discovery', 'recordings');
const COMMUNITY = 'aruba_2930f';

describe('credentials remembered for a switch', () => {
  const server = useTestServer({ env: { DISCOVERY_TIMEOUT_MS: '6000' } });
  const tokens = useSignedInUsers(server, { editor: 'ed' });
  const editor = () => server.as(() => tokens.editor);
  let agent: SimulatedAgent;
  let listener: UdpWitness;
  const scope = { siteId: '', switchId: '' };

  beforeAll(async () => {
    agent = await startSnmprecAgent(RECORDINGS);
    listener = await udpWitness('127.0.0.1');
    scope.siteId = (await server.make('/api/sites', { name: 'Campus' })).id;
    scope.switchId = (await server.make('/api/switches', { siteId: scope.siteId, name: 'acc-1' })).id;
    const snmp = { version: '2c', community: COMMUNITY };
    await server.must(201, 'POST', '/api/discovery', { ...scope, host: `127.0.0.1:${agent.port}`, snmp, remember: true });
  }, 90_000);
  afterAll(async () => {
    await agent?.stop();
    await listener?.close();
  });

  const discover = (client: ApiClient, host: string, snmp?: object) =>
    client.call('POST', '/api/discovery', { body: { ...scope, host, ...(snmp ? { snmp } : {}) } });
  const communityReceived = () => listener.received.filter((datagram) => datagram.includes(COMMUNITY)).length;

  it("are not sent to another host by an editor's discovery: 403 credentials_bound_to_host, and no datagram reaches it", async () => {
    const answer = await discover(editor(), `127.0.0.1:${listener.port}`);
    expect([answer.status, answer.body.error?.code]).toEqual([403, 'credentials_bound_to_host']);
    expect(answer.text).not.toContain(COMMUNITY);
    expect(listener.received).toHaveLength(0);
  });

  it('are sent to the agent they were remembered for, by an editor', async () => {
    const answer = await discover(editor(), `127.0.0.1:${agent.port}`);
    expect(answer.status, answer.text).toBe(201);
  });

  it('reach another host when the editor gives credentials of its own (those go, not the remembered ones)', async () => {
    const answer = await discover(editor(), `127.0.0.1:${listener.port}`, { version: '2c', community: 'editors-own' });
    expect(answer.status).toBe(504);
    expect(listener.received.length).toBeGreaterThan(0);
    expect(communityReceived()).toBe(0);
  });

  it('are sent to another host by an admin', async () => {
    const answer = await discover(server, `127.0.0.1:${listener.port}`);
    expect(answer.status).toBe(504);
    expect(communityReceived()).toBeGreaterThan(0);
  });
});
