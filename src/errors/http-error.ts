// The API's error contract, thrown by every layer that refuses something (handlers, db/change.ts, the imports):
// HttpError(status, code, message, details), which the router alone turns into the error answer. It imports
// nothing, so that every room may throw it.

/** One problem with one field of a request; `field` is a path into the request (`rows[7].name`). */
export interface FieldFault {
  field: string;
  message: string;
}

/** The error a handler throws; the router alone turns it into the contract's error body. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: FieldFault[];
  readonly headers?: Record<string, string>;

  constructor(status: number, code: string, message: string, details?: FieldFault[], headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

/** 400 validation_failed with every fault found. */
export function validationFailed(details: FieldFault[], message = 'The request has invalid fields.'): HttpError {
  return new HttpError(400, 'validation_failed', message, details);
}

/** 409 for values another record holds already: `name_taken` when a name clashes, else `conflict`; every clash in details. */
export function uniquenessConflict(faults: FieldFault[]): HttpError {
  const names = faults.some((fault) => fault.field === 'name');
  const fields = faults.map((fault) => fault.field).join(', ');
  return new HttpError(409, names ? 'name_taken' : 'conflict', `Another record already has this ${fields}.`, faults);
}

/** 404 not_found for a resource kind. */
export function notFound(what = 'resource'): HttpError {
  return new HttpError(404, 'not_found', `No such ${what}.`);
}
