import { schemaVersion } from '../db/migrate.ts';
import { lastWriteFault } from '../db/open.ts';
import { STORAGE_FAULTS, type StorageFault } from '../db/sqlite-errors.ts';
import { probeStorage } from '../db/storage-probe.ts';
import { appVersion } from '../http/app-version.ts';
import { buildOpenApi } from '../http/openapi.ts';
import type { App, Ctx, Route } from '../http/route.ts';

/** The routes of the health check and the OpenAPI document. */
export const HEALTH_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    handler: healthGet,
    summary:
      'Liveness, versions and configuration warnings (503 when the database cannot be read; status degraded, with the reason, when it cannot be written).',
    doc: {
      response: {
        type: 'object',
        properties: {
          status: { enum: ['ok', 'degraded', 'unavailable'] },
          reason: {
            enum: ['disk full', 'read-only database'],
            description: 'Only when degraded: why changes cannot be saved; the warnings say what to do.',
          },
          writable: { type: 'boolean', description: 'Whether the database can take changes (false when degraded).' },
          version: { type: 'string' },
          schemaVersion: { type: ['integer', 'null'] },
          uptimeS: { type: 'integer' },
          warnings: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    handler: openApiGet,
    summary: 'This OpenAPI 3.1 document.',
    doc: { response: { type: 'object' } },
  },
];

function healthGet(ctx: Ctx) {
  const base = {
    version: appVersion(ctx.app.config.rootDir),
    uptimeS: Math.floor((Date.now() - ctx.app.startedAt) / 1000),
    warnings: ctx.app.config.warnings,
  };
  let schema: number;
  try {
    schema = schemaVersion(ctx.app.db);
  } catch (error) {
    ctx.app.log.error('health: database unreadable', { error: String(error) });
    return { status: 503, body: { status: 'unavailable', schemaVersion: null, ...base } };
  }
  const fault = writeFault(ctx.app);
  if (!fault) return { body: { status: 'ok', writable: true, schemaVersion: schema, ...base } };
  // 200 still: the service answers (reads, sign-in, exports); a restart would not make room on the disk.
  const { reason, advice } = STORAGE_FAULTS[fault];
  return { body: { status: 'degraded', reason, writable: false, schemaVersion: schema, ...base, warnings: [...base.warnings, advice] } };
}

// Cheap enough to poll: a look at the volume (access and statfs, nothing written) and the last write's failure.
// A disk that has room again takes writes again; but a file system the kernel made read-only after an error can
// still pass access(2), so a read-only failure stands until a change is committed.
function writeFault(app: App): StorageFault | undefined {
  return probeStorage(app.config.databasePath) ?? (lastWriteFault(app.db) === 'read_only' ? 'read_only' : undefined);
}

function openApiGet(ctx: Ctx) {
  return { body: buildOpenApi(ctx.app.routes, appVersion(ctx.app.config.rootDir)) };
}
