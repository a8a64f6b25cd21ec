import { notFound } from '../errors/http-error.ts';
import type { Ctx, Route } from '../http/route.ts';
import { migrationSummary } from '../legacy/summary.ts';
import { MIGRATION_SCHEMA } from './schemas/migration.ts';

/** The route of the last legacy migration's summary. */
export const MIGRATION_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/migration',
    access: 'viewer',
    handler: migrationGet,
    summary:
      'The last migration of 0.20.x files: when it ran, its counts and every value it fixed with the record it is about ' +
      '(null for a record that was not migrated, listed under its file); 404 when no migration happened.',
    doc: { response: MIGRATION_SCHEMA },
  },
];

function migrationGet(ctx: Ctx) {
  const summary = migrationSummary(ctx.app.db);
  if (!summary) throw notFound('migration');
  return { body: summary };
}
