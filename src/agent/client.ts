// How the agent talks to the server (issue 39): outgoing HTTPS requests only (http:// to loopback, or when
// AGENT_ALLOW_HTTP=1 allowed it), with its token as a Bearer token, the CA of AGENT_CA_FILE when one is given, and a
// time limit on every request. Nothing listens on the agent.
//
// HTTP/1.1 is spoken over node:net (node:tls for https) by the few lines below rather than node:http: loading node:http
// (or fetch) costs an idle process some 12 MB of RSS, a quarter of the agent's budget (bench/agent.ts). One request
// per connection (Connection: close); the answer's body by Content-Length or chunked.
import { isIP, connect as netConnect, type Socket } from 'node:net';

/** The longest one request to the server may take. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The largest answer read (the assignments of thousands of switches stay far below). */
const ANSWER_MAX_BYTES = 64 * 1024 * 1024;

/** An answer of the server: its status and parsed JSON body (undefined when it was none). */
export interface ServerAnswer {
  status: number;
  body: unknown;
}

/** A request the server did not answer (refused, reset, timed out, TLS failed): retried later. */
export class Unreachable extends Error {}

/** Sends one request; throws Unreachable when the server does not answer. */
export async function callServer(
  server: { url: URL; token: string; ca: string | undefined; version: string },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<ServerAnswer> {
  const url = new URL(path, server.url);
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
  const https = url.protocol === 'https:';
  const port = Number(url.port || (https ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const head = [
    `${method} ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    `Authorization: Bearer ${server.token}`,
    'Accept: application/json',
    `X-Agent-Version: ${server.version}`,
    'Connection: close',
    ...(body === undefined ? [] : ['Content-Type: application/json', `Content-Length: ${payload.length}`]),
  ].join('\r\n');
  // TLS is loaded only for an https:// server; the certificate is checked against AGENT_CA_FILE's CA, else Node's own.
  const socket: Socket = https
    ? (await import('node:tls')).connect({
        host,
        port,
        ...(isIP(host) ? {} : { servername: host }),
        ...(server.ca ? { ca: server.ca } : {}),
      })
    : netConnect({ host, port });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (message: string) => {
      socket.destroy();
      reject(new Unreachable(message));
    };
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => fail(`no answer within ${REQUEST_TIMEOUT_MS} ms`));
    socket.on('error', (error) => fail(error.message));
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > ANSWER_MAX_BYTES) return fail('the answer is too large');
      chunks.push(chunk);
    });
    socket.on('end', () => {
      const parsed = parseAnswer(Buffer.concat(chunks));
      if (!parsed) return fail('the answer is no HTTP');
      resolve(parsed);
    });
    // Not half-closed after the request: some servers and proxies drop a request whose client ended its side. The
    // server closes the connection after its answer (Connection: close).
    socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), payload]));
  });
}

/** An HTTP/1.1 answer read whole: its status and its JSON body; undefined when it is no HTTP answer. */
export function parseAnswer(bytes: Buffer): ServerAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const lines = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0])?.[1];
  if (!status) return undefined;
  const headers = new Map(
    lines.slice(1).map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let content = bytes.subarray(end + 4);
  if (headers.get('transfer-encoding')?.toLowerCase() === 'chunked') content = unchunked(content);
  else if (headers.has('content-length')) content = content.subarray(0, Number(headers.get('content-length')));
  const text = content.toString('utf8');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: Number(status), body };
}

function unchunked(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const length = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(length) || length <= 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + length));
    at = lineEnd + 2 + length + 2;
  }
  return Buffer.concat(parts);
}
