// What a switch configuration is rendered from: plain data, already read from the database.

/** A VLAN the switch defines: its number and its name as stored. */
export interface ConfigVlan {
  vlanId: number;
  name: string;
}

/** One port as the dialects need it; VLANs are numbers, as the switch knows them. */
export interface ConfigPort {
  /** The port's id, to name it when the render is refused; absent in models made by hand. */
  id?: string;
  name: string;
  /** The stack member the port is on (1-based); 1 when absent. A port named by a number N is written on it. */
  unit?: number;
  description: string | null;
  enabled: boolean;
  mode: 'access' | 'trunk';
  /** The access VLAN, or the native VLAN of a trunk; null when none is set. */
  untaggedVlan: number | null;
  /** The tagged VLANs of a trunk, sorted. */
  taggedVlans: number[];
  /** The name of the LAG (of `ConfigModel.lags`) the port is a member of; absent when it is in none. */
  lag?: string;
}

/** How a LAG's members aggregate: LACP active, LACP passive, or static (no LACP). */
export type ConfigLagMode = 'lacp-active' | 'lacp-passive' | 'static';

/**
 * A LAG of the switch (a port-channel, Junos `ae`): its members are the ports whose `lag` is its name. Its mode and
 * VLANs are what its members carry.
 */
export interface ConfigLag {
  /** The LAG's id, to name it when the render is refused; absent in models made by hand. */
  id?: string;
  /** The LAG's name as stored (Po1, ae0, uplink); its trailing number is the interface number when free. */
  name: string;
  description: string | null;
  mode: ConfigLagMode;
  portMode: 'access' | 'trunk';
  /** The access VLAN, or the native VLAN of a trunk; null when none is set. */
  untaggedVlan: number | null;
  /** The tagged VLANs of a trunk, sorted. */
  taggedVlans: number[];
}

/**
 * The switch's management interface: its management IP in a network (subnet) of a VLAN of its site, as an SVI
 * (`interface Vlan<vid>`, Junos `irb.<vid>`), with that network's gateway as the default gateway.
 */
export interface ConfigManagement {
  /** The VLAN number of the network. */
  vlanId: number;
  /** The management IP, canonical text. */
  address: string;
  /** The prefix length of the network's subnet. */
  prefixLength: number;
  /** The network's gateway, or null when it has none. */
  gateway: string | null;
}

/** A switch with its site, the VLANs it defines (sorted by number) and its ports (in position order). */
export interface ConfigModel {
  switchName: string;
  siteName: string;
  /** When the data rendered last changed (ISO 8601), or null for data without timestamps. */
  lastChangeAt: string | null;
  vlans: ConfigVlan[];
  ports: ConfigPort[];
  /** The switch's LAGs, in name order; absent or empty when it has none. */
  lags?: ConfigLag[];
  /** The management interface, when the management IP lies in a subnet of a VLAN of the site; absent or null otherwise. */
  management?: ConfigManagement | null;
}
