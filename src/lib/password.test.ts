import { scryptSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { DUMMY_PASSWORD_HASH, hashPassword, isPasswordHash, verifyPassword } from './password.ts';

// scrypt is watched, so a test can say whether a check derived anything at all.
const derivations = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof crypto.scrypt>) => {
    derivations.count++;
    return (crypto.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

const PASSWORD = 'correct horse battery';
const SALT = Buffer.alloc(16, 's');
const base64 = (bytes: number, fill = 1) => Buffer.alloc(bytes, fill).toString('base64');

/** A hash in the `$scrypt$` format with the given cost and sizes; the hash bytes are not derived (never checked here). */
function shaped(cost: string, saltBytes = 16, hashBytes = 64): string {
  return `$scrypt$${cost}$${base64(saltBytes, 7)}$${base64(hashBytes)}`;
}

/** A real hash of PASSWORD at ln=14, r=8, p=1: what 0.20.x wrote (see test/fixtures/legacy/make-fixture.ts). */
function legacyHash(): string {
  const hash = scryptSync(PASSWORD, SALT, 64, { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `$scrypt$ln=14,r=8,p=1$${SALT.toString('base64')}$${hash.toString('base64')}`;
}

describe('isPasswordHash', () => {
  it.each<[string, unknown, boolean]>([
    ['the cost this service writes (ln=15, r=8, p=1)', shaped('ln=15,r=8,p=1'), true],
    ['the cost 0.20.x wrote (ln=14, r=8, p=1)', shaped('ln=14,r=8,p=1'), true],
    ['the dummy hash of an unknown user (else its sign-in would be fast, and tell)', DUMMY_PASSWORD_HASH, true],
    ['ln=20', shaped('ln=20,r=8,p=1'), false],
    ['ln=16', shaped('ln=16,r=8,p=1'), false],
    ['ln=1', shaped('ln=1,r=8,p=1'), false],
    ['r=99', shaped('ln=15,r=99,p=1'), false],
    ['p=99', shaped('ln=15,r=8,p=99'), false],
    ['ln=20, r=99, p=99', shaped('ln=20,r=99,p=99'), false],
    ['a cost spelled with a leading zero', shaped('ln=15,r=08,p=1'), false],
    ['a short salt', shaped('ln=15,r=8,p=1', 8), false],
    ['a long salt', shaped('ln=15,r=8,p=1', 32), false],
    ['a short hash', shaped('ln=15,r=8,p=1', 16, 32), false],
    ['a long hash', shaped('ln=15,r=8,p=1', 16, 128), false],
    ['base64 without its padding', `$scrypt$ln=15,r=8,p=1$${base64(16).replace(/=+$/, '')}$${base64(64)}`, false],
    ['an empty salt and hash', '$scrypt$ln=15,r=8,p=1$$', false],
    ['a bcrypt hash', '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy', false],
    ['plain text', 'plain', false],
    ['an empty string', '', false],
    ['a number', 15, false],
    ['null', null, false],
  ])('%s', (_, hash, accepted) => {
    expect(isPasswordHash(hash)).toBe(accepted);
  });
});

describe('hashPassword and verifyPassword', () => {
  it('writes ln=15, r=8, p=1 with a 16-byte salt and a 64-byte hash, which it accepts and verifies', async () => {
    const hash = await hashPassword(PASSWORD);
    const [, , cost, salt, key] = hash.split('$');
    expect(cost).toBe('ln=15,r=8,p=1');
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(64);
    expect(isPasswordHash(hash)).toBe(true);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, hash)).toBe(false);
  });

  it('verifies a hash of the 0.20.x cost, so migrated users sign in with their old passwords', async () => {
    expect(await verifyPassword(PASSWORD, legacyHash())).toBe(true);
    expect(await verifyPassword('wrong password', legacyHash())).toBe(false);
  });

  it.each([
    ['ln=20', 'ln=20,r=8,p=1'],
    ['ln=20, r=99, p=99', 'ln=20,r=99,p=99'],
    ['r=99', 'ln=15,r=99,p=1'],
    ['ln=16', 'ln=16,r=8,p=1'],
  ])('refuses a hash of %s at once, without deriving (a sign-in against it must not cost gigabytes)', async (_, cost) => {
    // legacyHash() verifies; relabelled with another cost, only the cost is wrong.
    const forged = legacyHash().replace('ln=14,r=8,p=1', cost);
    const before = derivations.count;
    expect(await verifyPassword(PASSWORD, forged)).toBe(false);
    expect(derivations.count - before, 'scrypt runs').toBe(0);
    expect(await verifyPassword(PASSWORD, legacyHash())).toBe(true);
    expect(derivations.count - before, 'scrypt runs for an accepted cost').toBe(1);
  });
});
