// Applying a discovery (docs/DISCOVERY.md, "Applying"): the chosen items of its proposal, in one transaction and one
// undoable activity entry, through the change machinery every edit uses (db/change.ts). Before writing anything it
// compares the proposal with the one the same observation gives now: an item whose documented side moved is refused
// (409 discovery_stale), and so is one whose required items are neither chosen nor there already (400).
import { randomUUID } from 'node:crypto';
import { recordChange, type Actor, type Change } from '../db/change.ts';
import { getDiscovery, keepSwitchCredentials, markDiscoveryApplied, type DiscoveryRow } from '../db/discoveries.ts';
import { latestDiscoveryId } from '../db/drift.ts';
import type { ActivityEntry } from '../db/activity.ts';
import {
  insertLag,
  lagIdByName,
  lagRefById,
  memberCandidate,
  memberPortIds,
  setLagMembers,
  setLagTagged,
  type LagValues,
} from '../db/lags.ts';
import type { Db } from '../db/open.ts';
import {
  getPort,
  insertPort,
  nextPosition,
  portIdByName,
  portToApi,
  relinkFarEnds,
  setLink,
  setTagged,
  updatePort,
  type PortValues,
} from '../db/ports.ts';
import { getSwitch, insertSwitch, switchIdByIp, switchIdByMac, switchIdByName, updateSwitch, type SwitchValues } from '../db/switches.ts';
import { getVlan, insertVlan, updateVlan, usedColors, vlanIdByName, vlanIdByVid, type VlanValues } from '../db/vlans.ts';
import { applyLagToMembers } from '../domain/lags.ts';
import { databaseLookups } from '../domain/lookups.ts';
import { keepManagementAddress } from '../domain/management-address.ts';
import { Refusal, type FieldFault } from '../errors/refusal.ts';
import { defaultColumns, formedRefusal, toColumns } from '../fields/field.ts';
import { LAG } from '../fields/lags.ts';
import { PORT } from '../fields/ports.ts';
import { SWITCH } from '../fields/switches.ts';
import { VLAN } from '../fields/vlans.ts';
import { lagRuleFaults, portRuleFaults } from '../fields/record-rules.ts';
import { lagMemberTypeFaults, refusalOf, type RuleFault } from '../fields/rules.ts';
import { pickVlanColor } from '../lib/vlan-colors.ts';
import { openCredentials, sealCredentials, type CredentialKey } from './credentials.ts';
import { keepObservations, proposalInput } from './discover.ts';
import { parseTarget } from './target.ts';
import type { ObservedSwitch } from './observed.ts';
import { CREATE_SWITCH_KEY, propose, type ObservedPortFields, type ProposalItem } from './proposal.ts';

/** What applying answers: the activity entry (undo it to take everything back) and the switch. */
export interface Applied {
  entry: ActivityEntry;
  switchId: string;
}

/**
 * Applies the items of a discovery's proposal named by `chosen`, in one transaction and one `discovery` entry.
 * Refuses as not_found an unknown discovery; as invalid (400) a key that is not one of its proposal's, and an item
 * whose required items are missing; as conflicts (409): already_applied, discovery_stale (the documented side of
 * chosen items moved, or the switch is gone: `details` name those keys), and whatever the data refuses (a name taken
 * meanwhile: name_taken).
 */
