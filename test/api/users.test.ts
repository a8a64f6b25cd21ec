import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, expectFaults, useSignedInUsers, useTestServer } from '../helpers/server.ts';

// Users' displayName and language (model 2): admins set them for anyone through /api/users, every user sets their
// own through PATCH /api/auth/me.
const server = useTestServer();
const tokens = useSignedInUsers(server, { viewer: 'vera', editor: 'eddie' });
const { call, must } = server;

describe('displayName and language of a user', () => {
  it('are answered for every user: null and en unless set', async () => {
    const me = await must(200, 'GET', '/api/auth/me');
    expect(me).toMatchObject({ username: 'admin', displayName: null, language: 'en' });
    const list = await must(200, 'GET', '/api/users');
    for (const user of list.items) expect(user).toHaveProperty('displayName');
    expect(Object.keys(me)).toEqual([
      'id',
      'username',
      'displayName',
      'language',
      'role',
      'disabled',
      'createdAt',
      'updatedAt',
      'lastLoginAt',
      'signIn',
      'oidcIssuer',
      'oidcSubject',
      'ldapDn',
    ]);
    expect(me).toMatchObject({ signIn: 'local', oidcIssuer: null, oidcSubject: null, ldapDn: null });
  });

  it('are set by an admin on create and on change, trimmed, and kept by changes of other fields', async () => {
    const made = await must(201, 'POST', '/api/users', {
      username: 'dora',
      password: TEST_PASSWORD,
      role: 'editor',
      displayName: '  Dora Müller ',
      language: 'de',
    });
    expect(made).toMatchObject({ username: 'dora', displayName: 'Dora Müller', language: 'de' });
    const changed = await must(200, 'PATCH', `/api/users/${made.id}`, { displayName: 'Dora M.', language: 'en' });
    expect(changed).toMatchObject({ displayName: 'Dora M.', language: 'en', role: 'editor' });
    const role = await must(200, 'PATCH', `/api/users/${made.id}`, { role: 'viewer' });
    expect(role).toMatchObject({ displayName: 'Dora M.', language: 'en', role: 'viewer' });
    const cleared = await must(200, 'PATCH', `/api/users/${made.id}`, { displayName: '' });
    expect(cleared.displayName).toBeNull();
  });

  const refused: [string, unknown, string[]][] = [
    ['a language the UI does not have', { language: 'fr' }, ['language']],
    ['a displayName of 101 characters', { displayName: 'd'.repeat(101) }, ['displayName']],
    ['a displayName that is not text', { displayName: 42 }, ['displayName']],
    ['a displayName with a control character', { displayName: 'a\u0007b' }, ['displayName']],
    ['a field a user does not have', { nickname: 'x' }, ['nickname']],
  ];

  it.each(refused)('refuses %s from an admin (400)', async (_name, body, fields) => {
    expectFaults(await call('PATCH', `/api/users/${server.userId}`, { body }), fields);
  });

  it.each(refused)('refuses %s on PATCH /api/auth/me (400)', async (_name, body, fields) => {
    expectFaults(await call('PATCH', '/api/auth/me', { body, token: tokens.viewer }), fields);
  });
});

describe('PATCH /api/auth/me', () => {
  it('lets every role, a viewer too, set their own displayName and language, and answers the user', async () => {
    for (const [token, name] of [
      [tokens.viewer, 'Vera'],
      [tokens.editor, 'Eddie'],
      [server.token, 'The admin'],
    ] as const) {
      const answer = await call('PATCH', '/api/auth/me', { token, body: { displayName: name, language: 'de' } });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ displayName: name, language: 'de' });
      expect(answer.body).not.toHaveProperty('passwordHash');
      expect((await call('GET', '/api/auth/me', { token })).body).toMatchObject({ displayName: name, language: 'de' });
    }
    const viewer = (await must(200, 'GET', '/api/users')).items.find((u: { username: string }) => u.username === 'vera');
    expect(viewer).toMatchObject({ displayName: 'Vera', language: 'de', role: 'viewer' });
  });

  it('changes only what it is given, and nothing else: not the role, the password or another user', async () => {
    const before = (await call('GET', '/api/auth/me', { token: tokens.editor })).body;
    const language = await call('PATCH', '/api/auth/me', { token: tokens.editor, body: { language: 'en' } });
    expect(language.body).toMatchObject({ displayName: before.displayName, language: 'en', role: 'editor' });
    for (const body of [{ role: 'admin' }, { password: 'a new password!' }, { disabled: true }, { username: 'root' }]) {
      const answer = await call('PATCH', '/api/auth/me', { token: tokens.editor, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.details[0].field).toBe(Object.keys(body)[0]);
    }
    expect((await call('GET', '/api/auth/me', { token: tokens.editor })).body.role).toBe('editor');
  });

  it('answers 401 without a sign-in and 415 without JSON', async () => {
    expect((await call('PATCH', '/api/auth/me', { token: '', body: { language: 'de' } })).status).toBe(401);
    const text = await call('PATCH', '/api/auth/me', { raw: 'language=de', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('is read fresh after the change (the read cache keeps no stale me)', async () => {
    const first = (await call('GET', '/api/auth/me', { token: tokens.viewer })).body;
    await call('PATCH', '/api/auth/me', { token: tokens.viewer, body: { displayName: `${first.displayName}!` } });
    expect((await call('GET', '/api/auth/me', { token: tokens.viewer })).body.displayName).toBe(`${first.displayName}!`);
  });
});
