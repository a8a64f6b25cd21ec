import { type FieldFault, Refusal, type RefusalKind } from '../errors/refusal.ts';
import { firstUsable, ipToBigInt, isUsableHost, lastUsable, subnetOf } from '../lib/ip-math.ts';
import { cidrContains, parseIp } from '../lib/net.ts';
import type { FieldFormCode } from '../lib/message-forms.ts';
import { lagMemberTypeProblem } from '../lib/port-kinds.ts';
import { faultAt, faultOf, type Refused, reason } from './field.ts';

/** A rule of the data, declared once: the code and kind of the API's refusal when a change breaks it, and the field it names. */
export interface Rule {
  code: string;
  kind: RefusalKind;
  field: string;
}

/**
 * The rules that every write path refuses with the code of the API's own create and update (test/api/rule-matrix.test.ts
 * tries each through every path). Below them, here and in lib/, the pure checks each path calls.
 */
export const RULES = {
  // A record's own rules: 400 validation_failed, as a field of its own.
  vlanOfSite: invalid('untaggedVlanId'),
  unitInStack: invalid('unit'),
  gatewayInSubnet: invalid('gateway'),
  addressInSubnet: invalid('address'),
  symmetricPair: invalid('linkedPortId'),
  // Values another record holds: 409.
  nameTaken: conflict('name_taken', 'name'),
  valueTaken: conflict('conflict', 'macAddress'),
  addressTaken: conflict('address_taken', 'address'),
  // Address space shared with another record (docs/IPAM.md): 409.
  addressOutsideDhcp: conflict('in_dhcp_range', 'address'),
  rangesApart: conflict('range_overlaps', 'start'),
  subnetsApart: conflict('subnet_overlaps', 'subnet'),
  // What a LAG owns of its members (docs/LAGS-TEMPLATES.md): 409.
  lagMemberType: conflict('lag_member', 'type'),
  lagMemberSettings: conflict('lag_member', 'mode'),
};

function invalid(field: string): Rule {
  return { code: 'validation_failed', kind: 'invalid', field };
}

function conflict(code: string, field: string): Rule {
  return { code, kind: 'conflict', field };
}

/** A fault, and the declared rule it breaks (none: a fault of the record's own fields). */
export interface RuleFault extends FieldFault {
  rule?: Rule;
}

/** A fault that breaks `rule`; the rule is not enumerable, so that an answer's details stay { field, message } on every path. */
export function ruleFault(rule: Rule, field: string, message: string): RuleFault {
  return Object.defineProperty({ field, message }, 'rule', { value: rule, enumerable: false });
}

/** `fault` as breaking `rule` (when there is one), its code and params kept. */
export function withRule(rule: Rule | undefined, fault: FieldFault): RuleFault {
  return rule ? Object.defineProperty(fault, 'rule', { value: rule, enumerable: false }) : fault;
}

/**
 * The refusal of a path that checks many records at once (a bulk import): the code and kind of their rule when every
 * fault breaks rules of one code, as the API's create or update answers for one record; validation_failed otherwise.
 */
export function refusalOf(faults: readonly RuleFault[], message: string): Refusal {
  const codes = new Set(faults.map((fault) => fault.rule?.code ?? 'validation_failed'));
  const rule = codes.size === 1 ? faults[0]?.rule : undefined;
  const details = faults.map((fault) => faultAt(fault.field, fault));
  return new Refusal(rule?.kind ?? 'invalid', rule?.code ?? 'validation_failed', message, details);
}

/** A LAG member that is a console or management port, named at `field`; `why` ends the message ("take it out of LAG ae1 first"). */
export function lagMemberTypeFaults(port: { name: unknown; type: unknown }, field: string, why = ''): RuleFault[] {
  const problem = lagMemberTypeProblem(port.name, port.type);
  if (!problem) return [];
  if (why) return [ruleFault(RULES.lagMemberType, field, `${problem}: ${why}`)];
  return [withRule(RULES.lagMemberType, faultOf(field, 'lag_member_type', { port: String(port.name), type: String(port.type) }))];
}

