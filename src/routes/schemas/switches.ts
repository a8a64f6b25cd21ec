// What the route table of switches (routes/switches.ts) names besides the field declarations.
import { resourceSchema } from '../../fields/field.ts';
import { PORT } from '../../fields/ports.ts';
import { SWITCH } from '../../fields/switches.ts';

/** A switch with its ports, as GET /api/switches/:id answers it. */
export const SWITCH_WITH_PORTS = {
  ...resourceSchema(SWITCH),
  properties: {
    ...(resourceSchema(SWITCH).properties as object),
    ports: { type: 'array', items: resourceSchema(PORT), description: 'Ordered by position.' },
  },
};
