// The rules of each kind that look at other records, put together once per kind: a record passes a kind's rules here
// whichever path it comes by. The domain's create and update (src/domain), the bulk import, restore and merge (their
// document), the undo, discovery apply, the legacy migration and GET /api/checks (stored rows) each call the function of
// the kind and answer its lookups from where their records are: the database, a document's records, an import's rows.
// The rules themselves are fields/rules.ts's; uniqueness and address space (sets of records) are checked apart.
import type { FieldFault } from '../errors/refusal.ts';
import { faultAt, faultOf, type Refused, reason } from './field.ts';
import {
  addressFaults,
  addressPortFaults,
  lagFaults,
  lagMemberTypeFaults,
  networkFaults,
  pairFaults,
  portFaults,
  rangeFaults,
  reasonOf,
  listedVlanSiteFaults,
  vlanSiteFaults,
  type PairEnd,
  type PairWords,
  type RuleFault,
} from './rules.ts';

/** What the rules ask of other records. Each answers undefined for a record that is not there. */
export interface RecordLookups {
  /** The site of a VLAN. */
  siteOfVlan(id: string): string | undefined;
  /** A switch: its site, its stack size, and its name for messages. */
  switchOf(id: string): { siteId: string; stackSize: number; name?: string } | undefined;
  /** A port: its switch, its link, and its name and type (a LAG's member). */
  port(id: string): { switchId: string; linkedPortId?: string | null; name?: unknown; type?: unknown } | undefined;
  /** A LAG: its switch, its pair, its name. */
  lag(id: string): { switchId: string; remoteLagId?: string | null; name?: string } | undefined;
  /** A network: its site and subnet. */
  network(id: string): { siteId: string; subnet: string } | undefined;
  /** The records pointing at one (ports linked to a port, LAGs paired with a LAG), asked for symmetric pairs only. */
  pointingAt?(field: 'linkedPortId' | 'remoteLagId', id: string): readonly string[];
}

/** How a path judges: the field prefix of its faults, whether a pair's far end must point back already, its wording. */
export interface RuleContext {
  /** Prepended to every field (`data.ports[3].`, `rows[2].`); '' for one record of the API. */
  prefix?: string;
  /** Stored data and documents: true. A write that points the far end back itself: false. */
  symmetric: boolean;
  /** Fields refused already by their own check (a subnet that is no CIDR): the rules reading them are left out. */
  refused?: ReadonlySet<string>;
  /** The wording of a missing record (`port X is not in the document`); default `${noun} ${id} does not exist`. */
  missing?(noun: 'port' | 'LAG' | 'switch' | 'network', id: string): string;
  /** A pair's wording beyond the defaults (a LAG's far end on the same switch, naming both). */
  pairWords?: Partial<PairWords>;
  /** A port's lagId judged too, for a path that writes it itself (the undo): an existing LAG of the port's switch. */
  portLag?: boolean;
  /** What ends the message of a LAG member that is a console or management port (`take it out of LAG "ae1" first`). */
  lagMemberWhy?(lagId: string): string;
}

type Values = Record<string, unknown>;

/** A network: its gateway inside its subnet, its VLAN of the network's site. */
export function networkRuleFaults(network: Values, lookups: RecordLookups, context: RuleContext): RuleFault[] {
  const { prefix = '', refused } = context;
  const faults: RuleFault[] = [];
  if (!refused?.has('subnet') && !refused?.has('gateway')) faults.push(...networkFaults(network, prefix));
  if (typeof network.siteId === 'string' && !refused?.has('siteId') && !refused?.has('vlanId'))
    faults.push(...vlanSiteFaults([[`${prefix}vlanId`, network.vlanId]], network.siteId, (id) => lookups.siteOfVlan(id)));
  return faults;
}

