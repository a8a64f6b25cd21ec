import { randomUUID } from 'node:crypto';
import { NETWORK } from '../fields/networks.ts';
import { networkFaults } from '../fields/rules.ts';
import { SITE } from '../fields/sites.ts';
import { SWITCH } from '../fields/switches.ts';
import { VLAN } from '../fields/vlans.ts';
import { normalizeCidr } from '../lib/net.ts';
import {
  addFault,
  checkMapped,
  mapping,
  dedupeNames,
  dropUnknown,
  fixAt,
  idKey,
  keepTimes,
  newIdOf,
  type CheckContext,
  type Entry,
  type Named,
} from './context.ts';
import { noteOverlap, uniqueColors } from './fixes.ts';
import type { ApiRecord, LegacyFile, LegacyKind } from './types.ts';

const SITE_NAMES = { name: 'name', description: 'description', address: 'address' } as const;
const SITE_MAPPING = mapping(SITE_NAMES);
const SITE_KNOWN = new Set(['id', 'name', 'description', 'address', 'createdAt', 'updatedAt']);

// A 0.20.x network is a VLAN number with an optional subnet: it becomes a VLAN and, when it has a subnet, a
// network of that VLAN (the model 1 of 0.26.0 folded the two the same way; migration 0006 parts them alike).
const VLAN_NAMES = { name: 'name', vlan: 'vid', description: 'description', color: 'color' } as const;
const VLAN_MAPPING = mapping(VLAN_NAMES);
const NETWORK_NAMES = { name: 'name', subnet: 'subnet', gateway: 'gateway', description: 'description' } as const;
const NETWORK_MAPPING = mapping(NETWORK_NAMES);
const NETWORK_KNOWN = new Set(['id', 'siteId', ...Object.keys(VLAN_NAMES), ...Object.keys(NETWORK_NAMES)]);

const SWITCH_NAMES = {
  name: 'name',
  vendor: 'vendor',
  model: 'model',
  serial: 'serialNumber',
  mac: 'macAddress',
  ip: 'managementIp',
  firmware: 'firmwareVersion',
  location: 'location',
  status: 'status',
  notes: 'notes',
} as const;
const SWITCH_MAPPING = mapping(SWITCH_NAMES);
const SWITCH_KNOWN = new Set(['id', 'siteId', 'ports', 'createdAt', 'updatedAt', ...Object.keys(SWITCH_NAMES)]);

const NAME_MAX = 100;

/**
 * Resolves a reference to a record of another file: the new UUID, or undefined after recording the fault.
 * References into a file that could not be read are not judged (that file's fault says enough).
 */
function resolveRef(
  ctx: CheckContext,
  file: LegacyFile,
  entry: Entry,
  field: string,
  value: unknown,
  kind: LegacyKind,
  what: string,
  required: boolean,
): string | undefined {
  if (value === undefined || value === null) {
    if (required) addFault(ctx, file, entry, field, 'is required');
    return undefined;
  }
  const key = idKey(value);
  if (key === undefined) {
    addFault(ctx, file, entry, field, `must be the id of a ${what}`);
    return undefined;
  }
  const ids = ctx.ids[kind];
  // Into a file that could not be read, every reference is taken as good, each id standing for one record.
  if (ctx.unreadable.has(kind) && !ids.has(key)) ids.set(key, randomUUID());
  const id = ids.get(key);
  if (id === undefined) addFault(ctx, file, entry, field, `${what} ${key} does not exist in ${kind}.json`);
  return id;
}

/** Sites in the API's shape; repeated names get a number. */
export function checkSites(ctx: CheckContext, entries: Entry[]): ApiRecord[] {
  const file = 'sites.json';
  const named: Named[] = [];
  const sites = entries.map((entry) => {
    dropUnknown(ctx, file, entry.raw, SITE_KNOWN);
    const values = checkMapped(ctx, file, entry, SITE, entry.raw, SITE_MAPPING);
    const site: ApiRecord = {
      id: newIdOf(ctx, 'sites', entry),
      ...values,
      version: 1,
      ...keepTimes(ctx, file, entry, ['createdAt', 'updatedAt']),
    };
    if (typeof site.name === 'string') named.push({ record: site, scope: '', fixAt: fixAt(file, entry) });
    return site;
  });
  dedupeNames(ctx, named, NAME_MAX);
  return sites;
}

/**
 * The first documented fix: a subnet with host bits set becomes its network, and its address becomes the
 * gateway when none is given. Returns the record with the fixed values (or the record itself).
 */
function fixSubnet(ctx: CheckContext, file: LegacyFile, entry: Entry): Record<string, unknown> {
  const { subnet, gateway } = entry.raw;
  if (typeof subnet !== 'string') return entry.raw;
  const result = normalizeCidr(subnet.trim());
  if (result.ok || result.network === undefined) return entry.raw;
  const fixed: Record<string, unknown> = { ...entry.raw, subnet: result.network };
  const where = fixAt(file, entry, 'subnet');
  ctx.fixes.push({ ...where, from: subnet, to: result.network, reason: 'had host bits set; the network is kept' });
  const noGateway = gateway === undefined || gateway === null || (typeof gateway === 'string' && gateway.trim() === '');
  if (noGateway) {
    fixed.gateway = result.address;
    ctx.fixes.push({
      ...where,
      field: 'gateway',
      from: gateway ?? null,
      to: result.address,
      reason: 'taken from the address in the subnet',
    });
  }
  return fixed;
}