export function applyDiscovery(
  db: Db,
  id: string,
  chosen: readonly string[],
  actor: Actor,
  key: CredentialKey | undefined,
  { drift = false } = {},
): Applied {
  const { result: switchId, entry } = recordChange(db, actor, (change) => {
    const discovery = getDiscovery(change.db, id);
    if (!discovery) throw new Refusal('not_found', 'not_found', 'No such discovery.');
    if (discovery.applied_at && !drift)
      throw new Refusal('conflict', 'already_applied', `This discovery was applied at ${discovery.applied_at}; discover the switch again.`);
    const items = drift ? adoptedItems(change.db, discovery, chosen) : chosenItems(change.db, discovery, chosen);
    const applying = applyItems(change, discovery, items);
    afterCreate(change, discovery, applying, key);
    const before = discovery.applied_keys === null ? [] : (JSON.parse(discovery.applied_keys) as string[]);
    markDiscoveryApplied(change.db, discovery.id, {
      at: change.now,
      keys: drift ? [...new Set([...before, ...items.map((item) => item.key)])] : chosen,
      switchId: applying.switchId,
      activityId: change.entryId,
    });
    const summary =
      `Applied ${items.length === 1 ? '1 difference' : `${items.length} differences`} found by discovering ${discovery.host} ` +
      `to ${applying.switchName}`;
    return {
      activity: {
        action: 'discovery',
        entityType: 'switch',
        entityId: applying.switchId,
        entityName: applying.switchName,
        siteId: discovery.site_id,
        summary,
        undoable: true,
      },
      result: applying.switchId,
    };
  });
  return { entry, switchId };
}

/**
 * The chosen items as the proposal made of the same observation gives them now, in the order they apply; refused
 * when a key is unknown, when what it would apply moved since, or when an item it requires is missing.
 */
function chosenItems(db: Db, discovery: DiscoveryRow, chosen: readonly string[]): ProposalItem[] {
  const proposed = new Map((JSON.parse(discovery.proposal) as ProposalItem[]).map((item) => [item.key, item]));
  const unknown: FieldFault[] = [];
  chosen.forEach((key, i) => {
    if (!proposed.has(key)) unknown.push({ field: `keys[${i}]`, message: `"${key}" is not a key of this discovery's proposal` });
  });
  if (unknown.length) throw new Refusal('invalid', 'validation_failed', 'Some keys are not in the proposal of this discovery.', unknown);
  const now = currentProposal(db, discovery);
  const moved: FieldFault[] = [];
  chosen.forEach((key, i) => {
    const was = proposed.get(key)!;
    const is = now.get(key);
    if (is && JSON.stringify([was.documented, was.observed]) === JSON.stringify([is.documented, is.observed])) return;
    const text = JSON.stringify;
    const message = !is
      ? `"${key}": no longer a difference (documented since, or what it needs is gone)`
      : text(was.documented) !== text(is.documented)
        ? `"${key}": documented ${text(was.documented)} when discovered, ${text(is.documented)} now`
        : `"${key}": would write ${text(is.observed)} now instead of ${text(was.observed)}`;
    moved.push({ field: `keys[${i}]`, message });
  });
  if (moved.length)
    throw moved.length === 1
      ? formedRefusal('conflict', 'discovery_stale.documented_since_one', {}, moved)
      : formedRefusal('conflict', 'discovery_stale.documented_since', { differences: moved.length }, moved);
  const picked = new Set(chosen);
  const missing: FieldFault[] = [];
  chosen.forEach((key, i) => {
    const needs = now.get(key)!.requires.filter((required) => !picked.has(required));
    if (needs.length) missing.push({ field: `keys[${i}]`, message: `"${key}" needs ${needs.map((k) => `"${k}"`).join(', ')} too` });
  });
  if (missing.length)
    throw new Refusal('invalid', 'validation_failed', 'Some chosen differences need others that were not chosen.', missing);
  return [...new Set(chosen)].map((key) => now.get(key)!).sort((a, b) => phaseOf(a) - phaseOf(b));
}

/**
 * Drift adopted (GET /api/checks): the chosen items of the proposal the switch's latest discovery gives now, with
 * the items they require, in the order they apply. The discovery may have been applied before; a later discovery
 * of the switch, or a key that is no difference now, is refused as discovery_stale.
 */
function adoptedItems(db: Db, discovery: DiscoveryRow, chosen: readonly string[]): ProposalItem[] {
  if (discovery.switch_id === null || latestDiscoveryId(db, discovery.switch_id) !== discovery.id)
    throw formedRefusal('conflict', 'discovery_stale.rediscovered', {}, [
      { field: 'id', message: 'not the latest discovery of its switch' },
    ]);
  const now = currentProposal(db, discovery);
  const gone: FieldFault[] = [];
  chosen.forEach((key, i) => {
    if (!now.has(key))
      gone.push({ field: `keys[${i}]`, message: `"${key}": no longer a difference (documented since, or what it needs is gone)` });
  });
  if (gone.length) throw formedRefusal('conflict', 'discovery_stale.no_difference', {}, gone);
  const adopted = new Set<string>();
  const adopt = (key: string) => {
    if (adopted.has(key) || !now.has(key)) return;
    adopted.add(key);
    now.get(key)!.requires.forEach(adopt);
  };
  chosen.forEach(adopt);
  return [...adopted].map((key) => now.get(key)!).sort((a, b) => phaseOf(a) - phaseOf(b));
}

