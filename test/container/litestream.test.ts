// Continuous replication: docker/entrypoint.sh with LITESTREAM_REPLICA_URL, run for real as root on this machine
// against the source tree (as entrypoint.test.ts does), with the Litestream binary of the npm package, the same
// version as the image's (v0.3.13), and a folder replica (file://). Every process is in its run's process group.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/boot/config.ts';
import { createLogger } from '../../src/boot/log.ts';
import { openAndMigrate } from '../../src/boot/startup.ts';
import { checkpoint, openDatabase } from '../../src/db/open.ts';
import { replicationLagSeconds } from '../../src/metrics/replication.ts';
import { readDbFile } from '../helpers/db.ts';
import { fileNeeds, NEEDS } from '../helpers/needs.ts';
import { api, ROOT, setupAdmin, TEST_PASSWORD } from '../helpers/server.ts';
import {
  ENTRYPOINT,
  killRuns,
  LITESTREAM,
  procIds,
  runEntrypoint,
  sleep,
  sourceTreeEnv,
  waitListening,
  withTimeout,
} from './entrypoint-runs.ts';

/** LITESTREAM_SYNC_INTERVAL of these runs, and the monitor-interval of docker/litestream.yml. */
const SYNC_INTERVAL_MS = 1000;
const MONITOR_INTERVAL_MS = 100;

let tmp: string;

const runnable = fileNeeds([NEEDS.root]);

beforeAll(() => {
  if (!runnable) return;
  expect(existsSync(LITESTREAM), `${LITESTREAM}: npm install (the @flydotio/litestream devDependency)`).toBe(true);
  tmp = mkdtempSync(join(tmpdir(), 'switchyard-litestream-'));
  chmodSync(tmp, 0o755); // uid 1000 must traverse to the directories below
});

afterEach(killRuns);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A fresh directory under the test's temporary root, owned by uid and gid 1000. */
function dirOf1000(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  chownSync(dir, 1000, 1000);
  return dir;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

interface Replicated {
  env: NodeJS.ProcessEnv;
  data: string;
  replica: string;
  metricsUrl: string;
}

/** The environment of a run of the entrypoint with a folder replica, each run with its own metrics port. */
async function replicated(name: string, extra: Record<string, string> = {}): Promise<Replicated> {
  const data = join(tmp, name, 'data'); // made by the entrypoint (as root, for uid 1000)
  const replica = dirOf1000(join(name, 'replica'));
  chmodSync(join(tmp, name), 0o755);
  const metricsUrl = `http://127.0.0.1:${await freePort()}/metrics`;
  const env = sourceTreeEnv(data, {
    LITESTREAM_BIN: LITESTREAM,
    LITESTREAM_REPLICA_URL: `file://${replica}`,
    LITESTREAM_SYNC_INTERVAL: `${SYNC_INTERVAL_MS}ms`,
    LITESTREAM_METRICS_URL: metricsUrl,
    ...extra,
  });
  return { env, data, replica, metricsUrl };
}

/** The child processes of `pid`, whichever of its threads started them (Litestream is a Go program). */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
}

/** The replication lag as GET /api/metrics reports it, read from this run's Litestream. */
function lagOf(setup: Replicated): Promise<number | null> {
  return replicationLagSeconds({ replicaUrl: setup.env.LITESTREAM_REPLICA_URL, litestreamMetricsUrl: setup.metricsUrl } as Config);
}

/** Waits (5 s at most) until the replica holds every commit made so far. */
async function replicaCaughtUp(setup: Replicated): Promise<void> {
  await sleep(3 * MONITOR_INTERVAL_MS); // until Litestream has seen the latest commits in the WAL
  const deadline = Date.now() + 5000;
  while ((await lagOf(setup)) !== 0) {
    if (Date.now() > deadline) throw new Error(`the replica did not catch up within 5 s (lag ${await lagOf(setup)})`);
    await sleep(100);
  }
}

