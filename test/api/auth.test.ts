import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, TEST_SECRET, api, setupAdmin, startServer, userWithRole, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let admin: { token: string; userId: string };

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

const call = (method: string, path: string, options: Parameters<typeof api>[3] = {}) => api(server.baseUrl, method, path, options);

describe('first-run setup', () => {
  it('reports setup as required, sets up once, then refuses a second setup', async () => {
    expect((await call('GET', '/api/auth/status')).body).toEqual({ setupRequired: true, user: null });
    const weak = await call('POST', '/api/auth/setup', { body: { username: 'admin', password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.details).toEqual([{ field: 'password', message: 'must be at least 10 characters' }]);
    admin = await setupAdmin(server.baseUrl);
    const again = await call('POST', '/api/auth/setup', { body: { username: 'other', password: TEST_PASSWORD } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_set_up');
    const status = await call('GET', '/api/auth/status', { token: admin.token });
    expect(status.body.setupRequired).toBe(false);
    expect(status.body.user.username).toBe('admin');
  });
});

describe('login', () => {
  it('signs in, answers me, and sets an HttpOnly SameSite=Strict cookie', async () => {
    const login = await call('POST', '/api/auth/login', { body: { username: 'ADMIN', password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/^session=[^;]+; HttpOnly; SameSite=Strict; Path=\//);
    const me = await call('GET', '/api/auth/me', { token: login.body.token });
    expect(me.body).toMatchObject({ username: 'admin', role: 'admin', disabled: false });
    expect(me.body).not.toHaveProperty('passwordHash');
    expect(me.body.lastLoginAt).not.toBeNull();
  });

  it('answers unknown user and wrong password identically', async () => {
    const unknown = await call('POST', '/api/auth/login', { body: { username: 'nobody', password: 'wrong password' } });
    const wrong = await call('POST', '/api/auth/login', { body: { username: 'admin', password: 'wrong password' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
    expect(unknown.body.error.code).toBe('invalid_credentials');
  });
});

describe('tokens that are not valid', () => {
  const future = () => Math.floor(Date.now() / 1000) + 3600;
  const cases: [string, () => Promise<string>][] = [
    [
      'signed with another secret',
      () =>
        new SignJWT({ ver: 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(admin.userId)
          .setExpirationTime(future())
          .sign(new TextEncoder().encode('b'.repeat(64))),
    ],
    [
      'expired',
      () =>
        new SignJWT({ ver: 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(admin.userId)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(new TextEncoder().encode(TEST_SECRET)),
    ],
    [
      'without exp',
      () =>
        new SignJWT({ ver: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject(admin.userId).sign(new TextEncoder().encode(TEST_SECRET)),
    ],
    [
      'HS384 with the same key',
      () =>
        new SignJWT({ ver: 1 })
          .setProtectedHeader({ alg: 'HS384' })
          .setSubject(admin.userId)
          .setExpirationTime(future())
          .sign(new TextEncoder().encode(TEST_SECRET)),
    ],
    ['alg none', async () => new UnsecuredJWT({ ver: 1 }).setSubject(admin.userId).setExpirationTime(future()).encode()],
    [
      'tampered',
      async () => {
        const [h, p, s] = admin.token.split('.');
        const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
        claims.sub = 'x';
        return [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
      },
    ],
    ['garbage', async () => 'not-a-jwt'],
  ];
  it.each(cases)('%s → 401', async (_name, make) => {
    const answer = await call('GET', '/api/auth/me', { token: await make() });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
  });

  it('the real token works (the cases above fail for their own reason)', async () => {
    expect((await call('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
  });
});

describe('password change and API tokens', () => {
  it('ends old tokens when the password changes', async () => {
    const editor = await userWithRole(server.baseUrl, admin.token, 'pwuser', 'editor');
    const second = (await call('POST', '/api/auth/login', { body: { username: 'pwuser', password: TEST_PASSWORD } })).body.token;
    const changed = await call('POST', '/api/auth/password', {
      token: editor.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a new password 1' },
    });
    expect(changed.status).toBe(204);
    expect((await call('GET', '/api/auth/me', { token: second })).status).toBe(401);
    expect((await call('POST', '/api/auth/login', { body: { username: 'pwuser', password: 'a new password 1' } })).status).toBe(200);
  });

  it('shows the secret once and stops a revoked token at once', async () => {
    const made = await call('POST', '/api/tokens', { token: admin.token, body: { name: 'ci script', expiresInDays: 30 } });
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`/api/tokens/${made.body.id}`);
    expect((await call('GET', '/api/auth/me', { token: made.body.token })).status).toBe(200);
    const list = await call('GET', '/api/tokens', { token: admin.token });
    expect(list.body.items.find((t: { id: string }) => t.id === made.body.id)).not.toHaveProperty('token');
    expect((await call('DELETE', `/api/tokens/${made.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await call('GET', '/api/auth/me', { token: made.body.token })).status).toBe(401);
  });
});

describe('users and roles', () => {
  it('gives a viewer 403 on user management', async () => {
    const viewer = await userWithRole(server.baseUrl, admin.token, 'viewer1', 'viewer');
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['DELETE', `/api/users/${admin.userId}`],
    ]) {
      const answer = await call(method, path, {
        token: viewer.token,
        body: method === 'POST' ? { username: 'x', password: TEST_PASSWORD, role: 'admin' } : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
    }
  });

  it('keeps the last admin: no removal, demotion or disabling', async () => {
    for (const body of [{ role: 'editor' }, { disabled: true }]) {
      const answer = await call('PATCH', `/api/users/${admin.userId}`, { token: admin.token, body });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('last_admin');
    }
    expect((await call('DELETE', `/api/users/${admin.userId}`, { token: admin.token })).body.error.code).toBe('last_admin');
    const second = await userWithRole(server.baseUrl, admin.token, 'admin2', 'admin');
    expect((await call('PATCH', `/api/users/${admin.userId}`, { token: second.token, body: { role: 'editor' } })).status).toBe(200);
    expect((await call('PATCH', `/api/users/${second.userId}`, { token: second.token, body: { role: 'viewer' } })).body.error.code).toBe(
      'last_admin',
    );
    expect((await call('PATCH', `/api/users/${admin.userId}`, { token: second.token, body: { role: 'admin' } })).status).toBe(200);
  });

  it('refuses duplicate usernames case-insensitively and bad fields', async () => {
    const dup = await call('POST', '/api/users', {
      token: admin.token,
      body: { username: 'VIEWER1', password: TEST_PASSWORD, role: 'viewer' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('name_taken');
    const bad = await call('POST', '/api/users', {
      token: admin.token,
      body: { username: 'bad name!', password: 'short', role: 'root', extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['extra', 'password', 'role', 'username']);
  });

  it('stops a disabled user at once', async () => {
    const user = await userWithRole(server.baseUrl, admin.token, 'leaver', 'editor');
    expect((await call('PATCH', `/api/users/${user.userId}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await call('POST', '/api/auth/login', { body: { username: 'leaver', password: TEST_PASSWORD } })).status).toBe(401);
  });
});

describe('the session cookie', () => {
  it('authenticates reads and same-origin changes, and refuses a cross-origin change', async () => {
    const login = await call('POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    expect((await call('GET', '/api/auth/me', { headers: { cookie } })).status).toBe(200);
    const body = { name: 'cookie token' };
    const foreign = await call('POST', '/api/tokens', { body, headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const missing = await call('POST', '/api/tokens', { body, headers: { cookie } });
    expect(missing.status).toBe(403);
    const own = await call('POST', '/api/tokens', { body, headers: { cookie, origin: server.baseUrl } });
    expect(own.status).toBe(201);
  });
});
