// Slow connections from many addresses, each under the per-address cap, cannot take every file descriptor: at
// most MAX_PENDING_CONNECTIONS connections may be still sending their request headers (or sit idle between
// requests), all addresses together. A new one closes the one that has waited longest, the log says so, and a
// connection whose request is being served is never closed by it.
import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { rawApi } from '../helpers/http.ts';
import { useTestServer } from '../helpers/server.ts';

const CAP = 20;
const ADDRESSES = ['127.0.0.10', '127.0.0.11', '127.0.0.12', '127.0.0.13'];
const server = useTestServer({ env: { MAX_PENDING_CONNECTIONS: String(CAP), MAX_CONNECTIONS_PER_ADDRESS: '16' }, admin: false });
const held: Socket[] = [];

afterEach(() => {
  for (const socket of held.splice(0)) socket.destroy();
});

/** A connection from `from` that has sent `text` (a request's first bytes, never its end); `closed` once it is. */
function openSending(from: string, text: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: server.port, localAddress: from }, () => socket.write(text, () => resolve(socket)));
    socket.once('error', reject);
    held.push(socket);
  });
}

const slowHeaders = () => `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: `;

/** Waits (at most `ms`) until `done` holds; the tests assert counts once it does or the time is up. */
async function until(done: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

it('keeps at most the cap of slow connections from many addresses, closes the oldest first, logs it and still answers', async () => {
  const sockets: Socket[] = [];
  for (let i = 0; i < 2 * CAP; i++) sockets.push(await openSending(ADDRESSES[i % ADDRESSES.length], slowHeaders()));
  await until(() => sockets.filter((socket) => socket.closed).length >= CAP);
  const closed = sockets.map((socket, index) => (socket.closed ? index : -1)).filter((index) => index >= 0);
  expect(closed, 'the oldest half, and only it').toEqual([...Array(CAP).keys()]);

  const answer = await rawApi(server.baseUrl, 'GET', '/api/health', { from: '127.0.0.3' });
  expect(answer.status).toBe(200);
  expect(server.logs()).toMatch(/too many connections still sending their request headers.*closed=\d+.*setting=MAX_PENDING_CONNECTIONS/);
});

it('counts a kept-alive connection idle after its answer as waiting, and closes it first', async () => {
  const idle = await openSending('127.0.0.14', `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
  const answered = new Promise<string>((resolve) => idle.once('data', (chunk) => resolve(chunk.toString('utf8').split('\r\n')[0])));
  expect(await answered).toBe('HTTP/1.1 200 OK');
  const slow: Socket[] = [];
  for (let i = 0; i < CAP; i++) slow.push(await openSending(ADDRESSES[i % ADDRESSES.length], slowHeaders()));
  // The idle connection would be closed by the keep-alive timeout after 5 s; the cap closes it as the 20th slow one comes.
  await until(() => idle.closed, 2500);
  expect(idle.closed).toBe(true);
  expect(slow.filter((socket) => socket.closed)).toHaveLength(0);
});

it('never closes a connection whose request is being served, however long its body takes', async () => {
  const body = JSON.stringify({ username: 'nobody', password: 'not the password' });
  const head = [
    'POST /api/auth/login HTTP/1.1',
    `Host: 127.0.0.1:${server.port}`,
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    'Connection: close',
  ].join('\r\n');
  const serving = await openSending('127.0.0.15', `${head}\r\n\r\n${body.slice(0, 5)}`);
  let answer = '';
  serving.on('data', (chunk) => (answer += chunk.toString('utf8')));
  const slow: Socket[] = [];
  for (let i = 0; i < 2 * CAP; i++) slow.push(await openSending(ADDRESSES[i % ADDRESSES.length], slowHeaders()));
  await until(() => slow.filter((socket) => socket.closed).length >= CAP);
  expect(slow.filter((socket) => socket.closed)).toHaveLength(CAP);
  expect(serving.closed).toBe(false);
  serving.write(body.slice(5));
  await until(() => serving.closed);
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
});
