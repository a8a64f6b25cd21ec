// IF-MIB ifTable and ifXTable: the switch's interfaces.
import type { ObservedPort } from './observed.ts';
import { asBytes, asInt, asText, columnByNumber, formatMac, tableColumns, type Walk } from './mib-values.ts';

const IF = tableColumns('1.3.6.1.2.1.2.2.1', { descr: 2, type: 3, speed: 5, physAddress: 6, adminStatus: 7, operStatus: 8 });
const IF_X = tableColumns('1.3.6.1.2.1.31.1.1.1', { name: 1, highSpeed: 15, alias: 18 });
const IF_OCTETS = tableColumns('1.3.6.1.2.1.2.2.1', { in: 10, out: 16 });
const IF_HC_OCTETS = tableColumns('1.3.6.1.2.1.31.1.1.1', { in: 6, out: 10 });

/** The columns walked for the interfaces. */
export const INTERFACE_COLUMNS = [...Object.values(IF), ...Object.values(IF_X)];
/** The traffic counters, 64-bit (ifXTable) where the agent has them: walked when present, else the 32-bit ones of ifTable. */
export const HC_OCTET_COLUMNS = Object.values(IF_HC_OCTETS);
export const OCTET_COLUMNS = Object.values(IF_OCTETS);

const UP = 1;
const NOT_PRESENT = 6;
/** ifSpeed's ceiling: "faster than this", so ifHighSpeed is the only speed. */
const IF_SPEED_SATURATED = 4294967295;

/** ifHighSpeed when above 0, else ifSpeed / 10^6 rounded; 0 when neither says. */
export function speedMbps(ifSpeed: number | undefined, ifHighSpeed: number | undefined): number {
  if (ifHighSpeed !== undefined && ifHighSpeed > 0) return ifHighSpeed;
  if (ifSpeed === undefined || ifSpeed === IF_SPEED_SATURATED) return 0;
  return Math.round(ifSpeed / 1e6);
}

/** Every interface of ifTable or ifXTable, by ifIndex. */
export function decodeInterfaces(walk: Walk): ObservedPort[] {
  const columns = Object.fromEntries(
    [...INTERFACE_COLUMNS, ...HC_OCTET_COLUMNS, ...OCTET_COLUMNS].map((oid) => [oid, columnByNumber(walk, oid)]),
  );
  const indexes = new Set<number>();
  for (const oid of [IF.descr, IF.type, IF.operStatus, IF_X.name]) for (const index of columns[oid].keys()) indexes.add(index);
  return [...indexes]
    .sort((a, b) => a - b)
    .map((ifIndex) => {
      const cell = (oid: string) => columns[oid].get(ifIndex);
      const operStatus = asInt(cell(IF.operStatus));
      return {
        ifIndex,
        name: asText(cell(IF_X.name)) || asText(cell(IF.descr)) || String(ifIndex),
        description: asText(cell(IF_X.alias)) ?? '',
        ifType: asInt(cell(IF.type)) ?? 1,
        speedMbps: speedMbps(asInt(cell(IF.speed)), asInt(cell(IF_X.highSpeed))),
        adminUp: asInt(cell(IF.adminStatus)) === UP,
        operUp: operStatus === UP,
        present: operStatus !== NOT_PRESENT,
        mac: formatMac(asBytes(cell(IF.physAddress))),
      };
    });
}

/** The interfaces with their traffic counters, 64-bit where walked, else 32-bit; none where the agent has none. */
export function withOctets(walk: Walk, ports: readonly ObservedPort[]): ObservedPort[] {
  const [hcIn, hcOut, lowIn, lowOut] = [IF_HC_OCTETS.in, IF_HC_OCTETS.out, IF_OCTETS.in, IF_OCTETS.out].map((oid) =>
    columnByNumber(walk, oid),
  );
  return ports.map((port) => {
    const read = {
      inOctets: asInt(hcIn.get(port.ifIndex) ?? lowIn.get(port.ifIndex)),
      outOctets: asInt(hcOut.get(port.ifIndex) ?? lowOut.get(port.ifIndex)),
    };
    return { ...port, ...Object.fromEntries(Object.entries(read).filter(([, value]) => value !== undefined)) };
  });
}

/** Lookups over the interfaces the other decoders share: by ifIndex, and by ifName/ifDescr. */
export interface InterfaceIndex {
  readonly byIfIndex: ReadonlyMap<number, ObservedPort>;
  /** ifName and ifDescr -> ifIndex, the lowest ifIndex first (LLDP's lldpLocPortId names ports so). */
  readonly byName: ReadonlyMap<string, number>;
}

/** The lookups of a decoded interface list; ifDescr is read again from the walk, since a port's name is its ifName. */
export function indexInterfaces(walk: Walk, ports: readonly ObservedPort[]): InterfaceIndex {
  const descrs = columnByNumber(walk, IF.descr);
  const names = columnByNumber(walk, IF_X.name);
  const byName = new Map<string, number>();
  for (const port of ports) {
    for (const text of [asText(names.get(port.ifIndex)), asText(descrs.get(port.ifIndex))]) {
      if (text && !byName.has(text)) byName.set(text, port.ifIndex);
    }
  }
  return { byIfIndex: new Map(ports.map((port) => [port.ifIndex, port])), byName };
}
