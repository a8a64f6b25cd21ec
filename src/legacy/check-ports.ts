import { randomUUID } from 'node:crypto';
import { isPlainObject } from '../fields/field.ts';
import { PORT } from '../fields/ports.ts';
import { portFaults } from '../fields/rules.ts';
import { INTERFACE_NAME_MAX, suffixedInterfaceName } from '../lib/interface-name.ts';
import {
  addFault,
  ascendingUuids,
  checkMapped,
  mapping,
  dedupeNames,
  dropUnknown,
  fixAt,
  idKey,
  type CheckContext,
  type Entry,
  type Named,
} from './context.ts';
import type { ApiRecord } from './types.ts';

const FILE = 'switches.json';
const PORT_NAMES = {
  name: 'name',
  description: 'description',
  enabled: 'enabled',
  mode: 'mode',
  speed: 'speed',
  poe: 'poe',
  device: 'connectedDevice',
} as const;
const PORT_MAPPING = mapping(PORT_NAMES);
const PORT_KNOWN = new Set([...Object.keys(PORT_NAMES), 'vlan', 'tagged', 'uplink']);

/** An uplink waiting for every port to exist. */
interface PendingLink {
  entry: Entry;
  index: number;
  port: ApiRecord;
  uplink: unknown;
}

/** What the ports check needs from the switches: their entries and records, index for index. */
export interface SwitchesChecked {
  entries: Entry[];
  records: ApiRecord[];
}

/**
 * The ports of every switch in the API's shape: position from the array index, networks remapped to their VLANs and checked
 * with the API's port rules, repeated names numbered, uplinks turned into symmetric linkedPortIds.
 * `networkSite` gives a legacy network id's new site id.
 */
export function checkPorts(ctx: CheckContext, switches: SwitchesChecked, networkSite: Map<string, unknown>): ApiRecord[] {
  const ports: ApiRecord[] = [];
  const pending: PendingLink[] = [];
  const byName = new Map<string, Map<string, ApiRecord>>();
  const newIds = ascendingUuids(portCount(switches.entries));
  switches.entries.forEach((entry, i) => {
    const owner = switches.records[i];
    const list = entry.raw.ports;
    const names = new Map<string, ApiRecord>();
    if (entry.key !== null && !byName.has(entry.key)) byName.set(entry.key, names);
    if (list === undefined || list === null) return;
    if (!Array.isArray(list)) return addFault(ctx, FILE, entry, 'ports', 'must be a list of ports');
    const named: Named[] = [];
    list.forEach((raw, index) => {
      if (!isPlainObject(raw)) return addFault(ctx, FILE, entry, `ports[${index}]`, 'must be a JSON object');
      const port = checkPort(ctx, entry, owner, raw, index, networkSite, newIds[ports.length]);
      ports.push(port);
      if (typeof port.name === 'string') {
        if (!names.has(port.name.toLowerCase())) names.set(port.name.toLowerCase(), port);
        named.push({ record: port, scope: owner.id, fixAt: fixAt(FILE, entry, `ports[${index}].name`) });
      }
      if (raw.uplink !== undefined && raw.uplink !== null) pending.push({ entry, index, port, uplink: raw.uplink });
    });
    // A port name is a plain interface name, which " (2)" is not.
    dedupeNames(ctx, named, INTERFACE_NAME_MAX, suffixedInterfaceName);
  });
  for (const link of pending) linkPorts(ctx, link, byName);
  return ports;
}

/** How many ports the switches list, at most (records that are not objects get no port). */
function portCount(entries: Entry[]): number {
  let count = 0;
  for (const entry of entries) if (Array.isArray(entry.raw.ports)) count += entry.raw.ports.length;
  return count;
}

function checkPort(
  ctx: CheckContext,
  entry: Entry,
  owner: ApiRecord,
  raw: Record<string, unknown>,
  index: number,
  networkSite: Map<string, unknown>,
  id: string,
): ApiRecord {
  const at = `ports[${index}].`;
  dropUnknown(ctx, FILE, raw, PORT_KNOWN, 'ports[].');
  const tagged = networkKeys(ctx, entry, raw.tagged, `${at}tagged`);
  // A name given as a number is taken as its text; a port with tagged VLANs and no mode is a trunk.
  const input: Record<string, unknown> = { ...raw };
  if (typeof raw.name === 'number') input.name = String(raw.name);
  if ((raw.mode === undefined || raw.mode === null) && tagged.length > 0) input.mode = 'trunk';
  input.poe = legacyPoe(raw.poe);
  const values = checkMapped(ctx, FILE, entry, PORT, input, PORT_MAPPING, { position: index }, at);
  const untagged = networkKey(ctx, entry, raw.vlan, `${at}vlan`);
  checkNetworks(ctx, entry, owner, { mode: values.mode, untagged, tagged }, networkSite, at);
  const remap = (key: string) => ctx.ids.networks.get(key) ?? randomUUID();
  return {
    id,
    switchId: owner.id,
    ...values,
    untaggedVlanId: untagged === undefined ? null : remap(untagged),
    taggedVlanIds: [...new Set(tagged)].map(remap),
    linkedPortId: null,
    version: 1,
    createdAt: owner.createdAt,
    updatedAt: owner.updatedAt,
  };
}

