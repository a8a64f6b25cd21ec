// The scheduler (issue 37): a timer inside the server that polls the switches whose schedules are due. Each tick reads
// the due switches through one range of the poll_state_due index and starts at most POLL_CONCURRENCY polls at once
// (discovery/poll.ts). The state lives in the rows (next_at), so a restart loses no schedule; after a start the polls
// that fell due while the service was down are spread over their intervals, not made all at once.
import { inTransaction, writeTurn } from '../db/open.ts';
import { anyCoveredWithoutState, duePolls, spreadOverduePolls, syncPollState } from '../db/polling.ts';
import { pollSwitch, type PollDeps } from './poll.ts';
import { settledWithin } from '../lib/settled-within.ts';

/** A tick at most this often, at least every quarter of an interval's minute (POLL_INTERVAL_UNIT_MS). */
const TICK_MIN_MS = 250;
const TICK_MAX_MS = 15_000;
/** How long close() waits for the polls in flight. */
const STOP_GRACE_MS = 5_000;

/** A running scheduler. */
export interface Scheduler {
  /** Stops the timer and waits for the polls in flight (bounded by STOP_GRACE_MS). */
  stop(): Promise<void>;
}

/** Starts the scheduler: one query spreads the overdue polls; nothing else runs before its first tick. */
export function startScheduler(deps: PollDeps): Scheduler {
  const { db, config } = deps;
  const unitMs = config.pollIntervalUnitMs;
  inTransaction(db, () => spreadOverduePolls(db, Date.now(), unitMs));
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  let ticks = 0;
  const tick = () => {
    if (stopped) return;
    ticks += 1;
    if (ticks % Math.ceil(unitMs / tickMs) === 0 && anyCoveredWithoutState(db)) void coverNewSwitches();
    const free = config.pollConcurrency - inFlight.size;
    if (free <= 0) return;
    for (const switchId of duePolls(db, Date.now(), free + inFlight.size)) {
      if (inFlight.size >= config.pollConcurrency) break;
      if (!inFlight.has(switchId)) inFlight.set(switchId, runPoll(switchId));
    }
  };
  const runPoll = (switchId: string) =>
    pollSwitch(deps, switchId)
      .catch((error: unknown) => deps.log.error('poll failed', { switchId, error: error instanceof Error ? error.message : String(error) }))
      .then(() => void inFlight.delete(switchId));
  const coverNewSwitches = async () => {
    await writeTurn(db);
    inTransaction(db, () => syncPollState(db, {}, Date.now(), unitMs));
  };
  const tickMs = Math.min(Math.max(Math.floor(unitMs / 4), TICK_MIN_MS), TICK_MAX_MS);
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await settledWithin(inFlight.values(), STOP_GRACE_MS);
    },
  };
}
