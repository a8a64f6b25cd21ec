import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SignJWT, jwtVerify } from 'jose';
import { getToken, getUser, isSessionRevoked, type UserRow } from '../db/users.ts';
import type { Db } from '../db/open.ts';
import { HttpError } from '../errors/http-error.ts';

/** A role: one of ROLES of fields/choices.ts, weakest first (viewer, editor, admin). */
export type Role = UserRow['role'];

/** The signed-in user of a request. */
export interface AuthUser {
  id: string;
  username: string;
  role: Role;
  /** The API token's id when the request used one. */
  tokenId?: string;
  /** The request used a read-only API token: http/access.ts gives it viewer rights and refuses its changes. */
  readOnly?: true;
  /** The sign-in session's id and expiry (seconds since the epoch) when the request used a session token. */
  session?: { id: string; expiresAtS: number };
}

/** How long a sign-in (session) token lasts. */
export const SESSION_TTL_S = 12 * 60 * 60;
/** The name of the session cookie. */
export const SESSION_COOKIE = 'session';

/** A token whose signature was checked, with the user it named at one data version. */
interface VerifiedToken {
  payload: Record<string, unknown>;
  user?: AuthUser;
  dataVersion?: string;
}

interface Claims {
  sub: string;
  ver: number;
  /** An API token's id. */
  tid?: string;
  /** A sign-in session's id (signing out revokes it). */
  jti?: string;
}

/** Signs and checks tokens, and finds the user behind a request. */
export interface Auth {
  issueSessionToken(user: UserRow): Promise<{ token: string; expiresAt: string }>;
  issueApiToken(user: UserRow, tokenId: string, expiresAt: Date | null): Promise<string>;
  /**
   * The signed-in user; 401 when there is none or the token is not valid. With `dataVersion` (the read
   * cache's), a token already checked at that same data version is answered from memory: no user row can
   * have changed since.
   */
  authenticate(req: IncomingMessage, dataVersion?: string): Promise<{ user: AuthUser; via: 'bearer' | 'cookie' }>;
  /**
   * The signed-in user from memory alone: when the request's token was checked at this same data version
   * already and has not expired; else undefined, and authenticate decides (it refuses, too).
   */
  knownCaller(req: IncomingMessage, dataVersion: string): { user: AuthUser; via: 'bearer' | 'cookie' } | undefined;
  /** The signed-in user and how, when the request carries a valid token, else undefined (never throws). */
  authenticateOptional(req: IncomingMessage, dataVersion?: string): Promise<{ user: AuthUser; via: 'bearer' | 'cookie' } | undefined>;
}

const ALGORITHM = 'HS256';
/** How many verified tokens are remembered (oldest forgotten first). */
const VERIFIED_TOKENS_KEPT = 1000;
// API tokens without an expiry still need `exp` (verification requires it): a hundred years.
const NO_EXPIRY_S = 100 * 365 * 24 * 60 * 60;

