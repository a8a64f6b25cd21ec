// The proposal of a discovery (docs/DISCOVERY.md, "The proposal"): every difference between what is documented
// and what the switch reported, as items a user picks from. Pure: the documented data comes in as plain values
// (src/discovery/discover.ts reads it), VLANs as their numbers, ports, LAGs and switches by name. The same input
// gives the same items with the same keys, so applying can compare what was proposed with what it proposes now.
import { checkValue, type Field } from '../fields/field.ts';
import { PORT } from '../fields/ports.ts';
import { SWITCH } from '../fields/switches.ts';
import { VLAN } from '../fields/vlans.ts';
import { interfaceNameProblem, sameInterface } from '../lib/interface-name.ts';
import { normalizeIp, normalizeMac } from '../lib/net.ts';
import type { ObservedMembership, ObservedPort, ObservedSwitch } from './observed.ts';

/** A port at the far end of a link, by names. */
export interface PortRef {
  switch: string;
  port: string;
}

/** A documented port as the proposal compares it: its VLANs by number, its LAG and its link by name. */
export interface DocumentedPort {
  name: string;
  description: string | null;
  speed: string | null;
  type: string;
  enabled: boolean;
  linkStatus: string | null;
  mode: string;
  untaggedVid: number | null;
  taggedVids: number[];
  lag: string | null;
  link: PortRef | null;
}

export interface DocumentedLag {
  name: string;
  /** Member port names, in port order. */
  members: string[];
}

export interface DocumentedSwitch {
  name: string;
  model: string | null;
  serialNumber: string | null;
  macAddress: string | null;
  ports: DocumentedPort[];
  lags: DocumentedLag[];
}

/** A VLAN of the site. */
export interface SiteVlan {
  vid: number;
  name: string;
}

/** Another switch of the site, for links found through LLDP or CDP. */
export interface SiteSwitch {
  name: string;
  macAddress: string | null;
  managementIp: string | null;
  ports: { name: string }[];
}

export interface ProposalInput {
  /** The switch as documented; null for a switch not documented yet (the proposal creates it). */
  documented: DocumentedSwitch | null;
  /** The host the discovery read (without port): a new switch's name when it sends no sysName, its management IP when an address. */
  host: string;
  vlans: SiteVlan[];
  /** The site's other switches. */
  switches: SiteSwitch[];
  observed: ObservedSwitch;
}

/**
 * What a proposal item does: create an entity, change a field, or link two ports. A `missing` item is drift only
 * (missingPortItems): a documented port the switch did not report, which no discovery adopts (a discovery removes nothing).
 */
export type ItemKind = 'create' | 'change' | 'link' | 'missing';

/** One difference between the documentation and the switch. */
export interface ProposalItem {
  /** Stable: `switch:model`, `port:<name>:description`, `vlan:<vid>:add`, `lag:<name>:members`, … */
  key: string;
  kind: ItemKind;
  entity: 'switch' | 'port' | 'vlan' | 'lag';
  /** The entity's name (a VLAN's number as text). */
  name: string;
  /** The field that differs; null for a create. */
  field: string | null;
  /** What is documented (null for a create); VLANs by number, ports by name. */
  documented: unknown;
  /** What the switch reported, as it would be documented. */
  observed: unknown;
  /** Keys that must be applied with this one (the port it sets, the VLAN it names, the switch it is on). */
  requires: string[];
}

export interface Proposal {
  items: ProposalItem[];
  /** What the proposal left out, and why. */
  notes: string[];
}

/** The key of the item that creates a switch that is not documented yet. */
export const CREATE_SWITCH_KEY = 'switch:create';

/** The item keys of entities and fields (the suffix never holds ':', so a key is read from its end). */
export const keys = {
  switchField: (field: string) => `switch:${field}`,
  vlan: (vid: number) => `vlan:${vid}:add`,
  vlanName: (vid: number) => `vlan:${vid}:name`,
  port: (name: string) => `port:${name}:add`,
  portField: (name: string, field: string) => `port:${name}:${field}`,
  lag: (name: string) => `lag:${name}:add`,
  lagMembers: (name: string) => `lag:${name}:members`,
  portMissing: (name: string) => `port:${name}:missing`,
};

