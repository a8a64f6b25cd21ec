// What an agent sends (issue 39), stored as the server's own polls are: storeDiscovery (the discovery, the history and
// so the drift findings) and the switch's poll state (poll.ts pollStateAfter), each observation with its idempotency
// key in the same transaction, so that a resend stores nothing twice.
import { randomUUID } from 'node:crypto';
import { agentOfSite, keepKey, noteAgentSeen, pruneKeys, receivedKey, type AgentRow } from '../db/agents.ts';
import { inTransaction, type Db } from '../db/open.ts';
import { effectiveSchedule, getPollState, savePollState } from '../db/polling.ts';
import { getSwitch } from '../db/switches.ts';
import { storeDiscovery } from './discover.ts';
import type { ObservedSwitch } from './observed.ts';
import { pollStateAfter } from './poll.ts';
import { parseTarget } from './target.ts';

/** How long the idempotency keys received are kept; an observation older than this is refused (its key may be gone). */
export const KEY_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One observation of a batch, as checked by the route: a switch read (observed) or not (error). */
export interface AgentObservation {
  key: string;
  switchId: string;
  host: string | null;
  observedAt: string;
  durationMs: number;
  observed: ObservedSwitch | null;
  error: string | null;
}

/** What the agent says of itself with a batch. */
export interface AgentStatus {
  version: string | null;
  queueLength: number | null;
  dropped: number;
  lastError: string | null;
}

/** What became of one observation: stored now, stored before (a resend), or refused for good (the agent drops it). */
export interface ObservationOutcome {
  key: string;
  status: 'stored' | 'duplicate' | 'rejected';
  discoveryId?: string | null;
  reason?: string;
}

/**
 * Stores a batch in one transaction, in order; each key once. A switch that is not (or no longer) of the agent's sites,
 * or an observation older than the keys are kept, is refused for good: resending it would not help.
 */
export function receiveObservations(
  db: Db,
  agent: AgentRow,
  batch: { status: AgentStatus; observations: AgentObservation[] },
  unitMs: number,
): ObservationOutcome[] {
  return inTransaction(db, () => {
    const now = Date.now();
    const at = new Date(now).toISOString();
    noteAgentSeen(db, agent.id, { at, ...batch.status });
    pruneKeys(db, new Date(now - KEY_RETENTION_DAYS * DAY_MS).toISOString());
    return batch.observations.map((observation) => receiveOne(db, agent, observation, { now, at, unitMs }));
  });
}

function receiveOne(
  db: Db,
  agent: AgentRow,
  observation: AgentObservation,
  clock: { now: number; at: string; unitMs: number },
): ObservationOutcome {
  const { key } = observation;
  const known = receivedKey(db, agent.id, key);
  if (known) return { key, status: 'duplicate', discoveryId: known.discovery_id };
  const refused = refusalOf(db, agent, observation, clock.now);
  if (refused) return { key, status: 'rejected', reason: refused };
  const sw = getSwitch(db, observation.switchId)!;
  const hostText = observation.host ?? sw.management_ip ?? sw.name;
  let discoveryId: string | null = null;
  if (observation.observed) {
    const id = randomUUID();
    const scope = { siteId: sw.site_id, switchId: sw.id, host: parseTarget(hostText)?.host ?? hostText };
    const row = storeDiscovery(db, {
      id,
      scope,
      hostText,
      observed: observation.observed,
      observedAt: observation.observedAt,
      createdBy: null,
      agentId: agent.id,
    });
    discoveryId = row ? id : null;
  }
  const schedule = effectiveSchedule(db, sw.id);
  if (schedule) {
    const poll = { switchId: sw.id, error: observation.error, durationMs: observation.durationMs, enabled: schedule.enabled === 1 };
    const state = pollStateAfter(getPollState(db, sw.id), poll, schedule.interval_minutes, clock.unitMs);
    savePollState(db, { ...state, last_polled_at: observation.observedAt });
  }
  keepKey(db, agent.id, key, clock.at, discoveryId);
  return { key, status: 'stored', discoveryId };
}

function refusalOf(db: Db, agent: AgentRow, observation: AgentObservation, now: number): string | undefined {
  const sw = getSwitch(db, observation.switchId);
  if (!sw || agentOfSite(db, sw.site_id)?.id !== agent.id) return 'The switch is not one of the sites this agent polls.';
  const observedAt = Date.parse(observation.observedAt);
  if (observedAt < now - KEY_RETENTION_DAYS * DAY_MS) return `The observation is older than ${KEY_RETENTION_DAYS} days.`;
  return undefined;
}
