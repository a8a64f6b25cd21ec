// What the route table of templates (routes/templates.ts) names besides the field declarations.
import { resourceSchema } from '../../fields/field.ts';
import { TEMPLATE } from '../../fields/templates.ts';

const TEMPLATE_SCHEMA = resourceSchema(TEMPLATE);

/**
 * What POST /api/templates/import answers (API.md): the template itself (stored, or as it would be on a dry run,
 * without id, version and times), with `skipped`, what the file had that makes no port.
 */
export const TEMPLATE_IMPORT_ANSWER = {
  ...TEMPLATE_SCHEMA,
  required: ['name', 'vendor', 'model', 'description', 'units', 'portCount', 'switchCount', 'skipped'],
  properties: {
    ...(TEMPLATE_SCHEMA.properties as Record<string, unknown>),
    skipped: {
      type: 'array',
      description: 'Interfaces of the file that are no front-panel port of the switch (virtual, LAG, stacking, wireless…), each with why.',
      items: {
        type: 'object',
        required: ['name', 'type', 'reason'],
        properties: { name: { type: 'string' }, type: { type: 'string' }, reason: { type: 'string' } },
      },
    },
  },
};
