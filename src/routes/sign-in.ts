import { SESSION_TTL_S, readCookie, sessionCookie } from '../auth/auth.ts';
import type { OidcUser } from '../auth/oidc.ts';
import { isOidcFailure } from '../auth/sign-in-failures.ts';
import { getUser, touchLastLogin } from '../db/users.ts';
import { writeUnlessStorageFails } from '../db/open.ts';
import { changeLocalSignIn, localSignIn, signInExternalUser } from '../domain/sign-in.ts';
import { Refusal } from '../errors/refusal.ts';
import { HttpError } from '../errors/http-error.ts';
import { isPlainObject } from '../fields/field.ts';
import { isHttps, requestOrigin } from '../http/client.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { SIGN_IN_SETTINGS, SIGN_IN_SETTINGS_UPDATE } from './schemas/sign-in.ts';

/** Single sign-on (issue 41): the OpenID Connect flow, and the sign-in settings. */
export const SIGN_IN_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/auth/oidc/start',
    access: 'public',
    handler: oidcStart,
    cache: false,
    summary:
      'Sign in through the OpenID Connect provider: 302 to its authorization endpoint (code flow with PKCE, state and nonce); ' +
      '404 not_configured without OIDC_ISSUER, 503 provider_unreachable when the provider cannot be read.',
    doc: { status: 302 },
  },
  {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    access: 'public',
    handler: oidcCallback,
    cache: false,
    summary:
      'Where the provider sends the browser back: checks state, nonce and PKCE, reads the ID token and the groups, sets the ' +
      'session cookie and answers 302 to the UI; a refused sign-in answers 302 to the UI with ?signInError=<reason> ' +
      '(state, no_group, user_disabled, last_admin, provider_error, token, unreachable).',
    doc: { status: 302 },
  },
  {
    method: 'GET',
    path: '/api/auth/oidc/logout',
    access: 'public',
    handler: oidcLogout,
    cache: false,
    summary:
      "After POST /api/auth/logout: 302 to the provider's end_session_endpoint (RP-initiated logout, back to the UI), or to " +
      'the UI when the provider has none or none is set. It signs nobody out here itself.',
    doc: { status: 302 },
  },
  {
    method: 'GET',
    path: '/api/settings/sign-in',
    access: 'admin',
    handler: settingsRead,
    cache: false,
    summary: 'Who may sign in with a password kept here, and the OpenID Connect provider that is set.',
    doc: { response: SIGN_IN_SETTINGS },
  },
  {
    method: 'PUT',
    path: '/api/settings/sign-in',
    access: 'admin',
    handler: settingsUpdate,
    body: { accepts: 'json' },
    summary: 'Turn local password sign-in off for everyone but admins (localSignIn admins), or on again (everyone).',
    doc: { request: SIGN_IN_SETTINGS_UPDATE, response: SIGN_IN_SETTINGS },
  },
];

/** The cookie that ties a sign-in started to the browser that started it. */
const STATE_COOKIE = 'oidc_state';
const CALLBACK_PATH = '/api/auth/oidc/callback';

async function oidcStart(ctx: Ctx): Promise<Reply> {
  const oidc = ctx.app.oidc;
  if (!oidc) throw new HttpError(404, 'not_configured', 'No OpenID Connect provider is set (OIDC_ISSUER).');
  let started: { url: string; state: string };
  try {
    started = await oidc.start(oidc.config.redirectUrl ?? `${origin(ctx)}${CALLBACK_PATH}`);
  } catch (error) {
    if (!isOidcFailure(error)) throw error;
    ctx.app.log.warn(`sign-in: ${error.message}`);
    throw new HttpError(
      503,
      'provider_unreachable',
      'The OpenID Connect provider cannot be reached; try again, or sign in with a password.',
    );
  }
  // SameSite=Lax: the provider's redirect back is a top-level navigation from its site, which Strict would not send.
  const secure = isHttps(ctx.app.config, ctx.req) ? '; Secure' : '';
  const cookie = `${STATE_COOKIE}=${started.state}; HttpOnly; SameSite=Lax; Path=/api/auth/oidc; Max-Age=600${secure}`;
  return { status: 302, headers: { Location: started.url, 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } };
}

async function oidcCallback(ctx: Ctx): Promise<Reply> {
  const oidc = ctx.app.oidc;
  if (!oidc) throw new HttpError(404, 'not_configured', 'No OpenID Connect provider is set (OIDC_ISSUER).');
  const url = new URL(ctx.req.url ?? '/', 'http://callback.invalid');
  let signedIn: OidcUser;
  try {
    signedIn = await oidc.finish(url, readCookie(ctx.req, STATE_COOKIE));
  } catch (error) {
    if (!isOidcFailure(error)) throw error;
    ctx.app.log.warn(`sign-in through OpenID Connect refused: ${error.message}`);
    return toUi(error.reason);
  }
  let user: ReturnType<typeof signInExternalUser>;
  try {
    const identity = { method: 'oidc' as const, issuer: signedIn.issuer, subject: signedIn.subject };
    user = signInExternalUser(ctx.app.db, { ...signedIn, identity }, oidc.config.roles);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    ctx.app.log.info(`sign-in through OpenID Connect refused for ${signedIn.preferredName} (${signedIn.subject}): ${error.code}`);
    return toUi(error.code);
  }
  writeUnlessStorageFails(ctx.app.db, () => touchLastLogin(ctx.app.db, user.id, new Date().toISOString()));
  const { token } = await ctx.app.auth.issueSessionToken(getUser(ctx.app.db, user.id) ?? user);
  const cookie = sessionCookie(token, SESSION_TTL_S, isHttps(ctx.app.config, ctx.req));
  return { status: 302, headers: { Location: '/', 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } };
}

// Signing out stays POST /api/auth/logout's (the session revoked, the cookie cleared); the UI then sends the browser
// here, to the provider's end of the session.
async function oidcLogout(ctx: Ctx): Promise<Reply> {
  let location = '/';
  try {
    location = (await ctx.app.oidc?.endSessionUrl(`${origin(ctx)}/`)) ?? '/';
  } catch (error) {
    ctx.app.log.warn(`sign-out at the OpenID Connect provider skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } };
}

function settingsRead(ctx: Ctx): Reply {
  return { body: settingsOf(ctx) };
}

function settingsUpdate(ctx: Ctx): Reply {
  const body = isPlainObject(ctx.body) ? ctx.body : {};
  changeLocalSignIn(ctx.app.db, body.localSignIn);
  return { body: settingsOf(ctx) };
}

function settingsOf(ctx: Ctx) {
  const oidc = ctx.app.oidc;
  return { localSignIn: localSignIn(ctx.app.db), oidc: oidc ? { issuer: oidc.config.issuer } : null };
}

/** The UI's sign-in page, saying why a sign-in was refused. */
function toUi(reason: string): Reply {
  return { status: 302, headers: { Location: `/?signInError=${encodeURIComponent(reason)}`, 'Cache-Control': 'no-store' } };
}

function origin(ctx: Ctx): string {
  return requestOrigin(ctx.app.config, ctx.req) ?? `http://${ctx.app.config.host}:${ctx.app.config.port}`;
}
