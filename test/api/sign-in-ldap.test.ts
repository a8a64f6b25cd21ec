// Directory sign-in (issue 41) against OpenLDAP (Debian's slapd), started by the test on 127.0.0.1: the password form
// tries the directory for names that are no local user's; the role comes from the groups (memberOf, kept by the
// memberof overlay, as Active Directory keeps it) at each sign-in; a filter-injection name matches nobody; a stopped
// directory leaves local sign-in working and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNeeding, NEEDS } from '../helpers/needs.ts';
import { rawApi } from '../helpers/http.ts';
import { api, TEST_PASSWORD, useTestServer } from '../helpers/server.ts';
import { GROUPS, LDAP_PEOPLE, ldapEnv, person, startSlapd, type TestSlapd } from '../helpers/slapd.ts';

describeNeeding([NEEDS.slapd], 'sign-in against an LDAP directory', () => {
  const env: Record<string, string> = {};
  let slapd: TestSlapd | undefined;
  beforeAll(async () => {
    slapd = await startSlapd();
    Object.assign(env, ldapEnv(slapd.url));
  }, 60_000);
  afterAll(() => slapd?.stop());
  const server = useTestServer({ env });

  // Each sign-in from another loopback address: the failures this file makes on purpose must not make one address wait.
  let from = 1;
  const login = (username: string, password: string) =>
    rawApi(server.baseUrl, 'POST', '/api/auth/login', {
      body: { username, password },
      from: `127.0.${Math.floor(++from / 250)}.${(from % 250) + 2}`,
    });

  it.each([
    ['alice', 'admin'],
    ['bob', 'editor'],
    ['carol', 'viewer'],
  ])('signs %s in with the role of their group (%s), as a directory user', async (uid, role) => {
    const answer = await login(uid, LDAP_PEOPLE[uid].password);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ username: uid, role, signIn: 'ldap', ldapDn: person(uid), oidcIssuer: null });
    expect(String(answer.headers['set-cookie'])).toMatch(/^session=/);
  });

  it('says the directory is used on the public status', async () => {
    expect((await api(server.baseUrl, 'GET', '/api/auth/status')).body.signIn).toEqual({ oidc: null, ldap: true });
  });

  it('refuses a wrong password, an unknown name and an empty password', async () => {
    expect((await login('alice', 'not her password')).status).toBe(401);
    expect((await login('nobody-here', 'whatever it is')).status).toBe(401);
    const empty = await login('alice', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([expect.objectContaining({ field: 'password' })]);
  });

  it.each(['*)(uid=*', '*', 'ali*', 'alice)(|(uid=*', '*)(|(objectClass=*)'])(
    'signs nobody in by the name %j (RFC 4515 escaping)',
    async (name) => {
      const answer = await login(name, LDAP_PEOPLE.alice.password);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('invalid_credentials');
    },
  );

  it('refuses a user in none of the groups, and creates nobody', async () => {
    const answer = await login('dave', LDAP_PEOPLE.dave.password);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('no_group');
    const users = await server.call('GET', '/api/users?limit=500');
    expect(users.body.items.map((u: { username: string }) => u.username)).not.toContain('dave');
  });

  it('gives a user moved between groups the new role at the next sign-in', async () => {
    const before = await login('carol', LDAP_PEOPLE.carol.password);
    expect(before.body.user.role).toBe('viewer');
    await slapd!.move('carol', 'sy-viewers', 'sy-editors');
    const after = await login('carol', LDAP_PEOPLE.carol.password);
    expect(after.body.user).toMatchObject({ id: before.body.user.id, role: 'editor' });
    await slapd!.move('carol', 'sy-editors', 'staff');
    expect((await login('carol', LDAP_PEOPLE.carol.password)).body.error.code).toBe('no_group');
  });

  it('refuses a directory user disabled in Switchyard', async () => {
    const bob = (await login('bob', LDAP_PEOPLE.bob.password)).body.user;
    await server.call('PATCH', `/api/users/${bob.id}`, { body: { disabled: true } });
    const answer = await login('bob', LDAP_PEOPLE.bob.password);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('user_disabled');
    await server.call('PATCH', `/api/users/${bob.id}`, { body: { disabled: false } });
  });

  it('keeps local users local: a local name never goes to the directory', async () => {
    expect(
      (await server.call('POST', '/api/users', { body: { username: 'localer', password: TEST_PASSWORD, role: 'viewer' } })).status,
    ).toBe(201);
    expect((await login('localer', TEST_PASSWORD)).status).toBe(200);
  });

  it('leaves local sign-in working while the directory is stopped, and says why a directory user cannot sign in', async () => {
    await slapd!.stop();
    try {
      const refused = await login('alice', LDAP_PEOPLE.alice.password);
      expect(refused.status).toBe(503);
      // Attempts the directory could not answer are no failed guesses: a dozen from one address lock nobody out.
      for (let attempt = 0; attempt < 12; attempt++) {
        const again = await rawApi(server.baseUrl, 'POST', '/api/auth/login', {
          body: { username: 'carol', password: LDAP_PEOPLE.carol.password },
          from: '127.0.9.9',
        });
        expect(again.status).toBe(503);
      }
      expect(refused.body.error).toMatchObject({
        code: 'directory_unavailable',
        message: 'The directory cannot be reached; local accounts can still sign in.',
      });
      expect((await login('admin', TEST_PASSWORD)).status).toBe(200);
      expect(server.logs()).toMatch(/sign-in: the directory ldap:\/\/127\.0\.0\.1:\d+ failed/);
    } finally {
      await slapd!.start();
    }
    expect((await login('alice', LDAP_PEOPLE.alice.password)).status).toBe(200);
    const after = await rawApi(server.baseUrl, 'POST', '/api/auth/login', {
      body: { username: 'bob', password: LDAP_PEOPLE.bob.password },
      from: '127.0.9.9',
    });
    expect(after.status).toBe(200);
  });

  describe('with LDAP_GROUP_BASE: groups searched by member instead of memberOf', () => {
    const groupEnv: Record<string, string> = {};
    beforeAll(() => {
      Object.assign(groupEnv, ldapEnv(slapd!.url), {
        LDAP_GROUP_BASE: GROUPS,
        LDAP_USER_FILTER: '(&(objectClass=inetOrgPerson)(uid={username}))',
      });
    });
    const byMember = useTestServer({ env: groupEnv });

    it('signs in with the role of the groups that name the user as a member', async () => {
      const answer = await rawApi(byMember.baseUrl, 'POST', '/api/auth/login', {
        body: { username: 'alice', password: LDAP_PEOPLE.alice.password },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ role: 'admin', signIn: 'ldap' });
      const injected = await rawApi(byMember.baseUrl, 'POST', '/api/auth/login', {
        body: { username: '*', password: LDAP_PEOPLE.alice.password },
      });
      expect(injected.status).toBe(401);
    });
  });
});