/** What Litestream's restore left in `dir` (it restores into FILE.tmp, and leaves its -wal and -shm). */
function restoreLeftovers(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.includes('.tmp'));
}

async function createSite(base: string, token: string, name: string): Promise<void> {
  const answer = await api(base, 'POST', '/api/sites', { token, body: { name } });
  if (answer.status !== 201) throw new Error(`POST /api/sites: ${answer.status} ${answer.text}`);
}

async function siteNames(base: string, token: string): Promise<Set<string>> {
  const answer = await api(base, 'GET', '/api/sites?limit=500', { token });
  expect(answer.status, answer.text).toBe(200);
  return new Set(answer.body.items.map((site: { name: string }) => site.name));
}

async function signIn(base: string): Promise<string> {
  const answer = await api(base, 'POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.token;
}

describe('the server under Litestream (LITESTREAM_REPLICA_URL)', () => {
  it('runs under litestream replicate as the service user, serves its metrics, and stops on SIGTERM with exit 0', {
    timeout: 60_000,
  }, async () => {
    const setup = await replicated('under-litestream');
    const run = runEntrypoint(setup.env);
    const base = await waitListening(run);

    // The entrypoint became Litestream, whose child is the server, both as uid 1000.
    expect(procIds(run.child.pid!)).toMatchObject({ name: 'litestream', uids: [1000, 1000, 1000, 1000] });
    const [server] = childrenOf(run.child.pid!);
    expect(procIds(server)).toMatchObject({ name: 'node', uids: [1000, 1000, 1000, 1000] });
    expect(readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0')).toContain(join(ROOT, 'src', 'server.ts'));

    const { token } = await setupAdmin(base);
    await createSite(base, token, 'replicated');
    await replicaCaughtUp(setup);
    expect(readdirSync(join(setup.replica, 'generations'))).toHaveLength(1);

    await createSite(base, token, 'just before the stop');
    run.child.kill('SIGTERM');
    // The server leaves the WAL to Litestream (no checkpoint that would wait out Litestream's read lock): held
    // by 'checkpoints under Litestream' below; here the whole stop ends cleanly.
    expect(await withTimeout(run.exited, 15_000, 'exit after SIGTERM'), run.output()).toEqual({ code: 0, signal: null });
    expect(run.output()).toContain('litestream shut down');

    // Litestream's last sync as it stops took the last write along.
    const restored = join(setup.data, 'restored.sqlite');
    const restore = spawnSync('sh', [ENTRYPOINT, 'restore', '-o', restored], { env: setup.env, encoding: 'utf8', timeout: 30_000 });
    expect(restore.status, restore.stdout + restore.stderr).toBe(0);
    const names = readDbFile<{ name: string }>(restored, 'SELECT name FROM sites ORDER BY name').map((row) => row.name);
    expect(names).toEqual(['just before the stop', 'replicated']);
  });

  it('a SIGKILL loses no write acknowledged more than a sync interval before it: the next start restores them', {
    timeout: 90_000,
  }, async () => {
    const setup = await replicated('kill-and-restore');
    const first = runEntrypoint(setup.env);
    const base = await waitListening(first);
    const { token } = await setupAdmin(base);

    // A write every ~15 ms for 3 s; the kill comes straight after the last one is acknowledged.
    const acknowledged: { name: string; at: number }[] = [];
    const writingUntil = Date.now() + 3000;
    while (Date.now() < writingUntil && acknowledged.length < 450) {
      const name = `site-${acknowledged.length}`;
      await createSite(base, token, name);
      acknowledged.push({ name, at: Date.now() });
      await sleep(15);
    }
    const killedAt = Date.now();
    process.kill(-first.child.pid!, 'SIGKILL'); // Litestream and the server together
    await withTimeout(first.exited, 10_000, 'exit after SIGKILL');

    rmSync(setup.data, { recursive: true, force: true });
    const second = runEntrypoint(setup.env);
    const restoredBase = await waitListening(second);
    expect(second.output()).toMatch(/restoring snapshot/);
    expect(existsSync(join(setup.data, 'db.sqlite'))).toBe(true);
    expect(statSync(join(setup.data, 'db.sqlite')).uid).toBe(1000);
    expect(restoreLeftovers(setup.data)).toEqual([]);

    // The admin came back with the data: signing in works without a new setup.
    const names = await siteNames(restoredBase, await signIn(restoredBase));
    // What may be lost: until Litestream reads the WAL, then until the next sync, plus that sync's own time.
    const window = MONITOR_INTERVAL_MS + SYNC_INTERVAL_MS + 100;
    const mustSurvive = acknowledged.filter((write) => write.at < killedAt - window);
    expect(mustSurvive.length, 'writes acknowledged more than a sync interval before the kill').toBeGreaterThan(20);
    expect(mustSurvive.filter((write) => !names.has(write.name)).map((write) => write.name)).toEqual([]);
    // Nothing that was never acknowledged comes back.
    expect([...names].filter((name) => !acknowledged.some((write) => write.name === name))).toEqual([]);
  });

  it('restores a point in time into a file of its own: the writes before it, none after', { timeout: 60_000 }, async () => {
    const setup = await replicated('point-in-time');
    const run = runEntrypoint(setup.env);
    const base = await waitListening(run);
    const { token } = await setupAdmin(base);
    for (const name of ['before-1', 'before-2']) await createSite(base, token, name);
    await replicaCaughtUp(setup);
    await sleep(1200);
    // Litestream's -timestamp takes RFC 3339; whole seconds leave no doubt about the side of a write.
    const pointInTime = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    await sleep(1200);
    for (const name of ['after-1', 'after-2']) await createSite(base, token, name);
    await replicaCaughtUp(setup);

    // While the service runs, into a new file (the documented way: `switchyard restore -timestamp … -o …`).
    const restored = join(setup.data, 'restored.sqlite');
    const restore = spawnSync('sh', [ENTRYPOINT, 'restore', '-timestamp', pointInTime, '-o', restored], {
      env: setup.env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(restore.status, restore.stdout + restore.stderr).toBe(0);
    expect(statSync(restored).uid).toBe(1000);
    const names = readDbFile<{ name: string }>(restored, 'SELECT name FROM sites ORDER BY name').map((row) => row.name);
    expect(names).toEqual(['before-1', 'before-2']);

    // Without -timestamp, the latest state.
    const latest = join(setup.data, 'latest.sqlite');
    const restoreLatest = spawnSync('sh', [ENTRYPOINT, 'restore', '-o', latest], { env: setup.env, encoding: 'utf8', timeout: 30_000 });
    expect(restoreLatest.status, restoreLatest.stdout + restoreLatest.stderr).toBe(0);
    expect(readDbFile<{ n: number }>(latest, 'SELECT count(*) AS n FROM sites')).toEqual([{ n: 4 }]);
    expect(restoreLeftovers(setup.data)).toEqual([]);
  });

  it('reports the replication lag from Litestream, and none without it', { timeout: 40_000 }, async () => {
    const setup = await replicated('lag');
    const run = runEntrypoint(setup.env);
    const base = await waitListening(run);
    const { token } = await setupAdmin(base);
    await createSite(base, token, 'lagging');
    await replicaCaughtUp(setup);
    expect(await lagOf(setup)).toBe(0);
    // Not under Litestream: no lag at all; Litestream gone: unknown.
    expect(await replicationLagSeconds({ litestreamMetricsUrl: setup.metricsUrl } as Config)).toBeNull();
    process.kill(-run.child.pid!, 'SIGKILL');
    await withTimeout(run.exited, 10_000, 'exit after SIGKILL');
    expect(await lagOf(setup)).toBeNull();
  });

  it('without LITESTREAM_REPLICA_URL runs the server itself, as before, and leaves no Litestream state', { timeout: 40_000 }, async () => {
    const setup = await replicated('no-replica');
    delete setup.env.LITESTREAM_REPLICA_URL;
    const run = runEntrypoint(setup.env);
    await waitListening(run);
    expect(procIds(run.child.pid!).name).toBe('node');
    expect(readdirSync(setup.data).filter((name) => name.includes('litestream'))).toEqual([]);
    expect(readdirSync(setup.replica)).toEqual([]);
    run.child.kill('SIGTERM');
    expect(await withTimeout(run.exited, 15_000, 'exit after SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('stops with one clear line when the folder replica is not writable by PUID', { timeout: 20_000 }, async () => {
    const setup = await replicated('replica-not-writable');
    chownSync(setup.replica, 0, 0);
    const run = runEntrypoint(setup.env);
    const { code } = await withTimeout(run.exited, 15_000, 'entrypoint exit');
    expect(code).not.toBe(0);
    const lines = run.output().trim().split('\n');
    expect(lines, run.output()).toHaveLength(1);
    expect(lines[0]).toContain(`chown -R 1000:1000 ${setup.replica}`);
  });

  it('refuses `restore` without LITESTREAM_REPLICA_URL with one line', { timeout: 20_000 }, async () => {
    const setup = await replicated('restore-without-replica');
    delete setup.env.LITESTREAM_REPLICA_URL;
    const result = spawnSync('sh', [ENTRYPOINT, 'restore'], { env: setup.env, encoding: 'utf8', timeout: 15_000 });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim()).toBe('switchyard: restore needs LITESTREAM_REPLICA_URL, the replica to restore from');
  });
});

describe('the Litestream binary', () => {
  it("the image copies Litestream's official image of the version the npm package brings", () => {
    const version = spawnSync(LITESTREAM, ['version'], { encoding: 'utf8', timeout: 10_000 }).stdout.trim();
    expect(version).toBe('v0.3.13');
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const copies = dockerfile.match(/^COPY --from=litestream\/litestream:\S+ .*$/gm) ?? [];
    expect(copies).toEqual([`COPY --from=litestream/litestream:${version.slice(1)} /usr/local/bin/litestream /usr/local/bin/litestream`]);
    expect(dockerfile).toMatch(/^COPY docker\/entrypoint\.sh docker\/litestream\.yml \.\/docker\/$/m);
  });
});

describe('checkpoints under Litestream (openDatabase litestreamCheckpoints)', () => {
  function walAfterCheckpoint(options: { litestreamCheckpoints?: boolean }): { wal: number; autocheckpoint: number } {
    const file = join(mkdtempSync(join(tmp, 'checkpoint-')), 'db.sqlite');
    const db = openDatabase(file, options);
    const { wal_autocheckpoint: autocheckpoint } = db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number };
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    checkpoint(db);
    const wal = statSync(`${file}-wal`).size;
    db.close();
    return { wal, autocheckpoint };
  }

  it('leaves the WAL to Litestream: no automatic checkpoints, and checkpoint() at shutdown only commits', () => {
    const underLitestream = walAfterCheckpoint({ litestreamCheckpoints: true });
    expect(underLitestream.autocheckpoint).toBe(0);
    expect(underLitestream.wal).toBeGreaterThan(0);
    const alone = walAfterCheckpoint({});
    expect(alone.autocheckpoint).toBe(1000);
    expect(alone.wal).toBe(0);
  });

  it('is how the start opens the database when LITESTREAM_REPLICA_URL is set, and only then', () => {
    const autocheckpointAtStart = (env: Record<string, string>) => {
      const dataDir = mkdtempSync(join(tmp, 'start-'));
      const db = openAndMigrate(loadConfig({ DATA_DIR: dataDir, APP_JWT_SECRET: 'a'.repeat(64), ...env }), createLogger('error'));
      const row = db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number };
      db.close();
      return row.wal_autocheckpoint;
    };
    expect(autocheckpointAtStart({ LITESTREAM_REPLICA_URL: 's3://bucket/switchyard' })).toBe(0);
    expect(autocheckpointAtStart({})).toBe(1000);
  });
});
