// The changes of users: by an admin, create, update and delete; the first admin at setup; a user's own profile. Each
// checks the fields, the username unique (case-insensitively) and that the last enabled admin stays one; a new
// password is hashed before the transaction, and the row is read again inside it (the hash takes its time). Users
// have no activity entries.
import { randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../db/open.ts';
import {
  countEnabledAdmins,
  countUsers,
  deleteUser as deleteUserRow,
  getUser,
  getUserByName,
  insertUser,
  updateUser,
  updateUserProfile,
  type UserRow,
} from '../db/users.ts';
import { Refusal } from '../errors/refusal.ts';
import { faultOf, formedRefusal, isPlainObject, validateInput } from '../fields/field.ts';
import { USER } from '../fields/users.ts';
import { hashPassword } from '../lib/password.ts';
import { refuseInvalid, toChange, type Precondition, type Writes } from './save.ts';

/** The fields an admin may change of a user. */
export const ADMIN_PATCH_FIELDS: readonly string[] = ['role', 'password', 'disabled', 'displayName', 'language'];

/** The fields every user may change of their own account (PATCH /api/auth/me). */
export const OWN_PATCH_FIELDS: readonly string[] = ['displayName', 'language'];

const ADMIN_EDITABLE = editableOf(ADMIN_PATCH_FIELDS);
const OWN_EDITABLE = editableOf(OWN_PATCH_FIELDS);

function editableOf(names: readonly string[]) {
  return { ...USER, fields: USER.fields.filter((f) => names.includes(f.name)) };
}

type UserFields = {
  role: UserRow['role'];
  disabled: boolean;
  displayName: string | null;
  language: UserRow['language'];
};

/** Creates a user; answers it as stored. Refuses validation_failed and name_taken. */
export async function createUser(db: Db, body: unknown): Promise<UserRow> {
  const checked = validateInput(USER, body, 'create');
  refuseInvalid(checked.faults);
  const { username, role, disabled, displayName, language } = checked.values as UserFields & { username: string };
  if (getUserByName(db, username)) throw nameTaken();
  const hash = await hashPassword((body as { password: string }).password);
  const id = randomUUID();
  inTransaction(db, () => {
    if (getUserByName(db, username)) throw nameTaken();
    const user = { id, username, display_name: displayName, language, password_hash: hash, role, disabled: disabled ? 1 : 0 };
    insertUser(db, { ...user, created_at: new Date().toISOString() });
  });
  return getUser(db, id)!;
}

/**
 * Changes role, password, disabled, displayName or language; a new password or disabling ends the user's tokens.
 * Answers the user as stored. Refuses not_found, validation_failed and last_admin.
 */
export async function changeUser(db: Db, id: string, body: unknown, precondition?: Precondition): Promise<UserRow> {
  toChange(getUser(db, id), 'user');
  const input = isPlainObject(body) ? body : undefined;
  const checked = validateInput(ADMIN_EDITABLE, input, 'patch');
  refuseInvalid(checked.faults);
  const password = typeof input?.password === 'string' ? input.password : undefined;
  const hash = password === undefined ? undefined : await hashPassword(password);
  const values = checked.values as Partial<UserFields>;
  inTransaction(db, () => {
    const user = toChange(getUser(db, id), 'user', precondition);
    const role = values.role ?? user.role;
    const disabled = values.disabled === undefined ? user.disabled : values.disabled ? 1 : 0;
    if (role !== 'admin' || disabled !== 0) refuseLastAdmin(db, user, role !== 'admin' ? 'role' : 'disabled');
    const endTokens = hash !== undefined || (disabled === 1 && user.disabled === 0);
    const display_name = values.displayName === undefined ? user.display_name : values.displayName;
    const change = { role, disabled, password_hash: hash ?? user.password_hash, display_name, language: values.language ?? user.language };
    updateUser(db, id, { ...change, endTokens }, new Date().toISOString());
  });
  return getUser(db, id)!;
}

/** Removes a user and its tokens. Refuses not_found and last_admin. */
export function deleteUser(db: Db, id: string, precondition?: Precondition): void {
  inTransaction(db, () => {
    const user = toChange(getUser(db, id), 'user', precondition);
    refuseLastAdmin(db, user);
    deleteUserRow(db, user.id);
  });
}

/** The writes of users as every kind's are made (save.ts Writes); users have no activity entries: their writes take no actor. */
export const USER_WRITES: Writes<undefined, void, Promise<string>> = {
  create: async (db, _actor, input) => (await createUser(db, input)).id,
  update: async (db, _actor, id, input, precondition) => void (await changeUser(db, id, input, precondition)),
  delete: (db, _actor, id, precondition) => deleteUser(db, id, precondition),
};

/** Creates the first admin, only while no user exists (409 already_set_up); answers it as stored. Refuses validation_failed. */
export async function setUpFirstAdmin(db: Db, username: string, password: string): Promise<UserRow> {
  if (countUsers(db) > 0) throw alreadySetUp();
  const checked = validateInput(USER, { username, password, role: 'admin' }, 'create');
  refuseInvalid(checked.faults);
  const hash = await hashPassword(password);
  const id = randomUUID();
  inTransaction(db, () => {
    // Checked again inside the transaction: two setups racing across the await above make one admin.
    if (countUsers(db) > 0) throw alreadySetUp();
    insertUser(db, {
      id,
      username: checked.values.username as string,
      password_hash: hash,
      role: 'admin',
      created_at: new Date().toISOString(),
    });
  });
  return getUser(db, id)!;
}

/** Changes the displayName and language of user `id`, its own; the user as stored (undefined when it is gone). Refuses validation_failed. */
export function changeOwnProfile(db: Db, id: string, body: unknown): UserRow | undefined {
  const checked = validateInput(OWN_EDITABLE, body, 'patch');
  refuseInvalid(checked.faults);
  const values = checked.values as Partial<Pick<UserFields, 'displayName' | 'language'>>;
  inTransaction(db, () => {
    const user = getUser(db, id);
    if (!user) return;
    const display_name = values.displayName === undefined ? user.display_name : values.displayName;
    const profile = { display_name, language: values.language ?? user.language };
    if (profile.display_name === user.display_name && profile.language === user.language) return;
    updateUserProfile(db, user.id, profile, new Date().toISOString());
  });
  return getUser(db, id);
}

/**
 * 409 last_admin when `user`, who stops being an enabled admin, is the last one; `field` names what an update changes.
 * Every write of users calls it: an admin's change and delete, and a sign-in whose groups change the role (sign-in.ts).
 */
export function refuseLastAdmin(db: Db, user: UserRow, field?: 'role' | 'disabled'): void {
  if (user.role !== 'admin' || user.disabled || countEnabledAdmins(db) > 1) return;
  throw formedRefusal('conflict', 'last_admin', {}, field && [faultOf(field, 'leaves_no_admin')]);
}

function alreadySetUp(): Refusal {
  return new Refusal('conflict', 'already_set_up', 'The service is set up already; sign in instead.');
}

function nameTaken(): Refusal {
  return new Refusal('conflict', 'name_taken', 'That username is taken.', [faultOf('username', 'username_taken')]);
}