/** IANA ifTypes of physical Ethernet ports: ethernetCsmacd, iso88023Csmacd, fastEther, fastEtherFX, gigabitEthernet. */
const PHYSICAL_IF_TYPES = new Set([6, 7, 62, 69, 117]);

/** Cisco's reserved FDDI and Token Ring VLANs, which every Catalyst lists. */
const CISCO_RESERVED_VLANS = new Set([1002, 1003, 1004, 1005]);

const field = (resource: { fields: readonly Field[] }, name: string) => resource.fields.find((f) => f.name === name)!;
const PORT_DESCRIPTION = field(PORT, 'description');
const SWITCH_NAME = field(SWITCH, 'name');
const VLAN_NAME = field(VLAN, 'name');
const SWITCH_TEXT = { model: field(SWITCH, 'model'), serialNumber: field(SWITCH, 'serialNumber') };

/** The proposal of one discovery. */
export function propose(input: ProposalInput): Proposal {
  const notes: string[] = [];
  const context = makeContext(input, notes);
  const items = [
    ...(input.documented ? switchItems(context) : []),
    ...vlanItems(context),
    ...portItems(context),
    ...membershipItems(context),
    ...lagItems(context),
    ...linkItems(context),
  ];
  return input.documented ? { items, notes } : { items: asNewSwitch(context, items), notes };
}

/** What the item makers share. */
interface Context {
  input: ProposalInput;
  documented: DocumentedSwitch;
  notes: string[];
  /** The observed physical ports with a usable name, in the device's order. */
  physical: ObservedPort[];
  /** Every observed port by ifIndex. */
  byIndex: Map<number, ObservedPort>;
  /** Documented ports by lower-case name. */
  ports: Map<string, DocumentedPort>;
  /** Documented LAGs by lower-case name. */
  lags: Map<string, DocumentedLag>;
  /** The site's VLAN numbers. */
  siteVids: Set<number>;
  /** The VLANs the device reported, with the names they would get; those the site lacks are proposed. */
  vlanNames: Map<number, string | null>;
  /** ifIndexes of LAG interfaces and their members: their VLANs are the LAG's. */
  inLag: Set<number>;
  membership: Map<number, ObservedMembership>;
  isCisco: boolean;
}

function makeContext(input: ProposalInput, notes: string[]): Context {
  const observed = input.observed;
  const documented = input.documented ?? { name: '', model: null, serialNumber: null, macAddress: null, ports: [], lags: [] };
  const physical = physicalPorts(observed, notes);
  const inLag = new Set(observed.lags.flatMap((lag) => [lag.ifIndex, ...lag.memberIfIndexes]));
  return {
    input,
    documented,
    notes,
    physical,
    byIndex: new Map(observed.ports.map((port) => [port.ifIndex, port])),
    ports: new Map(
      documented.ports.map((port) => [port.name.toLowerCase(), { ...port, taggedVids: [...port.taggedVids].sort((a, b) => a - b) }]),
    ),
    lags: new Map(documented.lags.map((lag) => [lag.name.toLowerCase(), lag])),
    siteVids: new Set(input.vlans.map((vlan) => vlan.vid)),
    vlanNames: new Map(),
    inLag,
    membership: new Map(observed.membership.map((entry) => [entry.ifIndex, entry])),
    isCisco: /cisco/i.test(observed.system.vendor ?? ''),
  };
}

/** The observed physical ports with a usable name, in the device's order (a port not present is none: its module is out). */
function physicalPorts(observed: ObservedSwitch, notes: string[]): ObservedPort[] {
  const physical: ObservedPort[] = [];
  for (const port of observed.ports) {
    if (!PHYSICAL_IF_TYPES.has(port.ifType) || !port.present) continue;
    const problem = interfaceNameProblem(port.name);
    if (problem) notes.push(`Port "${printable(port.name)}" (ifIndex ${port.ifIndex}) was left out: its name ${problem}.`);
    else physical.push(port);
  }
  return physical;
}

// ---- The switch's own fields ----

