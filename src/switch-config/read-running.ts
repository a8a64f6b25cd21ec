// A running configuration read into the observed model that SNMP discovery makes (discovery/observed.ts), so that a
// switch can be documented, and its drift found, from its configuration alone (issue 38). Pure: the dialects' readers
// (read-ios-style.ts, read-junos.ts) fill in a RunningReading, and observedOf turns it into an ObservedSwitch. A line
// no reader knows is counted and listed, never a failure. ifIndexes are made up: 1, 2, 3… in the order the
// configuration first names each interface, so the same text always gives the same indexes.
import { interfaceNameForms } from '../lib/interface-name.ts';
import { normalizeIp, parseIp } from '../lib/net.ts';
import { maskSecrets } from './mask-secrets.ts';
import type { ObservedManagement, ObservedMembership, ObservedPort, ObservedSwitch } from '../discovery/observed.ts';

/** The dialects a running configuration can be read in: those rendered (lib/config-dialect.ts), NX-OS and Aruba CX. */
export const RUNNING_CONFIG_DIALECTS = ['cisco-ios', 'arista-eos', 'nxos', 'junos', 'aruba-cx'] as const;
export type RunningConfigDialect = (typeof RUNNING_CONFIG_DIALECTS)[number];

/** How many of the lines not read are listed (all are counted). */
export const UNKNOWN_LISTED_MAX = 200;

/** A line of the configuration that was not read into the model. */
export interface UnknownLine {
  /** 1-based. */
  line: number;
  text: string;
}

/** A configuration read: the observed model, and the lines not read. */
export interface RunningConfigReading {
  observed: ObservedSwitch;
  unknownLines: number;
  /** The first UNKNOWN_LISTED_MAX of them, in order. */
  unknown: UnknownLine[];
}

/** What an interface is, for its ifType: a port, a LAG, an SVI (or irb unit), a loopback, a management port, another. */
export type InterfaceKind = 'physical' | 'lag' | 'vlan' | 'loopback' | 'management' | 'other';

const IF_TYPE: Record<InterfaceKind, number> = { physical: 6, lag: 161, vlan: 53, loopback: 24, management: 6, other: 1 };

export type LagMode = 'lacp-active' | 'lacp-passive' | 'static';

/** The VLANs a trunk lets through: a list, or every VLAN the switch has. */
export type AllowedVlans = Set<number> | 'all';

/** One interface as a reader found it. */
export interface InterfaceReading {
  name: string;
  ifIndex: number;
  kind: InterfaceKind;
  description: string;
  /** Undefined while the configuration does not say: the dialect's default then. */
  adminUp?: boolean;
  /** Switched (a member of VLANs) or routed; undefined while the configuration does not say. */
  switched?: boolean;
  mode?: 'access' | 'trunk';
  accessVlan?: number;
  nativeVlan?: number;
  allowed?: AllowedVlans;
  voiceVlan?: number;
  /** VLAN names or numbers to resolve once every VLAN is read (Junos members). */
  vlanMembers?: string[];
  /** The LAG interface it is a member of. */
  lag?: InterfaceReading;
  lagMode?: LagMode;
  addresses: { address: string; prefixLength: number }[];
  /** The VLAN of an SVI (Vlan10, irb.10 when it is VLAN 10's l3-interface). */
  sviVlan?: number;
  /** The VRF it routes in, when not the default one. */
  vrf?: string;
  mac?: string;
}

/** What a dialect's reader fills in. */
export interface RunningReading {
  hostname: string | null;
  /** VLANs by number, with their names (null when the configuration names none). */
  vlans: Map<number, string | null>;
  interfaces: InterfaceReading[];
  /** Next hops of default routes, in order; `ip default-gateway` first when a reader sees one. */
  gateways: string[];
  unknownLines: number;
  unknown: UnknownLine[];
  /** Lookup of interfaces by every spelling of their names. */
  byName: Map<string, InterfaceReading>;
}

/** What a dialect decides for what its configuration leaves unsaid. */
export interface DialectDefaults {
  vendor: string;
  /** Whether a physical port is up when its configuration says neither `shutdown` nor `no shutdown`. */
  portUp: boolean;
  /** Whether a physical port that says nothing of switching is switched (access VLAN 1) or routed. */
  portSwitched: boolean;
  /** The native VLAN of a trunk that names none (1 on the IOS-style dialects, none on Junos). */
  nativeVlan: number | null;
  /** Whether VLAN 1 exists without being configured (named "default"). */
  vlanOneBuiltIn: boolean;
}

export function emptyReading(): RunningReading {
  return { hostname: null, vlans: new Map(), interfaces: [], gateways: [], unknownLines: 0, unknown: [], byName: new Map() };
}

/** Counts a line that was not read, and lists it (its secrets masked, as the line alone shows them) while the list is short. */
export function notRead(reading: RunningReading, line: number, text: string): void {
  reading.unknownLines++;
  if (reading.unknown.length < UNKNOWN_LISTED_MAX) reading.unknown.push({ line, text: maskSecrets(text.trim()) });
}

