// How the agent talks to the server (issue 39): outgoing HTTPS requests only (http:// to loopback, or when
// AGENT_ALLOW_HTTP=1 allowed it), with its token as a Bearer token, the CA of AGENT_CA_FILE when one is given, and a
// time limit on every request. Nothing listens on the agent.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** The longest one request to the server may take. */
const REQUEST_TIMEOUT_MS = 30_000;

/** An answer of the server: its status and parsed JSON body (undefined when it was none). */
export interface ServerAnswer {
  status: number;
  body: unknown;
}

/** A request the server did not answer (refused, reset, timed out, TLS failed): retried later. */
export class Unreachable extends Error {}

/** Sends one request; throws Unreachable when the server does not answer. */
export function callServer(
  server: { url: URL; token: string; ca: string | undefined; version: string },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<ServerAnswer> {
  const url = new URL(path, server.url);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method,
        headers: {
          authorization: `Bearer ${server.token}`,
          accept: 'application/json',
          'x-agent-version': server.version,
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
        ...(url.protocol === 'https:' && server.ca ? { ca: server.ca } : {}),
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => reject(new Unreachable(error.message)));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (error) => reject(new Unreachable(error.message)));
    req.end(payload);
  });
}
