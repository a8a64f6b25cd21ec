// What anything thrown while answering means as an API error: an HttpError as it is, a Refusal of the data
// layer with the status of its kind, a SQLite failure by what db/sqlite-errors.ts decodes it to mean (busy 503,
// conflict 409, disk full 507, read-only or moved 503), anything else a generic 500. The router's error exit (http/router.ts)
// is the only caller. An answer lists at most MAX_ERROR_DETAILS faults, and making it never throws.
import { HttpError } from '../errors/http-error.ts';
import { Refusal, type FieldFault, type RefusalKind } from '../errors/refusal.ts';
import { sqliteMeaning, type SqliteMeaning } from '../db/sqlite-errors.ts';
import { cutText } from '../lib/json-text.ts';
import { serialize, type Serialized } from './reply.ts';
import type { Reply } from './route.ts';

/** The most faults an error answer lists; past them it says `truncated: true` and `detailsTotal`. */
export const MAX_ERROR_DETAILS = 1000;
/** The most characters of a fault's field or message in an answer; longer ones are cut, ending in `…`. */
export const MAX_DETAIL_TEXT = 1000;

const INTERNAL_MESSAGE = 'Something went wrong on the server; its log has the details.';
const REFUSAL_STATUS: Record<RefusalKind, number> = { invalid: 400, not_found: 404, conflict: 409 };

/** A SQLite failure as the API answers it. */
export interface SqliteFailure {
  status: number;
  code: string;
  message: string;
  headers?: Record<string, string>;
}

const SQLITE_ANSWERS: Readonly<Record<SqliteMeaning, SqliteFailure>> = {
  busy: { status: 503, code: 'unavailable', message: 'The database is busy; try again.', headers: { 'Retry-After': '1' } },
  constraint: { status: 409, code: 'conflict', message: 'The change conflicts with data stored meanwhile.' },
  moved: {
    status: 503,
    code: 'read_only',
    message:
      'The database file was moved, replaced or deleted while the service ran, so this change was not saved. ' +
      'Restart the service to open the database file that is there now.',
  },
  disk_full: {
    status: 507,
    code: 'insufficient_storage',
    message:
      'The disk holding the database is full, so this change was not saved. Free space on the data volume (or make it larger); ' +
      'writes work again at once, without a restart.',
  },
  read_only: {
    status: 503,
    code: 'read_only',
    message:
      'The database cannot be written (its file or file system is read-only), so this change was not saved. ' +
      "Make the data volume writable for the service's user (chown the database file and its -wal/-shm files, " +
      'or remount the volume read-write), then restart the service.',
  },
};

/** How the API answers a SQLite error it knows; undefined for anything else (a 500). */
export function sqliteFailure(error: unknown): SqliteFailure | undefined {
  const meaning = sqliteMeaning(error);
  if (meaning === undefined) return undefined;
  const { headers, ...answer } = SQLITE_ANSWERS[meaning];
  return headers ? { ...answer, headers: { ...headers } } : answer;
}

/** The HttpError that answers `error`. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof Refusal)
    return new HttpError(REFUSAL_STATUS[error.kind], error.code, error.message, error.details, undefined, error.params, error.form);
  const sqlite = sqliteFailure(error);
  if (sqlite) return new HttpError(sqlite.status, sqlite.code, sqlite.message, undefined, sqlite.headers);
  return new HttpError(500, 'internal', INTERNAL_MESSAGE);
}

/**
 * The contract's error answer: { error: { code, message, details? } } with the error's status and headers; of
 * more than MAX_ERROR_DETAILS faults, the first ones with `truncated: true` and `detailsTotal` (a restore of
 * millions of faults made an answer longer than a string can be).
 */
export function errorReply(error: HttpError): Reply {
  const params = error.params ? { ...(error.form && { form: error.form }), params: error.params } : {};
  const body = { error: { code: error.code, message: error.message, ...params, ...(error.details ? cappedDetails(error.details) : {}) } };
  return { status: error.status, body, headers: error.headers };
}

function cappedDetails(details: FieldFault[]): { details: FieldFault[]; truncated?: true; detailsTotal?: number } {
  const listed = details.slice(0, MAX_ERROR_DETAILS).map(detailOf);
  if (details.length <= MAX_ERROR_DETAILS) return { details: listed };
  return { details: listed, truncated: true, detailsTotal: details.length };
}

/** A fault as the answer lists it: with the code and params of its message's form (not enumerable on the fault), or cut when long. */
function detailOf(fault: FieldFault): FieldFault {
  if (isLong(fault.field) || isLong(fault.message))
    return { ...fault, field: cutText(fault.field, MAX_DETAIL_TEXT), message: cutText(fault.message, MAX_DETAIL_TEXT) };
  return fault.code === undefined ? fault : { ...fault, code: fault.code, params: fault.params ?? {} };
}

function isLong(text: unknown): boolean {
  return typeof text === 'string' && text.length > MAX_DETAIL_TEXT;
}

/**
 * The serialised error answer to `error`, told to `logFailure` when it is a 500. It never throws: when the
 * answer cannot be made (its JSON too long for a string, a value that refuses to serialise), the cause is told
 * to `logFailure` and the answer is a bare 500 in the contract's shape.
 */
export function errorAnswerOf(error: unknown, logFailure: (cause: unknown) => void): Serialized {
  try {
    const httpError = toHttpError(error);
    if (httpError.status >= 500) tell(logFailure, error);
    return serialize(errorReply(httpError));
  } catch (cause) {
    tell(logFailure, cause);
    return internalAnswer();
  }
}

function tell(logFailure: (cause: unknown) => void, cause: unknown): void {
  try {
    logFailure(cause);
  } catch {
    // The log could not take it; the answer still goes out.
  }
}

const INTERNAL_BODY = JSON.stringify({ error: { code: 'internal', message: INTERNAL_MESSAGE } });

function internalAnswer(): Serialized {
  return { status: 500, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: INTERNAL_BODY };
}
