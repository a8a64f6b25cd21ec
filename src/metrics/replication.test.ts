import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../boot/config.ts';
import { lagAfter, readingOf, replicationLagSeconds, type Reading } from './replication.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const LITESTREAM = join(ROOT, 'node_modules', '@flydotio', `litestream-${process.platform}-${process.arch}`, 'litestream');

let tmp: string;
/** The metrics page of the real Litestream binary (the npm package's, the image's version), replica caught up. */
let recorded: string;
let answer: { status: number; body: string; hang?: boolean };
let server: Server;
let metricsUrl: string;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function listen(target: Server): Promise<number> {
  await new Promise<void>((done) => target.listen(0, '127.0.0.1', done));
  return (target.address() as { port: number }).port;
}

/** Runs Litestream on a small database with a folder replica and keeps its metrics once the replica caught up. */
async function recordRealMetrics(): Promise<string> {
  const db = new DatabaseSync(join(tmp, 'db.sqlite'));
  db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)');
  const probe = createServer();
  const port = await listen(probe); // free a moment ago
  await new Promise((done) => probe.close(done));
  const config = join(tmp, 'litestream.yml');
  writeFileSync(
    config,
    `addr: 127.0.0.1:${port}\ndbs:\n  - path: ${join(tmp, 'db.sqlite')}\n` +
      `    replicas:\n      - url: file://${join(tmp, 'replica')}\n        sync-interval: 100ms\n`,
  );
  const litestream = spawn(LITESTREAM, ['replicate', '-config', config], { stdio: 'ignore' });
  try {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(100)) {
      const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
        (response) => response.text(),
        () => '',
      );
      const reading = readingOf(text);
      if (reading && reading.shadow.offset > 0 && reading.replica.offset === reading.shadow.offset) return text;
    }
    throw new Error('Litestream served no caught-up metrics within 10 s');
  } finally {
    litestream.kill('SIGKILL');
    db.close();
  }
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'switchyard-replication-'));
  recorded = await recordRealMetrics();
  server = createServer((_request, response) => {
    if (answer.hang) return; // never answers
    response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
  });
  metricsUrl = `http://127.0.0.1:${await listen(server)}/metrics`;
}, 30_000);

afterAll(() => {
  server?.closeAllConnections();
  server?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const underLitestream = (url = metricsUrl) => ({ replicaUrl: 's3://bucket/switchyard', litestreamMetricsUrl: url }) as Config;

describe('replicationLagSeconds', () => {
  it('is null when the server does not run under Litestream, without asking anything', async () => {
    answer = { status: 500, body: '', hang: true };
    expect(await replicationLagSeconds({ litestreamMetricsUrl: metricsUrl } as Config)).toBeNull();
  });

  it("reads Litestream 0.3's positions from its metrics: 0 when the replica holds everything", async () => {
    answer = { status: 200, body: recorded };
    expect(recorded).toMatch(/^litestream_shadow_wal_size\{db="[^"]+"\} \d+$/m);
    expect(recorded).toMatch(/^litestream_replica_wal_offset\{db="[^"]+",name="file"\} \d+$/m);
    expect(await replicationLagSeconds(underLitestream())).toBe(0);
  });

  it('is null when the metrics cannot be read: no answer (it gives up by itself), an error status, another program, no server', async () => {
    answer = { status: 200, body: recorded, hang: true };
    expect(await replicationLagSeconds(underLitestream())).toBeNull();
    answer = { status: 404, body: 'not found' };
    expect(await replicationLagSeconds(underLitestream())).toBeNull();
    answer = { status: 200, body: 'go_goroutines 12\n' };
    expect(await replicationLagSeconds(underLitestream())).toBeNull();
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((done) => closed.close(done));
    expect(await replicationLagSeconds(underLitestream(`http://127.0.0.1:${port}/metrics`))).toBeNull();
    expect(await replicationLagSeconds(underLitestream('https://127.0.0.1:1/metrics'))).toBeNull();
    expect(await replicationLagSeconds(underLitestream('not a url'))).toBeNull();
  });
});

describe('readingOf', () => {
  it('takes the shadow and replica positions and the start of the Litestream process', () => {
    const reading = readingOf(recorded)!;
    expect(reading.shadow.offset).toBeGreaterThan(0);
    expect(reading.replica).toEqual(reading.shadow);
    expect(reading.startedAt).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it('counts a replica not synced yet (no series of it) as holding nothing', () => {
    const withoutReplica = recorded
      .split('\n')
      .filter((line) => !line.startsWith('litestream_replica_'))
      .join('\n');
    expect(readingOf(withoutReplica)!.replica).toEqual({ index: 0, offset: 0 });
  });
});

describe('lagAfter', () => {
  const START = 1_000_000;
  let source = 0;
  // Each case its own Litestream (the history is kept per metrics address).
  const litestream = () => {
    source += 1;
    return (shadow: [number, number], replica: [number, number], at: number, startedAt = START) =>
      lagAfter(`test-${source}`, reading(shadow, replica, startedAt), at);
  };
  const reading = (shadow: [number, number], replica: [number, number], startedAt: number): Reading => ({
    shadow: { index: shadow[0], offset: shadow[1] },
    replica: { index: replica[0], offset: replica[1] },
    startedAt,
  });

  it('is the time since the last reading whose position the replica now holds', () => {
    const read = litestream();
    expect(read([0, 100], [0, 100], START + 1000)).toBe(0);
    expect(read([0, 200], [0, 100], START + 2000)).toBe(1); // written after +1 s, the last reading held
    expect(read([0, 300], [0, 100], START + 5000)).toBe(4);
    expect(read([0, 300], [0, 200], START + 6000)).toBe(4); // what +2 s saw arrived, what +5 s saw not
    expect(read([1, 40], [1, 40], START + 7000)).toBe(0); // the next WAL file, caught up
  });

  it('counts from the start of Litestream before any reading was caught up, and again after a restart', () => {
    const read = litestream();
    expect(read([0, 500], [0, 0], START + 4000)).toBe(4);
    expect(read([0, 500], [0, 500], START + 5000)).toBe(0);
    expect(read([0, 100], [0, 0], START + 9000, START + 8000)).toBe(1); // restarted at +8 s
  });

  it('starts over when Litestream begins a new generation (positions back at the start)', () => {
    const read = litestream();
    expect(read([3, 900], [3, 900], START + 1000)).toBe(0);
    expect(read([0, 200], [3, 900], START + 2000)).toBe(1);
    expect(read([0, 200], [0, 200], START + 3000)).toBe(0);
  });
});
