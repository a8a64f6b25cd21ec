// One client address may hold only so many open connections (MAX_CONNECTIONS_PER_ADDRESS): past that, a new
// connection is closed at once, before it costs a request. Trusted proxies are not capped: every user behind
// them shares their address. The log says when the cap bites, once a minute per address.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { isTrustedProxy, socketAddress } from './client.ts';
import type { Config } from '../boot/config.ts';
import type { Logger } from '../boot/log.ts';

const LOG_EVERY_MS = 60_000;

/** Closes connections past the per-address cap of `config` (none when it is 0). */
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
    const n = open.get(address) ?? 0;
    if (n >= cap) {
      socket.destroy();
      noteRefusal(address);
      return;
    }
    open.set(address, n + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });

  function noteRefusal(address: string): void {
    const now = Date.now();
    const seen = refused.get(address);
    if (seen && now - seen.loggedAt < LOG_EVERY_MS) {
      seen.n++;
      return;
    }
    log.warn('connection refused: too many open connections from one address', {
      address,
      open: cap,
      refusedSinceLastNote: (seen?.n ?? 0) + 1,
      setting: 'MAX_CONNECTIONS_PER_ADDRESS',
    });
    if (refused.size > 10_000) refused.clear();
    refused.set(address, { n: 0, loggedAt: now });
  }
}
