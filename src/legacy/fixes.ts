// The fixes within a site that the reader of the 0.20.x files (ezswm.ts) applies: VLAN colours unique per site,
// overlapping subnets named. Pure: no I/O.
import { cidrOverlaps } from '../lib/net.ts';
import { pickVlanColor } from '../lib/vlan-colors.ts';
import { fixAt, type CheckContext, type Entry } from './context.ts';
import type { ApiRecord, LegacyFile } from './types.ts';

/**
 * VLAN colours unique per site: a colour an earlier VLAN of its site has is re-picked (with a fix line); a
 * missing one is picked. `entries` are the VLANs' entries, index for index.
 */
export function uniqueColors(ctx: CheckContext, file: LegacyFile, entries: Entry[], vlans: ApiRecord[]): void {
  const used = new Map<unknown, Set<string>>();
  const of = (siteId: unknown) => {
    const set = used.get(siteId) ?? new Set<string>();
    used.set(siteId, set);
    return set;
  };
  for (const vlan of vlans) if (typeof vlan.color === 'string') of(vlan.siteId).add(vlan.color);
  const kept = new Set<string>();
  vlans.forEach((vlan, i) => {
    if (typeof vlan.color === 'string' && !kept.has(`${vlan.siteId} ${vlan.color}`)) {
      kept.add(`${vlan.siteId} ${vlan.color}`);
      return;
    }
    const colors = of(vlan.siteId);
    const color = pickVlanColor(colors);
    colors.add(color);
    if (typeof vlan.color === 'string')
      ctx.fixes.push({
        ...fixAt(file, entries[i], 'color'),
        from: vlan.color,
        to: color,
        reason: 'is the colour of another VLAN of the same site; a free one was picked',
      });
    vlan.color = color;
  });
}

/**
 * A subnet that overlaps one of an earlier network of its site is kept, as migration 0006 keeps them, with a
 * fix line that names both (the checks name it too). `earlier`: the networks checked so far, by site.
 */
export function noteOverlap(
  ctx: CheckContext,
  file: LegacyFile,
  entry: Entry,
  earlier: ReadonlyMap<unknown, readonly ApiRecord[]>,
  siteId: string | undefined,
  subnet: unknown,
): void {
  if (!siteId || typeof subnet !== 'string') return;
  const other = earlier.get(siteId)?.find((network) => cidrOverlaps(String(network.subnet), subnet));
  if (other)
    ctx.fixes.push({
      ...fixAt(file, entry, 'subnet'),
      from: subnet,
      to: subnet,
      reason: `overlaps ${other.subnet} of network "${other.name}" of the same site; kept (the checks name it)`,
    });
}
