import type { FieldFault } from '../errors/refusal.ts';
import { cidrContains } from '../lib/net.ts';

// Rules that span several fields of one record. The API, the imports and the legacy migration all use
// these, so a record is judged the same way whichever door it came in by. `prefix` is prepended to the
// field paths (`rows[3].`, `data.networks[2].`).

/** A network's gateway must lie inside its subnet. */
export function networkFaults(network: { subnet?: unknown; gateway?: unknown }, prefix = ''): FieldFault[] {
  const { subnet, gateway } = network;
  if (gateway === null || gateway === undefined) return [];
  if (subnet === null || subnet === undefined) return [{ field: `${prefix}gateway`, message: 'needs a subnet' }];
  if (!cidrContains(String(subnet), String(gateway)))
    return [{ field: `${prefix}gateway`, message: `must be an address inside ${subnet}` }];
  return [];
}

/** What a rule needs to know about the VLANs it names: the site of each, undefined when it does not exist. */
export type VlanSiteLookup = (vlanId: string) => string | undefined;

/**
 * A port's VLANs and unit: tagged VLANs only on a trunk; every VLAN named exists and belongs to the switch's
 * site; the unit is a member of the switch's stack; a port is not linked to itself.
 */
export function portFaults(
  port: { id?: string; mode?: unknown; unit?: unknown; untaggedVlanId?: unknown; taggedVlanIds?: unknown; linkedPortId?: unknown },
  switchOf: { siteId: string; stackSize: number },
  siteOfVlan: VlanSiteLookup,
  prefix = '',
): FieldFault[] {
  const faults: FieldFault[] = [];
  const tagged = Array.isArray(port.taggedVlanIds) ? (port.taggedVlanIds as string[]) : [];
  if (port.mode !== 'trunk' && tagged.length > 0) {
    faults.push({ field: `${prefix}taggedVlanIds`, message: 'only a trunk port carries tagged VLANs; set mode to trunk' });
  }
  if (typeof port.unit === 'number' && port.unit > switchOf.stackSize)
    faults.push({ field: `${prefix}unit`, message: `must be at most the switch's stackSize (${switchOf.stackSize})` });
  const named: NamedVlan[] = [[`${prefix}untaggedVlanId`, port.untaggedVlanId], ...eachOfList(`${prefix}taggedVlanIds`, tagged)];
  faults.push(...vlanSiteFaults(named, switchOf.siteId, siteOfVlan));
  if (port.id && port.linkedPortId === port.id)
    faults.push({ field: `${prefix}linkedPortId`, message: 'a port cannot be linked to itself' });
  return faults;
}

/** A VLAN named by a change: the field path that names it and the id given there (checked only when it is text). */
export type NamedVlan = [field: string, id: unknown];

/** Each id of a list as a NamedVlan of its own (`taggedVlanIds[2]`). */
export function eachOfList(field: string, ids: readonly unknown[]): NamedVlan[] {
  return ids.map((id, index) => [`${field}[${index}]`, id]);
}

/**
 * The rule on the VLANs a port, a switch or a network names: each exists and belongs to the site of the
 * switch (or network). For portFaults, for a switch's configuredVlanIds, a network's vlanId, and for changes
 * that name VLANs apart from a port (the bulk port edit's set and addTaggedVlanIds).
 */
export function vlanSiteFaults(named: readonly NamedVlan[], siteId: string, siteOfVlan: VlanSiteLookup): FieldFault[] {
  const faults: FieldFault[] = [];
  for (const [field, id] of named) {
    if (typeof id !== 'string') continue;
    const site = siteOfVlan(id);
    if (site === undefined) faults.push({ field, message: `VLAN ${id} does not exist` });
    else if (site !== siteId) faults.push({ field, message: `VLAN ${id} belongs to another site` });
  }
  return faults;
}
