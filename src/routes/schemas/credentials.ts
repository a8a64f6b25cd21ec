// What the route table of credential sets (routes/credentials.ts) names: the bodies and the answer, never a secret.
import { SNMP_AUTH_PROTOCOLS, SNMP_PRIV_PROTOCOLS } from '../../discovery/observed.ts';
import { ALLOWED_HOSTS_MAX } from '../../discovery/credential-binding.ts';
import { SNMP, SNMP_LIMITS } from './discovery.ts';

/** The longest name of a credential set. */
export const CREDENTIAL_NAME_MAX = 100;

const NAME = { type: 'string', minLength: 1, maxLength: CREDENTIAL_NAME_MAX, description: 'Unique in any case.' };

const ALLOWED_HOSTS = {
  type: 'array',
  minItems: 1,
  maxItems: ALLOWED_HOSTS_MAX,
  items: { type: 'string', minLength: 1, maxLength: 300 },
  description:
    'Where the set may be sent by an editor and by every scheduled poll: IP addresses, networks (10.20.0.0/16) and host names (*.example.net: ' +
    'every name under it). A name allows only itself, never its addresses. Answered canonical: an address as its /32 or /128.',
};

/** A credential set as answered: a v3 set's user, protocols and context; a v2c set's version alone. */
export const CREDENTIAL_SET = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'version', 'allowedHosts', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: NAME,
    version: { enum: ['2c', '3'] },
    user: { type: 'string', maxLength: SNMP_LIMITS.user },
    authProtocol: { enum: [...SNMP_AUTH_PROTOCOLS] },
    privProtocol: { enum: [...SNMP_PRIV_PROTOCOLS] },
    context: { type: 'string', maxLength: SNMP_LIMITS.context },
    allowedHosts: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

/** The body of POST /api/credentials. */
export const CREDENTIAL_SET_CREATE = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'snmp', 'allowedHosts'],
  properties: { name: NAME, snmp: SNMP, allowedHosts: ALLOWED_HOSTS },
};

/** The body of PATCH /api/credentials/{id}: a new name, new credentials (replacing the secrets), new allowed hosts, or any of them. */
export const CREDENTIAL_SET_UPDATE = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name: NAME, snmp: SNMP, allowedHosts: ALLOWED_HOSTS },
};
