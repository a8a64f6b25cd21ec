// Cisco without Q-BRIDGE: CISCO-VTP-MIB's VLAN and trunk tables, CISCO-VLAN-MEMBERSHIP-MIB's access VLANs, and the
// per-VLAN BRIDGE-MIB instances ("community string indexing") that say which ports carry a VLAN.
import type { ObservedMembership } from './observed.ts';
import type { VlanFacts } from './mib-q-bridge.ts';
import { compactRanges } from '../lib/vlan-ranges.ts';
import { asBytes, asInt, asText, bitmapMembers, column, columnByNumber, indexParts, type Walk } from './mib-values.ts';

const VTP_VLAN = '1.3.6.1.4.1.9.9.46.1.3.1.1';
export const VTP_VLAN_STATE = `${VTP_VLAN}.2`;
export const VTP_VLAN_TYPE = `${VTP_VLAN}.3`;
export const VTP_VLAN_NAME = `${VTP_VLAN}.4`;
const TRUNK_PORT = '1.3.6.1.4.1.9.9.46.1.6.1.1';
/** vlanTrunkPortVlansEnabled (VLANs 0-1023), then its 2k, 3k and 4k columns. */
export const TRUNK_VLANS_ENABLED = [`${TRUNK_PORT}.4`, `${TRUNK_PORT}.17`, `${TRUNK_PORT}.18`, `${TRUNK_PORT}.19`];
export const TRUNK_NATIVE_VLAN = `${TRUNK_PORT}.5`;
export const TRUNK_DYNAMIC_STATUS = `${TRUNK_PORT}.14`;
export const TRUNK_ENCAPSULATION_OPER_TYPE = `${TRUNK_PORT}.16`;
/** CISCO-VLAN-MEMBERSHIP-MIB vmVlan and vmVoiceVlanId, by ifIndex. */
export const VM_VLAN = '1.3.6.1.4.1.9.9.68.1.2.2.1.2';
export const VM_VOICE_VLAN = '1.3.6.1.4.1.9.9.68.1.5.1.1.1';

/** The columns walked for Cisco VLANs. */
export const CISCO_VLAN_COLUMNS = [
  VTP_VLAN_STATE,
  VTP_VLAN_TYPE,
  VTP_VLAN_NAME,
  ...TRUNK_VLANS_ENABLED,
  TRUNK_NATIVE_VLAN,
  TRUNK_DYNAMIC_STATUS,
  TRUNK_ENCAPSULATION_OPER_TYPE,
  VM_VLAN,
  VM_VOICE_VLAN,
];

const ETHERNET = 1;
const TRUNKING = 1;
/** vlanTrunkPortEncapsulationOperType isl(1), dot10(2), lane(3), dot1Q(4): the port is trunking. */
const TRUNK_ENCAPSULATIONS = new Set([1, 2, 3, 4]);

/** Which ports each VLAN's BRIDGE-MIB instance lists: VLAN -> ifIndexes (VLAN 1 is the default instance). */
export type VlanInstances = ReadonlyMap<number, ReadonlySet<number>>;

/** Whether the walk holds a VTP VLAN table: a Cisco switch whose VLANs are read here. */
export function hasVtpVlans(walk: Walk): boolean {
  return column(walk, VTP_VLAN_NAME).size > 0;
}

/** The VTP table's VLANs: vid -> name and whether it is an ethernet VLAN (FDDI and Token Ring defaults are not). */
function vtpVlans(walk: Walk): Map<number, { name: string | null; ethernet: boolean }> {
  const vlans = new Map<number, { name: string | null; ethernet: boolean }>();
  const types = column(walk, VTP_VLAN_TYPE);
  for (const [index, name] of column(walk, VTP_VLAN_NAME)) {
    const vid = indexParts(index)[1];
    const type = asInt(types.get(index));
    vlans.set(vid, { name: asText(name), ethernet: type === undefined || type === ETHERNET });
  }
  return vlans;
}

/** The ethernet VLANs whose per-VLAN BRIDGE-MIB instance is worth reading: all but VLAN 1 (the default instance). */
export function vlansNeedingInstances(walk: Walk): number[] {
  if (hasAllowedVlanLists(walk)) return [];
  return [...vtpVlans(walk)].filter(([vid, vlan]) => vlan.ethernet && vid !== 1).map(([vid]) => vid);
}

/** Whether the agent publishes trunks' allowed VLANs (vlanTrunkPortVlansEnabled): then no per-VLAN instance is needed. */
function hasAllowedVlanLists(walk: Walk): boolean {
  return column(walk, TRUNK_VLANS_ENABLED[0]).size > 0;
}

function allowedVlans(walk: Walk, ifIndex: number): Set<number> | undefined {
  const parts = TRUNK_VLANS_ENABLED.map((oid) => asBytes(walk.get(`${oid}.${ifIndex}`)));
  if (!parts[0]) return undefined;
  return new Set(parts.flatMap((bytes, i) => (bytes ? bitmapMembers(bytes, i * 1024) : [])));
}

