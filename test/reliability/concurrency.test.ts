// Concurrency: optimistic locking with If-Match under 20 racing clients, 20 racing creates of one name,
// an outside connection holding the write lock, and a long export running while writes go on.
import { request } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { databasePath, integrityCheck } from '../helpers/db.ts';
import { seedInventory, type Inventory } from './helpers/fixtures.ts';
import { sleep } from './helpers/process.ts';
import { missingRoutes } from './helpers/routes.ts';

const CLIENTS = 20;

const server = useTestServer();
const { call } = server;
let inventory: Inventory;

beforeAll(async () => {
  inventory = await seedInventory(server.baseUrl, server.token, { prefix: 'race', vlans: 1, switches: 1, portsPerSwitch: 4 });
});

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe(`${CLIENTS} clients change the same port`, () => {
  it('with If-Match: per version exactly one wins, the rest get 412, and no update is lost', async () => {
    expect(missingRoutes(['PATCH /api/ports/:id', 'GET /api/ports/:id', 'GET /api/ports/:id/history'])).toEqual([]);
    const portId = inventory.portIds[0][0];
    const start = await call('GET', `/api/ports/${portId}`);
    const winners: string[] = [];
    for (let round = 0; round < 5; round++) {
      const current = await call('GET', `/api/ports/${portId}`);
      const etag = current.headers.get('etag')!;
      expect(etag).toBe(`"${current.body.version}"`);
      const answers = await Promise.all(
        Array.from({ length: CLIENTS }, (_, client) =>
          call('PATCH', `/api/ports/${portId}`, {
            headers: { 'if-match': etag },
            body: { description: `round ${round} client ${client}` },
          }),
        ),
      );
      expect(tally(answers.map((answer) => answer.status)), `round ${round}`).toEqual({ 200: 1, 412: CLIENTS - 1 });
      const winner = answers.find((answer) => answer.status === 200)!;
      expect(winner.body.version).toBe(current.body.version + 1);
      for (const loser of answers.filter((answer) => answer.status === 412)) expect(loser.body.error.code).toBe('precondition_failed');
      winners.push(winner.body.description);
    }
    const final = await call('GET', `/api/ports/${portId}`);
    expect(final.body.version).toBe(start.body.version + winners.length);
    expect(final.body.description).toBe(winners.at(-1));
    const history = await call('GET', `/api/ports/${portId}/history`);
    const recorded = (history.body.items as { changes: { description?: [unknown, unknown] } }[]).map(
      (entry) => entry.changes.description?.[1],
    );
    for (const value of winners) expect(recorded, 'every winner is in the history').toContain(value);
  });

  it('without If-Match: the last write wins and every write is in the history', async () => {
    const portId = inventory.portIds[0][1];
    const start = await call('GET', `/api/ports/${portId}`);
    const values = Array.from({ length: CLIENTS }, (_, client) => `free-for-all ${client}`);
    const answers = await Promise.all(values.map((description) => call('PATCH', `/api/ports/${portId}`, { body: { description } })));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 200: CLIENTS });
    const final = await call('GET', `/api/ports/${portId}`);
    expect(final.body.version).toBe(start.body.version + CLIENTS);
    const history = await call('GET', `/api/ports/${portId}/history?limit=100`);
    const recorded = (history.body.items as { changes: { description?: [unknown, unknown] } }[]).map(
      (entry) => entry.changes.description?.[1],
    );
    for (const value of values) expect(recorded).toContain(value);
  });
});

