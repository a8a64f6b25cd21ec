/**
 * The NetBox REST API paths the NetBox data import reads (docs/NETBOX.md), in the order the puller fetches them: the
 * import (import/netbox.ts) and `npm run import-netbox` (cli/import-netbox.ts) share it.
 */
export const NETBOX_PATHS = [
  'dcim/sites',
  'dcim/locations',
  'dcim/racks',
  'dcim/manufacturers',
  'dcim/device-types',
  'dcim/devices',
  'dcim/interfaces',
  'dcim/cables',
  'dcim/front-ports',
  'dcim/rear-ports',
  'ipam/vlan-groups',
  'ipam/vlans',
  'ipam/prefixes',
  'ipam/ip-addresses',
  'ipam/ip-ranges',
] as const;
