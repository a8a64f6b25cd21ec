import { agentAssignments, agentSiteIds, agentToApi, getAgent, listAgents, type AgentRow } from '../db/agents.ts';
import { writeTurn } from '../db/open.ts';
import { observedFaults, observedOf } from '../discovery/observed-input.ts';
import { receiveObservations, type AgentObservation, type AgentStatus } from '../discovery/agent-observations.ts';
import { createAgent, noteAssignmentsAsked, revokeAgent } from '../domain/agents.ts';
import { HttpError, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { isPlainObject, isUuid } from '../fields/field.ts';
import { created } from '../http/answers.ts';
import { actorOf, pathId } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import {
  AGENT,
  AGENT_CREATE,
  AGENT_CREATED,
  ASSIGNMENTS,
  BATCH_BODY_LIMIT,
  BATCH_MAX,
  OBSERVATION_BATCH,
  OBSERVATION_RESULTS,
} from './schemas/agents.ts';

/** The routes of agents (issue 39): admins make, list and revoke them; an agent's token calls the two /api/agent routes only. */
export const AGENT_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/agents',
    access: 'admin',
    handler: agentCreate,
    body: { accepts: 'json' },
    summary:
      'Make an agent that polls the switches of siteIds from inside their network (a site has one agent at most: 409 site_taken). ' +
      'The answer holds its token, this once: only its hash is kept. An activity entry, not undoable.',
    doc: { request: AGENT_CREATE, response: AGENT_CREATED, status: 201 },
  },
  {
    method: 'GET',
    path: '/api/agents',
    access: 'admin',
    handler: agentsList,
    summary: 'Every agent, newest first, with when it was last seen, its version, its queue length, what it dropped and its last error.',
    doc: { response: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: AGENT } } } },
  },
  {
    method: 'DELETE',
    path: '/api/agents/:id',
    access: 'admin',
    handler: agentRevoke,
    summary: "Revoke an agent at once: its token answers 401 from now on, and its sites' switches go back to the server's polling.",
    doc: { status: 204 },
  },
  {
    method: 'GET',
    path: '/api/agent/assignments',
    access: 'agent',
    handler: assignmentsGet,
    cache: false,
    summary:
      "The calling agent's switches (those of its sites a schedule covers): host, schedule and the name of the credential set, never a secret. " +
      "With siteId, one of its sites' (another site's: 403).",
    doc: { response: ASSIGNMENTS, query: [{ name: 'siteId', schema: { type: 'string', format: 'uuid' } }] },
  },
  {
    method: 'POST',
    path: '/api/agent/observations',
    access: 'agent',
    handler: observationsPost,
    body: { accepts: 'json', limit: BATCH_BODY_LIMIT },
    summary:
      'A batch of what the agent read, in order, each with an idempotency key: stored as the server stores its own polls (discovery, history, ' +
      'drift, poll state). A key received before answers duplicate and stores nothing; an observation the agent may not send, rejected.',
    doc: { request: OBSERVATION_BATCH, response: OBSERVATION_RESULTS },
  },
];

function agentCreate(ctx: Ctx): Reply {
  const body = isPlainObject(ctx.body) ? ctx.body : {};
  const faults: FieldFault[] = [];
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (name.length < 1 || name.length > 100) faults.push({ field: 'name', message: 'must be a text of 1 to 100 characters' });
  const siteIds = body.siteIds;
  if (!Array.isArray(siteIds) || siteIds.length < 1 || siteIds.length > 1000 || !siteIds.every(isUuid))
    faults.push({ field: 'siteIds', message: 'must be a list of 1 to 1000 site ids' });
  if (faults.length > 0) throw validationFailed(faults);
  const unique = [...new Set((siteIds as string[]).map((id) => id.toLowerCase()))];
  const { id, token } = createAgent(ctx.app.db, actorOf(ctx), { name, siteIds: unique });
  return created(`/api/agents/${id}`, { ...apiOf(ctx, getAgent(ctx.app.db, id)!), token });
}

function agentsList(ctx: Ctx): Reply {
  return { body: { items: listAgents(ctx.app.db).map((row) => apiOf(ctx, row)) } };
}

function agentRevoke(ctx: Ctx): Reply {
  revokeAgent(ctx.app.db, actorOf(ctx), pathId(ctx, 'agent'));
  return { status: 204 };
}

