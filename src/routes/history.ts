import { listSightings, siteFreePorts, switchFreePorts, type FreePortRow, type SightingFilter } from '../db/history.ts';
import { getSite } from '../db/sites.ts';
import { getSwitch } from '../db/switches.ts';
import { HttpError, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { csvListAnswer, pageAnswer } from '../http/answers.ts';
import { PAGE_QUERY_DOC, pageParams, pageSchema } from '../http/list-request.ts';
import { pathRow, queryInteger, uuidFilter, wantsCsv } from '../http/request.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { writeCsv } from '../lib/csv.ts';
import { normalizeIp, normalizeMac } from '../lib/net.ts';
import { FREE_PORTS, FREE_PORTS_QUERY_DOC, SIGHTING, SIGHTINGS_QUERY_DOC } from './schemas/history.ts';

/** The routes of the history of what discoveries saw (migrations/0021_history.sql): timelines and free ports. */
export const HISTORY_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/sightings',
    access: 'viewer',
    handler: sightingsList,
    summary:
      'Where discoveries saw MAC addresses on access ports, newest first: one of mac (any spelling), ip, switchId or portId (400 otherwise), ' +
      'and since (date-time: sightings last seen since then). A MAC on the same port and VLAN in consecutive discoveries is one sighting ' +
      'from firstSeen to lastSeen. Names are the switch and port names now, else those they had (history outlives a deleted port).',
    doc: { response: pageSchema(SIGHTING), query: [...SIGHTINGS_QUERY_DOC, ...PAGE_QUERY_DOC] },
  },
  {
    method: 'GET',
    path: '/api/switches/:id/free-ports',
    access: 'viewer',
    handler: switchFreePortList,
    summary:
      "A switch's ports that discoveries saw without link for unusedDays (default 30) or never saw up, in port order, with when each was " +
      'last up and last used (traffic counters grew). As CSV with Accept: text/csv or format=csv.',
    doc: { response: FREE_PORTS, query: FREE_PORTS_QUERY_DOC },
  },
  {
    method: 'GET',
    path: '/api/sites/:id/free-ports',
    access: 'viewer',
    handler: siteFreePortList,
    summary:
      'The free ports (as for a switch) of every switch of a site, by switch name and port order. As CSV with Accept: text/csv or format=csv.',
    doc: { response: FREE_PORTS, query: FREE_PORTS_QUERY_DOC },
  },
];

const KEYS = ['mac', 'ip', 'switchId', 'portId'] as const;

function sightingsList(ctx: Ctx): Reply {
  const filter = sightingFilter(ctx);
  const { limit, offset } = pageParams(ctx);
  const { rows, total } = listSightings(ctx.app.db, filter, limit, offset);
  const items = rows.map((row) => ({
    mac: row.mac,
    vlan: row.vlan,
    ip: row.ip,
    switchId: row.switch_id,
    switchName: row.switch_name,
    portId: row.port_id,
    portName: row.port_name,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
  }));
  return pageAnswer(items, total, { limit, offset });
}

/** The one key asked and since, normalized; 400 naming each bad parameter. */
function sightingFilter(ctx: Ctx): SightingFilter {
  const given = KEYS.filter((key) => (ctx.query.get(key) ?? '') !== '');
  if (given.length !== 1)
    throw new HttpError(400, 'validation_failed', 'Give one of mac, ip, switchId or portId.', [
      { field: given[1] ?? 'mac', message: 'exactly one of mac, ip, switchId or portId is required' },
    ]);
  const faults: FieldFault[] = [];
  const filter: SightingFilter = {};
  const text = ctx.query.get(given[0]) ?? '';
  if (given[0] === 'mac')
    filter.mac = normalizeMac(text) ?? fault(faults, 'mac', 'must be a MAC address (aa:bb:cc:dd:ee:ff, aa-bb-…, aabb.ccdd.eeff)');
  if (given[0] === 'ip') filter.ip = normalizeIp(text) ?? fault(faults, 'ip', 'must be an IPv4 or IPv6 address');
  if (given[0] === 'switchId') filter.switchId = uuidFilter(ctx, 'switchId');
  if (given[0] === 'portId') filter.portId = uuidFilter(ctx, 'portId');
  const since = ctx.query.get('since');
  if (since) filter.since = isoTime(since) ?? fault(faults, 'since', 'must be a date-time (2026-11-03T00:00:00Z) or a date');
  if (faults.length) throw validationFailed(faults);
  return filter;
}

function fault(faults: FieldFault[], field: string, message: string): undefined {
  faults.push({ field, message });
  return undefined;
}

function isoTime(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

const DAY_MS = 86_400_000;
const MAX_UNUSED_DAYS = 3650;

/** The cutoff of unusedDays (default 30) before now; 400 when it is not a whole number of days in range. */
function unusedSince(ctx: Ctx): { unusedDays: number; cutoff: string } {
  const faults: FieldFault[] = [];
  const unusedDays = queryInteger(ctx, 'unusedDays', 0, MAX_UNUSED_DAYS, faults) ?? 30;
  if (faults.length) throw validationFailed(faults);
  return { unusedDays, cutoff: new Date(Date.now() - unusedDays * DAY_MS).toISOString() };
}

function switchFreePortList(ctx: Ctx): Reply {
  const sw = pathRow(ctx, 'switch', getSwitch);
  const { unusedDays, cutoff } = unusedSince(ctx);
  return freePortsAnswer(ctx, switchFreePorts(ctx.app.db, sw.id, cutoff), unusedDays);
}

function siteFreePortList(ctx: Ctx): Reply {
  const site = pathRow(ctx, 'site', getSite);
  const { unusedDays, cutoff } = unusedSince(ctx);
  return freePortsAnswer(ctx, siteFreePorts(ctx.app.db, site.id, cutoff), unusedDays);
}

const CSV_HEADER = ['switch', 'port', 'description', 'lastUpAt', 'lastUsedAt', 'observedSince', 'lastObservedAt', 'adminUp'];

function freePortsAnswer(ctx: Ctx, rows: FreePortRow[], unusedDays: number): Reply {
  if (wantsCsv(ctx)) {
    const cells = rows.map((row) => [
      row.switch_name,
      row.port_name,
      row.description,
      row.last_up_at,
      row.last_used_at,
      row.first_observed_at,
      row.observed_at,
      row.admin_up === 1 ? 'true' : 'false',
    ]);
    return csvListAnswer(writeCsv(CSV_HEADER, cells), rows.length);
  }
  const items = rows.map((row) => ({
    portId: row.port_id,
    portName: row.port_name,
    description: row.description,
    switchId: row.switch_id,
    switchName: row.switch_name,
    adminUp: row.admin_up === 1,
    lastUpAt: row.last_up_at,
    lastUsedAt: row.last_used_at,
    observedSince: row.first_observed_at,
    lastObservedAt: row.observed_at,
  }));
  return { body: { items, total: items.length, unusedDays } };
}
