// The polls of the scheduler and of run-now (issue 37), counted for GET /api/metrics: done and failed, and a histogram
// of their durations. Made once in server.ts; a poll records itself here (discovery/poll.ts).
import type { Db } from '../db/open.ts';
import { countDuePolls } from '../db/polling.ts';
import { family, histogramFamily } from './prometheus-text.ts';

/** Upper bounds of the poll-duration buckets, in seconds: a switch answers in well under a second or times out in seconds. */
export const POLL_DURATION_BOUNDS_S: readonly number[] = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The polls counted since the start. */
export interface PollStats {
  record(ok: boolean, durationMs: number): void;
  readonly done: number;
  readonly failed: number;
  readonly buckets: Float64Array;
  readonly sumSeconds: number;
}

/** Counts from zero. */
export function createPollStats(): PollStats {
  const buckets = new Float64Array(POLL_DURATION_BOUNDS_S.length + 1);
  const stats = {
    done: 0,
    failed: 0,
    buckets,
    sumSeconds: 0,
    record(ok: boolean, durationMs: number) {
      const seconds = durationMs / 1000;
      stats.done += 1;
      if (!ok) stats.failed += 1;
      stats.sumSeconds += seconds;
      const index = POLL_DURATION_BOUNDS_S.findIndex((bound) => seconds <= bound);
      buckets[index === -1 ? POLL_DURATION_BOUNDS_S.length : index] += 1;
    },
  };
  return stats;
}

/** The polling families of a scrape: polls done and failed, their durations, and the switches due now (the queue). */
export function pollFamilies(stats: PollStats, db: Db): string {
  return (
    family('switchyard_polls_total', 'counter', 'Polls of switches made (scheduled and run-now), failed ones included.', [
      { value: stats.done },
    ]) +
    family('switchyard_polls_failed_total', 'counter', 'Polls of switches that could not read the switch.', [{ value: stats.failed }]) +
    histogramFamily(
      'switchyard_poll_duration_seconds',
      'How long a poll took, from its start to its discovery stored.',
      POLL_DURATION_BOUNDS_S,
      [{ counts: stats.buckets, sum: stats.sumSeconds, count: stats.done }],
    ) +
    family('switchyard_poll_queue_length', 'gauge', 'Switches due for a poll now and not polled yet.', [
      { value: countDuePolls(db, Date.now()) },
    ])
  );
}
