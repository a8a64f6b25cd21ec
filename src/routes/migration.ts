import { latestMigrationEntry } from '../db/activity.ts';
import { notFound } from '../errors/http-error.ts';
import type { Ctx, Route } from '../http/route.ts';
import { apiFieldOf } from '../legacy/mappings.ts';
import type { LegacyFile } from '../legacy/types.ts';
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
  const entry = latestMigrationEntry(ctx.app.db);
  if (!entry) throw notFound('migration');
  const changes = JSON.parse(entry.changes ?? '{}') as { counts?: Record<string, number>; fixes?: StoredFix[] };
  return { body: { at: entry.at, counts: changes.counts ?? {}, fixes: (changes.fixes ?? []).map(fixToApi) } };
}

/** A fix as the migration's entry holds it (legacy/migrate.ts); `record` is missing from an entry written before the fixes were resolved to records. */
interface StoredFix {
  file: string;
  id: string;
  field: string;
  from?: unknown;
  to?: unknown;
  reason: string;
  code?: string;
  params?: Record<string, string | number>;
  record?: { kind: string; id: string; name: string; parent: { kind: string; id: string; name: string } | null } | null;
}

function fixToApi(fix: StoredFix) {
  const record = fix.record ?? null;
  return {
    kind: record?.kind ?? null,
    recordId: record?.id ?? null,
    recordName: record?.name ?? null,
    recordPath: record ? pathOf(record) : null,
    parentName: record?.parent?.name ?? null,
    file: fix.file,
    legacyId: fix.id,
    field: fix.field,
    apiField: apiFieldOf(fix.file as LegacyFile, fix.field),
    from: fix.from ?? null,
    to: fix.to ?? null,
    reason: fix.reason,
    ...(fix.code && { code: fix.code, params: fix.params ?? {} }),
  };
}

const PAGES: Record<string, string> = {
  site: '/sites/',
  switch: '/switches/',
  vlan: '/vlans/',
  network: '/networks/',
  template: '/templates/',
};

/** The UI's page of a record: its own, a port's and a LAG's their switch's, an address's and a range's their network's. */
function pathOf(record: NonNullable<StoredFix['record']>): string {
  if (record.kind === 'user') return '/settings/users';
  if (record.kind === 'port' && record.parent) return `/switches/${record.parent.id}?port=${record.id}`;
  if (record.parent) return `${PAGES[record.parent.kind]}${record.parent.id}`;
  return `${PAGES[record.kind]}${record.id}`;
}
