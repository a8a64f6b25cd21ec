// What the route table of sign-in and sessions (routes/auth.ts) names besides the field declarations.
import { resourceSchema } from '../../fields/field.ts';
import { USER } from '../../fields/users.ts';
import { OWN_PATCH_FIELDS, userPatchSchema } from './users.ts';

export { OWN_PATCH_FIELDS };

/** The body of first-run setup and of sign-in. */
export const CREDENTIALS = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: { username: { type: 'string' }, password: { type: 'string' } },
};

/** The answer of first-run setup and of sign-in: the user and its session token. */
export const SESSION = {
  type: 'object',
  properties: { user: resourceSchema(USER), token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
};

/** The body of a user's change to their own account (PATCH /api/auth/me): displayName and language. */
export const OWN_PATCH = userPatchSchema(OWN_PATCH_FIELDS);