/** The interface of that name (any spelling, lib/interface-name.ts), made with the next ifIndex when it is new. */
export function interfaceNamed(reading: RunningReading, name: string, kind: InterfaceKind): InterfaceReading {
  const known = reading.byName.get(name.toLowerCase());
  if (known) return known;
  const keys = interfaceNameForms(name).map((form) => form.toLowerCase());
  const created: InterfaceReading = { name, ifIndex: reading.interfaces.length + 1, kind, description: '', addresses: [] };
  reading.interfaces.push(created);
  for (const key of keys) reading.byName.set(key, created);
  return created;
}

/** An address with its prefix length, when both are plainly one (`10.0.0.1/24`, or a dotted netmask apart). */
export function addressOf(address: string, prefix: string): { address: string; prefixLength: number } | undefined {
  const canonical = normalizeIp(address);
  const prefixLength = /^[0-9]{1,3}$/.test(prefix) ? Number(prefix) : netmaskLength(prefix);
  if (canonical === undefined || prefixLength === undefined) return undefined;
  return prefixLength <= (canonical.includes(':') ? 128 : 32) ? { address: canonical, prefixLength } : undefined;
}

/** The prefix length of a dotted netmask (255.255.255.0 -> 24); undefined when it is not a contiguous mask. */
function netmaskLength(mask: string): number | undefined {
  const ip = parseIp(mask);
  if (ip?.family !== 4) return undefined;
  const bits = ip.bytes.reduce((all, byte) => all + byte.toString(2).padStart(8, '0'), '');
  return /^1*0*$/.test(bits) ? (bits.indexOf('0') === -1 ? 32 : bits.indexOf('0')) : undefined;
}

/** What an interface is, by its name's prefix. */
export function kindOfInterface(name: string): InterfaceKind {
  const text = name.toLowerCase();
  if (/^(port-?channel|po[0-9]|lag ?[0-9]|ae[0-9])/.test(text)) return 'lag';
  if (/^(vlan|vl[0-9]|irb\.|vlan\.)/.test(text)) return 'vlan';
  if (/^(loopback|lo[0-9])/.test(text)) return 'loopback';
  if (/^(mgmt|management|ma[0-9]|fxp[0-9]|em[0-9]|me[0-9]|vme)/.test(text)) return 'management';
  if (/^(tunnel|nve|null|bdi|dialer|virtual|sup-eth)/.test(text) || /\.[0-9]+$/.test(text)) return 'other';
  return 'physical';
}

/** Adds the next hop of a default route, when it is an address. */
export function addGateway(reading: RunningReading, nextHop: string): boolean {
  const gateway = normalizeIp(nextHop);
  if (gateway === undefined) return false;
  if (!reading.gateways.includes(gateway)) reading.gateways.push(gateway);
  return true;
}

/** The observed model of what a reader found, with the dialect's defaults for what the configuration leaves unsaid. */
export function observedOf(reading: RunningReading, defaults: DialectDefaults): RunningConfigReading {
  const vlans = new Map(reading.vlans);
  if (defaults.vlanOneBuiltIn && (vlans.get(1) ?? null) === null) vlans.set(1, 'default');
  const sortedVlans = [...vlans.entries()].sort((a, b) => a[0] - b[0]);
  const observed: ObservedSwitch = {
    system: {
      sysName: reading.hostname,
      sysDescr: null,
      sysObjectID: null,
      sysLocation: null,
      sysContact: null,
      vendor: defaults.vendor,
      model: null,
      serial: null,
      macAddress: null,
    },
    ports: reading.interfaces.map((entry) => portOf(entry, defaults)),
    vlans: sortedVlans.map(([vid, name]) => ({ vid, name })),
    membership: reading.interfaces.flatMap((entry) => membershipOf(entry, reading, vlans, defaults) ?? []),
    lags: lagsOf(reading),
    neighbours: [],
    fdb: [],
    arp: [],
    poe: [],
    notes: [],
  };
  const management = managementOf(reading);
  observed.management = management?.management ?? null;
  observed.defaultGateway = management?.gateway ?? reading.gateways[0] ?? null;
  return { observed, unknownLines: reading.unknownLines, unknown: reading.unknown };
}

function portOf(entry: InterfaceReading, defaults: DialectDefaults): ObservedPort {
  const adminUp = entry.adminUp ?? (entry.kind === 'physical' ? defaults.portUp : true);
  return {
    ifIndex: entry.ifIndex,
    name: entry.name,
    description: entry.description,
    ifType: IF_TYPE[entry.kind],
    speedMbps: 0,
    adminUp,
    // A configuration does not say whether a link is up.
    operUp: false,
    present: true,
    mac: entry.mac ?? null,
  };
}

