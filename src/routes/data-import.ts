import { HttpError } from '../errors/http-error.ts';
import { isPlainObject } from '../fields/field.ts';
import { requestOrigin } from '../http/client.ts';
import { actorOf, flag, queryChoice } from '../http/request.ts';
import { IMPORT_BODY_LIMIT, type Ctx, type Route } from '../http/route.ts';
import { checkDocument, isDocument, type CheckedDocument } from '../import/document.ts';
import { mergeDocument, type MergeFix } from '../import/merge.ts';
import { MODEL2_SCHEMA_VERSION } from '../import/model1.ts';
import { schemaVersion } from '../db/migrate.ts';
import { COUNTS_SCHEMA, DOCUMENT_SCHEMA_JSON, LEGACY_BUNDLE_SCHEMA, mergeFixesSchema } from '../import/schemas.ts';
import { checkLegacyBundle } from '../legacy/check.ts';
import { SETTINGS_FILE } from '../legacy/settings.ts';
import { bundleOfEzswmBackup, fixesInBackupTerms, isEzswmBackup } from '../legacy/ezswm-backup.ts';
import type { LegacySharing } from '../legacy/ezswm-sharing.ts';
import { LEGACY_KINDS, legacyFaultLine, legacyFaultPath, type LegacyBundle, type LegacyFault } from '../legacy/types.ts';

/** The route of the merge of a backup or a 0.20.x bundle into the stored data. */
export const DATA_IMPORT_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/data/import',
    access: 'admin',
    handler: dataImportMerge,
    body: { accepts: 'json', limit: IMPORT_BODY_LIMIT },
    summary:
      'Merge a db-v1 document (of this release or of 0.26.0, converted as a restore converts it), a 0.20.x bundle, ' +
      'or an ezSWM backup export (schema sqlite-v1, read as the 0.20.x files it holds) into the stored data: fresh ids, ' +
      'references remapped; a site of the same name is merged, and inside it the VLANs of the same number, ' +
      'the networks of the same subnet (and in them the addresses of the same address and the ranges of the same start and end), ' +
      'the switches of the same name (and their ports of the same name). A new VLAN whose colour or name its site uses gets a free one, ' +
      'a new network whose name is used gets a number: each change listed in fixes. A template of the same name and the same units is ' +
      'the stored one; one with other units comes in as "name (2)" (a fix). A switch keeps its template, ' +
      'a LAG its members and remote LAG, remapped; a LAG of a merged switch whose name the stored switch has, ' +
      'or with a member merged into a stored port of a stored LAG, is left out (a fix; its ports are then in no LAG). ' +
      'A network overlapping a stored one of its site, or a stored management IP or MAC address, is a clash (409). ' +
      'Users are not imported (but are checked, password hashes too), ' +
      "and activity comes without its undo images (checked like a restore's), not undoable. One transaction, one import entry.",
    doc: {
      request: { oneOf: [DOCUMENT_SCHEMA_JSON, LEGACY_BUNDLE_SCHEMA] },
      response: {
        type: 'object',
        properties: {
          created: COUNTS_SCHEMA,
          merged: COUNTS_SCHEMA,
          fixes: mergeFixesSchema({
            file: "The file of a 0.20.x bundle (switches.json), or an ezSWM backup's own list (data.ports).",
            id: "The record's id in the file or backup.",
            record: 'The record in words where its id alone would not say it: "port 1/1/7 of switch acc-bib".',
          }),
          dryRun: { type: 'boolean' },
          sharing: {
            type: 'object',
            description:
              'With a 0.20.x bundle or an ezSWM backup: the public links and topology positions made (or, in a dry run, to be made; ' +
              "docs/SHARING.md). A public link is made only for a switch the merge creates, and with a new random token, never the file's: " +
              'a link of a stored switch is left out, and each link left out or given a new token is a fix.',
            properties: {
              publicLinks: { type: 'integer', minimum: 0 },
              topologyPositions: { type: 'integer', minimum: 0 },
              links: {
                type: 'array',
                description: 'The public links made (not in a dry run), each with the URL of its new token: shown this once, never stored.',
                items: {
                  type: 'object',
                  required: ['id', 'fileId', 'switchId', 'switchName', 'url'],
                  properties: {
                    id: { type: 'string', format: 'uuid' },
                    fileId: { type: 'string', description: 'The id of its record in public-tokens.json.' },
                    switchId: { type: 'string', format: 'uuid' },
                    switchName: { type: 'string' },
                    url: { type: 'string', description: '/p/<token> under the origin of the request.' },
                  },
                },
              },
            },
          },
        },
      },
      query: [
        {
          name: 'onConflict',
          schema: { enum: ['merge', 'fail'] },
          description: 'fail: refuse (409 conflict, the clashes in details) when a record has the name of a stored one.',
        },
        { name: 'dryRun', schema: { type: 'boolean' }, description: 'Check everything and answer the counts; change nothing.' },
      ],
    },
  },
];

