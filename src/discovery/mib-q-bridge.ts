// Q-BRIDGE-MIB (IEEE 802.1Q) VLANs and port membership, with Junos's JUNIPER-L2ALD-MIB VLAN names.
import type { ObservedMembership, ObservedVlan } from './observed.ts';
import { compactRanges } from '../lib/vlan-ranges.ts';
import {
  asInt,
  asText,
  type BridgePorts,
  bridgePortIfIndex,
  column,
  columnByNumber,
  indexParts,
  portListMembers,
  type SnmpValue,
  tableColumns,
  type Walk,
} from './mib-values.ts';

const Q_VLAN = '1.3.6.1.2.1.17.7.1.4';
/** dot1qVlanCurrentTable (by time mark and VLAN) and dot1qVlanStaticTable (by VLAN): FDB id, egress and untagged ports. */
const CURRENT = tableColumns(`${Q_VLAN}.2.1`, { fdbId: 3, egress: 4, untagged: 5 });
const STATIC = tableColumns(`${Q_VLAN}.3.1`, { name: 1, egress: 2, untagged: 4 });
export const DOT1Q_VLAN_FDB_ID = CURRENT.fdbId;
export const DOT1Q_VLAN_STATIC_EGRESS = STATIC.egress;
const DOT1Q_PVID = `${Q_VLAN}.5.1.1`;
/** JUNIPER-L2ALD-MIB jnxL2aldVlanName and jnxL2aldVlanTag, by Junos's internal VLAN id. */
const JNX_L2ALD_VLAN = tableColumns('1.3.6.1.4.1.2636.3.48.1.3.1.1', { name: 2, tag: 3 });

/** The columns walked for Q-BRIDGE VLANs (the current lists are walked only when the static ones are empty). */
export const Q_BRIDGE_COLUMNS = [...Object.values(STATIC), DOT1Q_PVID];
export const Q_BRIDGE_CURRENT_COLUMNS = Object.values(CURRENT);
export const JUNOS_VLAN_COLUMNS = Object.values(JNX_L2ALD_VLAN);

/** A part of a discovery's VLAN facts: the VLANs, each port's membership, and what could not be used. */
export interface VlanFacts {
  vlans: ObservedVlan[];
  membership: ObservedMembership[];
  notes: string[];
}

/** Whether the walk holds any Q-BRIDGE VLAN (static or current): else the VLANs come from elsewhere (Cisco VTP). */
export function hasQBridgeVlans(walk: Walk): boolean {
  return [STATIC.name, STATIC.egress, CURRENT.egress].some((oid) => column(walk, oid).size > 0);
}

/** dot1qVlanCurrentTable's column by VLAN id (its index is timeMark.vid; the latest time mark wins). */
function currentByVlan(walk: Walk, columnOid: string): Map<number, SnmpValue> {
  const rows = new Map<number, SnmpValue>();
  for (const [index, value] of column(walk, columnOid)) rows.set(indexParts(index)[1], value);
  return rows;
}

/** The VLAN names: dot1qVlanStaticName, and on Junos jnxL2aldVlanName by tag where the static name is missing. */
function vlanNames(walk: Walk): Map<number, string | null> {
  const names = new Map<number, string | null>();
  for (const [vid, name] of columnByNumber(walk, STATIC.name)) names.set(vid, asText(name));
  const junosNames = columnByNumber(walk, JNX_L2ALD_VLAN.name);
  for (const [id, tag] of columnByNumber(walk, JNX_L2ALD_VLAN.tag)) {
    const vid = asInt(tag);
    if (vid !== undefined && !names.get(vid)) names.set(vid, asText(junosNames.get(id)));
  }
  return names;
}

/**
 * Q-BRIDGE VLANs and membership: the static (configured) egress/untagged lists when the device publishes them, else
 * the current ones; tagged = egress - untagged; bridge ports mapped to ifIndexes. `junosPortLists` reads ASCII lists.
 */
export function decodeQBridge(walk: Walk, bridgePorts: BridgePorts, junosPortLists: boolean): VlanFacts {
  const names = vlanNames(walk);
  const staticEgress = columnByNumber(walk, STATIC.egress);
  const currentEgress = currentByVlan(walk, CURRENT.egress);
  const useStatic = staticEgress.size > 0;
  const egress = useStatic ? staticEgress : currentEgress;
  const untagged = useStatic ? columnByNumber(walk, STATIC.untagged) : currentByVlan(walk, CURRENT.untagged);

  const ports = new Map<number, { untagged: Set<number>; tagged: Set<number> }>();
  const unresolved = new Set<number>();
  for (const [vid, list] of egress) {
    const untaggedPorts = new Set(portListMembers(untagged.get(vid), junosPortLists));
    const members = new Set([...portListMembers(list, junosPortLists), ...untaggedPorts]);
    for (const bridgePort of members) {
      const ifIndex = bridgePortIfIndex(bridgePorts, bridgePort);
      if (ifIndex === undefined) {
        unresolved.add(bridgePort);
        continue;
      }
      const port = ports.get(ifIndex) ?? { untagged: new Set(), tagged: new Set() };
      ports.set(ifIndex, port);
      (untaggedPorts.has(bridgePort) ? port.untagged : port.tagged).add(vid);
    }
  }

  const pvids = new Map<number, number>();
  for (const [bridgePort, pvid] of columnByNumber(walk, DOT1Q_PVID)) {
    const ifIndex = bridgePortIfIndex(bridgePorts, bridgePort);
    const vid = asInt(pvid);
    if (ifIndex !== undefined && vid !== undefined) pvids.set(ifIndex, vid);
  }

  const notes: string[] = [];
  if (unresolved.size > 0) {
    notes.push(`Q-BRIDGE port lists name bridge ports with no dot1dBasePortIfIndex entry (ignored): ${compactRanges(unresolved)}`);
  }
  const membership = [...ports]
    .sort(([a], [b]) => a - b)
    .map(([ifIndex, port]) => membershipRow(ifIndex, port.untagged, port.tagged, pvids.get(ifIndex), notes));
  const vids = new Set([...names.keys(), ...staticEgress.keys(), ...currentEgress.keys()]);
  const vlans = [...vids].sort((a, b) => a - b).map((vid) => ({ vid, name: names.get(vid) ?? null }));
  return { vlans, membership, notes };
}

function membershipRow(
  ifIndex: number,
  untagged: Set<number>,
  tagged: Set<number>,
  pvid: number | undefined,
  notes: string[],
): ObservedMembership {
  const row: ObservedMembership = {
    ifIndex,
    untagged: untaggedVlan(untagged, pvid),
    tagged: [...tagged].sort((a, b) => a - b),
    taggedComplete: true,
    trunk: tagged.size > 0,
  };
  if (untagged.size > 1) notes.push(`ifIndex ${ifIndex} is an untagged member of VLANs ${compactRanges(untagged)}; ${row.untagged} kept`);
  if (pvid !== undefined) row.pvid = pvid;
  return row;
}

/** The one untagged VLAN: the only one, else the PVID when it is among them, else the lowest. */
function untaggedVlan(untagged: Set<number>, pvid: number | undefined): number | null {
  if (untagged.size === 0) return null;
  if (pvid !== undefined && untagged.has(pvid)) return pvid;
  return Math.min(...untagged);
}
