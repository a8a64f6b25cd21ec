// VLAN lists as admins type them ("10,20-22"), read by the rule the API and the CSV import use
// (src/lib/vlan-ranges.ts), as the networks of one site, and written back the way switches write them.
import { compactRanges, parseVlanList } from '../lib/vlan-ranges.ts';
import type { Network } from './api-types.ts';
import { t } from './messages.ts';

/** The ids of the networks a VLAN list names, or why the text cannot be read (a sentence). */
export function networkIdsOf(text: string, networks: Network[]): { ok: true; ids: string[] } | { ok: false; reason: string } {
  const parsed = parseVlanList(text);
  if (!parsed.ok) return parsed;
  const byVlan = new Map(networks.map((n) => [n.vlanId, n.id]));
  const ids: string[] = [];
  for (const vlan of parsed.vlans) {
    const id = byVlan.get(vlan);
    if (!id) return { ok: false, reason: t('vlans.notOfSite', { vlan }) };
    ids.push(id);
  }
  return { ok: true, ids };
}

/** The VLAN list of some networks, e.g. "10-12,20"; ids of networks not in `networks` are left out. */
export function vlanTextOf(ids: string[], networks: Map<string, Network>): string {
  return compactRanges(ids.map((id) => networks.get(id)?.vlanId).filter((vlan): vlan is number => vlan !== undefined));
}
