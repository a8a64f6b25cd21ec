import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { schemaVersion } from '../db/migrate.ts';
import type { Ctx, Route } from '../router.ts';
import { buildOpenApi } from './openapi.ts';

export const HEALTH_ROUTES: Route[] = [
  {
    method: 'GET', path: '/api/health', access: 'public', handler: health, summary: 'Liveness, versions and configuration warnings (503 when the database cannot be read).',
    doc: { response: { type: 'object', properties: { status: { enum: ['ok', 'unavailable'] }, version: { type: 'string' }, schemaVersion: { type: 'integer' }, uptimeS: { type: 'integer' }, warnings: { type: 'array', items: { type: 'string' } } } } },
  },
  { method: 'GET', path: '/api/openapi.json', access: 'public', handler: openApi, summary: 'This OpenAPI 3.1 document.', doc: { response: { type: 'object' } } },
];

/** The release of this build, from package.json. */
export function appVersion(rootDir: string): string {
  return (JSON.parse(readFileSync(resolve(rootDir, 'package.json'), 'utf8')) as { version: string }).version;
}

function health(ctx: Ctx) {
  const base = { version: appVersion(ctx.app.config.rootDir), uptimeS: Math.floor((Date.now() - ctx.app.startedAt) / 1000), warnings: ctx.app.config.warnings };
  try {
    return { body: { status: 'ok', schemaVersion: schemaVersion(ctx.app.db), ...base } };
  } catch (error) {
    ctx.app.log.error('health: database unreadable', { error: String(error) });
    return { status: 503, body: { status: 'unavailable', schemaVersion: null, ...base } };
  }
}

function openApi(ctx: Ctx) {
  return { body: buildOpenApi(ctx.app.routes, appVersion(ctx.app.config.rootDir)) };
}
