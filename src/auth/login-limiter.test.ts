import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../errors/http-error.ts';
import { applyMigrations } from '../db/migrate.ts';
import { openDatabase, type Db } from '../db/open.ts';
import { createLogger } from '../boot/log.ts';
import {
  ADDRESS_FREE_FAILURES,
  addressDelayS,
  createLoginLimiter,
  LOGIN_WINDOW_MS,
  PAIR_LIMIT,
  type LoginLimiter,
} from './login-limiter.ts';

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');

let db: Db;
let now: number;
let limiter: LoginLimiter;

beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
  now = Date.UTC(2026, 10, 23);
  limiter = createLoginLimiter(db, createLogger('error'), () => now);
});

/** The outcome of one attempt that fails its password check: 'failed', or the Retry-After of a 429. */
function fail(username: string, address: string): 'failed' | number {
  try {
    limiter.begin(username, address).settle(false);
    return 'failed';
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 429) throw error;
    return Number(error.headers!['Retry-After']);
  }
}

describe('the wait of a noisy address', () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 1],
    [11, 2],
    [12, 4],
    [15, 32],
    [16, 60],
    [40, 60],
  ])('after %i failures is %i s', (failures, seconds) => {
    expect(addressDelayS(failures)).toBe(seconds);
  });

  it('refuses an attempt inside the wait with its Retry-After and lets it through after, each wait longer', () => {
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) expect(fail(`user${i}`, '192.0.2.1')).toBe('failed');
    for (const wait of [1, 2, 4, 8]) {
      expect(fail('someone', '192.0.2.1')).toBe(wait);
      now += wait * 1000 - 1;
      expect(fail('someone', '192.0.2.1')).toBe(1);
      now += 1;
      expect(fail('someone', '192.0.2.1')).toBe('failed');
    }
  });

  it('does not slow other addresses', () => {
    for (let i = 0; i < ADDRESS_FREE_FAILURES + 3; i++) {
      now += addressDelayS(i) * 1000;
      fail(`user${i}`, '192.0.2.1');
    }
    expect(fail('someone', '192.0.2.2')).toBe('failed');
  });
});

describe('the lock of a username', () => {
  it('locks the username at one address after 10 failures until the first of them leaves the window', () => {
    for (let i = 0; i < PAIR_LIMIT; i++) {
      expect(fail('alice', '192.0.2.1')).toBe('failed');
      now += 60_000;
    }
    const retryAfter = fail('alice', '192.0.2.1');
    expect(retryAfter).toBe((LOGIN_WINDOW_MS - PAIR_LIMIT * 60_000) / 1000);
    expect(fail('alice', '192.0.2.9')).toBe('failed');
    now += Number(retryAfter) * 1000;
    expect(fail('alice', '192.0.2.1')).toBe('failed');
  });

  it('forgets the failures of the pair at a successful sign-in', () => {
    for (let i = 0; i < PAIR_LIMIT - 1; i++) fail('alice', '192.0.2.1');
    limiter.begin('alice', '192.0.2.1').settle(true);
    expect(fail('alice', '192.0.2.1')).toBe('failed');
  });

  it('counts attempts still being checked, so that guesses sent at once see each other', () => {
    const underWay = Array.from({ length: PAIR_LIMIT }, () => limiter.begin('alice', '192.0.2.1'));
    expect(() => limiter.begin('alice', '192.0.2.1')).toThrow(HttpError);
    for (const attempt of underWay) attempt.settle(true);
    expect(fail('alice', '192.0.2.1')).toBe('failed');
  });

  it('still lets a sign-in through when its failures cannot be written', () => {
    db.exec("CREATE TRIGGER no_room BEFORE INSERT ON login_failures BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    const attempt = limiter.begin('alice', '192.0.2.1');
    expect(() => attempt.settle(false)).not.toThrow();
  });
});
