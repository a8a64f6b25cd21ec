// Agents (issue 39): made and revoked by an admin, each with an activity entry that names the agent, never its token
// (not undoable: a revoked token stays dead). An agent's observations are stored as the server's own polls are:
// discovery/discover.ts storeDiscovery (the discovery, the history and so the drift findings) and the switch's poll
// state (discovery/poll.ts pollStateAfter), each with its idempotency key in the same transaction, so that a resend
// stores nothing twice.
import { randomUUID } from 'node:crypto';
import {
  agentOfSite,
  agentTokenHash,
  getAgent,
  insertAgent,
  insertAgentSite,
  keepKey,
  newAgentToken,
  noteAgentPolled,
  noteAgentSeen,
  pruneKeys,
  receivedKey,
  revokeAgentRow,
  type AgentRow,
} from '../db/agents.ts';
import { recordChange, type ActivityInput, type Actor } from '../db/change.ts';
import { inTransaction, type Db } from '../db/open.ts';
import { effectiveSchedule, getPollState, savePollState } from '../db/polling.ts';
import { getSite } from '../db/sites.ts';
import { getSwitch } from '../db/switches.ts';
import { storeDiscovery } from '../discovery/discover.ts';
import type { ObservedSwitch } from '../discovery/observed.ts';
import { pollStateAfter } from '../discovery/poll.ts';
import { parseTarget } from '../discovery/target.ts';
import { Refusal } from '../errors/refusal.ts';
import { notFound } from './save.ts';

/** How long the idempotency keys received are kept; an observation older than this is refused (its key may be gone). */
export const KEY_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Makes an agent for `siteIds` (each site has one agent at most: 409 site_taken); its id and its token, shown once. */
export function createAgent(db: Db, actor: Actor, input: { name: string; siteIds: string[] }): { id: string; token: string } {
  const token = newAgentToken();
  const id = randomUUID();
  recordChange(db, actor, (change) => {
    const faults = input.siteIds.flatMap((siteId, index) => {
      if (!getSite(change.db, siteId)) return [{ field: `siteIds[${index}]`, message: 'is no site' }];
      const taken = agentOfSite(change.db, siteId);
      return taken ? [{ field: `siteIds[${index}]`, message: `is polled by the agent ${taken.name} already` }] : [];
    });
    const missing = faults.find((fault) => fault.message === 'is no site');
    if (missing) throw new Refusal('invalid', 'validation_failed', 'The agent is invalid.', faults);
    if (faults.length > 0)
      throw new Refusal('conflict', 'site_taken', 'A site is polled by one agent at most; revoke the other agent first.', faults);
    insertAgent(change.db, { id, name: input.name, token_hash: agentTokenHash(token), created_at: change.now, created_by: actor.id });
    for (const siteId of input.siteIds) insertAgentSite(change.db, siteId, id);
    return { activity: agentActivity(input.name, 'create', { name: [null, input.name], siteIds: [null, input.siteIds] }), result: id };
  });
  return { id, token };
}

/** Revokes an agent at once: its token answers 401 from now on and its sites go back to the server's polling. */
export function revokeAgent(db: Db, actor: Actor, id: string): void {
  recordChange(db, actor, (change) => {
    const agent = getAgent(change.db, id);
    if (!agent || agent.revoked_at !== null) throw notFound('agent');
    revokeAgentRow(change.db, id, change.now);
    return { activity: agentActivity(agent.name, 'delete', { revoked: [null, change.now] }), result: id };
  });
}

function agentActivity(name: string, action: 'create' | 'delete', changes: object): ActivityInput {
  const summary = action === 'create' ? `Created agent ${name}` : `Revoked agent ${name}`;
  return { action, entityType: null, entityId: null, entityName: name, siteId: null, summary, changes, undoable: false };
}

/** Notes that an agent asked for its assignments: when, and the version it said it is. */
export function noteAssignmentsAsked(db: Db, agentId: string, version: string | null): void {
  inTransaction(db, () => noteAgentPolled(db, agentId, new Date().toISOString(), version));
}

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
