// SNMP credentials kept for a later discovery (docs/DISCOVERY.md, "Credentials"): sealed with AES-256-GCM under a
// key derived from the service secret (APP_JWT_SECRET) by HKDF, a separate key for this one purpose, so that the
// database alone (or a copy of it) does not give them away. Each sealing takes a fresh random nonce and binds the
// ciphertext to its owner (a switch's or a pending discovery's id): a blob copied to another row does not open. The
// agent they were kept for is sealed with them (credential-binding.ts says where they may be sent).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SnmpCredentials } from './observed.ts';
import type { Target } from './target.ts';

/** The key that seals credentials, derived from the service secret. */
export type CredentialKey = Buffer;

/** Credentials as kept: with the agent they were kept for; null for those kept before that was sealed with them. */
export interface KeptCredentials {
  credentials: SnmpCredentials;
  boundTo: Target | null;
}

/** Credentials sealed for one owner: the nonce and the ciphertext followed by its tag. */
export interface SealedCredentials {
  nonce: Buffer;
  sealed: Buffer;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SALT = 'switchyard/snmp-credentials';
const INFO = 'aes-256-gcm v1';

/** The key of `secret` (the service's APP_JWT_SECRET); never the secret itself. */
export function credentialKey(secret: string): CredentialKey {
  return Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
}

/** Seals credentials and the agent they are kept for, for `owner` (the id of the row that keeps them). */
export function sealCredentials(
  key: CredentialKey,
  kept: { credentials: SnmpCredentials; boundTo: Target },
  owner: string,
): SealedCredentials {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(owner));
  const text = JSON.stringify({ credentials: kept.credentials, boundTo: { host: kept.boundTo.host, port: kept.boundTo.port } });
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return { nonce, sealed: Buffer.concat([body, cipher.getAuthTag()]) };
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
  if (kept.nonce.length !== NONCE_BYTES || kept.sealed.length <= TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, kept.nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(kept.sealed.subarray(kept.sealed.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(kept.sealed.subarray(0, kept.sealed.length - TAG_BYTES)), decipher.final()]);
    return keptOf(JSON.parse(text.toString('utf8')) as SnmpCredentials | KeptCredentials);
  } catch {
    return undefined;
  }
}

// Sealed before the agent was sealed with them: the credentials alone, bound to no agent.
function keptOf(opened: SnmpCredentials | KeptCredentials): KeptCredentials {
  return 'credentials' in opened ? opened : { credentials: opened, boundTo: null };
}
