// What the route table of credential sets (routes/credentials.ts) names: the bodies and the answer, never a secret.
import { SNMP_AUTH_PROTOCOLS, SNMP_PRIV_PROTOCOLS } from '../../discovery/observed.ts';
import { SNMP, SNMP_LIMITS } from './discovery.ts';

/** The longest name of a credential set. */
export const CREDENTIAL_NAME_MAX = 100;

const NAME = { type: 'string', minLength: 1, maxLength: CREDENTIAL_NAME_MAX, description: 'Unique in any case.' };

/** A credential set as answered: a v3 set's user, protocols and context; a v2c set's version alone. */
export const CREDENTIAL_SET = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'version', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: NAME,
    version: { enum: ['2c', '3'] },
    user: { type: 'string', maxLength: SNMP_LIMITS.user },
    authProtocol: { enum: [...SNMP_AUTH_PROTOCOLS] },
    privProtocol: { enum: [...SNMP_PRIV_PROTOCOLS] },
    context: { type: 'string', maxLength: SNMP_LIMITS.context },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

/** The body of POST /api/credentials. */
export const CREDENTIAL_SET_CREATE = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'snmp'],
  properties: { name: NAME, snmp: SNMP },
};

/** The body of PATCH /api/credentials/{id}: a new name, new credentials (replacing the secrets), or both. */
export const CREDENTIAL_SET_UPDATE = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name: NAME, snmp: SNMP },
};
