// Sign-in through an OpenID Connect provider or a directory (issue 41): the one path that creates and updates the
// users they sign in, and the rules of who may sign in how. A user is linked by its identity (an OIDC issuer and
// subject, an LDAP DN), never by a name; its role is recomputed from its groups at each sign-in; a user disabled
// here cannot sign in. Users have no activity entries (domain/users.ts), and neither have these writes.
import { randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../db/open.ts';
import {
  type ExternalIdentity,
  getLocalSignIn,
  getUser,
  getUserByIdentity,
  getUserByName,
  insertExternalUser,
  type LocalSignIn,
  setLocalSignIn,
  updateExternalRole,
  type UserRow,
} from '../db/users.ts';
import { Refusal } from '../errors/refusal.ts';
import { ROLES } from '../fields/choices.ts';
import { refuseLastAdmin } from './users.ts';

type Role = UserRow['role'];

/** Which groups grant which role; a group in several lists grants the strongest. */
export interface GroupRoles {
  admin: readonly string[];
  editor: readonly string[];
  viewer: readonly string[];
}

/** What a provider or a directory says about a user at a sign-in. */
export interface ExternalSignIn {
  identity: ExternalIdentity;
  /** The name the user would like (preferred_username, uid): made unique here, and kept after the first sign-in. */
  preferredName: string;
  displayName: string | null;
  groups: readonly string[];
}

/**
 * The strongest role any of `groups` grants, or undefined when none does. Group names are compared as given, without
 * case when `ignoreCase` (LDAP DNs).
 */
export function roleFromGroups(groups: readonly string[], roles: GroupRoles, ignoreCase = false): Role | undefined {
  const key = (name: string) => (ignoreCase ? name.trim().toLowerCase() : name.trim());
  const held = new Set(groups.map(key));
  for (const role of [...ROLES].reverse()) if (roles[role].some((group) => held.has(key(group)))) return role;
  return undefined;
}

/**
 * Signs in a user of a provider or a directory: creates it at the first sign-in (a unique username from its preferred
 * name), else gives it the role its groups grant now. Refuses no_group (in none of the groups), user_disabled (disabled
 * here) and last_admin (its groups would leave no enabled admin). Answers the user as stored.
 */
export function signInExternalUser(db: Db, signIn: ExternalSignIn, roles: GroupRoles, ignoreCase = false): UserRow {
  const role = roleFromGroups(signIn.groups, roles, ignoreCase);
  let id = '';
  inTransaction(db, () => {
    const known = getUserByIdentity(db, signIn.identity);
    if (known?.disabled) throw userDisabled();
    if (!role) throw noGroup();
    const now = new Date().toISOString();
    if (known) {
      id = known.id;
      // The rule of every user write (domain/users.ts): the last enabled admin stays one, groups or not.
      if (role !== 'admin') refuseLastAdmin(db, known);
      if (known.role !== role) updateExternalRole(db, known.id, role, now);
      return;
    }
    id = randomUUID();
    const username = freeUsername(db, signIn.preferredName);
    insertExternalUser(db, { id, username, display_name: displayNameOf(signIn.displayName), role, created_at: now }, signIn.identity);
  });
  return getUser(db, id)!;
}

/** Whether a user may sign in with a password kept here: a local user, and with local sign-in for admins only, an admin. */
export function mayUseLocalPassword(db: Db, user: UserRow): boolean {
  if (user.sign_in !== 'local') return false;
  return user.role === 'admin' || getLocalSignIn(db) === 'everyone';
}

/** Who may sign in with a password kept here. */
export function localSignIn(db: Db): LocalSignIn {
  return getLocalSignIn(db);
}

/** Changes who may sign in with a password kept here (an admin's choice). Refuses validation_failed. */
export function changeLocalSignIn(db: Db, value: unknown): LocalSignIn {
  if (value !== 'everyone' && value !== 'admins') {
    throw new Refusal('invalid', 'validation_failed', 'localSignIn must be everyone or admins.', [
      { field: 'localSignIn', message: 'must be everyone or admins' },
    ]);
  }
  inTransaction(db, () => setLocalSignIn(db, value, new Date().toISOString()));
  return value;
}

const USERNAME_MAX = 64;

/**
 * A username not taken yet (case-insensitively) from a provider's name: its letters, digits, ".", "_" and "-" (an
 * e-mail address's local part), else "user"; then -2, -3… A local user's name is never taken over.
 */
export function freeUsername(db: Db, preferred: string): string {
  const local = preferred.includes('@') ? preferred.slice(0, preferred.indexOf('@')) : preferred;
  const base =
    local
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, USERNAME_MAX - 6) || 'user';
  if (!getUserByName(db, base)) return base;
  for (let n = 2; n < 10_000; n++) if (!getUserByName(db, `${base}-${n}`)) return `${base}-${n}`;
  return `${base.slice(0, USERNAME_MAX - 37)}-${randomUUID()}`;
}

function displayNameOf(name: string | null): string | null {
  const text = name?.trim().slice(0, 100);
  return text ? text : null;
}

function noGroup(): Refusal {
  return new Refusal('invalid', 'no_group', 'You are in none of the groups that grant a role in Switchyard; ask an administrator.');
}

function userDisabled(): Refusal {
  return new Refusal('invalid', 'user_disabled', 'Your account is disabled in Switchyard; ask an administrator.');
}
