// Single sign-on through OpenID Connect (issue 41), against a real provider (oidc-provider) on 127.0.0.1: the full
// code flow over HTTP, the role from each group, and the refusals: no group, a forged or replayed state, a wrong
// nonce, an ID token of another audience, a user disabled here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, TEST_PASSWORD, useTestServer } from '../helpers/server.ts';
import { CookieJar, loginAtProvider, OIDC_USERS, oidcEnv, startTestProvider, type TestProvider } from '../helpers/oidc-provider.ts';

const env: Record<string, string> = {};
let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider();
  Object.assign(env, oidcEnv(provider.issuer));
});
afterAll(() => provider?.close());

const server = useTestServer({ env });
beforeAll(() => provider.clientsFor(server.baseUrl));

/** Starts a sign-in at Switchyard: the provider's authorization URL, with the browser's state cookie in `jar`. */
async function start(jar: CookieJar): Promise<string> {
  const answer = await jar.fetch(new URL('/api/auth/oidc/start', server.baseUrl));
  expect(answer.status).toBe(302);
  return answer.headers.get('location')!;
}

/** The callback's answer for `login`, the authorization URL changed by `edit` first. */
async function signIn(login: string, edit: (url: URL) => void = () => {}, jar = new CookieJar()) {
  const authorization = new URL(await start(jar));
  edit(authorization);
  const back = await loginAtProvider(jar, authorization.href, login);
  expect(back.pathname).toBe('/api/auth/oidc/callback');
  const answer = await jar.fetch(back);
  const session = jar.get(new URL(server.baseUrl).host, 'session');
  return { status: answer.status, location: answer.headers.get('location'), session, back, jar };
}

async function me(session: string | undefined) {
  return api(server.baseUrl, 'GET', '/api/auth/me', { headers: { cookie: `session=${session}` } });
}

