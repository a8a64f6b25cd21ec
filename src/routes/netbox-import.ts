import { HttpError } from '../errors/http-error.ts';
import { actorOf, flag } from '../http/request.ts';
import { IMPORT_BODY_LIMIT, type Ctx, type Route } from '../http/route.ts';
import { checkDocument } from '../import/document.ts';
import { mergeDocument } from '../import/merge.ts';
import { documentOfNetbox, NETBOX_PATHS } from '../import/netbox.ts';
import { COUNTS_SCHEMA, mergeFixesSchema } from '../import/schemas.ts';

/** The most switch roles a request names. */
const SWITCH_ROLES_MAX = 50;

/** The route of the NetBox data import (docs/NETBOX.md). */
export const NETBOX_IMPORT_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/import/netbox',
    access: 'admin',
    handler: netboxImport,
    body: { accepts: 'json', limit: IMPORT_BODY_LIMIT },
    summary:
      'Import a NetBox bundle: one JSON object keyed by NetBox API path ' +
      `(${NETBOX_PATHS.join(', ')}), each value the answer of GET /api/<path>/?limit=0 ({ count, next, previous, results }) or its results. ` +
      'Devices of a switch role become switches, their interfaces ports and LAGs, cables between switch ports links (also through patch ' +
      'panels whose front and rear ports are in the bundle), prefixes networks, IP addresses addresses, IP ranges ranges, VLANs VLANs of ' +
      "their site (a VLAN of a group scoped to one site is that site's; a global one is copied into each site that uses it). " +
      'The records are merged into the stored data as a backup is (a site of the same name is merged into, and so on), in one ' +
      'transaction with one import entry, which undo reverses. What is not mapped is listed in fixes, record by record, and ' +
      'the netbox tally says, per path, how many records were imported, folded into other records (a manufacturer as the vendor of ' +
      'its switches) or listed: every record is one of those. docs/NETBOX.md has the whole mapping.',
    doc: {
      request: {
        type: 'object',
        description: 'NetBox list answers keyed by API path (dcim/devices, ipam/vlans…).',
        additionalProperties: {
          oneOf: [
            { type: 'object', properties: { count: { type: 'integer' }, next: {}, previous: {}, results: { type: 'array' } } },
            { type: 'array' },
          ],
        },
      },
      response: {
        type: 'object',
        properties: {
          created: COUNTS_SCHEMA,
          merged: COUNTS_SCHEMA,
          fixes: mergeFixesSchema({
            file: 'The NetBox API path of the record (dcim/interfaces), or the list of the merge.',
            id: "The record's NetBox id.",
            record: 'The record in words: "interfaces Gi1/0/1 of acc-1".',
          }),
          netbox: {
            type: 'object',
            description: 'Per NetBox API path of the bundle: its records, and how many were imported, folded and listed.',
            additionalProperties: {
              type: 'object',
              properties: {
                records: { type: 'integer' },
                imported: { type: 'integer' },
                folded: { type: 'integer' },
                listed: { type: 'integer' },
              },
            },
          },
          dryRun: { type: 'boolean' },
        },
      },
      status: 201,
      query: [
        { name: 'dryRun', schema: { type: 'boolean' }, description: 'Check everything and answer the counts; change nothing.' },
        {
          name: 'switchRoles',
          schema: { type: 'string' },
          description:
            'The device role slugs whose devices are switches, comma-separated. Default: every role whose slug contains "switch".',
        },
      ],
    },
  },
];

function netboxImport(ctx: Ctx) {
  const switchRoles = switchRolesOf(ctx.query.get('switchRoles'));
  const { document, fixes, tally } = documentOfNetbox(ctx.body, { switchRoles });
  const doc = checkDocument(document, new Date().toISOString());
  const dryRun = flag(ctx, 'dryRun');
  const result = mergeDocument(ctx.app.db, actorOf(ctx), doc, { onConflict: 'merge', dryRun, source: 'netbox', fixes, undoable: true });
  return { status: dryRun ? 200 : 201, body: { ...result, netbox: tally, ...(dryRun ? { dryRun } : {}) } };
}

function switchRolesOf(text: string | null): string[] | undefined {
  if (text === null) return undefined;
  const roles = text
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  if (roles.length === 0 || roles.length > SWITCH_ROLES_MAX || roles.some((role) => role.length > 100)) {
    throw new HttpError(400, 'validation_failed', 'switchRoles must name 1 to 50 role slugs, comma-separated.', [
      { field: 'switchRoles', message: 'must be role slugs, comma-separated' },
    ]);
  }
  return roles;
}
