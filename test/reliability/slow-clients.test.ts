// Slow and broken clients: many trickling connections, bodies that stop half way, exports abandoned mid-stream.
// None of them may hold the database, starve other clients or leak file descriptors.
// (One trickling client cut off by headersTimeout is covered in test/api/server.test.ts.)
import { request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/server.ts';
import { databasePath, integrityCheck, openReadOnly } from '../helpers/db.ts';
import { seedInventory, type Inventory } from './helpers/fixtures.ts';
import { eventually, openFds, sleep } from './helpers/process.ts';
import { missingRoutes } from './helpers/routes.ts';

const server = useTestServer();
const { call } = server;
let inventory: Inventory;

beforeAll(async () => {
  inventory = await seedInventory(server.baseUrl, server.token, { prefix: 'slow', vlans: 2, switches: 6, portsPerSwitch: 500 });
}, 60_000);

const pid = () => server.process.pid!;

/** File descriptors of the server once idle keep-alive connections of earlier tests are gone. */
async function settledFds(): Promise<number> {
  let last = openFds(pid());
  await eventually(
    () => {
      const now = openFds(pid());
      const same = now === last;
      last = now;
      return same;
    },
    8000,
    1000,
  );
  return last;
}

function siteNamed(name: string): boolean {
  const db = openReadOnly(server.dataDir);
  try {
    return Boolean(db.prepare('SELECT 1 AS x FROM sites WHERE name = ?').get(name));
  } finally {
    db.close();
  }
}

/** Opens a raw connection and writes `text`; the socket stays open until the test destroys it. */
function openRaw(text: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write(text, () => resolve(socket)));
    socket.on('error', reject);
  });
}

function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
}

describe('many clients trickling their headers', () => {
  it('do not keep others from being served, and are all cut off by the headers timeout', async () => {
    const baseline = await settledFds();
    const header = 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ';
    const sockets = await Promise.all(Array.from({ length: 40 }, () => openRaw('G')));
    sockets.forEach((socket) => socket.on('error', () => undefined));
    let index = 1;
    const timer = setInterval(() => {
      for (const socket of sockets)
        if (!socket.destroyed) socket.write(header[index % header.length] === '\r' ? 'a' : header[index % header.length]);
      index++;
    }, 400);
    try {
      for (let n = 0; n < 20; n++) {
        expect((await call('GET', '/api/sites')).status).toBe(200);
        expect((await call('POST', '/api/sites', { body: { name: `served during slowloris ${n}` } })).status).toBe(201);
      }
      // headersTimeout is 10 s, checked every second: every trickler is gone well within 25 s.
      await Promise.race([Promise.all(sockets.map(closed)), sleep(25_000)]);
      expect(sockets.filter((socket) => !socket.destroyed)).toHaveLength(0);
    } finally {
      clearInterval(timer);
      sockets.forEach((socket) => socket.destroy());
    }
    expect(await eventually(() => openFds(pid()) <= baseline, 10_000)).toBe(true);
  }, 40_000);
});

describe('a body that stops half way', () => {
  const cases = [
    { what: 'a JSON create', path: '/api/sites', declared: 400 },
    { what: 'a bulk import (64 MiB limit)', path: '/api/import/sites', declared: 32 * 1024 * 1024 },
  ];
  it.each(cases)(
    '$what: is abandoned without holding the database, and stores nothing',
    async ({ path, declared }) => {
      if (path === '/api/import/sites') expect(missingRoutes(['POST /api/import/:entity'])).toEqual([]);
      const baseline = await settledFds();
      const name = `half body ${path}`;
      const start =
        path === '/api/sites' ? `{"name":"${name}","description":"` : `[{"name":"${name}","description":"${'x'.repeat(512 * 1024)}`;
      const socket = await openRaw(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n${start}`,
      );
      socket.on('error', () => undefined);
      // While the half body waits, other writes go through at once.
      for (let n = 0; n < 5; n++) {
        const answer = await call('PATCH', `/api/ports/${inventory.portIds[0][n]}`, {
          body: { description: `while a body hangs ${n}` },
        });
        expect(answer.status).toBe(200);
      }
      expect((await call('POST', '/api/sites', { body: { name: `${name} (other)` } })).status).toBe(201);
      socket.destroy();
      await closed(socket);
      expect(siteNamed(name)).toBe(false);
      expect((await api(server.baseUrl, 'GET', '/api/health')).status).toBe(200);
      expect(await eventually(() => openFds(pid()) <= baseline, 10_000)).toBe(true);
      expect(integrityCheck(server.dataDir)).toBe('ok');
    },
    30_000,
  );
});

/** Starts an export and hands its response to `onResponse` once the first chunk arrived. */
function startExport(onFirstChunk: (res: IncomingMessage) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.baseUrl}/api/backup/export`,
      { headers: { authorization: `Bearer ${server.token}` }, agent: false },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          res.pause();
          onFirstChunk(res);
          resolve();
        });
      },
    );
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error)));
    req.end();
  });
}

describe('a client that goes away mid-export', () => {
  it('leaves no file descriptor, connection or read transaction behind, and writes go on', async () => {
    expect(missingRoutes(['GET /api/backup/export'])).toEqual([]);
    // One whole export first: SQLite keeps the file descriptor of a closed connection for reuse while another
    // connection of the process holds a lock on the same file, so the first export leaves one for good (not a leak).
    expect((await call('GET', '/api/backup/export')).status).toBe(200);
    const baseline = await settledFds();
    for (let n = 0; n < 10; n++) await startExport((res) => res.destroy());
    // A client that stops reading but stays connected: the export waits; writes do not.
    let stalled: IncomingMessage | undefined;
    await startExport((res) => (stalled = res));
    for (let n = 0; n < 5; n++) {
      const answer = await call('PATCH', `/api/ports/${inventory.portIds[1][n]}`, {
        body: { description: `while an export stalls ${n}` },
      });
      expect(answer.status).toBe(200);
    }
    stalled!.destroy();
    expect(await eventually(() => openFds(pid()) <= baseline, 10_000), `fds ${openFds(pid())}, baseline ${baseline}`).toBe(true);
    expect((await call('POST', '/api/sites', { body: { name: 'after abandoned exports' } })).status).toBe(201);
    // No snapshot is pinned any more: an outside checkpoint can write the whole WAL back.
    const outside = new DatabaseSync(databasePath(server.dataDir));
    try {
      const result = outside.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { busy: number; log: number; checkpointed: number };
      expect(result.checkpointed, JSON.stringify(result)).toBe(result.log);
    } finally {
      outside.close();
    }
    expect(server.logs()).not.toMatch(/request failed/);
    expect(integrityCheck(server.dataDir)).toBe('ok');
  }, 60_000);
});
