// A UDP socket that only listens: it answers nothing and keeps every datagram it receives, so that a test can say
// whether (and what) a discovery sent to an address and port.
import dgram from 'node:dgram';

/** A listening socket on `address` and a free port, with what it received. */
export interface UdpWitness {
  port: number;
  /** Every datagram received so far. */
  received: Buffer[];
  close(): Promise<void>;
}

/** Starts listening on 127.0.0.1 or ::1 (never another address). */
export async function udpWitness(address: '127.0.0.1' | '::1'): Promise<UdpWitness> {
  const socket = dgram.createSocket(address === '::1' ? 'udp6' : 'udp4');
  const received: Buffer[] = [];
  socket.on('message', (datagram) => received.push(datagram));
  await new Promise<void>((done) => socket.bind(0, address, done));
  return {
    port: socket.address().port,
    received,
    close: () => new Promise<void>((done) => socket.close(() => done())),
  };
}
