// Sign-in through an OpenID Connect provider (issue 41), with openid-client: the authorization code flow with PKCE,
// state and nonce. Each sign-in started is kept here, in memory, for ten minutes and used once: the callback takes it
// out before it asks for the tokens, so that a state replayed (or one never handed out) finds nothing. The browser's
// cookie names its state too, so that a callback link made for somebody else's browser signs nobody in.
import * as client from 'openid-client';
import type { OidcConfig } from '../boot/config.ts';
import { OidcFailure } from './sign-in-failures.ts';

/** What the provider says about the user who signed in. */
export interface OidcUser {
  issuer: string;
  subject: string;
  preferredName: string;
  displayName: string | null;
  groups: string[];
}

/** The OpenID Connect client of the service. */
export interface Oidc {
  readonly config: OidcConfig;
  /** The provider's authorization URL for a new sign-in, and its state (for the browser's cookie). */
  start(redirectUri: string): Promise<{ url: string; state: string }>;
  /** Finishes a sign-in from the callback's URL and the browser's state cookie. Throws OidcFailure. */
  finish(callbackUrl: URL, cookieState: string | undefined): Promise<OidcUser>;
  /** Where the browser ends its session at the provider, when the provider offers RP-initiated logout. */
  endSessionUrl(postLogoutRedirectUri: string): Promise<string | undefined>;
}

/** How long a sign-in started may take at the provider. */
export const PENDING_TTL_MS = 10 * 60 * 1000;
/** Sign-ins started and not finished that are kept at most (the oldest are dropped first). */
const PENDING_MAX = 10_000;
/** How long one request to the provider may take, in seconds (openid-client's timeout). */
const PROVIDER_TIMEOUT_S = 10;

interface Pending {
  verifier: string;
  nonce: string;
  redirectUri: string;
  expiresAt: number;
}

/** The OpenID Connect client for `config`; the provider is read (discovery) at the first sign-in, and again after a failure. */
export function createOidc(config: OidcConfig): Oidc {
  const pending = new Map<string, Pending>();
  let discovered: Promise<client.Configuration> | undefined;

  function provider(): Promise<client.Configuration> {
    discovered ??= discover(config).catch((error: unknown) => {
      discovered = undefined;
      throw new OidcFailure('unreachable', `the OpenID provider ${config.issuer} cannot be read: ${messageOf(error)}`);
    });
    return discovered;
  }

  function dropExpired(now: number) {
    for (const [state, entry] of pending) {
      if (entry.expiresAt > now && pending.size < PENDING_MAX) break;
      pending.delete(state);
    }
  }

  return {
    config,
    async start(redirectUri) {
      const server = await provider();
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const now = Date.now();
      dropExpired(now);
      pending.set(state, { verifier, nonce, redirectUri, expiresAt: now + PENDING_TTL_MS });
      const url = client.buildAuthorizationUrl(server, {
        redirect_uri: redirectUri,
        scope: config.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state };
    },
    async finish(callbackUrl, cookieState) {
      const state = callbackUrl.searchParams.get('state') ?? '';
      const entry = pending.get(state);
      // Taken out first: whatever happens next, this state signs in nobody again.
      pending.delete(state);
      if (!entry || entry.expiresAt <= Date.now()) throw new OidcFailure('state', 'unknown, used or expired state');
      if (cookieState !== state) throw new OidcFailure('state', "the state is not this browser's");
      const error = callbackUrl.searchParams.get('error');
      if (error)
        throw new OidcFailure(
          'provider_error',
          `the provider answered ${error}: ${callbackUrl.searchParams.get('error_description') ?? ''}`,
        );
      const server = await provider();
      // The provider redirected to the URI it was given; the grant must name that one, whatever the Host was now.
      const current = new URL(entry.redirectUri);
      current.search = callbackUrl.search;
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(server, current, {
          pkceCodeVerifier: entry.verifier,
          expectedState: state,
          expectedNonce: entry.nonce,
          idTokenExpected: true,
        });
      } catch (caught) {
        throw new OidcFailure('token', `the code exchange or the ID token was refused: ${messageOf(caught)}`);
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcFailure('token', 'the provider answered no ID token');
      let groups = groupsOf(claims, config.groupsClaim);
      let userinfo: Record<string, unknown> | undefined;
      if ((groups === undefined || claims.preferred_username === undefined) && tokens.access_token) {
        // Many providers (oidc-provider, Authentik, Keycloak by its mappers' settings) put the profile and the groups in
        // userinfo only, when an access token is issued. Its subject must be the ID token's (openid-client checks).
        try {
          userinfo = await client.fetchUserInfo(server, tokens.access_token, claims.sub);
        } catch (caught) {
          throw new OidcFailure('token', `userinfo could not be read: ${messageOf(caught)}`);
        }
        groups ??= groupsOf(userinfo, config.groupsClaim);
      }
      const text = (name: string) => {
        const value = claims[name] ?? userinfo?.[name];
        return typeof value === 'string' ? value : undefined;
      };
      return {
        issuer: claims.iss,
        subject: claims.sub,
        preferredName: text('preferred_username') ?? text('email') ?? text('name') ?? 'user',
        displayName: text('name') ?? null,
        groups: groups ?? [],
      };
    },
    async endSessionUrl(postLogoutRedirectUri) {
      const server = await provider();
      if (!server.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(server, { client_id: config.clientId, post_logout_redirect_uri: postLogoutRedirectUri }).href;
    },
  };
}

function discover(config: OidcConfig): Promise<client.Configuration> {
  const issuer = new URL(config.issuer);
  const clientAuth = config.clientSecret === undefined ? client.None() : client.ClientSecretPost(config.clientSecret);
  return client.discovery(issuer, config.clientId, config.clientSecret, clientAuth, {
    timeout: PROVIDER_TIMEOUT_S,
    // http:// is allowed for a provider on a loopback address only (boot/config.ts refuses any other).
    execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
  });
}

/** The groups a claim lists (a dotted path reaches into objects: `realm_access.roles`); undefined when it is absent. */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] | undefined {
  let value: unknown = claims[claim];
  if (value === undefined && claim.includes('.')) {
    value = claim
      .split('.')
      .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), claims);
  }
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return undefined;
  return value.filter((group): group is string => typeof group === 'string');
}

/** An error's message with those of its causes (openid-client wraps oauth4webapi's, which name the claim) and a provider's error code. */
function messageOf(error: unknown): string {
  const parts: string[] = [];
  let at: unknown = error;
  for (let depth = 0; depth < 4 && at instanceof Error; depth++) {
    const own = at as Error & { error?: unknown; error_description?: unknown };
    if (!parts.includes(own.message)) parts.push(own.message);
    if (typeof own.error === 'string')
      parts.push(`${own.error}${typeof own.error_description === 'string' ? ` (${own.error_description})` : ''}`);
    at = own.cause;
  }
  return parts.length ? parts.join(': ') : String(error);
}