function switchItems(context: Context): ProposalItem[] {
  const { documented, input } = context;
  const system = input.observed.system;
  const items: ProposalItem[] = [];
  const change = (name: string, documentedValue: unknown, observedValue: unknown) =>
    items.push(item('change', 'switch', documented.name, name, keys.switchField(name), documentedValue, observedValue));
  const name = realSysName(system.sysName);
  if (name !== null && firstLabel(name) !== firstLabel(documented.name)) {
    if (input.switches.some((other) => other.name.toLowerCase() === name.toLowerCase()))
      context.notes.push(`The switch calls itself "${name}", the name of another switch of the site: its name is not proposed.`);
    else change('name', documented.name, name);
  }
  for (const [key, text] of [
    ['model', system.model],
    ['serialNumber', system.serial],
  ] as const) {
    const value = textOf(SWITCH_TEXT[key], text);
    if (value !== null && value !== documented[key]) change(key, documented[key], value);
  }
  const mac = realMac(system.macAddress);
  if (mac !== null && mac !== documented.macAddress) change('macAddress', documented.macAddress, mac);
  return items;
}

/** A MAC in its stored spelling, unless it is none (all zeros or all ones, as some agents send): a switch's, an ARP entry's. */
export function realMac(text: string | null): string | null {
  const mac = text ? normalizeMac(text) : undefined;
  return mac && mac !== '00:00:00:00:00:00' && mac !== 'ff:ff:ff:ff:ff:ff' ? mac : null;
}

/** sysName when it is a name the switch gave itself (not empty, not anonymised, a valid switch name), else null. */
function realSysName(sysName: string | null): string | null {
  const text = sysName?.trim() ?? '';
  if (text === '' || text === '<private>') return null;
  return textOf(SWITCH_NAME, text);
}

/** "acc-1.example.net" and "ACC-1" name one switch. */
function firstLabel(name: string): string {
  return name.split('.')[0].toLowerCase();
}

// ---- VLANs to add to the site ----

function vlanItems(context: Context): ProposalItem[] {
  const { input, notes } = context;
  const named = new Map<number, string | null>();
  for (const vlan of input.observed.vlans) if (!named.has(vlan.vid)) named.set(vlan.vid, vlan.name);
  for (const entry of input.observed.membership)
    for (const vid of [entry.untagged, ...entry.tagged]) if (vid !== null && !named.has(vid)) named.set(vid, null);
  const taken = new Set(input.vlans.map((vlan) => vlan.name.toLowerCase()));
  const items: ProposalItem[] = [];
  for (const vid of [...named.keys()].sort((a, b) => a - b)) {
    if (!usableVid(context, vid, named.get(vid) ?? null)) continue;
    context.vlanNames.set(vid, named.get(vid) ?? null);
    if (context.siteVids.has(vid)) {
      items.push(...vlanRenameItems(context, vid, named.get(vid) ?? null, taken));
      continue;
    }
    const name = freeVlanName(vid, named.get(vid) ?? null, taken);
    taken.add(name.toLowerCase());
    items.push(item('create', 'vlan', String(vid), null, keys.vlan(vid), null, { vid, name }));
  }
  const skipped = [...named.keys()].filter((vid) => !context.vlanNames.has(vid));
  if (skipped.length) notes.push(`VLANs ${skipped.join(', ')} were left out (reserved, or not a VLAN number).`);
  return items;
}

/**
 * The rename of a documented VLAN to the name the switch gives it, unless that name is the device's default
 * (VLAN0030, "default" for VLAN 1), another VLAN's of the site, or the same but for case (VLAN names are compared
 * without case everywhere, and some switches keep them in one case).
 */
function vlanRenameItems(context: Context, vid: number, observed: string | null, taken: Set<string>): ProposalItem[] {
  const name = textOf(VLAN_NAME, observed);
  const documented = context.input.vlans.find((vlan) => vlan.vid === vid)!.name;
  if (
    name === null ||
    name.toLowerCase() === documented.toLowerCase() ||
    /^vlan0*\d+$/i.test(name) ||
    (vid === 1 && /^default$/i.test(name))
  )
    return [];
  if (taken.has(name.toLowerCase())) {
    context.notes.push(`The switch names VLAN ${vid} "${name}", the name of another VLAN of the site: its rename is not proposed.`);
    return [];
  }
  return [item('change', 'vlan', String(vid), 'name', keys.vlanName(vid), documented, name)];
}

