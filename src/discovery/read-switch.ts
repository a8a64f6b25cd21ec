// Reads a switch over SNMP into an ObservedSwitch: walks only the subtrees the decoders (mib-*.ts) need, in a
// bounded time, then decodes them. The system group and the interfaces must answer; any other table that does not
// is skipped with a note, and so is a Cisco per-VLAN instance that does not answer.
import type { ObservedFdbEntry, ObservedSwitch, SnmpCredentials } from './observed.ts';
import { DeviceError } from './observed.ts';
import type { Target } from './target.ts';
import { DOT1D_BASE_PORT_IF_INDEX, decodeBridgePorts } from './mib-bridge.ts';
import { CISCO_VLAN_COLUMNS, decodeCiscoVlans, hasVtpVlans, vlansNeedingInstances } from './mib-cisco-vlans.ts';
import { ARP_COLUMNS, DOT1D_TP_FDB_PORT, DOT1Q_TP_FDB_PORT, decodeArp, decodeFdb } from './mib-fdb.ts';
import { decodeInterfaces, HC_OCTET_COLUMNS, INTERFACE_COLUMNS, indexInterfaces, OCTET_COLUMNS, withOctets } from './mib-interfaces.ts';
import { DOT3AD_AGG_PORT_ATTACHED_AGG_ID, decodeLags, IF_STACK_STATUS } from './mib-lag.ts';
import { CDP_COLUMNS, decodeCdp, decodeLldp, LLDP_COLUMNS } from './mib-lldp.ts';
import { decodePoe, POE_COLUMNS } from './mib-poe.ts';
import {
  DOT1Q_VLAN_FDB_ID,
  DOT1Q_VLAN_STATIC_EGRESS,
  decodeQBridge,
  hasQBridgeVlans,
  JUNOS_VLAN_COLUMNS,
  Q_BRIDGE_COLUMNS,
  Q_BRIDGE_CURRENT_COLUMNS,
  type VlanFacts,
} from './mib-q-bridge.ts';
import {
  BRIDGE_ADDRESS,
  decodeSystem,
  ENT_PHYSICAL_CLASS,
  ENT_PHYSICAL_MODEL,
  ENT_PHYSICAL_SERIAL,
  firstChassisIndex,
  SYSTEM_SCALARS,
} from './mib-system.ts';
import { column, type SnmpValue } from './mib-values.ts';
import {
  DEFAULT_SNMP_LIMITS,
  Deadline,
  resolveTarget,
  type SnmpInstance,
  type SnmpLimits,
  SnmpSession,
  withinDeadline,
} from './snmp-session.ts';

/** Cisco's v3 context of a per-VLAN bridge instance; `{context}` is the credentials' context, `{vlan}` the VLAN id. */
export const CISCO_VLAN_CONTEXT = 'vlan-{vlan}';
/** Cisco's v2c community of a per-VLAN bridge instance ("community string indexing"). */
export const CISCO_VLAN_COMMUNITY = '{community}@{vlan}';

/** How Cisco per-VLAN bridge instances are named (a simulator names its v3 contexts `{context}@{vlan}`). */
export interface ReadOptions {
  vlanContextPattern?: string;
  vlanCommunityPattern?: string;
}

/** Per-VLAN instances read at once. */
const INSTANCE_CONCURRENCY = 4;
/** Optional tables in a row that time out before the switch counts as gone. */
const TIMEOUTS_BEFORE_GIVING_UP = 3;

/** Reads one switch; throws DeviceError (timeout or error) when it cannot be read. */
export async function readSwitch(
  target: Target,
  credentials: SnmpCredentials,
  limits: { requestTimeoutMs?: number; retries?: number; deadlineMs?: number } = {},
  options: ReadOptions = {},
): Promise<ObservedSwitch> {
  const settings: SnmpLimits = { ...DEFAULT_SNMP_LIMITS };
  for (const key of ['requestTimeoutMs', 'retries', 'deadlineMs'] as const) if (limits[key] !== undefined) settings[key] = limits[key];
  const deadline = new Deadline(settings.deadlineMs);
  const resolved = await resolveTarget(target, deadline);
  const session = new SnmpSession(resolved, credentials, settings, deadline);
  const instanceSession = (instance: SnmpInstance) => new SnmpSession(resolved, credentials, settings, deadline, instance);
  try {
    return await withinDeadline(deadline, readAll(new TableReader(session), credentials, options, instanceSession));
  } finally {
    session.close();
  }
}

