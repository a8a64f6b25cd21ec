// The IPAM rules (docs/IPAM.md) over whole sets of addresses and ranges, in memory: what the data doors (bulk
// import, restore, merge, the 0.20.x reader) check before they write many records at once. Each network's
// stored records are read once by the caller and come in beside the new ones; the rules are then a sort and a
// sweep (ranges never overlap), a Map (an address once per network) and a binary search (no address inside a
// DHCP range): no query per row. The rules of one record are those of rules.ts (addressFaults, rangeFaults), the
// ones the API uses. Pure: no I/O.
import { addressFaults, rangeFaults, type Rule, type RuleFault, ruleFault, RULES } from '../fields/rules.ts';
import { firstUsable, ipToBigInt, lastUsable, subnetOf, type Subnet } from '../lib/ip-math.ts';
import { parseIp } from '../lib/net.ts';

/** One address of the set: `at` is the path prefix of a new one (`rows[3].`); undefined for a stored one (never faulted). */
export interface IpamAddress {
  id: string;
  networkId: string;
  address: string;
  at?: string;
  /** How a message names it: `row 3`, `data.addresses[2]`, `stored address`. */
  where: string;
}

/** One range of the set, as IpamAddress. */
export interface IpamRange {
  id: string;
  networkId: string;
  start: string;
  end: string;
  kind: string;
  at?: string;
  where: string;
}

/** The rules of the API's 409s that an IPAM finding stands for (a `record` finding is one of the record's own fields). */
export const IPAM_RULES: Partial<Record<IpamFinding['code'], Rule>> = {
  address_taken: RULES.addressTaken,
  in_dhcp_range: RULES.addressOutsideDhcp,
  range_overlaps: RULES.rangesApart,
};

/** A finding as a fault: a clash carries its rule, its code at the end of the message (`… [address_taken]`). */
export function ipamFault({ field, message, code }: IpamFinding): RuleFault {
  const rule = IPAM_RULES[code];
  return rule ? ruleFault(rule, field, `${message} [${code}]`) : { field, message };
}

/** One broken rule: the new record it is reported on, the field path and the contract's code. */
export interface IpamFinding {
  field: string;
  message: string;
  /** record: a rule of the record itself (rules.ts); the others are the contract's 409 codes. */
  code: 'record' | 'address_taken' | 'in_dhcp_range' | 'range_overlaps';
  /** The record it is reported on. */
  record: IpamAddress | IpamRange;
  /** The other record of a clash (taken, overlap, DHCP range). */
  other?: IpamAddress | IpamRange;
}

interface Span {
  range: IpamRange;
  first: bigint;
  last: bigint;
}

/**
 * Every rule the set breaks, reported on new records only (a clash between a new and a stored record on the
 * new one; between two stored ones not at all). `subnetOf` gives a network's subnet (CIDR) by id.
 */
export function ipamFindings(
  subnetOfNetwork: (networkId: string) => string | undefined,
  addresses: IpamAddress[],
  ranges: IpamRange[],
): IpamFinding[] {
  const findings: IpamFinding[] = [];
  const byNetwork = new Map<string, { addresses: IpamAddress[]; ranges: IpamRange[] }>();
  const group = (id: string) => {
    let entry = byNetwork.get(id);
    if (!entry) {
      entry = { addresses: [], ranges: [] };
      byNetwork.set(id, entry);
    }
    return entry;
  };
  for (const address of addresses) group(address.networkId).addresses.push(address);
  for (const range of ranges) group(range.networkId).ranges.push(range);
  for (const [networkId, set] of byNetwork) {
    const cidr = subnetOfNetwork(networkId);
    const subnet = cidr === undefined ? undefined : subnetOf(cidr);
    if (!cidr || !subnet) continue;
    networkFindings(cidr, subnet, set.addresses, set.ranges, findings);
  }
  return findings;
}

function numberOf(text: string, family: 4 | 6): bigint | undefined {
  const ip = parseIp(text);
  return ip && ip.family === family ? ipToBigInt(ip) : undefined;
}

function networkFindings(cidr: string, subnet: Subnet, addresses: IpamAddress[], ranges: IpamRange[], findings: IpamFinding[]): void {
  const spans: Span[] = [];
  for (const range of ranges) {
    if (range.at !== undefined)
      for (const fault of rangeFaults(range, cidr, range.at)) findings.push({ ...fault, code: 'record', record: range });
    const first = numberOf(range.start, subnet.family);
    const last = numberOf(range.end, subnet.family);
    // A range outside its subnet or upside down is judged by its own rules alone.
    if (first === undefined || last === undefined || first < subnet.first || last > subnet.last || first > last) continue;
    spans.push({ range, first, last });
  }
  spans.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  // Sorted by start, a range overlaps an earlier one exactly when it starts at or before the furthest end so far.
  let reach: Span | undefined;
  for (const span of spans) {
    if (reach && span.first <= reach.last) {
      const [on, other] = span.range.at !== undefined ? [span.range, reach.range] : [reach.range, span.range];
      if (on.at !== undefined)
        findings.push({
          field: `${on.at}start`,
          code: 'range_overlaps',
          message: `overlaps the range ${other.start}–${other.end} (${other.where})`,
          record: on,
          other,
        });
    }
    if (!reach || span.last > reach.last) reach = span;
  }
  const dhcp = spans.filter((span) => span.range.kind === 'dhcp');
  const low = firstUsable(subnet);
  const high = lastUsable(subnet);
  const seen = new Map<bigint, IpamAddress>();
  for (const address of addresses) {
    const value = numberOf(address.address, subnet.family);
    const isNew = address.at !== undefined;
    if (value === undefined || value < low || value > high) {
      if (isNew) for (const fault of addressFaults(address, cidr, address.at)) findings.push({ ...fault, code: 'record', record: address });
      continue;
    }
    const earlier = seen.get(value);
    if (earlier) {
      const [on, other] = isNew ? [address, earlier] : [earlier, address];
      if (on.at !== undefined)
        findings.push({
          field: `${on.at}address`,
          code: 'address_taken',
          message: `${on.address} is recorded in this network already (${other.where})`,
          record: on,
          other,
        });
      continue;
    }
    seen.set(value, address);
    const pool = dhcpHolding(dhcp, value);
    if (!pool) continue;
    if (isNew)
      findings.push({
        field: `${address.at}address`,
        code: 'in_dhcp_range',
        message: `is inside the DHCP range ${pool.range.start}–${pool.range.end} (${pool.range.where})`,
        record: address,
        other: pool.range,
      });
    else if (pool.range.at !== undefined)
      findings.push({
        field: `${pool.range.at}kind`,
        code: 'in_dhcp_range',
        message: `a DHCP range cannot hold the recorded address ${address.address} (${address.where})`,
        record: pool.range,
        other: address,
      });
  }
}

/** The DHCP range (sorted by start) holding a value, if any. */
function dhcpHolding(spans: Span[], value: bigint): Span | undefined {
  let lo = 0;
  let hi = spans.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].first <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && spans[found].last >= value ? spans[found] : undefined;
}
