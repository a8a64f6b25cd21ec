// A soak: exactly 60 s of mixed load (reads, searches, writes, bulk edits, undo, creates and deletes) against one
// server. Every answer must be the expected one, and memory after a forced full GC (through the V8 inspector,
// opened on a local port for this test) must stay within a few MB of where it was after the warm-up.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { integrityCheck } from '../helpers/db.ts';
import { seedInventory, type Inventory } from './helpers/fixtures.ts';
import { INSPECTOR_ENV, memoryAfterGc, sleep } from './helpers/process.ts';
import { pick, seededRandom, seedFrom } from './helpers/random.ts';

const SEED = seedFrom('SOAK_SEED');
const LOAD_MS = 60_000;
const WARM_UP_MS = 5_000;
const IDLE_MS = 5_000;
const WORKERS = 4;
/** Growth allowed between the two measurements (after warm-up, and after the load and 5 s idle, each after a full GC). */
const MAX_HEAP_GROWTH = 5 * 1024 * 1024;
const MAX_RSS_GROWTH = 20 * 1024 * 1024;

const server = useTestServer({ env: INSPECTOR_ENV });
let inventory: Inventory;
const counts: Record<string, number> = {};
const errors: string[] = [];

beforeAll(async () => {
  inventory = await seedInventory(server.baseUrl, server.token, { prefix: 'soak', vlans: 4, switches: WORKERS, portsPerSwitch: 48 });
});

async function call(label: string, method: string, path: string, status: number, body?: unknown) {
  const answer = await server.call(method, path, { body });
  counts[label] = (counts[label] ?? 0) + 1;
  if (answer.status !== status) errors.push(`${label}: ${method} ${path} → ${answer.status} ${answer.text.slice(0, 200)}`);
  return answer;
}

/** One worker: owns one switch (so its undo never conflicts) and mixes reads, searches and writes until `until`. */
async function worker(index: number, until: number, random: () => number): Promise<void> {
  const switchId = inventory.switchIds[index];
  const ports = inventory.portIds[index];
  for (let n = 0; Date.now() < until; n++) {
    const roll = random();
    const tag = `w${index}n${n}`;
    if (roll < 0.3) {
      await call(
        'read',
        'GET',
        pick(random, [
          '/api/sites',
          '/api/vlans?limit=500',
          '/api/networks?limit=500',
          `/api/switches/${switchId}`,
          `/api/switches/${switchId}/ports`,
          `/api/ports/${pick(random, ports)}`,
          '/api/activity?limit=50',
          `/api/ports?limit=200&sort=-name`,
        ]),
        200,
      );
    } else if (roll < 0.5) {
      await call(
        'search',
        'GET',
        pick(random, [
          `/api/search?q=${encodeURIComponent(pick(random, ['soak', '10.1.0.7', 'sw', 'w1n', '%_', "o'k"]))}`,
          `/api/sites?q=soak`,
          `/api/switches?q=${tag.slice(0, 3)}`,
        ]),
        200,
      );
    } else if (roll < 0.7) {
      await call('patch', 'PATCH', `/api/ports/${pick(random, ports)}`, 200, { description: tag, enabled: random() < 0.5 });
    } else if (roll < 0.8) {
      const changed = await call('patch', 'PATCH', `/api/switches/${switchId}`, 200, { notes: tag });
      const history = await call('read', 'GET', `/api/activity?entityId=${switchId}&limit=1`, 200);
      if (changed.status === 200 && history.body.items?.[0]?.undoable)
        await call('undo', 'POST', `/api/activity/${history.body.items[0].id}/undo`, 200);
    } else if (roll < 0.9) {
      await call('bulk', 'PATCH', `/api/switches/${switchId}/ports`, 200, { portIds: ports.slice(0, 24), set: { connectedDevice: tag } });
    } else {
      const site = await call('create', 'POST', '/api/sites', 201, { name: `soak ${tag}` });
      await call('create', 'POST', '/api/switches', 201, { siteId: site.body.id, name: `soak ${tag}`, portCount: 8 });
      await call('delete', 'DELETE', `/api/sites/${site.body.id}?cascade=true`, 204);
    }
  }
}

async function load(ms: number): Promise<void> {
  const random = seededRandom(SEED);
  const until = Date.now() + ms;
  await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index, until, seededRandom(Math.floor(random() * 2 ** 31)))));
}

describe('soak', () => {
  it(`serves ${LOAD_MS / 1000} s of mixed load without an error answer, and memory settles (seed ${SEED})`, async () => {
    await load(WARM_UP_MS);
    const start = await memoryAfterGc(server.server);
    for (const key of Object.keys(counts)) delete counts[key];

    await load(LOAD_MS);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    await sleep(IDLE_MS);
    const end = await memoryAfterGc(server.server);

    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `soak (seed ${SEED}): ${total} requests in ${LOAD_MS / 1000} s (${JSON.stringify(counts)}), ${errors.length} errors; ` +
        `after GC: heap ${mb(start.heapUsed)} → ${mb(end.heapUsed)}, rss ${mb(start.rss)} → ${mb(end.rss)}`,
    );
    expect(errors.slice(0, 20)).toEqual([]);
    expect(server.process.exitCode).toBeNull();
    expect(end.heapUsed - start.heapUsed, `heap growth ${mb(end.heapUsed - start.heapUsed)}`).toBeLessThan(MAX_HEAP_GROWTH);
    expect(end.rss - start.rss, `rss growth ${mb(end.rss - start.rss)}`).toBeLessThan(MAX_RSS_GROWTH);
    expect(integrityCheck(server.dataDir)).toBe('ok');
  }, 120_000);
});