/** Walks tables into one map; an optional table that fails becomes a note, unless the switch seems gone. */
class TableReader {
  readonly walk = new Map<string, SnmpValue>();
  readonly notes: string[] = [];
  readonly session: SnmpSession;
  private timeoutsInARow = 0;

  constructor(session: SnmpSession) {
    this.session = session;
  }

  async required(oids: string[]): Promise<void> {
    for (const oid of oids) await this.session.walk(oid, this.walk);
  }

  /** Walks columns the switch may lack or refuse: each failure is a note. */
  async optional(oids: string[]): Promise<void> {
    for (const oid of oids) await this.tolerate(oid, () => this.session.walk(oid, this.walk));
  }

  async get(oids: string[]): Promise<void> {
    for (const [oid, value] of await this.session.get(oids)) this.walk.set(oid, value);
  }

  /** A GET of scalars the switch may lack or refuse. */
  async optionalGet(oids: string[]): Promise<void> {
    await this.tolerate(oids.join(', '), () => this.get(oids));
  }

  /** A failed optional read becomes a note; past the deadline, or after a few timeouts in a row, the read fails. */
  private async tolerate(what: string, read: () => Promise<void>): Promise<void> {
    try {
      await read();
      this.timeoutsInARow = 0;
    } catch (error) {
      if (!(error instanceof DeviceError) || this.session.pastDeadline()) throw error;
      if (error.kind === 'timeout' && ++this.timeoutsInARow >= TIMEOUTS_BEFORE_GIVING_UP) {
        throw new DeviceError('timeout', `${error.message}; the switch stopped answering`);
      }
      this.notes.push(`${what} could not be read (${error.message}); skipped`);
    }
  }

  has(oid: string): boolean {
    return column(this.walk, oid).size > 0;
  }
}

type InstanceSession = (instance: SnmpInstance) => SnmpSession;

async function readAll(
  reader: TableReader,
  credentials: SnmpCredentials,
  options: ReadOptions,
  instanceSession: InstanceSession,
): Promise<ObservedSwitch> {
  await reader.get(SYSTEM_SCALARS);
  await reader.required(INTERFACE_COLUMNS);
  await reader.optionalGet([BRIDGE_ADDRESS]);
  await reader.optional([ENT_PHYSICAL_CLASS]);
  const chassis = firstChassisIndex(reader.walk);
  if (chassis !== undefined) await reader.optionalGet([`${ENT_PHYSICAL_MODEL}.${chassis}`, `${ENT_PHYSICAL_SERIAL}.${chassis}`]);
  await reader.optional([DOT1D_BASE_PORT_IF_INDEX, ...Q_BRIDGE_COLUMNS, DOT1Q_VLAN_FDB_ID]);
  if (!reader.has(DOT1Q_VLAN_STATIC_EGRESS)) await reader.optional(Q_BRIDGE_CURRENT_COLUMNS);

  const system = decodeSystem(reader.walk);
  const { walk, notes } = reader;
  const ports = decodeInterfaces(walk);
  const interfaces = indexInterfaces(walk, ports);
  const bridgePorts = decodeBridgePorts(walk, interfaces.byIfIndex.keys());
  if (system.vendor === 'Juniper') await reader.optional(JUNOS_VLAN_COLUMNS);

  let vlanFacts: VlanFacts = { vlans: [], membership: [], notes: [] };
  const fdb: ObservedFdbEntry[] = [];
  if (hasQBridgeVlans(walk)) {
    vlanFacts = decodeQBridge(walk, bridgePorts, system.vendor === 'Juniper');
  } else {
    await reader.optional(CISCO_VLAN_COLUMNS);
    if (hasVtpVlans(walk)) {
      const instances = new Map<number, ReadonlySet<number>>();
      if (bridgePorts.map.size > 0) instances.set(1, new Set(bridgePorts.map.values()));
      const vids = vlansNeedingInstances(walk);
      const perVlan = await readVlanInstances(vids, credentials, options, instanceSession, interfaces.byIfIndex.keys());
      for (const [vid, instance] of perVlan.instances) instances.set(vid, instance);
      fdb.push(...perVlan.fdb);
      notes.push(...perVlan.notes);
      vlanFacts = decodeCiscoVlans(walk, instances);
    }
  }

  await reader.optional([DOT3AD_AGG_PORT_ATTACHED_AGG_ID]);
  if (!reader.has(DOT3AD_AGG_PORT_ATTACHED_AGG_ID)) await reader.optional([IF_STACK_STATUS]);
  await reader.optional([...LLDP_COLUMNS, ...CDP_COLUMNS]);
  await reader.optional([DOT1Q_TP_FDB_PORT]);
  if (!reader.has(DOT1Q_TP_FDB_PORT)) await reader.optional([DOT1D_TP_FDB_PORT]);
  await reader.optional([...ARP_COLUMNS, ...POE_COLUMNS]);
  await reader.optional(HC_OCTET_COLUMNS);
  if (!reader.has(HC_OCTET_COLUMNS[0])) await reader.optional(OCTET_COLUMNS);

  notes.push(...vlanFacts.notes);
  const neighbours = [...decodeLldp(walk, interfaces, bridgePorts, notes), ...decodeCdp(walk, interfaces)];
  return {
    system,
    ports: withOctets(walk, ports),
    vlans: vlanFacts.vlans,
    membership: vlanFacts.membership,
    lags: decodeLags(walk, ports),
    neighbours,
    fdb: [...decodeFdb(walk, bridgePorts, notes), ...fdb],
    arp: decodeArp(walk),
    poe: decodePoe(walk, new Set(interfaces.byIfIndex.keys()), notes),
    notes,
  };
}

