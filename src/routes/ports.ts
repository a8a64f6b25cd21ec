import { activityAtSeq, activityToApi, listActivity, type ActivityEntry } from '../db/activity.ts';
import { portStateChanges, type TimeSpan } from '../db/history.ts';
import type { Db } from '../db/open.ts';
import { getPort, listPorts, listPortsJson, portToApi, type PortFilter, type PortRow } from '../db/ports.ts';
import { getSwitch } from '../db/switches.ts';
import { PORT_WRITES, bulkChangePorts, type PortChangeOptions } from '../domain/ports.ts';
import { notFound, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { resourceSchema } from '../fields/field.ts';
import { PORT } from '../fields/ports.ts';
import { ACTIVITY_ENTRY_SCHEMA, cursorOf, encodeCursor } from '../http/activity-page.ts';
import { actorOf, flag, pathId, pathRow, queryInteger, uuidFilter } from '../http/request.ts';
import { flagOption, resourceRoutes, uuidParameter } from '../http/resource-routes.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';
import { BULK_REQUEST, HISTORY_LIMIT, OBSERVED_STATE_CHANGE } from './schemas/ports.ts';

/** The routes of ports, the bulk port edit and port history. */
export const PORT_ROUTES: Route[] = [
  ...resourceRoutes<PortRow, PortFilter, undefined, string, PortChangeOptions>({
    resource: PORT,
    reads: { get: getPort, toApi: portToApi, listJson: listPortsJson, list: listPorts, csv: recordsToCsv },
    lists: [
      {
        summary: 'List ports of every switch, filtered by switch and site (for CSV export).',
        query: [uuidParameter('switchId'), uuidParameter('siteId')],
        filter: (ctx) => ({ switchId: uuidFilter(ctx, 'switchId'), siteId: uuidFilter(ctx, 'siteId') }),
      },
      {
        path: '/api/switches/:id/ports',
        summary: 'List the ports of a switch, by position.',
        filter: (ctx) => ({ switchId: pathRow(ctx, 'switch', getSwitch).id }),
      },
    ],
    createdUnder: { path: '/api/switches/:id/ports', parent: (ctx) => pathId(ctx, 'switch') },
    summaries: {
      create: 'Add a port to a switch; name unique per switch (409 name_taken).',
      get: 'One port, with its ETag.',
      update:
        'Change a port (If-Match honoured); a link is set on both ends and clears earlier links of either; ' +
        "a LAG member's mode and VLANs are its LAG's (409 lag_member); ?matchFarEnd=true gives the far end of its link " +
        'the same mode and VLANs in the same change.',
      delete: 'Delete a port; the far end of its link is unlinked; a LAG member whose LAG would keep fewer than two: 409 lag_member.',
    },
    writes: PORT_WRITES,
    updateOptions: flagOption(
      'matchFarEnd',
      "Give the far end of the port's link (as it is after this change) the port's mode, untagged and tagged VLANs, " +
        'written in the same change and activity entry (one undo reverses both ends). At another site the far end gets ' +
        "that site's VLANs of the same numbers; 400 on matchFarEnd when the port has no link or that site lacks a number; " +
        '409 lag_member when the far end is a LAG member whose LAG sets other ones.',
    ),
  }),
  {
    method: 'PATCH',
    path: '/api/switches/:id/ports',
    access: 'editor',
    handler: portsBulkUpdate,
    body: { accepts: 'json' },
    summary:
      'Change many ports of one switch at once, all or nothing, in one bulk_update activity entry; ' +
      "the mode and VLANs of LAG members are their LAG's (409 lag_member).",
    doc: {
      request: BULK_REQUEST,
      response: {
        type: 'object',
        properties: {
          items: { type: 'array', items: resourceSchema(PORT) },
          changed: { type: 'integer' },
          activityId: { type: ['string', 'null'] },
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/api/ports/:id/history',
    access: 'viewer',
    handler: portHistory,
    summary:
      'The activity entries that touched this port, newest first. With observed=true each is of kind documented, and the link and admin ' +
      'state changes discoveries observed in the span of the page (kind observed: at, change) are merged in by time.',
    doc: {
      response: {
        type: 'object',
        properties: {
          items: { type: 'array', items: { anyOf: [ACTIVITY_ENTRY_SCHEMA, OBSERVED_STATE_CHANGE] } },
          nextCursor: { type: ['string', 'null'] },
        },
      },
      query: [
        { name: 'limit', schema: { type: 'integer', minimum: 1, maximum: HISTORY_LIMIT.max, default: HISTORY_LIMIT.default } },
        {
          name: 'before',
          schema: { type: 'string' },
          description: 'The nextCursor of the previous page (the same cursor as /api/activity).',
        },
        { name: 'observed', schema: { type: 'boolean', default: false }, description: 'Merge in the observed state changes.' },
      ],
    },
  },
];

function portsBulkUpdate(ctx: Ctx) {
  return { body: bulkChangePorts(ctx.app.db, actorOf(ctx), pathId(ctx, 'switch'), ctx.body) };
}

function portHistory(ctx: Ctx) {
  const db = ctx.app.db;
  const id = pathId(ctx, 'port');
  const { limit, beforeSeq } = historyParams(ctx);
  const rows = listActivity(db, { entityType: 'port', entityId: id, limit: limit + 1, beforeSeq });
  if (rows.length === 0 && !getPort(db, id)) throw notFound('port');
  const items = rows.slice(0, limit).map(activityToApi);
  const nextCursor = rows.length > limit ? encodeCursor(rows[limit - 1].seq) : null;
  if (!flag(ctx, 'observed')) return { body: { items, nextCursor } };
  const span = {
    after: nextCursor ? items.at(-1)?.at : undefined,
    upTo: beforeSeq === undefined ? undefined : activityAtSeq(db, beforeSeq),
  };
  return { body: { items: withObservedChanges(db, id, items, span), nextCursor } };
}

/** Observed state changes a page of a port's timeline may hold at most, besides its entries. */
const OBSERVED_PER_PAGE = 500;

/** A page of a port's activity entries (kind documented) and its observed state changes within their span, newest first. */
function withObservedChanges(db: Db, portId: string, entries: ActivityEntry[], span: TimeSpan) {
  const observed = portStateChanges(db, portId, span, OBSERVED_PER_PAGE).map((row) => ({ kind: 'observed', ...row }));
  const documented = entries.map((entry) => ({ kind: 'documented', ...entry }));
  return [...documented, ...observed].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

function historyParams(ctx: Ctx): { limit: number; beforeSeq: number | undefined } {
  const faults: FieldFault[] = [];
  const limit = queryInteger(ctx, 'limit', 1, HISTORY_LIMIT.max, faults) ?? HISTORY_LIMIT.default;
  const beforeSeq = cursorOf(ctx, faults);
  if (faults.length) throw validationFailed(faults, 'The history parameters are invalid.');
  return { limit, beforeSeq };
}
