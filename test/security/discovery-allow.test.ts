// A discovery sends UDP to whatever host an editor names: without a limit it reaches any address and port (the cloud
// metadata address among them), and its timing tells open ports from closed ones. DISCOVERY_ALLOW says where it may
// send: every address a host has is checked before anything is sent, and the reader is given that address. Here the
// real server and its real SNMP reader, allowed ::1 only, against two listening sockets on the loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { type UdpWitness, udpWitness } from '../helpers/udp-witness.ts';

describe('DISCOVERY_ALLOW set to a CIDR', () => {
  const server = useTestServer({ env: { DISCOVERY_ALLOW: '::1/128', DISCOVERY_TIMEOUT_MS: '1000' } });
  const snmp = { version: '2c', community: 'Allow-Test-Community' };
  let outside: UdpWitness;
  let inside: UdpWitness;
  let siteId = '';

  beforeAll(async () => {
    outside = await udpWitness('127.0.0.1');
    inside = await udpWitness('::1');
    siteId = (await server.make('/api/sites', { name: 'Lab' })).id;
  });
  afterAll(async () => {
    await outside?.close();
    await inside?.close();
  });

  it.each([
    ['an address', () => `127.0.0.1:${outside.port}`],
    ['a name whose address', () => `localhost:${outside.port}`],
  ])('refuses %s outside it with 403 host_not_allowed, and sends it nothing', async (_name, host) => {
    const answer = await server.call('POST', '/api/discovery', { body: { siteId, host: host(), snmp } });
    expect([answer.status, answer.body.error?.code]).toEqual([403, 'host_not_allowed']);
    expect(answer.body.error.message).toContain('DISCOVERY_ALLOW');
    expect(outside.received).toHaveLength(0);
  });

  it('reads an address inside it', async () => {
    const answer = await server.call('POST', '/api/discovery', { body: { siteId, host: `[::1]:${inside.port}`, snmp } });
    expect([answer.status, answer.body.error?.code]).toEqual([504, 'device_timeout']);
    expect(inside.received.length).toBeGreaterThan(0);
    expect(outside.received).toHaveLength(0);
  });
});
