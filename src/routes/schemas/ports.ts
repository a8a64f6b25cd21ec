// What the route table of ports (routes/ports.ts) names besides the field declarations.
import { inputSchema } from '../../fields/field.ts';
import { PORT } from '../../fields/ports.ts';

/** The default and the largest `limit` of a port's history page. */
export const HISTORY_LIMIT = { default: 100, max: 500 };

/** The body of a bulk port change. */
export const BULK_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['portIds'],
  properties: {
    portIds: {
      type: 'array',
      minItems: 1,
      items: { type: 'string', format: 'uuid' },
      description: 'Ports of this switch; one that is not: 400 and nothing changes.',
    },
    set: { ...inputSchema(PORT, 'patch'), description: 'Fields set on every port (not name or linkedPortId).' },
    addTaggedVlanIds: {
      type: 'array',
      items: { type: 'string', format: 'uuid' },
      description:
        "VLANs (of the switch's site) added to each tagged list; a port that gains one becomes a trunk unless set.mode says otherwise.",
    },
    removeTaggedVlanIds: { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'VLANs removed from each tagged list.' },
  },
};

/** A port's link or admin state change that a discovery observed (GET /api/ports/{id}/history?observed=true). */
export const OBSERVED_STATE_CHANGE = {
  type: 'object',
  required: ['kind', 'at', 'change'],
  properties: {
    kind: { const: 'observed' },
    at: { type: 'string', format: 'date-time' },
    change: { enum: ['link_up', 'link_down', 'admin_up', 'admin_down'] },
  },
};
