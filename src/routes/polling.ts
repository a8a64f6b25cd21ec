import { agentOfSite } from '../db/agents.ts';
import {
  effectiveSchedule,
  getCredentialSet,
  getPollState,
  getSiteSchedule,
  getSwitchSchedule,
  listPolledSwitches,
  NEVER,
} from '../db/polling.ts';
import type { PollStateRow, ScheduleRow } from '../db/polling.ts';
import { getSite } from '../db/sites.ts';
import { getSwitch } from '../db/switches.ts';
import { agentText, mayUseCredentialSet } from '../discovery/credential-binding.ts';
import { allowedHostsOf } from '../discovery/credential-sets.ts';
import { pollSwitch } from '../discovery/poll.ts';
import { parseTarget } from '../discovery/target.ts';
import { setSiteSchedule, setSwitchSchedule, type ScheduleInput } from '../domain/polling.ts';
import { HttpError, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { formedRefusal, isPlainObject, isUuid } from '../fields/field.ts';
import { pageAnswer } from '../http/answers.ts';
import { PAGE_QUERY_DOC, pageParams, pageSchema } from '../http/list-request.ts';
import { actorOf, pathId, pathRow, queryOneOf, uuidFilter } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import {
  INTERVAL_MINUTES,
  POLL_OUTCOME,
  POLL_STATUSES,
  POLLED_SWITCH,
  SCHEDULE_REQUEST,
  SITE_POLLING,
  SWITCH_POLLING,
} from './schemas/polling.ts';

/** The routes of polling (issue 37): schedules of switches and sites, the switches they cover and a poll now. */
export const POLLING_ROUTES: Route[] = [
  {
    method: 'PUT',
    path: '/api/switches/:id/polling',
    access: 'editor',
    handler: switchPollingSet,
    body: { accepts: 'json' },
    summary:
      "Set the switch's own polling schedule (it overrides its site's): every intervalMinutes (5 to 1440) the scheduler discovers the " +
      'switch at host (null: its management IP) with the credential set, as POST /api/discovery does (nothing documented changes). ' +
      'A first poll comes at a random point of the interval. An activity entry of the switch, undoable (the schedule before it comes back, or none).',
    doc: { request: SCHEDULE_REQUEST, response: SWITCH_POLLING },
  },
  {
    method: 'GET',
    path: '/api/switches/:id/polling',
    access: 'viewer',
    handler: switchPollingGet,
    summary: "The switch's own schedule, its site's, which of them polls it, and how its polls went.",
    doc: { response: SWITCH_POLLING },
  },
  {
    method: 'PUT',
    path: '/api/sites/:id/polling',
    access: 'editor',
    handler: sitePollingSet,
    body: { accepts: 'json' },
    summary:
      "Set the site's polling schedule, for each of its switches without a schedule of its own (polled at its management IP). " +
      'An activity entry of the site, undoable (the schedule before it comes back, or none).',
    doc: { request: SCHEDULE_REQUEST, response: SITE_POLLING },
  },
  {
    method: 'GET',
    path: '/api/sites/:id/polling',
    access: 'viewer',
    handler: sitePollingGet,
    summary: "The site's polling schedule (null for none).",
    doc: { response: SITE_POLLING },
  },
  {
    method: 'GET',
    path: '/api/polling',
    access: 'viewer',
    handler: pollingList,
    summary: 'Every switch a schedule covers (its own or its site’s) with how its polls went: failing first, then by name.',
    doc: {
      response: pageSchema(POLLED_SWITCH),
      query: [
        { name: 'siteId', schema: { type: 'string', format: 'uuid' } },
        { name: 'status', schema: { enum: [...POLL_STATUSES] } },
        ...PAGE_QUERY_DOC,
      ],
    },
  },
  {
    method: 'POST',
    path: '/api/switches/:id/polling/run',
    access: 'editor',
    handler: switchPollRun,
    summary:
      'Poll the switch now (a discovery, as the scheduler makes it) and answer the outcome: its poll state after it and the discovery stored. ' +
      'A switch that cannot be read is no error here: the answer says failing and why. 409 not_polled when no schedule covers the switch.',
    doc: { response: POLL_OUTCOME },
  },
];

function switchPollingSet(ctx: Ctx): Reply {
  const sw = pathRow(ctx, 'switch', getSwitch);
  const schedule = readSchedule(ctx.body, true);
  const host = schedule.host ?? sw.management_ip;
  const target = host === null ? undefined : parseTarget(host);
  const set = getCredentialSet(ctx.app.db, schedule.credentialId);
  if (target && set && !mayUseCredentialSet(allowedHostsOf(set), target, ctx.user?.role))
    throw new HttpError(
      403,
      'credentials_bound_to_host',
      `The credential set ${set.name} may not be sent to ${agentText(target)}: only an admin may poll switch ${sw.name} there, ` +
        'after adding the host to the set.',
    );
  setSwitchSchedule(ctx.app.db, actorOf(ctx), sw.id, schedule, clockOf(ctx));
  return switchPollingGet(ctx);
}

function switchPollingGet(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const sw = pathRow(ctx, 'switch', getSwitch);
  const state = getPollState(db, sw.id);
  return {
    body: {
      switchId: sw.id,
      schedule: scheduleToApi(getSwitchSchedule(db, sw.id)),
      siteSchedule: scheduleToApi(getSiteSchedule(db, sw.site_id)),
      source: effectiveSchedule(db, sw.id)?.source ?? null,
      state: state ? stateToApi(state) : null,
      ...pollingByOf(agentOfSite(db, sw.site_id)),
    },
  };
}

// Who polls a switch (issue 39): the agent of its site, else the server.
function pollingByOf(agent: { id: string; name: string } | undefined) {
  return { pollingBy: agent?.id ?? 'server', pollingAgentName: agent?.name ?? null };
}

function sitePollingSet(ctx: Ctx): Reply {
  const id = pathId(ctx, 'site');
  setSiteSchedule(ctx.app.db, actorOf(ctx), id, readSchedule(ctx.body, false), clockOf(ctx));
  return sitePollingGet(ctx);
}

function sitePollingGet(ctx: Ctx): Reply {
  const site = pathRow(ctx, 'site', getSite);
  return { body: { siteId: site.id, schedule: scheduleToApi(getSiteSchedule(ctx.app.db, site.id)) } };
}

function pollingList(ctx: Ctx): Reply {
  const faults: FieldFault[] = [];
  const status = queryOneOf(ctx, 'status', POLL_STATUSES, faults);
  if (faults.length) throw validationFailed(faults, 'The polling filters are invalid.');
  const { limit, offset } = pageParams(ctx);
  const { rows, total } = listPolledSwitches(ctx.app.db, { siteId: uuidFilter(ctx, 'siteId'), status }, limit, offset);
  const items = rows.map((row) => ({
    switchId: row.switch_id,
    switchName: row.switch_name,
    siteId: row.site_id,
    intervalMinutes: row.interval_minutes,
    source: row.source,
    ...stateToApi(row),
  }));
  return pageAnswer(items, total, { limit, offset });
}

async function switchPollRun(ctx: Ctx): Promise<Reply> {
  const sw = pathRow(ctx, 'switch', getSwitch);
  const outcome = await pollSwitch(ctx.app, sw.id);
  if (!outcome) throw formedRefusal('conflict', 'not_polled', { switch: sw.name });
  return { body: { switchId: sw.id, discoveryId: outcome.discovery_id, ...stateToApi(outcome) } };
}

const SCHEDULE_KEYS = new Set(['enabled', 'intervalMinutes', 'host', 'credentialId']);

// A schedule's body, checked whole (400 with every fault); a site's takes no host.
function readSchedule(body: unknown, forSwitch: boolean): ScheduleInput {
  if (!isPlainObject(body)) throw validationFailed([{ field: 'body', message: 'must be a JSON object' }]);
  const faults: FieldFault[] = Object.keys(body)
    .filter((key) => !SCHEDULE_KEYS.has(key) || (key === 'host' && !forSwitch))
    .map((key) => ({ field: key, message: forSwitch ? 'is not a field of a schedule' : "is not a field of a site's schedule" }));
  if (typeof body.enabled !== 'boolean') faults.push({ field: 'enabled', message: 'must be true or false' });
  const interval = body.intervalMinutes;
  if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < INTERVAL_MINUTES.min || interval > INTERVAL_MINUTES.max)
    faults.push({
      field: 'intervalMinutes',
      message: `must be a whole number of minutes from ${INTERVAL_MINUTES.min} to ${INTERVAL_MINUTES.max}`,
    });
  const host = typeof body.host === 'string' && body.host.trim() !== '' ? body.host.trim() : null;
  if (
    forSwitch &&
    body.host !== undefined &&
    body.host !== null &&
    (typeof body.host !== 'string' || (host !== null && !parseTarget(host)))
  )
    faults.push({ field: 'host', message: 'must be an IP address or a host name, with :port when not 161, or null' });
  if (!isUuid(body.credentialId))
    faults.push({
      field: 'credentialId',
      message: body.credentialId === undefined ? 'is required' : 'must be the id (a UUID) of a credential set',
    });
  if (faults.length) throw validationFailed(faults, 'The schedule is invalid.');
  return {
    enabled: body.enabled as boolean,
    intervalMinutes: interval as number,
    host,
    credentialId: (body.credentialId as string).toLowerCase(),
  };
}

function clockOf(ctx: Ctx) {
  return { nowMs: Date.now(), unitMs: ctx.app.config.pollIntervalUnitMs };
}

function scheduleToApi(row: ScheduleRow | undefined) {
  if (!row) return null;
  return {
    enabled: row.enabled === 1,
    intervalMinutes: row.interval_minutes,
    host: row.host,
    credentialId: row.credential_id,
    updatedAt: row.updated_at,
  };
}

function stateToApi(state: Omit<PollStateRow, 'switch_id'>) {
  return {
    status: state.status,
    lastPolledAt: state.last_polled_at,
    lastError: state.last_error,
    nextAt: state.next_at >= NEVER || state.next_at === 0 ? null : new Date(state.next_at).toISOString(),
    durationMs: state.duration_ms,
    failures: state.failures,
  };
}
