// What the route table of networks (routes/networks.ts) names: one network's answer with its utilisation, the
// body of a next-free call and a page of free blocks.
import { ADDRESS } from '../../fields/addresses.ts';
import { inputSchema, resourceSchema, type JsonSchema } from '../../fields/field.ts';
import { NETWORK } from '../../fields/networks.ts';

/** A count: a number below 2^53, else its decimal text (IPv6). */
const COUNT: JsonSchema = {
  oneOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^[0-9]+$' },
  ],
};

/** ip-math.ts's Utilization. */
export const UTILIZATION_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['size', 'usable', 'used', 'reserved', 'dhcp', 'free', 'percent'],
  properties: {
    size: { ...COUNT, description: 'Every address of the subnet.' },
    usable: {
      ...COUNT,
      description: 'The assignable ones: IPv4 below /31 without network and broadcast; IPv6 without the subnet-router anycast address.',
    },
    used: { ...COUNT, description: 'The recorded addresses.' },
    reserved: { ...COUNT, description: 'The unrecorded usable addresses of reserved ranges.' },
    dhcp: { ...COUNT, description: 'The unrecorded usable addresses of DHCP ranges.' },
    free: { ...COUNT, description: 'The rest of the usable addresses.' },
    percent: { type: 'number', description: '(used + dhcp + reserved) / usable, in per cent, rounded half up to one decimal.' },
  },
};

/** One network's answer: the record with its whole utilisation. */
export const ONE_NETWORK: JsonSchema = (() => {
  const schema = resourceSchema(NETWORK) as { properties: Record<string, JsonSchema>; required: string[] };
  return {
    ...schema,
    properties: { ...schema.properties, utilization: UTILIZATION_SCHEMA },
    required: [...schema.required, 'utilization'],
  };
})();

/** The body of POST /api/networks/{id}/addresses/next: an address's fields but the address itself. */
export const NEXT_BODY: JsonSchema = (() => {
  const schema = inputSchema(ADDRESS, 'patch') as { properties: Record<string, JsonSchema> };
  const { address: _address, ...properties } = schema.properties;
  return { type: 'object', properties, additionalProperties: false };
})();

/** A page of free blocks. */
export const FREE_PAGE: JsonSchema = {
  type: 'object',
  required: ['items', 'total', 'limit', 'offset'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['first', 'last', 'size'],
        properties: { first: { type: 'string' }, last: { type: 'string' }, size: COUNT },
      },
    },
    total: { type: 'integer' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
  },
};
