import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors/http-error.ts';
import { Refusal, type RefusalKind } from '../errors/refusal.ts';
import { errorReply, toHttpError } from './errors.ts';

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