/** The instance of one VLAN: its community over v2c, its context over v3. */
function vlanInstance(vid: number, credentials: SnmpCredentials, options: ReadOptions): SnmpInstance {
  if (credentials.version === '2c') {
    const pattern = options.vlanCommunityPattern ?? CISCO_VLAN_COMMUNITY;
    return { community: pattern.replaceAll('{community}', credentials.community).replaceAll('{vlan}', String(vid)) };
  }
  const pattern = options.vlanContextPattern ?? CISCO_VLAN_CONTEXT;
  return { context: pattern.replaceAll('{context}', credentials.context ?? '').replaceAll('{vlan}', String(vid)) };
}

/**
 * Cisco's per-VLAN BRIDGE-MIB instances, a few at a time: each one's ports (dot1dBasePortIfIndex) and learned MACs.
 * One that does not answer is skipped with a note (its VLAN's trunk members stay unknown).
 */
async function readVlanInstances(
  vids: number[],
  credentials: SnmpCredentials,
  options: ReadOptions,
  instanceSession: InstanceSession,
  ifIndexes: Iterable<number>,
): Promise<{ instances: Map<number, ReadonlySet<number>>; fdb: ObservedFdbEntry[]; notes: string[] }> {
  const known = [...ifIndexes];
  const instances = new Map<number, ReadonlySet<number>>();
  const fdb: ObservedFdbEntry[] = [];
  const notes: string[] = [];
  const silent: number[] = [];
  const readOne = async (vid: number) => {
    const session = instanceSession(vlanInstance(vid, credentials, options));
    const walk = new Map<string, SnmpValue>();
    try {
      await session.walk(DOT1D_BASE_PORT_IF_INDEX, walk);
      await session.walk(DOT1D_TP_FDB_PORT, walk);
    } catch (error) {
      if (!(error instanceof DeviceError) || session.pastDeadline()) throw error;
      silent.push(vid);
      return;
    } finally {
      session.close();
    }
    const bridgePorts = decodeBridgePorts(walk, known);
    instances.set(vid, new Set(bridgePorts.map.values()));
    fdb.push(...decodeFdb(walk, bridgePorts, notes, vid));
  };
  for (let i = 0; i < vids.length; i += INSTANCE_CONCURRENCY) await Promise.all(vids.slice(i, i + INSTANCE_CONCURRENCY).map(readOne));
  if (silent.length > 0) {
    notes.push(`the per-VLAN BRIDGE-MIB instances of VLANs ${silent.sort((a, b) => a - b).join(', ')} did not answer (skipped)`);
  }
  return { instances, fdb: fdb.sort((a, b) => (a.vlan ?? 0) - (b.vlan ?? 0)), notes };
}