/** The proposal the stored observation gives with the documented data as it is now, by key. */
function currentProposal(db: Db, discovery: DiscoveryRow): Map<string, ProposalItem> {
  const gone = () => formedRefusal('conflict', 'discovery_stale.switch_gone', {}, [{ field: 'id', message: 'its switch is gone' }]);
  if (!discovery.for_new_switch && discovery.switch_id === null) throw gone();
  const { input } = storedInput(db, discovery, discovery.switch_id);
  if (!input) throw gone();
  return new Map(propose(input).items.map((item) => [item.key, item]));
}

/** The discovery's stored observation, and the proposal input it makes against `switchId` as documented now. */
function storedInput(db: Db, discovery: DiscoveryRow, switchId: string | null) {
  const observed = JSON.parse(discovery.observed) as ObservedSwitch;
  const host = parseTarget(discovery.host)?.host ?? discovery.host;
  return { observed, input: proposalInput(db, { siteId: discovery.site_id, switchId, host }, observed) };
}

/** The order items apply in: the switch, the VLANs, new ports, ports' fields and VLANs, LAGs, links. */
function phaseOf(item: ProposalItem): number {
  if (item.entity === 'switch') return item.kind === 'create' ? 0 : 1;
  if (item.entity === 'vlan') return 2;
  if (item.entity === 'port') return item.kind === 'create' ? 3 : item.kind === 'link' ? 6 : 4;
  return 5;
}

/** What applying has made so far. */
interface Applying {
  change: Change;
  siteId: string;
  switchId: string;
  switchName: string;
  created: boolean;
  /** Changes to existing ports, in API fields, written once per port. */
  patches: Map<string, Record<string, unknown>>;
}

function applyItems(change: Change, discovery: DiscoveryRow, items: ProposalItem[]): Applying {
  const applying: Applying = {
    change,
    siteId: discovery.site_id,
    switchId: discovery.switch_id ?? '',
    switchName: '',
    created: false,
    patches: new Map(),
  };
  let phase = 0;
  for (const item of items) {
    const next = phaseOf(item);
    // Ports' fields and VLANs are written together before the LAGs that own some of them.
    if (phase === 4 && next > 4) writePatches(applying);
    phase = next;
    applyItem(applying, item);
  }
  if (phase === 4) writePatches(applying);
  applying.switchName ||= getSwitch(change.db, applying.switchId)?.name ?? '';
  return applying;
}

function applyItem(applying: Applying, item: ProposalItem): void {
  if (item.key === CREATE_SWITCH_KEY) return createSwitch(applying, item.observed as NewSwitch);
  if (item.entity === 'switch') return changeSwitch(applying, item.field!, item.observed);
  if (item.entity === 'vlan' && item.kind === 'change') return renameVlan(applying, Number(item.name), String(item.observed));
  if (item.entity === 'vlan') return addVlan(applying, item.observed as { vid: number; name: string });
  if (item.entity === 'port' && item.kind === 'create') return addPorts(applying, [item.observed as ObservedPortFields]);
  if (item.entity === 'port' && item.kind === 'link')
    return linkPort(applying, item.name, item.observed as { switch: string; port: string });
  if (item.entity === 'port') return patchPort(applying, item);
  if (item.kind === 'create') return addLag(applying, item.observed as NewLag);
  return addLagMembers(applying, item.name, item.observed as string[]);
}

// ---- The switch ----

interface NewSwitch {
  name: string;
  vendor: string | null;
  model: string | null;
  serialNumber: string | null;
  macAddress: string | null;
  managementIp: string | null;
  ports: ObservedPortFields[];
}

