// Reads what a switch's configuration is rendered from: the switch and its site, its ports with their tagged
// lists, its LAGs with theirs, the VLANs it defines (its configured VLANs and those its ports and LAGs carry) and, when its management IP lies
// in a subnet of a VLAN of its site, that network; a handful of queries inside one read transaction (one snapshot).
import { cidrContains } from '../lib/net.ts';
import type { ConfigLag, ConfigManagement, ConfigModel, ConfigPort } from '../switch-config/model.ts';
import { inTransaction, prepare, type Db } from './open.ts';

interface SwitchHeadRow {
  name: string;
  site_id: string;
  management_ip: string | null;
  updated_at: string;
  site_name: string;
  site_updated_at: string;
}

interface PortRow {
  id: string;
  name: string;
  unit: number;
  description: string | null;
  enabled: number;
  mode: 'access' | 'trunk';
  untagged_vlan_id: string | null;
  lag_id: string | null;
  updated_at: string;
}

interface LagRow {
  id: string;
  name: string;
  description: string | null;
  mode: ConfigLag['mode'];
  port_mode: 'access' | 'trunk';
  untagged_vlan_id: string | null;
  updated_at: string;
}

/** A (port or LAG, tagged VLAN) pair. */
interface TaggedRow {
  owner_id: string;
  vlan_id: string;
}

interface VlanRow {
  id: string;
  vid: number;
  name: string;
  updated_at: string;
}

interface ManagementNetworkRow {
  id: string;
  subnet: string;
  gateway: string | null;
  updated_at: string;
  vlan_id: string;
  vid: number;
  vlan_name: string;
  vlan_updated_at: string;
}

/** Port types that are no switch ports: they have no VLANs and no switchport configuration. */
const NOT_SWITCH_PORTS = `('console', 'management')`;

/** The switch's configuration model, or undefined when there is no such switch. */
export function loadConfigModel(db: Db, switchId: string): ConfigModel | undefined {
  return inTransaction(
    db,
    () => {
      const head = switchHead(db, switchId);
      if (!head) return undefined;
      const ports = switchPorts(db, switchId);
      const lags = switchLags(db, switchId);
      const tagged = [...switchTaggedVlans(db, switchId), ...(lags.length > 0 ? switchLagTaggedVlans(db, switchId) : [])];
      const vlans = vlansOfSwitch(db, switchId);
      const management = head.management_ip === null ? undefined : managementNetwork(db, head.site_id, head.management_ip);
      return buildModel(head, ports, lags, tagged, vlans, management);
    },
    'DEFERRED',
  );
}

/** The switch's name, management IP and site, with its and its site's updated_at. */
function switchHead(db: Db, switchId: string): SwitchHeadRow | undefined {
  return prepare(
    db,
    `SELECT sw.name, sw.site_id, sw.management_ip, sw.updated_at, s.name AS site_name, s.updated_at AS site_updated_at
    FROM switches sw JOIN sites s ON s.id = sw.site_id WHERE sw.id = ?`,
  ).get(switchId) as SwitchHeadRow | undefined;
}

/** The switch's switch ports (not console or management ports) in position order (name, then id, break ties). */
function switchPorts(db: Db, switchId: string): PortRow[] {
  return prepare(
    db,
    `SELECT id, name, unit, description, enabled, mode, untagged_vlan_id, lag_id, updated_at
    FROM ports WHERE switch_id = ? AND type NOT IN ${NOT_SWITCH_PORTS} ORDER BY position, name, id`,
  ).all(switchId) as unknown as PortRow[];
}

/** Every (port, tagged VLAN) pair of the switch's ports. */
function switchTaggedVlans(db: Db, switchId: string): TaggedRow[] {
  return prepare(
    db,
    `SELECT t.port_id AS owner_id, t.vlan_id FROM port_tagged_vlans t JOIN ports p ON p.id = t.port_id
    WHERE p.switch_id = ? AND p.type NOT IN ${NOT_SWITCH_PORTS}`,
  ).all(switchId) as unknown as TaggedRow[];
}

/** The switch's LAGs in name order (case-insensitive, as names are unique), then id. */
function switchLags(db: Db, switchId: string): LagRow[] {
  return prepare(
    db,
    `SELECT id, name, description, mode, port_mode, untagged_vlan_id, updated_at FROM lags WHERE switch_id = ? ORDER BY name, id`,
  ).all(switchId) as unknown as LagRow[];
}

/** Every (LAG, tagged VLAN) pair of the switch's LAGs. */
function switchLagTaggedVlans(db: Db, switchId: string): TaggedRow[] {
  return prepare(
    db,
    `SELECT t.lag_id AS owner_id, t.vlan_id FROM lag_tagged_vlans t JOIN lags l ON l.id = t.lag_id WHERE l.switch_id = ?`,
  ).all(switchId) as unknown as TaggedRow[];
}

