// What the route table of agents (routes/agents.ts, issue 39) names.

/** Most observations one batch may hold, and the most bytes of a batch's body. */
export const BATCH_MAX = 100;
export const BATCH_BODY_LIMIT = 32 * 1024 * 1024;

/** An agent as the API answers it: never its token or the token's hash. */
export const AGENT = {
  type: 'object',
  required: ['id', 'name', 'siteIds', 'createdAt', 'lastSeenAt', 'version', 'queueLength', 'dropped', 'lastError', 'revokedAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    siteIds: { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'The sites it polls (none once revoked).' },
    createdAt: { type: 'string', format: 'date-time' },
    lastSeenAt: { type: ['string', 'null'], format: 'date-time' },
    version: { type: ['string', 'null'] },
    queueLength: { type: ['integer', 'null'], description: 'Observations in its spool not yet acknowledged, as it last said.' },
    dropped: { type: 'integer', description: 'Observations its spool dropped, over AGENT_SPOOL_MB, in all.' },
    lastError: { type: ['string', 'null'] },
    revokedAt: { type: ['string', 'null'], format: 'date-time' },
  },
};

/** POST /api/agents. */
export const AGENT_CREATE = {
  type: 'object',
  required: ['name', 'siteIds'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    siteIds: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', format: 'uuid' } },
  },
};

/** What POST /api/agents answers: the agent and its token, shown this once. */
export const AGENT_CREATED = {
  ...AGENT,
  required: [...AGENT.required, 'token'],
  properties: { ...AGENT.properties, token: { type: 'string' } },
};

/** GET /api/agent/assignments. */
export const ASSIGNMENTS = {
  type: 'object',
  required: ['agentId', 'items'],
  properties: {
    agentId: { type: 'string', format: 'uuid' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          switchId: { type: 'string', format: 'uuid' },
          switchName: { type: 'string' },
          siteId: { type: 'string', format: 'uuid' },
          host: { type: ['string', 'null'], description: "The schedule's host, else the management IP; null: neither." },
          enabled: { type: 'boolean' },
          intervalMinutes: { type: 'integer' },
          credentialSet: { type: 'string', description: "The NAME of the credential set; its secrets are in the agent's own file." },
        },
      },
    },
  },
};

/** POST /api/agent/observations. */
export const OBSERVATION_BATCH = {
  type: 'object',
  required: ['observations'],
  properties: {
    agent: {
      type: 'object',
      properties: {
        version: { type: 'string', maxLength: 100 },
        queueLength: { type: 'integer', minimum: 0 },
        dropped: { type: 'integer', minimum: 0, description: 'Observations dropped since the last batch acknowledged.' },
        lastError: { type: ['string', 'null'], maxLength: 2000 },
      },
    },
    observations: {
      type: 'array',
      maxItems: BATCH_MAX,
      items: {
        type: 'object',
        required: ['key', 'switchId', 'observedAt'],
        properties: {
          key: { type: 'string', minLength: 1, maxLength: 100, description: 'Idempotency key: a resend of a key kept stores nothing.' },
          switchId: { type: 'string', format: 'uuid' },
          host: { type: ['string', 'null'], maxLength: 300 },
          observedAt: { type: 'string', format: 'date-time' },
          durationMs: { type: 'integer', minimum: 0 },
          observed: { type: ['object', 'null'], description: 'What the SNMP reader read (ObservedSwitch); null with error.' },
          error: { type: ['string', 'null'], maxLength: 2000 },
        },
      },
    },
  },
};

/** What POST /api/agent/observations answers: each observation's outcome, in order. */
export const OBSERVATION_RESULTS = {
  type: 'object',
  required: ['results'],
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          key: { type: 'string' },
          status: { enum: ['stored', 'duplicate', 'rejected'] },
          discoveryId: { type: ['string', 'null'], format: 'uuid' },
          reason: { type: 'string' },
        },
      },
    },
  },
};
