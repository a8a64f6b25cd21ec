import type { ServerResponse } from 'node:http';
import { acknowledgementsJson } from '../db/drift.ts';
import { schedulesJson } from '../db/polling.ts';
import { countAll, DOCUMENT_KINDS, recordChunks, type Counts } from '../db/read/backup.ts';
import { schemaVersion } from '../db/migrate.ts';
import { openSnapshot, type Db } from '../db/open.ts';
import { HttpError } from '../errors/http-error.ts';
import { appVersion } from '../http/app-version.ts';
import { apiHeaders } from '../http/reply.ts';
import { actorOf, flag, queryChoice } from '../http/request.ts';
import { IMPORT_BODY_LIMIT, type Ctx, type Route } from '../http/route.ts';
import { checkDocument, isDocument } from '../import/document.ts';
import { restoreDocument } from '../import/restore.ts';
import { COUNTS_SCHEMA, DOCUMENT_SCHEMA_JSON } from '../import/schemas.ts';

/** The routes of the whole-database export and restore. */
export const BACKUP_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/backup/export',
    access: 'admin',
    handler: backupExport,
    summary:
      'The whole database as a db-v1 document (users with password hashes; schemaVersion, the highest applied schema migration), ' +
      'streamed from one consistent snapshot; an attachment. Favourite switches are settings of their users and are not exported.',
    doc: { response: DOCUMENT_SCHEMA_JSON },
  },
  {
    method: 'POST',
    path: '/api/backup/import',
    access: 'admin',
    handler: backupRestore,
    body: { accepts: 'json', limit: IMPORT_BODY_LIMIT },
    summary:
      'Restore a db-v1 document: checked whole (400 validation_failed with every fault: every record, ' +
      'every undo image of the activity log, every password hash), then sites, VLANs, networks, ranges, templates, switches, LAGs, ' +
      'ports, addresses and activity replaced, ids kept, with one restore entry (addresses and ranges checked with every IPAM rule; ' +
      "templates' units by the template rules, names unique; a switch's templateId a template of the document; " +
      "a LAG's memberPortIds exactly the ports whose lagId is the LAG, two or more of its switch's, " +
      "its remoteLagId a LAG of another switch that points back, its VLANs of the switch's site; a document of an earlier schema, " +
      'without some of them, restores with none). A document of 0.26.0 (no schemaVersion, or one below 6) ' +
      'is converted as schema migration 0006 converts a database (docs/MODEL2.md). Undo images must keep the field rules as an undo ' +
      'would write them; password hashes must be scrypt of the cost this service writes (ln=15,r=8,p=1, or ln=14,r=8,p=1, ' +
      'which earlier releases took in) with a 16-byte salt and a 64-byte hash, or bcrypt as 0.20.x wrote it ($2a$, $2b$ or $2y$, ' +
      "cost 04 to 12; rewritten as scrypt at the user's next sign-in).",
    doc: {
      request: DOCUMENT_SCHEMA_JSON,
      response: { type: 'object', properties: { restored: COUNTS_SCHEMA, dryRun: { type: 'boolean' } } },
      query: [
        {
          name: 'users',
          schema: { enum: ['keep', 'replace'] },
          description:
            "replace: the backup's users too; needs an enabled admin with your username in it (409 would_lock_out). You then sign in again.",
        },
        { name: 'dryRun', schema: { type: 'boolean' }, description: 'Check everything and answer the counts; change nothing.' },
      ],
    },
  },
];

// The export reads through its own read-only connection inside one read transaction (openSnapshot says why),
// closed when the document is out or the client goes away, whichever comes first.
async function backupExport(ctx: Ctx): Promise<undefined> {
  const db = openSnapshot(ctx.app.config.databasePath);
  const close = closer(db);
  ctx.res.once('close', close);
  try {
    const counts = countAll(db);
    const exportedAt = new Date().toISOString();
    ctx.res.writeHead(
      200,
      apiHeaders({
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="switchyard-backup-${isoBasic(exportedAt)}.json"`,
        'Cache-Control': 'no-store',
      }),
    );
    const head = { exportedAt, counts, schemaVersion: schemaVersion(db), appVersion: appVersion(ctx.app.config.rootDir) };
    await streamDocument(ctx.res, db, head);
  } finally {
    close();
  }
  return undefined;
}

async function streamDocument(
  res: ServerResponse,
  db: Db,
  head: { exportedAt: string; counts: Counts; schemaVersion: number; appVersion: string },
): Promise<void> {
  const opening =
    `{"schema":"db-v1","schemaVersion":${head.schemaVersion},"app":"switchyard","appVersion":${JSON.stringify(head.appVersion)},` +
    `"exportedAt":"${head.exportedAt}","counts":${JSON.stringify(head.counts)},` +
    // Configuration beside the inventory, before it: a handful of records, which no count or kind of data names.
    `"driftAcknowledgements":[${acknowledgementsJson(db)}],"pollingSchedules":[${schedulesJson(db)}],"data":{`;
  if (!(await send(res, opening))) return;
  for (const [index, kind] of DOCUMENT_KINDS.entries()) {
    if (!(await send(res, `${index ? ',' : ''}"${kind}":[`))) return;
    let first = true;
    // Memory holds one chunk, whatever the database size.
    for (const text of recordChunks(db, kind)) {
      if (!(await send(res, first ? text : `,${text}`))) return;
      first = false;
    }
    if (!(await send(res, ']'))) return;
  }
  res.end('}}');
}

/** Writes with backpressure: resolves true when the client can take more, false when it went away. */
function send(res: ServerResponse, text: string): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  if (res.write(text)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (more: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(more);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

function closer(db: Db): () => void {
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    db.close();
  };
}

/** `2026-11-22T05:12:04.123Z` as `20261122T051204Z`. */
function isoBasic(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

function backupRestore(ctx: Ctx) {
  if (!isDocument(ctx.body)) {
    throw new HttpError(400, 'unsupported_schema', 'The body is not a Switchyard backup: it needs "schema": "db-v1".', [
      { field: 'schema', message: 'is missing' },
    ]);
  }
  const users = queryChoice(ctx, 'users', ['keep', 'replace']);
  const doc = checkDocument(ctx.body, new Date().toISOString(), schemaVersion(ctx.app.db));
  const dryRun = flag(ctx, 'dryRun');
  const restored = restoreDocument(ctx.app.db, actorOf(ctx), doc, { replaceUsers: users === 'replace', dryRun });
  return { body: dryRun ? { restored, dryRun } : { restored } };
}