/**
 * A legacy port's PoE: yes/no (true/false) as model 1 knew it becomes the base standard (802.3af, 15.4 W) or
 * none, as migration 0006 makes it; `{ type, max_watts }` (0.20.3's own shape) becomes `{ type, maxWatts }`.
 * Anything else is passed on for the PoE rule to name.
 */
function legacyPoe(poe: unknown): unknown {
  if (poe === true) return { type: '802.3af', maxWatts: 15.4 };
  if (poe === false || poe === undefined || poe === '') return null;
  if (isPlainObject(poe) && 'max_watts' in poe) {
    const { max_watts: maxWatts, ...rest } = poe;
    return { ...rest, maxWatts };
  }
  return poe;
}

/** The API's port rules, judged on legacy ids so that the messages name what the operator sees in the file. */
function checkNetworks(
  ctx: CheckContext,
  entry: Entry,
  owner: ApiRecord,
  port: { mode: unknown; untagged?: string; tagged: string[] },
  networkSite: Map<string, unknown>,
  at: string,
): void {
  const switchSite = typeof owner.siteId === 'string' ? owner.siteId : undefined;
  const siteOf = (key: string): string | undefined => {
    if (ctx.unreadable.has('networks')) return switchSite ?? '';
    if (!networkSite.has(key)) return undefined;
    // When either site is unknown, that record's own fault says so; the port is not judged on it.
    const site = networkSite.get(key);
    return switchSite === undefined ? '' : typeof site === 'string' ? site : switchSite;
  };
  const faults = portFaults(
    { mode: port.mode, untaggedVlanId: port.untagged, taggedVlanIds: port.tagged },
    { siteId: switchSite ?? '', stackSize: 1 },
    siteOf,
    at,
  );
  for (const fault of faults) {
    const field = fault.field.replace(/untaggedVlanId$/, 'vlan').replace(/taggedVlanIds(?=\[|$)/, 'tagged');
    const message = fault.message
      .replace(/^VLAN (.+) does not exist$/, 'network $1 does not exist in networks.json')
      .replace(/^VLAN (.+) belongs to another site$/, 'network $1 belongs to another site than the switch');
    addFault(ctx, FILE, entry, field, message);
  }
}

function networkKey(ctx: CheckContext, entry: Entry, value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const key = idKey(value);
  if (key === undefined) addFault(ctx, FILE, entry, field, 'must be the id of a network');
  return key;
}

function networkKeys(ctx: CheckContext, entry: Entry, value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    addFault(ctx, FILE, entry, field, 'must be a list of network ids');
    return [];
  }
  return value.flatMap((item, i) => networkKey(ctx, entry, item, `${field}[${i}]`) ?? []);
}

function linkPorts(ctx: CheckContext, link: PendingLink, byName: Map<string, Map<string, ApiRecord>>): void {
  const at = `ports[${link.index}].uplink`;
  const fault = (field: string, reason: string) => addFault(ctx, FILE, link.entry, field, reason);
  const { uplink } = link;
  if (!isPlainObject(uplink)) return fault(at, 'must be { "switchId": <switch id>, "port": <port name> }');
  const switchKey = idKey(uplink.switchId);
  if (switchKey === undefined) return fault(`${at}.switchId`, uplink.switchId == null ? 'is required' : 'must be the id of a switch');
  const ports = byName.get(switchKey);
  if (!ports) return fault(`${at}.switchId`, `switch ${switchKey} does not exist in switches.json`);
  const portName = typeof uplink.port === 'number' ? String(uplink.port) : typeof uplink.port === 'string' ? uplink.port.trim() : undefined;
  if (!portName) return fault(`${at}.port`, uplink.port == null ? 'is required' : 'must be a port name');
  const target = ports.get(portName.toLowerCase());
  if (!target) return fault(`${at}.port`, `switch ${switchKey} has no port "${portName}"`);
  const port = link.port;
  if (target.switchId === port.switchId) return fault(at, 'must be a port of another switch');
  const taken =
    (port.linkedPortId !== null && port.linkedPortId !== target.id) || (target.linkedPortId !== null && target.linkedPortId !== port.id);
  if (taken)
    return fault(
      at,
      `port "${portName}" of switch ${switchKey} and this port cannot both be linked: one of them is linked to a third port`,
    );
  port.linkedPortId = target.id;
  target.linkedPortId = port.id;
}
