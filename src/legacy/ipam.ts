// ezSWM 0.20.3's ip-allocations.json and ip-ranges.json as addresses and ranges (LEGACY.md), with the switches'
// management IPs and the ports' connected_allocation_id. 0.20.3 checked little of what the IPAM rules now hold;
// what they refuse is fixed and listed, never fatal and never silent:
// - a value of an allocation that the fields refuse (a host name with a space, a MAC of another form, an unknown
//   device type or status) is kept in its description;
// - an allocation whose network is gone, or whose address is no usable host of its network nor of another
//   network of the site, is not migrated (named in the fixes); one in another network of its site moves there;
// - an address recorded twice in a network: the first is kept;
// - a range outside its subnet or upside down is not migrated; a DHCP range in a /31 or /32 becomes `reserved`; a
//   range that overlaps an earlier one of its network (by start) is not migrated;
// - a DHCP range that holds recorded addresses is split around them (the pool minus those addresses, as a DHCP
//   server's reservations make it);
// - a switch's management IP inside a network of its site becomes that network's address with switchId: the
//   allocation of that address, or a new address when there was none;
// - a port's connected_allocation_id links the address to the port (the first port that names it, on a switch
//   of the network's site).
// Pure: no I/O.
import { randomUUID } from 'node:crypto';
import { ADDRESS } from '../fields/addresses.ts';
import { checkValue, type Field } from '../fields/field.ts';
import { addressRuleFaults, rangeRuleFaults, type RecordLookups } from '../fields/record-rules.ts';
import { RANGE } from '../fields/ranges.ts';
import { bigIntToIp, ipToBigInt, isUsableHost } from '../lib/ip-math.ts';
import { cidrContains, formatIp, parseIp } from '../lib/net.ts';
import { checkMapped, dropUnknown, fixAt, fixReason, idKey, keepTimes, newIdOf, type CheckContext, type Entry } from './context.ts';
import { ADDRESS_MAPPING, RANGE_MAPPING } from './mappings.ts';
import { lookupsOf, MIGRATED } from './rule-lookups.ts';
import type { ApiRecord } from './types.ts';

const KNOWN_ALLOCATION = new Set([
  'id',
  'network_id',
  'ip_address',
  'hostname',
  'mac_address',
  'device_type',
  'description',
  'status',
  'created_at',
  'updated_at',
]);
const KNOWN_RANGE = new Set(['id', 'network_id', 'start_ip', 'end_ip', 'type', 'description', 'created_at', 'updated_at']);
const HOSTNAME: Field = ADDRESS.fields.find((field) => field.name === 'hostname')!;

/** A port that names an allocation (connected_allocation_id), for the links. */
export interface AllocationLink {
  port: ApiRecord;
  entry: Entry;
  index: number;
  allocationKey: string;
}

/** The addresses and ranges of the 0.20.3 files, every rule of docs/IPAM.md kept by the fixes above. */
export function checkIpam(
  ctx: CheckContext,
  entries: { allocations: Entry[]; ranges: Entry[] },
  networks: ApiRecord[],
  switches: ApiRecord[],
  links: AllocationLink[],
): { addresses: ApiRecord[]; ranges: ApiRecord[] } {
  const networkById = new Map(networks.map((network) => [network.id, network]));
  const networkOf = (file: 'ip-allocations.json' | 'ip-ranges.json', entry: Entry): ApiRecord | undefined => {
    const key = idKey(entry.raw.network_id);
    const network = key === undefined ? undefined : networkById.get(ctx.ids.networks.get(key) ?? '');
    if (!network || typeof network.subnet !== 'string') {
      ctx.fixes.push({
        ...fixAt(file, entry, 'network_id'),
        from: entry.raw.network_id ?? null,
        to: null,
        reason: network ? 'names a network without a subnet; not migrated' : 'names a network that does not exist; not migrated',
      });
      return undefined;
    }
    return network;
  };
  // The ports are those that name an allocation: the only ones an address's rules ask about.
  const lookups = lookupsOf({
    networks: networkById,
    switches: new Map(switches.map((sw) => [sw.id, sw])),
    ports: new Map(links.map(({ port }) => [port.id, port])),
  });
  const ranges = checkRanges(ctx, entries.ranges, networkOf, lookups);
  const { addresses, byKey } = checkAllocations(ctx, entries.allocations, networkOf, networks, lookups);
  managementAddresses(ctx, switches, networks, addresses, lookups);
  splitDhcpRanges(ctx, ranges, addresses, networkById);
  linkPorts(ctx, links, byKey, lookups);
  return { addresses, ranges: ranges.map((item) => item.record) };
}