const SWITCH_COLUMN = { name: 'name', model: 'model', serialNumber: 'serial_number', macAddress: 'mac_address' } as const;

function createSwitch(applying: Applying, sw: NewSwitch): void {
  const { change, siteId } = applying;
  const id = randomUUID();
  const ip = sw.managementIp;
  refuseSwitchClashes(change.db, siteId, id, { name: sw.name, mac: sw.macAddress, ip });
  change.touch('switch', id);
  const values = {
    ...(defaultColumns(SWITCH) as SwitchValues),
    site_id: siteId,
    name: sw.name,
    vendor: sw.vendor,
    model: sw.model,
    serial_number: sw.serialNumber,
    mac_address: sw.macAddress,
    management_ip: ip,
  };
  insertSwitch(change.db, id, values, change.now);
  Object.assign(applying, { switchId: id, switchName: sw.name, created: true });
  if (ip) keepManagementAddress(change, { id, name: sw.name, site_id: siteId, management_ip: ip });
  addPorts(applying, sw.ports);
}

function changeSwitch(applying: Applying, field: string, value: unknown): void {
  const { change } = applying;
  const row = getSwitch(change.db, applying.switchId)!;
  const column = SWITCH_COLUMN[field as keyof typeof SWITCH_COLUMN];
  if (field === 'name' || field === 'macAddress')
    refuseSwitchClashes(change.db, row.site_id, row.id, field === 'name' ? { name: String(value) } : { mac: String(value) });
  change.touch('switch', row.id);
  updateSwitch(change.db, row.id, { ...row, [column]: value }, change.now);
  if (field === 'name') {
    applying.switchName = String(value);
    keepManagementAddress(change, { ...row, name: String(value) }, row.name);
  }
}

function refuseSwitchClashes(db: Db, siteId: string, id: string, values: { name?: string; mac?: string | null; ip?: string | null }): void {
  const clashes: FieldFault[] = [];
  if (values.name !== undefined && switchIdByName(db, siteId, values.name, id))
    clashes.push({ field: 'name', message: `the site has a switch named "${values.name}"` });
  if (values.mac && switchIdByMac(db, values.mac, id))
    clashes.push({ field: 'macAddress', message: `another switch has MAC ${values.mac}` });
  if (values.ip && switchIdByIp(db, siteId, values.ip, id))
    clashes.push({ field: 'managementIp', message: `another switch of the site has management IP ${values.ip}` });
  if (clashes.length === 0) return;
  const code = clashes.some((clash) => clash.field === 'name') ? 'name_taken' : 'conflict';
  throw new Refusal('conflict', code, `Another switch has this ${clashes.map((c) => c.field).join(', ')}; nothing was changed.`, clashes);
}

// ---- VLANs and ports ----

const vlanNameTaken = (name: string) =>
  new Refusal('conflict', 'name_taken', `The site has a VLAN named "${name}" now; nothing was changed.`, [
    { field: 'name', message: `the site has a VLAN named "${name}"` },
  ]);

function addVlan(applying: Applying, vlan: { vid: number; name: string }): void {
  const { change, siteId } = applying;
  if (vlanIdByName(change.db, siteId, vlan.name)) throw vlanNameTaken(vlan.name);
  const id = randomUUID();
  change.touch('vlan', id);
  const values: VlanValues = {
    ...(defaultColumns(VLAN) as VlanValues),
    site_id: siteId,
    vid: vlan.vid,
    name: vlan.name,
    color: pickVlanColor(usedColors(change.db, siteId)),
  };
  insertVlan(change.db, id, values, change.now);
}

function renameVlan(applying: Applying, vid: number, name: string): void {
  const { change, siteId } = applying;
  const id = vlanIdByVid(change.db, siteId, vid)!;
  if (vlanIdByName(change.db, siteId, name, id)) throw vlanNameTaken(name);
  change.touch('vlan', id);
  updateVlan(change.db, id, { ...getVlan(change.db, id)!, name }, change.now);
}

const DEFAULT_PORT = defaultColumns(PORT) as PortValues;