function dataImportMerge(ctx: Ctx) {
  const onConflict = queryChoice(ctx, 'onConflict', ['merge', 'fail']);
  const now = new Date().toISOString();
  // An ezSWM backup (sqlite-v1) is the 0.20.x files in other clothes: the same reader takes it.
  const legacy = isEzswmBackup(ctx.body) || !isDocument(ctx.body);
  const { doc, fixes, sharing } = legacy
    ? legacyDocument(ctx.body, now)
    : { doc: checkDocument(ctx.body, now, schemaVersion(ctx.app.db)), fixes: [], sharing: undefined };
  const dryRun = flag(ctx, 'dryRun');
  const origin = requestOrigin(ctx.app.config, ctx.req) ?? '';
  const publicUrl = (token: string) => `${origin}/p/${token}`;
  const source = legacy ? 'legacy' : 'db-v1';
  const fixesInSourceTerms = isEzswmBackup(ctx.body)
    ? (all: MergeFix[]) => fixesInBackupTerms(ctx.body as Record<string, unknown>, all)
    : undefined;
  const options = { onConflict, dryRun, source, fixes, sharing, publicUrl, fixesInSourceTerms } as const;
  const result = mergeDocument(ctx.app.db, actorOf(ctx), doc, options);
  // The URLs of new public links are in this answer only, as the switch page's "make a link" answers its one.
  return { body: dryRun ? { ...result, dryRun } : result, headers: { 'Cache-Control': 'no-store' } };
}

// A 0.20.x bundle, or an ezSWM backup as the bundle it holds, goes through the legacy reader (the one the
// start-up migration uses), then through the same document checks as a backup.
function legacyDocument(body: unknown, now: string): LegacyDocument {
  if (isEzswmBackup(body)) {
    const { bundle, faults } = bundleOfEzswmBackup(body as Record<string, unknown>);
    if (faults.length > 0) throw bundleFaults('The ezSWM backup', faults);
    const { data } = body as { data: unknown };
    return withSettingsNoted(bundleDocument(bundle, now), isPlainObject(data) ? data.settings : undefined);
  }
  const { settings, ...records } = isPlainObject(body) ? body : {};
  const isBundle =
    Object.keys(records).length > 0 && Object.keys(records).every((key) => (LEGACY_KINDS as readonly string[]).includes(key));
  if (!isBundle) {
    throw new HttpError(
      400,
      'unsupported_schema',
      'The body is neither a Switchyard backup ("schema": "db-v1"), an ezSWM backup ("schema": "sqlite-v1") nor a 0.20.x bundle { sites, ' +
        'vlans, networks, switches, "ip-allocations", "ip-ranges", "layout-templates", "lag-groups", "public-tokens", "topology-layouts", ' +
        'activity, users }.',
      [{ field: 'schema', message: 'is missing' }],
    );
  }
  return withSettingsNoted(bundleDocument(records as LegacyBundle, now), settings);
}

// The settings (settings.json, an ezSWM backup's settings row) are the install's own (its name, defaults of the
// old UI): a merge takes records, not settings, and says so among its fixes.
function withSettingsNoted(document: LegacyDocument, settings: unknown): LegacyDocument {
  if (settings !== undefined)
    document.fixes.push({
      file: SETTINGS_FILE,
      id: '',
      field: '',
      from: null,
      to: null,
      reason: 'the settings of another install are not merged',
    });
  return document;
}

/** A legacy bundle as the merge takes it: a checked document, the reader's fixes, the public links and topology positions. */
interface LegacyDocument {
  doc: CheckedDocument;
  fixes: MergeFix[];
  sharing: LegacySharing;
}

function bundleDocument(bundle: LegacyBundle, now: string): LegacyDocument {
  const { data, faults } = checkLegacyBundle(bundle);
  if (!data) throw bundleFaults('The 0.20.x bundle', faults);
  const { sites, vlans, networks, switches, ports, addresses, ranges, templates, lags, activity } = data;
  const doc = checkDocument(
    {
      schema: 'db-v1',
      schemaVersion: MODEL2_SCHEMA_VERSION,
      exportedAt: null,
      data: { users: [], sites, vlans, networks, ranges, templates, switches, lags, ports, addresses, activity },
    },
    now,
  );
  return { doc, fixes: data.fixes, sharing: { publicLinks: data.publicLinks, topologyPositions: data.topologyPositions } };
}

function bundleFaults(what: string, faults: LegacyFault[]): HttpError {
  return new HttpError(
    400,
    'validation_failed',
    `${what} has ${faults.length} fault${faults.length === 1 ? '' : 's'}; nothing was changed.`,
    faults.map((fault) => ({ field: legacyFaultPath(fault), message: legacyFaultLine(fault) })),
  );
}
