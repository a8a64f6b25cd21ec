import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** The cost of a scrypt hash: N = 2^ln, block size r, parallelism p. */
interface ScryptCost {
  ln: number;
  r: number;
  p: number;
}

/** The cost of every hash this service writes. */
const WRITTEN_COST: ScryptCost = { ln: 15, r: 8, p: 1 };

/**
 * The scrypt costs a stored hash may have: the one written now, and ln=14 (what the first 0.20.x reader took in;
 * rewritten at the written cost at the next sign-in). A hash's cost is what each sign-in spends, so any other
 * cost is refused wherever a hash enters (restore, imports, the legacy migration) and never derived (a hash of
 * ln=20,r=99 would make every sign-in attempt cost gigabytes).
 */
const ACCEPTED_COSTS: readonly ScryptCost[] = [WRITTEN_COST, { ln: 14, r: 8, p: 1 }];
const SALT_BYTES = 16;
const HASH_BYTES = 64;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/**
 * The bcrypt costs (log2 of the rounds) a stored hash may have. ezSWM 0.20.x wrote `$2b$10$` (bcryptjs); 4 is
 * the least bcrypt allows. The cost is the hash's own, and each sign-in against it spends 2^cost rounds: a
 * higher one would let a planted hash make every sign-in expensive (cost 12 takes about 0.4 s of pure-JS
 * bcrypt, each step up doubles it, 31 would take days), so anything above 12 is refused wherever a hash enters.
 */
const BCRYPT_COSTS = { min: 4, max: 12 } as const;
/** The bcrypt versions of other tools that verify alike: `$2a$` (bcryptjs before 2.4), `$2b$`, `$2y$` (PHP). */
const BCRYPT_VERSIONS = ['2a', '2b', '2y'] as const;
const BCRYPT_SALT_BYTES = 16;
const BCRYPT_HASH_BYTES = 23;
// `$2b$10$` then 53 characters of bcrypt's own base64 (./A-Za-z0-9): a 22-character salt and a 31-character hash.
const BCRYPT_FORMAT = /^\$(2[aby])\$(\d\d)\$([./A-Za-z0-9]{22})([./A-Za-z0-9]{31})$/;

/** Why a password hash is refused, as a field fault of restores, imports and the legacy migration says it. */
export const PASSWORD_HASH_RULE =
  `must be a password hash as this service writes it: $scrypt$ln=…,r=…,p=…$<salt>$<hash>, a ${SALT_BYTES}-byte salt ` +
  `and a ${HASH_BYTES}-byte hash in base64, with the cost ` +
  `${ACCEPTED_COSTS.map(({ ln, r, p }) => `ln=${ln},r=${r},p=${p}`).join(' or ')}; ` +
  `or as ezSWM 0.20.x wrote it: bcrypt ${BCRYPT_VERSIONS.map((version) => `$${version}$`).join(', ')} with a cost from ` +
  `${pad(BCRYPT_COSTS.min)} to ${pad(BCRYPT_COSTS.max)} and 53 characters of salt and hash ($2b$10$<53 characters>)`;

type ParsedHash = { scheme: 'scrypt'; cost: ScryptCost; salt: Buffer; hash: Buffer } | { scheme: 'bcrypt'; cost: number };

function parseHash(stored: unknown): ParsedHash | undefined {
  if (typeof stored !== 'string') return undefined;
  return stored.startsWith('$scrypt$') ? parseScrypt(stored) : parseBcrypt(stored);
}

// The cost must be one of ACCEPTED_COSTS as written ("ln=015" is not), salt and hash of the sizes written, in canonical base64.
function parseScrypt(stored: string): ParsedHash | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const [, ln, r, p, saltText, hashText] = match;
  const cost = ACCEPTED_COSTS.find((candidate) => `${candidate.ln},${candidate.r},${candidate.p}` === `${ln},${r},${p}`);
  const salt = decode(saltText, SALT_BYTES);
  const hash = decode(hashText, HASH_BYTES);
  return cost && salt && hash ? { scheme: 'scrypt', cost, salt, hash } : undefined;
}

// The cost written with two digits within BCRYPT_COSTS, salt and hash in canonical bcrypt base64 (the unused low
// bits of their last characters zero, as bcrypt writes them: another spelling could never verify).
function parseBcrypt(stored: string): ParsedHash | undefined {
  const match = BCRYPT_FORMAT.exec(stored);
  if (!match) return undefined;
  const [, , costText, saltText, hashText] = match;
  const cost = Number(costText);
  if (cost < BCRYPT_COSTS.min || cost > BCRYPT_COSTS.max) return undefined;
  const canonical = (text: string, bytes: number) => bcrypt.encodeBase64(bcrypt.decodeBase64(text, bytes), bytes) === text;
  return canonical(saltText, BCRYPT_SALT_BYTES) && canonical(hashText, BCRYPT_HASH_BYTES) ? { scheme: 'bcrypt', cost } : undefined;
}

function pad(cost: number): string {
  return String(cost).padStart(2, '0');
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
 * salt and a 64-byte hash, or a bcrypt hash of 0.20.x within BCRYPT_COSTS (backups, imports and legacy files
 * are checked with this).
 */
export function isPasswordHash(stored: unknown): stored is string {
  return parseHash(stored) !== undefined;
}

/**
 * Compares a password with a stored hash in constant time. False at once, without deriving anything, for a
 * hash that isPasswordHash refuses (a database written by another tool). A bcrypt hash is verified by
 * bcryptjs (asynchronously, in slices that leave the event loop free), which, as bcrypt does, reads only the
 * first 72 bytes of the password.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  if (parsed.scheme === 'bcrypt') return bcrypt.compare(password, stored);
  const actual = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(actual, parsed.hash);
}

/**
 * Whether a stored hash is other than what hashPassword writes now (bcrypt of 0.20.x, scrypt at ln=14): the
 * sign-in rewrites such a hash with hashPassword once the password has verified against it.
 */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return parsed?.scheme !== 'scrypt' || parsed.cost !== WRITTEN_COST;
}

/**
 * A hash to compare against when the user does not exist, so that both paths take the same time as a sign-in
 * of a user with a hash this service wrote. (A user migrated from 0.20.x differs until the first sign-in
 * rewrites the hash: bcrypt at cost 10 takes about as long as this scrypt, not the same.)
 */
export const DUMMY_PASSWORD_HASH = `$scrypt$ln=15,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA==$${Buffer.alloc(HASH_BYTES).toString('base64')}`;
