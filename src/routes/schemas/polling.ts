// What the route table of polling (routes/polling.ts) names: a schedule's body, what a switch's and a site's polling
// answer, a row of the polling status and a poll's outcome (issue 37).
import { SNMP_LIMITS } from './discovery.ts';

/** The shortest and longest interval between two polls of a switch, in minutes. */
export const INTERVAL_MINUTES = { min: 5, max: 1440 };

/** The statuses of a polled switch. */
export const POLL_STATUSES = ['ok', 'failing', 'paused', 'pending'] as const;

const NULLABLE_TIME = { type: ['string', 'null'], format: 'date-time' };
const STATUS = {
  enum: [...POLL_STATUSES],
  description:
    'ok: the last poll read the switch; failing: it did not (polled again after 1, 2, 4, then 8 intervals); ' +
    'paused: the schedule is off; pending: not polled yet.',
};

/** The body of PUT /api/switches/{id}/polling and PUT /api/sites/{id}/polling (a site's takes no host). */
export const SCHEDULE_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'intervalMinutes', 'credentialId'],
  properties: {
    enabled: { type: 'boolean' },
    intervalMinutes: { type: 'integer', minimum: INTERVAL_MINUTES.min, maximum: INTERVAL_MINUTES.max },
    host: {
      type: ['string', 'null'],
      maxLength: SNMP_LIMITS.host,
      description: "A switch's only: the agent to poll (with :port when not 161); null or left out: the switch's management IP.",
    },
    credentialId: { type: 'string', format: 'uuid', description: 'The credential set to poll with.' },
  },
};

const SCHEDULE = {
  type: ['object', 'null'],
  required: ['enabled', 'intervalMinutes', 'host', 'credentialId', 'updatedAt'],
  properties: {
    enabled: { type: 'boolean' },
    intervalMinutes: { type: 'integer' },
    host: { type: ['string', 'null'] },
    credentialId: { type: 'string', format: 'uuid' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

const STATE_PROPERTIES = {
  status: STATUS,
  lastPolledAt: NULLABLE_TIME,
  lastError: { type: ['string', 'null'], description: 'Why the last poll failed; never a secret.' },
  nextAt: { ...NULLABLE_TIME, description: 'When the switch is polled next; null while paused.' },
  durationMs: { type: ['integer', 'null'] },
  failures: { type: 'integer', description: 'Polls failed in a row.' },
};

/** What GET /api/switches/{id}/polling answers: the switch's own schedule (which overrides its site's), its site's, and its poll state. */
export const SWITCH_POLLING = {
  type: 'object',
  required: ['switchId', 'schedule', 'siteSchedule', 'source', 'state'],
  properties: {
    switchId: { type: 'string', format: 'uuid' },
    schedule: SCHEDULE,
    siteSchedule: SCHEDULE,
    source: { enum: ['switch', 'site', null], description: 'Whose schedule polls the switch; null: none.' },
    state: { type: ['object', 'null'], required: Object.keys(STATE_PROPERTIES), properties: STATE_PROPERTIES },
    pollingBy: { type: 'string', description: "'server', or the id of the agent that polls the switch's site (issue 39): never both." },
    pollingAgentName: { type: ['string', 'null'] },
  },
};

/** What GET /api/sites/{id}/polling answers. */
export const SITE_POLLING = {
  type: 'object',
  required: ['siteId', 'schedule'],
  properties: { siteId: { type: 'string', format: 'uuid' }, schedule: SCHEDULE },
};

/** A row of GET /api/polling. */
export const POLLED_SWITCH = {
  type: 'object',
  required: ['switchId', 'switchName', 'siteId', 'intervalMinutes', 'source', ...Object.keys(STATE_PROPERTIES)],
  properties: {
    switchId: { type: 'string', format: 'uuid' },
    switchName: { type: 'string' },
    siteId: { type: 'string', format: 'uuid' },
    intervalMinutes: { type: 'integer' },
    source: { enum: ['switch', 'site'] },
    ...STATE_PROPERTIES,
  },
};

/** What POST /api/switches/{id}/polling/run answers: the switch's state after the poll, and the discovery it stored. */
export const POLL_OUTCOME = {
  type: 'object',
  required: ['switchId', 'discoveryId', ...Object.keys(STATE_PROPERTIES)],
  properties: {
    switchId: { type: 'string', format: 'uuid' },
    discoveryId: { type: ['string', 'null'], format: 'uuid', description: 'The discovery the poll stored; null when it read nothing.' },
    ...STATE_PROPERTIES,
  },
};
