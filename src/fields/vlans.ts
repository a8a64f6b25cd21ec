import { VLAN_STATUSES } from './choices.ts';
import { isColor } from '../lib/vlan-colors.ts';
import { STORED_FIELDS, VERSION_FIELDS, nameField, optionalText, siteIdField } from './common.ts';
import { declareResource, type Normalized, refused } from './field.ts';

/** A VLAN of one site: layer 2, a number and a name; it carries 0…n networks. */
export const VLAN = declareResource({
  type: 'vlan',
  table: 'vlans',
  fields: [
    ...STORED_FIELDS,
    siteIdField('The site this VLAN belongs to.'),
    {
      name: 'vid',
      column: 'vid',
      type: 'integer',
      required: true,
      min: 1,
      max: 4094,
      sortable: true,
      description: 'The VLAN number (1–4094), unique per site.',
    },
    nameField('per site'),
    optionalText('description', 'description', 1000, 'Free text.'),
    {
      name: 'status',
      column: 'status',
      type: 'enum',
      values: VLAN_STATUSES,
      default: 'active',
      sortable: true,
      description: 'active or inactive.',
    },
    {
      name: 'color',
      column: 'color',
      type: 'text',
      normalize: color,
      format: 'color',
      description:
        '#rrggbb, unique per site; when not given, the first colour of a palette of clearly distinct colours that the site does not use.',
    },
    ...VERSION_FIELDS,
    { name: 'networkCount', type: 'integer', readOnly: true, csv: false, sortable: true, description: 'Networks (subnets) in this VLAN.' },
    {
      name: 'portCount',
      type: 'integer',
      readOnly: true,
      csv: false,
      sortable: true,
      description: 'Ports that carry this VLAN, untagged or tagged.',
    },
    {
      name: 'switchCount',
      type: 'integer',
      readOnly: true,
      csv: false,
      sortable: true,
      description: 'Switches with a port that carries this VLAN.',
    },
  ],
});

function color(text: string): Normalized {
  return isColor(text) ? { ok: true, value: text.toLowerCase() } : refused('not_colour');
}
