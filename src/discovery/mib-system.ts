// SNMPv2-MIB system group, ENTITY-MIB's first chassis and BRIDGE-MIB's base address: who the switch is.
import type { ObservedSystem } from './observed.ts';
import { asBytes, asInt, asText, columnByNumber, formatMac, type Walk } from './mib-values.ts';

export const SYS_DESCR = '1.3.6.1.2.1.1.1.0';
export const SYS_OBJECT_ID = '1.3.6.1.2.1.1.2.0';
export const SYS_CONTACT = '1.3.6.1.2.1.1.4.0';
export const SYS_NAME = '1.3.6.1.2.1.1.5.0';
export const SYS_LOCATION = '1.3.6.1.2.1.1.6.0';
/** BRIDGE-MIB dot1dBaseBridgeAddress.0. */
export const BRIDGE_ADDRESS = '1.3.6.1.2.1.17.1.1.0';
/** ENTITY-MIB entPhysicalClass; chassis(3). */
export const ENT_PHYSICAL_CLASS = '1.3.6.1.2.1.47.1.1.1.1.5';
export const ENT_PHYSICAL_SERIAL = '1.3.6.1.2.1.47.1.1.1.1.11';
export const ENT_PHYSICAL_MODEL = '1.3.6.1.2.1.47.1.1.1.1.13';
const CHASSIS = 3;

/** The system group's scalars, read with one GET first of all (they also prove that the agent answers). */
export const SYSTEM_SCALARS = [SYS_DESCR, SYS_OBJECT_ID, SYS_CONTACT, SYS_NAME, SYS_LOCATION];

const ENTERPRISE = '1.3.6.1.4.1.';

/** IANA private enterprise numbers of switch makers, as sysObjectID starts with them. */
const VENDORS: Record<number, string> = {
  9: 'Cisco',
  11: 'HPE',
  43: '3Com',
  171: 'D-Link',
  207: 'Allied Telesis',
  674: 'Dell',
  890: 'Zyxel',
  1588: 'Brocade',
  1916: 'Extreme Networks',
  1991: 'Brocade',
  2011: 'Huawei',
  2636: 'Juniper',
  3955: 'Linksys',
  4413: 'Broadcom',
  4526: 'Netgear',
  5624: 'Enterasys',
  6027: 'Dell',
  6486: 'Alcatel-Lucent',
  6527: 'Nokia',
  8072: 'Net-SNMP',
  11863: 'TP-Link',
  12356: 'Fortinet',
  14823: 'Aruba',
  14988: 'MikroTik',
  25053: 'Ruckus',
  25506: 'H3C',
  30065: 'Arista',
  41112: 'Ubiquiti',
  47196: 'HPE Aruba',
};

/** The maker named by a sysObjectID's enterprise number, or null when it is not one we know. */
export function vendorOf(sysObjectId: string | null): string | null {
  if (!sysObjectId?.startsWith(ENTERPRISE)) return null;
  const enterprise = Number(sysObjectId.slice(ENTERPRISE.length).split('.')[0]);
  return VENDORS[enterprise] ?? null;
}

/** The entPhysicalIndex of the first chassis(3) row, the one whose model and serial describe the switch. */
export function firstChassisIndex(walk: Walk): number | undefined {
  const chassis = [...columnByNumber(walk, ENT_PHYSICAL_CLASS)].filter(([, cls]) => asInt(cls) === CHASSIS).map(([index]) => index);
  return chassis.length > 0 ? Math.min(...chassis) : undefined;
}

function oidText(walk: Walk, oid: string): string | null {
  const value = walk.get(oid);
  return typeof value === 'string' ? value.replace(/^\./, '') : asText(value);
}

/** The system part of a discovery: the system group, the first chassis's model and serial, the bridge's MAC. */
export function decodeSystem(walk: Walk): ObservedSystem {
  const sysObjectID = oidText(walk, SYS_OBJECT_ID);
  const chassis = firstChassisIndex(walk);
  return {
    sysName: asText(walk.get(SYS_NAME)),
    sysDescr: asText(walk.get(SYS_DESCR)),
    sysObjectID,
    sysLocation: asText(walk.get(SYS_LOCATION)),
    sysContact: asText(walk.get(SYS_CONTACT)),
    vendor: vendorOf(sysObjectID),
    model: chassis === undefined ? null : nonEmpty(asText(walk.get(`${ENT_PHYSICAL_MODEL}.${chassis}`))),
    serial: chassis === undefined ? null : nonEmpty(asText(walk.get(`${ENT_PHYSICAL_SERIAL}.${chassis}`))),
    macAddress: bridgeMac(asBytes(walk.get(BRIDGE_ADDRESS))),
  };
}

function nonEmpty(text: string | null): string | null {
  return text === '' ? null : text;
}

function bridgeMac(bytes: Uint8Array | undefined): string | null {
  if (bytes?.length !== 6 || bytes.every((byte) => byte === 0)) return null;
  return formatMac(bytes);
}
