// What a discovery read from a switch, decoded from its MIBs (src/discovery/read-switch.ts) and independent of
// SNMP: the proposal (src/discovery/proposal.ts) compares it with what is documented. Every list is in the
// device's own order (ifIndex, VLAN id); names are as the agent sent them (no trimming).

/** SNMPv2-MIB system group and the first ENTITY-MIB chassis row. */
export interface ObservedSystem {
  sysName: string | null;
  sysDescr: string | null;
  sysObjectID: string | null;
  sysLocation: string | null;
  sysContact: string | null;
  /** From sysObjectID's enterprise number (Cisco, Arista, Juniper, HPE, …), or null when unknown. */
  vendor: string | null;
  model: string | null;
  serial: string | null;
  /** The switch's base MAC (BRIDGE-MIB dot1dBaseBridgeAddress), `aa:bb:cc:dd:ee:ff`, or null. */
  macAddress: string | null;
}

/** One interface of IF-MIB ifTable/ifXTable. */
export interface ObservedPort {
  ifIndex: number;
  /** ifName, else ifDescr. */
  name: string;
  /** ifAlias, exactly as sent ('' when empty). */
  description: string;
  /** IANA ifType number (6 ethernetCsmacd, 161 ieee8023adLag, 53 propVirtual, 24 softwareLoopback, …). */
  ifType: number;
  /** ifHighSpeed when above 0, else ifSpeed / 10^6 rounded; 0 when the agent reports 0. */
  speedMbps: number;
  adminUp: boolean;
  operUp: boolean;
  /** ifOperStatus notPresent(6): a slot with nothing in it. */
  present: boolean;
  mac: string | null;
  /** ifHCInOctets, else ifInOctets, where the agent has them. */
  inOctets?: number;
  /** ifHCOutOctets, else ifOutOctets, where the agent has them. */
  outOctets?: number;
}

export interface ObservedVlan {
  vid: number;
  /** Null when the VLAN is used by ports but missing from the device's VLAN table. */
  name: string | null;
}

/** A port's VLANs: untagged (access VLAN or native VLAN) and tagged. */
export interface ObservedMembership {
  ifIndex: number;
  untagged: number | null;
  tagged: number[];
  /** False where the device did not say every VLAN a trunk carries (Cisco trunks without every per-VLAN instance). */
  taggedComplete: boolean;
  trunk: boolean;
  /** Q-BRIDGE dot1qPvid as recorded (0 on Junos trunks); a separate fact, not always among the untagged VLANs. */
  pvid?: number;
  /** Cisco vmVoiceVlanId (a voice VLAN is not counted as tagged). */
  voiceVlan?: number;
}

export interface ObservedLag {
  ifIndex: number;
  memberIfIndexes: number[];
  /** How its members aggregate, where a running configuration says so (SNMP discovery leaves it absent). */
  mode?: 'lacp-active' | 'lacp-passive' | 'static';
}

/** The address the switch is managed at, read from a running configuration (SNMP discovery leaves it absent). */
export interface ObservedManagement {
  /** The interface that holds the address (a management port, an SVI, an irb unit). */
  ifIndex: number;
  /** Canonical text. */
  address: string;
  prefixLength: number;
  /** The VLAN, when the interface is an SVI (Vlan10, irb.10). */
  vlan?: number;
}

/** One LLDP-MIB (or CDP) remote entry, with the local port resolved to an ifIndex. */
export interface ObservedNeighbour {
  localIfIndex: number;
  remoteSysName: string;
  /** Rendered by subtype: a MAC as `aa:bb:cc:dd:ee:ff`, a network address as dotted IPv4, else the text. */
  remotePortId: string;
  remotePortDesc: string;
  remoteChassisId: string;
  protocol: 'lldp' | 'cdp';
}

/** One forwarding-database entry: a MAC learned on a port. */
export interface ObservedFdbEntry {
  mac: string;
  vlan: number | null;
  ifIndex: number;
}

/** One ARP / neighbour entry (ipNetToMediaTable or ipNetToPhysicalTable). */
export interface ObservedArpEntry {
  ip: string;
  mac: string;
  ifIndex: number | null;
}

/** POWER-ETHERNET-MIB pethPsePortTable, by ifIndex where the agent indexes it so. */
export interface ObservedPoe {
  ifIndex: number;
  adminEnabled: boolean;
}

export interface ObservedSwitch {
  system: ObservedSystem;
  ports: ObservedPort[];
  vlans: ObservedVlan[];
  membership: ObservedMembership[];
  lags: ObservedLag[];
  neighbours: ObservedNeighbour[];
  fdb: ObservedFdbEntry[];
  arp: ObservedArpEntry[];
  poe: ObservedPoe[];
  /** The management interface's address, where a running configuration says it (SNMP discovery leaves it absent). */
  management?: ObservedManagement | null;
  /** The default gateway (the next hop of the default route), where a running configuration says it; canonical text. */
  defaultGateway?: string | null;
  /** What the reader noticed and could not use (a bridge port with no ifIndex, a table that timed out). */
  notes: string[];
}

/** How to reach a switch's SNMP agent: as the API's body `snmp` field spells it (docs/DISCOVERY.md). */
export type SnmpCredentials =
  | { version: '2c'; community: string }
  | {
      version: '3';
      user: string;
      authProtocol: SnmpAuthProtocol;
      authKey: string;
      privProtocol: SnmpPrivProtocol;
      privKey: string;
      context?: string;
    };

/**
 * `text` with every secret of `credentials` (and of `also`: a per-VLAN community) blanked as ***, the longest first so
 * that a secret inside another leaves nothing of it; a text under 3 characters is left, it would blank common words.
 */
export function withoutSecrets(text: string, credentials: SnmpCredentials, also: readonly string[] = []): string {
  const secrets = credentials.version === '2c' ? [credentials.community] : [credentials.authKey, credentials.privKey];
  return [...secrets, ...also]
    .filter((secret) => secret.length >= 3)
    .sort((a, b) => b.length - a.length)
    .reduce((out, secret) => out.split(secret).join('***'), text);
}

/** SNMPv3 authentication (HMAC) protocols accepted; md5 only for old devices. */
export const SNMP_AUTH_PROTOCOLS = ['sha', 'sha256', 'md5'] as const;
export type SnmpAuthProtocol = (typeof SNMP_AUTH_PROTOCOLS)[number];

/** SNMPv3 privacy protocols: AES-128, and AES-256 with Blumenthal (aes256b) or Reeder (aes256r, Cisco) key localisation. */
export const SNMP_PRIV_PROTOCOLS = ['aes', 'aes256b', 'aes256r'] as const;
export type SnmpPrivProtocol = (typeof SNMP_PRIV_PROTOCOLS)[number];

/**
 * A switch that could not be read: `timeout` (no answer in time: 504 device_timeout) or `error` (an answer that is
 * refused or not SNMP, an unknown host: 502 device_error). The message is for people and never holds a credential.
 */
export class DeviceError extends Error {
  /**
   * Whether `error` is a DeviceError. The release's reader is a bundle of its own (dist/discovery.js) with its own
   * copy of this class, so `instanceof` would not see its errors.
   */
  static is(error: unknown): error is DeviceError {
    return error instanceof Error && error.name === 'DeviceError' && ['timeout', 'error'].includes((error as DeviceError).kind);
  }

  readonly kind: 'timeout' | 'error';

  constructor(kind: 'timeout' | 'error', message: string) {
    super(message);
    this.name = 'DeviceError';
    this.kind = kind;
  }
}
