import { ADDRESS_STATUSES, DEVICE_TYPES } from './choices.ts';
import { STORED_FIELDS, VERSION_FIELDS, ipAddress, ipKeyColumns, macAddress, optionalText } from './common.ts';
import { declareResource, type Normalized, refused } from './field.ts';

/** An IP address recorded in a network: who holds it. */
export const ADDRESS = declareResource({
  type: 'address',
  table: 'addresses',
  fields: [
    ...STORED_FIELDS,
    { name: 'networkId', column: 'network_id', type: 'uuid', readOnly: true, description: 'The network (set by the path).' },
    {
      name: 'address',
      column: 'address',
      type: 'text',
      required: true,
      maxLength: 45,
      normalize: ipAddress,
      searchable: true,
      sortable: true,
      description:
        "A usable host of the network's subnet (IPv4: not its network or broadcast address, except in a /31 or /32), " +
        'unique in the network, never inside a DHCP range.',
    },
    {
      name: 'hostname',
      column: 'hostname',
      type: 'text',
      maxLength: 253,
      normalize: hostname,
      searchable: true,
      sortable: true,
      description: 'The device\u2019s name (letters, digits, "-", "_" and "." between labels), or null.',
    },
    {
      name: 'macAddress',
      column: 'mac_address',
      type: 'text',
      normalize: macAddress,
      searchable: true,
      description: 'The device\u2019s MAC address in any common spelling; stored lower case with colons.',
    },
    {
      name: 'deviceType',
      column: 'device_type',
      type: 'enum',
      values: DEVICE_TYPES,
      sortable: true,
      description: 'What the device is, or null.',
    },
    {
      name: 'status',
      column: 'status',
      type: 'enum',
      values: ADDRESS_STATUSES,
      default: 'active',
      sortable: true,
      description: 'active, reserved or inactive.',
    },
    optionalText('description', 'description', 1000, 'Free text.'),
    { name: 'portId', column: 'port_id', type: 'uuid', description: 'The switch port the device is plugged into, or null.' },
    {
      name: 'switchId',
      column: 'switch_id',
      type: 'uuid',
      readOnly: true,
      nullable: true,
      description: "The switch whose management IP this is: kept in step with the switch's managementIp (set by the server).",
    },
    ...VERSION_FIELDS,
  ],
  derivedColumns: ipKeyColumns([['address', 'key_hi', 'key_lo', 'address']]),
});

const LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;

function hostname(text: string): Normalized {
  const labels = text.replace(/\.$/, '').split('.');
  return labels.every((label) => LABEL.test(label)) ? { ok: true, value: text } : refused('not_hostname');
}
