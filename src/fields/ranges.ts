import { RANGE_KINDS } from './choices.ts';
import { STORED_FIELDS, VERSION_FIELDS, ipAddress, ipKeyColumns, optionalText } from './common.ts';
import { declareResource } from './field.ts';

/** A range of addresses of a network: a DHCP pool, static assignments or addresses held back. */
export const RANGE = declareResource({
  type: 'range',
  table: 'ranges',
  fields: [
    ...STORED_FIELDS,
    { name: 'networkId', column: 'network_id', type: 'uuid', readOnly: true, description: 'The network (set by the path).' },
    {
      name: 'start',
      column: 'start_address',
      type: 'text',
      required: true,
      maxLength: 45,
      normalize: ipAddress,
      sortable: true,
      description: "The first address, inside the network's subnet.",
    },
    {
      name: 'end',
      column: 'end_address',
      type: 'text',
      required: true,
      maxLength: 45,
      normalize: ipAddress,
      description: 'The last address (at least start), inside the subnet; the ranges of a network never overlap.',
    },
    {
      name: 'kind',
      column: 'kind',
      type: 'enum',
      values: RANGE_KINDS,
      required: true,
      sortable: true,
      description: 'dhcp, static or reserved.',
    },
    optionalText('description', 'description', 1000, 'Free text.'),
    ...VERSION_FIELDS,
  ],
  derivedColumns: ipKeyColumns([
    ['start_address', 'start_hi', 'start_lo', 'start'],
    ['end_address', 'end_hi', 'end_lo', 'end'],
  ]),
});
