// Two caps on open connections, so that slow clients cannot take every file descriptor of the process.
// Per client (MAX_CONNECTIONS_PER_ADDRESS; clientKey of client.ts: an IPv6 client per /64): past it, a new
// connection is closed at once, before it costs a request; trusted proxies are not capped, every user behind them
// shares their address; the log says when it bites, once a minute per client. And for all clients together, on
// the connections still sending their request headers (MAX_PENDING_CONNECTIONS): what an attacker spread over many
// addresses holds open at no cost but a socket, a connection that trickles its headers or sits idle between
// requests. When the cap is reached, the one waiting longest is closed to make room; a connection whose request
// is being served is never closed by it. The log says how many were closed, at most every 10 s.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey, isTrustedProxy, socketAddress } from './client.ts';
import type { Config } from '../boot/config.ts';
import type { Logger } from '../boot/log.ts';

const LOG_EVERY_MS = 60_000;
const PENDING_LOG_EVERY_MS = 10_000;

/** Closes connections past the per-client cap of `config` (none when it is 0). */
export function capConnectionsPerAddress(
  server: Server,
  config: Pick<Config, 'maxConnectionsPerAddress' | 'trustedProxies' | 'allowedHosts'>,
  log: Logger,
): void {
  const cap = config.maxConnectionsPerAddress;
  if (cap === 0) return;
  const open = new Map<string, number>();
  const refused = new Map<string, { n: number; loggedAt: number }>();

  server.on('connection', (socket: Socket) => {
    const address = socketAddress(socket);
    if (isTrustedProxy(config, address)) return;
    const client = clientKey(address);
    const n = open.get(client) ?? 0;
    if (n >= cap) {
      socket.destroy();
      noteRefusal(client);
      return;
    }
    open.set(client, n + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });

  function noteRefusal(client: string): void {
    const now = Date.now();
    const seen = refused.get(client);
    if (seen && now - seen.loggedAt < LOG_EVERY_MS) {
      seen.n++;
      return;
    }
    log.warn('connection refused: too many open connections from one address', {
      address: client,
      open: cap,
      refusedSinceLastNote: (seen?.n ?? 0) + 1,
      setting: 'MAX_CONNECTIONS_PER_ADDRESS',
    });
    if (refused.size > 10_000) refused.clear();
    refused.set(client, { n: 0, loggedAt: now });
  }
}

/**
 * Keeps at most MAX_PENDING_CONNECTIONS connections waiting for request headers (none when it is 0): a new one, or
 * one that turns idle after its answer, closes the one that has waited longest. Registered after the per-client
 * cap, whose refusals it does not count.
 */
export function capPendingConnections(server: Server, config: Pick<Config, 'maxPendingConnections'>, log: Logger): void {
  const cap = config.maxPendingConnections;
  if (cap === 0) return;
  // A Set iterates in insertion order: a connection is added again each time it starts waiting, so the first is the oldest.
  const pending = new Set<Socket>();
  // Requests of each connection being served (more than one when pipelined): a counter made once per connection,
  // and one shared listener, so that a request allocates nothing here (the young generation's collections are a
  // large part of what a cached read costs).
  const serving = new WeakMap<Socket, { requests: number }>();
  const noteDrop = dropNotes(log, cap);

  const startWaiting = (socket: Socket) => {
    pending.add(socket);
    if (pending.size <= cap) return;
    for (const oldest of pending) {
      if (pending.size <= cap) break;
      pending.delete(oldest);
      oldest.destroy();
      noteDrop();
    }
  };

  // Once an answer is done (`this` is its response), its connection waits for the next request unless another is served.
  function answered(this: ServerResponse) {
    const socket = this.req.socket;
    const counter = serving.get(socket);
    if (counter && --counter.requests > 0) return;
    // A connection that the answer ends (Connection: close) is not writable by now; a kept-alive one waits again.
    if (!socket.destroyed && socket.writable) startWaiting(socket);
  }

  server.on('connection', (socket: Socket) => {
    if (socket.destroyed) return;
    serving.set(socket, { requests: 0 });
    socket.once('close', () => pending.delete(socket));
    startWaiting(socket);
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    pending.delete(req.socket);
    const counter = serving.get(req.socket);
    if (counter) counter.requests++;
    res.on('close', answered);
  });
}

/** Counts closed connections and logs them: the first at once, then at most once per PENDING_LOG_EVERY_MS. */
function dropNotes(log: Logger, cap: number): () => void {
  let unlogged = 0;
  let quiet = true;
  const flush = () => {
    if (unlogged === 0) {
      quiet = true;
      return;
    }
    log.warn('connection closed: too many connections still sending their request headers; the oldest were closed', {
      closed: unlogged,
      pending: cap,
      setting: 'MAX_PENDING_CONNECTIONS',
    });
    unlogged = 0;
    quiet = false;
    setTimeout(flush, PENDING_LOG_EVERY_MS).unref();
  };
  return () => {
    unlogged++;
    if (quiet) flush();
  };
}
