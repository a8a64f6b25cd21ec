// Agents (issue 39): made and revoked by an admin, each with an activity entry that names the agent, never its token
// (not undoable: a revoked token stays dead). What an agent sends is stored by discovery/agent-observations.ts.
import { randomUUID } from 'node:crypto';
import {
  agentOfSite,
  agentTokenHash,
  getAgent,
  insertAgent,
  insertAgentSite,
  newAgentToken,
  noteAgentPolled,
  revokeAgentRow,
} from '../db/agents.ts';
import { recordChange, type ActivityInput, type Actor } from '../db/change.ts';
import { inTransaction, type Db } from '../db/open.ts';
import { getSite } from '../db/sites.ts';
import { Refusal } from '../errors/refusal.ts';
import { notFound } from './save.ts';

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
