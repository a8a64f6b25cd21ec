import { HttpError } from '../errors/http-error.ts';
import { isPlainObject } from '../fields/field.ts';
import { actorOf, flag, queryChoice } from '../http/request.ts';
import { IMPORT_BODY_LIMIT, type Ctx, type Route } from '../http/route.ts';
import { checkDocument, isDocument, type CheckedDocument } from '../import/document.ts';
import { mergeDocument } from '../import/merge.ts';
import { COUNTS_SCHEMA, DOCUMENT_SCHEMA_JSON, LEGACY_BUNDLE_SCHEMA } from '../import/schemas.ts';
import { checkLegacyBundle } from '../legacy/check.ts';
import { LEGACY_KINDS, legacyFaultLine, legacyFaultPath, type LegacyBundle } from '../legacy/types.ts';

/** The route of the merge of a backup or a 0.20.x bundle into the stored data. */
export const DATA_IMPORT_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/data/import',
    access: 'admin',
    handler: dataImportMerge,
    body: { accepts: 'json', limit: IMPORT_BODY_LIMIT },
    summary:
      "Merge a db-v1 document or a 0.20.x bundle into the stored data: fresh ids, references remapped, same-name sites (and their same-name networks, switches and ports) merged; users are not imported (but are checked, password hashes too), and activity comes without its undo images (checked like a restore's), not undoable. One transaction, one import entry.",
    doc: {
      request: { oneOf: [DOCUMENT_SCHEMA_JSON, LEGACY_BUNDLE_SCHEMA] },
      response: {
        type: 'object',
        properties: {
          created: COUNTS_SCHEMA,
          merged: COUNTS_SCHEMA,
          warnings: { type: 'array', items: { type: 'string' } },
          dryRun: { type: 'boolean' },
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
  const legacy = !isDocument(ctx.body);
  const doc = legacy ? legacyDocument(ctx.body, now) : checkDocument(ctx.body, now);
  const dryRun = flag(ctx, 'dryRun');
  const result = mergeDocument(ctx.app.db, actorOf(ctx), doc, { onConflict, dryRun, source: legacy ? 'legacy' : 'db-v1' });
  return { body: dryRun ? { ...result, dryRun } : result };
}

// A 0.20.x bundle goes through the legacy reader (the one the start-up migration uses), then through the
// same document checks as a backup.
function legacyDocument(body: unknown, now: string): CheckedDocument {
  const isBundle =
    isPlainObject(body) &&
    Object.keys(body).length > 0 &&
    Object.keys(body).every((key) => (LEGACY_KINDS as readonly string[]).includes(key));
  if (!isBundle) {
    throw new HttpError(
      400,
      'unsupported_schema',
      'The body is neither a Switchyard backup ("schema": "db-v1") nor a 0.20.x bundle { sites, networks, switches, activity, users }.',
      [{ field: 'schema', message: 'is missing' }],
    );
  }
  const { data, faults } = checkLegacyBundle(body as LegacyBundle);
  if (!data) {
    throw new HttpError(
      400,
      'validation_failed',
      `The 0.20.x bundle has ${faults.length} fault${faults.length === 1 ? '' : 's'}; nothing was changed.`,
      faults.map((fault) => ({ field: legacyFaultPath(fault), message: legacyFaultLine(fault) })),
    );
  }
  const { sites, networks, switches, ports, activity } = data;
  return checkDocument({ schema: 'db-v1', exportedAt: null, data: { users: [], sites, networks, switches, ports, activity } }, now);
}
