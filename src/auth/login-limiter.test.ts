import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../errors/http-error.ts';
import { applyMigrations } from '../db/migrate.ts';
import { openDatabase, type Db } from '../db/open.ts';
import { createLogger, type Logger } from '../boot/log.ts';
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
});

/** A logger that keeps `<level> <message>` of each event, and the fields of each. */
function recordingLogger(): Logger & { lines: string[]; fields: (Record<string, unknown> | undefined)[] } {
  const lines: string[] = [];
  const fields: (Record<string, unknown> | undefined)[] = [];
  const at = (level: string) => (message: string, more?: Record<string, unknown>) => {
    lines.push(`${level} ${message}`);
    fields.push(more);
  };
  return { lines, fields, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe('a sign-in whose bookkeeping cannot be written', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('goes on when the database is read-only, with a warning, and the failures stored before still lock', () => {
    dir = mkdtempSync(join(tmpdir(), 'login-limiter-'));
    const path = join(dir, 'db.sqlite');
    const writable = openDatabase(path);
    applyMigrations(writable, MIGRATIONS);
    const writer = createLoginLimiter(writable, createLogger('error'), () => now);
    for (let i = 0; i < PAIR_LIMIT - 1; i++) writer.begin('alice', '192.0.2.1').settle(false);
    // A connection that SQLite itself refuses to write through (SQLITE_READONLY), as on a read-only file.
    const readOnly = openDatabase(path, { readOnly: true });
    const log = recordingLogger();
    const limiter = createLoginLimiter(readOnly, log, () => now);
    try {
      expect(() => limiter.begin('alice', '192.0.2.1').settle(false)).not.toThrow();
      expect(() => limiter.begin('alice', '192.0.2.1').settle(true)).not.toThrow();
      expect(log.lines).toEqual([
        'warn sign-in limiter: could not record a failure: the database cannot be written',
        'warn sign-in limiter: could not forget failures: the database cannot be written',
      ]);
      // Nothing was written (nor forgotten): the 9 failures stored before, and a 10th stored meanwhile, lock the pair.
      writer.begin('alice', '192.0.2.1').settle(false);
      expect(() => limiter.begin('alice', '192.0.2.1')).toThrow(expect.objectContaining({ status: 429 }));
      now += addressDelayS(PAIR_LIMIT) * 1000; // the address's own wait after its 10th failure
      expect(() => limiter.begin('bob', '192.0.2.1').settle(true), 'only the pair').not.toThrow();
    } finally {
      readOnly.close();
      writable.close();
    }
  });

  it('goes on when the write fails for any other reason, logged as an error with its stack', () => {
    // Not a storage fault (a failed constraint, as a bug would cause): the sign-in still must not fail for its
    // bookkeeping, but this is logged as an error to look into, not as the expected warning of a full disk.
    db.exec("CREATE TRIGGER broken BEFORE INSERT ON login_failures BEGIN SELECT RAISE(ABORT, 'bookkeeping bug'); END");
    const log = recordingLogger();
    const attempt = createLoginLimiter(db, log, () => now).begin('alice', '192.0.2.1');
    expect(() => attempt.settle(false)).not.toThrow();
    expect(log.lines).toEqual(['error sign-in limiter: could not record a failure']);
    expect(String(log.fields[0]?.error)).toContain('bookkeeping bug');
  });
});
