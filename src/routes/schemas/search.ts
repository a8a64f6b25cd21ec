// What the route table of the search (routes/search.ts) names: its limits and the shape of a result.
import { MATCH_LABELS, SEARCH_TYPES } from '../../db/read/search.ts';

/** The default and the largest number of search results. */
export const SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 200;
/** The longest search text, in characters. */
export const MAX_QUERY_LENGTH = 200;

/** One search result. */
export const RESULT_SCHEMA = {
  type: 'object',
  required: ['type', 'id', 'name', 'match', 'label', 'value'],
  properties: {
    type: {
      enum: [...SEARCH_TYPES],
      description: 'What was found; with id (and switchId for a port or LAG, networkId for an address) the page to link to.',
    },
    id: { type: 'string', format: 'uuid' },
    name: {
      type: 'string',
      description:
        'The name; for a port "switch name / port name", for a LAG "switch name / LAG name", for a VLAN "VLAN <vid> (<name>)", ' +
        'for an address "<address> (<hostname>)".',
    },
    siteId: { type: 'string', format: 'uuid', description: 'Its site; templates have none.' },
    switchId: { type: 'string', format: 'uuid', description: 'Ports and LAGs only: their switch.' },
    networkId: { type: 'string', format: 'uuid', description: 'Addresses only: their network.' },
    seenAt: {
      type: 'string',
      format: 'date-time',
      description:
        'seenMac and seenIp only: when the last discovery of the switch saw the MAC or IP on that port; sightedMac and sightedIp: ' +
        'when the discoveries saw it there last.',
    },
    seenFrom: {
      type: 'string',
      format: 'date-time',
      description: 'sightedMac and sightedIp only: since when the discoveries saw it there.',
    },
    match: {
      enum: Object.keys(MATCH_LABELS),
      description: `The field that matched: ${Object.entries(MATCH_LABELS)
        .map(([match, label]) => `${match} (${label})`)
        .join(', ')}.`,
    },
    value: {
      type: 'string',
      description:
        'The stored value that matched (the MAC address as stored, the VLAN number, the subnet that holds the address, the tag).',
    },
    label: {
      enum: [...new Set(Object.values(MATCH_LABELS))],
      description: 'What matched, in words for people (MAC address, VLAN number, Subnet).',
    },
  },
};