/** Makes the Auth service for one secret. */
export function createAuth(db: Db, secret: Uint8Array): Auth {
  const sign = (claims: Claims, expiresAtS: number) =>
    new SignJWT({ ver: claims.ver, ...(claims.tid ? { tid: claims.tid } : {}), ...(claims.jti ? { jti: claims.jti } : {}) })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(expiresAtS)
      .sign(secret);

  // Signatures already checked, by token text: a script or the UI sends the same token with every request,
  // and the signature check is the dearest step of a cached read. Expiry is still checked on every use. The
  // user, its token version, the API token row and the session's revocation are read again whenever the data
  // version has moved (any write, here or by another process), so a disabled user or a revoked token or
  // session is refused at once.
  const verified = new Map<string, VerifiedToken>();

  async function checkSignature(token: string): Promise<VerifiedToken> {
    const known = verified.get(token);
    if (known && (known.payload.exp as number) * 1000 > Date.now()) return known;
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub'] });
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    const entry: VerifiedToken = { payload };
    verified.set(token, entry);
    return entry;
  }

  async function verify(token: string, dataVersion?: string): Promise<AuthUser> {
    let entry: VerifiedToken;
    try {
      entry = await checkSignature(token);
    } catch {
      throw new HttpError(401, 'unauthorized', 'The token is not valid or has expired; sign in again.');
    }
    if (dataVersion !== undefined && entry.dataVersion === dataVersion && entry.user) return entry.user;
    const user = userOf(entry.payload);
    entry.user = user;
    // Not remembered from inside an open commit group: what it read may still be rolled back.
    entry.dataVersion = db.isTransaction ? undefined : dataVersion;
    return user;
  }

  function userOf(payload: Record<string, unknown>): AuthUser {
    const unauthorized = () => new HttpError(401, 'unauthorized', 'The token is not valid or has expired; sign in again.');
    const user = typeof payload.sub === 'string' ? getUser(db, payload.sub) : undefined;
    if (!user || user.disabled || payload.ver !== user.token_version) throw unauthorized();
    if (payload.tid !== undefined) {
      const row = typeof payload.tid === 'string' ? getToken(db, payload.tid) : undefined;
      if (!row || row.user_id !== user.id) throw unauthorized();
      const caller: AuthUser = { id: user.id, username: user.username, role: user.role, tokenId: row.id };
      if (row.read_only === 1) caller.readOnly = true;
      return caller;
    }
    if (typeof payload.jti !== 'string' || isSessionRevoked(db, payload.jti)) throw unauthorized();
    return { id: user.id, username: user.username, role: user.role, session: { id: payload.jti, expiresAtS: payload.exp as number } };
  }

  async function authenticate(req: IncomingMessage, dataVersion?: string) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer) return { user: await verify(bearer, dataVersion), via: 'bearer' as const };
    const cookie = readCookie(req, SESSION_COOKIE);
    if (cookie) return { user: await verify(cookie, dataVersion), via: 'cookie' as const };
    throw new HttpError(401, 'unauthorized', 'Sign in first: send a Bearer token or the session cookie.');
  }

  let lastHeader: string | undefined;
  let lastEntry: VerifiedToken | undefined;

  function knownCaller(req: IncomingMessage, dataVersion: string) {
    const header = req.headers.authorization;
    let via: 'bearer' | 'cookie' = 'bearer';
    let entry: VerifiedToken | undefined;
    // Only "Bearer <token>" exactly: the map holds checked tokens, which have no white space, so for them this is
    // what authenticate's pattern takes; any other spelling goes the long way.
    if (header !== undefined) {
      // The same header as the last caller's (a script or the UI sends one token with every request): a
      // comparison instead of hashing the token again.
      if (header === lastHeader) entry = lastEntry;
      else if (header.startsWith('Bearer ')) {
        entry = verified.get(header.slice(7));
        if (entry) {
          lastHeader = header;
          lastEntry = entry;
        }
      }
    } else {
      const cookie = readCookie(req, SESSION_COOKIE);
      entry = cookie === undefined ? undefined : verified.get(cookie);
      via = 'cookie';
    }
    if (entry?.user === undefined || entry.dataVersion !== dataVersion || (entry.payload.exp as number) * 1000 <= Date.now()) {
      // authenticate checks it now, perhaps into another entry (one forgotten and verified again): look it up next time.
      lastHeader = undefined;
      return undefined;
    }
    return { user: entry.user, via };
  }

  return {
    knownCaller,
    async issueSessionToken(user) {
      const expiresAtS = Math.floor(Date.now() / 1000) + SESSION_TTL_S;
      const token = await sign({ sub: user.id, ver: user.token_version, jti: randomUUID() }, expiresAtS);
      return { token, expiresAt: new Date(expiresAtS * 1000).toISOString() };
    },
    issueApiToken(user, tokenId, expiresAt) {
      const expiresAtS = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : Math.floor(Date.now() / 1000) + NO_EXPIRY_S;
      return sign({ sub: user.id, ver: user.token_version, tid: tokenId }, expiresAtS);
    },
    authenticate,
    async authenticateOptional(req, dataVersion) {
      try {
        return await authenticate(req, dataVersion);
      } catch {
        return undefined;
      }
    },
  };
}

/** The Set-Cookie value of the session cookie: `token` for `maxAgeS` seconds (an empty token and 0 clear it), Secure over HTTPS. */
export function sessionCookie(token: string, maxAgeS: number, https: boolean): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeS}${https ? '; Secure' : ''}`;
}

/** The value of one cookie of the request. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || undefined;
  }
  return undefined;
}
