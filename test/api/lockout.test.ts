import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, api, useTestServer } from '../helpers/server.ts';

// Sign-in failures are counted for one username or one client address. Each describe has its own server: a
// lockout would lock the other tests out too.

describe('login lockout per username', () => {
  const server = useTestServer();

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
});

describe('login lockout per client address', () => {
  const server = useTestServer();
  const { call } = server.as(() => undefined);

  it('never counts successful logins against the client address: 15 in a row all succeed', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await call('POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } })).status).toBe(200);
    }
  });

  // Last: it locks this client address out for the rest of the describe.
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

describe('login lockout under parallel guesses', () => {
  // Guesses sent all at once must not get around the lockout: each one passes the lockout check before the slow
  // password hash of the others has finished.
  const server = useTestServer();

  it('answers at most 10 of 40 parallel wrong guesses with 401, the rest 429, and then refuses the right password', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: `wrong password ${i}` } }),
      ),
    );
    const statuses = guesses.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    const right = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(right.status).toBe(429);
  });
});
