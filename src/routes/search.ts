import { SEARCH_TYPES, search } from '../db/search.ts';
import { HttpError } from '../http-error.ts';
import type { Ctx, Route } from '../router.ts';

/** The default and the largest number of search results. */
const SEARCH_LIMIT = 50;
const MAX_SEARCH_LIMIT = 200;
const MAX_QUERY_LENGTH = 200;

const RESULT_SCHEMA = {
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

export const SEARCH_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/search',
    access: 'viewer',
    handler: searchRun,
    summary:
      'Find sites, switches (name, management IP, MAC in any spelling, serial), networks (name, VLAN id, the subnet that holds an address) and ports (description, connected device), best first.',
    doc: {
      query: [
        {
          name: 'q',
          schema: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH },
          description: 'The text, address, MAC or VLAN number to look for (required).',
        },
        { name: 'limit', schema: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT, default: SEARCH_LIMIT } },
      ],
      response: { type: 'object', required: ['results'], properties: { results: { type: 'array', items: RESULT_SCHEMA } } },
    },
  },
];

function searchRun(ctx: Ctx) {
  const q = (ctx.query.get('q') ?? '').trim();
  if (q === '') throw badQuery('q', 'is required');
  if ([...q].length > MAX_QUERY_LENGTH) throw badQuery('q', `must be at most ${MAX_QUERY_LENGTH} characters`);
  return { body: { results: search(ctx.app.db, q, searchLimit(ctx)) } };
}

function searchLimit(ctx: Ctx): number {
  const raw = ctx.query.get('limit');
  if (raw === null || raw === '') return SEARCH_LIMIT;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > MAX_SEARCH_LIMIT)
    throw badQuery('limit', `must be an integer from 1 to ${MAX_SEARCH_LIMIT}`);
  return value;
}

function badQuery(field: string, message: string): HttpError {
  return new HttpError(400, 'validation_failed', 'The search parameters are invalid.', [{ field, message }]);
}
