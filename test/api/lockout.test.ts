import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_PASSWORD, api, setupAdmin, startServer, type TestServer } from '../helpers/server.ts';

// Its own server: the lockout also counts failures per client address, which would lock the other tests out.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await setupAdmin(server.baseUrl);
});
afterAll(async () => {
  await server.stop();
});

it('locks out after 10 failures in the window: the 11th attempt is 429 with Retry-After, even with the right password', async () => {
  const wrong = { username: 'admin', password: 'wrong password' };
  for (let i = 0; i < 10; i++) {
    expect((await api(server.baseUrl, 'POST', '/api/auth/login', { body: wrong })).status).toBe(401);
  }
  const eleventh = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
  expect(eleventh.status).toBe(429);
  expect(eleventh.body.error.code).toBe('too_many_requests');
  const retryAfter = Number(eleventh.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
});
