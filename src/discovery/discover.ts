// What a discovery does with the database once the switch has been read (docs/DISCOVERY.md): the documented data its
// proposal compares with, the discovery's row, and the MAC and ARP tables kept of a documented switch. The SNMP
// read happens before (routes/discovery.ts awaits it), so that no transaction waits on the network.
import {
  documentedLags,
  documentedPorts,
  insertDiscovery,
  keepSwitchCredentials,
  replaceArp,
  replaceFdb,
  siteSwitchesWithPorts,
  siteVlans,
  type ArpEntry,
  type DiscoveryRow,
  type DocumentedPortRow,
  type FdbEntry,
} from '../db/discoveries.ts';
import { inTransaction, type Db } from '../db/open.ts';
import { queueEvent } from '../db/activity.ts';
import { DISCOVERY_COMPLETED } from '../db/webhooks.ts';
import { getSite } from '../db/sites.ts';
import { getSwitch } from '../db/switches.ts';
import { normalizeIp, normalizeMac } from '../lib/net.ts';
import { sealCredentials, type CredentialKey } from './credentials.ts';
import { recordHistory } from './history.ts';
import type { ObservedSwitch, SnmpCredentials } from './observed.ts';
import type { Target } from './target.ts';
import { propose, realMac, type DocumentedSwitch, type Proposal, type ProposalInput, type ProposalItem } from './proposal.ts';

/** Where a discovery is made: its site, its switch (null for one not documented yet) and the agent's host (without port). */
export interface Scope {
  siteId: string;
  switchId: string | null;
  host: string;
}

/** What the proposals of one site share: its VLANs and its switches with their port names, read once for all of them. */
export interface SiteDocumentation {
  vlans: { id: string; vid: number; name: string }[];
  switches: (ProposalInput['switches'][number] & { id: string })[];
}

export function siteDocumentation(db: Db, siteId: string): SiteDocumentation {
  return {
    vlans: siteVlans(db, siteId),
    switches: siteSwitchesWithPorts(db, siteId).map((sw) => ({
      id: sw.id,
      name: sw.name,
      macAddress: sw.mac_address,
      managementIp: sw.management_ip,
      ports: (JSON.parse(sw.ports) as string[]).map((name) => ({ name })),
    })),
  };
}

/**
 * The documented data a proposal compares `observed` with, read now (the site's part given when the caller already
 * has it); undefined when the switch is gone.
 */
export function proposalInput(
  db: Db,
  scope: Scope,
  observed: ObservedSwitch,
  site: SiteDocumentation = siteDocumentation(db, scope.siteId),
): ProposalInput | undefined {
  const documented = scope.switchId === null ? null : documentedSwitch(db, scope.switchId);
  if (documented === undefined) return undefined;
  return {
    documented,
    host: scope.host,
    vlans: site.vlans.map(({ vid, name }) => ({ vid, name })),
    switches: site.switches.filter((sw) => sw.id !== scope.switchId),
    observed,
  };
}

function documentedSwitch(db: Db, switchId: string): DocumentedSwitch | undefined {
  const sw = getSwitch(db, switchId);
  if (!sw) return undefined;
  return {
    name: sw.name,
    model: sw.model,
    serialNumber: sw.serial_number,
    macAddress: sw.mac_address,
    ports: documentedPorts(db, switchId).map((port) => ({
      name: port.name,
      description: port.description,
      speed: port.speed,
      type: port.type,
      enabled: port.enabled === 1,
      linkStatus: port.link_status,
      mode: port.mode,
      untaggedVid: port.untagged_vid,
      taggedVids: JSON.parse(port.tagged_vids) as number[],
      lag: port.lag_name,
      link: port.linked_switch !== null && port.linked_port !== null ? { switch: port.linked_switch, port: port.linked_port } : null,
    })),
    lags: documentedLags(db, switchId).map((lag) => ({ name: lag.name, members: JSON.parse(lag.members) as string[] })),
  };
}

/** What one discovery stores: its row, and for a documented switch its MAC and ARP tables and its credentials. */
export interface NewDiscovery {
  id: string;
  scope: Scope;
  /** The host as the request gave it (with its port). */
  hostText: string;
  observed: ObservedSwitch;
  observedAt: string;
  createdBy: string | null;
  /** The agent that read the switch (issue 39); absent for the server's own reads. */
  agentId?: string;
  /** Credentials to keep (remember: true) for the agent they were given for, sealed with `key`. */
  remember?: { credentials: SnmpCredentials; boundTo: Target; key: CredentialKey };
  /**
   * false for a reading that has no MAC and ARP tables and no port states (a running configuration): the documented
   * switch keeps its last tables and its history is not added to. Default true.
   */
  tables?: boolean;
}

/**
 * Compares and stores a discovery in one transaction: its proposal from the documented data as it is now, and for a
 * documented switch its MAC and ARP tables (replacing the last ones) and the credentials to remember. Undefined when
 * the site or the switch was deleted while it was read.
 */
export function recordDiscovery(db: Db, discovery: NewDiscovery): DiscoveryRow | undefined {
  return inTransaction(db, () => storeDiscovery(db, discovery));
}

