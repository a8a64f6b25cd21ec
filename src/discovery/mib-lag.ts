// Link aggregation: IEEE8023-LAG-MIB when the agent has it, else IF-MIB ifStackTable (an aggregate over physical ports).
import type { ObservedLag, ObservedPort } from './observed.ts';
import { asInt, column, columnByNumber, indexParts, type Walk } from './mib-values.ts';

/** IEEE8023-LAG-MIB dot3adAggPortAttachedAggID: port ifIndex -> the aggregator's ifIndex (0 when none). */
export const DOT3AD_AGG_PORT_ATTACHED_AGG_ID = '1.2.840.10006.300.43.1.2.1.1.13';
/** IF-MIB ifStackStatus, indexed higher.lower. */
export const IF_STACK_STATUS = '1.3.6.1.2.1.31.1.2.1.3';

const IEEE8023AD_LAG = 161;
const PROP_VIRTUAL = 53;
/** ethernetCsmacd, fastEther, gigabitEthernet, fastEtherFX, ieee80211: the ports an aggregate is made of. */
const PHYSICAL_TYPES = new Set([6, 62, 117, 69, 71]);
const CISCO_PORT_CHANNEL = /^(?:Po|Port-channel)\d+$/i;

/** The LAGs and their members, by the aggregate's ifIndex. */
export function decodeLags(walk: Walk, ports: readonly ObservedPort[]): ObservedLag[] {
  const byIfIndex = new Map(ports.map((port) => [port.ifIndex, port]));
  const lags = fromLagMib(walk);
  if (lags.size === 0) fromIfStack(walk, byIfIndex, lags);
  return [...lags]
    .sort(([a], [b]) => a - b)
    .map(([ifIndex, members]) => ({ ifIndex, memberIfIndexes: [...members].sort((a, b) => a - b) }));
}

function fromLagMib(walk: Walk): Map<number, Set<number>> {
  const lags = new Map<number, Set<number>>();
  for (const [member, aggregator] of columnByNumber(walk, DOT3AD_AGG_PORT_ATTACHED_AGG_ID)) {
    const lag = asInt(aggregator);
    if (lag === undefined || lag === 0 || lag === member) continue;
    lags.set(lag, (lags.get(lag) ?? new Set()).add(member));
  }
  return lags;
}

function isAggregate(port: ObservedPort): boolean {
  return port.ifType === IEEE8023AD_LAG || (port.ifType === PROP_VIRTUAL && CISCO_PORT_CHANNEL.test(port.name));
}

function fromIfStack(walk: Walk, byIfIndex: Map<number, ObservedPort>, lags: Map<number, Set<number>>): void {
  for (const index of column(walk, IF_STACK_STATUS).keys()) {
    const [higher, lower] = indexParts(index);
    const aggregate = byIfIndex.get(higher);
    const member = byIfIndex.get(lower);
    if (!aggregate || !member || !isAggregate(aggregate) || !PHYSICAL_TYPES.has(member.ifType)) continue;
    lags.set(higher, (lags.get(higher) ?? new Set()).add(lower));
  }
}
