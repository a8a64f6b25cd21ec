// IF-MIB ifTable and ifXTable: the switch's interfaces.
import type { ObservedPort } from './observed.ts';
import { asBytes, asInt, asText, columnByNumber, formatMac, type Walk } from './mib-values.ts';

const IF_TABLE = '1.3.6.1.2.1.2.2.1';
const IF_X_TABLE = '1.3.6.1.2.1.31.1.1.1';
export const IF_DESCR = `${IF_TABLE}.2`;
export const IF_TYPE = `${IF_TABLE}.3`;
export const IF_SPEED = `${IF_TABLE}.5`;
export const IF_PHYS_ADDRESS = `${IF_TABLE}.6`;
export const IF_ADMIN_STATUS = `${IF_TABLE}.7`;
export const IF_OPER_STATUS = `${IF_TABLE}.8`;
export const IF_NAME = `${IF_X_TABLE}.1`;
export const IF_HIGH_SPEED = `${IF_X_TABLE}.15`;
export const IF_ALIAS = `${IF_X_TABLE}.18`;

/** The columns walked for the interfaces. */
export const INTERFACE_COLUMNS = [
  IF_DESCR,
  IF_TYPE,
  IF_SPEED,
  IF_PHYS_ADDRESS,
  IF_ADMIN_STATUS,
  IF_OPER_STATUS,
  IF_NAME,
  IF_HIGH_SPEED,
  IF_ALIAS,
];

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
  const columns = Object.fromEntries(INTERFACE_COLUMNS.map((oid) => [oid, columnByNumber(walk, oid)]));
  const indexes = new Set<number>();
  for (const oid of [IF_DESCR, IF_TYPE, IF_OPER_STATUS, IF_NAME]) for (const index of columns[oid].keys()) indexes.add(index);
  return [...indexes]
    .sort((a, b) => a - b)
    .map((ifIndex) => {
      const cell = (oid: string) => columns[oid].get(ifIndex);
      const operStatus = asInt(cell(IF_OPER_STATUS));
      return {
        ifIndex,
        name: asText(cell(IF_NAME)) || asText(cell(IF_DESCR)) || String(ifIndex),
        description: asText(cell(IF_ALIAS)) ?? '',
        ifType: asInt(cell(IF_TYPE)) ?? 1,
        speedMbps: speedMbps(asInt(cell(IF_SPEED)), asInt(cell(IF_HIGH_SPEED))),
        adminUp: asInt(cell(IF_ADMIN_STATUS)) === UP,
        operUp: operStatus === UP,
        present: operStatus !== NOT_PRESENT,
        mac: formatMac(asBytes(cell(IF_PHYS_ADDRESS))),
      };
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
  const descrs = columnByNumber(walk, IF_DESCR);
  const names = columnByNumber(walk, IF_NAME);
  const byName = new Map<string, number>();
  for (const port of ports) {
    for (const text of [asText(names.get(port.ifIndex)), asText(descrs.get(port.ifIndex))]) {
      if (text && !byName.has(text)) byName.set(text, port.ifIndex);
    }
  }
  return { byIfIndex: new Map(ports.map((port) => [port.ifIndex, port])), byName };
}
