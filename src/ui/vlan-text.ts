// VLAN lists as admins type them ("10,20-22"), read by the rule the API and the CSV import use
// (src/lib/vlan-ranges.ts), as the VLANs of one site, and written back the way switches write them.
import { compactRanges, parseVlanList } from '../lib/vlan-ranges.ts';
import type { Vlan } from './api-types.ts';
import { t } from './messages.ts';

/** The ids of the VLANs a VLAN list names (by number), or why the text cannot be read (a sentence). */
export function vlanIdsOf(text: string, vlans: Pick<Vlan, 'id' | 'vid'>[]): { ok: true; ids: string[] } | { ok: false; reason: string } {
  const parsed = parseVlanList(text);
  if (!parsed.ok) return parsed;
  const byVid = new Map(vlans.map((v) => [v.vid, v.id]));
  const ids: string[] = [];
  for (const vid of parsed.vlans) {
    const id = byVid.get(vid);
    if (!id) return { ok: false, reason: t('vlans.notOfSite', { vlan: vid }) };
    ids.push(id);
  }
  return { ok: true, ids };
}

/** The VLAN list of some VLAN ids, e.g. "10-12,20"; ids not in `vlans` are left out. */
export function vlanTextOf(ids: string[], vlans: Map<string, Pick<Vlan, 'vid'>>): string {
  return compactRanges(ids.map((id) => vlans.get(id)?.vid).filter((vid): vid is number => vid !== undefined));
}

/** The VLANs of `ids` that `vlans` knows, sorted by number. */
export function vlansOf<V extends Pick<Vlan, 'vid'>>(ids: string[], vlans: Map<string, V>): V[] {
  return ids
    .map((id) => vlans.get(id))
    .filter((v): v is V => v !== undefined)
    .sort((a, b) => a.vid - b.vid);
}

/**
 * A port's or LAG's mode and VLANs in words, a line each: "trunk, native 1 default" (or "access, no VLAN"), then
 * "tagged 10,20" when `tagged` (a VLAN list) is not empty.
 */
export function modeLines(trunk: boolean, untagged: { vid: number; name: string } | undefined, tagged: string): string[] {
  const first = untagged
    ? t(trunk ? 'panel.trunk' : 'panel.access', { vlan: untagged.vid, name: untagged.name }).trim()
    : t(trunk ? 'panel.trunkNoVlan' : 'panel.accessNoVlan');
  return tagged ? [first, t('panel.tagged', { vlans: tagged })] : [first];
}
