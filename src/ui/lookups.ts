// Small shared loaders for pickers: every site, and the networks of one site.
import { listNetworks, listSites } from './api.ts';
import { useResource } from './hooks.ts';
import type { Network, Site } from './types.ts';

/** Every site, sorted by name (for site pickers and names in lists). */
export function useSites() {
  return useResource<Site[]>(async (signal) => (await listSites({ limit: 500, sort: 'name' }, signal)).items, []);
}

/** The networks of one site sorted by VLAN id (empty without a site). */
export function useSiteNetworks(siteId: string | undefined) {
  return useResource<Network[]>(
    async (signal) => (siteId ? (await listNetworks({ siteId, limit: 500, sort: 'vlanId' }, signal)).items : []),
    [siteId],
  );
}

/** Trimmed values with '' turned into null, as the API stores empty optional text. */
export function emptyToNull<T extends Record<string, unknown>>(v: T): { [K in keyof T]: T[K] | null } {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = typeof x === 'string' ? (x.trim() === '' ? null : x.trim()) : x;
  return out as { [K in keyof T]: T[K] | null };
}
