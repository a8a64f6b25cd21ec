// Password guessing is slowed without letting anybody lock other people out. Failed sign-ins (and wrong current
// passwords at a password change) are counted in the database, so a restart does not reset them, under three
// keys: the username from one address (locked after 10), the username from everywhere (locked after 100: a
// guess spread over many addresses) and the address alone, which is never locked but made to wait, longer
// with each failure past 10, so that a noisy address costs its users seconds, not a quarter of an hour. The
// caller names the address as the other per-client limits count it (clientKey of http/client.ts: an IPv6 client
// per /64, else a guesser with one /64 would have 2^64 fresh addresses).
import { writeUnlessStorageFails, type Db } from '../db/open.ts';
import { clearLoginFailures, countLoginFailures, recordLoginFailure, type FailureCount } from '../db/login-failures.ts';
import { HttpError } from '../errors/http-error.ts';
import type { Logger } from '../boot/log.ts';

/** How long a failure counts. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one username from one address before that pair is locked for the window. */
export const PAIR_LIMIT = 10;
/** Failures of one username from all addresses together before it is locked for the window. */
export const USER_LIMIT = 100;
/** Failures from one address before it must wait between attempts. */
export const ADDRESS_FREE_FAILURES = 10;
/** The longest wait of a noisy address. */
export const ADDRESS_MAX_DELAY_S = 60;

/** One sign-in attempt under way: settle it with the outcome of the password check. */
export interface LoginAttempt {
  /** true clears the pair's failures, false records one; undefined neither (the directory could not be asked). */
  settle(succeeded: boolean | undefined): void;
}

/** Lets an attempt through or refuses it with 429; counts its outcome. */
export interface LoginLimiter {
  /** 429 too_many_requests (with Retry-After) when this username or client must wait; else the attempt. `client`: a clientKey. */
  begin(username: string, client: string): LoginAttempt;
}

/** The wait, in seconds, of an address after its `failures`-th failure. */
export function addressDelayS(failures: number): number {
  if (failures < ADDRESS_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - ADDRESS_FREE_FAILURES), ADDRESS_MAX_DELAY_S);
}

/** The limiter of one server: the counts live in the database, attempts still hashing in memory. */
export function createLoginLimiter(db: Db, log: Logger, clock: () => number = Date.now): LoginLimiter {
  // Attempts whose password is still being hashed count as failures: guesses sent all at once see each other.
  const underWay = new Map<string, number>();
  const adjust = (keys: string[], by: number) => {
    for (const key of keys) {
      const n = (underWay.get(key) ?? 0) + by;
      if (n > 0) underWay.set(key, n);
      else underWay.delete(key);
    }
  };

  function count(key: string, now: number): FailureCount {
    const stored = countLoginFailures(db, key, now - LOGIN_WINDOW_MS);
    const pending = underWay.get(key) ?? 0;
    if (pending === 0) return stored;
    return { n: stored.n + pending, oldest: stored.oldest ?? now, newest: now };
  }

  function refuseWhenLimited(keys: AttemptKeys, now: number): void {
    const waits: number[] = [];
    for (const [key, limit] of [
      [keys.pair, PAIR_LIMIT],
      [keys.user, USER_LIMIT],
    ] as const) {
      const { n, oldest } = count(key, now);
      if (n >= limit) waits.push((oldest ?? now) + LOGIN_WINDOW_MS - now);
    }
    const address = count(keys.address, now);
    const delayMs = addressDelayS(address.n) * 1000;
    if (delayMs > 0 && (address.newest ?? 0) + delayMs > now) waits.push((address.newest ?? now) + delayMs - now);
    if (waits.length === 0) return;
    const retryAfterS = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
    throw new HttpError(429, 'too_many_requests', `Too many failed sign-ins; try again in ${retryAfterS} s.`, undefined, {
      'Retry-After': String(retryAfterS),
    });
  }

  // Bookkeeping only: a full disk or a read-only file must not keep anybody from signing in.
  function bestEffort(what: string, write: () => void): void {
    try {
      if (!writeUnlessStorageFails(db, write)) log.warn(`sign-in limiter: could not ${what}: the database cannot be written`);
    } catch (error) {
      log.error(`sign-in limiter: could not ${what}`, { error: (error as Error).stack });
    }
  }

  return {
    begin(username, client) {
      const keys = attemptKeys(username, client);
      const all = [keys.pair, keys.user, keys.address];
      refuseWhenLimited(keys, clock());
      adjust(all, 1);
      let settled = false;
      return {
        settle(succeeded) {
          if (settled) return;
          settled = true;
          adjust(all, -1);
          const now = clock();
          if (succeeded === undefined) return;
          if (succeeded) bestEffort('forget failures', () => clearLoginFailures(db, keys.pair));
          else bestEffort('record a failure', () => recordLoginFailure(db, all, now, now - LOGIN_WINDOW_MS));
        },
      };
    },
  };
}

interface AttemptKeys {
  pair: string;
  user: string;
  address: string;
}

function attemptKeys(username: string, client: string): AttemptKeys {
  const user = username.toLowerCase();
  return { pair: `pair:${user} ${client}`, user: `user:${user}`, address: `addr:${client}` };
}
