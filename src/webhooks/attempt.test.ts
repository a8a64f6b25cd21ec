import { describe, expect, it } from 'vitest';
import type { DeliveryRow } from '../db/webhooks.ts';
import { backOff, outcomeOf, retryAfterMs } from './attempt.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
const delivery = (attempts: number, firstAttemptAgoMs: number | null): DeliveryRow =>
  ({ attempts, first_attempt_at: firstAttemptAgoMs === null ? null : new Date(NOW - firstAttemptAgoMs).toISOString() }) as DeliveryRow;
const highest = () => 1 - Number.EPSILON;
const lowest = () => 0;

describe('the back-off of a failed delivery', () => {
  it('starts at 5 s and doubles, at most 60 s apart in the first hour and 10 minutes after it', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => Math.round(backOff(attempts, 0, 1, highest)))).toEqual([
      5000, 10000, 20000, 40000, 60000, 60000,
    ]);
    expect(Math.round(backOff(12, HOUR, 1, highest))).toBe(600_000);
  });

  it('is jittered within the upper half of the wait', () => {
    expect(backOff(1, 0, 1, lowest)).toBe(2500);
  });

  it('never comes sooner than a Retry-After asks', () => {
    const answer = { statusCode: 429, response: '', retryAfter: '120' };
    expect(outcomeOf(delivery(0, null), answer, NOW, 1, highest)).toMatchObject({ status: 'queued', nextAttemptAt: NOW + 120_000 });
    expect(retryAfterMs(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
  });
});

describe('the outcome of an attempt', () => {
  it('is delivered on a 2xx, retried on a network error, a 5xx or a 429, and failed at once on anything else', () => {
    expect(outcomeOf(delivery(0, null), { statusCode: 204, response: '', retryAfter: null }, NOW, 1).status).toBe('delivered');
    expect(outcomeOf(delivery(0, null), { error: 'ECONNREFUSED' }, NOW, 1).status).toBe('queued');
    expect(outcomeOf(delivery(0, null), { statusCode: 503, response: '', retryAfter: null }, NOW, 1).status).toBe('queued');
    expect(outcomeOf(delivery(0, null), { statusCode: 302, response: '', retryAfter: null }, NOW, 1).status).toBe('failed');
    expect(outcomeOf(delivery(0, null), { statusCode: 410, response: 'gone', retryAfter: null }, NOW, 1)).toMatchObject({
      status: 'failed',
      statusCode: 410,
      response: 'gone',
    });
  });

  it('is failed once 24 hours have passed since the first attempt', () => {
    expect(outcomeOf(delivery(40, 24 * HOUR - 1), { error: 'timeout' }, NOW, 1).status).toBe('queued');
    expect(outcomeOf(delivery(40, 24 * HOUR), { error: 'timeout' }, NOW, 1).status).toBe('failed');
  });
});
