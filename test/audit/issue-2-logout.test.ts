import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, api, startServer, type TestServer } from '../helpers/server.ts';

// Issue 2: "Setup, login, me, logout" — logout had no test over HTTP.

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const call = (method: string, path: string, options: Parameters<typeof api>[3] = {}) => api(server.baseUrl, method, path, options);

describe('setup, login, me, logout', () => {
  it('signs in after setup, answers me by cookie, and logout answers 204 and clears the cookie', async () => {
    const setup = await call('POST', '/api/auth/setup', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(setup.status).toBe(201);
    const login = await call('POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    expect(cookie).toMatch(/^session=.+/);
    const me = await call('GET', '/api/auth/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('admin');

    const logout = await call('POST', '/api/auth/logout', { headers: { cookie, origin: server.baseUrl } });
    expect(logout.status).toBe(204);
    expect(logout.text).toBe('');
    const cleared = logout.headers.get('set-cookie')!;
    expect(cleared).toMatch(/^session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/Path=\//);
    // A browser that obeys the header no longer sends a cookie: it is signed out.
    expect((await call('GET', '/api/auth/me')).status).toBe(401);
  });

  it('answers 204 to a logout without a session too', async () => {
    const logout = await call('POST', '/api/auth/logout');
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/^session=;.*Max-Age=0/);
  });
});
