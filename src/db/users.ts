import { rowToApi, type RowOf } from '../fields/field.ts';
import { USER } from '../fields/users.ts';
import { prepare, type Db } from './open.ts';
import { columnsOf } from './resource-sql.ts';

/** A users row as stored: the columns of USER's fields (last_login_at null until the first sign-in) and the server's own. */
export type UserRow = Omit<RowOf<typeof USER>, 'last_login_at'> & {
  last_login_at: string | null;
  password_hash: string;
  token_version: number;
  version: number;
};

// What every read of a user selects: the columns of USER's fields (a field added there is read with the rest), then
// the server's own, which no field declares (resource-sql.test.ts holds the two to the users table).
const USER_COLUMNS = [...columnsOf(USER), 'password_hash', 'token_version', 'version'].join(', ');

/** How many users exist. */
export function countUsers(db: Db): number {
  return (prepare(db, 'SELECT count(*) AS n FROM users').get() as { n: number }).n;
}

/** How many enabled admins exist. */
export function countEnabledAdmins(db: Db): number {
  return (prepare(db, "SELECT count(*) AS n FROM users WHERE role = 'admin' AND disabled = 0").get() as { n: number }).n;
}

/** One user by id. */
export function getUser(db: Db, id: string): UserRow | undefined {
  return prepare(db, `SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).get(id) as UserRow | undefined;
}

/** One user by username, case-insensitively. */
export function getUserByName(db: Db, username: string): UserRow | undefined {
  return prepare(db, `SELECT ${USER_COLUMNS} FROM users WHERE username = ? COLLATE NOCASE`).get(username) as UserRow | undefined;
}

/** Every user, by username. */
export function listUsers(db: Db): UserRow[] {
  return prepare(db, `SELECT ${USER_COLUMNS} FROM users ORDER BY username COLLATE NOCASE`).all() as unknown as UserRow[];
}

/** Stores a new user. */
export function insertUser(
  db: Db,
  user: Pick<UserRow, 'id' | 'username' | 'password_hash' | 'role' | 'created_at'> & {
    disabled?: number;
    display_name?: string | null;
    language?: UserRow['language'];
  },
): void {
  prepare(
    db,
    `INSERT INTO users (id, username, display_name, language, password_hash, role, disabled, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    user.id,
    user.username,
    user.display_name ?? null,
    user.language ?? 'en',
    user.password_hash,
    user.role,
    user.disabled ?? 0,
    user.created_at,
    user.created_at,
  );
}

/** How an external user is linked: an OpenID Connect provider's (issuer, subject), or a directory entry's DN. */
export type ExternalIdentity = { method: 'oidc'; issuer: string; subject: string } | { method: 'ldap'; dn: string };

/** The password hash of an external user: no password verifies it (lib/password.ts verifies only its own formats). */
export const NO_PASSWORD_HASH = '!';

/** The user an external identity is linked to. */
export function getUserByIdentity(db: Db, identity: ExternalIdentity): UserRow | undefined {
  if (identity.method === 'oidc') {
    return prepare(db, `SELECT ${USER_COLUMNS} FROM users WHERE oidc_issuer = ? AND oidc_subject = ?`).get(
      identity.issuer,
      identity.subject,
    ) as UserRow | undefined;
  }
  return prepare(db, `SELECT ${USER_COLUMNS} FROM users WHERE ldap_dn = ?`).get(identity.dn) as UserRow | undefined;
}

/** Stores a new user who signs in through a provider or a directory (no password). */
export function insertExternalUser(
  db: Db,
  user: Pick<UserRow, 'id' | 'username' | 'display_name' | 'role' | 'created_at'>,
  identity: ExternalIdentity,
): void {
  prepare(
    db,
    `INSERT INTO users (id, username, display_name, password_hash, role, created_at, updated_at, sign_in, oidc_issuer, oidc_subject, ldap_dn)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    user.id,
    user.username,
    user.display_name,
    NO_PASSWORD_HASH,
    user.role,
    user.created_at,
    user.created_at,
    identity.method,
    identity.method === 'oidc' ? identity.issuer : null,
    identity.method === 'oidc' ? identity.subject : null,
    identity.method === 'ldap' ? identity.dn : null,
  );
}

/** Gives an external user the role its groups grant now, and raises its version. */
export function updateExternalRole(db: Db, id: string, role: UserRow['role'], now: string): void {
  prepare(db, 'UPDATE users SET role = ?, version = version + 1, updated_at = ? WHERE id = ?').run(role, now, id);
}

/** Who may sign in with a password kept here: everyone, or admins only (the break-glass account). */
export type LocalSignIn = 'everyone' | 'admins';

/** The sign-in setting (migration 0028). */
export function getLocalSignIn(db: Db): LocalSignIn {
  return (prepare(db, 'SELECT local_sign_in AS v FROM sign_in_settings WHERE id = 1').get() as { v: LocalSignIn }).v;
}

/** Changes the sign-in setting. */
export function setLocalSignIn(db: Db, value: LocalSignIn, now: string): void {
  prepare(db, 'UPDATE sign_in_settings SET local_sign_in = ?, updated_at = ? WHERE id = 1').run(value, now);
}

/** A user as a backup holds it. */
export interface StoredUser {
  id: string;
  username: string;
  /** Absent in documents written before model 2 (0.26.0): null. */
  displayName?: string | null;
  /** Absent in documents written before model 2 (0.26.0): `en`. */
  language?: string;
  passwordHash: string;
  role: string;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
  version: number;
  /** Absent in documents written before issue 41: local, with no issuer, subject or DN. */
  signIn?: 'local' | 'oidc' | 'ldap';
  oidcIssuer?: string | null;
  oidcSubject?: string | null;
  ldapDn?: string | null;
}

/** The highest token_version any user ever had, deleted and replaced users included (migration 0005). */
export function maxTokenVersion(db: Db): number {
  return (prepare(db, 'SELECT highest AS v FROM token_versions WHERE id = 1').get() as { v: number }).v;
}

/** Removes every user and API token (a restore with users=replace). */
export function deleteUsers(db: Db): void {
  prepare(db, 'DELETE FROM user_favorite_switches').run();
  prepare(db, 'DELETE FROM api_tokens').run();
  prepare(db, 'DELETE FROM users').run();
}

/** Inserts a user from a backup, with a token_version that no token issued before carries. */
export function insertStoredUser(db: Db, user: StoredUser, tokenVersion: number): void {
  prepare(
    db,
    `INSERT INTO users (id, username, display_name, language, password_hash, role, disabled, token_version, version, created_at,
    updated_at, last_login_at, sign_in, oidc_issuer, oidc_subject, ldap_dn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    user.id,
    user.username,
    user.displayName ?? null,
    user.language ?? 'en',
    user.passwordHash,
    user.role,
    user.disabled ? 1 : 0,
    tokenVersion,
    user.version,
    user.createdAt,
    user.updatedAt,
    user.lastLoginAt,
    user.signIn ?? 'local',
    user.oidcIssuer ?? null,
    user.oidcSubject ?? null,
    user.ldapDn ?? null,
  );
}

/** What an admin's change of a user writes: every column it may change, and whether its tokens end. */
export type UserChange = Pick<UserRow, 'role' | 'disabled' | 'password_hash' | 'display_name' | 'language'> & { endTokens: boolean };

/**
 * Changes role, disabled flag, password hash, display name and language; a new hash or disabling also ends every
 * token (token_version).
 */
export function updateUser(db: Db, id: string, change: UserChange, now: string): void {
  prepare(
    db,
    `UPDATE users SET role = ?, disabled = ?, password_hash = ?, display_name = ?, language = ?,
    token_version = token_version + ?, version = version + 1, updated_at = ? WHERE id = ?`,
  ).run(change.role, change.disabled, change.password_hash, change.display_name, change.language, change.endTokens ? 1 : 0, now, id);
}

/** Changes what a user is called in the UI and the UI's language, and raises the user's version. */
export function updateUserProfile(
  db: Db,
  id: string,
  profile: { display_name: string | null; language: UserRow['language'] },
  now: string,
): void {
  prepare(db, 'UPDATE users SET display_name = ?, language = ?, version = version + 1, updated_at = ? WHERE id = ?').run(
    profile.display_name,
    profile.language,
    now,
    id,
  );
}

/** Removes a user, its API tokens and its favourites. */
export function deleteUser(db: Db, id: string): void {
  prepare(db, 'DELETE FROM user_favorite_switches WHERE user_id = ?').run(id);
  prepare(db, 'DELETE FROM api_tokens WHERE user_id = ?').run(id);
  prepare(db, 'UPDATE activity SET user_id = NULL WHERE user_id = ?').run(id);
  prepare(db, 'DELETE FROM users WHERE id = ?').run(id);
}

/** Records a successful login. */
export function touchLastLogin(db: Db, id: string, now: string): void {
  prepare(db, 'UPDATE users SET last_login_at = ? WHERE id = ?').run(now, id);
}

/**
 * Replaces a user's password hash by the same password's hash in the format written now (at a sign-in), unless
 * it changed since it was read. Neither its version nor updated_at nor its tokens change: the user did not.
 */
export function rewritePasswordHash(db: Db, id: string, from: string, to: string): void {
  prepare(db, 'UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?').run(to, id, from);
}

/** An api_tokens row. */
export interface TokenRow {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  /** 1: viewer rights whatever the owner's role (migration 0025). */
  read_only: number;
}

const TOKEN_COLUMNS = 'id, user_id, name, created_at, expires_at, last_used_at, read_only';

/** One API token by id. */
export function getToken(db: Db, id: string): TokenRow | undefined {
  return prepare(db, `SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE id = ?`).get(id) as TokenRow | undefined;
}

/** The API tokens of one user, newest first. */
export function listTokens(db: Db, userId: string): TokenRow[] {
  return prepare(db, `SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE user_id = ? ORDER BY created_at DESC`).all(
    userId,
  ) as unknown as TokenRow[];
}

/** Stores a new API token. */
export function insertToken(db: Db, token: TokenRow): void {
  prepare(db, `INSERT INTO api_tokens (${TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
    token.id,
    token.user_id,
    token.name,
    token.created_at,
    token.expires_at,
    token.last_used_at,
    token.read_only,
  );
}

/** Revokes an API token. */
export function deleteToken(db: Db, id: string): void {
  prepare(db, 'DELETE FROM api_tokens WHERE id = ?').run(id);
}

/** Ends one session: its token is refused from now on (until `expiresAtS`, when it would have expired anyway). */
export function revokeSession(db: Db, id: string, expiresAtS: number, nowS: number): void {
  prepare(db, 'DELETE FROM revoked_sessions WHERE expires_at < ?').run(nowS);
  prepare(db, 'INSERT OR IGNORE INTO revoked_sessions (id, expires_at) VALUES (?, ?)').run(id, expiresAtS);
}

/** Whether a session was signed out. */
export function isSessionRevoked(db: Db, id: string): boolean {
  return prepare(db, 'SELECT 1 FROM revoked_sessions WHERE id = ?').get(id) !== undefined;
}

/** The API's view of a user, from USER's fields: never the password hash. */
export function userToApi(user: UserRow): Record<string, unknown> {
  return rowToApi(USER, user);
}

/** An API token as the API answers it: never the token itself. */
export function tokenToApi(row: TokenRow) {
  return {
    id: row.id,
    name: row.name,
    readOnly: row.read_only === 1,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}
