import { LANGUAGES, MIN_PASSWORD_LENGTH, ROLES, SIGN_IN_METHODS } from './choices.ts';
import { declareResource, type Normalized, refused } from './field.ts';

/** A user who can sign in. Passwords are write-only: never answered. */
export const USER = declareResource({
  type: 'user',
  table: 'users',
  fields: [
    { name: 'id', column: 'id', type: 'uuid', readOnly: true, description: 'Lower-case UUIDv4.' },
    {
      name: 'username',
      column: 'username',
      type: 'text',
      required: true,
      minLength: 1,
      maxLength: 64,
      normalize: username,
      searchable: true,
      sortable: true,
      description: 'Letters, digits, ".", "_", "-"; unique (case-insensitive).',
    },
    {
      name: 'password',
      type: 'text',
      required: true,
      minLength: MIN_PASSWORD_LENGTH,
      maxLength: 1024,
      normalize: password,
      description: `At least ${MIN_PASSWORD_LENGTH} characters; write-only.`,
      csv: false,
    },
    {
      name: 'displayName',
      column: 'display_name',
      type: 'text',
      maxLength: 100,
      searchable: true,
      description: 'The name shown in the UI and the activity log, or null (the username is shown).',
    },
    {
      name: 'language',
      column: 'language',
      type: 'enum',
      values: LANGUAGES,
      default: 'en',
      description: 'The language of the UI: en or de.',
    },
    { name: 'role', column: 'role', type: 'enum', values: ROLES, required: true, description: 'admin, editor or viewer.' },
    {
      name: 'disabled',
      column: 'disabled',
      type: 'boolean',
      default: false,
      description: 'A disabled user cannot sign in and its tokens stop working.',
    },
    { name: 'createdAt', column: 'created_at', type: 'timestamp', readOnly: true, description: 'ISO 8601 UTC.' },
    { name: 'updatedAt', column: 'updated_at', type: 'timestamp', readOnly: true, description: 'ISO 8601 UTC.' },
    { name: 'lastLoginAt', column: 'last_login_at', type: 'timestamp', readOnly: true, description: 'ISO 8601 UTC, or null.' },
    {
      name: 'signIn',
      column: 'sign_in',
      type: 'enum',
      values: SIGN_IN_METHODS,
      readOnly: true,
      description: 'How the user signs in: local (a password kept here), oidc (the OpenID Connect provider) or ldap (the directory).',
    },
    {
      name: 'oidcIssuer',
      column: 'oidc_issuer',
      type: 'text',
      readOnly: true,
      csv: false,
      description: 'The OpenID Connect issuer that signs the user in (signIn oidc), else null.',
    },
    {
      name: 'oidcSubject',
      column: 'oidc_subject',
      type: 'text',
      readOnly: true,
      csv: false,
      description: "The user's subject at that issuer (signIn oidc), else null: with the issuer, what links the user, never its name.",
    },
    {
      name: 'ldapDn',
      column: 'ldap_dn',
      type: 'text',
      readOnly: true,
      csv: false,
      description: "The user's entry in the directory (signIn ldap), else null.",
    },
  ],
});

function username(text: string): Normalized {
  return /^[A-Za-z0-9._-]+$/.test(text) ? { ok: true, value: text } : refused('not_username');
}

// Passwords are not trimmed: checkValue trims text, so the raw value is re-checked by the auth routes.
function password(text: string): Normalized {
  return { ok: true, value: text };
}
