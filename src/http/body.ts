// Reading a request's body as its route's BodySpec says: within its size limit (413), of a media type the
// route takes (415), parsed as JSON (400) without lone surrogates, or kept as text for a text/csv or YAML body.
// Every body is decoded here and only here, strictly: bytes that are not UTF-8 are refused (400, naming the
// first bad byte), never read as U+FFFD; a CSV file that is clearly Windows-1252 (Excel's "CSV (Comma
// delimited)") is read as that, and ctx.bodyEncoding says so.
import type { IncomingMessage } from 'node:http';
import { HttpError, type FieldFault } from '../errors/http-error.ts';
import { decodeCsv } from '../lib/csv.ts';
import { decodeUtf8, hexByte, notUtf8Problem } from '../lib/text-bytes.ts';
import { BODY_LIMIT, YAML_MEDIA_TYPES, type BodySpec, type Ctx } from './route.ts';

/** How long the rest of a refused body is read and dropped before the connection is cut. */
const REFUSED_BODY_DRAIN_MS = 3000;

/** Reads the body into ctx.body and ctx.bodyType as `spec` says; a route without a spec has its body dropped. */
export async function readBody(ctx: Ctx, spec: BodySpec | undefined): Promise<void> {
  if (!spec) return drain(ctx.req);
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const hasBody = ctx.req.headers['transfer-encoding'] !== undefined || Number(ctx.req.headers['content-length'] ?? 0) > 0;
  if (!hasBody) {
    if (spec.optional) {
      ctx.body = {};
      ctx.bodyType = 'json';
      return;
    }
    if (spec.accepts === 'yaml' || spec.accepts === 'text')
      throw new HttpError(
        400,
        'validation_failed',
        `This request needs a body: ${spec.accepts === 'yaml' ? 'the YAML file' : 'the text'}.`,
        [{ field: 'body', message: 'is required' }],
      );
    throw new HttpError(400, 'invalid_json', 'This request needs a JSON body.');
  }
  if (spec.accepts === 'yaml') return readYaml(ctx, spec, type);
  if (spec.accepts === 'text') return readText(ctx, spec, type);
  const isCsv = spec.accepts === 'json-or-csv' && type === 'text/csv';
  if (type !== 'application/json' && !isCsv) {
    const wanted = spec.accepts === 'json' ? 'application/json' : 'application/json or text/csv';
    throw new HttpError(415, 'unsupported_media_type', `Send the body as ${wanted}.`);
  }
  const bytes = await readBytes(ctx.req, spec.limit ?? BODY_LIMIT);
  if (isCsv) return keepCsv(ctx, bytes);
  ctx.body = parseJson(withoutByteOrderMark(utf8Text(bytes, notUtf8Json)));
  ctx.bodyType = 'json';
}

/** A YAML file, kept as text for the route to parse: of one of YAML_MEDIA_TYPES (415 otherwise). */
async function readYaml(ctx: Ctx, spec: BodySpec, type: string): Promise<void> {
  if (!(YAML_MEDIA_TYPES as readonly string[]).includes(type))
    throw new HttpError(415, 'unsupported_media_type', `Send the body as ${YAML_MEDIA_TYPES.join(', ')}.`);
  ctx.body = utf8Text(await readBytes(ctx.req, spec.limit ?? BODY_LIMIT), notUtf8Yaml);
  ctx.bodyType = 'text';
}

/** A text/plain body, kept as text (a running configuration); 415 for any other media type. */
async function readText(ctx: Ctx, spec: BodySpec, type: string): Promise<void> {
  if (type !== 'text/plain') throw new HttpError(415, 'unsupported_media_type', 'Send the body as text/plain.');
  ctx.body = withoutByteOrderMark(utf8Text(await readBytes(ctx.req, spec.limit ?? BODY_LIMIT), notUtf8Plain));
  ctx.bodyType = 'text';
}

function notUtf8Plain(problem: string): HttpError {
  return new HttpError(400, 'validation_failed', `The text is not UTF-8: ${problem}.`, [{ field: 'body', message: problem }]);
}

