// What a switch configuration is rendered from: plain data, already read from the database.

/** A VLAN the switch's ports use: its number and its network's name as stored. */
export interface ConfigVlan {
  vlanId: number;
  name: string;
}

/** One port as the dialects need it; VLANs are numbers, as the switch knows them. */
export interface ConfigPort {
  /** The port's id, to name it when the render is refused; absent in models made by hand. */
  id?: string;
  name: string;
  description: string | null;
  enabled: boolean;
  mode: 'access' | 'trunk';
  /** The access VLAN, or the native VLAN of a trunk; null when none is set. */
  untaggedVlan: number | null;
  /** The tagged VLANs of a trunk, sorted. */
  taggedVlans: number[];
}

/** A switch with its site, the VLANs its ports use (sorted by number) and its ports (in position order). */
export interface ConfigModel {
  switchName: string;
  siteName: string;
  /** When the data rendered last changed (ISO 8601), or null for data without timestamps. */
  lastChangeAt: string | null;
  vlans: ConfigVlan[];
  ports: ConfigPort[];
}
