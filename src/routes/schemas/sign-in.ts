// What the route table of single sign-on (routes/sign-in.ts) names.

/** The sign-in settings an admin reads and changes. */
export const SIGN_IN_SETTINGS = {
  type: 'object',
  required: ['localSignIn'],
  properties: {
    localSignIn: {
      type: 'string',
      enum: ['everyone', 'admins'],
      description: 'Who may sign in with a password kept here: everyone, or admins only (the break-glass account).',
    },
    oidc: {
      type: ['object', 'null'],
      description: 'The OpenID Connect provider (OIDC_ISSUER), or null when none is set.',
      properties: { issuer: { type: 'string' } },
    },
  },
};

/** The body of PUT /api/settings/sign-in. */
export const SIGN_IN_SETTINGS_UPDATE = {
  type: 'object',
  required: ['localSignIn'],
  additionalProperties: false,
  properties: { localSignIn: { type: 'string', enum: ['everyone', 'admins'] } },
};
