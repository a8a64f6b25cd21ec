import { describe, expect, it } from 'vitest';
import type { Written } from '../domain/save.ts';
import { HttpError } from '../errors/http-error.ts';
import { SITE } from '../fields/sites.ts';
import { resourceRoutes } from './resource-routes.ts';
import type { Ctx } from './route.ts';

// The adapter's own refusals, without a server: a route made from a declaration, its handler called with a request.

const written = (): Written => undefined;
const WRITES = { create: written, update: written, delete: () => {} };

/** The list route of a kind declared with the reads given (sites' fields, rows that are never there). */
function listOf(reads: { csv?: () => string }, noCsvBecause?: string) {
  const routes = resourceRoutes({
    resource: SITE,
    reads: {
      get: () => undefined,
      toApi: () => ({ id: '', version: 1 }),
      listJson: () => ({ items: '[]', total: 0, totalExact: true }),
      list: () => ({ rows: [], total: 0 }),
      ...reads,
    },
    lists: [{ summary: 'List.', filter: () => undefined }],
    summaries: { create: '', get: '', update: '', delete: '' },
    writes: WRITES,
    noCsvBecause,
  });
  return routes.find((route) => route.method === 'GET' && route.path === '/api/sites')!;
}

function request(query: string, headers: Record<string, string> = {}): Ctx {
  return { app: { db: {} }, query: new URLSearchParams(query), req: { headers }, params: {} } as unknown as Ctx;
}

function refusalOf(call: () => unknown): HttpError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('the request was not refused');
}

describe('the list of a kind without a CSV layout', () => {
  it.each([
    ['format=csv', {}],
    ['sort=name', { accept: 'text/csv' }],
  ])('refuses %s %j with 400 on format, in the words of its kind', (query, headers) => {
    const refusal = refusalOf(() => listOf({}).handler(request(query, headers)));
    expect(refusal).toMatchObject({ status: 400, code: 'validation_failed', message: 'Sites have no CSV layout; ask for JSON.' });
    expect(refusal.details).toEqual([{ field: 'format', message: 'must be json: sites have no CSV layout' }]);
  });

  it('gives the reason its declaration names', () => {
    const refusal = refusalOf(() => listOf({}, 'their units are JSON').handler(request('format=csv')));
    expect(refusal.message).toBe('Sites have no CSV layout (their units are JSON); ask for JSON.');
  });

  it('documents no format and no text/csv, and a kind with a layout both', () => {
    expect(listOf({}).doc).not.toHaveProperty('produces');
    expect(listOf({}).doc?.query?.map((parameter) => parameter.name)).not.toContain('format');
    const csv = listOf({ csv: () => 'name\r\n' });
    expect(csv.doc?.produces).toEqual(['application/json', 'text/csv']);
    expect(csv.handler(request('format=csv'))).toMatchObject({ text: 'name\r\n' });
  });
});
