// What the route table of switches (routes/switches.ts) names besides the field declarations.
import { inputSchema, resourceSchema } from '../../fields/field.ts';
import { LAG } from '../../fields/lags.ts';
import { PORT } from '../../fields/ports.ts';
import { SWITCH } from '../../fields/switches.ts';

/** A switch with its ports and LAGs, as GET /api/switches/:id answers it. */
export const SWITCH_WITH_PORTS = {
  ...resourceSchema(SWITCH),
  properties: {
    ...(resourceSchema(SWITCH).properties as object),
    ports: { type: 'array', items: resourceSchema(PORT), description: 'Ordered by position.' },
    lags: { type: 'array', items: resourceSchema(LAG), description: 'Ordered by name; each one’s memberPortIds in port order.' },
  },
  required: [...(resourceSchema(SWITCH).required as string[]), 'ports', 'lags'],
};

const SWITCH_INPUT = inputSchema(SWITCH, 'create').properties as Record<string, object>;

/** The body of POST /api/switches/:id/duplicate: the copy's name and, optionally, its management IP. */
export const SWITCH_DUPLICATE = {
  type: 'object',
  properties: { name: SWITCH_INPUT.name, managementIp: SWITCH_INPUT.managementIp },
  required: ['name'],
  additionalProperties: false,
};
