import { randomUUID } from 'node:crypto';
import { inTransaction } from '../db/open.ts';
import {
  countEnabledAdmins,
  deleteUser,
  getUser,
  getUserByName,
  insertUser,
  listUsers,
  updateUser,
  userToApi,
  type UserRow,
} from '../db/users.ts';
import { HttpError, validationFailed } from '../errors/http-error.ts';
import { inputSchema, isPlainObject, resourceSchema, validateInput } from '../fields/field.ts';
import { USER } from '../fields/users.ts';
import { created, etag } from '../http/answers.ts';
import { pathRow, pathRowToChange } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { hashPassword } from '../lib/password.ts';
import { ADMIN_PATCH_FIELDS, USER_PATCH } from './schemas/users.ts';

/** The routes of user administration. */
export const USER_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/users',
    access: 'admin',
    handler: usersList,
    summary: 'List users.',
    doc: { response: { type: 'object', properties: { items: { type: 'array', items: resourceSchema(USER) } } } },
  },
  {
    method: 'POST',
    path: '/api/users',
    access: 'admin',
    handler: userCreate,
    body: { accepts: 'json' },
    summary: 'Create a user.',
    doc: { request: inputSchema(USER, 'create'), response: resourceSchema(USER), status: 201 },
  },
  {
    method: 'GET',
    path: '/api/users/:id',
    access: 'admin',
    handler: userGet,
    summary: 'One user.',
    doc: { response: resourceSchema(USER) },
  },
  {
    method: 'PATCH',
    path: '/api/users/:id',
    access: 'admin',
    handler: userUpdate,
    body: { accepts: 'json' },
    summary: 'Change role, password, disabled, displayName or language; the last enabled admin stays (409 last_admin).',
    doc: { request: USER_PATCH, response: resourceSchema(USER) },
  },
  {
    method: 'DELETE',
    path: '/api/users/:id',
    access: 'admin',
    handler: userDelete,
    summary: 'Remove a user and its tokens; not the last enabled admin.',
    doc: { status: 204 },
  },
];

function usersList(ctx: Ctx) {
  return { body: { items: listUsers(ctx.app.db).map(userToApi) } };
}

function userGet(ctx: Ctx) {
  return userAnswer(pathRow(ctx, 'user', getUser));
}

async function userCreate(ctx: Ctx) {
  const checked = validateInput(USER, ctx.body, 'create');
  if (checked.faults.length) throw validationFailed(checked.faults);
  const { username, role, disabled, displayName, language } = checked.values as {
    username: string;
    role: UserRow['role'];
    disabled: boolean;
    displayName: string | null;
    language: UserRow['language'];
  };
  const password = (ctx.body as { password: string }).password;
  if (getUserByName(ctx.app.db, username)) throw nameTaken();
  const hash = await hashPassword(password);
  const id = randomUUID();
  inTransaction(ctx.app.db, () => {
    if (getUserByName(ctx.app.db, username)) throw nameTaken();
    insertUser(ctx.app.db, {
      id,
      username,
      display_name: displayName,
      language,
      password_hash: hash,
      role,
      disabled: disabled ? 1 : 0,
      created_at: new Date().toISOString(),
    });
  });
  return created(`/api/users/${id}`, userToApi(getUser(ctx.app.db, id)!));
}

async function userUpdate(ctx: Ctx) {
  const id = pathRow(ctx, 'user', getUser).id;
  const input = isPlainObject(ctx.body) ? ctx.body : undefined;
  const checked = validateInput(ADMIN_EDITABLE, input, 'patch');
  if (checked.faults.length) throw validationFailed(checked.faults);
  const password = typeof input?.password === 'string' ? input.password : undefined;
  const hash = password === undefined ? undefined : await hashPassword(password);
  inTransaction(ctx.app.db, () => {
    // Read again: the hash took its time, and the If-Match is checked against the row the change starts from.
    const user = pathRowToChange(ctx, 'user', getUser);
    const values = checked.values as Partial<{
      role: UserRow['role'];
      disabled: boolean;
      displayName: string | null;
      language: UserRow['language'];
    }>;
    const role = values.role ?? user.role;
    const disabled = values.disabled === undefined ? user.disabled : values.disabled ? 1 : 0;
    const staysAdmin = role === 'admin' && disabled === 0;
    if (user.role === 'admin' && !user.disabled && !staysAdmin && countEnabledAdmins(ctx.app.db) <= 1) throw lastAdmin();
    const endTokens = hash !== undefined || (disabled === 1 && user.disabled === 0);
    updateUser(
      ctx.app.db,
      id,
      {
        role,
        disabled,
        password_hash: hash ?? user.password_hash,
        display_name: values.displayName === undefined ? user.display_name : values.displayName,
        language: values.language ?? user.language,
        endTokens,
      },
      new Date().toISOString(),
    );
  });
  return userAnswer(getUser(ctx.app.db, id)!);
}

function userDelete(ctx: Ctx) {
  inTransaction(ctx.app.db, () => {
    const user = pathRowToChange(ctx, 'user', getUser);
    if (user.role === 'admin' && !user.disabled && countEnabledAdmins(ctx.app.db) <= 1) throw lastAdmin();
    deleteUser(ctx.app.db, user.id);
  });
  return { status: 204 };
}

/** The fields an admin may change of a user. */
const ADMIN_EDITABLE = { ...USER, fields: USER.fields.filter((f) => ADMIN_PATCH_FIELDS.includes(f.name)) };

/** A user with its ETag (the API's view of a user has no version field, unlike the inventory's). */
function userAnswer(user: UserRow): Reply {
  return { body: userToApi(user), headers: { ETag: etag(user.version) } };
}

function nameTaken() {
  return new HttpError(409, 'name_taken', 'That username is taken.', [{ field: 'username', message: 'is taken' }]);
}

function lastAdmin() {
  return new HttpError(409, 'last_admin', 'This is the last enabled admin; make another admin first.');
}