/** A switch: the VLANs it configures are of its site. */
export function switchRuleFaults(sw: Values, lookups: RecordLookups, context: RuleContext): RuleFault[] {
  const { prefix = '', refused } = context;
  const configured = Array.isArray(sw.configuredVlanIds) ? (sw.configuredVlanIds as string[]) : [];
  if (typeof sw.siteId !== 'string' || refused?.has('siteId')) return [];
  return listedVlanSiteFaults(`${prefix}configuredVlanIds`, configured, sw.siteId, (id) => lookups.siteOfVlan(id));
}

/**
 * A port of switch `switchId`: its VLANs of the switch's site (tagged only on a trunk), its unit in the stack, its link
 * (a port of another switch; pointing back when `symmetric`), and, as a LAG's member, no console or management port.
 * `memberType` false: a member's type is left to its LAG's memberPortIds (a document, which judges the LAG beside it).
 */
export function portRuleFaults(port: Values, lookups: RecordLookups, context: RuleContext & { memberType?: boolean }): RuleFault[] {
  const { prefix = '' } = context;
  const sw = lookups.switchOf(String(port.switchId));
  if (!sw) return [];
  const faults: RuleFault[] = portFaults(port, sw, (id) => lookups.siteOfVlan(id), prefix);
  const end = { id: String(port.id), switchId: String(port.switchId), partnerId: port.linkedPortId as string | null };
  faults.push(...pairOf(end, 'linkedPortId', lookups, context));
  if (context.portLag && typeof port.lagId === 'string') faults.push(...portLagFaults(port.lagId, end.switchId, lookups, context));
  if (port.lagId && context.memberType !== false)
    faults.push(...lagMemberTypeFaults({ name: port.name, type: port.type }, `${prefix}type`, context.lagMemberWhy?.(String(port.lagId))));
  return faults;
}

/** How a LAG's members are worded beyond the defaults; `of` names the LAG's switch (`switch sw1`, `the LAG's switch`). */
export interface MemberWords {
  tooFew(of: string): string | Refused;
  otherSwitch(portName: unknown, of: string): string | Refused;
}

/** What a LAG's rules take beyond a RuleContext. */
export type LagRuleContext = RuleContext & {
  /** false: the LAG's members are not judged (a patch that leaves them as they are). */
  members?: boolean;
  memberWords?: Partial<MemberWords>;
};

/**
 * A LAG of switch `switchId`: its VLANs as a port's, its pair (a LAG of another switch; pointing back when
 * `symmetric`), and the members it names (two or more, each a port of its switch that is no console or management port).
 */
export function lagRuleFaults(lag: Values, lookups: RecordLookups, context: LagRuleContext): RuleFault[] {
  const { prefix = '' } = context;
  const sw = lookups.switchOf(String(lag.switchId));
  if (!sw) return [];
  const faults: RuleFault[] = lagFaults(lag, sw.siteId, (id) => lookups.siteOfVlan(id), prefix);
  const end = { id: String(lag.id), switchId: String(lag.switchId), partnerId: lag.remoteLagId as string | null };
  faults.push(...pairOf(end, 'remoteLagId', lookups, context));
  if (context.members !== false && Array.isArray(lag.memberPortIds))
    faults.push(...memberFaults(lag.memberPortIds as string[], String(lag.switchId), sw.name, lookups, context));
  return faults;
}

function portLagFaults(lagId: string, switchId: string, lookups: RecordLookups, context: RuleContext): RuleFault[] {
  const field = `${context.prefix ?? ''}lagId`;
  const lag = lookups.lag(lagId);
  if (!lag) return [faultAt(field, missing(context, 'LAG', lagId))];
  return lag.switchId === switchId ? [] : [faultOf(field, 'lag_of_other_switch')];
}

/** The members' faults by their forms: of switch X, or of the LAG's switch when its name is not known. */
function memberForms(switchName: string | undefined): MemberWords {
  if (switchName === undefined)
    return { tooFew: () => reason('lag_too_few'), otherSwitch: (portName) => reason('member_of_other_switch', { port: String(portName) }) };
  return {
    tooFew: () => reason('lag_too_few_of', { switch: switchName }),
    otherSwitch: (portName) => reason('member_not_of_switch', { port: String(portName), switch: switchName }),
  };
}

