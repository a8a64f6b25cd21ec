import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, TEST_SECRET, setupAdmin, userWithRole, useTestServer } from '../helpers/server.ts';

// No admin yet: the first test runs first-run setup itself. Calls carry no token unless given one.
const server = useTestServer({ admin: false });
const { call } = server;
let admin: { token: string; userId: string };

describe('first-run setup', () => {
  it('reports setup as required, sets up once, then refuses a second setup', async () => {
    expect((await call('GET', '/api/auth/status')).body).toEqual({ setupRequired: true, user: null, signIn: { oidc: null, ldap: false } });
    const weak = await call('POST', '/api/auth/setup', { body: { username: 'admin', password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.details).toEqual([
      { field: 'password', message: 'must be at least 10 characters', code: 'too_short', params: { min: 10 } },
    ]);
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
  /** A token for the admin with `ver: 1`: HS256 with the test secret, valid for an hour, unless told otherwise (`exp: null`: none). */
  const signed = (options: { alg?: string; secret?: string; exp?: number | null } = {}) => {
    const { alg = 'HS256', secret = TEST_SECRET, exp = future() } = options;
    const jwt = new SignJWT({ ver: 1 }).setProtectedHeader({ alg }).setSubject(admin.userId);
    if (exp !== null) jwt.setExpirationTime(exp);
    return jwt.sign(new TextEncoder().encode(secret));
  };
  const cases: [string, () => Promise<string>][] = [
    ['signed with another secret', () => signed({ secret: 'b'.repeat(64) })],
    ['expired', () => signed({ exp: Math.floor(Date.now() / 1000) - 60 })],
    ['without exp', () => signed({ exp: null })],
    ['HS384 with the same key', () => signed({ alg: 'HS384' })],
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

describe('the session cookie without Origin', () => {
  // A change by cookie whose request has no Origin is judged by its Referer instead.
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

describe('setup, login, me, logout', () => {
  // Its own server: it runs first-run setup itself.
  const fresh = useTestServer({ admin: false });

  it('signs in after setup, answers me by cookie, and logout answers 204 and clears the cookie', async () => {
    const setup = await fresh.call('POST', '/api/auth/setup', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(setup.status).toBe(201);
    const login = await fresh.call('POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    expect(cookie).toMatch(/^session=.+/);
    const me = await fresh.call('GET', '/api/auth/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('admin');

    const logout = await fresh.call('POST', '/api/auth/logout', { headers: { cookie, origin: fresh.baseUrl } });
    expect(logout.status).toBe(204);
    expect(logout.text).toBe('');
    const cleared = logout.headers.get('set-cookie')!;
    expect(cleared).toMatch(/^session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/Path=\//);
    // A browser that obeys the header no longer sends a cookie: it is signed out.
    expect((await fresh.call('GET', '/api/auth/me')).status).toBe(401);
  });

  it('answers 204 to a logout without a session too', async () => {
    const logout = await fresh.call('POST', '/api/auth/logout');
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/^session=;.*Max-Age=0/);
  });
});
