// The API's error answer as a handler or a step of the router throws it: HttpError(status, code, message,
// details), which the router alone turns into the error answer. The data layer throws a Refusal instead
// (refusal.ts), which http/errors.ts answers with the status of its kind.
import type { FieldFault } from './refusal.ts';

export type { FieldFault } from './refusal.ts';

/** The error a handler throws; the router alone turns it into the contract's error body. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: FieldFault[];
  readonly headers?: Record<string, string>;
  /** The values `message` is worded from by the form of its code (lib/message-forms.ts ERROR_FORMS), when it is. */
  readonly params?: Record<string, string | number>;
  /** The variant of its code's form that words `message`, when the code has several (a Refusal's). */
  readonly form?: string;

  constructor(
    status: number,
    code: string,
    message: string,
    details?: FieldFault[],
    headers?: Record<string, string>,
    params?: Record<string, string | number>,
    form?: string,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
    this.params = params;
    this.form = form;
  }
}

/** 400 validation_failed with every fault found. */
export function validationFailed(details: FieldFault[], message?: string): HttpError {
  if (message !== undefined) return new HttpError(400, 'validation_failed', message, details);
  return new HttpError(400, 'validation_failed', 'The request has invalid fields.', details, undefined, {});
}

/** 409 for values another record holds already: `name_taken` when a name clashes, else `conflict`; every clash in details. */
export function uniquenessConflict(faults: FieldFault[]): HttpError {
  const names = faults.some((fault) => fault.field === 'name');
  const fields = faults.map((fault) => fault.field).join(', ');
  return new HttpError(409, names ? 'name_taken' : 'conflict', `Another record already has this ${fields}.`, faults, undefined, { fields });
}

/** 404 not_found for a resource kind. */
export function notFound(what = 'resource'): HttpError {
  return new HttpError(404, 'not_found', `No such ${what}.`);
}
