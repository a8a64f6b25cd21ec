import type { FieldFault } from '../errors/refusal.ts';
import { cidrContains } from '../lib/net.ts';

// Rules that span several fields of one record. The API, the imports and the legacy migration all use
// these, so a record is judged the same way whichever door it came in by. `prefix` is prepended to the
// field paths (`rows[3].`, `data.networks[2].`).

/** A network's gateway needs a subnet and must lie inside it. */
export function networkFaults(network: { subnet?: unknown; gateway?: unknown }, prefix = ''): FieldFault[] {
  const { subnet, gateway } = network;
  if (gateway === null || gateway === undefined) return [];
  if (subnet === null || subnet === undefined) return [{ field: `${prefix}gateway`, message: 'needs a subnet' }];
  if (!cidrContains(String(subnet), String(gateway)))
    return [{ field: `${prefix}gateway`, message: `must be an address inside ${subnet}` }];
  return [];
}

/** What a port rule needs to know about the networks it names: the site of each, undefined when it does not exist. */
export type NetworkSiteLookup = (networkId: string) => string | undefined;

/**
 * A port's VLANs: tagged networks only on a trunk; every network named exists and belongs to the switch's
 * site; a port is not linked to itself.
 */
export function portFaults(
  port: { id?: string; mode?: unknown; untaggedNetworkId?: unknown; taggedNetworkIds?: unknown; linkedPortId?: unknown },
  switchSiteId: string,
  siteOfNetwork: NetworkSiteLookup,
  prefix = '',
): FieldFault[] {
  const faults: FieldFault[] = [];
  const tagged = Array.isArray(port.taggedNetworkIds) ? (port.taggedNetworkIds as string[]) : [];
  if (port.mode !== 'trunk' && tagged.length > 0) {
    faults.push({ field: `${prefix}taggedNetworkIds`, message: 'only a trunk port carries tagged VLANs; set mode to trunk' });
  }
  const named: NamedNetwork[] = [
    [`${prefix}untaggedNetworkId`, port.untaggedNetworkId],
    ...eachOfList(`${prefix}taggedNetworkIds`, tagged),
  ];
  faults.push(...networkSiteFaults(named, switchSiteId, siteOfNetwork));
  if (port.id && port.linkedPortId === port.id)
    faults.push({ field: `${prefix}linkedPortId`, message: 'a port cannot be linked to itself' });
  return faults;
}

/** A network named by a change: the field path that names it and the id given there (checked only when it is text). */
export type NamedNetwork = [field: string, id: unknown];

/** Each id of a list as a NamedNetwork of its own (`taggedNetworkIds[2]`). */
export function eachOfList(field: string, ids: readonly unknown[]): NamedNetwork[] {
  return ids.map((id, index) => [`${field}[${index}]`, id]);
}

/**
 * The port rule on the networks a port carries: each network named exists and belongs to the switch's site. For
 * portFaults, and for changes that name networks apart from a port (the bulk port edit's set and addTagged).
 */
export function networkSiteFaults(named: readonly NamedNetwork[], switchSiteId: string, siteOfNetwork: NetworkSiteLookup): FieldFault[] {
  const faults: FieldFault[] = [];
  for (const [field, id] of named) {
    if (typeof id !== 'string') continue;
    const site = siteOfNetwork(id);
    if (site === undefined) faults.push({ field, message: `network ${id} does not exist` });
    else if (site !== switchSiteId) faults.push({ field, message: `network ${id} belongs to another site than the switch` });
  }
  return faults;
}
