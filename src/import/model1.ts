// Documents of 0.26.0 (model 1: a "network" was a VLAN number with one optional subnet), converted to model 2
// as schema migration 0006 converts a database (docs/MODEL2.md, "Documents of 0.26.0"): every model-1 network
// becomes the VLAN of the same id, and one that had a subnet also a network of a fresh id in that VLAN; colours
// are made unique per site in the migration's order; ports' references are renamed and PoE yes/no becomes the
// base standard or null; activity entries of networks become entries of their VLANs, and entries that carry
// undo data (model-1 images) lose it and say why. Restore and merge run a document through here first, so that
// one set of checks (document.ts) judges both shapes. Pure: no I/O.
import { randomUUID } from 'node:crypto';
import { isPlainObject } from '../fields/field.ts';
import { pickVlanColor, isColor } from '../lib/vlan-colors.ts';

/** The schema version of model 2 (migration 0006): a document without schemaVersion, or below this, is of model 1. */
export const MODEL2_SCHEMA_VERSION = 6;

/** Why an entry recorded before model 2 cannot be undone: migration 0006's words. */
export const UNDO_LOST_MODEL1 =
  'Recorded before the upgrade to model 2 (VLANs apart from networks, 0.27.0): its undo data describes the data as 0.26.0 stored it, ' +
  'so it cannot be undone. Change the data by hand instead.';

/** The PoE a model-1 port with "PoE: yes" gets: the base standard at its 15.4 W. */
const MODEL1_POE = { type: '802.3af', maxWatts: 15.4 };

/** What a conversion did, for the restore's entry. */
export interface Model1Conversion {
  vlans: number;
  networksFromSubnets: number;
  recolored: number;
  poePorts: number;
  undoLost: number;
}

/** Whether a db-v1 document was written by model 1 (0.26.0 or earlier): no schemaVersion, or one below 6. */
export function isModel1Document(body: Record<string, unknown>): boolean {
  return body.schemaVersion === undefined || (typeof body.schemaVersion === 'number' && body.schemaVersion < MODEL2_SCHEMA_VERSION);
}

/**
 * The model-2 `data` of a model-1 document's `data`: `networks` → `vlans` (+ `networks` for those with a subnet),
 * ports' `untaggedNetworkId`/`taggedNetworkIds` → `untaggedVlanId`/`taggedVlanIds`, `poe` true/false → object/null,
 * activity as migration 0006 step 5. What is not of the expected shape is passed on as it is, for the checks
 * to name.
 */
export function convertModel1Data(
  data: Record<string, unknown>,
  now: string,
): { data: Record<string, unknown>; conversion: Model1Conversion } {
  const conversion: Model1Conversion = { vlans: 0, networksFromSubnets: 0, recolored: 0, poePorts: 0, undoLost: 0 };
  const converted: Record<string, unknown> = { ...data };
  if (data.vlans !== undefined) return { data: converted, conversion };
  const networks = data.networks;
  if (Array.isArray(networks)) {
    const vlans = networks.map((network) => (isPlainObject(network) ? vlanOf(network) : network));
    conversion.recolored = recolor(vlans, now);
    converted.vlans = vlans;
    converted.networks = networks.flatMap((network) => (isPlainObject(network) && hasSubnet(network) ? [networkOf(network)] : []));
    conversion.vlans = vlans.length;
    conversion.networksFromSubnets = (converted.networks as unknown[]).length;
  }
  if (Array.isArray(data.ports)) {
    converted.ports = data.ports.map((port) => {
      if (!isPlainObject(port)) return port;
      const { untaggedNetworkId, taggedNetworkIds, poe, ...rest } = port;
      const result: Record<string, unknown> = { ...rest };
      if (untaggedNetworkId !== undefined) result.untaggedVlanId = untaggedNetworkId;
      if (taggedNetworkIds !== undefined) result.taggedVlanIds = taggedNetworkIds;
      if (poe === true) conversion.poePorts++;
      if (poe !== undefined) result.poe = poe === true ? { ...MODEL1_POE } : poe === false || poe === null ? null : poe;
      return result;
    });
  }
  if (Array.isArray(data.activity)) {
    converted.activity = data.activity.map((entry) => {
      if (!isPlainObject(entry)) return entry;
      const result: Record<string, unknown> = { ...entry };
      if (result.entityType === 'network') result.entityType = 'vlan';
      if (result.undoData !== undefined && result.undoData !== null) {
        result.undoData = null;
        result.undoable = false;
        result.undoLost = UNDO_LOST_MODEL1;
        conversion.undoLost++;
      }
      return result;
    });
  }
  return { data: converted, conversion };
}

function hasSubnet(network: Record<string, unknown>): boolean {
  return network.subnet !== undefined && network.subnet !== null && network.subnet !== '';
}

// The VLAN of a model-1 network: same id, version and times; its number, name, description and colour.
function vlanOf(network: Record<string, unknown>): Record<string, unknown> {
  const { subnet: _subnet, gateway: _gateway, vlanId, ...rest } = network;
  return { ...rest, vid: vlanId, status: 'active' };
}

// The network of a model-1 network's subnet: a fresh id, the VLAN's name and description, version 1, the model-1 times.
function networkOf(network: Record<string, unknown>): Record<string, unknown> {
  return {
    id: randomUUID(),
    siteId: network.siteId,
    vlanId: network.id,
    name: network.name,
    subnet: network.subnet,
    gateway: network.gateway ?? null,
    dnsServers: [],
    description: network.description ?? null,
    version: 1,
    createdAt: network.createdAt,
    updatedAt: network.updatedAt,
  };
}

/**
 * Colours unique per site, as migration 0006 makes them: the oldest VLAN of a site (createdAt, then id) keeps a
 * colour it has; every other one without a colour, or whose colour an older VLAN of its site has, gets in that
 * order the next colour (pickVlanColor) that no VLAN of its site has, and its version is raised. Returns how many.
 */
function recolor(vlans: unknown[], now: string): number {
  const bySite = new Map<unknown, Record<string, unknown>[]>();
  for (const vlan of vlans) {
    if (!isPlainObject(vlan)) continue;
    const list = bySite.get(vlan.siteId) ?? [];
    list.push(vlan);
    bySite.set(vlan.siteId, list);
  }
  let count = 0;
  for (const list of bySite.values()) {
    const colorOf = (vlan: Record<string, unknown>) =>
      typeof vlan.color === 'string' && isColor(vlan.color) ? vlan.color.toLowerCase() : null;
    const used = new Set(list.map(colorOf).filter((color): color is string => color !== null));
    const kept = new Set<string>();
    const ordered = [...list].sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id));
    const recolored: Record<string, unknown>[] = [];
    for (const vlan of ordered) {
      const color = colorOf(vlan);
      if (color !== null && !kept.has(color)) kept.add(color);
      else if (vlan.color === null || vlan.color === undefined || color !== null) recolored.push(vlan);
    }
    for (const vlan of recolored) {
      const color = pickVlanColor(used);
      used.add(color);
      vlan.color = color;
      if (typeof vlan.version === 'number') vlan.version += 1;
      vlan.updatedAt = now;
      count++;
    }
  }
  return count;
}

function compare(a: unknown, b: unknown): number {
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
}
