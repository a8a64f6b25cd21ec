// How the fields of each 0.20.x file map onto the API's, declared once: the reader maps each record by them
// (ezswm.ts, ipam.ts, ezswm-lags.ts, ezswm-templates.ts) and the history of the activity entries maps the values
// an entry changed by the same (history.ts).
import { mapping } from './context.ts';

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
