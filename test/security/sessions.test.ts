// Sessions and tokens end when they should: signing out ends that session everywhere it was copied, a
// restore cannot bring a revoked token back, an API token cannot make more of itself, a caller disabled while
// its body was on the way is refused, and no answer carrying a token may be kept by a cache.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, api, startServer, userWithRole, useTestServer } from '../helpers/server.ts';

const server = useTestServer();
/** Calls without a token unless given one. */
const { call } = server.as(() => undefined);
const signIn = async (username: string, password = TEST_PASSWORD) => {
  const answer = await call('POST', '/api/auth/login', { body: { username, password } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.token as string;
};
const meStatus = async (options: Parameters<typeof api>[3]) => (await call('GET', '/api/auth/me', options)).status;

describe('signing out', () => {
  it('ends the session it signs out: the cookie, and the same token copied elsewhere, stop working at once', async () => {
    const token = await signIn('admin');
    const other = await signIn('admin');
    const cookie = `session=${token}`;
    expect(await meStatus({ headers: { cookie } })).toBe(200);
    const out = await call('POST', '/api/auth/logout', { headers: { cookie, origin: server.baseUrl } });
    expect(out.status).toBe(204);
    expect(await meStatus({ headers: { cookie } })).toBe(401);
    expect(await meStatus({ token })).toBe(401);
    expect(await meStatus({ token: other }), 'another session of the same user goes on').toBe(200);
  });

  it('ends a session signed out with its token as Bearer', async () => {
    const token = await signIn('admin');
    expect((await call('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect(await meStatus({ token })).toBe(401);
  });

  it('refuses a cross-site sign-out with the cookie, like any other change by cookie, and the session goes on', async () => {
    const token = await signIn('admin');
    const cookie = `session=${token}`;
    const foreign = await call('POST', '/api/auth/logout', { headers: { cookie, origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('forbidden');
    expect((await call('POST', '/api/auth/logout', { headers: { cookie } })).status, 'no Origin at all').toBe(403);
    expect(await meStatus({ headers: { cookie } })).toBe(200);
  });

  // What Chromium sends for an empty <form method=post action=".../api/auth/logout"> submitted on another site.
  const crossSiteForm = {
    origin: 'http://evil.example',
    'content-type': 'application/x-www-form-urlencoded',
    'sec-fetch-site': 'cross-site',
  };

  it('refuses a cross-site form sign-out with the cookie: 403, the cookie is not cleared and the session goes on', async () => {
    const token = await signIn('admin');
    const cookie = `session=${token}`;
    const foreign = await call('POST', '/api/auth/logout', { headers: { ...crossSiteForm, cookie }, raw: '' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('forbidden');
    expect(foreign.headers.get('set-cookie')).toBeNull();
    expect(await meStatus({ headers: { cookie } })).toBe(200);
  });

  it('refuses a cross-site form sign-out without the cookie (SameSite=Strict keeps it back): its answer clears no cookie', async () => {
    const foreign = await call('POST', '/api/auth/logout', { headers: crossSiteForm, raw: '' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('forbidden');
    expect(foreign.headers.get('set-cookie'), 'a Set-Cookie here would sign the victim out').toBeNull();
    const { origin: _origin, ...fetchMetadataOnly } = crossSiteForm;
    expect((await call('POST', '/api/auth/logout', { headers: fetchMetadataOnly, raw: '' })).status, 'Sec-Fetch-Site alone').toBe(403);
  });

  it('clears a stale cookie for a same-origin sign-out whose session has ended already', async () => {
    const token = await signIn('admin');
    const cookie = `session=${token}`;
    expect((await call('POST', '/api/auth/logout', { token })).status).toBe(204);
    const stale = await call('POST', '/api/auth/logout', { headers: { cookie, origin: server.baseUrl, 'sec-fetch-site': 'same-origin' } });
    expect(stale.status).toBe(204);
    expect(stale.headers.get('set-cookie')).toMatch(/^session=;.*Max-Age=0/);
  });
});

describe('a browser change from another site without the cookie', () => {
  it('is refused like one with it: a sign-in posted from another site sets no cookie', async () => {
    const body = { username: 'admin', password: TEST_PASSWORD };
    const foreign = await call('POST', '/api/auth/login', { body, headers: { origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('forbidden');
    expect(foreign.headers.get('set-cookie')).toBeNull();
    expect((await call('POST', '/api/auth/login', { body, headers: { origin: server.baseUrl } })).status, 'from its own page').toBe(200);
    expect((await call('POST', '/api/auth/login', { body })).status, 'a script sends no Origin').toBe(200);
  });
});

describe('API tokens', () => {
  it('cannot make API tokens; a sign-in session can', async () => {
    const made = await call('POST', '/api/tokens', { token: server.token, body: { name: 'script' } });
    expect(made.status).toBe(201);
    const again = await call('POST', '/api/tokens', { token: made.body.token, body: { name: 'successor' } });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('forbidden');
    const names = (await call('GET', '/api/tokens', { token: server.token })).body.items.map((item: { name: string }) => item.name);
    expect(names).not.toContain('successor');
  });
});

describe('answers that carry a token', () => {
  it('are Cache-Control: no-store (setup and sign-in, token creation, password change)', async () => {
    const login = await call('POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const token = await call('POST', '/api/tokens', { token: server.token, body: { name: 'cache test' } });
    expect(token.headers.get('cache-control')).toBe('no-store');
    const user = await userWithRole(server.baseUrl, server.token, 'nostore', 'viewer');
    const change = await call('POST', '/api/auth/password', {
      token: user.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
    });
    expect(change.status).toBe(204);
    expect(change.headers.get('cache-control')).toBe('no-store');
    const fresh = await startServer();
    try {
      const setup = await api(fresh.baseUrl, 'POST', '/api/auth/setup', { body: { username: 'admin', password: TEST_PASSWORD } });
      expect(setup.status).toBe(201);
      expect(setup.headers.get('cache-control')).toBe('no-store');
    } finally {
      await fresh.stop();
    }
  });
});

describe('a caller disabled while its body arrives', () => {
  it('cannot finish a restore: the caller is read again once the body is in', async () => {
    const second = await userWithRole(server.baseUrl, server.token, 'second-admin', 'admin');
    const backup = await call('GET', '/api/backup/export', { token: server.token });
    expect(backup.status).toBe(200);
    const restores = async () =>
      (await call('GET', '/api/activity?limit=500', { token: server.token })).body.items.filter(
        (entry: { action: string }) => entry.action === 'restore',
      ).length;
    const restoresBefore = await restores();
    const document = JSON.stringify(backup.body);
    const half = Math.floor(document.length / 2);

    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/api/backup/import', server.baseUrl);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${second.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(document),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(document.slice(0, half));
      // The first half is on its way; the other admin disables this one before the rest follows.
      setTimeout(async () => {
        const disabled = await call('PATCH', `/api/users/${second.userId}`, { token: server.token, body: { disabled: true } });
        expect(disabled.status).toBe(200);
        req.end(document.slice(half));
      }, 300);
    });
    const { status, body } = await answer;
    expect(status, body).toBe(401);
    expect(await restores(), 'nothing was restored').toBe(restoresBefore);
  });
});

describe('a restore with users=replace', () => {
  it('cannot bring back a token revoked before the backup was restored, even of a user deleted since', async () => {
    await call('POST', '/api/sites', { token: server.token, body: { name: 'restore-site' } });
    const made = await call('POST', '/api/users', {
      token: server.token,
      body: { username: 'roamer', password: TEST_PASSWORD, role: 'viewer' },
    });
    expect(made.status).toBe(201);
    const backup = (await call('GET', '/api/backup/export', { token: server.token })).body;
    // roamer's sessions are revoked twice by password changes (token versions 2 and 3), then roamer is deleted.
    let token = await signIn('roamer');
    const revoked: string[] = [];
    for (const password of ['second password!', 'third password!!']) {
      revoked.push(token);
      const change = await call('POST', '/api/auth/password', {
        token,
        body: { currentPassword: revoked.length === 1 ? TEST_PASSWORD : 'second password!', newPassword: password },
      });
      expect(change.status).toBe(204);
      token = await signIn('roamer', password);
    }
    revoked.push(token);
    expect((await call('DELETE', `/api/users/${made.body.id}`, { token: server.token })).status).toBe(204);

    const restore = await call('POST', '/api/backup/import?users=replace', { token: server.token, body: backup });
    expect(restore.status, restore.text).toBe(200);
    for (const old of revoked) expect(await meStatus({ token: old })).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', { body: { username: 'roamer', password: TEST_PASSWORD } })).status,
      'the restored password works',
    ).toBe(200);
  });
});
