// Scenario tables of refusals: one test per bad query or body, each expecting 400 validation_failed naming its fields.
import { expect, it } from 'vitest';
import { ERROR_FORMS, fillForm } from '../../src/lib/message-forms.ts';
import { de } from '../../src/ui/messages-de.ts';
import { type ApiAnswer, type ApiClient, expectFaults, NO_SUCH_ID } from './server.ts';

/**
 * That a refusal is worded by the form `form` of its code (ERROR_FORMS) from its params, which are `params`, and that the
 * German catalogue words the same form (serverError.<form>) from them.
 */
export function expectWordedRefusal(
  answer: ApiAnswer,
  status: number,
  form: keyof typeof ERROR_FORMS,
  params: Record<string, unknown>,
): void {
  const error = answer.body?.error;
  expect([answer.status, error?.code, error?.form ?? error?.code], answer.text).toEqual([status, form.split('.')[0], form]);
  expect(error.params).toEqual(params);
  expect(error.message).toBe(fillForm(ERROR_FORMS[form], error.params));
  const german = (de as unknown as Record<string, string>)[`serverError.${form}`];
  expect(german, form).toBeDefined();
  expect(fillForm(german!, error.params)).not.toMatch(/\{\w+\}/);
}

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