/** The VLANs the switch defines: its configured VLANs and those its ports and LAGs carry, untagged or tagged, by number. */
function vlansOfSwitch(db: Db, switchId: string): VlanRow[] {
  return prepare(
    db,
    `SELECT id, vid, name, updated_at FROM vlans WHERE id IN (
      SELECT untagged_vlan_id FROM ports WHERE switch_id = :sw AND type NOT IN ${NOT_SWITCH_PORTS}
      UNION SELECT t.vlan_id FROM port_tagged_vlans t JOIN ports p ON p.id = t.port_id
        WHERE p.switch_id = :sw AND p.type NOT IN ${NOT_SWITCH_PORTS}
      UNION SELECT vlan_id FROM switch_configured_vlans WHERE switch_id = :sw
      UNION SELECT untagged_vlan_id FROM lags WHERE switch_id = :sw
      UNION SELECT t.vlan_id FROM lag_tagged_vlans t JOIN lags l ON l.id = t.lag_id WHERE l.switch_id = :sw)
    ORDER BY vid, id`,
  ).all({ sw: switchId }) as unknown as VlanRow[];
}

/**
 * The network of a VLAN of the site whose subnet holds the management IP: the most specific one (overlapping
 * subnets carried forward from model 1 can both hold it), then by subnet and id.
 */
function managementNetwork(db: Db, siteId: string, managementIp: string): ManagementNetworkRow | undefined {
  const rows = prepare(
    db,
    `SELECT n.id, n.subnet, n.gateway, n.updated_at, v.id AS vlan_id, v.vid, v.name AS vlan_name, v.updated_at AS vlan_updated_at
    FROM networks n JOIN vlans v ON v.id = n.vlan_id WHERE n.site_id = ? ORDER BY n.subnet, n.id`,
  ).all(siteId) as unknown as ManagementNetworkRow[];
  const holding = rows.filter((row) => cidrContains(row.subnet, managementIp));
  return holding.sort((a, b) => prefixLength(b.subnet) - prefixLength(a.subnet))[0];
}

const prefixLength = (subnet: string) => Number(subnet.split('/')[1]);

function buildModel(
  head: SwitchHeadRow,
  ports: PortRow[],
  lags: LagRow[],
  tagged: TaggedRow[],
  vlanRows: VlanRow[],
  management: ManagementNetworkRow | undefined,
): ConfigModel {
  // The management VLAN is defined too: its SVI (or irb unit) needs it on the switch.
  const vlans = [...vlanRows];
  if (management && !vlans.some((vlan) => vlan.id === management.vlan_id)) {
    vlans.push({ id: management.vlan_id, vid: management.vid, name: management.vlan_name, updated_at: management.vlan_updated_at });
    vlans.sort((a, b) => a.vid - b.vid);
  }
  const vidOf = new Map(vlans.map((vlan) => [vlan.id, vlan.vid]));
  // Tagged VLAN numbers by port or LAG id (ids are UUIDs: one map holds both).
  const taggedBy = new Map<string, number[]>();
  for (const { owner_id, vlan_id } of tagged) {
    const vid = vidOf.get(vlan_id);
    if (vid !== undefined) (taggedBy.get(owner_id) ?? taggedBy.set(owner_id, []).get(owner_id)!).push(vid);
  }
  const untaggedOf = (row: { untagged_vlan_id: string | null }) =>
    row.untagged_vlan_id === null ? null : (vidOf.get(row.untagged_vlan_id) ?? null);
  const taggedOf = (id: string) => (taggedBy.get(id) ?? []).sort((a, b) => a - b);
  const lagName = new Map(lags.map((lag) => [lag.id, lag.name]));
  const configPorts: ConfigPort[] = ports.map((port) => ({
    id: port.id,
    name: port.name,
    unit: port.unit,
    description: port.description,
    enabled: port.enabled === 1,
    mode: port.mode,
    untaggedVlan: untaggedOf(port),
    taggedVlans: taggedOf(port.id),
    ...(port.lag_id !== null && lagName.has(port.lag_id) ? { lag: lagName.get(port.lag_id) } : {}),
  }));
  const configLags: ConfigLag[] = lags.map((lag) => ({
    id: lag.id,
    name: lag.name,
    description: lag.description,
    mode: lag.mode,
    portMode: lag.port_mode,
    untaggedVlan: untaggedOf(lag),
    taggedVlans: taggedOf(lag.id),
  }));
  const managementModel: ConfigManagement | null =
    management && head.management_ip !== null
      ? { vlanId: management.vid, address: head.management_ip, prefixLength: prefixLength(management.subnet), gateway: management.gateway }
      : null;
  // ISO 8601 UTC text sorts as time does.
  const stamps = [
    head.updated_at,
    head.site_updated_at,
    ...ports.map((p) => p.updated_at),
    ...lags.map((l) => l.updated_at),
    ...vlans.map((v) => v.updated_at),
    ...(management ? [management.updated_at] : []),
  ];
  return {
    switchName: head.name,
    siteName: head.site_name,
    // biome-ignore lint/complexity/useMathMinMax: ISO 8601 text is compared as text
    lastChangeAt: stamps.reduce((newest, stamp) => (stamp > newest ? stamp : newest)),
    vlans: vlans.map((vlan) => ({ vlanId: vlan.vid, name: vlan.name })),
    ports: configPorts,
    ...(configLags.length > 0 ? { lags: configLags } : {}),
    ...(managementModel ? { management: managementModel } : {}),
  };
}
