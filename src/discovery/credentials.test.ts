import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { credentialKey, openCredentials, sealCredentials } from './credentials.ts';
import type { SnmpCredentials } from './observed.ts';

const SECRET = 'f'.repeat(64);
const OWNER = '5f0c6a8e-1111-4222-8333-444455556666';
const V2C: SnmpCredentials = { version: '2c', community: 'public-community-9' };
const V3: SnmpCredentials = {
  version: '3',
  user: 'netops',
  authProtocol: 'sha',
  authKey: 'auth-key-secret',
  privProtocol: 'aes',
  privKey: 'priv-key-secret',
  context: 'vlan-10',
};
const AGENT = { host: '10.0.0.21', port: 161 };

describe('sealed SNMP credentials', () => {
  it.each([
    ['v2c', V2C],
    ['v3 with a context', V3],
  ])('open again for their owner with the same secret, with the agent they were kept for (%s)', (_name, credentials) => {
    const key = credentialKey(SECRET);
    expect(openCredentials(key, sealCredentials(key, { credentials, boundTo: AGENT }, OWNER), OWNER)).toEqual({
      credentials,
      boundTo: AGENT,
    });
  });

  it('sealed before the agent was sealed with them, open bound to no agent', () => {
    const key = credentialKey(SECRET);
    expect(openCredentials(key, sealedWithoutAgent(key, V2C, OWNER), OWNER)).toEqual({ credentials: V2C, boundTo: null });
  });

  it('never hold the secret words in clear, and take a fresh nonce each time', () => {
    const key = credentialKey(SECRET);
    const first = sealCredentials(key, { credentials: V3, boundTo: AGENT }, OWNER);
    const second = sealCredentials(key, { credentials: V3, boundTo: AGENT }, OWNER);
    for (const word of ['auth-key-secret', 'priv-key-secret', 'netops']) expect(first.sealed.toString('latin1')).not.toContain(word);
    expect(first.nonce.equals(second.nonce)).toBe(false);
    expect(first.sealed.equals(second.sealed)).toBe(false);
  });

  it('derive a key that is not the secret and depends on it', () => {
    expect(credentialKey(SECRET)).toHaveLength(32);
    expect(credentialKey(SECRET).toString('hex')).not.toContain(Buffer.from(SECRET).subarray(0, 16).toString('hex'));
    expect(credentialKey(SECRET).equals(credentialKey('e'.repeat(64)))).toBe(false);
  });

  const tampered: [string, (kept: { nonce: Buffer; sealed: Buffer }) => { nonce: Buffer; sealed: Buffer }, string, string][] = [
    ['another secret', (kept) => kept, 'e'.repeat(64), OWNER],
    ['another owner', (kept) => kept, SECRET, '6f0c6a8e-1111-4222-8333-444455556666'],
    ['a flipped ciphertext byte', (kept) => ({ ...kept, sealed: flip(kept.sealed, 0) }), SECRET, OWNER],
    ['a flipped tag byte', (kept) => ({ ...kept, sealed: flip(kept.sealed, kept.sealed.length - 1) }), SECRET, OWNER],
    ['another nonce', (kept) => ({ ...kept, nonce: flip(kept.nonce, 3) }), SECRET, OWNER],
    ['a short nonce', (kept) => ({ ...kept, nonce: kept.nonce.subarray(0, 8) }), SECRET, OWNER],
    ['no ciphertext', (kept) => ({ ...kept, sealed: kept.sealed.subarray(0, 16) }), SECRET, OWNER],
  ];
  it.each(tampered)('do not open with %s', (_name, change, secret, owner) => {
    const kept = sealCredentials(credentialKey(SECRET), { credentials: V2C, boundTo: AGENT }, OWNER);
    expect(openCredentials(credentialKey(secret), change(kept), owner)).toBeUndefined();
  });
});

/** Credentials as sealed before the agent was sealed with them: their JSON alone. */
function sealedWithoutAgent(key: Buffer, credentials: SnmpCredentials, owner: string): { nonce: Buffer; sealed: Buffer } {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return { nonce, sealed: Buffer.concat([body, cipher.getAuthTag()]) };
}

function flip(bytes: Buffer, index: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[index] ^= 0x01;
  return copy;
}