function addPorts(applying: Applying, ports: ObservedPortFields[]): void {
  const { change, switchId } = applying;
  let position = nextPosition(change.db, switchId);
  for (const port of ports) {
    if (portIdByName(change.db, switchId, port.name)) throw portTaken(port.name);
    const id = randomUUID();
    change.touch('port', id);
    const values: PortValues = {
      ...DEFAULT_PORT,
      name: port.name,
      position: position++,
      type: port.type as PortValues['type'],
      description: port.description,
      enabled: port.enabled ? 1 : 0,
      link_status: port.linkStatus as PortValues['link_status'],
      speed: port.speed,
    };
    insertPort(change.db, id, switchId, values, change.now);
  }
}

function portTaken(name: string): Refusal {
  return new Refusal('conflict', 'name_taken', `The switch has a port named "${name}" now; nothing was changed.`, [
    { field: 'name', message: `the switch has a port named "${name}"` },
  ]);
}

/** An item's change of a port, in the port's API fields (VLANs by id). */
function patchPort(applying: Applying, item: ProposalItem): void {
  const patch = applying.patches.get(item.name) ?? {};
  applying.patches.set(item.name, patch);
  if (item.field === 'untaggedVlan') patch.untaggedVlanId = item.observed === null ? null : vlanId(applying, item.observed as number);
  else if (item.field === 'taggedVlans') patch.taggedVlanIds = (item.observed as number[]).map((vid) => vlanId(applying, vid)).sort();
  else patch[item.field!] = item.observed;
}

function vlanId(applying: Applying, vid: number): string {
  const id = vlanIdByVid(applying.change.db, applying.siteId, vid);
  if (!id) throw new Refusal('invalid', 'validation_failed', `The site has no VLAN ${vid}; choose its VLAN too.`);
  return id;
}

/** Writes each port's patch once, after checking the port rules (fields/record-rules.ts) of the port as it would be. */
function writePatches(applying: Applying): void {
  const { change } = applying;
  const sw = getSwitch(change.db, applying.switchId)!;
  const lookups = databaseLookups(change.db, { switch: { id: sw.id, name: sw.name, siteId: sw.site_id, stackSize: sw.stack_size } });
  const faults: RuleFault[] = [];
  for (const [name, patch] of applying.patches) {
    const id = portIdByName(change.db, sw.id, name);
    if (!id) throw formedRefusal('conflict', 'discovery_stale.port_gone', { port: name });
    const merged = { ...portToApi(getPort(change.db, id)!), ...patch };
    const problems = portRuleFaults(merged, lookups, { prefix: `port ${name}.`, symmetric: false });
    if (problems.length) {
      faults.push(...problems);
      continue;
    }
    change.touch('port', id);
    updatePort(change.db, id, toColumns(PORT, merged) as PortValues, change.now);
    setTagged(change.db, id, merged.taggedVlanIds as string[]);
  }
  applying.patches.clear();
  if (faults.length) throw refusalOf(faults, 'The chosen differences would break a port rule; nothing was changed.');
}

// ---- LAGs and links ----

interface NewLag {
  name: string;
  members: string[];
  portMode: string;
  untaggedVlan: number | null;
  taggedVlans: number[];
}

function addLag(applying: Applying, lag: NewLag): void {
  const { change, switchId } = applying;
  if (lagIdByName(change.db, switchId, lag.name))
    throw new Refusal('conflict', 'name_taken', `The switch has a LAG named "${lag.name}" now; nothing was changed.`, [
      { field: 'name', message: `the switch has a LAG named "${lag.name}"` },
    ]);
  const members = memberIds(applying, lag.name, lag.members);
  const id = randomUUID();
  const record = {
    id,
    switchId,
    portMode: lag.portMode,
    untaggedVlanId: lag.untaggedVlan === null ? null : vlanId(applying, lag.untaggedVlan),
    taggedVlanIds: lag.taggedVlans.map((vid) => vlanId(applying, vid)).sort(),
  };
  // Its members were judged as they were named (memberIds).
  const context = { prefix: `lag ${lag.name}.`, symmetric: false, members: false };
  const faults = lagRuleFaults(record, databaseLookups(change.db), context);
  if (faults.length) throw refusalOf(faults, 'The LAG would break the LAG rules; nothing was changed.');
  change.touch('lag', id);
  const values: LagValues = {
    ...(defaultColumns(LAG) as LagValues),
    ...(toColumns(LAG, { name: lag.name, portMode: record.portMode, untaggedVlanId: record.untaggedVlanId }) as Partial<LagValues>),
  };
  insertLag(change.db, id, switchId, values, change.now);
  setLagTagged(change.db, id, record.taggedVlanIds);
  setLagMembers(change, id, members);
  applyLagToMembers(change, id);
}

