import type { FieldFault } from '../errors/http-error.ts';
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
  const check = (field: string, id: unknown) => {
    if (typeof id !== 'string') return;
    const site = siteOfNetwork(id);
    if (site === undefined) faults.push({ field, message: `network ${id} does not exist` });
    else if (site !== switchSiteId) faults.push({ field, message: `network ${id} belongs to another site than the switch` });
  };
  check(`${prefix}untaggedNetworkId`, port.untaggedNetworkId);
  tagged.forEach((id, index) => check(`${prefix}taggedNetworkIds[${index}]`, id));
  if (port.id && port.linkedPortId === port.id)
    faults.push({ field: `${prefix}linkedPortId`, message: 'a port cannot be linked to itself' });
  return faults;
}