function usableVid(context: Context, vid: number, name: string | null): boolean {
  if (!Number.isInteger(vid) || vid < 1 || vid > 4094) return false;
  const reserved = /^(fddi|token-ring|fddinet|trnet|trcrf|trbrf)-default$/i.test(name ?? '');
  return !(CISCO_RESERVED_VLANS.has(vid) && (context.isCisco || reserved));
}

/** The device's name when it is a valid VLAN name the site does not have, else VLAN0030, else "VLAN 30 (discovered)", … */
function freeVlanName(vid: number, observed: string | null, taken: Set<string>): string {
  const candidates = [textOf(VLAN_NAME, observed), `VLAN${String(vid).padStart(4, '0')}`, `VLAN ${vid} (discovered)`];
  const free = candidates.find((name): name is string => name !== null && !taken.has(name.toLowerCase()));
  if (free) return free;
  let n = 2;
  while (taken.has(`vlan ${vid} (discovered ${n})`)) n++;
  return `VLAN ${vid} (discovered ${n})`;
}

/** The VLANs an item names that the site lacks: their keys, which it requires. */
function vlanKeys(context: Context, vids: (number | null)[]): string[] {
  return vids.filter((vid): vid is number => vid !== null && !context.siteVids.has(vid)).map(keys.vlan);
}

// ---- Ports: to add, and their fields ----

/** A port as the switch reports it, in the fields a port is documented with (a new port's `observed`). */
export interface ObservedPortFields {
  name: string;
  description: string | null;
  speed: string | null;
  type: string;
  enabled: boolean;
  linkStatus: string;
}

function observedFields(port: ObservedPort): ObservedPortFields {
  return {
    name: port.name,
    description: textOf(PORT_DESCRIPTION, port.description),
    speed: port.operUp && port.speedMbps > 0 ? speedText(port.speedMbps) : null,
    type: interfaceType(port.name) ?? 'rj45',
    enabled: port.adminUp,
    linkStatus: port.operUp ? 'up' : 'down',
  };
}

function portItems(context: Context): ProposalItem[] {
  const items: ProposalItem[] = [];
  for (const port of context.physical) {
    const seen = observedFields(port);
    const documented = context.ports.get(port.name.toLowerCase());
    if (!documented) {
      items.push(item('create', 'port', seen.name, null, keys.port(seen.name), null, seen));
      continue;
    }
    const change = (name: keyof ObservedPortFields, from: unknown, to: unknown) => {
      if (JSON.stringify(from) !== JSON.stringify(to))
        items.push(item('change', 'port', documented.name, name, keys.portField(documented.name, name), from, to));
    };
    change('description', documented.description, seen.description);
    if (seen.speed !== null) change('speed', documented.speed, seen.speed);
    // Only a port documented with the default type gets the type its name says (a 10G SFP+ slot may hold a 1G SFP).
    if (documented.type === 'rj45' && interfaceType(port.name)) change('type', documented.type, seen.type);
    change('linkStatus', documented.linkStatus, seen.linkStatus);
    change('enabled', documented.enabled, seen.enabled);
  }
  return items;
}

/** Port types that are no interface of the switch's SNMP agent, so never reported. */
const NOT_AN_INTERFACE = new Set(['console']);

/**
 * The documented ports that the switch did not report: none of its physical ports present has the port's name (the
 * ports the proposal compares, by name without case). Drift only, never part of a proposal: a discovery removes
 * nothing, so no item adopts them. Nothing for a switch not documented yet, nor for an observation without physical
 * ports (a switch that reported none was not read, rather than stripped of every port).
 */
export function missingPortItems(input: ProposalInput): ProposalItem[] {
  const { documented, observed } = input;
  const physical = physicalPorts(observed, []);
  if (!documented || physical.length === 0) return [];
  const reported = new Set(physical.map((port) => port.name.toLowerCase()));
  return documented.ports
    .filter((port) => !NOT_AN_INTERFACE.has(port.type) && !reported.has(port.name.toLowerCase()))
    .map((port) => item('missing', 'port', port.name, null, keys.portMissing(port.name), port.name, null));
}

/** Speed as a port spells it: 100M, 1G, 2.5G, 10G. */
export function speedText(mbps: number): string {
  if (mbps < 1000) return `${mbps}M`;
  return `${Math.round(mbps / 100) / 10}G`;
}

