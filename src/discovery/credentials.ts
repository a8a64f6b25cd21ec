// SNMP credentials kept for a later discovery (docs/DISCOVERY.md, "Credentials"): sealed with AES-256-GCM under a
// key derived from the service secret (APP_JWT_SECRET) by HKDF, a separate key for this one purpose, so that the
// database alone (or a copy of it) does not give them away. Each sealing takes a fresh random nonce and binds the
// ciphertext to its owner (a switch's or a pending discovery's id): a blob copied to another row does not open. The
// agent they were kept for is sealed with them (credential-binding.ts says where they may be sent).
import { openText, sealingKey, sealText, type Sealed, type SealingKey } from '../lib/sealing.ts';
import type { SnmpCredentials } from './observed.ts';
import type { Target } from './target.ts';

/** The key that seals credentials, derived from the service secret. */
export type CredentialKey = SealingKey;

/** Credentials as kept: with the agent they were kept for; null for those kept before that was sealed with them. */
export interface KeptCredentials {
  credentials: SnmpCredentials;
  boundTo: Target | null;
}

/** Credentials sealed for one owner: the nonce and the ciphertext followed by its tag. */
export type SealedCredentials = Sealed;

const SALT = 'switchyard/snmp-credentials';

/** The key of `secret` (the service's APP_JWT_SECRET); never the secret itself. */
export function credentialKey(secret: string): CredentialKey {
  return sealingKey(secret, SALT);
}

/** Seals credentials and the agent they are kept for, for `owner` (the id of the row that keeps them). */
export function sealCredentials(
  key: CredentialKey,
  kept: { credentials: SnmpCredentials; boundTo: Target },
  owner: string,
): SealedCredentials {
  const text = JSON.stringify({ credentials: kept.credentials, boundTo: { host: kept.boundTo.host, port: kept.boundTo.port } });
  return sealText(key, text, owner);
}

/**
 * The credentials sealed for `owner` and the agent they were kept for, or undefined when they do not open: another
 * key (the secret changed), another owner, or bytes changed since. `kept` may be the bytes as a database row holds them.
 */
export function openCredentials(
  key: CredentialKey,
  kept: { nonce: Uint8Array; sealed: Uint8Array },
  owner: string,
): KeptCredentials | undefined {
  const text = openText(key, kept, owner);
  return text === undefined ? undefined : keptOf(JSON.parse(text) as SnmpCredentials | KeptCredentials);
}

// Sealed before the agent was sealed with them: the credentials alone, bound to no agent.
function keptOf(opened: SnmpCredentials | KeptCredentials): KeptCredentials {
  return 'credentials' in opened ? opened : { credentials: opened, boundTo: null };
}
