// The users of 0.20.3's users.json: they come across with their bcrypt hashes (the sign-in verifies them and
// rewrites them as scrypt), role, display name and language; a user whose hash is outside the rule every door
// applies is not migrated, with a fix line that never shows the hash.
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_RULE } from '../lib/password.ts';
import { checkLegacyBundle } from './check.ts';

// What 0.20.3 wrote (../shared/fixtures/ezswm-0.20.3/users.json).
const ADMIN_HASH = '$2b$10$AA1QfB3PbDX6ym4m7MZTy.4ASCeoh1ZghI0yd4.iMBtTt72oXVDlu';
const VIEWER_HASH = '$2b$10$g6ZOGdViB5jqoULi3Go8duUC1.f7NUoHrUiiOZpBzXKjtJO2ODQf.';

function users(): Record<string, unknown>[] {
  return [
    {
      id: '2xzEIL4DoteENo48i6KFg',
      username: 'campus_admin',
      display_name: 'Campus Admin',
      password_hash: ADMIN_HASH,
      role: 'admin',
      language: 'en',
      is_setup_user: true,
      created_at: '2026-11-23T02:43:42.227Z',
      updated_at: '2026-11-23T02:43:42.227Z',
    },
    {
      id: 'XYZeD6SKzDvbAGId9W6zP',
      username: 'helpdesk',
      display_name: 'Helpdesk IT-Service (nur lesen)',
      role: 'viewer',
      language: 'de',
      password_hash: VIEWER_HASH,
      created_at: '2026-11-23T02:43:42.537Z',
      updated_at: '2026-11-23T02:44:01.776Z',
    },
  ];
}

const SITE = { id: 'site1AAAAAAAAAAAAAAAA', name: 'Nord', created_at: '2026-11-23T02:43:42.227Z', updated_at: '2026-11-23T02:43:42.227Z' };

function check(list: Record<string, unknown>[], activity: Record<string, unknown>[] = []) {
  return checkLegacyBundle({ sites: [SITE], users: list, activity });
}

