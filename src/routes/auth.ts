import { SESSION_TTL_S, sessionCookie } from '../auth/auth.ts';
import { writeUnlessStorageFails } from '../db/open.ts';
import { mayUseLocalPassword, signInExternalUser } from '../domain/sign-in.ts';
import type { Ldap, LdapUser } from '../auth/ldap.ts';
import { isLdapUnavailable } from '../auth/sign-in-failures.ts';
import { Refusal } from '../errors/refusal.ts';
import { changeOwnProfile, setUpFirstAdmin } from '../domain/users.ts';
import {
  countUsers,
  getUser,
  getUserByName,
  revokeSession,
  rewritePasswordHash,
  touchLastLogin,
  updateUser,
  userToApi,
  type UserRow,
} from '../db/users.ts';
import { HttpError, validationFailed } from '../errors/http-error.ts';
import { isPlainObject, resourceSchema } from '../fields/field.ts';
import { MIN_PASSWORD_LENGTH } from '../fields/choices.ts';
import { USER } from '../fields/users.ts';
import { clientAddress, clientKey, isHttps } from '../http/client.ts';
import type { Ctx, Route } from '../http/route.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from '../lib/password.ts';
import { CREDENTIALS, OWN_PATCH, SESSION } from './schemas/auth.ts';

/** The routes of first-run setup, sign-in and out, and the signed-in user. */
export const AUTH_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/auth/status',
    access: 'public',
    handler: authStatus,
    summary:
      'Whether first-run setup is needed, the signed-in user, and the ways to sign in (signIn.oidc: the OpenID Connect ' +
      "button's label, or null when none is set; signIn.ldap: whether the password form tries the directory).",
  },
  {
    method: 'POST',
    path: '/api/auth/setup',
    access: 'public',
    handler: authSetup,
    body: { accepts: 'json' },
    summary:
      'Create the first admin (only while no user exists); 421 unknown_host when Host is not an IP address, localhost, ' +
      "the machine's name or in APP_ALLOWED_HOSTS.",
    doc: { request: CREDENTIALS, response: SESSION, status: 201 },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    handler: authLogin,
    body: { accepts: 'json' },
    summary:
      'Sign in; answers a token and sets the session cookie. 429 (Retry-After) after 10 failures of one username from one address or 100 ' +
      'from all in 15 minutes, or while a noisy address must wait; 421 unknown_host from a browser at an unknown Host.',
    doc: { request: CREDENTIALS, response: SESSION },
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    handler: authLogout,
    body: { accepts: 'json', optional: true },
    summary: 'Sign out: the session (cookie or its token) stops working at once, and the cookie is cleared.',
    doc: { status: 204 },
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    access: 'user',
    handler: authMe,
    summary: 'The signed-in user.',
    doc: { response: resourceSchema(USER) },
  },
  {
    method: 'PATCH',
    path: '/api/auth/me',
    access: 'user',
    handler: authMeUpdate,
    body: { accepts: 'json' },
    summary: 'Change the own displayName and language (any role); answers the user.',
    doc: { request: OWN_PATCH, response: resourceSchema(USER) },
  },
  {
    method: 'POST',
    path: '/api/auth/password',
    access: 'user',
    handler: authPassword,
    body: { accepts: 'json' },
    summary: 'Change the own password; every other token of the user stops working (a new session cookie is set).',
    doc: {
      status: 204,
      request: {
        type: 'object',
        required: ['currentPassword', 'newPassword'],
        properties: { currentPassword: { type: 'string' }, newPassword: { type: 'string', minLength: MIN_PASSWORD_LENGTH } },
      },
    },
  },
];

// Answers that carry a token must not be kept by a browser or a proxy.
const NO_STORE = { 'Cache-Control': 'no-store' };

