import { getUser, listUsers, userToApi, type UserRow } from '../db/users.ts';
import { USER_WRITES } from '../domain/users.ts';
import { resourceSchema, type ApiRecord } from '../fields/field.ts';
import { USER } from '../fields/users.ts';
import { resourceRoutes } from '../http/resource-routes.ts';
import type { Ctx, Route } from '../http/route.ts';
import { USER_PATCH } from './schemas/users.ts';

/** The routes of user administration (admins only). */
export const USER_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/users',
    access: 'admin',
    handler: usersList,
    summary: 'List users.',
    doc: { response: { type: 'object', properties: { items: { type: 'array', items: resourceSchema(USER) } } } },
  },
  ...resourceRoutes<UserRow, undefined>({
    resource: USER,
    // A user's API form has no version; its ETag is its row's.
    reads: { get: getUser, toApi: userToApi as (row: UserRow) => ApiRecord },
    lists: [],
    access: { read: 'admin', write: 'admin' },
    summaries: {
      create: 'Create a user.',
      get: 'One user.',
      update: 'Change role, password, disabled, displayName or language; the last enabled admin stays (409 last_admin).',
      delete: 'Remove a user and its tokens; not the last enabled admin.',
    },
    updateRequest: USER_PATCH,
    writes: USER_WRITES,
  }),
];

function usersList(ctx: Ctx) {
  return { body: { items: listUsers(ctx.app.db).map(userToApi) } };
}
