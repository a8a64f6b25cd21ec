// Secrets kept in the database sealed with AES-256-GCM under a key derived from the service secret (APP_JWT_SECRET)
// by HKDF, one key per purpose: the database alone (or a copy of it) does not give them away. Each sealing takes a
// fresh random nonce and binds the ciphertext to its owner (the id of the row that keeps it): a blob copied to another
// row does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A key that seals, derived from the service secret for one purpose. */
export type SealingKey = Buffer;

/** A text sealed for one owner: the nonce and the ciphertext followed by its tag. */
export interface Sealed {
  nonce: Buffer;
  sealed: Buffer;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const INFO = 'aes-256-gcm v1';

/** The key of `secret` (the service's APP_JWT_SECRET) for the purpose `salt` names; never the secret itself. */
export function sealingKey(secret: string, salt: string): SealingKey {
  return Buffer.from(hkdfSync('sha256', secret, salt, INFO, 32));
}

/** Seals `text` for `owner`. */
export function sealText(key: SealingKey, text: string, owner: string): Sealed {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return { nonce, sealed: Buffer.concat([body, cipher.getAuthTag()]) };
}

/**
 * The text sealed for `owner`, or undefined when it does not open: another key (the secret changed), another owner,
 * or bytes changed since. `kept` may be the bytes as a database row holds them.
 */
export function openText(key: SealingKey, kept: { nonce: Uint8Array; sealed: Uint8Array }, owner: string): string | undefined {
  if (kept.nonce.length !== NONCE_BYTES || kept.sealed.length <= TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, kept.nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(kept.sealed.subarray(kept.sealed.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(kept.sealed.subarray(0, kept.sealed.length - TAG_BYTES)), decipher.final()]);
    return text.toString('utf8');
  } catch {
    return undefined;
  }
}