async function assignmentsGet(ctx: Ctx): Promise<Reply> {
  const agent = ctx.agent!;
  const db = ctx.app.db;
  const siteId = ctx.query.get('siteId');
  // Another site's switches are not the agent's to see: 403, as any other endpoint.
  if (siteId !== null && !agentSiteIds(db, agent.id).includes(siteId.toLowerCase()))
    throw new HttpError(403, 'forbidden', 'This agent does not poll that site.');
  await writeTurn(db);
  noteAssignmentsAsked(db, agent.id, versionHeader(ctx));
  const rows = agentAssignments(db, agent.id).filter((row) => siteId === null || row.site_id === siteId.toLowerCase());
  const items = rows.map((row) => ({
    switchId: row.switch_id,
    switchName: row.switch_name,
    siteId: row.site_id,
    host: row.host,
    enabled: row.enabled === 1,
    intervalMinutes: row.interval_minutes,
    credentialSet: row.credential_set,
  }));
  return { body: { agentId: agent.id, items } };
}

function observationsPost(ctx: Ctx): Reply {
  const batch = readBatch(ctx.body);
  const results = receiveObservations(ctx.app.db, ctx.agent!, batch, ctx.app.config.pollIntervalUnitMs);
  return { body: { results } };
}

function apiOf(ctx: Ctx, row: AgentRow) {
  return agentToApi(row, agentSiteIds(ctx.app.db, row.id));
}

function versionHeader(ctx: Ctx): string | null {
  const value = ctx.req.headers['x-agent-version'];
  return typeof value === 'string' && value.length <= 100 ? value : null;
}

// ---- Reading a batch ----

function readBatch(body: unknown): { status: AgentStatus; observations: AgentObservation[] } {
  if (!isPlainObject(body) || !Array.isArray(body.observations) || body.observations.length > BATCH_MAX)
    throw validationFailed([{ field: 'observations', message: `must be a list of at most ${BATCH_MAX} observations` }]);
  const faults: FieldFault[] = [];
  const status = readStatus(body.agent, faults);
  const observations = body.observations.map((item: unknown, index: number) => readObservation(item, `observations[${index}]`, faults));
  if (faults.length > 0) throw validationFailed(faults.slice(0, 50));
  return { status, observations };
}

function readStatus(value: unknown, faults: FieldFault[]): AgentStatus {
  const agent = isPlainObject(value) ? value : {};
  const text = (field: string, max: number) => {
    const raw = agent[field];
    if (raw === undefined || raw === null) return null;
    if (typeof raw === 'string' && raw.length <= max) return raw;
    faults.push({ field: `agent.${field}`, message: `must be a text of at most ${max} characters` });
    return null;
  };
  const count = (field: string) => {
    const raw = agent[field];
    if (raw === undefined || raw === null) return null;
    if (Number.isSafeInteger(raw) && (raw as number) >= 0) return raw as number;
    faults.push({ field: `agent.${field}`, message: 'must be a whole number, 0 or more' });
    return null;
  };
  return {
    version: text('version', 100),
    queueLength: count('queueLength'),
    dropped: count('dropped') ?? 0,
    lastError: text('lastError', 2000),
  };
}

function readObservation(value: unknown, at: string, faults: FieldFault[]): AgentObservation {
  const item = isPlainObject(value) ? value : {};
  const before = faults.length;
  const key = item.key;
  if (typeof key !== 'string' || key.length < 1 || key.length > 100)
    faults.push({ field: `${at}.key`, message: 'must be a text of 1 to 100 characters' });
  if (!isUuid(item.switchId)) faults.push({ field: `${at}.switchId`, message: 'must be a switch id' });
  const observedAt = typeof item.observedAt === 'string' ? Date.parse(item.observedAt) : Number.NaN;
  if (Number.isNaN(observedAt) || observedAt > Date.now() + 5 * 60_000)
    faults.push({ field: `${at}.observedAt`, message: 'must be a date and time, not in the future' });
  const host = item.host ?? null;
  if (host !== null && (typeof host !== 'string' || host.length < 1 || host.length > 300))
    faults.push({ field: `${at}.host`, message: 'must be a text of 1 to 300 characters' });
  const durationMs = item.durationMs ?? 0;
  if (!Number.isSafeInteger(durationMs) || (durationMs as number) < 0)
    faults.push({ field: `${at}.durationMs`, message: 'must be a whole number' });
  const error = item.error ?? null;
  if (error !== null && (typeof error !== 'string' || error.length > 2000))
    faults.push({ field: `${at}.error`, message: 'must be a text of at most 2000 characters' });
  const observed = item.observed ?? null;
  if ((observed === null) === (error === null)) faults.push({ field: at, message: 'must have either observed or error' });
  else if (observed !== null) faults.push(...observedFaults(observed, `${at}.observed`));
  if (faults.length > before) return undefined as unknown as AgentObservation;
  return {
    key: key as string,
    switchId: (item.switchId as string).toLowerCase(),
    host: host as string | null,
    observedAt: new Date(observedAt).toISOString(),
    durationMs: durationMs as number,
    observed: observed === null ? null : observedOf(observed as Record<string, unknown>),
    error: error as string | null,
  };
}
