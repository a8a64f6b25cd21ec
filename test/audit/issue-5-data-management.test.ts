// Issue 5 audit: what the data-management tests did not show yet. A restore with exactly one bad reference deep
// inside (the existing test adds a second fault, which alone would refuse it); the export as one snapshot while a
// write that adds rows to later tables commits mid-stream (the concurrency test only patches, so counts never
// move); the 64 MiB import body limit on both sides of 1 MiB; a merged legacy bundle not undoable.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparable, exportDocument, seedInventory } from '../helpers/data.ts';
import { api, freshDataDir, setupAdmin, startServer, type TestServer } from '../helpers/server.ts';

const MB = 1024 * 1024;
const BIG_SWITCHES = 1000;
const BIG_PORTS_PER_SWITCH = 100;

let small: TestServer;
let smallToken: string;
let big: TestServer;
let bigToken: string;

// Direct SQL between two starts: 100,000 ports with long descriptions make a document (~55 MB) far larger than
// the loopback socket buffers, so the server cannot have read the ports before the client reads on.
function seedBig(dataDir: string): void {
  const db = new DatabaseSync(join(dataDir, 'db.sqlite'));
  const now = new Date().toISOString();
  const siteId = randomUUID();
  db.exec('BEGIN');
  db.prepare('INSERT INTO sites (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(siteId, 'Big site', now, now);
  const addSwitch = db.prepare('INSERT INTO switches (id, site_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const addPort = db.prepare(
    'INSERT INTO ports (id, switch_id, name, position, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (let s = 1; s <= BIG_SWITCHES; s++) {
    const switchId = randomUUID();
    addSwitch.run(switchId, siteId, `switch ${s}`, now, now);
    for (let p = 1; p <= BIG_PORTS_PER_SWITCH; p++)
      addPort.run(randomUUID(), switchId, `Gi1/0/${p}`, p, `desk ${s}-${p} `.padEnd(200, 'x'), now, now);
  }
  db.exec('COMMIT');
  db.close();
}

beforeAll(async () => {
  const dataDir = freshDataDir();
  const first = await startServer({ dataDir });
  await setupAdmin(first.baseUrl);
  await first.stop();
  seedBig(dataDir);
  [small, big] = await Promise.all([startServer(), startServer({ dataDir })]);
  smallToken = (await setupAdmin(small.baseUrl)).token;
  bigToken = (await api(big.baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: 'correct horse battery' } })).body
    .token;
  await seedInventory(small.baseUrl, smallToken);
}, 120_000);
afterAll(async () => {
  await Promise.all([small?.stop(), big?.stop()]);
});

describe('restore with one bad reference deep inside', () => {
  it.each<[string, (doc: any) => string]>([
    [
      "the last port's untagged network",
      (doc) => {
        doc.data.ports.at(-1).untaggedNetworkId = randomUUID();
        return `data.ports[${doc.data.ports.length - 1}].untaggedNetworkId`;
      },
    ],
    [
      'a tagged network of a port',
      (doc) => {
        const index = doc.data.ports.findIndex((port: any) => port.taggedNetworkIds.length > 0);
        doc.data.ports[index].taggedNetworkIds[1] = randomUUID();
        return `data.ports[${index}].taggedNetworkIds[1]`;
      },
    ],
    [
      "the last switch's site",
      (doc) => {
        doc.data.switches.at(-1).siteId = randomUUID();
        return `data.switches[${doc.data.switches.length - 1}].siteId`;
      },
    ],
  ])('(%s) changes nothing and names only that record', async (_, spoil) => {
    const before = await exportDocument(small.baseUrl, smallToken);
    const bad = structuredClone(before);
    const field = spoil(bad);
    const answer = await api(small.baseUrl, 'POST', '/api/backup/import?users=replace', { token: smallToken, body: bad });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details.map((detail: any) => detail.field)).toEqual([field]);
    expect(comparable(await exportDocument(small.baseUrl, smallToken))).toEqual(comparable(before));
  });
});

