import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** The cost of a scrypt hash: N = 2^ln, block size r, parallelism p. */
interface ScryptCost {
  ln: number;
  r: number;
  p: number;
}

/** The cost of every hash this service writes. */
const WRITTEN_COST: ScryptCost = { ln: 15, r: 8, p: 1 };

/**
 * The costs a stored hash may have: the one written now, and the one 0.20.x wrote (its users are migrated
 * with their hashes and sign in with them). A hash's cost is what each sign-in spends, so any other cost is
 * refused wherever a hash enters (restore, imports, the legacy migration) and never derived (a hash of
 * ln=20,r=99 would make every sign-in attempt cost gigabytes). Another scheme (bcrypt) adds its costs here.
 */
const ACCEPTED_COSTS: readonly ScryptCost[] = [WRITTEN_COST, { ln: 14, r: 8, p: 1 }];
const SALT_BYTES = 16;
const HASH_BYTES = 64;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/** Why a password hash is refused, as a field fault of imports and the legacy migration says it. */
export const PASSWORD_HASH_RULE = `must be a password hash as this service writes it: $scrypt$ln=…,r=…,p=…$<salt>$<hash>, a ${SALT_BYTES}-byte salt and a ${HASH_BYTES}-byte hash in base64, with the cost ${ACCEPTED_COSTS.map(({ ln, r, p }) => `ln=${ln},r=${r},p=${p}`).join(' or ')}`;

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

// The cost must be one of ACCEPTED_COSTS as written ("ln=015" is not), salt and hash of the sizes written, in canonical base64.
function parseHash(stored: unknown): ParsedHash | undefined {
  if (typeof stored !== 'string') return undefined;
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const [, ln, r, p, saltText, hashText] = match;
  const cost = ACCEPTED_COSTS.find((candidate) => `${candidate.ln},${candidate.r},${candidate.p}` === `${ln},${r},${p}`);
  const salt = decode(saltText, SALT_BYTES);
  const hash = decode(hashText, HASH_BYTES);
  return cost && salt && hash ? { cost, salt, hash } : undefined;
}

function decode(text: string, bytes: number): Buffer | undefined {
  const buffer = Buffer.from(text, 'base64');
  return buffer.length === bytes && buffer.toString('base64') === text ? buffer : undefined;
}

function derive(password: string, salt: Buffer, { ln, r, p }: ScryptCost, length: number): Promise<Buffer> {
  const N = 2 ** ln;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes a password as `$scrypt$ln=15,r=8,p=1$<salt base64>$<hash base64>`. */
export async function hashPassword(password: string): Promise<string> {
  const { ln, r, p } = WRITTEN_COST;
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, WRITTEN_COST, HASH_BYTES);
  return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * Whether `stored` is a hash this service accepts: the `$scrypt$` format with an accepted cost, a 16-byte
 * salt and a 64-byte hash (backups, imports and legacy files are checked with this).
 */
export function isPasswordHash(stored: unknown): stored is string {
  return parseHash(stored) !== undefined;
}

/**
 * Compares a password with a stored hash in constant time. False at once, without deriving anything, for a
 * hash that isPasswordHash refuses (a database written by another tool).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(actual, parsed.hash);
}

/** A hash to compare against when the user does not exist, so that both paths take the same time. */
export const DUMMY_PASSWORD_HASH = `$scrypt$ln=15,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA==$${Buffer.alloc(HASH_BYTES).toString('base64')}`;
