import { randomUUID } from 'node:crypto';
import { deleteToken, getToken, getUser, insertToken, listTokens, tokenToApi, type TokenRow } from '../db/users.ts';
import { HttpError, validationFailed } from '../errors/http-error.ts';
import { isPlainObject } from '../fields/field.ts';
import { created } from '../http/answers.ts';
import { pathRow } from '../http/request.ts';
import type { Ctx, Route } from '../http/route.ts';
import { TOKEN, TOKEN_REQUEST } from './schemas/tokens.ts';

/** The routes of a user's API tokens. */
export const TOKEN_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/tokens',
    access: 'user',
    handler: tokensList,
    summary: 'The API tokens of the caller.',
    doc: { response: { type: 'object', properties: { items: { type: 'array', items: TOKEN } } } },
  },
  {
    method: 'POST',
    path: '/api/tokens',
    access: 'user',
    handler: tokenCreate,
    body: { accepts: 'json' },
    summary:
      'Make an API token; `token` is shown this once. Only with a sign-in session: an API token cannot make API tokens (403). ' +
      "A readOnly token has viewer rights whatever its owner's role, and every change it sends is refused (403).",
    doc: { request: TOKEN_REQUEST, response: { ...TOKEN, properties: { ...TOKEN.properties, token: { type: 'string' } } }, status: 201 },
  },
  {
    method: 'DELETE',
    path: '/api/tokens/:id',
    access: 'user',
    handler: tokenDelete,
    summary: "Revoke an API token (own; admins: anybody's); it stops working at once.",
    doc: { status: 204 },
  },
];

function tokensList(ctx: Ctx) {
  return { body: { items: listTokens(ctx.app.db, ctx.user!.id).map(tokenToApi) } };
}

async function tokenCreate(ctx: Ctx) {
  // A leaked API token must not be able to make itself a successor that outlives its revocation.
  if (ctx.user!.tokenId)
    throw new HttpError(403, 'forbidden', 'An API token cannot make API tokens; sign in with your password to make one.');
  const input = isPlainObject(ctx.body) ? ctx.body : {};
  const faults = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length < 1 || name.length > 100) faults.push({ field: 'name', message: 'must be 1 to 100 characters' });
  const days = input.expiresInDays;
  if (days !== undefined && days !== null && !(Number.isInteger(days) && (days as number) >= 1 && (days as number) <= 3650)) {
    faults.push({ field: 'expiresInDays', message: 'must be an integer from 1 to 3650' });
  }
  const readOnly = input.readOnly ?? false;
  if (typeof readOnly !== 'boolean') faults.push({ field: 'readOnly', message: 'must be true or false' });
  for (const key of Object.keys(input))
    if (key !== 'name' && key !== 'expiresInDays' && key !== 'readOnly') faults.push({ field: key, message: 'is not a field of token' });
  if (faults.length) throw validationFailed(faults);
  const now = new Date();
  const expiresAt = typeof days === 'number' ? new Date(now.getTime() + days * 86_400_000) : null;
  const row: TokenRow = {
    id: randomUUID(),
    user_id: ctx.user!.id,
    name,
    created_at: now.toISOString(),
    expires_at: expiresAt?.toISOString() ?? null,
    last_used_at: null,
    read_only: readOnly === true ? 1 : 0,
  };
  const user = getUser(ctx.app.db, ctx.user!.id)!;
  const token = await ctx.app.auth.issueApiToken(user, row.id, expiresAt);
  insertToken(ctx.app.db, row);
  return created(`/api/tokens/${row.id}`, { ...tokenToApi(row), token }, { 'Cache-Control': 'no-store' });
}

function tokenDelete(ctx: Ctx) {
  const token = pathRow(ctx, 'token', getToken);
  if (token.user_id !== ctx.user!.id && ctx.user!.role !== 'admin') {
    throw new HttpError(403, 'forbidden', 'Only admins can revoke the tokens of others.');
  }
  deleteToken(ctx.app.db, token.id);
  return { status: 204 };
}
