// What every MIB decoder shares: walked varbinds as a map, and the readings of SNMP values (text, MACs, port lists).
// Pure: no I/O, so the decoders are tested with small hand-made maps.

/** A value as the agent sent it: an OCTET STRING as bytes, the integer types as numbers, an OID or IpAddress as text. */
export type SnmpValue = Uint8Array | number | string | null;

/** Walked varbinds: OID (dotted, without a leading dot) -> value. */
export type Walk = ReadonlyMap<string, SnmpValue>;

/** A table's column OIDs by name, from its entry's OID and each column's number as the MIB gives it (`{ descr: 2 }`). */
export function tableColumns<Name extends string>(entryOid: string, numbers: Record<Name, number>): Record<Name, string> {
  return Object.fromEntries(Object.entries(numbers).map(([name, number]) => [name, `${entryOid}.${number}`])) as Record<Name, string>;
}

/** Every row of one table column: index suffix (the OID after `columnOid.`) -> value, in the walk's order. */
export function column(walk: Walk, columnOid: string): Map<string, SnmpValue> {
  const prefix = `${columnOid}.`;
  const rows = new Map<string, SnmpValue>();
  for (const [oid, value] of walk) if (oid.startsWith(prefix)) rows.set(oid.slice(prefix.length), value);
  return rows;
}

/** A column whose index is one integer (an ifIndex, a bridge port): index -> value. */
export function columnByNumber(walk: Walk, columnOid: string): Map<number, SnmpValue> {
  const rows = new Map<number, SnmpValue>();
  for (const [index, value] of column(walk, columnOid)) {
    const n = Number(index);
    if (Number.isSafeInteger(n)) rows.set(n, value);
  }
  return rows;
}

/** The index suffix as numbers ("3.0.1" -> [3, 0, 1]). */
export function indexParts(index: string): number[] {
  return index.split('.').map(Number);
}

/** An integer value, or undefined for anything else. */
export function asInt(value: SnmpValue | undefined): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** An OCTET STRING's bytes (a text value as its UTF-8 bytes), or undefined. */
export function asBytes(value: SnmpValue | undefined): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string') return new TextEncoder().encode(value);
  return undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const LATIN1 = new TextDecoder('latin1');

/** A value as text: bytes as UTF-8 (Latin-1 when they are not UTF-8), numbers and OIDs as written; null when absent. */
export function asText(value: SnmpValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  try {
    return UTF8.decode(value);
  } catch {
    return LATIN1.decode(value);
  }
}

const PRINTABLE = /^(?:[^\p{C}\p{Z}]| |[\t\r\n])*$/u;

/** Whether bytes are UTF-8 text of printable characters (a name rather than a binary id). */
export function isPrintableText(bytes: Uint8Array): boolean {
  try {
    return PRINTABLE.test(UTF8.decode(bytes));
  } catch {
    return false;
  }
}

/** Bytes as `aa:bb:cc:dd:ee:ff` (any length); null when empty or absent. */
export function formatMac(bytes: Uint8Array | undefined): string | null {
  if (!bytes || bytes.length === 0) return null;
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(':');
}

/** The numbers of the set bits of a bitmap, the most significant bit of the first octet being 1 (PortList, VLAN lists). */
export function bitmapMembers(bytes: Uint8Array, first = 1): number[] {
  const members: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    for (let bit = 0; bit < 8; bit++) if (bytes[i] & (0x80 >> bit)) members.push(first + i * 8 + bit);
  }
  return members;
}

const ASCII_PORT_LIST = /^[0-9]+(?:,[0-9]+)*$/;

/**
 * A Q-BRIDGE PortList's bridge port numbers. Junos sends them as ASCII comma-separated numbers ("0,4097,4099")
 * unless configured with `port-list bit-map`, so with `asciiList` a value that reads so is taken as such.
 */
export function portListMembers(value: SnmpValue | undefined, asciiList: boolean): number[] {
  const bytes = asBytes(value);
  if (!bytes) return [];
  if (asciiList) {
    const text = LATIN1.decode(bytes);
    if (text === '') return [];
    if (ASCII_PORT_LIST.test(text)) return text.split(',').map(Number);
  }
  return bitmapMembers(bytes);
}

/** Orders two dotted OIDs numerically (-1, 0, 1). */
export function compareOids(a: string, b: string): number {
  const x = a.split('.');
  const y = b.split('.');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = Number(x[i]) - Number(y[i]);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

/** What a bridge port number (BRIDGE-MIB) is: ifIndex by dot1dBasePortIfIndex, or the number itself without that table. */
export interface BridgePorts {
  /** bridge port -> ifIndex, from dot1dBasePortIfIndex. */
  readonly map: ReadonlyMap<number, number>;
  /** The ifIndexes of the device's interfaces, for agents that have no dot1dBasePortIfIndex. */
  readonly ifIndexes: ReadonlySet<number>;
}

/** The ifIndex of a bridge port, or undefined when the device does not say. */
export function bridgePortIfIndex(ports: BridgePorts, bridgePort: number): number | undefined {
  if (ports.map.size > 0) return ports.map.get(bridgePort);
  return ports.ifIndexes.has(bridgePort) ? bridgePort : undefined;
}
