import { activityToApi, listActivity } from '../db/activity.ts';
import { getPort, listPorts, listPortsJson, portToApi, type PortFilter, type PortRow } from '../db/ports.ts';
import { getSwitch } from '../db/switches.ts';
import { PORT_WRITES, bulkChangePorts, type PortChangeOptions } from '../domain/ports.ts';
import { notFound, validationFailed, type FieldFault } from '../errors/http-error.ts';
import { resourceSchema } from '../fields/field.ts';
import { PORT } from '../fields/ports.ts';
import { ACTIVITY_ENTRY_SCHEMA, cursorOf, encodeCursor } from '../http/activity-page.ts';
import { actorOf, pathId, pathRow, queryInteger, uuidFilter } from '../http/request.ts';
import { flagOption, resourceRoutes, uuidParameter } from '../http/resource-routes.ts';
import type { Ctx, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';
import { BULK_REQUEST, HISTORY_LIMIT } from './schemas/ports.ts';

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
    summary: 'The activity entries that touched this port, newest first.',
    doc: {
      response: {
        type: 'object',
        properties: { items: { type: 'array', items: ACTIVITY_ENTRY_SCHEMA }, nextCursor: { type: ['string', 'null'] } },
      },
      query: [
        { name: 'limit', schema: { type: 'integer', minimum: 1, maximum: HISTORY_LIMIT.max, default: HISTORY_LIMIT.default } },
        {
          name: 'before',
          schema: { type: 'string' },
          description: 'The nextCursor of the previous page (the same cursor as /api/activity).',
        },
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
  return { body: { items, nextCursor: rows.length > limit ? encodeCursor(rows[limit - 1].seq) : null } };
}

function historyParams(ctx: Ctx): { limit: number; beforeSeq: number | undefined } {
  const faults: FieldFault[] = [];
  const limit = queryInteger(ctx, 'limit', 1, HISTORY_LIMIT.max, faults) ?? HISTORY_LIMIT.default;
  const beforeSeq = cursorOf(ctx, faults);
  if (faults.length) throw validationFailed(faults, 'The history parameters are invalid.');
  return { limit, beforeSeq };
}