function authStatus(ctx: Ctx) {
  const user = ctx.user ? getUser(ctx.app.db, ctx.user.id) : undefined;
  const oidc = ctx.app.oidc;
  // The sign-in page's button: the provider's label (OIDC_BUTTON_LABEL), or null for the UI's own words.
  const signIn = { oidc: oidc ? { label: oidc.config.buttonLabel ?? null } : null, ldap: ctx.app.ldap !== undefined };
  return { body: { setupRequired: countUsers(ctx.app.db) === 0, user: user ? userToApi(user) : null, signIn } };
}

async function authSetup(ctx: Ctx) {
  const { username, password } = credentials(ctx.body);
  return { status: 201, ...(await session(ctx, await setUpFirstAdmin(ctx.app.db, username, password))) };
}

async function authLogin(ctx: Ctx) {
  const { username, password } = credentials(ctx.body);
  const db = ctx.app.db;
  const attempt = ctx.app.logins.begin(username, clientKey(clientAddress(ctx.app.config, ctx.req)));
  let signedIn = false;
  // A directory that could not be asked is no failed guess: the attempt counts neither way.
  let counted = true;
  let user: UserRow | undefined;
  try {
    user = getUserByName(db, username);
    // A name that is no local user's is tried against the directory, when one is set (LDAP_URL).
    if (ctx.app.ldap && user?.sign_in !== 'local' && user?.sign_in !== 'oidc') {
      user = await directorySignIn(ctx, ctx.app.ldap, username, password);
      signedIn = user !== undefined;
    } else {
      const matches = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
      signedIn = Boolean(user && matches && !user.disabled);
    }
  } catch (error) {
    counted = !(error instanceof HttpError && error.code === 'directory_unavailable');
    throw error;
  } finally {
    attempt.settle(counted ? signedIn : undefined);
  }
  if (!signedIn) throw new HttpError(401, 'invalid_credentials', 'Wrong username or password.');
  if (user!.sign_in === 'local' && !mayUseLocalPassword(db, user!)) {
    throw new HttpError(403, 'local_sign_in_off', 'Sign-in with a password is for administrators only; use single sign-on.');
  }
  // A hash of another scheme or cost (bcrypt of a user migrated from 0.20.x) is rewritten now that the password is known.
  const rewritten = user!.sign_in === 'local' && needsRehash(user!.password_hash) ? await hashPassword(password) : undefined;
  noteSignIn(ctx, user!, rewritten);
  // Read again after that await: a user deleted or disabled meanwhile is not signed in.
  const current = getUser(db, user!.id);
  if (!current || current.disabled) throw new HttpError(401, 'invalid_credentials', 'Wrong username or password.');
  return session(ctx, current);
}

/**
 * The directory's user for `username` and `password`, created or given its groups' role now; undefined for a wrong
 * name or password. 503 directory_unavailable when the directory cannot be reached (local users still sign in);
 * 403 no_group or user_disabled as the domain refuses.
 */
async function directorySignIn(ctx: Ctx, ldap: Ldap, username: string, password: string): Promise<UserRow | undefined> {
  let found: LdapUser | undefined;
  try {
    found = await ldap.authenticate(username, password);
  } catch (error) {
    if (!isLdapUnavailable(error)) throw error;
    ctx.app.log.warn(`sign-in: ${error.message}`);
    throw new HttpError(503, 'directory_unavailable', 'The directory cannot be reached; local accounts can still sign in.');
  }
  if (!found) return undefined;
  try {
    const identity = { method: 'ldap' as const, dn: found.dn };
    return signInExternalUser(ctx.app.db, { identity, preferredName: found.username, ...found }, ldap.config.roles, true);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    throw new HttpError(403, error.code, error.message);
  }
}

// Sign-in goes on when the database cannot be written (disk full, read-only file): only this note is lost, and
// a rewritten hash with it (the old one still verifies; the next sign-in tries again).
function noteSignIn(ctx: Ctx, user: UserRow, rewrittenHash: string | undefined): void {
  const db = ctx.app.db;
  const stored = writeUnlessStorageFails(db, () => {
    touchLastLogin(db, user.id, new Date().toISOString());
    if (rewrittenHash) rewritePasswordHash(db, user.id, user.password_hash, rewrittenHash);
  });
  if (!stored) ctx.app.log.warn('sign-in: last login time not stored: the database cannot be written');
}