interface CheckedRange {
  record: ApiRecord;
  entry: Entry;
}

function checkRanges(
  ctx: CheckContext,
  entries: Entry[],
  networkOf: (file: 'ip-ranges.json', entry: Entry) => ApiRecord | undefined,
  lookups: RecordLookups,
): CheckedRange[] {
  const file = 'ip-ranges.json';
  const kept: CheckedRange[] = [];
  for (const entry of entries) {
    dropUnknown(ctx, file, entry.raw, KNOWN_RANGE);
    const values = checkMapped(ctx, file, entry, RANGE, entry.raw, RANGE_MAPPING, { givenOnly: true });
    if (!values) continue;
    const network = networkOf(file, entry);
    if (!network || typeof values.start !== 'string' || typeof values.end !== 'string') continue;
    const record: ApiRecord = {
      id: newIdOf(ctx, 'ip-ranges', entry),
      networkId: network.id,
      ...values,
      version: 1,
      ...keepTimes(ctx, file, entry),
    };
    const faults = rangeRuleFaults(record, lookups, MIGRATED);
    if (faults.some((fault) => fault.field !== 'kind')) {
      ctx.fixes.push({
        ...fixAt(file, entry, faults[0].field === 'start' ? 'start_ip' : 'end_ip'),
        from: `${record.start}-${record.end}`,
        to: null,
        reason: `${faults[0].message}; the range is not migrated`,
      });
      continue;
    }
    if (faults.length > 0) {
      ctx.fixes.push({ ...fixAt(file, entry, 'type'), from: record.kind, to: 'reserved', reason: faults[0].message });
      record.kind = 'reserved';
    }
    kept.push({ record, entry });
  }
  // Ranges of a network by start: one that starts at or before the end of the last one kept overlaps it.
  const value = (text: unknown) => ipToBigInt(parseIp(String(text))!);
  const sorted = [...kept].sort((a, b) => {
    const [x, y] = [value(a.record.start), value(b.record.start)];
    return a.record.networkId !== b.record.networkId
      ? String(a.record.networkId).localeCompare(String(b.record.networkId))
      : x < y
        ? -1
        : x > y
          ? 1
          : 0;
  });
  const dropped = new Set<CheckedRange>();
  let last: CheckedRange | undefined;
  for (const item of sorted) {
    if (last && last.record.networkId === item.record.networkId && value(item.record.start) <= value(last.record.end)) {
      ctx.fixes.push({
        ...fixAt(file, item.entry, 'start_ip'),
        from: `${item.record.start}-${item.record.end}`,
        to: null,
        reason: `overlaps the range ${last.record.start}-${last.record.end} (id ${last.entry.key}) of the same network; not migrated`,
      });
      dropped.add(item);
      continue;
    }
    last = item;
  }
  return kept.filter((item) => !dropped.has(item));
}