function memberFaults(
  members: string[],
  switchId: string,
  switchName: string | undefined,
  lookups: RecordLookups,
  context: LagRuleContext,
) {
  const { prefix = '' } = context;
  const words = { ...memberForms(switchName), ...context.memberWords };
  const faults: RuleFault[] = [];
  const of = switchName === undefined ? "the LAG's switch" : `switch ${switchName}`;
  if (members.length < 2) faults.push(faultAt(`${prefix}memberPortIds`, reasonOf(words.tooFew(of))));
  members.forEach((portId, i) => {
    const field = `${prefix}memberPortIds[${i}]`;
    const port = lookups.port(portId);
    if (!port) faults.push(faultAt(field, missing(context, 'port', portId)));
    else if (port.switchId !== switchId) faults.push(faultAt(field, reasonOf(words.otherSwitch(port.name, of))));
    else faults.push(...lagMemberTypeFaults(port as { name: unknown; type: unknown }, field));
  });
  return faults;
}

/** An address of network `networkId`: a usable host of its subnet, and its port one of the network's site. */
export function addressRuleFaults(address: Values, lookups: RecordLookups, context: RuleContext): RuleFault[] {
  const { prefix = '', refused } = context;
  const network = lookups.network(String(address.networkId));
  if (!network) return [];
  const siteOfPort = (id: string) => {
    const port = lookups.port(id);
    return port && lookups.switchOf(port.switchId)?.siteId;
  };
  return [
    ...(refused?.has('address') ? [] : addressFaults(address, network.subnet, prefix)),
    ...(refused?.has('portId') ? [] : addressPortFaults(address, network.siteId, siteOfPort, prefix)),
  ];
}

/** A range of network `networkId`: inside its subnet, start before end, no DHCP pool in a /31 or /32. */
export function rangeRuleFaults(range: Values, lookups: RecordLookups, context: RuleContext): RuleFault[] {
  const { prefix = '', refused } = context;
  const network = lookups.network(String(range.networkId));
  if (!network || refused?.has('start') || refused?.has('end')) return [];
  return rangeFaults(range, network.subnet, prefix);
}

function pairOf(end: PairEnd, field: 'linkedPortId' | 'remoteLagId', lookups: RecordLookups, context: RuleContext): FieldFault[] {
  const noun = field === 'linkedPortId' ? 'port' : 'LAG';
  const find = (id: string) => {
    const far = field === 'linkedPortId' ? lookups.port(id) : lookups.lag(id);
    if (!far) return undefined;
    const partnerId =
      field === 'linkedPortId'
        ? (far as { linkedPortId?: string | null }).linkedPortId
        : (far as { remoteLagId?: string | null }).remoteLagId;
    return { id, switchId: far.switchId, partnerId, name: typeof far.name === 'string' ? far.name : undefined };
  };
  const pointingAt = lookups.pointingAt && ((id: string) => lookups.pointingAt!(field, id));
  const words = { ...(context.missing && { missing: (id: string) => missing(context, noun, id) }), ...context.pairWords };
  return pairFaults(end, { field, symmetric: context.symmetric, words }, { find, pointingAt }, context.prefix ?? '');
}

const MISSING_FORMS = { port: 'port_missing', LAG: 'lag_missing', switch: 'switch_missing', network: 'network_missing' } as const;

function missing(context: RuleContext, noun: keyof typeof MISSING_FORMS, id: string): Refused {
  const words = context.missing?.(noun, id);
  return words === undefined ? reason(MISSING_FORMS[noun], { id }) : { message: words };
}

/** The rules of each kind that has rules across records (sites, VLANs and templates have uniqueness only). */
export const RECORD_RULES = {
  network: networkRuleFaults,
  switch: switchRuleFaults,
  port: portRuleFaults,
  lag: lagRuleFaults,
  address: addressRuleFaults,
  range: rangeRuleFaults,
} as const;