describe(`${CLIENTS} clients create the same name`, () => {
  const cases = [
    { what: 'site', path: '/api/sites', body: (n: number) => ({ name: n % 2 ? 'Same Site' : 'same site' }) },
    {
      what: 'switch in one site',
      path: '/api/switches',
      body: (n: number) => ({ siteId: inventory.siteId, name: n % 2 ? 'CORE-1' : 'core-1' }),
    },
    {
      what: 'VLAN number in one site',
      path: '/api/vlans',
      body: (n: number) => ({ siteId: inventory.siteId, name: `vlan-race-${n}`, vid: 777 }),
    },
    {
      what: 'network subnet in one site (overlap)',
      path: '/api/networks',
      body: (n: number) => ({ siteId: inventory.siteId, name: `net-race-${n}`, subnet: n % 2 ? '10.77.0.0/16' : '10.77.7.0/24' }),
    },
  ];
  it.each(cases)('$what: one 201, the rest 409, no 5xx', async ({ path, body }) => {
    const answers = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => call('POST', path, { body: body(n) })));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 1, 409: CLIENTS - 1 });
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.body.error.code).toMatch(/^(name_taken|conflict|subnet_overlaps)$/);
  });
});

describe('an outside connection holding the write lock', () => {
  it('makes writes wait, then succeed; past the busy timeout they answer 503 with Retry-After, never 500', async () => {
    const outside = new DatabaseSync(databasePath(server.dataDir));
    try {
      outside.exec('BEGIN IMMEDIATE');
      const waiting = call('POST', '/api/sites', { body: { name: 'after a short lock' } });
      await sleep(300);
      outside.exec('COMMIT');
      expect((await waiting).status).toBe(201);

      outside.exec('BEGIN IMMEDIATE');
      const refused = await call('POST', '/api/sites', { body: { name: 'after a long lock' } });
      outside.exec('COMMIT');
      expect(refused.status, refused.text).toBe(503);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(refused.body.error.code).toBe('unavailable');
      expect((await call('POST', '/api/sites', { body: { name: 'after a long lock' } })).status).toBe(201);
    } finally {
      if (outside.isTransaction) outside.exec('ROLLBACK');
      outside.close();
    }
  }, 30_000);
});

/** An export whose reading the test holds and lets go: the server is stuck on backpressure while it is held. */
function heldExport(): {
  firstChunk: Promise<void>;
  release: () => void;
  ended: () => boolean;
  done: Promise<{ status: number; text: string }>;
} {
  let release = () => {};
  let ended = false;
  let firstChunk = () => {};
  const gotFirstChunk = new Promise<void>((resolve) => (firstChunk = resolve));
  const done = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(`${server.baseUrl}/api/backup/export`, { headers: { authorization: `Bearer ${server.token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.once('data', () => {
        res.pause();
        release = () => res.resume();
        firstChunk();
      });
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        ended = true;
        resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  return { firstChunk: gotFirstChunk, release: () => release(), ended: () => ended, done };
}

describe('a long export while writes go on', () => {
  it('lets every write through while the export is held half way, and exports the snapshot of its start', async () => {
    expect(missingRoutes(['GET /api/backup/export'])).toEqual([]);
    const big = await seedInventory(server.baseUrl, server.token, { prefix: 'export', vlans: 2, switches: 12, portsPerSwitch: 800 });
    const exporting = heldExport();
    await exporting.firstChunk;
    const written: string[] = [];
    for (let n = 0; n < 20; n++) {
      const portId = big.portIds[n % big.portIds.length][n * 37];
      const answer = await call('PATCH', `/api/ports/${portId}`, { body: { description: `during export ${n}` } });
      expect(answer.status, answer.text).toBe(200);
      written.push(portId);
    }
    expect(exporting.ended(), 'the export is still held: no write waited for it to end').toBe(false);
    exporting.release();
    const { status, text } = await exporting.done;
    expect(status).toBe(200);
    const backup = JSON.parse(text);
    for (const [kind, count] of Object.entries(backup.counts as Record<string, number>))
      expect(backup.data[kind], kind).toHaveLength(count);
    expect(backup.data.ports.length).toBeGreaterThanOrEqual(12 * 800);
    const exportedPorts = new Map((backup.data.ports as { id: string; description: string | null }[]).map((port) => [port.id, port]));
    for (const portId of written) {
      expect(exportedPorts.get(portId), 'the export is the snapshot of its start').toMatchObject({ description: null });
      expect((await call('GET', `/api/ports/${portId}`)).body.description).toMatch(/^during export/);
    }
    expect(integrityCheck(server.dataDir)).toBe('ok');
  }, 120_000);
});