describe('OpenID Connect sign-in', () => {
  it('shows the provider on the public status, with its button label', async () => {
    const status = await api(server.baseUrl, 'GET', '/api/auth/status');
    expect(status.body.signIn).toEqual({ oidc: { label: 'Sign in with Test IdP' }, ldap: false });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, and ties the state to the browser', async () => {
    const jar = new CookieJar();
    const url = new URL(await start(jar));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid profile groups');
    expect(jar.get(new URL(server.baseUrl).host, 'oidc_state')).toBe(url.searchParams.get('state'));
  });

  it.each([
    ['ada', 'admin'],
    ['eddie', 'editor'],
    ['vera', 'viewer'],
  ])('signs %s in with the role their group grants (%s)', async (login, role) => {
    const result = await signIn(login);
    expect(result.status).toBe(302);
    expect(result.location).toBe('/');
    const user = await me(result.session);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ role, signIn: 'oidc', oidcIssuer: provider.issuer, oidcSubject: login });
  });

  it('refuses a user in none of the groups, with a page that says why, and creates no user', async () => {
    const result = await signIn('nobody');
    expect(result.location).toBe('/?signInError=no_group');
    expect(result.session).toBeUndefined();
    const users = await server.call('GET', '/api/users?limit=500');
    expect(users.body.items.map((u: { username: string }) => u.username)).not.toContain('nobody');
  });

  it('refuses a forged state', async () => {
    const jar = new CookieJar();
    await start(jar);
    jar.set(new URL(server.baseUrl).host, 'oidc_state', 'forged-state');
    const answer = await jar.fetch(new URL('/api/auth/oidc/callback?code=abc&state=forged-state', server.baseUrl));
    expect(answer.headers.get('location')).toBe('/?signInError=state');
    expect(jar.get(new URL(server.baseUrl).host, 'session')).toBeUndefined();
  });

  it("refuses a real state that is not the browser's own (a callback link made for another browser)", async () => {
    const result = await signIn('vera', () => {}, new CookieJar());
    expect(result.location).toBe('/');
    const attacker = new CookieJar();
    const authorization = new URL(await start(attacker));
    const back = await loginAtProvider(attacker, authorization.href, 'ada');
    const victim = new CookieJar();
    await start(victim);
    const answer = await victim.fetch(back);
    expect(answer.headers.get('location')).toBe('/?signInError=state');
    expect(victim.get(new URL(server.baseUrl).host, 'session')).toBeUndefined();
  });

  it('refuses a replayed state (each state signs in once)', async () => {
    const first = await signIn('eddie');
    expect(first.location).toBe('/');
    const again = await new CookieJar().fetch(first.back);
    expect(again.headers.get('location')).toBe('/?signInError=state');
    first.jar.set(new URL(server.baseUrl).host, 'oidc_state', first.back.searchParams.get('state')!);
    const replay = await first.jar.fetch(first.back);
    expect(replay.headers.get('location')).toBe('/?signInError=state');
  });

  it('refuses an ID token with another nonce than the one sent', async () => {
    const result = await signIn('ada', (url) => url.searchParams.set('nonce', 'not-the-nonce-switchyard-sent'));
    expect(result.location).toBe('/?signInError=token');
    expect(result.session).toBeUndefined();
    expect(server.logs()).toMatch(/nonce/);
  });

  it('refuses a code whose PKCE challenge is not the one sent', async () => {
    const result = await signIn('ada', (url) => url.searchParams.set('code_challenge', 'A'.repeat(43)));
    expect(result.location).toBe('/?signInError=token');
    expect(result.session).toBeUndefined();
  });

  it('refuses an ID token of another audience', async () => {
    provider.swapTokenClient = true;
    try {
      // The code is issued to the other client, and its token request is made with the other client's secret: the
      // provider answers a good ID token, for the other client.
      const result = await signIn('ada', (url) => url.searchParams.set('client_id', 'another-app'));
      expect(result.location).toBe('/?signInError=token');
      expect(result.session).toBeUndefined();
      expect(server.logs()).toMatch(/aud/);
    } finally {
      provider.swapTokenClient = false;
    }
  });

  it('links by issuer and subject, never by name: a local user of the same name stays apart', async () => {
    const local = await server.call('POST', '/api/users', { body: { username: 'mover', password: TEST_PASSWORD, role: 'admin' } });
    expect(local.status).toBe(201);
    const result = await signIn('mover');
    const user = await me(result.session);
    expect(user.body).toMatchObject({ username: 'mover-2', role: 'viewer', signIn: 'oidc' });
    expect(user.body.id).not.toBe(local.body.id);
  });

  it('gives the new role at the next sign-in when the groups change', async () => {
    const before = await me((await signIn('mover')).session);
    OIDC_USERS.mover = ['sy-editors'];
    try {
      const after = await me((await signIn('mover')).session);
      expect(after.body).toMatchObject({ id: before.body.id, role: 'editor' });
    } finally {
      OIDC_USERS.mover = ['sy-viewers'];
    }
  });

  it('refuses a user disabled in Switchyard', async () => {
    const user = await me((await signIn('vera')).session);
    expect((await server.call('PATCH', `/api/users/${user.body.id}`, { body: { disabled: true } })).status).toBe(200);
    const result = await signIn('vera');
    expect(result.location).toBe('/?signInError=user_disabled');
    expect(result.session).toBeUndefined();
    await server.call('PATCH', `/api/users/${user.body.id}`, { body: { disabled: false } });
  });

  it('shows in the activity log how the user of each entry signs in', async () => {
    const result = await signIn('eddie');
    const headers = { cookie: `session=${result.session}`, origin: server.baseUrl };
    const made = await api(server.baseUrl, 'POST', '/api/sites', { headers, body: { name: 'Made through OIDC' } });
    expect(made.status).toBe(201);
    await server.call('POST', '/api/sites', { body: { name: 'Made by the local admin' } });
    const entries = (await server.call('GET', '/api/activity?limit=2')).body.items;
    expect(entries.map((e: { username: string; userSignIn: string }) => [e.username, e.userSignIn])).toEqual([
      ['admin', 'local'],
      ['eddie', 'oidc'],
    ]);
    expect((await server.call('GET', `/api/activity/${entries[1].id}`)).body.userSignIn).toBe('oidc');
  });

  it('never signs a provider user in with a password', async () => {
    await signIn('eddie');
    const answer = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'eddie', password: '!' } });
    expect(answer.status).toBe(401);
  });

  it('signs out here (POST /api/auth/logout), then at the provider too (RP-initiated logout)', async () => {
    const result = await signIn('ada');
    const headers = { cookie: `session=${result.session}`, origin: server.baseUrl };
    expect((await api(server.baseUrl, 'POST', '/api/auth/logout', { headers, body: {} })).status).toBe(204);
    const answer = await result.jar.fetch(new URL('/api/auth/oidc/logout', server.baseUrl));
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/`);
    expect(location.searchParams.get('client_id')).toBe('switchyard');
    expect((await me(result.session)).status).toBe(401);
  });
});

describe('local password sign-in for admins only', () => {
  it('lets an admin turn local sign-in off for everyone but admins, and on again', async () => {
    const editor = await server.call('POST', '/api/users', { body: { username: 'local-ed', password: TEST_PASSWORD, role: 'editor' } });
    expect(editor.status).toBe(201);
    const login = (username: string) => api(server.baseUrl, 'POST', '/api/auth/login', { body: { username, password: TEST_PASSWORD } });
    expect((await server.call('GET', '/api/settings/sign-in')).body).toEqual({
      localSignIn: 'everyone',
      oidc: { issuer: provider.issuer },
    });
    const off = await server.call('PUT', '/api/settings/sign-in', { body: { localSignIn: 'admins' } });
    expect(off.body.localSignIn).toBe('admins');
    const refused = await login('local-ed');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('local_sign_in_off');
    expect((await login('admin')).status).toBe(200);
    expect((await login('local-ed')).status).toBe(403);
    await server.call('PUT', '/api/settings/sign-in', { body: { localSignIn: 'everyone' } });
    expect((await login('local-ed')).status).toBe(200);
  });

  it.each([[{ localSignIn: 'nobody' }], [{}], [{ localSignIn: true }]])('refuses %j with 400', async (body) => {
    const answer = await server.call('PUT', '/api/settings/sign-in', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
  });

  it('keeps the setting for admins only', async () => {
    const viewer = await server.call('POST', '/api/users', { body: { username: 'local-vi', password: TEST_PASSWORD, role: 'viewer' } });
    expect(viewer.status).toBe(201);
    const token = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'local-vi', password: TEST_PASSWORD } })).body
      .token;
    expect((await api(server.baseUrl, 'GET', '/api/settings/sign-in', { token })).status).toBe(403);
    expect((await api(server.baseUrl, 'PUT', '/api/settings/sign-in', { token, body: { localSignIn: 'admins' } })).status).toBe(403);
  });
});

describe('backups of provider users', () => {
  it('carry how each user signs in: after a restore with users=replace, a provider user signs in as the same user', async () => {
    const before = await me((await signIn('eddie')).session);
    const exported = await server.call('GET', '/api/backup/export');
    expect(exported.status).toBe(200);
    const stored = exported.body.data.users.find((user: { username: string }) => user.username === 'eddie');
    expect(stored).toMatchObject({ signIn: 'oidc', oidcIssuer: provider.issuer, oidcSubject: 'eddie', passwordHash: '!' });
    const restored = await server.call('POST', '/api/backup/import?users=replace', { body: exported.body });
    expect(restored.status, restored.text).toBe(200);
    const after = await me((await signIn('eddie')).session);
    expect(after.body).toMatchObject({ id: before.body.id, signIn: 'oidc', username: 'eddie' });
    // A local user's hash is still required to be a real one: '!' is taken for provider and directory users only.
    const forged = structuredClone(exported.body);
    forged.data.users.find((user: { username: string }) => user.username === 'admin').passwordHash = '!';
    const token = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } })).body
      .token;
    const refused = await api(server.baseUrl, 'POST', '/api/backup/import?users=replace&dryRun=true', { token, body: forged });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: expect.stringMatching(/passwordHash$/) })]);
  });
});
