import { getVlan, listVlans, listVlansJson, portsCarryingVlan, vlanToApi, type VlanFilter, type VlanPortRow } from '../db/vlans.ts';
import { VLAN_WRITES } from '../domain/vlans.ts';
import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { VLAN_STATUSES } from '../fields/choices.ts';
import { VLAN } from '../fields/vlans.ts';
import { csvListAnswer, pageAnswer } from '../http/answers.ts';
import { LIST_QUERY_DOC, pageRequest } from '../http/list-request.ts';
import { pathRow, queryInteger, queryOneOf, uuidFilter, wantsCsv } from '../http/request.ts';
import { flagOption, resourceRoutes, uuidParameter } from '../http/resource-routes.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';
import { writeCsv } from '../lib/csv.ts';
import { VLAN_PORTS_CSV_HEADER, VLAN_PORTS_PAGE } from './schemas/vlans.ts';

/** The routes of VLANs. */
export const VLAN_ROUTES: Route[] = [
  ...resourceRoutes({
    resource: VLAN,
    reads: { get: getVlan, toApi: vlanToApi, listJson: listVlansJson, list: listVlans, csv: recordsToCsv },
    lists: [
      {
        summary: 'List VLANs, filtered by site, VLAN number and status.',
        query: [
          uuidParameter('siteId'),
          { name: 'vid', schema: { type: 'integer', minimum: 1, maximum: 4094 } },
          { name: 'status', schema: { type: 'string', enum: [...VLAN_STATUSES] } },
        ],
        filter: vlanFilter,
      },
    ],
    summaries: {
      create: 'Create a VLAN; name and number unique per site (409), colour unique per site (409 color_taken), picked when not given.',
      get: 'One VLAN, with its ETag.',
      update: 'Change a VLAN (If-Match honoured); it moves to another site only while nothing uses it (409 vlan_in_use).',
      delete:
        'Delete a VLAN; one that ports, networks or switches use: 409 vlan_in_use with the counts unless force=true, ' +
        'which takes it off them in the same activity entry.',
    },
    writes: VLAN_WRITES,
    deleteOptions: flagOption(
      'force',
      'Also take it off the ports that carry it and the switches that configure it, and detach its networks.',
    ),
  }),
  {
    method: 'GET',
    path: '/api/vlans/:id/ports',
    access: 'viewer',
    handler: vlanPorts,
    summary: 'The ports that carry a VLAN, with their switch and whether untagged or tagged, by switch and position.',
    doc: {
      response: VLAN_PORTS_PAGE,
      produces: ['application/json', 'text/csv'],
      query: LIST_QUERY_DOC.filter((parameter) => ['limit', 'offset', 'format'].includes(parameter.name)),
    },
  },
];

/** The ports that carry the VLAN, a page of them (JSON) or all of them without `limit` (CSV). */
function vlanPorts(ctx: Ctx): Reply {
  const vlan = pathRow(ctx, 'vlan', getVlan);
  const { limit, offset } = pageRequest(ctx);
  const { rows, total } = portsCarryingVlan(ctx.app.db, vlan.id, limit, offset);
  if (wantsCsv(ctx)) return csvListAnswer(writeCsv(VLAN_PORTS_CSV_HEADER, rows.map(portCells)), total);
  return pageAnswer(rows.map(portItem), total, { limit, offset });
}

function portItem(row: VlanPortRow) {
  const { id, name, unit, position, mode, description } = row;
  return { id, name, unit, position, mode, description, switch: { id: row.switch_id, name: row.switch_name }, as: row.carried_as };
}

function portCells(row: VlanPortRow): (string | null)[] {
  return [
    row.switch_id,
    row.switch_name,
    row.id,
    row.name,
    String(row.unit),
    String(row.position),
    row.mode,
    row.carried_as,
    row.description,
  ];
}

function vlanFilter(ctx: Ctx): VlanFilter {
  const faults: FieldFault[] = [];
  const vid = queryInteger(ctx, 'vid', 1, 4094, faults);
  const status = queryOneOf(ctx, 'status', VLAN_STATUSES, faults);
  if (faults.length) throw validationFailed(faults, 'The VLAN filters are invalid.');
  return { siteId: uuidFilter(ctx, 'siteId'), vid, status };
}
