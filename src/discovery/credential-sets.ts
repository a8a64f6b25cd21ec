// Credential sets (issue 37): SNMP credentials kept once under a name, for polls and discoveries. Their secrets are
// sealed as a switch's remembered credentials are (credentials.ts), owned by the set's id and bound to no agent: an
// admin keeps them for every switch a schedule names them for.
import { getCredentialSet, type CredentialSetRow } from '../db/polling.ts';
import type { Db } from '../db/open.ts';
import { Refusal } from '../errors/refusal.ts';
import { formedRefusal } from '../fields/field.ts';
import { openCredentials, sealCredentials, type CredentialKey, type SealedCredentials } from './credentials.ts';
import { agentText, credentialSetAllows } from './credential-binding.ts';
import type { SnmpCredentials } from './observed.ts';
import type { Target } from './target.ts';

// Sealed with the credentials where a switch's name the agent they were kept for: a set is for any agent.
const ANY_AGENT = { host: '*', port: 0 };

/** A set's credentials sealed for the set `id`. */
export function sealCredentialSet(key: CredentialKey, credentials: SnmpCredentials, id: string): SealedCredentials {
  return sealCredentials(key, { credentials, boundTo: ANY_AGENT }, id);
}

/**
 * The credentials of the set `id`: 404 not_found for no such set, 409 credentials_unreadable when they do not open
 * (APP_JWT_SECRET is unset or changed since they were kept).
 */
export function credentialSetSecrets(db: Db, key: CredentialKey | undefined, id: string): SnmpCredentials {
  const set = getCredentialSet(db, id);
  if (!set) throw new Refusal('not_found', 'not_found', 'No such credential set.');
  const opened = key && openCredentials(key, set, id);
  if (!opened) throw formedRefusal('conflict', 'credentials_unreadable', { set: set.name });
  return opened.credentials;
}

/** The hosts a credential set may be sent to (credential-binding.ts allowedHostEntry's entries). */
export function allowedHostsOf(set: CredentialSetRow): string[] {
  return JSON.parse(set.allowed_hosts) as string[];
}

/**
 * The credentials of the set `id` for a scheduled poll of `target`: as credentialSetSecrets, and an Error (the poll's
 * failure) when the set does not allow the target, whoever set the schedule: the target may be a management IP that an
 * editor changed since.
 */
export function credentialSetSecretsFor(db: Db, key: CredentialKey | undefined, id: string, target: Target): SnmpCredentials {
  const set = getCredentialSet(db, id);
  if (set && !credentialSetAllows(allowedHostsOf(set), target))
    throw new Error(`The credential set ${set.name} may not be sent to ${agentText(target)}: an admin adds the host to its allowed hosts.`);
  return credentialSetSecrets(db, key, id);
}

/** What a set answers of its credentials: a v3 set's user, protocols and context; nothing of a v2c set's. */
export function publicPartOf(credentials: SnmpCredentials): Record<string, string> {
  if (credentials.version === '2c') return {};
  const { user, authProtocol, privProtocol, context } = credentials;
  return { user, authProtocol, privProtocol, ...(context === undefined ? {} : { context }) };
}
