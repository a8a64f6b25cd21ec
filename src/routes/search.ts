import { search } from '../db/search.ts';
import { HttpError } from '../errors/http-error.ts';
import type { Ctx, Route } from '../http/route.ts';
import { MAX_QUERY_LENGTH, MAX_SEARCH_LIMIT, RESULT_SCHEMA, SEARCH_LIMIT } from './schemas/search.ts';

/** The route of the search across the inventory. */
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
