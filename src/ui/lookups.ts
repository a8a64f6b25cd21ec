// Shared by the forms, lists and pages: every site for pickers, a record's site, and values between forms and the API.
import { getSite, listSites } from './api.ts';
import { useResource } from './hooks.ts';
import type { Site } from './api-types.ts';

/** Every site, sorted by name (for site pickers and names in lists). */
export function useSites() {
  return useResource<Site[]>(async (signal) => (await listSites({ limit: 500, sort: 'name' }, signal)).items, []);
}

/** A site's name by its id, among `sites` ('…' while they load). */
export function siteNamer(sites: Site[] | undefined): (id: string) => string {
  return (id) => sites?.find((s) => s.id === id)?.name ?? '…';
}

/** The site `siteId` names, read again whenever it changes (no data while there is no id). */
export function useSiteOf(siteId: string | undefined) {
  return useResource(async () => (siteId ? getSite(siteId) : undefined), [siteId]);
}

/** A form's body for an edit, which keeps the site a record was created in. */
export function withoutSite<T extends { siteId?: unknown }>(body: T): Omit<T, 'siteId'> {
  const { siteId: _kept, ...rest } = body;
  return rest;
}

/** The form text of `record`'s fields `names`: '' for null, or the one `given` (with no record: a new one's). */
export function textsOf<K extends string>(
  record: Partial<Record<K, string | null>> | undefined,
  names: K[],
  given: Partial<Record<K, string>> = {},
): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, record?.[name] ?? given[name] ?? ''])) as Record<K, string>;
}

/** Trimmed values with '' turned into null, as the API stores empty optional text. */
export function emptyToNull<T extends Record<string, unknown>>(v: T): { [K in keyof T]: T[K] | null } {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = typeof x === 'string' ? (x.trim() === '' ? null : x.trim()) : x;
  return out as { [K in keyof T]: T[K] | null };
}
