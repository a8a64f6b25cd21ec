// What the route table of webhooks (routes/webhooks.ts) names.

const EVENTS = {
  type: 'array',
  minItems: 1,
  maxItems: 50,
  items: { type: 'string', description: 'activity.*, activity.<kind>.<action> (activity.port.update) or discovery.completed' },
};
const SITE_IDS = { type: ['array', 'null'], items: { type: 'string', format: 'uuid' }, description: 'null: every site' };
const FORMAT = { type: 'string', enum: ['json', 'slack', 'teams'] };
const DELIVERY_ID = { type: 'string', pattern: '^[0-9]+$', description: 'the Switchyard-Delivery header of its attempts' };

/** A webhook subscription as the API answers it: never its secret. */
export const WEBHOOK = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    url: { type: 'string' },
    enabled: { type: 'boolean' },
    events: EVENTS,
    siteIds: SITE_IDS,
    format: FORMAT,
    failingSince: { type: ['string', 'null'], format: 'date-time' },
    disabledReason: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    version: { type: 'integer' },
  },
};

const REQUEST_PROPERTIES = {
  name: { type: 'string', minLength: 1, maxLength: 100 },
  url: { type: 'string', description: 'https://, or http:// to an address WEBHOOK_ALLOW allows' },
  secret: { type: 'string', minLength: 16, maxLength: 200, writeOnly: true },
  enabled: { type: 'boolean', default: true },
  events: EVENTS,
  siteIds: SITE_IDS,
  format: { ...FORMAT, default: 'json' },
};

/** The body of POST /api/webhooks. */
export const WEBHOOK_CREATE = {
  type: 'object',
  required: ['name', 'url', 'secret', 'events'],
  additionalProperties: false,
  properties: REQUEST_PROPERTIES,
};

/** The body of PATCH /api/webhooks/{id}: the fields to change. */
export const WEBHOOK_UPDATE = { type: 'object', additionalProperties: false, properties: REQUEST_PROPERTIES };

/** A delivery of an event to a subscription. */
export const WEBHOOK_DELIVERY = {
  type: 'object',
  properties: {
    id: DELIVERY_ID,
    eventId: { type: 'string' },
    type: { type: 'string' },
    siteId: { type: ['string', 'null'] },
    occurredAt: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: ['queued', 'delivered', 'failed'] },
    attempts: { type: 'integer' },
    nextAttemptAt: { type: ['string', 'null'], format: 'date-time' },
    lastAttemptAt: { type: ['string', 'null'], format: 'date-time' },
    lastStatusCode: { type: ['integer', 'null'] },
    lastError: { type: ['string', 'null'] },
    lastResponse: { type: ['string', 'null'], description: 'the start of the last answer body' },
  },
};

/** The answer of a redelivery and of a test ping: the delivery queued. */
export const WEBHOOK_QUEUED = { type: 'object', properties: { deliveryId: DELIVERY_ID } };
