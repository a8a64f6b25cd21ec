// The export is one snapshot: a write that adds rows to later tables and commits while the document streams
// is not in it (the concurrency test only patches, so counts never move there).
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

const MB = 1024 * 1024;
const BIG_SWITCHES = 1000;
const BIG_PORTS_PER_SWITCH = 100;

const server = useTestServer();

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
  await server.restart({ between: seedBig });
}, 120_000);

describe('the export while writes go on', () => {
  it('is one snapshot: a switch with ports created mid-stream commits at once and is not in the document', async () => {
    let received = 0;
    let paused: () => void = () => {};
    const firstChunk = new Promise<void>((done) => (paused = done));
    let resume: () => void = () => {};
    const chunks: Buffer[] = [];
    const whole = new Promise<string>((resolve, reject) => {
      const req = request(`${server.baseUrl}/api/backup/export`, { headers: { authorization: `Bearer ${server.token}` } }, (res) => {
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
    const site = (await server.call('GET', '/api/sites')).body.items[0];
    const created = await server.call('POST', '/api/switches', {
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
    const after = (await server.call('GET', `/api/switches/${created.body.id}`)).body;
    expect(after.ports).toHaveLength(8);
  }, 120_000);
});
