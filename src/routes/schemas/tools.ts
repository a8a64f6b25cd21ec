// What the route table of the tools (routes/tools.ts) names: the subnet calculator's answer.
import { SPLIT_LIST_MAX } from '../../lib/ip-math.ts';

/** A count: a number below 2^53, else its decimal text (IPv6). */
const COUNT = {
  oneOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^[0-9]+$' },
  ],
};

/** ip-math.ts's SubnetInfo. */
export const SUBNET_INFO_SCHEMA = {
  type: 'object',
  required: ['cidr', 'family', 'prefix', 'network', 'broadcast', 'mask', 'wildcard', 'firstHost', 'lastHost', 'size', 'hostCount'],
  properties: {
    cidr: { type: 'string', description: 'The network in canonical form (host bits cleared).' },
    family: { enum: [4, 6] },
    prefix: { type: 'integer' },
    network: { type: 'string' },
    broadcast: { type: ['string', 'null'], description: 'IPv4 only; null for IPv6.' },
    mask: { type: 'string' },
    wildcard: { type: 'string' },
    firstHost: { type: 'string' },
    lastHost: { type: 'string' },
    size: { ...COUNT, description: 'Every address of the subnet.' },
    hostCount: {
      ...COUNT,
      description: 'The usable hosts (IPv4 below /31 without network and broadcast; IPv6 without the subnet-router anycast address).',
    },
    split: {
      type: 'object',
      required: ['prefix', 'total', 'subnets'],
      description: 'With split=: the prefixes of that length inside the CIDR.',
      properties: {
        prefix: { type: 'integer' },
        total: { ...COUNT, description: 'How many there are.' },
        subnets: {
          type: 'array',
          items: { type: 'string' },
          maxItems: SPLIT_LIST_MAX,
          description: `The first ${SPLIT_LIST_MAX} of them.`,
        },
      },
    },
  },
};
