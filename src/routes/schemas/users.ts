// What the route table of users (routes/users.ts) names besides the field declarations.

/** The body of a change to a user: only role, password and disabled. */
export const USER_PATCH = {
  type: 'object',
  additionalProperties: false,
  properties: { role: { enum: ['viewer', 'editor', 'admin'] }, password: { type: 'string', minLength: 10 }, disabled: { type: 'boolean' } },
};