/** The port type an interface's name says (a 10G, 25G, 40G or 100G port, a management port), or undefined. */
export function interfaceType(name: string): string | undefined {
  const text = name.toLowerCase();
  if (/^(mgmt|management|fxp\d|vme|me\d)/.test(text)) return 'management';
  if (/^(hundredgig|hu\d)/.test(text)) return 'qsfp28';
  if (/^(fortygig|fo\d)/.test(text)) return 'qsfp';
  if (/^(twentyfivegig|twe\d)/.test(text)) return 'sfp28';
  if (/^(tengig|te\d|xe-)/.test(text)) return 'sfp+';
  return undefined;
}

/** The key of the port item a change of port `name` requires: its add when the port is not documented yet. */
function portRequires(context: Context, name: string): string[] {
  return context.ports.has(name.toLowerCase()) ? [] : [keys.port(name)];
}

/** A documented port's name in its documented spelling, else the observed one. */
function portName(context: Context, name: string): string {
  return context.ports.get(name.toLowerCase())?.name ?? name;
}

// ---- Each port's mode and VLANs ----

function membershipItems(context: Context): ProposalItem[] {
  const items: ProposalItem[] = [];
  for (const port of context.physical) {
    const entry = context.membership.get(port.ifIndex);
    const documented = context.ports.get(port.name.toLowerCase());
    if (!entry || context.inLag.has(port.ifIndex) || documented?.lag) continue;
    const name = portName(context, port.name);
    const was = { mode: documented?.mode ?? 'access', untagged: documented?.untaggedVid ?? null, tagged: documented?.taggedVids ?? [] };
    const now = observedVlans(context, entry, was.tagged);
    const base = portRequires(context, name);
    const taggedKey = keys.portField(name, 'taggedVlans');
    const modeKey = keys.portField(name, 'mode');
    const taggedDiffers = !sameList(was.tagged, now.tagged);
    if (now.mode !== was.mode) {
      // An access port keeps no tagged VLANs: it needs them removed with it.
      const requires = now.mode === 'access' && taggedDiffers ? [...base, taggedKey] : base;
      items.push(item('change', 'port', name, 'mode', modeKey, was.mode, now.mode, requires));
    }
    if (now.untagged !== was.untagged)
      items.push(
        item('change', 'port', name, 'untaggedVlan', keys.portField(name, 'untaggedVlan'), was.untagged, now.untagged, [
          ...base,
          ...vlanKeys(context, [now.untagged]),
        ]),
      );
    if (taggedDiffers) {
      const trunk = now.tagged.length > 0 && was.mode !== 'trunk' ? [modeKey] : [];
      items.push(
        item('change', 'port', name, 'taggedVlans', taggedKey, was.tagged, now.tagged, [
          ...base,
          ...trunk,
          ...vlanKeys(context, now.tagged),
        ]),
      );
    }
  }
  return items;
}

/**
 * A port's mode and VLANs as the switch reports them, as numbers the proposal keeps: where the switch did not say
 * every VLAN a trunk carries, its tagged VLANs are only added to what is documented, never removed.
 */
function observedVlans(
  context: Context,
  entry: ObservedMembership,
  documentedTagged: number[],
): { mode: string; untagged: number | null; tagged: number[] } {
  const known = (vid: number) => context.vlanNames.has(vid);
  const untagged = entry.untagged !== null && known(entry.untagged) ? entry.untagged : null;
  if (!entry.trunk) return { mode: 'access', untagged, tagged: [] };
  const reported = entry.tagged.filter((vid) => known(vid) && vid !== untagged);
  const tagged = entry.taggedComplete ? reported : [...documentedTagged, ...reported];
  return { mode: 'trunk', untagged, tagged: [...new Set(tagged)].sort((a, b) => a - b) };
}

// ---- LAGs ----

