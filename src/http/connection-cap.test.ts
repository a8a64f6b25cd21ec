import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../boot/log.ts';
import { capConnectionsPerAddress, capPendingConnections } from './connection-cap.ts';

/** A socket as the cap sees it: its peer address, and whether the cap destroyed it. */
class FakeSocket extends EventEmitter {
  destroyed = false;
  writable = true;
  readonly remoteAddress: string;
  constructor(remoteAddress: string) {
    super();
    this.remoteAddress = remoteAddress;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

function cappedServer(cap: number): (remoteAddress: string) => FakeSocket {
  const server = new EventEmitter();
  const config = { maxConnectionsPerAddress: cap, trustedProxies: [], allowedHosts: [] };
  capConnectionsPerAddress(server as Server, config, createLogger('error'));
  return (remoteAddress) => {
    const socket = new FakeSocket(remoteAddress);
    server.emit('connection', socket);
    return socket;
  };
}

describe('the per-address connection cap', () => {
  it('counts the addresses of one IPv6 /64 as one client', () => {
    const connect = cappedServer(2);
    const held = [connect('2001:db8::1'), connect('2001:db8::2')];
    expect(connect('2001:db8::ffff:3').destroyed, 'a third address of the same /64').toBe(true);
    expect(connect('2001:db8:0:1::1').destroyed, 'the next /64').toBe(false);
    held[0].destroy();
    expect(connect('2001:db8::4').destroyed, 'once one of them closes').toBe(false);
  });

  it('counts an IPv4-mapped IPv6 peer as its IPv4 address', () => {
    const connect = cappedServer(1);
    connect('192.0.2.1');
    expect(connect('::ffff:192.0.2.1').destroyed).toBe(true);
    expect(connect('::ffff:192.0.2.2').destroyed).toBe(false);
  });
});

describe('the cap on connections waiting for request headers', () => {
  it('closes the one waiting longest, never one being served, and puts a connection idle after its answer last in line', () => {
    const server = new EventEmitter();
    capPendingConnections(server as Server, { maxPendingConnections: 2 }, createLogger('error'));
    const connect = () => {
      const socket = new FakeSocket('192.0.2.1');
      server.emit('connection', socket);
      return socket;
    };
    const request = (socket: FakeSocket) => {
      const res = Object.assign(new EventEmitter(), { req: { socket } });
      server.emit('request', res.req, res);
      return () => res.emit('close');
    };
    const [a, b] = [connect(), connect()];
    const c = connect();
    expect([a.destroyed, b.destroyed, c.destroyed]).toEqual([true, false, false]);
    const answerB = request(b);
    const d = connect();
    const e = connect();
    expect([b.destroyed, c.destroyed, d.destroyed, e.destroyed], 'b is served: c waited longest').toEqual([false, true, false, false]);
    answerB();
    expect([b.destroyed, d.destroyed, e.destroyed], 'b waits again, after d and e').toEqual([false, true, false]);
    expect(connect().destroyed).toBe(false);
    expect(e.destroyed).toBe(true);
  });
});
