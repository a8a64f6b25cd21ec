// One poll (issue 37): a discovery of a documented switch made by the scheduler or by run-now, through the same path as
// POST /api/discovery (readObserved, then recordDiscovery), with the credentials of the set its schedule names. Its
// outcome is the switch's poll state: ok, or failing with a back-off that doubles up to BACKOFF_MAX_FACTOR intervals.
// A poll writes no activity entry (an observation, migrations/0013_discovery.sql) and proposes nothing by itself.
import { randomUUID } from 'node:crypto';
import type { Config } from '../boot/config.ts';
import { agentOfSite } from '../db/agents.ts';
import { inTransaction, writeTurn, type Db } from '../db/open.ts';
import { effectiveSchedule, getPollState, NEVER, savePollState, type PollStateRow } from '../db/polling.ts';
import { getSwitch, type SwitchRow } from '../db/switches.ts';
import { Refusal } from '../errors/refusal.ts';
import { credentialSetSecretsFor } from './credential-sets.ts';
import { credentialKey } from './credentials.ts';
import { recordDiscovery } from './discover.ts';
import { readObserved, type ReadDeps } from './read-observed.ts';
import { parseTarget } from './target.ts';

/** A failing switch is polled again after 1, 2, 4, then 8 intervals at most. */
export const BACKOFF_MAX_FACTOR = 8;

/** What a poll needs of the service: the App has it all. */
export interface PollDeps extends ReadDeps {
  db: Db;
  config: Config;
  polls: { record(ok: boolean, durationMs: number): void };
}

/** A poll's outcome: the switch's poll state after it, and the discovery it stored (null for a poll that read nothing). */
export interface PollOutcome extends PollStateRow {
  discovery_id: string | null;
}

/** Polls a switch now; undefined when no schedule covers it (or it is gone). */
export async function pollSwitch(deps: PollDeps, switchId: string): Promise<PollOutcome | undefined> {
  const { db } = deps;
  const sw = getSwitch(db, switchId);
  const schedule = sw && effectiveSchedule(db, switchId);
  if (!sw || !schedule) return undefined;
  const agent = agentOfSite(db, sw.site_id);
  if (agent) throw new Refusal('conflict', 'polled_by_agent', `Switch ${sw.name} is polled by the agent ${agent.name}, not by the server.`);
  const started = performance.now();
  let discoveryId: string | null = null;
  let error: string | null = null;
  try {
    discoveryId = await readAndRecord(deps, sw, schedule.host ?? sw.management_ip, schedule.credential_id);
    if (discoveryId === null) return undefined;
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const durationMs = Math.round(performance.now() - started);
  deps.polls.record(error === null, durationMs);
  await writeTurn(db);
  const state = pollStateAfter(
    getPollState(db, switchId),
    { switchId, error, durationMs, enabled: schedule.enabled === 1 },
    schedule.interval_minutes,
    deps.config.pollIntervalUnitMs,
  );
  inTransaction(db, () => savePollState(db, state));
  return { ...state, discovery_id: discoveryId };
}

// The discovery's id; null when the switch was deleted while it was read. Throws, with a message for the poll state, when it cannot read.
async function readAndRecord(deps: PollDeps, sw: SwitchRow, host: string | null, credentialId: string): Promise<string | null> {
  if (!host) throw new Error('The switch has no management IP and its schedule names no host.');
  const target = parseTarget(host);
  if (!target) throw new Error(`${host} is no host to poll.`);
  const key = deps.config.jwtSecret ? credentialKey(deps.config.jwtSecret) : undefined;
  const credentials = credentialSetSecretsFor(deps.db, key, credentialId, target);
  const observed = await readObserved(deps, target, credentials);
  await writeTurn(deps.db);
  const id = randomUUID();
  const scope = { siteId: sw.site_id, switchId: sw.id, host: target.host };
  const row = recordDiscovery(deps.db, { id, scope, hostText: host, observed, observedAt: new Date().toISOString(), createdBy: null });
  return row ? id : null;
}

/** A switch's poll state after a poll (the scheduler's, or an agent's reported): ok, or failing with its back-off. */
export function pollStateAfter(
  before: PollStateRow | undefined,
  poll: { switchId: string; error: string | null; durationMs: number; enabled: boolean },
  intervalMinutes: number,
  unitMs: number,
): PollStateRow {
  const failures = poll.error === null ? 0 : (before?.failures ?? 0) + 1;
  const factor = Math.min(2 ** Math.max(failures - 1, 0), BACKOFF_MAX_FACTOR);
  const now = Date.now();
  return {
    switch_id: poll.switchId,
    status: !poll.enabled ? 'paused' : poll.error === null ? 'ok' : 'failing',
    last_polled_at: new Date(now).toISOString(),
    last_error: poll.error,
    next_at: poll.enabled ? now + intervalMinutes * factor * unitMs : NEVER,
    duration_ms: poll.durationMs,
    failures,
  };
}
