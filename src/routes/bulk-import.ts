import { kindOfPlural, pluralOf, type Kind } from '../db/images.ts';
import { HttpError, notFound, type FieldFault } from '../errors/http-error.ts';
import { actorOf, flag } from '../http/request.ts';
import { IMPORT_BODY_LIMIT, type Ctx, type Route } from '../http/route.ts';
import { BULK_KINDS, bulkImport, type BulkRow } from '../import/bulk.ts';
import { csvHeader, csvToRecords } from '../import/csv-layout.ts';
import type { CsvEncoding } from '../lib/csv.ts';

/** The route of the bulk import of sites, VLANs, networks, switches, ports, addresses or ranges. */
export const BULK_IMPORT_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/import/:entity',
    access: 'admin',
    handler: bulkImportCreate,
    body: { accepts: 'json-or-csv', limit: IMPORT_BODY_LIMIT },
    summary:
      'Create or update many sites, VLANs, networks, switches, ports, addresses or ranges at once from a JSON array or text/csv ' +
      `(the layout GET ?format=csv writes: ${BULK_KINDS.map((kind) => `${pluralOf(kind)}: ${csvHeader(kind).join(',')}`).join('; ')}). ` +
      'A row with the id of a stored record updates it, a row without one creates a record; ' +
      'a row equal to its record is counted as unchanged. References by id or by name (VLANs by number, lists as 10-20;30; ' +
      `an address's or range's network as site + subnet, an address's port as "<switch> <port>"; ` +
      "an address's switch column names the switch whose management IP it is and is ignored on import, " +
      "and so is a switch's template (templateId), which only POST /api/switches gives; " +
      "a port that is a LAG member keeps its mode and VLANs, which are its LAG's, and stays an Ethernet port (lag_member)). " +
      'Templates and LAGs are not imported here (404, as an unknown entity): they come with a backup, a merge or their own routes. ' +
      'Addresses and ranges keep the IPAM rules, within the file and against the stored data: a usable host, once per network, ' +
      'never inside a DHCP range (in_dhcp_range); ranges inside the subnet that never overlap (range_overlaps). ' +
      'Every row is checked first; any fault refuses all (details[].field rows[n].column, n from 1): when every fault breaks rules of ' +
      "one code, with that code and status, as the API's create and update answer (name_taken, subnet_overlaps, lag_member: 409), " +
      'else 400 validation_failed. A CSV file is read as UTF-8, ' +
      `or as Windows-1252 when it is not UTF-8 but clearly that (Excel's "CSV (Comma delimited)"; the answer's encoding says which); ` +
      'any other is refused (400). One import entry.',
    doc: {
      request: {
        type: 'array',
        items: {
          type: 'object',
          description:
            'The fields of a create (or, with the id of a stored record, those to change), with references by id (siteId, switchId, vlanId, ' +
            'untaggedVlanId, taggedVlanIds, configuredVlanIds, linkedPortId, networkId, portId) or by name and number (site, switch, vlan, ' +
            'untaggedVlan, taggedVlans, configuredVlans, linkedSite, linkedSwitch, linkedPort, network, port).',
        },
      },
      response: {
        type: 'object',
        properties: {
          created: { type: 'integer' },
          updated: { type: 'integer' },
          unchanged: { type: 'integer' },
          ids: { type: 'array', items: { type: 'string', format: 'uuid' } },
          dryRun: { type: 'boolean' },
          encoding: {
            enum: ['utf-8', 'windows-1252'],
            description:
              'With a text/csv body: how its bytes were read. UTF-8 (a BOM is fine), or Windows-1252 (what Excel\'s "CSV (Comma delimited)" ' +
              'writes) when the file is not UTF-8 but clearly Windows-1252 text; any other file that is not UTF-8 is refused (400, its row and ' +
              'byte offset named).',
          },
        },
      },
      status: 201,
      query: [{ name: 'dryRun', schema: { type: 'boolean' }, description: 'Check every row and answer the counts; change nothing (200).' }],
    },
  },
];

function bulkImportCreate(ctx: Ctx) {
  const kind = kindOfPlural(ctx.params.entity);
  if (!kind || !BULK_KINDS.includes(kind)) throw notFound(`import entity (${BULK_KINDS.map(pluralOf).join(', ')})`);
  const { rows, faults } = ctx.bodyType === 'csv' ? csvRows(kind, ctx.body as string) : { rows: jsonRows(ctx.body), faults: [] };
  const dryRun = flag(ctx, 'dryRun');
  const result = { ...bulkImport(ctx.app.db, actorOf(ctx), kind, rows, dryRun, faults), ...encodingOf(ctx) };
  return dryRun ? { body: { ...result, ids: [], dryRun } } : { status: result.created > 0 ? 201 : 200, body: result };
}

function encodingOf(ctx: Ctx): { encoding?: CsvEncoding } {
  return ctx.bodyEncoding ? { encoding: ctx.bodyEncoding } : {};
}

// Faults of the header or the CSV syntax stop here; a row with a bad cell is left out of the checks that
// follow, and its faults are reported with theirs.
function csvRows(kind: Kind, text: string): { rows: BulkRow[]; faults: FieldFault[] } {
  const { records, faults } = csvToRecords(kind, text);
  if (faults.some((fault) => !/^rows\[\d+\]\./.test(fault.field))) {
    throw new HttpError(
      400,
      'validation_failed',
      `${faults.length} fault${faults.length === 1 ? '' : 's'} in the CSV; nothing was imported.`,
      faults,
    );
  }
  const faulty = new Set(faults.map((fault) => fault.field.replace(/\..*$/, '')));
  return {
    rows: records.filter((record) => !faulty.has(`rows[${record.row}]`)).map((record) => ({ row: record.row, raw: record.values })),
    faults,
  };
}

function jsonRows(body: unknown): BulkRow[] {
  if (!Array.isArray(body))
    throw new HttpError(400, 'validation_failed', 'The body must be a JSON array of records (or text/csv).', [
      { field: 'body', message: 'must be an array' },
    ]);
  return body.map((raw, index) => ({ row: index + 1, raw }));
}
