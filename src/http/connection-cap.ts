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
  const line = waitingLine();
  const connections = new WeakMap<Socket, Connection>();
  const noteDrop = dropNotes(log, cap);

  const startWaiting = (connection: Connection) => {
    line.join(connection);
    for (let oldest = line.oldest(); oldest && line.size() > cap; oldest = line.oldest()) {
      line.leave(oldest);
      oldest.socket.destroy();
      noteDrop();
    }
  };

  // Once an answer is done (`this` is its response), its connection waits for the next request unless another is served.
  function answered(this: ServerResponse) {
    const connection = connections.get(this.req.socket);
    if (!connection || --connection.requests > 0) return;
    // A connection that the answer ends (Connection: close) is not writable by now; a kept-alive one waits again.
    if (!connection.socket.destroyed && connection.socket.writable) startWaiting(connection);
  }

  server.on('connection', (socket: Socket) => {
    if (socket.destroyed) return;
    const connection: Connection = { socket, requests: 0, waiting: false, older: undefined, newer: undefined };
    connections.set(socket, connection);
    socket.once('close', () => line.leave(connection));
    startWaiting(connection);
  });

  // One shared listener per answer and nothing else made: what a request allocates is swept by the young generation's
  // collections, a large part of what a cached read costs.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (!connection) return;
    line.leave(connection);
    connection.requests++;
    res.on('close', answered);
  });
}

/** An open connection as the pending cap sees it: its requests being served (several when pipelined), its place in line. */
interface Connection {
  socket: Socket;
  requests: number;
  waiting: boolean;
  older: Connection | undefined;
  newer: Connection | undefined;
}

/**
 * The connections waiting for request headers, oldest first: a list linked through the connections themselves, so
 * that a connection joining or leaving it allocates nothing (a Set of them made a new table every few dozen
 * requests, kept long enough to be promoted to the old generation). Joining again keeps a connection's place.
 */
function waitingLine() {
  let oldest: Connection | undefined;
  let newest: Connection | undefined;
  let size = 0;
  return {
    size: () => size,
    oldest: () => oldest,
    join(connection: Connection): void {
      if (connection.waiting) return;
      connection.waiting = true;
      connection.older = newest;
      connection.newer = undefined;
      if (newest) newest.newer = connection;
      else oldest = connection;
      newest = connection;
      size++;
    },
    leave(connection: Connection): void {
      if (!connection.waiting) return;
      connection.waiting = false;
      if (connection.older) connection.older.newer = connection.newer;
      else oldest = connection.newer;
      if (connection.newer) connection.newer.older = connection.older;
      else newest = connection.older;
      connection.older = undefined;
      connection.newer = undefined;
      size--;
    },
  };
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