function checkAllocations(
  ctx: CheckContext,
  entries: Entry[],
  networkOf: (file: 'ip-allocations.json', entry: Entry) => ApiRecord | undefined,
  networks: ApiRecord[],
  lookups: RecordLookups,
): { addresses: ApiRecord[]; byKey: Map<string, ApiRecord> } {
  const file = 'ip-allocations.json';
  const addresses: ApiRecord[] = [];
  const byKey = new Map<string, ApiRecord>();
  const taken = new Map<string, { record: ApiRecord; entry: Entry }>();
  for (const entry of entries) {
    dropUnknown(ctx, file, entry.raw, KNOWN_ALLOCATION);
    const values = checkMapped(ctx, file, entry, ADDRESS, entry.raw, ADDRESS_MAPPING, { givenOnly: true });
    if (!values) continue;
    let network = networkOf(file, entry);
    if (!network || typeof values.address !== 'string') continue;
    const address = values.address;
    const [fault] = addressRuleFaults({ address, networkId: network.id }, lookups, MIGRATED);
    if (fault) {
      const home = networks.find((other) => other.siteId === network!.siteId && isUsableHost(other.subnet as string, address));
      const reason = fault.message;
      ctx.fixes.push({
        ...fixAt(file, entry, 'network_id'),
        from: entry.raw.network_id,
        to: home ? home.name : null,
        reason: home
          ? `${address} ${reason} of its network; it moves to network "${home.name}" (${home.subnet}) of the same site`
          : `${address} ${reason} of its network and of every network of its site; not migrated`,
      });
      if (!home) continue;
      network = home;
    }
    const place = `${network.id} ${address}`;
    const first = taken.get(place);
    if (first) {
      ctx.fixes.push({
        ...fixAt(file, entry, 'ip_address'),
        from: address,
        to: null,
        reason: `is recorded in the network already (allocation ${first.entry.key}, kept); not migrated`,
      });
      continue;
    }
    const record: ApiRecord = {
      id: newIdOf(ctx, 'ip-allocations', entry),
      networkId: network.id,
      ...values,
      status: values.status ?? 'active',
      portId: null,
      switchId: null,
      version: 1,
      ...keepTimes(ctx, file, entry),
    };
    taken.set(place, { record, entry });
    addresses.push(record);
    if (entry.key !== null) byKey.set(entry.key, record);
  }
  return { addresses, byKey };
}

// A switch's management IP inside a network of its site is that network's address with switchId.
function managementAddresses(
  ctx: CheckContext,
  switches: ApiRecord[],
  networks: ApiRecord[],
  addresses: ApiRecord[],
  lookups: RecordLookups,
): void {
  const byPlace = new Map(addresses.map((address) => [`${address.networkId} ${address.address}`, address]));
  const legacyId = new Map([...ctx.ids.switches].map(([key, id]) => [id, key]));
  // Each site's networks in file order: the first that holds the IP, without a scan of every site's (quadratic at 10,000 switches).
  const networksOf = new Map<unknown, ApiRecord[]>();
  for (const network of networks) {
    const list = networksOf.get(network.siteId);
    if (list) list.push(network);
    else networksOf.set(network.siteId, [network]);
  }
  for (const sw of switches) {
    const ip = sw.managementIp;
    if (typeof ip !== 'string' || !sw.siteId) continue;
    const network = networksOf.get(sw.siteId)?.find((candidate) => cidrContains(String(candidate.subnet), ip));
    if (!network) continue;
    const existing = byPlace.get(`${network.id} ${ip}`);
    if (existing) {
      existing.switchId = sw.id;
      continue;
    }
    if (addressRuleFaults({ address: ip, networkId: network.id }, lookups, MIGRATED).length > 0) {
      ctx.fixes.push({
        file: 'switches.json',
        id: legacyId.get(sw.id) ?? String(sw.name),
        field: 'management_ip',
        from: ip,
        to: ip,
        reason: `is no usable host of network "${network.name}" (${network.subnet}): kept on the switch, no address recorded`,
      });
      continue;
    }
    const hostname = checkValue(HOSTNAME, sw.name);
    const address: ApiRecord = {
      id: randomUUID(),
      networkId: network.id,
      address: ip,
      hostname: hostname.ok ? hostname.value : null,
      macAddress: null,
      deviceType: 'switch',
      status: 'active',
      description: `Management IP for switch: ${sw.name}`,
      portId: null,
      switchId: sw.id,
      version: 1,
      createdAt: sw.createdAt,
      updatedAt: sw.updatedAt,
    };
    addresses.push(address);
    byPlace.set(`${network.id} ${ip}`, address);
    noteManagementAddress(ctx, legacyId.get(sw.id) ?? String(sw.name), sw, network, address);
  }
}

