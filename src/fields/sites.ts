import { STORED_FIELDS, VERSION_FIELDS, nameField, optionalText } from './common.ts';
import { declareResource } from './field.ts';

/** A site: a place that has switches, VLANs and networks. */
export const SITE = declareResource({
  type: 'site',
  table: 'sites',
  fields: [
    ...STORED_FIELDS,
    nameField('overall'),
    optionalText('description', 'description', 1000, 'Free text.'),
    optionalText('address', 'address', 500, 'Postal address.', { sortable: true }),
    optionalText('notes', 'notes', 10000, 'Free text.'),
    ...VERSION_FIELDS,
    { name: 'switchCount', type: 'integer', readOnly: true, csv: false, sortable: true, description: 'Switches at this site.' },
    { name: 'vlanCount', type: 'integer', readOnly: true, csv: false, sortable: true, description: 'VLANs of this site.' },
    {
      name: 'networkCount',
      type: 'integer',
      readOnly: true,
      csv: false,
      sortable: true,
      description: 'Networks (IP subnets) of this site.',
    },
  ],
});
