// BRIDGE-MIB dot1dBasePortTable: the bridge port numbers that Q-BRIDGE port lists, PVIDs, FDB and some LLDP agents use.
import { asInt, type BridgePorts, columnByNumber, type Walk } from './mib-values.ts';

/** dot1dBasePortIfIndex: bridge port -> ifIndex. */
export const DOT1D_BASE_PORT_IF_INDEX = '1.3.6.1.2.1.17.1.4.1.2';

/** The bridge port numbering of one bridge instance (the default one, or a Cisco per-VLAN one). */
export function decodeBridgePorts(walk: Walk, ifIndexes: Iterable<number>): BridgePorts {
  const map = new Map<number, number>();
  for (const [bridgePort, ifIndex] of columnByNumber(walk, DOT1D_BASE_PORT_IF_INDEX)) {
    const n = asInt(ifIndex);
    if (n !== undefined && n > 0) map.set(bridgePort, n);
  }
  return { map, ifIndexes: new Set(ifIndexes) };
}