/**
 * Cisco VLANs and membership. Access ports: untagged = vmVlan. Trunks (vlanTrunkPortDynamicStatus trunking, else an
 * operational trunk encapsulation, else a port without vmVlan that a VLAN instance lists): untagged = the native VLAN
 * (when the port is in its instance, or that instance is unknown); tagged = the allowed VLANs when published, else
 * the VLANs whose instance lists the port, complete only when every ethernet VLAN's instance was read.
 */
export function decodeCiscoVlans(walk: Walk, instances: VlanInstances): VlanFacts {
  const vtp = vtpVlans(walk);
  const ethernet = new Set([...vtp].filter(([, vlan]) => vlan.ethernet).map(([vid]) => vid));
  const unknown = [...ethernet].filter((vid) => !instances.has(vid)).sort((a, b) => a - b);
  const dynamicStatus = columnByNumber(walk, TRUNK_DYNAMIC_STATUS);
  const encapsulation = columnByNumber(walk, TRUNK_ENCAPSULATION_OPER_TYPE);
  const natives = columnByNumber(walk, TRUNK_NATIVE_VLAN);
  const accessVlans = columnByNumber(walk, VM_VLAN);
  const voiceVlans = columnByNumber(walk, VM_VOICE_VLAN);

  const listedIn = (ifIndex: number) => [...instances].filter(([, ports]) => ports.has(ifIndex)).map(([vid]) => vid);
  const isTrunk = (ifIndex: number): boolean => {
    const status = asInt(dynamicStatus.get(ifIndex));
    if (status !== undefined) return status === TRUNKING;
    return TRUNK_ENCAPSULATIONS.has(asInt(encapsulation.get(ifIndex)) ?? 0);
  };

  const candidates = new Set([...dynamicStatus.keys(), ...encapsulation.keys(), ...accessVlans.keys()]);
  for (const ports of instances.values()) for (const ifIndex of ports) candidates.add(ifIndex);

  const membership: ObservedMembership[] = [];
  const inferred: number[] = [];
  for (const ifIndex of [...candidates].sort((a, b) => a - b)) {
    const accessVlan = asInt(accessVlans.get(ifIndex)) ?? 0;
    const inInstances = listedIn(ifIndex);
    let row: ObservedMembership | undefined;
    if (isTrunk(ifIndex)) {
      row = trunkRow(walk, ifIndex, asInt(natives.get(ifIndex)), new Set(inInstances), instances, ethernet, unknown);
    } else if (accessVlan > 0) {
      row = { ifIndex, untagged: accessVlan, tagged: [], taggedComplete: true, trunk: false };
    } else if (inInstances.length > 0) {
      inferred.push(ifIndex);
      row = trunkRow(walk, ifIndex, asInt(natives.get(ifIndex)), new Set(inInstances), instances, ethernet, unknown);
    }
    if (!row) continue;
    const voice = asInt(voiceVlans.get(ifIndex));
    if (voice !== undefined && voice > 0 && voice < 4095) row.voiceVlan = voice;
    membership.push(row);
  }

  const notes: string[] = [];
  if (inferred.length > 0) {
    notes.push(
      `ports not trunking by the VTP trunk table but listed in per-VLAN BRIDGE-MIB instances are taken as trunks (ifIndex ${inferred.join(', ')})`,
    );
  }
  if (unknown.length > 0 && !hasAllowedVlanLists(walk)) {
    notes.push(`trunks' tagged VLANs are unknown for VLANs ${compactRanges(unknown)} (no per-VLAN BRIDGE-MIB instance read)`);
  }
  return { vlans: vlanList(vtp, membership), membership, notes };
}

function trunkRow(
  walk: Walk,
  ifIndex: number,
  native: number | undefined,
  inInstances: Set<number>,
  instances: VlanInstances,
  ethernet: Set<number>,
  unknown: number[],
): ObservedMembership {
  const allowed = allowedVlans(walk, ifIndex);
  if (allowed) {
    const untagged = native !== undefined && allowed.has(native) ? native : null;
    const tagged = [...allowed].filter((vid) => ethernet.has(vid) && vid !== native).sort((a, b) => a - b);
    return { ifIndex, untagged, tagged, taggedComplete: true, trunk: true };
  }
  const nativeCarried = native !== undefined && native > 0 && (inInstances.has(native) || !instances.has(native));
  const tagged = [...inInstances].filter((vid) => vid !== native).sort((a, b) => a - b);
  return { ifIndex, untagged: nativeCarried ? native : null, tagged, taggedComplete: unknown.length === 0, trunk: true };
}

/** The ethernet VTP VLANs, and the VLANs ports use that the VTP table lacks (name null), by VLAN id. */
function vlanList(vtp: Map<number, { name: string | null; ethernet: boolean }>, membership: ObservedMembership[]) {
  const vlans = new Map<number, string | null>();
  for (const [vid, vlan] of vtp) if (vlan.ethernet) vlans.set(vid, vlan.name);
  for (const row of membership) {
    for (const vid of [row.untagged, ...row.tagged]) if (vid !== null && !vtp.has(vid)) vlans.set(vid, null);
  }
  return [...vlans].sort(([a], [b]) => a - b).map(([vid, name]) => ({ vid, name }));
}
