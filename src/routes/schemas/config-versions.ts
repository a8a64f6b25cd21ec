// What the route table of running configurations (routes/config-versions.ts) names: a stored version (issue 38).
import { CONFIG_SOURCES } from '../../db/config-versions.ts';
import { RUNNING_CONFIG_DIALECTS } from '../../switch-config/read-running.ts';

/** The largest configuration taken: 4 MiB (a big chassis prints some 100,000 lines). */
export const CONFIG_BODY_LIMIT = 4 * 1024 * 1024;

const TIME = { type: 'string', format: 'date-time' };

/** A stored version of a switch's running configuration, without its text. */
const VERSION_KEYS = [
  ...['id', 'switchId', 'number', 'contentHash', 'lines', 'source', 'dialect', 'fetchedAt', 'lastSeenAt', 'seenCount', 'changedLines'],
  ...['previousId', 'createdBy'],
];

export const CONFIG_VERSION = {
  type: 'object',
  required: VERSION_KEYS,
  properties: {
    id: { type: 'string', format: 'uuid' },
    switchId: { type: 'string', format: 'uuid' },
    number: { type: 'integer', minimum: 1, description: "The version's number among the switch's, from 1." },
    contentHash: {
      type: 'string',
      description: 'SHA-256 (hex) of the masked text without its volatile lines: what makes a version distinct.',
    },
    lines: { type: 'integer' },
    source: { enum: [...CONFIG_SOURCES] },
    dialect: { type: ['string', 'null'], enum: [...RUNNING_CONFIG_DIALECTS, null] },
    fetchedAt: { ...TIME, description: 'When this configuration was first received.' },
    lastSeenAt: { ...TIME, description: 'When the switch was last found running it.' },
    seenCount: { type: 'integer', description: 'How many times it was received.' },
    changedLines: {
      type: ['integer', 'null'],
      description:
        'Lines removed or added against previousId, volatile lines (timestamps, ntp clock-period, uptime) not counted; null for the first.',
    },
    previousId: {
      type: ['string', 'null'],
      description: 'The version the switch ran last when this one came (it may have been pruned since).',
    },
    createdBy: { type: ['string', 'null'] },
  },
};

/** What storing a configuration answers: the version, and whether it is new. */
export const CONFIG_STORED = {
  type: 'object',
  required: [...VERSION_KEYS, 'created'],
  properties: {
    ...CONFIG_VERSION.properties,
    created: { type: 'boolean', description: 'false: the switch ran this configuration before.' },
  },
};

/** The longest user name, password, passphrase and private key an SSH fetch takes. */
export const SSH_LIMITS = { username: 100, password: 500, privateKey: 16_000, host: 300 };

/** The body of POST /api/switches/{id}/configs/fetch. */
export const CONFIG_FETCH_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['credentials'],
  properties: {
    host: {
      type: 'string',
      maxLength: SSH_LIMITS.host,
      description: "The switch's SSH server, an address or a host name; left out: the switch's management IP.",
    },
    port: { type: 'integer', minimum: 1, maximum: 65535, description: 'Default 22.' },
    dialect: {
      enum: [...RUNNING_CONFIG_DIALECTS],
      description: "Which commands to send; left out: by the switch's vendor (Cisco: cisco-ios, Arista: arista-eos, Juniper: junos).",
    },
    credentials: {
      type: 'object',
      additionalProperties: false,
      required: ['username'],
      description: 'Used for this fetch only: never stored, logged or answered. A password, a private key (OpenSSH or PEM), or both.',
      properties: {
        username: { type: 'string', minLength: 1, maxLength: SSH_LIMITS.username },
        password: { type: 'string', minLength: 1, maxLength: SSH_LIMITS.password },
        privateKey: { type: 'string', minLength: 1, maxLength: SSH_LIMITS.privateKey },
        passphrase: { type: 'string', minLength: 1, maxLength: SSH_LIMITS.password },
      },
    },
  },
};
