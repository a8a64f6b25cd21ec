// Shared by the forms and lists: every site for pickers, and form values as the API stores them.
import { listSites } from './api.ts';
import { useResource } from './hooks.ts';
import type { Site } from './api-types.ts';

/** Every site, sorted by name (for site pickers and names in lists). */
export function useSites() {
  return useResource<Site[]>(async (signal) => (await listSites({ limit: 500, sort: 'name' }, signal)).items, []);
}

/** Trimmed values with '' turned into null, as the API stores empty optional text. */
export function emptyToNull<T extends Record<string, unknown>>(v: T): { [K in keyof T]: T[K] | null } {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = typeof x === 'string' ? (x.trim() === '' ? null : x.trim()) : x;
  return out as { [K in keyof T]: T[K] | null };
}
