// A web page on another origin whose name resolves to the service (DNS rebinding) sends that name as Host and
// as Origin, so the Origin check alone lets it through. Browser writes are refused unless the service is known
// by the Host: an IP literal, localhost, the machine's own name, or a name of APP_ALLOWED_HOSTS.
import { hostname } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestServerHandle, useTestServer } from '../helpers/server.ts';
import { rawApi } from '../helpers/http.ts';

/** Requests to one describe's server that name `host` as their Host. */
const hostClient =
  (server: TestServerHandle) =>
  (
    host: string,
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {},
  ) =>
    rawApi(server.baseUrl, method, path, { ...options, headers: { host, ...options.headers } });
const setupBody = { username: 'admin', password: TEST_PASSWORD };

describe('a fresh install reached by another name', () => {
  const server = useTestServer({ env: { APP_ALLOWED_HOSTS: 'switchyard.example.net, *.lab.example.net' }, admin: false });
  const asHost = hostClient(server);

  it('refuses first-run setup (421) with what to open or set, and creates nobody', async () => {
    const host = `rebind.attacker.example:${server.port}`;
    const refused = await asHost(host, 'POST', '/api/auth/setup', { body: setupBody, headers: { origin: `http://${host}` } });
    expect(refused.status).toBe(421);
    expect(refused.body.error.code).toBe('unknown_host');
    expect(refused.body.error.message).toContain('APP_ALLOWED_HOSTS');
    expect(refused.body.error.message).toContain('rebind.attacker.example');
    const status = await rawApi(server.baseUrl, 'GET', '/api/auth/status');
    expect(status.body.setupRequired).toBe(true);
  });

  it('is not fooled by an Authorization header the page made up itself', async () => {
    const host = `rebind.attacker.example:${server.port}`;
    const refused = await asHost(host, 'POST', '/api/auth/setup', {
      body: setupBody,
      token: 'made.up.token',
      headers: { origin: `http://${host}` },
    });
    expect(refused.status).toBe(421);
    expect((await rawApi(server.baseUrl, 'GET', '/api/auth/status')).body.setupRequired).toBe(true);
  });

  it('does not believe X-Forwarded-Host from a client that is not a trusted proxy', async () => {
    // No TRUSTED_PROXIES here: the header naming an allowed name is the page's own say, and Host is the judge.
    const host = `rebind.attacker.example:${server.port}`;
    const refused = await asHost(host, 'POST', '/api/auth/setup', {
      body: setupBody,
      headers: { origin: `http://${host}`, 'x-forwarded-host': 'switchyard.example.net' },
    });
    expect(refused.status).toBe(421);
    expect(refused.body.error.code).toBe('unknown_host');
    expect(refused.body.error.message, 'judged by Host').toContain('rebind.attacker.example');
    expect((await rawApi(server.baseUrl, 'GET', '/api/auth/status')).body.setupRequired).toBe(true);
  });

  it.each([
    ['an IPv4 literal', (port: number) => `127.0.0.1:${port}`],
    ['an IPv6 literal', (port: number) => `[::1]:${port}`],
    ['localhost', (port: number) => `localhost:${port}`],
    ["the machine's own name", (port: number) => `${hostname()}:${port}`],
    ['a name of APP_ALLOWED_HOSTS', () => 'SwitchYard.Example.Net'],
    ['a name under a wildcard of APP_ALLOWED_HOSTS', () => 'sw.lab.example.net:8443'],
  ])('accepts a browser write sent to %s', async (_what, hostOf) => {
    // A wrong password: the request passes the Host check and is answered by the sign-in itself.
    const answer = await asHost(hostOf(server.port), 'POST', '/api/auth/login', {
      body: { username: 'nobody', password: 'wrong password' },
      from: '127.0.0.7',
    });
    expect(answer.status).toBe(401);
  });
});

