// Scenario tables of refusals: one test per bad query or body, each expecting 400 validation_failed naming its fields.
import { it } from 'vitest';
import { type ApiClient, expectFaults, NO_SUCH_ID } from './server.ts';

/** One test per `[query, field]`: GET `path?query` answers 400 validation_failed naming exactly that field. */
export function itRefusesQueries(call: ApiClient['call'], path: string, queries: [query: string, field: string][]): void {
  it.each(queries)('refuses %s (400 naming %s)', async (query, field) => {
    expectFaults(await call('GET', `${path}?${query}`), [field]);
  });
}

/** A create's body and the fields its refusal names: `[what, body, fields]`, the body made when the test runs. */
export type RefusedBody = [what: string, body: () => unknown, fields: string[]];

/** One test per case: POST `path` with its body answers 400 validation_failed naming exactly its fields. */
export function itRefusesCreates(call: ApiClient['call'], path: string, cases: RefusedBody[]): void {
  it.each(cases)('%s → 400', async (_what, body, fields) => {
    expectFaults(await call('POST', path, { body: body() }), fields);
  });
}

/** The faults of a site's record that every kind refuses alike, given a valid body: its siteId and its name. */
export function siteAndNameFaults(valid: () => object): RefusedBody[] {
  return [
    ['siteId not an id', () => ({ ...valid(), siteId: 'main' }), ['siteId']],
    ['siteId of no site', () => ({ ...valid(), siteId: NO_SUCH_ID }), ['siteId']],
    ['empty name', () => ({ ...valid(), name: ' ' }), ['name']],
    ['name of 101 characters', () => ({ ...valid(), name: 'n'.repeat(101) }), ['name']],
  ];
}