function addLagMembers(applying: Applying, name: string, members: string[]): void {
  const { change, switchId } = applying;
  const id = lagIdByName(change.db, switchId, name);
  if (!id) throw formedRefusal('conflict', 'discovery_stale.lag_gone', { lag: name });
  const wanted = [...new Set([...memberPortIds(change.db, id), ...memberIds(applying, name, members, id)])];
  setLagMembers(change, id, wanted);
  applyLagToMembers(change, id);
}

/** The ids of a LAG's members by name: Ethernet ports of the switch in no other LAG (409 lag_member). */
function memberIds(applying: Applying, lagName: string, names: string[], lagId: string | null = null): string[] {
  const db = applying.change.db;
  return names.map((name) => {
    const id = portIdByName(db, applying.switchId, name);
    if (!id) throw formedRefusal('conflict', 'discovery_stale.port_gone', { port: name });
    const candidate = memberCandidate(db, id)!;
    const typeFaults = lagMemberTypeFaults(candidate, 'memberPortIds');
    if (typeFaults.length) throw refusalOf(typeFaults, `Port ${name} cannot join ${lagName}; nothing was changed.`);
    const other = candidate.lagId;
    if (other !== null && other !== lagId)
      throw new Refusal(
        'conflict',
        'lag_member',
        `Port ${name} is a member of LAG ${lagRefById(db, other)?.name ?? other}, so it cannot join ${lagName}.`,
        [{ field: 'memberPortIds', message: `port ${name} is in another LAG` }],
      );
    return id;
  });
}

function linkPort(applying: Applying, name: string, far: { switch: string; port: string }): void {
  const { change, switchId, siteId } = applying;
  const id = portIdByName(change.db, switchId, name);
  const farSwitch = switchIdByName(change.db, siteId, far.switch);
  const farId = farSwitch && portIdByName(change.db, farSwitch, far.port);
  if (!id || !farId || farSwitch === switchId)
    throw formedRefusal('conflict', 'discovery_stale.port_gone', { port: `${far.switch} / ${far.port}` });
  change.touch('port', id);
  relinkFarEnds(change, id, getPort(change.db, id)!.linked_port_id, farId);
  setLink(change.db, id, farId, change.now);
}

// ---- A switch the discovery created ----

/** What a new switch keeps of its discovery: its MAC and ARP tables, and the credentials to remember. */
function afterCreate(change: Change, discovery: DiscoveryRow, applying: Applying, key: CredentialKey | undefined): void {
  if (!applying.created) return;
  const { observed, input } = storedInput(change.db, discovery, applying.switchId);
  if (input)
    keepObservations(change.db, { id: discovery.id, switchId: applying.switchId, seenAt: discovery.observed_at }, observed, propose(input));
  if (!key || !discovery.credentials_nonce || !discovery.credentials_sealed) return;
  const kept = { nonce: discovery.credentials_nonce, sealed: discovery.credentials_sealed };
  const opened = openCredentials(key, kept, discovery.id);
  // Kept before the agent was sealed with them: they were given for this discovery's host.
  const boundTo = opened?.boundTo ?? parseTarget(discovery.host);
  if (!opened || !boundTo) return;
  const sealed = sealCredentials(key, { credentials: opened.credentials, boundTo }, applying.switchId);
  keepSwitchCredentials(change.db, applying.switchId, sealed.nonce, sealed.sealed, change.now);
}
