import { describe, expect, it } from 'vitest';
import { countingDatabase, refusalOf } from '../../test/helpers/domain-db.ts';
import { getUser } from '../db/users.ts';
import { changeLocalSignIn, freeUsername, mayUseLocalPassword, roleFromGroups, signInExternalUser } from './sign-in.ts';
import { createUser } from './users.ts';

// The sign-in of provider and directory users without HTTP: the role from the groups, the link by identity, the name.

const ROLES = { admin: ['admins'], editor: ['editors'], viewer: ['viewers', 'staff'] };
const oidc = (subject: string) => ({ method: 'oidc' as const, issuer: 'https://idp.example.net', subject });

describe('the role from the groups', () => {
  it.each([
    [['viewers', 'admins'], 'admin'],
    [['editors', 'staff'], 'editor'],
    [['staff'], 'viewer'],
    [['others'], undefined],
    [[], undefined],
  ])('%j grant %s (the strongest)', (groups, role) => {
    expect(roleFromGroups(groups, ROLES)).toBe(role);
  });

  it('compares LDAP DNs without case when asked to, and names exactly otherwise', () => {
    const dns = { admin: ['cn=Admins,ou=groups,dc=example,dc=org'], editor: [], viewer: [] };
    expect(roleFromGroups(['CN=admins,OU=Groups,DC=example,DC=org'], dns, true)).toBe('admin');
    expect(roleFromGroups(['CN=admins,OU=Groups,DC=example,DC=org'], dns)).toBeUndefined();
  });
});

describe('an external sign-in', () => {
  it('creates the user once, links it by identity, and recomputes its role at each sign-in', () => {
    const { db } = countingDatabase();
    const first = signInExternalUser(
      db,
      { identity: oidc('s1'), preferredName: 'ada@example.net', displayName: 'Ada', groups: ['staff'] },
      ROLES,
    );
    expect(first).toMatchObject({ username: 'ada', role: 'viewer', sign_in: 'oidc', oidc_subject: 's1', display_name: 'Ada' });
    const again = signInExternalUser(db, { identity: oidc('s1'), preferredName: 'renamed', displayName: null, groups: ['admins'] }, ROLES);
    expect(again).toMatchObject({ id: first.id, username: 'ada', role: 'admin' });
    const other = signInExternalUser(db, { identity: oidc('s2'), preferredName: 'ada', displayName: null, groups: ['staff'] }, ROLES);
    expect(other.username).toBe('ada-2');
  });

  it('refuses a user in no group (no_group) and a user disabled here (user_disabled), and creates nobody', () => {
    const { db } = countingDatabase();
    expect(
      refusalOf(() => signInExternalUser(db, { identity: oidc('s3'), preferredName: 'x', displayName: null, groups: [] }, ROLES)),
    ).toMatchObject({
      code: 'no_group',
    });
    const user = signInExternalUser(db, { identity: oidc('s4'), preferredName: 'y', displayName: null, groups: ['staff'] }, ROLES);
    db.prepare('UPDATE users SET disabled = 1 WHERE id = ?').run(user.id);
    const refusal = refusalOf(() =>
      signInExternalUser(db, { identity: oidc('s4'), preferredName: 'y', displayName: null, groups: ['admins'] }, ROLES),
    );
    expect(refusal).toMatchObject({ code: 'user_disabled' });
    expect(getUser(db, user.id)?.role).toBe('viewer');
  });

  it('keeps the last enabled admin one: a sign-in whose groups would demote them is refused (last_admin)', () => {
    const { db } = countingDatabase();
    const only = signInExternalUser(db, { identity: oidc('s6'), preferredName: 'boss', displayName: null, groups: ['admins'] }, ROLES);
    const refusal = refusalOf(() =>
      signInExternalUser(db, { identity: oidc('s6'), preferredName: 'boss', displayName: null, groups: ['staff'] }, ROLES),
    );
    expect(refusal).toMatchObject({ code: 'last_admin' });
    expect(getUser(db, only.id)?.role).toBe('admin');
    signInExternalUser(db, { identity: oidc('s7'), preferredName: 'other', displayName: null, groups: ['admins'] }, ROLES);
    expect(signInExternalUser(db, { identity: oidc('s6'), preferredName: 'boss', displayName: null, groups: ['staff'] }, ROLES).role).toBe(
      'viewer',
    );
  });

  it('makes a username of what a provider gives', () => {
    const { db } = countingDatabase();
    expect(freeUsername(db, 'Jörg Müller')).toBe('J-rg-M-ller');
    expect(freeUsername(db, '***')).toBe('user');
    expect(freeUsername(db, 'x'.repeat(200)).length).toBeLessThanOrEqual(64);
  });
});

describe('local password sign-in', () => {
  it('is for everyone, or with admins only, for local admins; never for an external user', async () => {
    const { db } = countingDatabase();
    const admin = await createUser(db, { username: 'root', password: 'a long enough password', role: 'admin' });
    const editor = await createUser(db, { username: 'ed', password: 'a long enough password', role: 'editor' });
    const external = signInExternalUser(db, { identity: oidc('s5'), preferredName: 'z', displayName: null, groups: ['admins'] }, ROLES);
    expect([mayUseLocalPassword(db, admin), mayUseLocalPassword(db, editor), mayUseLocalPassword(db, external)]).toEqual([
      true,
      true,
      false,
    ]);
    changeLocalSignIn(db, 'admins');
    expect([mayUseLocalPassword(db, admin), mayUseLocalPassword(db, editor), mayUseLocalPassword(db, external)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(refusalOf(() => changeLocalSignIn(db, 'none'))).toMatchObject({ code: 'validation_failed' });
  });
});
