// Neighbours: LLDP-MIB lldpRemTable (local port resolved to an ifIndex) and CISCO-CDP-MIB cdpCacheTable.
import type { ObservedNeighbour } from './observed.ts';
import type { InterfaceIndex } from './mib-interfaces.ts';
import {
  asBytes,
  asInt,
  asText,
  type BridgePorts,
  column,
  formatMac,
  indexParts,
  isPrintableText,
  type SnmpValue,
  tableColumns,
  type Walk,
} from './mib-values.ts';

const LLDP_LOC_PORT = tableColumns('1.0.8802.1.1.2.1.3.7.1', { id: 3, desc: 4 });
const LLDP_REM = tableColumns('1.0.8802.1.1.2.1.4.1.1', {
  chassisIdSubtype: 4,
  chassisId: 5,
  portIdSubtype: 6,
  portId: 7,
  portDesc: 8,
  sysName: 9,
});
const CDP_CACHE = tableColumns('1.3.6.1.4.1.9.9.23.1.2.1.1', { addressType: 3, address: 4, deviceId: 6, devicePort: 7 });

export const LLDP_COLUMNS = [...Object.values(LLDP_LOC_PORT), ...Object.values(LLDP_REM)];
export const CDP_COLUMNS = Object.values(CDP_CACHE);

/** LLDP id subtypes: chassis macAddress(4)/networkAddress(5), port macAddress(3)/networkAddress(4). */
const MAC_SUBTYPE = { chassis: 4, port: 3 };
const NETWORK_SUBTYPE = { chassis: 5, port: 4 };
const IANA_IPV4 = 1;

/** An LLDP chassis or port id rendered by its subtype: a MAC as aa:bb:…, a network address as dotted IPv4, else text. */
export function renderLldpId(subtype: number | undefined, value: SnmpValue | undefined, kind: 'chassis' | 'port'): string {
  const bytes = asBytes(value);
  if (!bytes) return '';
  if (subtype === MAC_SUBTYPE[kind] && bytes.length === 6) return formatMac(bytes)!;
  if (subtype === NETWORK_SUBTYPE[kind] && bytes.length >= 5 && bytes[0] === IANA_IPV4) return [...bytes.subarray(1, 5)].join('.');
  if (isPrintableText(bytes)) return asText(bytes)!;
  return bytes.length === 6 ? formatMac(bytes)! : formatMac(bytes)!.replaceAll(':', '');
}

/**
 * The ifIndex of an LLDP local port number: by lldpLocPortId or lldpLocPortDesc naming an interface (ifName or
 * ifDescr), else by dot1dBasePortIfIndex, else the number itself when it is an ifIndex.
 */
export function lldpLocalIfIndex(walk: Walk, portNum: number, interfaces: InterfaceIndex, bridgePorts: BridgePorts): number | undefined {
  for (const oid of [LLDP_LOC_PORT.id, LLDP_LOC_PORT.desc]) {
    const bytes = asBytes(walk.get(`${oid}.${portNum}`));
    if (bytes && bytes.length > 0 && isPrintableText(bytes)) {
      const ifIndex = interfaces.byName.get(asText(bytes)!);
      if (ifIndex !== undefined) return ifIndex;
    }
  }
  const viaBridge = bridgePorts.map.get(portNum);
  if (viaBridge !== undefined) return viaBridge;
  return interfaces.byIfIndex.has(portNum) ? portNum : undefined;
}

/** The LLDP neighbours, by local ifIndex; a remote entry whose local port cannot be resolved is left out with a note. */
export function decodeLldp(walk: Walk, interfaces: InterfaceIndex, bridgePorts: BridgePorts, notes: string[]): ObservedNeighbour[] {
  const neighbours: (ObservedNeighbour & { portNum: number })[] = [];
  const unresolved = new Set<number>();
  for (const index of column(walk, LLDP_REM.chassisId).keys()) {
    const portNum = indexParts(index)[1];
    const localIfIndex = lldpLocalIfIndex(walk, portNum, interfaces, bridgePorts);
    if (localIfIndex === undefined) {
      unresolved.add(portNum);
      continue;
    }
    const cell = (oid: string) => walk.get(`${oid}.${index}`);
    neighbours.push({
      localIfIndex,
      portNum,
      remoteSysName: asText(cell(LLDP_REM.sysName)) ?? '',
      remotePortId: renderLldpId(asInt(cell(LLDP_REM.portIdSubtype)), cell(LLDP_REM.portId), 'port'),
      remotePortDesc: asText(cell(LLDP_REM.portDesc)) ?? '',
      remoteChassisId: renderLldpId(asInt(cell(LLDP_REM.chassisIdSubtype)), cell(LLDP_REM.chassisId), 'chassis'),
      protocol: 'lldp',
    });
  }
  if (unresolved.size > 0)
    notes.push(`LLDP neighbours on local port numbers ${[...unresolved].join(', ')} have no known interface (left out)`);
  return neighbours
    .sort((a, b) => a.localIfIndex - b.localIfIndex || a.portNum - b.portNum)
    .map(({ portNum: _portNum, ...neighbour }) => neighbour);
}

/** The CDP neighbours (indexed ifIndex.deviceIndex); the chassis id is the cache's IPv4 address when it has one. */
export function decodeCdp(walk: Walk, interfaces: InterfaceIndex): ObservedNeighbour[] {
  const neighbours: ObservedNeighbour[] = [];
  for (const [index, deviceId] of column(walk, CDP_CACHE.deviceId)) {
    const localIfIndex = indexParts(index)[0];
    if (!interfaces.byIfIndex.has(localIfIndex)) continue;
    const address = asBytes(walk.get(`${CDP_CACHE.address}.${index}`));
    const isIpv4 = asInt(walk.get(`${CDP_CACHE.addressType}.${index}`)) === 1 && address?.length === 4;
    neighbours.push({
      localIfIndex,
      remoteSysName: asText(deviceId) ?? '',
      remotePortId: asText(walk.get(`${CDP_CACHE.devicePort}.${index}`)) ?? '',
      remotePortDesc: '',
      remoteChassisId: isIpv4 ? [...address].join('.') : '',
      protocol: 'cdp',
    });
  }
  return neighbours;
}
