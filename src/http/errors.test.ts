import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors/http-error.ts';
import { Refusal, type RefusalKind } from '../errors/refusal.ts';
import { MAX_DETAIL_TEXT, MAX_ERROR_DETAILS, errorAnswerOf, errorReply, toHttpError } from './errors.ts';

describe('the answer to a refusal of the data layer', () => {
  it.each([
    ['invalid', 400],
    ['not_found', 404],
    ['conflict', 409],
  ] as [RefusalKind, number][])('answers a refusal of kind %s with %i, its code, message and details', (kind, status) => {
    const details = [{ field: 'name', message: 'is taken now by another site' }];
    const reply = errorReply(toHttpError(new Refusal(kind, 'some_code', 'Refused.', details)));
    expect(reply).toMatchObject({ status, body: { error: { code: 'some_code', message: 'Refused.', details } } });
  });

  it('leaves details out when a refusal has none, and answers an HttpError as it is', () => {
    expect(errorReply(toHttpError(new Refusal('not_found', 'not_found', 'No such activity entry.'))).body).toEqual({
      error: { code: 'not_found', message: 'No such activity entry.' },
    });
    const error = new HttpError(421, 'unknown_host', 'No.');
    expect(toHttpError(error)).toBe(error);
  });
});

describe('the size of an error answer', () => {
  const faults = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ field: `data.sites[${index}].name`, message: 'is required' }));

  it(`lists the first ${MAX_ERROR_DETAILS} of 5,000 faults, with truncated and the total`, () => {
    const { body } = errorReply(new HttpError(400, 'validation_failed', '5000 faults.', faults(5000))) as { body: any };
    expect(body.error.details).toHaveLength(MAX_ERROR_DETAILS);
    expect(body.error.details[MAX_ERROR_DETAILS - 1].field).toBe(`data.sites[${MAX_ERROR_DETAILS - 1}].name`);
    expect(body.error).toMatchObject({ code: 'validation_failed', truncated: true, detailsTotal: 5000 });
  });

  it(`lists ${MAX_ERROR_DETAILS} faults whole, without truncated`, () => {
    const { body } = errorReply(new HttpError(400, 'validation_failed', 'Many faults.', faults(MAX_ERROR_DETAILS))) as { body: any };
    expect(body.error.details).toHaveLength(MAX_ERROR_DETAILS);
    expect(Object.keys(body.error)).toEqual(['code', 'message', 'details']);
  });

  it("cuts a fault's field and message that are longer than the answer takes", () => {
    const long = 'x'.repeat(5_000_000);
    const { body } = errorReply(new HttpError(400, 'validation_failed', 'Long.', [{ field: long, message: long }])) as { body: any };
    expect(body.error.details[0].field).toHaveLength(MAX_DETAIL_TEXT);
    expect(body.error.details[0].message).toBe(`${'x'.repeat(MAX_DETAIL_TEXT - 1)}…`);
  });
});

describe('the error exit', () => {
  it("answers a bare 500 in the contract's shape, and logs why, when the answer cannot be serialised", () => {
    const unwritable = {
      field: 'rows[1]',
      message: 'x',
      toJSON: () => {
        throw new RangeError('Invalid string length');
      },
    };
    const logged: unknown[] = [];
    const answer = errorAnswerOf(new HttpError(400, 'validation_failed', 'Refused.', [unwritable]), (cause) => logged.push(cause));
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body as string)).toEqual({
      error: { code: 'internal', message: 'Something went wrong on the server; its log has the details.' },
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toBeInstanceOf(RangeError);
  });

  it('answers even when the log throws too', () => {
    const unwritable = {
      toJSON: () => {
        throw new RangeError('Invalid string length');
      },
    };
    const error = new HttpError(400, 'validation_failed', 'Refused.', [unwritable as never]);
    const answer = errorAnswerOf(error, () => {
      throw new Error('the log is gone');
    });
    expect(answer.status).toBe(500);
  });

  it('answers a refusal as it is and logs only a 500', () => {
    const logged: unknown[] = [];
    expect(errorAnswerOf(new HttpError(409, 'conflict', 'Taken.'), (cause) => logged.push(cause)).status).toBe(409);
    const failure = new Error('boom');
    expect(errorAnswerOf(failure, (cause) => logged.push(cause)).status).toBe(500);
    expect(logged).toEqual([failure]);
  });
});
