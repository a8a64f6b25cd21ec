import { describe, expect, it } from 'vitest';
import { asyncRefusalOf, countingDatabase, refusalOf } from '../../test/helpers/domain-db.ts';
import { getUser } from '../db/users.ts';
import { changeOwnProfile, changeUser, createUser, deleteUser, setUpFirstAdmin } from './users.ts';

// The user writes of the domain core without HTTP: the username unique and the last enabled admin kept.

describe('a user write', () => {
  it('keeps the last enabled admin (409 last_admin) and a username unique whatever its case (409 name_taken)', async () => {
    const { db } = countingDatabase();
    const admin = await createUser(db, { username: 'root', password: 'a long enough password', role: 'admin' });
    expect(await asyncRefusalOf(() => changeUser(db, admin.id, { disabled: true }))).toMatchObject({
      kind: 'conflict',
      code: 'last_admin',
    });
    expect(refusalOf(() => deleteUser(db, admin.id))).toMatchObject({ kind: 'conflict', code: 'last_admin' });
    const taken = await asyncRefusalOf(() => createUser(db, { username: 'ROOT', password: 'a long enough password', role: 'viewer' }));
    expect(taken).toMatchObject({ code: 'name_taken', details: [{ field: 'username', message: 'is taken' }] });
    const second = await createUser(db, { username: 'second', password: 'a long enough password', role: 'admin' });
    await changeUser(db, admin.id, { role: 'viewer' });
    expect(getUser(db, admin.id)?.role).toBe('viewer');
    expect(refusalOf(() => deleteUser(db, second.id))).toMatchObject({ code: 'last_admin' });
  });

  it('refuses a bad role as validation_failed naming the field', async () => {
    const { db } = countingDatabase();
    const refusal = await asyncRefusalOf(() => createUser(db, { username: 'x', password: 'a long enough password', role: 'root' }));
    expect(refusal).toMatchObject({ kind: 'invalid', code: 'validation_failed', details: [{ field: 'role' }] });
  });

  it('makes the first admin only while no user exists (409 already_set_up), without a transaction of the caller', async () => {
    const { db } = countingDatabase();
    const admin = await setUpFirstAdmin(db, 'root', 'a long enough password');
    expect(admin).toMatchObject({ username: 'root', role: 'admin', disabled: 0 });
    expect(await asyncRefusalOf(() => setUpFirstAdmin(db, 'other', 'a long enough password'))).toMatchObject({
      kind: 'conflict',
      code: 'already_set_up',
    });
  });

  it("changes a user's own displayName and language, and refuses any other field as validation_failed", async () => {
    const { db } = countingDatabase();
    const user = await createUser(db, { username: 'x', password: 'a long enough password', role: 'viewer' });
    expect(changeOwnProfile(db, user.id, { displayName: 'Ex', language: 'de' })).toMatchObject({ display_name: 'Ex', language: 'de' });
    expect(refusalOf(() => changeOwnProfile(db, user.id, { role: 'admin' }))).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'role' }],
    });
    expect(getUser(db, user.id)?.role).toBe('viewer');
  });
});
