// What anything thrown while answering means as an API error: an HttpError as it is, a Refusal of the data
// layer with the status of its kind, a SQLite failure as db/sqlite-errors.ts decodes it (busy 503, conflict
// 409, disk full 507, read-only 503), anything else a generic 500. The router's error exit (http/router.ts)
// is the only caller.
import { HttpError } from '../errors/http-error.ts';
import { Refusal, type RefusalKind } from '../errors/refusal.ts';
import { sqliteFailure } from '../db/sqlite-errors.ts';
import type { Reply } from './route.ts';

const REFUSAL_STATUS: Record<RefusalKind, number> = { invalid: 400, not_found: 404, conflict: 409 };

/** The HttpError that answers `error`. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof Refusal) return new HttpError(REFUSAL_STATUS[error.kind], error.code, error.message, error.details);
  const sqlite = sqliteFailure(error);
  if (sqlite) return new HttpError(sqlite.status, sqlite.code, sqlite.message, undefined, sqlite.headers);
  return new HttpError(500, 'internal', 'Something went wrong on the server; its log has the details.');
}

/** The contract's error answer: { error: { code, message, details? } } with the error's status and headers. */
export function errorReply(error: HttpError): Reply {
  const body = { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
  return { status: error.status, body, headers: error.headers };
}