/** recordDiscovery inside the caller's transaction (an agent's observation stores its idempotency key in the same one). */
export function storeDiscovery(db: Db, discovery: NewDiscovery): DiscoveryRow | undefined {
  const { scope, observed } = discovery;
  const input = getSite(db, scope.siteId) && proposalInput(db, scope, observed);
  if (!input) return undefined;
  const proposal = propose(input);
  const { remember } = discovery;
  const sealed = remember && sealCredentials(remember.key, remember, scope.switchId ?? discovery.id);
  const row: DiscoveryRow = {
    id: discovery.id,
    site_id: scope.siteId,
    switch_id: scope.switchId,
    for_new_switch: scope.switchId === null ? 1 : 0,
    host: discovery.hostText,
    observed_at: discovery.observedAt,
    created_by: discovery.createdBy,
    system: JSON.stringify(observed.system),
    proposal: JSON.stringify(proposal.items),
    // A new switch's MAC and ARP tables wait with the discovery until applying creates the switch and its ports.
    observed: JSON.stringify(scope.switchId === null ? observed : { ...observed, fdb: [], arp: [] }),
    notes: JSON.stringify([...observed.notes, ...proposal.notes]),
    applied_at: null,
    applied_keys: null,
    activity_id: null,
    credentials_nonce: scope.switchId === null && sealed ? sealed.nonce : null,
    credentials_sealed: scope.switchId === null && sealed ? sealed.sealed : null,
    agent_id: discovery.agentId ?? null,
  };
  insertDiscovery(db, row);
  queueDiscoveryEvent(db, row, proposal.items.length);
  if (scope.switchId !== null) {
    if (discovery.tables !== false)
      keepObservations(db, { id: discovery.id, switchId: scope.switchId, seenAt: discovery.observedAt }, observed, proposal);
    if (sealed) keepSwitchCredentials(db, scope.switchId, sealed.nonce, sealed.sealed, discovery.observedAt);
  }
  return row;
}

function queueDiscoveryEvent(db: Db, row: DiscoveryRow, differences: number): void {
  const data = { id: row.id, siteId: row.site_id, switchId: row.switch_id, host: row.host, observedAt: row.observed_at, differences };
  queueEvent(db, {
    eventId: row.id,
    type: DISCOVERY_COMPLETED,
    siteId: row.site_id,
    occurredAt: row.observed_at,
    data: JSON.stringify(data),
  });
}

/**
 * Replaces a switch's kept MAC and ARP tables with what a discovery read, and adds it to the switch's history. A MAC is kept only where the device is:
 * on a port documented as an access port that links to no other switch and is in no LAG, which the switch reports
 * as no trunk and in no LAG, and for which the proposal found no link to a documented switch.
 */
export function keepObservations(db: Db, discovery: KeptDiscovery, observed: ObservedSwitch, proposal: Proposal): void {
  const { switchId, seenAt } = discovery;
  const ports = documentedPorts(db, switchId);
  const fdb = keptFdb(observed, ports, proposal.items);
  replaceFdb(db, switchId, fdb, seenAt);
  replaceArp(db, switchId, keptArp(observed), seenAt);
  const switchName = getSwitch(db, switchId)?.name ?? '';
  recordHistory(db, { discoveryId: discovery.id, switchId, switchName, at: seenAt, observed, ports, fdb });
}

/** The discovery whose observations a documented switch keeps: its id, the switch and when it read it. */
export interface KeptDiscovery {
  id: string;
  switchId: string;
  seenAt: string;
}

function keptFdb(observed: ObservedSwitch, ports: DocumentedPortRow[], items: ProposalItem[]): FdbEntry[] {
  const byName = new Map(ports.map((port) => [port.name.toLowerCase(), port]));
  const uplinks = new Set(items.filter((item) => item.kind === 'link').map((item) => item.name.toLowerCase()));
  const trunks = new Set(observed.membership.filter((entry) => entry.trunk).map((entry) => entry.ifIndex));
  const inLag = new Set(observed.lags.flatMap((lag) => [lag.ifIndex, ...lag.memberIfIndexes]));
  const access = new Map<number, string>();
  for (const port of observed.ports) {
    const documented = byName.get(port.name.toLowerCase());
    if (!documented || trunks.has(port.ifIndex) || inLag.has(port.ifIndex) || uplinks.has(port.name.toLowerCase())) continue;
    if (documented.mode === 'access' && documented.lag_name === null && documented.linked_port === null)
      access.set(port.ifIndex, documented.id);
  }
  const kept = new Map<string, FdbEntry>();
  for (const entry of observed.fdb) {
    const portId = access.get(entry.ifIndex);
    const mac = normalizeMac(entry.mac);
    if (!portId || !mac) continue;
    const vlan = entry.vlan !== null && Number.isInteger(entry.vlan) && entry.vlan >= 1 && entry.vlan <= 4094 ? entry.vlan : null;
    kept.set(`${portId} ${mac} ${vlan}`, { portId, mac, vlan });
  }
  return [...kept.values()];
}

function keptArp(observed: ObservedSwitch): ArpEntry[] {
  const kept = new Map<string, ArpEntry>();
  for (const entry of observed.arp) {
    const ip = normalizeIp(entry.ip);
    const mac = realMac(entry.mac);
    if (ip && mac) kept.set(`${ip} ${mac}`, { ip, mac });
  }
  return [...kept.values()];
}