/** A management IP that had no allocation, recorded as an address of its switch: listed as a fix of that address. */
function noteManagementAddress(ctx: CheckContext, legacyId: string, sw: ApiRecord, network: ApiRecord, address: ApiRecord): void {
  const fix = {
    file: 'switches.json' as const,
    id: legacyId,
    field: 'management_ip',
    from: null,
    to: address.address,
    ...fixReason('management_ip_recorded', { switch: String(sw.name), network: String(network.name), subnet: String(network.subnet) }),
  };
  ctx.fixes.push(fix);
  ctx.fixTargets.set(fix, { kind: 'address', id: address.id });
}

// A DHCP range never holds a recorded address: one that does is split around them.
function splitDhcpRanges(ctx: CheckContext, ranges: CheckedRange[], addresses: ApiRecord[], networkById: Map<string, ApiRecord>): void {
  const valuesOf = new Map<unknown, bigint[]>();
  for (const address of addresses) {
    const list = valuesOf.get(address.networkId) ?? [];
    list.push(ipToBigInt(parseIp(String(address.address))!));
    valuesOf.set(address.networkId, list);
  }
  for (const list of valuesOf.values()) list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const item of [...ranges]) {
    const { record } = item;
    if (record.kind !== 'dhcp') continue;
    const start = parseIp(String(record.start))!;
    const first = ipToBigInt(start);
    const last = ipToBigInt(parseIp(String(record.end))!);
    const inside = (valuesOf.get(record.networkId) ?? []).filter((value) => value >= first && value <= last);
    if (inside.length === 0) continue;
    const pieces: [bigint, bigint][] = [];
    let from = first;
    for (const value of inside) {
      if (value > from) pieces.push([from, value - 1n]);
      from = value + 1n;
    }
    if (from <= last) pieces.push([from, last]);
    const text = (value: bigint) => formatIp(bigIntToIp(start.family, value));
    const held = inside.map(text).join(', ');
    const network = networkById.get(record.networkId as string);
    ctx.fixes.push({
      ...fixAt('ip-ranges.json', item.entry, 'start_ip'),
      from: `${record.start}-${record.end}`,
      to: pieces.map(([a, b]) => `${text(a)}-${text(b)}`).join(', ') || null,
      reason:
        `a DHCP range of network "${network?.name}" holds the recorded address${inside.length === 1 ? '' : 'es'} ${held}: ` +
        `split around ${inside.length === 1 ? 'it' : 'them'}`,
    });
    const index = ranges.indexOf(item);
    const replacements = pieces.map(([a, b], n) => ({
      entry: item.entry,
      record: { ...record, id: n === 0 ? record.id : randomUUID(), start: text(a), end: text(b) },
    }));
    ranges.splice(index, 1, ...replacements);
  }
}

// A port's connected_allocation_id: the address's port, when the address came across, no earlier port claimed it
// and the port's switch is at the network's site.
function linkPorts(ctx: CheckContext, links: AllocationLink[], byKey: Map<string, ApiRecord>, lookups: RecordLookups): void {
  for (const { port, entry, index, allocationKey } of links) {
    const address = byKey.get(allocationKey);
    const reason = !address
      ? 'names an allocation that was not migrated or does not exist; dropped'
      : address.portId
        ? 'names an allocation that an earlier port is connected to; dropped'
        : addressRuleFaults({ ...address, portId: port.id }, lookups, MIGRATED).length > 0
          ? "names an allocation of another site than the switch's; dropped"
          : undefined;
    if (!reason) {
      address!.portId = port.id;
      continue;
    }
    ctx.fixes.push({ ...fixAt('switches.json', entry, `ports[${index}].connected_allocation_id`), from: allocationKey, to: null, reason });
  }
}