function lagItems(context: Context): ProposalItem[] {
  const items: ProposalItem[] = [];
  const membersOfOtherLags = new Map<string, string>();
  for (const lag of context.documented.lags) for (const member of lag.members) membersOfOtherLags.set(member.toLowerCase(), lag.name);
  const physical = new Map(context.physical.map((port) => [port.ifIndex, port]));
  for (const lag of context.input.observed.lags) {
    const lagName = context.byIndex.get(lag.ifIndex)?.name ?? '';
    if (interfaceNameProblem(lagName)) {
      context.notes.push(`LAG ifIndex ${lag.ifIndex} was left out: it has no usable name.`);
      continue;
    }
    const documented = context.lags.get(lagName.toLowerCase());
    const members: string[] = [];
    for (const ifIndex of lag.memberIfIndexes) {
      const port = physical.get(ifIndex);
      if (!port) continue;
      const name = portName(context, port.name);
      const other = membersOfOtherLags.get(name.toLowerCase());
      if (other && other.toLowerCase() !== lagName.toLowerCase()) {
        context.notes.push(`Port ${name} is reported in LAG ${lagName} but documented in LAG ${other}: it is not proposed for ${lagName}.`);
        continue;
      }
      members.push(name);
    }
    if (documented) items.push(...lagMemberItems(context, documented, members));
    else items.push(...lagCreateItems(context, lagName, lag.ifIndex, lag.memberIfIndexes, members));
  }
  return items;
}

function lagMemberItems(context: Context, lag: DocumentedLag, members: string[]): ProposalItem[] {
  const current = new Set(lag.members.map((name) => name.toLowerCase()));
  const added = members.filter((name) => !current.has(name.toLowerCase()));
  if (added.length === 0) return [];
  const requires = added.flatMap((name) => portRequires(context, name));
  return [item('change', 'lag', lag.name, 'members', keys.lagMembers(lag.name), lag.members, [...lag.members, ...added], requires)];
}

function lagCreateItems(context: Context, name: string, ifIndex: number, memberIfIndexes: number[], members: string[]): ProposalItem[] {
  if (members.length < 2) {
    context.notes.push(`LAG ${name} was left out: fewer than two of its members can be documented in it.`);
    return [];
  }
  const entry = context.membership.get(ifIndex) ?? memberIfIndexes.map((index) => context.membership.get(index)).find(Boolean);
  const vlans = entry ? observedVlans(context, entry, []) : { mode: 'access', untagged: null, tagged: [] };
  const requires = [...members.flatMap((member) => portRequires(context, member)), ...vlanKeys(context, [vlans.untagged, ...vlans.tagged])];
  const observed = { name, members, portMode: vlans.mode, untaggedVlan: vlans.untagged, taggedVlans: vlans.tagged };
  return [item('create', 'lag', name, null, keys.lag(name), null, observed, requires)];
}

// ---- Links to documented switches, through LLDP or CDP ----

function linkItems(context: Context): ProposalItem[] {
  const found = new Map<string, { name: string; far: PortRef }>();
  const claimed = new Map<string, number>();
  const physical = new Map(context.physical.map((port) => [port.ifIndex, port]));
  for (const neighbour of context.input.observed.neighbours) {
    const local = physical.get(neighbour.localIfIndex);
    const far = local && farPort(context, neighbour);
    if (!local || !far) continue;
    const name = portName(context, local.name);
    if (found.has(name.toLowerCase())) continue;
    found.set(name.toLowerCase(), { name, far });
    const farKey = `${far.switch}\u0000${far.port}`.toLowerCase();
    claimed.set(farKey, (claimed.get(farKey) ?? 0) + 1);
  }
  const items: ProposalItem[] = [];
  for (const { name, far } of found.values()) {
    if ((claimed.get(`${far.switch}\u0000${far.port}`.toLowerCase()) ?? 0) > 1) {
      context.notes.push(`Several ports report ${far.switch} / ${far.port} as their neighbour: no link to it is proposed.`);
      continue;
    }
    const documented = context.ports.get(name.toLowerCase())?.link ?? null;
    const same =
      documented &&
      documented.switch.toLowerCase() === far.switch.toLowerCase() &&
      documented.port.toLowerCase() === far.port.toLowerCase();
    if (!same)
      items.push(
        item('link', 'port', name, 'linkedPort', keys.portField(name, 'linkedPort'), documented, far, portRequires(context, name)),
      );
  }
  return items;
}