describe('an installed service reached by another name', () => {
  // First-run setup is done here, by a browser at localhost from its own address.
  const server = useTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1', APP_ALLOWED_HOSTS: 'switchyard.example.net' }, admin: false });
  const asHost = hostClient(server);
  let token: string;
  const evil = () => `evil.example:${server.port}`;

  beforeAll(async () => {
    const setup = await asHost(`localhost:${server.port}`, 'POST', '/api/auth/setup', { body: setupBody, from: '127.0.0.2' });
    expect(setup.status).toBe(201);
    token = setup.body.token;
  });

  it('refuses sign-in and every change made with the cookie, even with a matching Origin', async () => {
    const login = await asHost(evil(), 'POST', '/api/auth/login', {
      body: setupBody,
      from: '127.0.0.2',
      headers: { origin: `http://${evil()}` },
    });
    expect(login.status).toBe(421);
    const change = await asHost(evil(), 'POST', '/api/sites', {
      body: { name: 'rebound' },
      from: '127.0.0.2',
      headers: { cookie: `session=${token}`, origin: `http://${evil()}` },
    });
    expect(change.status).toBe(421);
  });

  it('still answers reads, and writes with a Bearer token (no browser sends one by itself)', async () => {
    expect((await asHost(evil(), 'GET', '/api/health', { from: '127.0.0.2' })).status).toBe(200);
    const made = await asHost(evil(), 'POST', '/api/sites', { body: { name: 'scripted' }, token, from: '127.0.0.2' });
    expect(made.status).toBe(201);
  });

  it('ignores X-Forwarded-Host from an address that is not the trusted proxy', async () => {
    // A wrong password: a request that passes the Host check is answered by the sign-in itself (401).
    const signIn = (host: string, forwardedHost: string) =>
      asHost(host, 'POST', '/api/auth/login', {
        body: { username: 'nobody', password: 'wrong password' },
        from: '127.0.0.3',
        headers: { 'x-forwarded-host': forwardedHost },
      });
    const unknown = await signIn(evil(), 'switchyard.example.net');
    expect(unknown.status, 'an allowed X-Forwarded-Host does not vouch for an unknown Host').toBe(421);
    expect(unknown.body.error.code).toBe('unknown_host');
    expect(unknown.body.error.message).toContain('"evil.example"');
    const known = await signIn(`127.0.0.1:${server.port}`, 'evil.example');
    expect(known.status, 'an unknown X-Forwarded-Host does not spoil a known Host').toBe(401);
  });

  it("judges a trusted proxy's X-Forwarded-Host, and checks Origin against it and X-Forwarded-Proto", async () => {
    const proxied = (forwardedHost: string, origin: string) =>
      asHost(`127.0.0.1:${server.port}`, 'POST', '/api/sites', {
        body: { name: `via ${forwardedHost}` },
        from: '127.0.0.1',
        headers: {
          cookie: `session=${token}`,
          origin,
          'x-forwarded-host': forwardedHost,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '198.51.100.9',
        },
      });
    expect((await proxied('evil.example', 'https://evil.example')).status).toBe(421);
    expect((await proxied('switchyard.example.net', 'http://switchyard.example.net')).status, 'the proxy said https').toBe(403);
    expect((await proxied('switchyard.example.net', 'https://switchyard.example.net')).status).toBe(201);
  });

  it('sets the Secure cookie when a trusted proxy says https, and only then', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'switchyard.example.net' };
    const trusted = await asHost(`127.0.0.1:${server.port}`, 'POST', '/api/auth/login', {
      body: setupBody,
      from: '127.0.0.1',
      headers: forwarded,
    });
    expect(trusted.status).toBe(200);
    expect(String(trusted.headers['set-cookie'])).toContain('Secure');
    const untrusted = await asHost(`127.0.0.1:${server.port}`, 'POST', '/api/auth/login', {
      body: setupBody,
      from: '127.0.0.3',
      headers: forwarded,
    });
    expect(untrusted.status).toBe(200);
    expect(String(untrusted.headers['set-cookie'])).not.toContain('Secure');
  });
});
