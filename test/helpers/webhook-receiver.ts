// A webhook receiver on 127.0.0.1 for the webhook tests: it keeps every request it gets (also those it answers by
// dropping the connection) and answers each as `answer` says: a status (and headers), or 'drop'.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { expect } from 'vitest';

/** A request the receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when it came. */
  at: number;
  /** How it was answered: a status, or 'drop'. */
  answeredWith: number | 'drop';
}

/** What the receiver answers a request with. */
export type Answering = (request: { path: string; index: number }) => number | 'drop' | { status: number; headers: Record<string, string> };

/** A receiver and what it got. */
export interface Receiver {
  url: (path: string) => string;
  received: Received[];
  answer: Answering;
  close(): Promise<void>;
}

/** Starts a receiver that answers 204 until `answer` is set. */
export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: () => '', received: [], answer: () => 204, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const answer = receiver.answer({ path, index: receiver.received.length });
      const status = typeof answer === 'object' ? answer.status : answer;
      receiver.received.push({ path, headers: req.headers, body, at: performance.now(), answeredWith: status });
      if (status === 'drop') return void req.socket.destroy();
      res.writeHead(status, typeof answer === 'object' ? answer.headers : {}).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  receiver.url = (path) => `http://127.0.0.1:${port}${path}`;
  receiver.close = () =>
    new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return receiver;
}

/** Whether a request's Switchyard-Signature is the HMAC-SHA256 of "<t>.<body>" under `secret`. */
export function signatureVerifies(request: Received, secret: string): boolean {
  const header = String(request.headers['switchyard-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  return createHmac('sha256', secret).update(`${match[1]}.${request.body}`).digest('hex') === match[2];
}

/** The ids of the events delivered (answered 2xx) at `path`, in the order they first arrived. */
export function deliveredIds(receiver: Receiver, path: string): string[] {
  const delivered = receiver.received.filter(
    (request) => request.path === path && request.answeredWith !== 'drop' && request.answeredWith < 300,
  );
  return [...new Set(delivered.map((request) => JSON.parse(request.body).id as string))];
}

/** Waits until `done` holds (polling every 50 ms), failing after `timeoutMs` with what `describe` says. */
export async function eventually(done: () => boolean | Promise<boolean>, timeoutMs: number, describe: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) expect.fail(`not within ${timeoutMs} ms: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