/** The documented switch and port a neighbour names: the switch by name or chassis MAC, its port by id or description. */
function farPort(context: Context, neighbour: ObservedSwitch['neighbours'][number]): PortRef | undefined {
  const chassis = normalizeMac(neighbour.remoteChassisId) ?? null;
  const remoteName = neighbour.remoteSysName.trim();
  const sw = context.input.switches.find(
    (candidate) =>
      (remoteName !== '' && firstLabel(candidate.name) === firstLabel(remoteName)) ||
      (chassis !== null && candidate.macAddress === chassis),
  );
  if (!sw) return undefined;
  // LLDP and CDP may spell the port another way than the documentation: "Gi1/0/1" is "GigabitEthernet1/0/1".
  const wanted = [neighbour.remotePortId, neighbour.remotePortDesc].filter((name) => name.trim() !== '');
  const port = sw.ports.find((candidate) => wanted.some((name) => sameInterface(name, candidate.name)));
  if (!port) {
    context.notes.push(
      `A neighbour is switch ${sw.name}, but neither "${printable(neighbour.remotePortId)}" nor "${printable(neighbour.remotePortDesc)}" ` +
        'names one of its ports.',
    );
    return undefined;
  }
  return { switch: sw.name, port: port.name };
}

// ---- A switch that is not documented yet ----

/**
 * The items of a new switch: one that creates it with its ports (what the port items would add), then the VLANs the
 * site lacks, and each port's VLANs, LAGs and links, which apply after it.
 */
function asNewSwitch(context: Context, items: ProposalItem[]): ProposalItem[] {
  const { input } = context;
  const system = input.observed.system;
  const portAdds = new Set(items.filter((entry) => entry.entity === 'port' && entry.kind === 'create').map((entry) => entry.key));
  const name = freeSwitchName(context, realSysName(system.sysName) ?? textOf(SWITCH_NAME, input.host) ?? 'switch');
  const create = item('create', 'switch', name, null, CREATE_SWITCH_KEY, null, {
    name,
    vendor: textOf(field(SWITCH, 'vendor'), system.vendor),
    model: textOf(SWITCH_TEXT.model, system.model),
    serialNumber: textOf(SWITCH_TEXT.serialNumber, system.serial),
    macAddress: realMac(system.macAddress),
    // The address the switch was read at is its management IP (a host name is not), unless a switch of the site
    // has it already (as behind a NAT or a proxy): the IP is unique per site, and the create would be refused.
    managementIp: freeManagementIp(context, normalizeIp(input.host)),
    ports: items.filter((entry) => portAdds.has(entry.key)).map((entry) => entry.observed),
  });
  const rest = items
    .filter((entry) => !portAdds.has(entry.key))
    .map((entry) =>
      entry.entity === 'vlan' ? entry : { ...entry, requires: [CREATE_SWITCH_KEY, ...entry.requires.filter((key) => !portAdds.has(key))] },
    );
  return [create, ...rest];
}

function freeManagementIp(context: Context, ip: string | undefined): string | null {
  return ip === undefined || context.input.switches.some((sw) => sw.managementIp === ip) ? null : ip;
}

function freeSwitchName(context: Context, name: string): string {
  const taken = new Set(context.input.switches.map((sw) => sw.name.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, 95)}-${n}`;
    if (!taken.has(candidate.toLowerCase())) {
      context.notes.push(`The site has a switch named "${name}" already: the new switch is proposed as "${candidate}".`);
      return candidate;
    }
  }
}

// ---- Small helpers ----

function item(
  kind: ItemKind,
  entity: ProposalItem['entity'],
  name: string,
  fieldName: string | null,
  key: string,
  documented: unknown,
  observed: unknown,
  requires: string[] = [],
): ProposalItem {
  return { key, kind, entity, name, field: fieldName, documented, observed, requires: [...new Set(requires)] };
}

/**
 * Text as a field would store it: trimmed, control characters as spaces, cut to the field's length, null when empty
 * or still refused.
 */
function textOf(target: Field, text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const cleaned = [...text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()].slice(0, target.maxLength ?? 1000).join('');
  const checked = checkValue(target, cleaned.trim());
  return checked.ok && typeof checked.value === 'string' ? checked.value : null;
}

function sameList(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** A name for a message: control characters shown as "?". */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 80);
}
