// What an attempt of a delivery comes to (API.md, "Webhooks"): delivered on a 2xx; on a network error, a 5xx or a
// 429 another attempt after a back-off with jitter (5 s doubling, at most 60 s apart in the first hour and 10 minutes
// after it, never sooner than a Retry-After asks) until 24 hours have passed since the first attempt; failed at once
// on any other answer (a redirect among them: none is followed). Every wait is multiplied by the time scale, which
// is 1 but in tests.
import type { AttemptOutcome, DeliveryRow } from '../db/webhooks.ts';

/** The answer of one attempt: the status, the start of the answer's body and its Retry-After; or what failed. */
export type Answer = { statusCode: number; response: string; retryAfter: string | null } | { error: string };

const FIRST_WAIT_MS = 5_000;
const FIRST_HOUR_MS = 3_600_000;
const EARLY_MAX_WAIT_MS = 60_000;
const LATE_MAX_WAIT_MS = 600_000;
/** How long a delivery is retried, and how long a subscription may fail before it is turned off. */
export const GIVE_UP_MS = 86_400_000;

/** The outcome of an attempt of `delivery` made at `now` (milliseconds) that got `answer`. */
export function outcomeOf(delivery: DeliveryRow, answer: Answer, now: number, timeScale: number, random = Math.random): AttemptOutcome {
  const at = new Date(now).toISOString();
  const statusCode = 'error' in answer ? null : answer.statusCode;
  const base = { at, statusCode, error: 'error' in answer ? answer.error : null, response: 'error' in answer ? null : answer.response };
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { ...base, status: 'delivered', nextAttemptAt: 0 };
  const retryable = statusCode === null || statusCode >= 500 || statusCode === 429;
  const firstAttempt = delivery.first_attempt_at === null ? now : Date.parse(delivery.first_attempt_at);
  const sinceFirst = now - firstAttempt;
  if (!retryable || sinceFirst >= GIVE_UP_MS * timeScale) return { ...base, status: 'failed', nextAttemptAt: 0 };
  const wait = backOff(delivery.attempts + 1, sinceFirst, timeScale, random);
  const asked = 'error' in answer ? 0 : retryAfterMs(answer.retryAfter, now) * timeScale;
  return { ...base, status: 'queued', nextAttemptAt: now + Math.max(wait, asked) };
}

/** The wait after the `attempts`-th failed attempt: doubling from 5 s, capped by the hour it is in, with jitter. */
export function backOff(attempts: number, sinceFirstMs: number, timeScale: number, random = Math.random): number {
  const cap = sinceFirstMs < FIRST_HOUR_MS * timeScale ? EARLY_MAX_WAIT_MS : LATE_MAX_WAIT_MS;
  const wait = Math.min(FIRST_WAIT_MS * 2 ** Math.min(attempts - 1, 20), cap);
  // The upper half of the wait, drawn at random: receivers coming back are not met by every sender at once.
  return wait * (0.5 + random() / 2) * timeScale;
}

/** A Retry-After header's wait in milliseconds: seconds, or an HTTP date; 0 when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number {
  if (header === null) return 0;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? 0 : Math.max(0, date - now);
}