/** A text/csv body as UTF-8 or Windows-1252 text (decodeCsv); 400 naming the row and byte where it is neither. */
function keepCsv(ctx: Ctx, bytes: Buffer): void {
  const decoded = decodeCsv(bytes);
  if ('fault' in decoded) {
    if (decoded.fault === 'utf-16')
      throw notUtf8Csv('it is UTF-16 (Excel\'s "Unicode Text")', [{ field: 'body', message: `is UTF-16; ${SAVE_AS_CSV_UTF8}` }]);
    const { offset, byte, row } = decoded;
    const where = row === 0 ? 'the header' : `data row ${row}`;
    throw notUtf8Csv(`byte offset ${offset} (${hexByte(byte)}), in ${where}, is not UTF-8 and the file is not Windows-1252 text either`, [
      {
        field: row === 0 ? 'header' : `rows[${row}]`,
        message: `byte offset ${offset} (${hexByte(byte)}) is not UTF-8; ${SAVE_AS_CSV_UTF8}`,
      },
    ]);
  }
  ctx.body = decoded.text;
  ctx.bodyType = 'csv';
  ctx.bodyEncoding = decoded.encoding;
}

const SAVE_AS_CSV_UTF8 = 'save the file as CSV UTF-8 (in Excel: Save As, "CSV UTF-8 (Comma delimited)") and import it again';

function notUtf8Csv(problem: string, details: FieldFault[]): HttpError {
  return new HttpError(400, 'validation_failed', `The CSV file cannot be read: ${problem}; ${SAVE_AS_CSV_UTF8}.`, details);
}

/** The body as UTF-8 text; else the 400 that `refusal` makes of what is wrong (UTF-16, or the first byte that is not UTF-8). */
function utf8Text(bytes: Buffer, refusal: (problem: string) => HttpError): string {
  const text = decodeUtf8(bytes);
  if (text !== undefined) return text;
  throw refusal(notUtf8Problem(bytes));
}

function notUtf8Json(problem: string): HttpError {
  return new HttpError(400, 'invalid_json', `The body is not UTF-8 text, as JSON must be (RFC 8259): ${problem}.`, [
    { field: 'body', message: problem },
  ]);
}

function notUtf8Yaml(problem: string): HttpError {
  return new HttpError(400, 'validation_failed', `The YAML file is not UTF-8 text: ${problem}; save it as UTF-8.`, [
    { field: 'body', message: problem },
  ]);
}

/**
 * The text without a leading byte order mark: Windows tools (PowerShell's `Out-File -Encoding utf8`, Notepad) write
 * one, and RFC 8259 lets a parser ignore it; JSON.parse would refuse it.
 */
function withoutByteOrderMark(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  // UTF-8 text cannot hold a lone surrogate; only a \uD800-\uDFFF escape can make one, so only then is it looked for.
  if (SURROGATE_ESCAPE.test(text) && !isWellFormedJson(value)) {
    throw new HttpError(
      400,
      'invalid_json',
      'The body holds a lone UTF-16 surrogate (a \\uD800-\\uDFFF escape without its pair); text must be valid Unicode.',
    );
  }
  return value;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

function isWellFormedJson(value: unknown): boolean {
  if (typeof value === 'string') return value.isWellFormed();
  if (typeof value !== 'object' || value === null) return true;
  // Iterative: a body nested 100,000 deep must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string' && !item.isWellFormed()) return false;
    if (typeof item !== 'object' || item === null) continue;
    for (const [key, child] of Object.entries(item)) {
      if (!key.isWellFormed()) return false;
      pending.push(child);
    }
  }
  return true;
}

/** Reads the body's bytes, refusing (413) as soon as it passes `limit`, before buffering more. */
export function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, 'payload_too_large', `The body is larger than ${limit} bytes.`);
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    discardRest(req);
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: Error) => {
      discardRest(req);
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail(tooLarge());
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('aborted', () => fail(new HttpError(400, 'invalid_json', 'The body ended early.')));
    req.on('error', fail);
  });
}

/**
 * Drops what is left of a refused body instead of storing it, for a bounded time: closing the socket while
 * the client still sends makes its kernel answer with a reset, which can swallow the 413 before it is read.
 */
function discardRest(req: IncomingMessage): void {
  req.removeAllListeners('data');
  req.on('data', () => undefined);
  req.resume();
  const cutOff = setTimeout(() => req.socket.destroy(), REFUSED_BODY_DRAIN_MS).unref();
  req.once('end', () => clearTimeout(cutOff));
}

function drain(req: IncomingMessage): void {
  req.resume();
}
