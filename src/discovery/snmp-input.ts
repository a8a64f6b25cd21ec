// The `snmp` field of a discovery and of a credential set: SNMPv2c with a community, or SNMPv3 authPriv, checked whole.
import type { FieldFault } from '../errors/http-error.ts';
import { isPlainObject } from '../fields/field.ts';
import { SNMP_AUTH_PROTOCOLS, SNMP_PRIV_PROTOCOLS, type SnmpCredentials } from './observed.ts';

/** The longest community, user, key and context; the shortest SNMPv3 key (RFC 3414: 8 characters). */
export const SNMP_LIMITS = { community: 255, user: 32, keyMin: 8, keyMax: 255, context: 64, host: 300 };

const V2C_KEYS = ['version', 'community'];
const V3_KEYS = ['version', 'user', 'authProtocol', 'authKey', 'privProtocol', 'privKey', 'context'];

/** The `snmp` field: SNMPv2c with a community, or SNMPv3 authPriv; its faults pushed on `faults` (never its values). */
export function readCredentials(raw: unknown, faults: FieldFault[], field = 'snmp'): SnmpCredentials | undefined {
  if (!isPlainObject(raw)) {
    faults.push({
      field,
      message: 'must be { version: "2c", community } or { version: "3", user, authProtocol, authKey, privProtocol, privKey }',
    });
    return undefined;
  }
  if (raw.version !== '2c' && raw.version !== '3') {
    faults.push({ field: `${field}.version`, message: 'must be "2c" or "3"' });
    return undefined;
  }
  const allowed = raw.version === '2c' ? V2C_KEYS : V3_KEYS;
  const before = faults.length;
  for (const key of Object.keys(raw))
    if (!allowed.includes(key)) faults.push({ field: `${field}.${key}`, message: `is not a field of SNMP v${raw.version} credentials` });
  const text = (name: string, min: number, max: number, optional = false) => {
    const value = raw[name];
    if (value === undefined && optional) return;
    if (typeof value !== 'string' || value.length < min || value.length > max || /[\u0000-\u001f\u007f]/.test(value))
      faults.push({
        field: `${field}.${name}`,
        message:
          value === undefined
            ? 'is required'
            : `must be ${min > 0 ? `${min} to ${max}` : `at most ${max}`} characters without control characters`,
      });
  };
  const oneOf = (name: string, values: readonly string[]) => {
    if (!values.includes(raw[name] as string)) faults.push({ field: `${field}.${name}`, message: `must be one of ${values.join(', ')}` });
  };
  if (raw.version === '2c') text('community', 1, SNMP_LIMITS.community);
  else {
    text('user', 1, SNMP_LIMITS.user);
    oneOf('authProtocol', SNMP_AUTH_PROTOCOLS);
    text('authKey', SNMP_LIMITS.keyMin, SNMP_LIMITS.keyMax);
    oneOf('privProtocol', SNMP_PRIV_PROTOCOLS);
    text('privKey', SNMP_LIMITS.keyMin, SNMP_LIMITS.keyMax);
    text('context', 0, SNMP_LIMITS.context, true);
  }
  if (faults.length > before) return undefined;
  return (raw.version === '2c' ? { version: '2c', community: raw.community } : { ...raw }) as SnmpCredentials;
}