describe('users.json of 0.20.3', () => {
  it('keeps each user: bcrypt hash, role, display name, language and dates, without the setup mark', () => {
    const { data, faults } = check(users());
    expect(faults).toEqual([]);
    expect(data!.users).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        username: 'campus_admin',
        displayName: 'Campus Admin',
        language: 'en',
        role: 'admin',
        disabled: false,
        passwordHash: ADMIN_HASH,
        createdAt: '2026-11-23T02:43:42.227Z',
        updatedAt: '2026-11-23T02:43:42.227Z',
        lastLoginAt: null,
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        username: 'helpdesk',
        displayName: 'Helpdesk IT-Service (nur lesen)',
        language: 'de',
        role: 'viewer',
        disabled: false,
        passwordHash: VIEWER_HASH,
        createdAt: '2026-11-23T02:43:42.537Z',
        updatedAt: '2026-11-23T02:44:01.776Z',
        lastLoginAt: null,
      },
    ]);
    expect(data!.fixes).toEqual([]);
    expect(data!.dropped).toEqual([{ file: 'users.json', field: 'is_setup_user', count: 1 }]);
  });

  it('links activity entries to the migrated user who made them, and keeps the username', () => {
    const entry = {
      id: 'act1AAAAAAAAAAAAAAAAA',
      user_id: '2xzEIL4DoteENo48i6KFg',
      action: 'create',
      entity_type: 'site',
      entity_id: SITE.id,
      entity_name: 'Nord',
      timestamp: '2026-11-23T02:43:43.000Z',
    };
    const gone = { ...entry, id: 'act2AAAAAAAAAAAAAAAAA', user_id: 'deletedUserAAAAAAAAAA' };
    const { data, faults } = check(users(), [entry, gone]);
    expect(faults).toEqual([]);
    const admin = data!.users.find((user) => user.username === 'campus_admin')!;
    expect(data!.activity.map(({ userId, username }) => ({ userId, username }))).toEqual([
      { userId: admin.id, username: 'campus_admin' },
      { userId: null, username: null },
    ]);
  });

  it.each<[string, (list: Record<string, unknown>[]) => void, { field: string; reason: string | RegExp }]>([
    [
      'a bcrypt cost above 12',
      (list) => (list[0].password_hash = ADMIN_HASH.replace('$10$', '$13$')),
      { field: 'password_hash', reason: PASSWORD_HASH_RULE },
    ],
    [
      'bcrypt $2x$',
      (list) => (list[0].password_hash = ADMIN_HASH.replace('$2b$', '$2x$')),
      { field: 'password_hash', reason: PASSWORD_HASH_RULE },
    ],
    ['a cut hash', (list) => (list[0].password_hash = ADMIN_HASH.slice(0, 59)), { field: 'password_hash', reason: PASSWORD_HASH_RULE }],
    [
      'a scrypt hash of a cost never written',
      (list) => (list[0].password_hash = `$scrypt$ln=20,r=8,p=1$${'A'.repeat(22)}==$${'A'.repeat(86)}==`),
      { field: 'password_hash', reason: PASSWORD_HASH_RULE },
    ],
    ['plain text', (list) => (list[0].password_hash = 'Campus-Admin-2025!'), { field: 'password_hash', reason: PASSWORD_HASH_RULE }],
    ['no hash', (list) => delete list[0].password_hash, { field: 'password_hash', reason: 'is required' }],
    ['no username', (list) => delete list[0].username, { field: 'username', reason: 'is required' }],
    ['a username with a space', (list) => (list[0].username = 'campus admin'), { field: 'username', reason: /letters, digits/ }],
  ])('does not migrate a user with %s, naming the user and the field (never the hash) in a fix line', (_, change, fault) => {
    const list = users();
    const username = list[0].username;
    change(list);
    const { data, faults } = check(list);
    expect(faults).toEqual([]);
    expect(data!.users.map((user) => user.username)).not.toContain(username);
    expect(data!.users).toHaveLength(list.length - 1);
    expect(data!.fixes).toEqual([
      {
        file: 'users.json',
        id: '2xzEIL4DoteENo48i6KFg',
        field: fault.field,
        from: fault.field === 'username' ? (list[0].username ?? null) : null,
        to: null,
        reason: fault.reason instanceof RegExp ? expect.stringMatching(fault.reason) : expect.stringContaining(fault.reason),
      },
    ]);
    expect(data!.fixes[0].reason).toMatch(/is not migrated$/);
  });

  it.each<[string, (list: Record<string, unknown>[]) => void]>([
    ['a role 0.20.x never had', (list) => (list[0].role = 'root')],
    ['no role', (list) => delete list[0].role],
  ])('makes a viewer of a user with %s, listing the fix', (_, change) => {
    const list = users();
    change(list);
    const { data, faults } = check(list);
    expect(faults).toEqual([]);
    expect(data!.users[0].role).toBe('viewer');
    expect(data!.fixes).toEqual([
      expect.objectContaining({ file: 'users.json', id: '2xzEIL4DoteENo48i6KFg', field: 'role', to: 'viewer' }),
    ]);
  });

  it.each<[string, string, unknown, unknown]>([
    ['a display name longer than 100 characters', 'display_name', 'x'.repeat(101), null],
    ['a language the UI does not speak', 'language', 'fr', 'en'],
  ])('replaces %s, listing the fix', (_, field, value, replaced) => {
    const list = users();
    list[1][field] = value;
    const { data, faults } = check(list);
    expect(faults).toEqual([]);
    expect(data!.users[1][field === 'language' ? 'language' : 'displayName']).toBe(replaced);
    expect(data!.fixes).toEqual([
      { file: 'users.json', id: 'XYZeD6SKzDvbAGId9W6zP', field, from: value, to: replaced, reason: expect.stringMatching(/; replaced$/) },
    ]);
  });

  it('takes an empty display name or language as not given: the username is shown, in English', () => {
    const list = users();
    list[1].display_name = '';
    list[1].language = null;
    const { data } = check(list);
    expect(data!.users[1]).toMatchObject({ displayName: null, language: 'en' });
    expect(data!.fixes).toEqual([]);
  });
});
