import { BLOCK_ORDERS, POE_TYPES, PORT_TYPES } from './choices.ts';
import { LAYOUT_LIMITS, checkTemplateUnits } from '../lib/port-layout.ts';
import { STORED_FIELDS, VENDOR_MODEL_FIELDS, VERSION_FIELDS, nameField, optionalText } from './common.ts';
import { declareResource, type Normalized } from './field.ts';

const BLOCK_SCHEMA = {
  type: 'object',
  properties: {
    type: { enum: [...PORT_TYPES] },
    count: { type: 'integer', minimum: 1, maximum: LAYOUT_LIMITS.count },
    startIndex: { type: 'integer', minimum: 0, maximum: LAYOUT_LIMITS.startIndex, default: 1 },
    rows: { type: 'integer', minimum: 1, maximum: LAYOUT_LIMITS.rows, default: 1 },
    order: { enum: [...BLOCK_ORDERS], default: 'sequential' },
    namePattern: { type: 'string', description: 'Gi{unit}/0/{n}: {n} from startIndex, {n0} = n − 1, {unit} from 1, {unit0} from 0.' },
    speed: { type: ['string', 'null'], maxLength: LAYOUT_LIMITS.speed },
    poe: {
      type: ['object', 'null'],
      properties: { type: { enum: [...POE_TYPES] }, maxWatts: { type: ['number', 'null'], minimum: 0, maximum: 200 } },
      required: ['type', 'maxWatts'],
      additionalProperties: false,
    },
  },
  required: ['type', 'count', 'namePattern'],
  additionalProperties: false,
} as const;

/** A layout template: a switch model's front panel, from which switches get their ports. */
export const TEMPLATE = declareResource({
  type: 'template',
  table: 'templates',
  fields: [
    ...STORED_FIELDS,
    nameField('overall'),
    ...VENDOR_MODEL_FIELDS,
    optionalText('description', 'description', 1000, 'Free text.'),
    {
      name: 'units',
      column: 'units',
      type: 'json',
      required: true,
      check: units,
      schema: {
        type: 'array',
        minItems: 1,
        maxItems: 8,
        items: { type: 'array', minItems: 1, maxItems: LAYOUT_LIMITS.blocks, items: BLOCK_SCHEMA },
      },
      csv: false,
      description:
        'The stack members, each a list of blocks of ports; a template of one unit is repeated for every member of a stack ' +
        '(its blocks without {unit} on the first member only).',
    },
    ...VERSION_FIELDS,
    {
      name: 'portCount',
      type: 'integer',
      readOnly: true,
      csv: false,
      description: 'Ports the template makes for one switch of its units.',
    },
    { name: 'switchCount', type: 'integer', readOnly: true, csv: false, sortable: true, description: 'Switches made from this template.' },
  ],
});

function units(raw: unknown): Normalized {
  const checked = checkTemplateUnits(raw);
  if (checked.ok) return checked;
  return { ok: false, message: checked.faults.map((fault) => `units${fault.path}: ${fault.message}`).join('; ') };
}
