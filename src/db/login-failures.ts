import { prepare, type Db } from './open.ts';

/** The failures of one key within a window: how many, the oldest and the newest (ms since the epoch). */
export interface FailureCount {
  n: number;
  oldest: number | null;
  newest: number | null;
}

/** How many failed sign-ins `key` has had after `sinceMs`. */
export function countLoginFailures(db: Db, key: string, sinceMs: number): FailureCount {
  return prepare(db, 'SELECT count(*) AS n, min(at) AS oldest, max(at) AS newest FROM login_failures WHERE key = ? AND at > ?').get(
    key,
    sinceMs,
  ) as unknown as FailureCount;
}

/** Records one failed sign-in under each key and forgets the failures older than `olderThanMs`. */
export function recordLoginFailure(db: Db, keys: string[], atMs: number, olderThanMs: number): void {
  prepare(db, 'DELETE FROM login_failures WHERE at < ?').run(olderThanMs);
  for (const key of keys) prepare(db, 'INSERT INTO login_failures (key, at) VALUES (?, ?)').run(key, atMs);
}

/** Forgets the failures of one key. */
export function clearLoginFailures(db: Db, key: string): void {
  prepare(db, 'DELETE FROM login_failures WHERE key = ?').run(key);
}
