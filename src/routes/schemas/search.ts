// What the route table of the search (routes/search.ts) names: its limits and the shape of a result.
import { SEARCH_TYPES } from '../../db/search.ts';

/** The default and the largest number of search results. */
export const SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 200;
/** The longest search text, in characters. */
export const MAX_QUERY_LENGTH = 200;

/** One search result. */
export const RESULT_SCHEMA = {
  type: 'object',
  required: ['type', 'id', 'name', 'siteId', 'match'],
  properties: {
    type: { enum: [...SEARCH_TYPES] },
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', description: 'The name; for a port "switch name / port name".' },
    siteId: { type: 'string', format: 'uuid' },
    switchId: { type: 'string', format: 'uuid', description: 'Ports only: their switch.' },
    match: {
      type: 'string',
      description: 'The field that matched: name, managementIp, macAddress, serialNumber, vlanId, subnet, description or connectedDevice.',
    },
  },
};
