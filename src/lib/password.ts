import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const DEFAULT_PARAMS = { ln: 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 64;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function derive(password: string, salt: Buffer, ln: number, r: number, p: number, length: number): Promise<Buffer> {
  const N = 2 ** ln;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes a password as `$scrypt$ln=15,r=8,p=1$<salt base64>$<hash base64>`. */
export async function hashPassword(password: string): Promise<string> {
  const { ln, r, p } = DEFAULT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, ln, r, p, HASH_BYTES);
  return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether `stored` is in the `$scrypt$…` format (legacy files and backups are checked with this). */
export function isPasswordHash(stored: unknown): stored is string {
  if (typeof stored !== 'string') return false;
  const match = FORMAT.exec(stored);
  return Boolean(match && Number(match[1]) >= 1 && Number(match[1]) <= 20 && Number(match[2]) >= 1 && Number(match[3]) >= 1);
}

/** Compares a password with a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!isPasswordHash(stored)) return false;
  const [, ln, r, p, salt, hash] = FORMAT.exec(stored)!;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(ln), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash to compare against when the user does not exist, so that both paths take the same time. */
export const DUMMY_PASSWORD_HASH =
  '$scrypt$ln=15,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA==$' + Buffer.alloc(HASH_BYTES).toString('base64');
