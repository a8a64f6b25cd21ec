// GET /api/migration's answer: the last migration's entry as the UI's summary page reads it, each fix with the
// record it is about, the field in the API's names and the page that shows the record.
import { latestMigrationEntry } from '../db/activity.ts';
import type { Db } from '../db/open.ts';
import { apiFieldOf } from './mappings.ts';
import type { LegacyFile } from './types.ts';

/** When the last migration ran, its counts and its fixes, or undefined when no migration happened. */
export function migrationSummary(db: Db) {
  const entry = latestMigrationEntry(db);
  if (!entry) return undefined;
  const changes = JSON.parse(entry.changes ?? '{}') as { counts?: Record<string, number>; fixes?: StoredFix[] };
  return { at: entry.at, counts: changes.counts ?? {}, fixes: (changes.fixes ?? []).map(fixToApi) };
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
