// What the route table of templates (routes/templates.ts) names besides the field declarations.
import { resourceSchema } from '../../fields/field.ts';
import { TEMPLATE } from '../../fields/templates.ts';

/** What POST /api/templates/import answers: the template (stored, or as it would be on a dry run) and what the file had that makes no port. */
export const TEMPLATE_IMPORT_ANSWER = {
  type: 'object',
  required: ['template', 'skipped'],
  properties: {
    template: { ...resourceSchema(TEMPLATE), required: ['name', 'vendor', 'model', 'description', 'units', 'portCount', 'switchCount'] },
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
