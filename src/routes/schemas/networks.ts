// What the route table of networks (routes/networks.ts) names: the body of a next-free call and a page of free blocks.
import { ADDRESS } from '../../fields/addresses.ts';
import { inputSchema, type JsonSchema } from '../../fields/field.ts';
import { COUNT_SCHEMA } from '../../fields/networks.ts';

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
        properties: { first: { type: 'string' }, last: { type: 'string' }, size: COUNT_SCHEMA },
      },
    },
    total: { type: 'integer' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
  },
};