/** What the networks of 0.20.x became: VLANs (index for index with the entries) and the networks of their subnets. */
export interface VlansAndNetworks {
  vlans: ApiRecord[];
  networks: ApiRecord[];
}

/**
 * The networks of 0.20.x in the API's shape: each a VLAN (the legacy network's new id: ports and activity name
 * it) with its site remapped, its number unique per site, repeated names numbered and colours made unique per
 * site (a repeated colour is re-picked, with a fix line); each with a subnet (fixed as documented) also a
 * network of a fresh id in that VLAN. A subnet overlapping an earlier one of its site is kept, as migration 0006
 * keeps them, with a fix line that names both (the checks name it too).
 */
export function checkNetworks(ctx: CheckContext, entries: Entry[]): VlansAndNetworks {
  const file = 'networks.json';
  const vlanNames: Named[] = [];
  const networkNames: Named[] = [];
  const vids = new Map<string, string>();
  const vlans: ApiRecord[] = [];
  const networks: ApiRecord[] = [];
  for (const entry of entries) {
    dropUnknown(ctx, file, entry.raw, NETWORK_KNOWN);
    const siteId = resolveRef(ctx, file, entry, 'siteId', entry.raw.siteId, 'sites', 'site', true);
    const raw = fixSubnet(ctx, file, entry);
    const vlanValues = checkMapped(ctx, file, entry, VLAN, raw, VLAN_MAPPING, { siteId: siteId ?? randomUUID() });
    const vlan: ApiRecord = {
      id: newIdOf(ctx, 'networks', entry),
      ...vlanValues,
      siteId: siteId ?? null,
      version: 1,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    vlans.push(vlan);
    if (siteId && typeof vlanValues.vid === 'number') {
      const clash = vids.get(`${siteId} ${vlanValues.vid}`);
      if (clash !== undefined)
        addFault(ctx, file, entry, 'vlan', `VLAN ${vlanValues.vid} is used by network ${clash} of the same site too`);
      else vids.set(`${siteId} ${vlanValues.vid}`, entry.key ?? `#${entry.index + 1}`);
    }
    if (siteId && typeof vlan.name === 'string') vlanNames.push({ record: vlan, scope: siteId, fixAt: fixAt(file, entry) });
    if (raw.subnet === undefined || raw.subnet === null || raw.subnet === '') continue;
    const values = checkMapped(ctx, file, entry, NETWORK, raw, NETWORK_MAPPING, { siteId: siteId ?? randomUUID() });
    // A subnet or gateway that failed its own check (left out of values) has been reported already.
    if (values.subnet !== undefined && values.gateway !== undefined) {
      for (const fault of networkFaults(values)) addFault(ctx, file, entry, fault.field, fault.message);
    }
    const network: ApiRecord = {
      id: randomUUID(),
      ...values,
      siteId: siteId ?? null,
      vlanId: vlan.id,
      version: 1,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    noteOverlap(ctx, file, entry, networks, siteId, values.subnet);
    networks.push(network);
    if (siteId && typeof network.name === 'string') networkNames.push({ record: network, scope: siteId, fixAt: fixAt(file, entry) });
  }
  dedupeNames(ctx, vlanNames, NAME_MAX);
  dedupeNames(ctx, networkNames, NAME_MAX);
  uniqueColors(ctx, file, entries, vlans);
  return { vlans, networks };
}

/** Switches in the API's shape (without their ports): site remapped, MAC unique, management IP unique per site. */
export function checkSwitches(ctx: CheckContext, entries: Entry[]): ApiRecord[] {
  const file = 'switches.json';
  const named: Named[] = [];
  const macs = new Map<string, string>();
  const ips = new Map<string, string>();
  const switches = entries.map((entry) => {
    dropUnknown(ctx, file, entry.raw, SWITCH_KNOWN);
    const siteId = resolveRef(ctx, file, entry, 'siteId', entry.raw.siteId, 'sites', 'site', true);
    const { portCount: _ignored, ...values } = checkMapped(ctx, file, entry, SWITCH, entry.raw, SWITCH_MAPPING, {
      siteId: siteId ?? randomUUID(),
    });
    const record: ApiRecord = {
      id: newIdOf(ctx, 'switches', entry),
      ...values,
      siteId: siteId ?? null,
      version: 1,
      ...keepTimes(ctx, file, entry, ['createdAt', 'updatedAt']),
    };
    const self = entry.key ?? `#${entry.index + 1}`;
    if (typeof values.macAddress === 'string')
      unique(ctx, file, entry, macs, values.macAddress, 'mac', `is the MAC address of switch ${macs.get(values.macAddress)} too`, self);
    if (siteId && typeof values.managementIp === 'string') {
      const key = `${siteId} ${values.managementIp}`;
      unique(ctx, file, entry, ips, key, 'ip', `is the management IP of switch ${ips.get(key)} of the same site too`, self);
    }
    if (siteId && typeof record.name === 'string') named.push({ record: record, scope: siteId, fixAt: fixAt(file, entry) });
    return record;
  });
  dedupeNames(ctx, named, NAME_MAX);
  return switches;
}

function unique(
  ctx: CheckContext,
  file: LegacyFile,
  entry: Entry,
  seen: Map<string, string>,
  key: string,
  field: string,
  reason: string,
  self: string,
): void {
  if (seen.has(key)) addFault(ctx, file, entry, field, reason);
  else seen.set(key, self);
}
