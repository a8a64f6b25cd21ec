// How the fields of each 0.20.x file map onto the API's, declared once: the reader maps each record by them
// (ezswm.ts, ipam.ts, ezswm-lags.ts, ezswm-templates.ts) and the history of the activity entries maps the values
// an entry changed by the same (history.ts).
import { mapping, type Mapping } from './context.ts';
import type { LegacyFile } from './types.ts';

export const SITE_MAPPING = mapping({ name: 'name', description: 'description' });
export const VLAN_MAPPING = mapping({ vlan_id: 'vid', name: 'name', description: 'description', status: 'status', color: 'color' });
export const NETWORK_MAPPING = mapping({
  name: 'name',
  subnet: 'subnet',
  gateway: 'gateway',
  dns_servers: 'dnsServers',
  description: 'description',
});
export const SWITCH_MAPPING = mapping({
  name: 'name',
  manufacturer: 'vendor',
  model: 'model',
  serial_number: 'serialNumber',
  location: 'location',
  rack_position: 'rackPosition',
  management_ip: 'managementIp',
  firmware_version: 'firmwareVersion',
  role: 'role',
  tags: 'tags',
  notes: 'notes',
});
export const PORT_MAPPING = mapping({
  label: 'name',
  unit: 'unit',
  type: 'type',
  speed: 'speed',
  description: 'description',
  mac_address: 'macAddress',
  connected_device: 'connectedDevice',
  connected_port: 'connectedPort',
});
export const ADDRESS_MAPPING = mapping({
  ip_address: 'address',
  hostname: 'hostname',
  mac_address: 'macAddress',
  device_type: 'deviceType',
  status: 'status',
  description: 'description',
});
export const RANGE_MAPPING = mapping({ start_ip: 'start', end_ip: 'end', type: 'kind', description: 'description' });

/** The fields the reader maps by hand (VLANs by number, links, a record's site), in the API's names, by the file's. */
const BY_HAND: Readonly<Record<string, string>> = {
  site_id: 'siteId',
  access_vlan: 'untaggedVlanId',
  native_vlan: 'untaggedVlanId',
  tagged_vlans: 'taggedVlanIds',
  port_mode: 'mode',
  connected_port_id: 'linkedPortId',
  configured_vlans: 'configuredVlanIds',
  network_id: 'networkId',
};

const FILE_MAPPINGS: Partial<Record<LegacyFile, Mapping>> = {
  'sites.json': SITE_MAPPING,
  'vlans.json': VLAN_MAPPING,
  'networks.json': mapping({ ...Object.fromEntries(NETWORK_MAPPING.names), vlan_id: 'vlanId' }),
  'switches.json': SWITCH_MAPPING,
  'ip-allocations.json': ADDRESS_MAPPING,
  'ip-ranges.json': RANGE_MAPPING,
};

/** The API's name of a fixed field of `file` (`ports[3].access_vlan` of switches.json: untaggedVlanId); null when it has none. */
export function apiFieldOf(file: LegacyFile, field: string): string | null {
  const port = /^ports\[\d+\]\./.exec(field);
  const name = port ? field.slice(port[0].length) : field;
  const mapped = (port ? PORT_MAPPING : FILE_MAPPINGS[file])?.names.find(([legacy]) => legacy === name)?.[1];
  return mapped ?? BY_HAND[name] ?? null;
}
