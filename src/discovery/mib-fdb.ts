// The forwarding database (Q-BRIDGE dot1qTpFdbTable, else BRIDGE-MIB dot1dTpFdbTable) and the ARP / neighbour
// tables (IP-MIB ipNetToPhysicalTable and ipNetToMediaTable).
import type { ObservedArpEntry, ObservedFdbEntry } from './observed.ts';
import { formatIp } from '../lib/net.ts';
import { asBytes, asInt, type BridgePorts, bridgePortIfIndex, column, formatMac, indexParts, type Walk } from './mib-values.ts';
import { DOT1Q_VLAN_FDB_ID } from './mib-q-bridge.ts';

/** dot1qTpFdbPort, indexed fdbId.mac (6 numbers). */
export const DOT1Q_TP_FDB_PORT = '1.3.6.1.2.1.17.7.1.2.2.1.2';
/** dot1dTpFdbPort, indexed mac (6 numbers). */
export const DOT1D_TP_FDB_PORT = '1.3.6.1.2.1.17.4.3.1.2';
/** ipNetToPhysicalPhysAddress, indexed ifIndex.addressType.length.address. */
export const IP_NET_TO_PHYSICAL_PHYS_ADDRESS = '1.3.6.1.2.1.4.35.1.4';
/** ipNetToMediaPhysAddress, indexed ifIndex.a.b.c.d. */
export const IP_NET_TO_MEDIA_PHYS_ADDRESS = '1.3.6.1.2.1.4.22.1.2';

export const ARP_COLUMNS = [IP_NET_TO_PHYSICAL_PHYS_ADDRESS, IP_NET_TO_MEDIA_PHYS_ADDRESS];

const IPV4 = 1;
const IPV6 = 2;

function macOf(numbers: number[]): string | null {
  return numbers.length === 6 && numbers.every((n) => n >= 0 && n <= 255) ? formatMac(Uint8Array.from(numbers)) : null;
}

/** fdbId -> VLAN, from dot1qVlanFdbId (index timeMark.vid); an fdbId the table does not name is taken as the VLAN. */
function fdbIdVlans(walk: Walk): Map<number, number> {
  const vlans = new Map<number, number>();
  for (const [index, fdbId] of column(walk, DOT1Q_VLAN_FDB_ID)) {
    const id = asInt(fdbId);
    if (id !== undefined) vlans.set(id, indexParts(index)[1]);
  }
  return vlans;
}

/**
 * The MACs learned on ports: dot1qTpFdbPort (with its VLAN) when the agent has it, else dot1dTpFdbPort with the
 * given VLAN (a Cisco per-VLAN instance's, or null). Entries on bridge port 0 (the switch itself) are left out.
 */
export function decodeFdb(walk: Walk, bridgePorts: BridgePorts, notes: string[], vlan: number | null = null): ObservedFdbEntry[] {
  const entries: ObservedFdbEntry[] = [];
  let unresolved = 0;
  const add = (mac: string | null, entryVlan: number | null, bridgePort: number | undefined) => {
    if (!mac || !bridgePort) return;
    const ifIndex = bridgePortIfIndex(bridgePorts, bridgePort);
    if (ifIndex === undefined) unresolved++;
    else entries.push({ mac, vlan: entryVlan, ifIndex });
  };
  const qEntries = column(walk, DOT1Q_TP_FDB_PORT);
  if (qEntries.size > 0) {
    const vlans = fdbIdVlans(walk);
    for (const [index, port] of qEntries) {
      const [fdbId, ...mac] = indexParts(index);
      add(macOf(mac), vlans.get(fdbId) ?? fdbId, asInt(port));
    }
  } else {
    for (const [index, port] of column(walk, DOT1D_TP_FDB_PORT)) add(macOf(indexParts(index)), vlan, asInt(port));
  }
  if (unresolved > 0) notes.push(`${unresolved} forwarding-database entries are on bridge ports with no ifIndex (left out)`);
  return entries;
}

function ipOf(family: number, numbers: number[]): string | null {
  if (!numbers.every((n) => n >= 0 && n <= 255)) return null;
  if (family === IPV4 && numbers.length === 4) return formatIp({ family: 4, bytes: Uint8Array.from(numbers) });
  if (family === IPV6 && numbers.length === 16) return formatIp({ family: 6, bytes: Uint8Array.from(numbers) });
  return null;
}

/** The ARP and IPv6 neighbour entries of both IP-MIB tables, one per (ifIndex, address); IPv4 first. */
export function decodeArp(walk: Walk): ObservedArpEntry[] {
  const entries = new Map<string, ObservedArpEntry & { family: number }>();
  const add = (ifIndex: number, family: number, address: number[], physical: Uint8Array | undefined) => {
    const ip = ipOf(family, address);
    const mac = formatMac(physical);
    const key = `${ifIndex}/${ip}`;
    if (ip && mac && !entries.has(key)) entries.set(key, { ip, mac, ifIndex: ifIndex > 0 ? ifIndex : null, family });
  };
  for (const [index, physical] of column(walk, IP_NET_TO_PHYSICAL_PHYS_ADDRESS)) {
    const [ifIndex, family, length, ...address] = indexParts(index);
    if (address.length === length) add(ifIndex, family, address, asBytes(physical));
  }
  for (const [index, physical] of column(walk, IP_NET_TO_MEDIA_PHYS_ADDRESS)) {
    const [ifIndex, ...address] = indexParts(index);
    add(ifIndex, IPV4, address, asBytes(physical));
  }
  return [...entries.values()]
    .sort((a, b) => a.family - b.family || (a.ifIndex ?? 0) - (b.ifIndex ?? 0) || a.ip.localeCompare(b.ip, 'en', { numeric: true }))
    .map(({ family: _family, ...entry }) => entry);
}