function isSwitched(entry: InterfaceReading, defaults: DialectDefaults): boolean {
  if (entry.switched !== undefined) return entry.switched;
  if (entry.kind === 'lag') return entry.addresses.length === 0;
  return entry.kind === 'physical' && defaults.portSwitched && entry.addresses.length === 0;
}

/**
 * A switched interface's VLANs (a LAG member's are its LAG's). A trunk's list is its allowed VLANs (every VLAN the
 * switch has when it names none or `all`); where the switch defines VLANs, a list keeps only those, as SNMP reports
 * only VLANs that exist. The native VLAN is untagged when the trunk lets it through.
 */
function membershipOf(
  entry: InterfaceReading,
  reading: RunningReading,
  vlans: Map<number, string | null>,
  defaults: DialectDefaults,
): ObservedMembership | undefined {
  if (!isSwitched(entry, defaults)) return undefined;
  const members = resolvedMembers(entry, reading);
  const voice = entry.voiceVlan === undefined ? {} : { voiceVlan: entry.voiceVlan };
  if (entry.mode !== 'trunk') {
    const untagged = entry.accessVlan ?? members[0] ?? (defaults.nativeVlan === null ? null : 1);
    return { ifIndex: entry.ifIndex, untagged, tagged: [], taggedComplete: true, trunk: false, ...voice };
  }
  const defined = [...vlans.keys()];
  const listed = entry.allowed ?? (members.length > 0 ? new Set(members) : 'all');
  const allowed = listed === 'all' ? defined : [...listed].filter((vid) => defined.length <= 1 || vlans.has(vid));
  const native = entry.nativeVlan ?? defaults.nativeVlan;
  const untagged = native !== null && allowed.includes(native) ? native : null;
  const tagged = allowed.filter((vid) => vid !== untagged).sort((a, b) => a - b);
  return { ifIndex: entry.ifIndex, untagged, tagged, taggedComplete: true, trunk: true, ...voice };
}

/** Junos VLAN members by name or number (`v10`, `10`, `10-20`, `all`), as numbers. */
function resolvedMembers(entry: InterfaceReading, reading: RunningReading): number[] {
  const vids: number[] = [];
  for (const member of entry.vlanMembers ?? []) {
    if (member === 'all') return [...reading.vlans.keys()];
    const range = /^([0-9]+)(?:-([0-9]+))?$/.exec(member);
    if (range) for (let vid = Number(range[1]); vid <= Number(range[2] ?? range[1]) && vid <= 4094; vid++) vids.push(vid);
    else for (const [vid, name] of reading.vlans) if (name === member) vids.push(vid);
  }
  return vids;
}

function lagsOf(reading: RunningReading): ObservedSwitch['lags'] {
  return reading.interfaces
    .filter((entry) => entry.kind === 'lag')
    .map((lag) => {
      const members = reading.interfaces.filter((entry) => entry.lag === lag);
      const mode = lag.lagMode ?? members.find((member) => member.lagMode)?.lagMode;
      return { ifIndex: lag.ifIndex, memberIfIndexes: members.map((member) => member.ifIndex), ...(mode ? { mode } : {}) };
    });
}

/**
 * The management address and its gateway: a management port's address (or one in a management VRF), else the address of an interface (an SVI
 * first) whose subnet holds a default route's next hop, else the first SVI's. The gateway is the next hop in its
 * subnet, else the first one.
 */
function managementOf(reading: RunningReading): { management: ObservedManagement; gateway: string | null } | undefined {
  const withAddress = reading.interfaces.filter((entry) => entry.addresses.length > 0);
  const bySubnet = (entry: InterfaceReading) => reading.gateways.some((gateway) => inSubnet(entry.addresses[0], gateway));
  const chosen =
    withAddress.find((entry) => entry.kind === 'management' || /^(mgmt|management)/i.test(entry.vrf ?? '')) ??
    withAddress.find((entry) => entry.kind === 'vlan' && bySubnet(entry)) ??
    withAddress.find((entry) => entry.kind !== 'loopback' && bySubnet(entry)) ??
    withAddress.find((entry) => entry.kind === 'vlan');
  if (!chosen) return undefined;
  const address = chosen.addresses[0];
  const gateway = reading.gateways.find((candidate) => inSubnet(address, candidate)) ?? reading.gateways[0] ?? null;
  const vlan = chosen.sviVlan === undefined ? {} : { vlan: chosen.sviVlan };
  return { management: { ifIndex: chosen.ifIndex, ...address, ...vlan }, gateway };
}

function inSubnet(network: { address: string; prefixLength: number }, address: string): boolean {
  const a = parseIp(network.address);
  const b = parseIp(address);
  if (!a || !b || a.family !== b.family) return false;
  for (let bit = 0; bit < network.prefixLength; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((a.bytes[bit >> 3] & mask) !== (b.bytes[bit >> 3] & mask)) return false;
  }
  return true;
}
