// A handler's Reply made ready to write (status, headers, serialised body), and written in one writeHead with
// the security headers and no-cache that every API answer carries.
import type { ServerResponse } from 'node:http';
import type { Reply } from './route.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** A reply ready to write: status, headers and the serialised body (undefined for no body). */
export interface Serialized {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  /** Every header of the answer as writeHead takes them, made once (a kept answer is written many times). */
  headerList?: string[];
}

// API answers are revalidated every time: browsers must not reuse a stale inventory.
const API_HEADERS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, 'Cache-Control': 'no-cache' };

/** The headers of an API answer: the security headers and no-cache, then `own` (which may override them). */
export function apiHeaders(own: Record<string, string>): Record<string, string> {
  return { ...API_HEADERS, ...own };
}

/** The status, headers and body text of a reply: JSON unless it brings its own text; 204 when it has no body. */
export function serialize(reply: Reply): Serialized {
  const headers = { ...reply.headers };
  if (reply.text !== undefined) {
    return { status: reply.status ?? 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers }, body: reply.text };
  }
  if (reply.json !== undefined) {
    return { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: reply.json };
  }
  const status = reply.status ?? (reply.body === undefined ? 204 : 200);
  if (status === 204 || status === 304 || reply.body === undefined) return { status, headers, body: undefined };
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(reply.body) };
}

/** The reply with `Activity-Id: <entry>` when its change wrote activity entries: the last one, the change's own. */
export function withActivityId(reply: Reply, entryIds: readonly string[]): Reply {
  const entry = entryIds.at(-1);
  return entry === undefined ? reply : { ...reply, headers: { ...reply.headers, 'Activity-Id': entry } };
}

/**
 * Writes the answer with every header in one writeHead: a setHeader per header was a noticeable part of a cached
 * read. The body's length goes with them (without it, a writeHead before the body makes Node send it chunked).
 */
export function writeReply(res: ServerResponse, answer: Serialized): void {
  answer.headerList ??= headerList(answer);
  res.writeHead(answer.status, answer.headerList).end(answer.body);
}

function headerList(answer: Serialized): string[] {
  const list = Object.entries(apiHeaders(answer.headers)).flat();
  if (answer.body !== undefined) list.push('Content-Length', String(Buffer.byteLength(answer.body)));
  return list;
}