// The symmetric-pair rule of port links and LAG pairs, written once: a record's partner (a port's linkedPortId, a
// LAG's remoteLagId) is an existing record of another switch that points back, and no other record points at it.
// Pure over lookups, so that it judges the database (a write, an undo, the checks) and a document's records alike.
/** What the rule needs of a record: its id, its switch, the partner it points at, and a name for messages. */
export interface PairEnd {
  id: string;
  switchId: string;
  partnerId?: string | null;
  name?: string;
}

/** How the rule finds records: by id (undefined when there is none), and the ids of those pointing at one. */
export interface PairLookups {
  find(id: string): PairEnd | undefined;
  /** Asked only when the far end must point back already (`symmetric`). */
  pointingAt?(id: string): readonly string[];
}

/** The fields that pair two records. */
export type PairField = 'linkedPortId' | 'remoteLagId';

/** The wording of a fault (a text, or a form's: Refused); each has a default per field, a form of lib/message-forms.ts. */
export interface PairWords {
  missing(id: string): string | Refused;
  sameSwitch(far: PairEnd): string | Refused;
  noBack(id: string): string | Refused;
}

/** Which pair, whether the far end must point back already, and any wording of the caller's (a document's). */
export interface PairRule {
  field: PairField;
  /** Stored data and documents: true. A write that points the far end back itself: false. */
  symmetric: boolean;
  words?: Partial<PairWords>;
}

const PAIR_FORMS: Record<PairField, Record<'missing' | 'sameSwitch' | 'noBack' | 'stray', FieldFormCode>> = {
  linkedPortId: { missing: 'port_missing', sameSwitch: 'port_of_same_switch', noBack: 'port_no_link_back', stray: 'port_stray_link' },
  remoteLagId: { missing: 'lag_missing', sameSwitch: 'lag_of_same_switch', noBack: 'lag_no_pair_back', stray: 'lag_stray_pair' },
};

/** A caller's wording as a Refused: a text of its own, or a form's. */
export const reasonOf = (words: string | Refused): Refused => (typeof words === 'string' ? { message: words } : words);

function wordsOf(rule: PairRule): PairWords & { stray(id: string): Refused } {
  const forms = PAIR_FORMS[rule.field];
  return {
    missing: (id) => reason(forms.missing, { id }),
    sameSwitch: () => reason(forms.sameSwitch),
    noBack: (id) => reason(forms.noBack, { id }),
    ...rule.words,
    stray: (id) => reason(forms.stray, { id }),
  };
}

/**
 * The faults of `record`'s pair: other records pointing at it that it does not point back at (symmetric only),
 * then its partner missing, of the same switch, or not pointing back (symmetric only). A record paired with
 * itself is left to fields/rules.ts (portFaults, lagFaults), which names it.
 */
export function pairFaults(record: PairEnd, rule: PairRule, lookups: PairLookups, prefix = ''): FieldFault[] {
  const field = `${prefix}${rule.field}`;
  const words = wordsOf(rule);
  const partner = record.partnerId ?? null;
  const faults: FieldFault[] = [];
  if (rule.symmetric && lookups.pointingAt)
    for (const other of lookups.pointingAt(record.id)) if (other !== partner) faults.push(faultAt(field, words.stray(other)));
  if (partner === null || partner === record.id) return faults;
  const far = lookups.find(partner);
  if (!far) faults.push(faultAt(field, reasonOf(words.missing(partner))));
  else if (far.switchId === record.switchId) faults.push(faultAt(field, reasonOf(words.sameSwitch(far))));
  else if (rule.symmetric && (far.partnerId ?? null) !== record.id) faults.push(faultAt(field, reasonOf(words.noBack(partner))));
  return faults;
}

// Rules that span several fields of one record. The API, the imports and the legacy migration all use
// these, so a record is judged the same way whichever door it came in by. `prefix` is prepended to the
// field paths (`rows[3].`, `data.networks[2].`).

/** A network's gateway must lie inside its subnet. */
export function networkFaults(network: { subnet?: unknown; gateway?: unknown }, prefix = ''): FieldFault[] {
  const { subnet, gateway } = network;
  if (gateway === null || gateway === undefined) return [];
  if (subnet === null || subnet === undefined) return [faultOf(`${prefix}gateway`, 'gateway_needs_subnet')];
  if (!cidrContains(String(subnet), String(gateway))) return [faultOf(`${prefix}gateway`, 'outside_subnet', { subnet: String(subnet) })];
  return [];
}

