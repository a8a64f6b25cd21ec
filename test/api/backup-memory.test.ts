// The export streams: exporting 100,000 ports keeps the server's memory growth small.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

const SWITCHES = Number(process.env.EXPORT_TEST_SWITCHES ?? 1000);
const PORTS_PER_SWITCH = 100;
const MB = 1024 * 1024;

const server = useTestServer();

/** Resident memory of a process, from /proc (Linux), in bytes. */
function rss(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

// Direct SQL into the data directory between two starts: far faster than 100,000 API calls.
function seed(dataDir: string): void {
  const db = new DatabaseSync(join(dataDir, 'db.sqlite'));
  const now = new Date().toISOString();
  const siteId = randomUUID();
  const networkId = randomUUID();
  db.exec('BEGIN');
  db.prepare('INSERT INTO sites (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(siteId, 'Big site', now, now);
  db.prepare('INSERT INTO networks (id, site_id, name, vlan_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    networkId,
    siteId,
    'Users',
    10,
    now,
    now,
  );
  const addSwitch = db.prepare('INSERT INTO switches (id, site_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const addPort = db.prepare(`INSERT INTO ports (id, switch_id, name, position, description, untagged_network_id, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  for (let s = 1; s <= SWITCHES; s++) {
    const switchId = randomUUID();
    addSwitch.run(switchId, siteId, `switch ${s}`, now, now);
    for (let p = 1; p <= PORTS_PER_SWITCH; p++)
      addPort.run(randomUUID(), switchId, `Gi1/0/${p}`, p, `desk ${s}-${p}, floor ${s % 7}`, networkId, now, now);
  }
  db.exec('COMMIT');
  db.close();
}

beforeAll(async () => {
  await server.restart({ between: seed });
}, 120_000);

describe('export of 100,000 ports', () => {
  it("streams the whole document while the server's RSS grows little", async () => {
    const pid = server.process.pid!;
    const before = rss(pid);
    const response = await fetch(`${server.baseUrl}/api/backup/export`, { headers: { authorization: `Bearer ${server.token}` } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    let peak = before;
    let received = 0;
    let nextSample = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      if (received >= nextSample) {
        peak = Math.max(peak, rss(pid));
        nextSample += MB;
      }
    }
    const atEnd = rss(pid);
    peak = Math.max(peak, atEnd);
    const doc = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(doc.counts.ports).toBe(SWITCHES * PORTS_PER_SWITCH);
    expect(doc.data.ports).toHaveLength(SWITCHES * PORTS_PER_SWITCH);
    expect(doc.data.switches).toHaveLength(SWITCHES);
    const growth = peak - before;
    console.log(
      `export of ${SWITCHES * PORTS_PER_SWITCH} ports: ${(received / MB).toFixed(1)} MiB sent; server RSS before ${(before / MB).toFixed(1)} MiB, ` +
        `peak during ${(peak / MB).toFixed(1)} MiB, at end ${(atEnd / MB).toFixed(1)} MiB, growth ${(growth / MB).toFixed(1)} MiB`,
    );
    expect(growth).toBeLessThan(100 * MB);
  }, 120_000);

  it('closes its own database connection when the client goes away mid-export', async () => {
    const pid = server.process.pid!;
    const databaseFiles = () =>
      readdirSync(`/proc/${pid}/fd`).filter((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`).includes('db.sqlite');
        } catch {
          return false;
        }
      }).length;
    const baseline = databaseFiles();
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/backup/export`, {
      headers: { authorization: `Bearer ${server.token}` },
      signal: controller.signal,
    });
    await response.body!.getReader().read();
    expect(databaseFiles()).toBeGreaterThan(baseline);
    controller.abort();
    for (let tries = 0; tries < 200 && databaseFiles() !== baseline; tries++) await new Promise((done) => setTimeout(done, 50));
    expect(databaseFiles()).toBe(baseline);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect(server.logs()).not.toMatch(/request failed/);
  });
});
