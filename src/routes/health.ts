import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { App } from '../app.ts';
import { schemaVersion } from '../db/migrate.ts';
import { lastWriteFault } from '../db/open.ts';
import { STORAGE_FAULTS, type StorageFault } from '../db/sqlite-errors.ts';
import { probeStorage } from '../db/storage-probe.ts';
import type { Ctx, Route } from '../router.ts';
import { buildOpenApi } from './openapi.ts';

export const HEALTH_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    handler: health,
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
    handler: openApi,
    summary: 'This OpenAPI 3.1 document.',
    doc: { response: { type: 'object' } },
  },
];

/** The release of this build, from package.json. */
export function appVersion(rootDir: string): string {
  return (JSON.parse(readFileSync(resolve(rootDir, 'package.json'), 'utf8')) as { version: string }).version;
}

function health(ctx: Ctx) {
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

function openApi(ctx: Ctx) {
  return { body: buildOpenApi(ctx.app.routes, appVersion(ctx.app.config.rootDir)) };
}