/** What a rule needs to know about the VLANs it names: the site of each, undefined when it does not exist. */
export type VlanSiteLookup = (vlanId: string) => string | undefined;

/**
 * A port's VLANs and unit: tagged VLANs only on a trunk; every VLAN named exists and belongs to the switch's
 * site; the unit is a member of the switch's stack; a port is not linked to itself.
 */
export function portFaults(
  port: { id?: string; mode?: unknown; unit?: unknown; untaggedVlanId?: unknown; taggedVlanIds?: unknown; linkedPortId?: unknown },
  switchOf: { siteId: string; stackSize: number },
  siteOfVlan: VlanSiteLookup,
  prefix = '',
): FieldFault[] {
  const faults: FieldFault[] = [];
  const tagged = Array.isArray(port.taggedVlanIds) ? (port.taggedVlanIds as string[]) : [];
  if (port.mode !== 'trunk' && tagged.length > 0) {
    faults.push(faultOf(`${prefix}taggedVlanIds`, 'tagged_needs_trunk_port'));
  }
  if (typeof port.unit === 'number' && port.unit > switchOf.stackSize)
    faults.push(faultOf(`${prefix}unit`, 'unit_over_stack', { stackSize: switchOf.stackSize }));
  faults.push(
    ...vlanSiteFaults([[`${prefix}untaggedVlanId`, port.untaggedVlanId]], switchOf.siteId, siteOfVlan),
    ...listedVlanSiteFaults(`${prefix}taggedVlanIds`, tagged, switchOf.siteId, siteOfVlan),
  );
  if (port.id && port.linkedPortId === port.id) faults.push(faultOf(`${prefix}linkedPortId`, 'port_linked_to_itself'));
  return faults;
}

/**
 * A LAG's VLANs (docs/LAGS-TEMPLATES.md): tagged VLANs only on a trunk LAG (portMode), every VLAN named exists and
 * belongs to the switch's site (as on a port, since the LAG writes them to its members); not paired with itself.
 */
export function lagFaults(
  lag: { id?: string; portMode?: unknown; untaggedVlanId?: unknown; taggedVlanIds?: unknown; remoteLagId?: unknown },
  siteId: string,
  siteOfVlan: VlanSiteLookup,
  prefix = '',
): FieldFault[] {
  const faults: FieldFault[] = [];
  const tagged = Array.isArray(lag.taggedVlanIds) ? (lag.taggedVlanIds as string[]) : [];
  if (lag.portMode !== 'trunk' && tagged.length > 0) faults.push(faultOf(`${prefix}taggedVlanIds`, 'tagged_needs_trunk_lag'));
  faults.push(
    ...vlanSiteFaults([[`${prefix}untaggedVlanId`, lag.untaggedVlanId]], siteId, siteOfVlan),
    ...listedVlanSiteFaults(`${prefix}taggedVlanIds`, tagged, siteId, siteOfVlan),
  );
  if (lag.id && lag.remoteLagId === lag.id) faults.push(faultOf(`${prefix}remoteLagId`, 'lag_paired_with_itself'));
  return faults;
}

/** A VLAN named by a change: the field path that names it and the id given there (checked only when it is text). */
export type NamedVlan = [field: string, id: unknown];

/**
 * The rule on the VLANs a port, a switch or a network names: each exists and belongs to the site of the
 * switch (or network). For portFaults, for a switch's configuredVlanIds, a network's vlanId, and for changes
 * that name VLANs apart from a port (the bulk port edit's set and addTaggedVlanIds).
 */
export function vlanSiteFaults(named: readonly NamedVlan[], siteId: string, siteOfVlan: VlanSiteLookup): FieldFault[] {
  const faults: FieldFault[] = [];
  for (const [field, id] of named) {
    const problem = vlanSiteProblem(id, siteId, siteOfVlan);
    if (problem) faults.push(faultOf(field, problem, { id: id as string }));
  }
  return faults;
}

/**
 * vlanSiteFaults of each id of a list field, named at `<field>[<index>]`: the path is made only for a fault (a stored
 * trunk names a dozen VLANs, and the checks judge every linked port).
 */
