// What the route table of API tokens (routes/tokens.ts) names.

/** An API token as the API answers it (without the token itself, shown once at its making). */
export const TOKEN = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    readOnly: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
  },
};

/** The body of POST /api/tokens. */
export const TOKEN_REQUEST = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    expiresInDays: { type: 'integer', minimum: 1, maximum: 3650 },
    readOnly: { type: 'boolean', description: "Viewer rights whatever the owner's role: reads only (default false)." },
  },
};
