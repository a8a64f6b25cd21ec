// One client address cannot hold every connection of the server: past MAX_CONNECTIONS_PER_ADDRESS its new
// connections are closed at once, the log says so, and other addresses are served as before. A trusted proxy
// (TRUSTED_PROXIES) is not capped: every user behind it shares its address.
import { connect, type Socket } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { rawApi } from '../helpers/http.ts';

const CAP = 5;
const PROXY = '127.0.0.4';
const server = useTestServer({ env: { MAX_CONNECTIONS_PER_ADDRESS: String(CAP), TRUSTED_PROXIES: PROXY }, admin: false });
const held: Socket[] = [];

// Runs before the server is stopped (hooks after the tests run in reverse order).
afterAll(() => {
  for (const socket of held) socket.destroy();
});

function open(from: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: server.port, localAddress: from }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Whether the server closes the connection within `ms` without a byte of answer. */
function closedAtOnce(socket: Socket, ms = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.on('error', () => undefined);
  });
}

it('closes connections of one address past the cap, logs it, and serves other addresses', async () => {
  for (let i = 0; i < CAP; i++) held.push(await open('127.0.0.2'));
  const extra = await open('127.0.0.2');
  expect(await closedAtOnce(extra)).toBe(true);
  expect((await rawApi(server.baseUrl, 'GET', '/api/health', { from: '127.0.0.3' })).status).toBe(200);
  expect(server.logs()).toMatch(/too many open connections from one address.*address=127\.0\.0\.2/);
});

/** The status line of the answer to a GET of /api/health sent on an open connection; '' when it is closed unanswered. */
function healthOn(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve('');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(text.split('\r\n')[0]));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
  });
}

it('does not cap a trusted proxy: all of its connections, held at once, are answered', async () => {
  const proxied: Socket[] = [];
  for (let i = 0; i < CAP + 3; i++) {
    const socket = await open(PROXY);
    held.push(socket);
    proxied.push(socket);
  }
  // Each connection is counted (or closed) when it is accepted; all are open before any is used.
  const answers = await Promise.all(proxied.map(healthOn));
  expect(answers).toEqual(proxied.map(() => 'HTTP/1.1 200 OK'));
  expect(server.logs()).not.toMatch(/too many open connections from one address.*address=127\.0\.0\.4/);
});

it('serves the address again once its connections close', async () => {
  for (const socket of held.splice(0)) socket.destroy();
  const deadline = Date.now() + 5000;
  let status = 0;
  while (Date.now() < deadline && status !== 200) {
    status = await rawApi(server.baseUrl, 'GET', '/api/health', { from: '127.0.0.2' }).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status !== 200) await new Promise((done) => setTimeout(done, 50));
  }
  expect(status).toBe(200);
});
