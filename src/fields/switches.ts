import { normalizeIp, normalizeMac } from '../lib/net.ts';
import { STORED_FIELDS, VERSION_FIELDS, nameField, optionalText, siteIdField } from './common.ts';
import { declareResource, type Normalized } from './field.ts';

/** The statuses a switch can have. */
export const SWITCH_STATUSES = ['active', 'planned', 'offline', 'retired'] as const;

/** A switch at a site. */
export const SWITCH = declareResource({
  type: 'switch',
  table: 'switches',
  fields: [
    ...STORED_FIELDS,
    siteIdField('The site the switch is at.'),
    nameField('per site'),
    optionalText('vendor', 'vendor', 100, 'Maker.', { sortable: true }),
    optionalText('model', 'model', 100, 'Model.', { sortable: true }),
    optionalText('serialNumber', 'serial_number', 100, 'Serial number.'),
    {
      name: 'macAddress',
      column: 'mac_address',
      type: 'text',
      normalize: mac,
      searchable: true,
      description: 'aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF or aabb.ccdd.eeff; stored lower case with colons; unique.',
    },
    {
      name: 'managementIp',
      column: 'management_ip',
      type: 'text',
      maxLength: 45,
      normalize: address,
      searchable: true,
      sortable: true,
      description: 'IPv4 or IPv6 address, unique within the site.',
    },
    optionalText('firmwareVersion', 'firmware_version', 100, 'Firmware version.'),
    optionalText('location', 'location', 200, 'Rack, room.', { sortable: true }),
    {
      name: 'status',
      column: 'status',
      type: 'enum',
      values: SWITCH_STATUSES,
      default: 'active',
      sortable: true,
      description: 'Lifecycle status.',
    },
    optionalText('notes', 'notes', 10000, 'Free text.'),
    ...VERSION_FIELDS,
    {
      name: 'portCount',
      type: 'integer',
      createOnly: true,
      min: 0,
      max: 1024,
      default: 0,
      csv: false,
      sortable: true,
      description: 'Number of ports; on create, makes ports named 1…N.',
    },
  ],
});

function mac(text: string): Normalized {
  const value = normalizeMac(text);
  return value
    ? { ok: true, value }
    : { ok: false, message: 'must be a MAC address like aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF or aabb.ccdd.eeff' };
}

function address(text: string): Normalized {
  const ip = normalizeIp(text);
  return ip ? { ok: true, value: ip } : { ok: false, message: 'must be an IPv4 or IPv6 address' };
}
