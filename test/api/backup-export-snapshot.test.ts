// The export is one snapshot: a write that adds rows to later tables and commits while the document streams
// is not in it (the concurrency test only patches, so counts never move there).
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BigSite, seedBigSite } from '../helpers/db.ts';
import { useTestServer } from '../helpers/server.ts';

const MB = 1024 * 1024;
// 100,000 ports with long descriptions, written by direct SQL, make a document (~55 MB) far larger than the loopback
// socket buffers, so the server cannot have read the ports before the client reads on.
const BIG: BigSite = { switches: 1000, portsPerSwitch: 100, description: (s, p) => `desk ${s}-${p} `.padEnd(200, 'x') };

const server = useTestServer();

beforeAll(() => server.restart({ between: (dataDir) => seedBigSite(dataDir, BIG) }), 120_000);

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
    for (const kind of ['users', 'sites', 'vlans', 'networks', 'switches', 'ports', 'activity'])
      expect(doc.data[kind], kind).toHaveLength(doc.counts[kind]);
    expect(doc.counts).toMatchObject({ switches: BIG.switches, ports: BIG.switches * BIG.portsPerSwitch });
    expect(doc.data.switches.some((record: any) => record.id === created.body.id)).toBe(false);
    expect(doc.data.ports.some((port: any) => port.switchId === created.body.id)).toBe(false);
    const after = (await server.call('GET', `/api/switches/${created.body.id}`)).body;
    expect(after.ports).toHaveLength(8);
  }, 120_000);
});