describe('the export while writes go on', () => {
  it('is one snapshot: a switch with ports created mid-stream commits at once and is not in the document', async () => {
    let received = 0;
    let paused: () => void = () => {};
    const firstChunk = new Promise<void>((done) => (paused = done));
    let resume: () => void = () => {};
    const chunks: Buffer[] = [];
    const whole = new Promise<string>((resolve, reject) => {
      const req = request(`${big.baseUrl}/api/backup/export`, { headers: { authorization: `Bearer ${bigToken}` } }, (res) => {
        expect(res.statusCode).toBe(200);
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (chunks.length === 1) {
            res.pause();
            resume = () => res.resume();
            paused();
          }
        });
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    await firstChunk;
    const site = (await api(big.baseUrl, 'GET', '/api/sites', { token: bigToken })).body.items[0];
    const created = await api(big.baseUrl, 'POST', '/api/switches', {
      token: bigToken,
      body: { siteId: site.id, name: 'made during the export', portCount: 8 },
    });
    expect(created.status, created.text).toBe(201);
    const receivedAtWrite = received;
    resume();
    const text = await whole;
    // The server cannot have read the ports before the write: far more was left than all socket buffers hold.
    expect(text.length - receivedAtWrite).toBeGreaterThan(40 * MB);
    const doc = JSON.parse(text);
    for (const kind of ['users', 'sites', 'networks', 'switches', 'ports', 'activity'])
      expect(doc.data[kind], kind).toHaveLength(doc.counts[kind]);
    expect(doc.counts).toMatchObject({ switches: BIG_SWITCHES, ports: BIG_SWITCHES * BIG_PORTS_PER_SWITCH });
    expect(doc.data.switches.some((record: any) => record.id === created.body.id)).toBe(false);
    expect(doc.data.ports.some((port: any) => port.switchId === created.body.id)).toBe(false);
    const after = (await api(big.baseUrl, 'GET', `/api/switches/${created.body.id}`, { token: bigToken })).body;
    expect(after.ports).toHaveLength(8);
  }, 120_000);
});

describe('import bodies up to 64 MiB', () => {
  it('takes a CSV import of more than the ordinary 1 MiB', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `"bulk site ${String(i).padStart(6, '0')}, imported from a spreadsheet"`);
    const text = `name\n${rows.join('\n')}\n`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * MB);
    const answer = await api(small.baseUrl, 'POST', '/api/import/sites?dryRun=true', {
      token: smallToken,
      raw: text,
      headers: { 'content-type': 'text/csv' },
    });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.body).toMatchObject({ created: 50_000, dryRun: true });
  });

  it.each(['/api/backup/import', '/api/data/import', '/api/import/sites'])(
    'refuses a declared body over 64 MiB on %s with 413 before reading it',
    async (path) => {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(small.port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
          if (text.includes('payload_too_large')) socket.destroy();
        });
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${smallToken}\r\nContent-Type: application/json\r\nContent-Length: ${64 * MB + 1}\r\n\r\n{"schema":"db-v1"`,
        );
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(answer).toContain('payload_too_large');
    },
  );
});

describe('a merged legacy bundle', () => {
  it('shows as one import entry that cannot be undone', async () => {
    const bundle = {
      sites: [{ id: 1, name: 'Audit plant' }],
      networks: [{ id: 2, siteId: 1, name: 'Office', vlan: 10 }],
      switches: [],
      activity: [],
    };
    const answer = await api(small.baseUrl, 'POST', '/api/data/import', { token: smallToken, body: bundle });
    expect(answer.status, answer.text).toBe(200);
    const [entry] = (await api(small.baseUrl, 'GET', '/api/activity?limit=1', { token: smallToken })).body.items;
    expect(entry).toMatchObject({ action: 'import', undoable: false });
    const undo = await api(small.baseUrl, 'POST', `/api/activity/${entry.id}/undo`, { token: smallToken });
    expect(undo.status).toBe(409);
    expect(undo.body.error.code).toBe('not_undoable');
  });
});
