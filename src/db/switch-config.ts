// Reads what a switch's configuration is rendered from: the switch and its site, its ports with their tagged
// lists, and the networks those ports use, in four queries inside one read transaction (one snapshot).
import type { ConfigModel, ConfigPort } from '../switch-config/model.ts';
import { inTransaction, prepare, type Db } from './open.ts';

interface SwitchHeadRow {
  name: string;
  updated_at: string;
  site_name: string;
  site_updated_at: string;
}

interface PortRow {
  id: string;
  name: string;
  description: string | null;
  enabled: number;
  mode: 'access' | 'trunk';
  untagged_network_id: string | null;
  updated_at: string;
}

interface NetworkRow {
  id: string;
  name: string;
  vlan_id: number;
  updated_at: string;
}

/** The switch's configuration model, or undefined when there is no such switch. */
export function loadConfigModel(db: Db, switchId: string): ConfigModel | undefined {
  return inTransaction(
    db,
    () => {
      const head = switchHead(db, switchId);
      if (!head) return undefined;
      const ports = switchPorts(db, switchId);
      const tagged = switchTaggedNetworks(db, switchId);
      const networks = networksUsedBySwitch(db, switchId);
      return buildModel(head, ports, tagged, networks);
    },
    'DEFERRED',
  );
}

/** The switch's name and its site's name, with both rows' updated_at. */
function switchHead(db: Db, switchId: string): SwitchHeadRow | undefined {
  return prepare(
    db,
    `SELECT sw.name, sw.updated_at, s.name AS site_name, s.updated_at AS site_updated_at
    FROM switches sw JOIN sites s ON s.id = sw.site_id WHERE sw.id = ?`,
  ).get(switchId) as SwitchHeadRow | undefined;
}

/** The switch's ports in position order (name, then id, break ties). */
function switchPorts(db: Db, switchId: string): PortRow[] {
  return prepare(
    db,
    `SELECT id, name, description, enabled, mode, untagged_network_id, updated_at
    FROM ports WHERE switch_id = ? ORDER BY position, name, id`,
  ).all(switchId) as unknown as PortRow[];
}

/** Every (port, tagged network) pair of the switch's ports. */
function switchTaggedNetworks(db: Db, switchId: string): { port_id: string; network_id: string }[] {
  return prepare(
    db,
    `SELECT t.port_id, t.network_id FROM port_tagged_networks t JOIN ports p ON p.id = t.port_id
    WHERE p.switch_id = ?`,
  ).all(switchId) as unknown as { port_id: string; network_id: string }[];
}

/** The networks the switch's ports use, untagged or tagged, by VLAN number. */
function networksUsedBySwitch(db: Db, switchId: string): NetworkRow[] {
  return prepare(
    db,
    `SELECT id, name, vlan_id, updated_at FROM networks WHERE id IN (
      SELECT untagged_network_id FROM ports WHERE switch_id = ?
      UNION SELECT t.network_id FROM port_tagged_networks t JOIN ports p ON p.id = t.port_id WHERE p.switch_id = ?)
    ORDER BY vlan_id, id`,
  ).all(switchId, switchId) as unknown as NetworkRow[];
}

function buildModel(
  head: SwitchHeadRow,
  ports: PortRow[],
  tagged: { port_id: string; network_id: string }[],
  networks: NetworkRow[],
): ConfigModel {
  const vlanOf = new Map(networks.map((network) => [network.id, network.vlan_id]));
  const taggedByPort = new Map<string, number[]>();
  for (const { port_id, network_id } of tagged) {
    const vlan = vlanOf.get(network_id);
    if (vlan !== undefined) (taggedByPort.get(port_id) ?? taggedByPort.set(port_id, []).get(port_id)!).push(vlan);
  }
  const configPorts: ConfigPort[] = ports.map((port) => ({
    id: port.id,
    name: port.name,
    description: port.description,
    enabled: port.enabled === 1,
    mode: port.mode,
    untaggedVlan: port.untagged_network_id === null ? null : (vlanOf.get(port.untagged_network_id) ?? null),
    taggedVlans: (taggedByPort.get(port.id) ?? []).sort((a, b) => a - b),
  }));
  // ISO 8601 UTC text sorts as time does.
  const stamps = [head.updated_at, head.site_updated_at, ...ports.map((p) => p.updated_at), ...networks.map((n) => n.updated_at)];
  return {
    switchName: head.name,
    siteName: head.site_name,
    // biome-ignore lint/complexity/useMathMinMax: ISO 8601 text is compared as text
    lastChangeAt: stamps.reduce((newest, stamp) => (stamp > newest ? stamp : newest)),
    vlans: networks.map((network) => ({ vlanId: network.vlan_id, name: network.name })),
    ports: configPorts,
  };
}
