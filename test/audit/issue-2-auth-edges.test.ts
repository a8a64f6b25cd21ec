import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, api, setupAdmin, startServer, type TestServer } from '../helpers/server.ts';

// Issue 2 / the contract: the lockout counts failures "for one username or one client address" (the lockout
// test only shows the username), and the cookie's Origin check falls back to Referer.

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  await setupAdmin(server.baseUrl);
});
afterAll(() => server?.stop());

const call = (method: string, path: string, options: Parameters<typeof api>[3] = {}) => api(server.baseUrl, method, path, options);

describe('the session cookie without Origin', () => {
  it.each([
    ['a Referer of this service', () => `${server.baseUrl}/sites/1?x=y`, 201],
    ['a Referer of another site', () => 'https://evil.example/page', 403],
    ['a Referer of this host on another port', () => `http://127.0.0.1:1/`, 403],
    ['a Referer that is not a URL', () => 'not a url', 403],
  ])('%s → %s', async (_name, referer, status) => {
    const login = await call('POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const answer = await call('POST', '/api/tokens', { body: { name: 'by referer' }, headers: { cookie, referer: referer() } });
    expect(answer.status, answer.text).toBe(status);
    if (status === 403) expect(answer.body.error.code).toBe('forbidden');
  });
});

describe('successful logins', () => {
  it('never count against the client address: 15 in a row all succeed', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await call('POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } })).status).toBe(200);
    }
  });
});

// Last: it locks this client address out for the rest of the file.
describe('login lockout per client address', () => {
  it('after 10 failures for 10 different usernames from one address, the 11th login is 429 even for a good user', async () => {
    for (let i = 0; i < 10; i++) {
      const failed = await call('POST', '/api/auth/login', { body: { username: `nobody${i}`, password: 'wrong password' } });
      expect(failed.status).toBe(401);
    }
    const eleventh = await call('POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.code).toBe('too_many_requests');
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
