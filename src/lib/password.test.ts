import { scryptSync } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { describe, expect, it, vi } from 'vitest';
import { DUMMY_PASSWORD_HASH, hashPassword, isPasswordHash, needsRehash, PASSWORD_HASH_RULE, verifyPassword } from './password.ts';

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
// And so is bcrypt's comparison.
vi.mock('bcryptjs', async (importOriginal) => {
  const original = await importOriginal<{ default: typeof import('bcryptjs') }>();
  const compare = (password: string, hash: string) => {
    derivations.count++;
    return original.default.compare(password, hash);
  };
  return { ...original, default: { ...original.default, compare }, compare };
});

const PASSWORD = 'correct horse battery';
const SALT = Buffer.alloc(16, 's');
const base64 = (bytes: number, fill = 1) => Buffer.alloc(bytes, fill).toString('base64');

/** A hash in the `$scrypt$` format with the given cost and sizes; the hash bytes are not derived (never checked here). */
function shaped(cost: string, saltBytes = 16, hashBytes = 64): string {
  return `$scrypt$${cost}$${base64(saltBytes, 7)}$${base64(hashBytes)}`;
}

/** A real hash of PASSWORD at ln=14, r=8, p=1: what earlier releases took in from their first 0.20.x reader. */
function legacyHash(): string {
  const hash = scryptSync(PASSWORD, SALT, 64, { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `$scrypt$ln=14,r=8,p=1$${SALT.toString('base64')}$${hash.toString('base64')}`;
}

describe('isPasswordHash', () => {
  it.each<[string, unknown, boolean]>([
    ['the cost this service writes (ln=15, r=8, p=1)', shaped('ln=15,r=8,p=1'), true],
    ['the cost earlier releases took in (ln=14, r=8, p=1)', shaped('ln=14,r=8,p=1'), true],
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
    ['plain text', 'plain', false],
    ['an empty string', '', false],
    ['a number', 15, false],
    ['null', null, false],
  ])('%s', (_, hash, accepted) => {
    expect(isPasswordHash(hash)).toBe(accepted);
  });
});

// What ezSWM 0.20.3 wrote (../shared/fixtures/ezswm-0.20.3/users.json: campus_admin, password Campus-Admin-2025!).
const EZSWM_HASH = '$2b$10$AA1QfB3PbDX6ym4m7MZTy.4ASCeoh1ZghI0yd4.iMBtTt72oXVDlu';
const EZSWM_PASSWORD = 'Campus-Admin-2025!';
/** The 53 characters after `$2b$10$`: a 22-character salt and a 31-character hash. */
const EZSWM_TAIL = EZSWM_HASH.slice(7);

describe('isPasswordHash with bcrypt hashes of 0.20.x', () => {
  it.each<[string, unknown, boolean]>([
    ['$2b$10$, as 0.20.3 wrote', EZSWM_HASH, true],
    ['$2a$ (bcryptjs before 2.4)', `$2a$10$${EZSWM_TAIL}`, true],
    ['$2y$ (PHP)', `$2y$10$${EZSWM_TAIL}`, true],
    ['the least cost, 04', `$2b$04$${EZSWM_TAIL}`, true],
    ['the highest cost taken, 12', `$2b$12$${EZSWM_TAIL}`, true],
    ['cost 13 (each sign-in twice as long as at 12)', `$2b$13$${EZSWM_TAIL}`, false],
    ['cost 31 (each sign-in would take days)', `$2b$31$${EZSWM_TAIL}`, false],
    ['cost 03', `$2b$03$${EZSWM_TAIL}`, false],
    ['a cost of one digit', `$2b$9$${EZSWM_TAIL}`, false],
    ['a cost of three digits', `$2b$010$${EZSWM_TAIL}`, false],
    ['$2x$ (the flawed crypt_blowfish variant)', `$2x$10$${EZSWM_TAIL}`, false],
    ['$2$ (the first version)', `$2$10$${EZSWM_TAIL}`, false],
    ['52 characters after the cost', EZSWM_HASH.slice(0, -1), false],
    ['54 characters after the cost', `${EZSWM_HASH}.`, false],
    ['a character outside bcrypt base64', `${EZSWM_HASH.slice(0, -1)}+`, false],
    // The salt's 22nd character carries 2 bits and the hash's 31st 4: set unused bits never come out of bcrypt.
    ['a salt whose unused bits are set', `$2b$10$${EZSWM_TAIL.slice(0, 21)}/${EZSWM_TAIL.slice(22)}`, false],
    ['a hash whose unused bits are set', `${EZSWM_HASH.slice(0, -1)}v`, false],
    ['upper-case version letter', `$2B$10$${EZSWM_TAIL}`, false],
    ['surrounded by spaces', ` ${EZSWM_HASH} `, false],
  ])('%s', (_, hash, accepted) => {
    expect(isPasswordHash(hash)).toBe(accepted);
  });

  it('says both formats and the bounds in the rule that imports and the migration name', () => {
    expect(PASSWORD_HASH_RULE).toContain('ln=15,r=8,p=1');
    expect(PASSWORD_HASH_RULE).toContain('$2a$, $2b$, $2y$');
    expect(PASSWORD_HASH_RULE).toContain('from 04 to 12');
    expect(PASSWORD_HASH_RULE).toContain('53 characters');
  });
});

describe('verifyPassword with bcrypt hashes of 0.20.x', () => {
  it('verifies the hash 0.20.3 wrote with its password, and nothing else', async () => {
    expect(await verifyPassword(EZSWM_PASSWORD, EZSWM_HASH)).toBe(true);
    expect(await verifyPassword('Campus-Admin-2025', EZSWM_HASH)).toBe(false);
    expect(await verifyPassword('', EZSWM_HASH)).toBe(false);
  });

  it.each(['2a', '2b', '2y'])('verifies a $%s$ hash', async (version) => {
    const hash = bcrypt.hashSync(PASSWORD, 4).replace(/^\$2b\$/, `$${version}$`);
    expect(isPasswordHash(hash)).toBe(true);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, hash)).toBe(false);
  });

  it.each([
    ['cost 13', '13'],
    ['cost 31', '31'],
  ])('refuses a hash of %s at once, without running bcrypt (a sign-in against it must not take seconds)', async (_, cost) => {
    const forged = EZSWM_HASH.replace('$10$', `$${cost}$`);
    const before = derivations.count;
    expect(await verifyPassword(EZSWM_PASSWORD, forged)).toBe(false);
    expect(derivations.count - before, 'bcrypt runs').toBe(0);
    expect(await verifyPassword(EZSWM_PASSWORD, EZSWM_HASH)).toBe(true);
    expect(derivations.count - before, 'bcrypt runs for an accepted cost').toBe(1);
  });
});

describe('needsRehash', () => {
  it.each<[string, () => Promise<string> | string, boolean]>([
    ['a hash hashPassword writes', () => hashPassword(PASSWORD), false],
    ['the dummy hash', () => DUMMY_PASSWORD_HASH, false],
    ['a bcrypt hash of 0.20.x', () => EZSWM_HASH, true],
    ['a scrypt hash at ln=14', () => legacyHash(), true],
  ])('%s', async (_, hash, rewritten) => {
    expect(needsRehash(await hash())).toBe(rewritten);
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

  it('verifies a hash of ln=14, so users restored from older backups sign in with their passwords', async () => {
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