function authLogout(ctx: Ctx) {
  const session = ctx.user?.session;
  if (session) revokeSession(ctx.app.db, session.id, session.expiresAtS, Math.floor(Date.now() / 1000));
  return { status: 204, headers: sessionCookieHeader(ctx, '', 0) };
}

function authMe(ctx: Ctx) {
  const user = getUser(ctx.app.db, ctx.user!.id);
  if (!user) throw new HttpError(401, 'unauthorized', 'Sign in again.');
  return { body: userToApi(user) };
}

function authMeUpdate(ctx: Ctx) {
  const user = changeOwnProfile(ctx.app.db, ctx.user!.id, ctx.body);
  if (!user) throw new HttpError(401, 'unauthorized', 'Sign in again.');
  return { body: userToApi(user) };
}

async function authPassword(ctx: Ctx) {
  if (!isPlainObject(ctx.body)) throw validationFailed([{ field: 'body', message: 'must be a JSON object' }]);
  const { currentPassword, newPassword } = ctx.body;
  const faults = [];
  if (typeof currentPassword !== 'string' || currentPassword === '') faults.push({ field: 'currentPassword', message: 'is required' });
  if (typeof newPassword !== 'string' || [...newPassword].length < MIN_PASSWORD_LENGTH) {
    faults.push({ field: 'newPassword', message: `must be at least ${MIN_PASSWORD_LENGTH} characters` });
  }
  if (faults.length) throw validationFailed(faults);
  const user = getUser(ctx.app.db, ctx.user!.id)!;
  // A stolen session must not become a way to guess the password: wrong current passwords count like failed sign-ins.
  const attempt = ctx.app.logins.begin(user.username, clientKey(clientAddress(ctx.app.config, ctx.req)));
  let matches = false;
  try {
    matches = await verifyPassword(currentPassword as string, user.password_hash);
  } finally {
    attempt.settle(matches);
  }
  if (!matches) {
    throw validationFailed([{ field: 'currentPassword', message: 'is not your current password' }], 'The current password is wrong.');
  }
  const hash = await hashPassword(newPassword as string);
  const now = new Date().toISOString();
  updateUser(ctx.app.db, user.id, { ...user, password_hash: hash, endTokens: true }, now);
  const { token } = await ctx.app.auth.issueSessionToken(getUser(ctx.app.db, user.id)!);
  return { status: 204, headers: { ...NO_STORE, ...sessionCookieHeader(ctx, token, SESSION_TTL_S) } };
}

function credentials(body: unknown): { username: string; password: string } {
  const faults = [];
  const input = isPlainObject(body) ? body : {};
  if (typeof input.username !== 'string' || input.username.trim() === '') faults.push({ field: 'username', message: 'is required' });
  if (typeof input.password !== 'string' || input.password === '') faults.push({ field: 'password', message: 'is required' });
  if (faults.length) throw validationFailed(faults);
  return { username: (input.username as string).trim(), password: input.password as string };
}

async function session(ctx: Ctx, user: UserRow) {
  const { token, expiresAt } = await ctx.app.auth.issueSessionToken(user);
  return { body: { user: userToApi(user), token, expiresAt }, headers: { ...NO_STORE, ...sessionCookieHeader(ctx, token, SESSION_TTL_S) } };
}

// The session cookie goes out with the answer's other headers; Secure when the browser talks HTTPS to the service.
function sessionCookieHeader(ctx: Ctx, token: string, maxAgeS: number): Record<string, string> {
  return { 'Set-Cookie': sessionCookie(token, maxAgeS, isHttps(ctx.app.config, ctx.req)) };
}