export function listedVlanSiteFaults(field: string, ids: readonly unknown[], siteId: string, siteOfVlan: VlanSiteLookup): FieldFault[] {
  const faults: FieldFault[] = [];
  ids.forEach((id, index) => {
    const problem = vlanSiteProblem(id, siteId, siteOfVlan);
    if (problem) faults.push(faultOf(`${field}[${index}]`, problem, { id: id as string }));
  });
  return faults;
}

/** What is wrong with a VLAN id (checked only when it is text) named for a record of site `siteId`, if anything. */
function vlanSiteProblem(id: unknown, siteId: string, siteOfVlan: VlanSiteLookup): 'vlan_missing' | 'vlan_of_other_site' | undefined {
  if (typeof id !== 'string') return undefined;
  const site = siteOfVlan(id);
  return site === undefined ? 'vlan_missing' : site === siteId ? undefined : 'vlan_of_other_site';
}

/**
 * An address recorded in a network is a usable host of its subnet: inside it and, for IPv4 shorter than /31,
 * neither the network nor the broadcast address; for IPv6, not the subnet-router anycast address (the first).
 */
export function addressFaults(address: { address?: unknown }, subnet: string, prefix = ''): FieldFault[] {
  if (typeof address.address !== 'string') return [];
  if (isUsableHost(subnet, address.address)) return [];
  return [faultOf(`${prefix}address`, unusableReason(subnet, address.address), { subnet })];
}

function unusableReason(cidr: string, text: string): FieldFormCode {
  const subnet = subnetOf(cidr);
  const ip = parseIp(text);
  if (!subnet || !ip || ip.family !== subnet.family || !cidrContains(cidr, text)) return 'outside_subnet';
  const value = ipToBigInt(ip);
  if (value < firstUsable(subnet)) return subnet.family === 4 ? 'network_address' : 'subnet_router_anycast';
  if (value > lastUsable(subnet)) return 'broadcast_address';
  return 'not_usable_host';
}

/** A range's own shape: start and end of one family, start at most end (no subnet needed: undo data is judged by it too). */
export function rangeShapeFaults(range: { start?: unknown; end?: unknown }, prefix = ''): FieldFault[] {
  if (typeof range.start !== 'string' || typeof range.end !== 'string') return [];
  const start = parseIp(range.start);
  const end = parseIp(range.end);
  if (!start || !end) return [];
  if (start.family !== end.family) return [faultOf(`${prefix}end`, 'range_family', { family: start.family })];
  if (ipToBigInt(start) > ipToBigInt(end)) return [faultOf(`${prefix}end`, 'range_reversed', { start: range.start })];
  return [];
}

/**
 * A range of a network: its shape (rangeShapeFaults), start and end inside the subnet, and no DHCP pool in a
 * point-to-point or single-host subnet (IPv4 /31 or /32, IPv6 /127 or /128), which has no addresses to lease.
 */
export function rangeFaults(range: { start?: unknown; end?: unknown; kind?: unknown }, subnet: string, prefix = ''): FieldFault[] {
  const faults: FieldFault[] = [];
  for (const field of ['start', 'end'] as const) {
    const value = range[field];
    if (typeof value === 'string' && !cidrContains(subnet, value)) faults.push(faultOf(`${prefix}${field}`, 'outside_subnet', { subnet }));
  }
  if (faults.length === 0) faults.push(...rangeShapeFaults(range, prefix));
  const net = subnetOf(subnet);
  if (range.kind === 'dhcp' && net && net.prefix >= (net.family === 4 ? 32 : 128) - 1)
    faults.push(faultOf(`${prefix}kind`, 'no_dhcp_in_subnet', { prefix: net.prefix }));
  return faults;
}

/** What a rule needs to know about the port an address names: the site of its switch, undefined when there is no such port. */
export type PortSiteLookup = (portId: string) => string | undefined;

/** The port an address names (its portId) is a port of a switch of the network's site. */
export function addressPortFaults(address: { portId?: unknown }, siteId: string, siteOfPort: PortSiteLookup, prefix = ''): FieldFault[] {
  if (typeof address.portId !== 'string') return [];
  const site = siteOfPort(address.portId);
  if (site === undefined) return [faultOf(`${prefix}portId`, 'port_missing', { id: address.portId })];
  if (site !== siteId) return [faultOf(`${prefix}portId`, 'port_of_other_site', { id: address.portId })];
  return [];
}
