// What the route table of users (routes/users.ts) names besides the field declarations.
import { MIN_PASSWORD_LENGTH, ROLES } from '../../fields/users.ts';

/** The body of a change to a user: only role, password and disabled. */
export const USER_PATCH = {
  type: 'object',
  additionalProperties: false,
  properties: { role: { enum: [...ROLES] }, password: { type: 'string', minLength: MIN_PASSWORD_LENGTH }, disabled: { type: 'boolean' } },
};
