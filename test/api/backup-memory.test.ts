// The export streams: exporting 100,000 ports keeps the server's memory growth small.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BigSite, seedBigSite } from '../helpers/db.ts';
import { useTestServer } from '../helpers/server.ts';

const MB = 1024 * 1024;
/** What the export streams: 100,000 ports (by default), written by direct SQL: far faster than 100,000 API calls. */
const BIG: BigSite = {
  switches: Number(process.env.EXPORT_TEST_SWITCHES ?? 1000),
  portsPerSwitch: 100,
  description: (s, p) => `desk ${s}-${p}, floor ${s % 7}`,
  untaggedVlan: true,
};

const server = useTestServer();

/** Resident memory of a process, from /proc (Linux), in bytes. */
function rss(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

beforeAll(() => server.restart({ between: (dataDir) => seedBigSite(dataDir, BIG) }), 120_000);

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
    expect(doc.counts.ports).toBe(BIG.switches * BIG.portsPerSwitch);
    expect(doc.data.ports).toHaveLength(BIG.switches * BIG.portsPerSwitch);
    expect(doc.data.switches).toHaveLength(BIG.switches);
    const growth = peak - before;
    console.log(
      `export of ${BIG.switches * BIG.portsPerSwitch} ports: ${(received / MB).toFixed(1)} MiB sent; server RSS before ${(before / MB).toFixed(1)} MiB, ` +
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
