import { lagsOfSwitch } from '../db/lags.ts';
import type { Db } from '../db/open.ts';
import { portToApi, portsOfSwitch } from '../db/ports.ts';
import { getSwitch, listSwitches, listSwitchesJson, switchToApi, type SwitchFilter, type SwitchRow } from '../db/switches.ts';
import { SWITCH_WRITES, addFavorite, duplicateSwitch, removeFavorite } from '../domain/switches.ts';
import { validationFailed, type FieldFault } from '../errors/http-error.ts';
import { SWITCH_STATUSES } from '../fields/choices.ts';
import { SWITCH } from '../fields/switches.ts';
import { created, etag } from '../http/answers.ts';
import { actorOf, pathRow, queryOneOf, uuidFilter } from '../http/request.ts';
import { resourceRoutes, uuidParameter } from '../http/resource-routes.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { recordsToCsv } from '../import/csv-layout.ts';
import { SWITCH_DUPLICATE, SWITCH_WITH_PORTS } from './schemas/switches.ts';

/** The routes of switches and of the caller's favourite switches. */
export const SWITCH_ROUTES: Route[] = [
  ...resourceRoutes<SwitchRow, SwitchFilter>({
    resource: SWITCH,
    reads: { get: getSwitch, toApi: switchToApi, listJson: listSwitchesJson, list: listSwitches, csv: recordsToCsv },
    lists: [
      {
        summary: "List switches, filtered by site, status and the caller's favourites (favorite=true or false).",
        query: [
          uuidParameter('siteId'),
          { name: 'status', schema: { type: 'string', enum: [...SWITCH_STATUSES] } },
          {
            name: 'favorite',
            schema: { type: 'string', enum: ['true', 'false'] },
            description: "Only the caller's favourites, or only the others.",
          },
        ],
        filter: (ctx) => ({ siteId: uuidFilter(ctx, 'siteId'), ...listFilters(ctx), callerId: ctx.user!.id }),
      },
    ],
    summaries: {
      create:
        'Create a switch; portCount makes ports named 1…N, or templateId makes the ports of a layout template for every member of its ' +
        "stack (stackSize: the template's unit count unless given; 400 on stackSize when the template cannot make that stack; " +
        'portCount with templateId: 400). Name unique per site, MAC unique, management IP unique per site (409); ' +
        'configuredVlanIds are VLANs of its site. ' +
        "A management IP inside a network of its site is recorded there as an address with the switch's switchId (an unlinked record of " +
        "that address without a host name or with the switch's is taken over), in the same entry; " +
        'refused inside a DHCP range (409 in_dhcp_range), when recorded for another device (409 address_taken), or as the network or broadcast address (400).',
      get: 'One switch with its ports (by position) and its LAGs (by name), with its ETag.',
      update:
        'Change a switch (If-Match honoured); it moves site only while none of its ports carries a VLAN (409 vlan_in_use); ' +
        "stackSize stays at least its ports' highest unit (400); raised, it gives the new members their ports (the template's, else member 1's). " +
        'Its management address moves with managementIp and siteId (same record), and goes when the IP is cleared or lies in no network of ' +
        'the site, in the same entry; refusals as on POST.',
      delete: 'Delete a switch with its ports (far ends of links are unlinked) and its management address, in one activity entry.',
    },
    writes: SWITCH_WRITES,
    getAnswer: { response: SWITCH_WITH_PORTS, answer: (ctx, row) => switchWithPortsAndLags(ctx.app.db, row) },
  }),
  {
    method: 'POST',
    path: '/api/switches/:id/duplicate',
    access: 'editor',
    handler: switchDuplicate,
    body: { accepts: 'json' },
    summary:
      'Copy a switch at its site under a new name (unique per site, 409): vendor, model, firmware, role, tags, status, stack size, ' +
      "template, PoE budget, configured VLANs, notes, its ports' configuration and its LAGs (without remote LAG); " +
      'not its serial number, MAC, location, rack position, links, connected devices, link status or addresses. ' +
      'managementIp as on POST (its address recorded the same way). One create entry; undo removes the copy.',
    doc: { request: SWITCH_DUPLICATE, response: SWITCH_WITH_PORTS, status: 201 },
  },
  {
    method: 'PUT',
    path: '/api/switches/:id/favorite',
    access: 'user',
    handler: switchFavoriteAdd,
    summary: "Make the switch one of the caller's favourites (204, again too); not an inventory change: no version, no activity entry.",
    doc: { status: 204 },
  },
  {
    method: 'DELETE',
    path: '/api/switches/:id/favorite',
    access: 'user',
    handler: switchFavoriteRemove,
    summary: "Take the switch off the caller's favourites (204, also when it was not one).",
    doc: { status: 204 },
  },
];

/** A copy of the switch at its site under the body's name (domain/switches.ts duplicateSwitch); 201 with its ports and LAGs. */
function switchDuplicate(ctx: Ctx): Reply {
  const db = ctx.app.db;
  const id = duplicateSwitch(db, actorOf(ctx), pathRow(ctx, 'switch', getSwitch), ctx.body);
  const record = switchWithPortsAndLags(db, getSwitch(db, id, ctx.user!.id)!);
  return created(`/api/switches/${id}`, record, { ETag: etag(record.version) });
}

function switchFavoriteAdd(ctx: Ctx) {
  addFavorite(ctx.app.db, ctx.user!.id, pathRow(ctx, 'switch', getSwitch).id);
  return { status: 204 };
}

function switchFavoriteRemove(ctx: Ctx) {
  removeFavorite(ctx.app.db, ctx.user!.id, pathRow(ctx, 'switch', getSwitch).id);
  return { status: 204 };
}

/** A switch as GET answers it: with its ports by position and its LAGs by name. */
function switchWithPortsAndLags(db: Db, row: SwitchRow) {
  return { ...switchToApi(row), ports: portsOfSwitch(db, row.id).map(portToApi), lags: lagsOfSwitch(db, row.id) };
}

function listFilters(ctx: Ctx): Pick<SwitchFilter, 'status' | 'favorite'> {
  const faults: FieldFault[] = [];
  const status = queryOneOf(ctx, 'status', SWITCH_STATUSES, faults);
  const favorite = queryOneOf(ctx, 'favorite', ['true', 'false'], faults);
  if (faults.length) throw validationFailed(faults, 'The list filters are invalid.');
  return { status, favorite: favorite === undefined ? undefined : favorite === 'true' };
}
