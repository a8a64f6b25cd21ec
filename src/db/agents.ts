// The SQL of agents (migration 0027, issue 39): the agents and their tokens' hashes, the sites each polls, and the
// idempotency keys of the observations received. The rule a switch is polled by one agent or the server is the
// primary key of agent_sites (a site has one agent at most).
import { createHash, randomBytes } from 'node:crypto';
import { prepare, type Db } from './open.ts';

/** An agent as stored. */
export interface AgentRow {
  id: string;
  name: string;
  token_hash: string;
  created_at: string;
  created_by: string | null;
  last_seen_at: string | null;
  version: string | null;
  queue_length: number | null;
  dropped: number;
  last_error: string | null;
  revoked_at: string | null;
}

/** An agent as the API answers it: never its token or the token's hash. */
export interface AgentApi {
  id: string;
  name: string;
  siteIds: string[];
  createdAt: string;
  lastSeenAt: string | null;
  version: string | null;
  queueLength: number | null;
  dropped: number;
  lastError: string | null;
  revokedAt: string | null;
}

/** What starts every agent token: the access step tells it from a JWT (which starts eyJ) by it. */
export const AGENT_TOKEN_PREFIX = 'sya_';

/** A new agent's token: the prefix and 32 random bytes in base64url. */
export function newAgentToken(): string {
  return AGENT_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** The SHA-256 of an agent's token, hex: what is stored instead of the token. */
export function agentTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Maps a stored agent and its sites to the API form. */
export function agentToApi(row: AgentRow, siteIds: string[]): AgentApi {
  return {
    id: row.id,
    name: row.name,
    siteIds,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    version: row.version,
    queueLength: row.queue_length,
    dropped: row.dropped,
    lastError: row.last_error,
    revokedAt: row.revoked_at,
  };
}

/** Stores a new agent. */
export function insertAgent(db: Db, row: Pick<AgentRow, 'id' | 'name' | 'token_hash' | 'created_at' | 'created_by'>): void {
  prepare(db, 'INSERT INTO agents (id, name, token_hash, created_at, created_by) VALUES (?, ?, ?, ?, ?)').run(
    row.id,
    row.name,
    row.token_hash,
    row.created_at,
    row.created_by,
  );
}

/** One agent by id. */
export function getAgent(db: Db, id: string): AgentRow | undefined {
  return prepare(db, 'SELECT * FROM agents WHERE id = ?').get(id) as AgentRow | undefined;
}

/** The agent whose token has this hash (revoked ones too: the caller tells them apart). */
export function agentByTokenHash(db: Db, tokenHash: string): AgentRow | undefined {
  return prepare(db, 'SELECT * FROM agents WHERE token_hash = ?').get(tokenHash) as AgentRow | undefined;
}

/** Every agent, newest first. */
export function listAgents(db: Db): AgentRow[] {
  return prepare(db, 'SELECT * FROM agents ORDER BY created_at DESC, id').all() as unknown as AgentRow[];
}

/** The sites an agent polls, by id. */
export function agentSiteIds(db: Db, agentId: string): string[] {
  return (prepare(db, 'SELECT site_id FROM agent_sites WHERE agent_id = ? ORDER BY site_id').all(agentId) as { site_id: string }[]).map(
    (row) => row.site_id,
  );
}

/** The agent that polls a site, if any. */
export function agentOfSite(db: Db, siteId: string): { id: string; name: string } | undefined {
  return prepare(db, 'SELECT g.id, g.name FROM agent_sites a JOIN agents g ON g.id = a.agent_id WHERE a.site_id = ?').get(siteId) as
    | { id: string; name: string }
    | undefined;
}

/** Gives a site to an agent; the caller checked that it has none. */
export function insertAgentSite(db: Db, siteId: string, agentId: string): void {
  prepare(db, 'INSERT INTO agent_sites (site_id, agent_id) VALUES (?, ?)').run(siteId, agentId);
}

/** Revokes an agent: its token stops working and its sites go back to the server's polling. */
export function revokeAgentRow(db: Db, id: string, at: string): void {
  prepare(db, 'UPDATE agents SET revoked_at = ? WHERE id = ?').run(at, id);
  prepare(db, 'DELETE FROM agent_sites WHERE agent_id = ?').run(id);
}

/** What an agent said of itself with a batch, and when it was seen; `dropped` adds to the count so far. */
export function noteAgentSeen(
  db: Db,
  id: string,
  seen: { at: string; version: string | null; queueLength: number | null; dropped: number; lastError: string | null },
): void {
  prepare(db, 'UPDATE agents SET last_seen_at = ?, version = ?, queue_length = ?, dropped = dropped + ?, last_error = ? WHERE id = ?').run(
    seen.at,
    seen.version,
    seen.queueLength,
    seen.dropped,
    seen.lastError,
    id,
  );
}

/** Notes that an agent asked for its assignments. */
export function noteAgentPolled(db: Db, id: string, at: string, version: string | null): void {
  prepare(db, 'UPDATE agents SET last_seen_at = ?, version = coalesce(?, version) WHERE id = ?').run(at, version, id);
}

/** One switch an agent polls, with the schedule that covers it (its own, else its site's). */
export interface AssignmentRow {
  switch_id: string;
  switch_name: string;
  site_id: string;
  host: string | null;
  enabled: number;
  interval_minutes: number;
  credential_set: string;
}

/** The switches of an agent's sites that a schedule covers, with the name of the credential set (never a secret). */
export function agentAssignments(db: Db, agentId: string): AssignmentRow[] {
  return prepare(
    db,
    `SELECT w.id AS switch_id, w.name AS switch_name, w.site_id,
       CASE WHEN sp.switch_id IS NULL THEN w.management_ip ELSE coalesce(sp.host, w.management_ip) END AS host,
       coalesce(sp.enabled, tp.enabled) AS enabled, coalesce(sp.interval_minutes, tp.interval_minutes) AS interval_minutes,
       c.name AS credential_set
     FROM agent_sites a JOIN switches w ON w.site_id = a.site_id
       LEFT JOIN switch_polling sp ON sp.switch_id = w.id LEFT JOIN site_polling tp ON tp.site_id = w.site_id
       JOIN credential_sets c ON c.id = coalesce(sp.credential_id, tp.credential_id)
     WHERE a.agent_id = ? ORDER BY w.name, w.id`,
  ).all(agentId) as unknown as AssignmentRow[];
}

/** The discovery an idempotency key stored already, if the key was received (kept) before: `stored` null for none. */
export function receivedKey(db: Db, agentId: string, key: string): { discovery_id: string | null } | undefined {
  return prepare(db, 'SELECT discovery_id FROM agent_observation_keys WHERE agent_id = ? AND key = ?').get(agentId, key) as
    | { discovery_id: string | null }
    | undefined;
}

/** Keeps an idempotency key received. */
export function keepKey(db: Db, agentId: string, key: string, at: string, discoveryId: string | null): void {
  prepare(db, 'INSERT INTO agent_observation_keys (agent_id, key, received_at, discovery_id) VALUES (?, ?, ?, ?)').run(
    agentId,
    key,
    at,
    discoveryId,
  );
}

/** Forgets the idempotency keys received before `before`. */
export function pruneKeys(db: Db, before: string): void {
  prepare(db, 'DELETE FROM agent_observation_keys WHERE received_at < ?').run(before);
}
