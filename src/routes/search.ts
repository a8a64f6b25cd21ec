import { search } from '../db/read/search.ts';
import { HttpError, type FieldFault } from '../errors/http-error.ts';
import { queryInteger } from '../http/request.ts';
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
      'Find sites (name), switches (name, management IP, MAC in any spelling, serial number, tag), VLANs (number, name), networks ' +
      '(name, subnet, the subnet that holds an address) and ports (switch/port as in acc-1/48 or "acc-1 Gi1/0/48", the connected ' +
      "device's MAC in any spelling, description, connected device), LAGs (name, switch/LAG as in acc-1/Po1), recorded IP addresses " +
      '(address exactly or its beginning, host name, MAC in any spelling) and layout templates (name, vendor, model), best first; ' +
      'each result says what matched in words (label) and is linked by type and id (and switchId for a port or LAG, networkId for ' +
      'an address); templates have no siteId.',
    doc: {
      query: [
        {
          name: 'q',
          schema: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH },
          description: 'The text, address, MAC, VLAN number, switch/port or switch/LAG to look for (required).',
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
  const faults: FieldFault[] = [];
  const limit = queryInteger(ctx, 'limit', 1, MAX_SEARCH_LIMIT, faults) ?? SEARCH_LIMIT;
  if (faults.length) throw badQuery(faults[0].field, faults[0].message);
  return { body: { results: search(ctx.app.db, q, limit) } };
}

function badQuery(field: string, message: string): HttpError {
  return new HttpError(400, 'validation_failed', 'The search parameters are invalid.', [{ field, message }]);
}
