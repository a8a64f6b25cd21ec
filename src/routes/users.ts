import { getUser, listUsers, userToApi, type UserRow } from '../db/users.ts';
import { changeUser, createUser, deleteUser } from '../domain/users.ts';
import { inputSchema, resourceSchema } from '../fields/field.ts';
import { USER } from '../fields/users.ts';
import { created, etag } from '../http/answers.ts';
import { checkIfMatch, pathId, pathRow } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { USER_PATCH } from './schemas/users.ts';

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
  const user = await createUser(ctx.app.db, ctx.body);
  return created(`/api/users/${user.id}`, userToApi(user));
}

async function userUpdate(ctx: Ctx) {
  return userAnswer(await changeUser(ctx.app.db, pathId(ctx, 'user'), ctx.body, (version) => checkIfMatch(ctx, version)));
}

function userDelete(ctx: Ctx) {
  deleteUser(ctx.app.db, pathId(ctx, 'user'), (version) => checkIfMatch(ctx, version));
  return { status: 204 };
}

/** A user with its ETag (the API's view of a user has no version field, unlike the inventory's). */
function userAnswer(user: UserRow): Reply {
  return { body: userToApi(user), headers: { ETag: etag(user.version) } };
}
