// Scheduled polling at scale (issue 37, "Measure"): 1,000 switches, each with its own schedule and credential set,
// served by ONE snmpsimd process from the real recordings of ../shared/fixtures/snmp/ (community sw-0001 … sw-1000,
// each a symbolic link to one recording in turn; the Cisco recording's per-VLAN communities linked as well). The
// server (the bundle, pinned to core 0) polls back to back: one minute of an interval lasts 100 ms
// (POLL_INTERVAL_UNIT_MS), so a 5-minute schedule is due again half a second after its poll, and the scheduler is
// never idle. snmpsimd and this process (the reader of the cached list) share core 1.
// Measured over BENCH_POLLING_S seconds (180) after BENCH_POLLING_WARMUP_S (20): polls a minute (the server's
// /api/metrics counters), polls a minute per core of server CPU, the server's RSS (highest sample, every 250 ms) and
// the p99 of a cached list read (GET /api/switches?limit=100, one every 100 ms) while the polls run.
//
//   BENCH_ONLY=polling npm run bench           (or: node bench/polling.ts)
//   BENCH_POLLING_SWITCHES=1000 BENCH_POLLING_S=180 BENCH_POLLING_WARMUP_S=20 POLL_CONCURRENCY=8
import '../src/boot/silence-sqlite-warning.ts';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../src/boot/node-flags.ts';

const ROOT = resolve(import.meta.dirname, '..');
export const SNMP_FIXTURES = resolve(ROOT, '..', 'shared', 'fixtures', 'snmp', 'data');
const SWITCHES = Number(process.env.BENCH_POLLING_SWITCHES ?? 1000);
const MEASURE_S = Number(process.env.BENCH_POLLING_S ?? 180);
const WARM_UP_S = Number(process.env.BENCH_POLLING_WARMUP_S ?? 20);
const CONCURRENCY = process.env.POLL_CONCURRENCY ?? '8';
/** One minute of an interval, in ms: the configuration's lowest. */
const UNIT_MS = 100;
const CLOCK_TICKS_PER_S = 100;
const HAS_TASKSET = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
/** Every wait of this bench ends: snmpsimd's start (it indexes each data file), the server's, the set-up. */
const START_LIMIT_MS = 600_000;

export interface PollingReport {
  switches: number;
  recordings: string[];
  concurrency: number;
  seconds: number;
  polls: number;
  failed: number;
  pollsPerMinute: number;
  /** Server CPU seconds per wall second over the measured time. */
  serverCores: number;
  pollsPerMinutePerCore: number;
  snmpsimdCores: number;
  /** CPU per poll, ms: the server's, and snmpsimd's (answering the poll's requests). */
  serverCpuMsPerPoll: number;
  snmpsimdCpuMsPerPoll: number;
  /** The polls a minute one snmpsimd process could answer with a whole core: 60 s over its CPU per poll. */
  snmpsimdCeilingPerMinute: number;
  rssMaxMb: number;
  rssEndMb: number;
  listReads: number;
  listP50Ms: number;
  listP99Ms: number;
  snmpsimdStartS: number;
  /** The machine's 1-minute load average at the start and the end of the measured time (2 cores: above 2, others share them). */
  loadAverage: number[];
  /** The median duration of the last poll of each recording's switches, ms (what bounds the rate). */
  pollMsByRecording: Record<string, number>;
}

const round = (value: number) => Math.round(value * 100) / 100;

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

const pinned = (core: string, command: string, args: string[]): [string, string[]] =>
  HAS_TASKSET ? ['taskset', ['-c', core, command, ...args]] : [command, args];

/** The recordings served: every device of the fixtures (a Cisco one's per-VLAN files go with it). */
function recordings(): { devices: string[]; perVlan: Map<string, string[]> } {
  const files = readdirSync(SNMP_FIXTURES).filter((name) => name.endsWith('.snmprec'));
  const devices = files.filter((name) => !name.includes('@')).map((name) => name.slice(0, -'.snmprec'.length));
  const perVlan = new Map(
    devices.map((device) => [device, files.filter((name) => name.startsWith(`${device}@`)).map((name) => name.slice(device.length))]),
  );
  return { devices, perVlan };
}

export const communityOf = (n: number) => `sw-${String(n + 1).padStart(4, '0')}`;

/** A run folder for snmpsimd: the recordings copied once, and one link per community. */
function snmpsimRunFolder(): { run: string; devices: string[] } {
  const run = mkdtempSync(join(tmpdir(), 'switchyard-bench-snmpsim-'));
  for (const sub of ['src', 'data', 'cache']) mkdirSync(join(run, sub));
  const { devices, perVlan } = recordings();
  for (const file of readdirSync(SNMP_FIXTURES).filter((name) => name.endsWith('.snmprec'))) {
    copyFileSync(join(SNMP_FIXTURES, file), join(run, 'src', file));
    chmodSync(join(run, 'src', file), 0o644);
  }
  for (let n = 0; n < SWITCHES; n++) {
    const device = devices[n % devices.length]!;
    symlinkSync(join(run, 'src', `${device}.snmprec`), join(run, 'data', `${communityOf(n)}.snmprec`));
    for (const suffix of perVlan.get(device) ?? [])
      symlinkSync(join(run, 'src', `${device}${suffix}`), join(run, 'data', `${communityOf(n)}${suffix}`));
  }
  for (const dir of [run, join(run, 'src'), join(run, 'data')]) chmodSync(dir, 0o755);
  chmodSync(join(run, 'cache'), 0o777);
  return { run, devices };
}

async function startSnmpsimd(run: string): Promise<{ child: ChildProcess; port: number; seconds: number }> {
  const port = await freePort();
  const drop =
    process.getuid?.() === 0
      ? ['--process-user=nobody', `--process-group=${spawnSync('id', ['-gn', 'nobody'], { encoding: 'utf8' }).stdout.trim() || 'nogroup'}`]
      : [];
  const [command, args] = pinned('1', 'snmpsimd', [
    `--data-dir=${join(run, 'data')}`,
    `--cache-dir=${join(run, 'cache')}`,
    `--agent-udpv4-endpoint=127.0.0.1:${port}`,
    // snmpsimd logs every request it answers at its default level: that log doubled its CPU per varbind.
    '--logging-method=null',
    ...drop,
  ]);
  const began = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'ignore'] });
  const last = communityOf(SWITCHES - 1);
  while (performance.now() - began < START_LIMIT_MS) {
    if (child.exitCode !== null) throw new Error(`snmpsimd exited with ${child.exitCode}`);
    const probe = spawnSync('snmpget', ['-v2c', '-c', last, '-t', '1', '-r', '0', `127.0.0.1:${port}`, '1.3.6.1.2.1.1.5.0'], {
      stdio: 'ignore',
    });
    if (probe.status === 0) return { child, port, seconds: (performance.now() - began) / 1000 };
    await sleep(1000);
  }
  child.kill('SIGKILL');
  throw new Error(`snmpsimd did not answer within ${START_LIMIT_MS / 1000} s`);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_JWT_SECRET: 'p'.repeat(64),
    LOG_LEVEL: 'warn',
    POLL_INTERVAL_UNIT_MS: String(UNIT_MS),
    POLL_CONCURRENCY: CONCURRENCY,
    DISCOVERY_ALLOW: '127.0.0.1/32',
    // snmpsimd answers every poll in turn, and a poll of the largest recording waits behind the others: a poll that ran
    // out of time would be work of snmpsimd's thrown away (and is no measure of the server).
    DISCOVERY_TIMEOUT_MS: '100000',
  };
  const [command, args] = pinned('0', process.execPath, [...SERVER_NODE_FLAGS, 'dist/server.js']);
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await sleep(20);
  }
  throw new Error('the server did not answer within 60 s');
}

/** Runs `work` over the items, `width` at once. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The polling scenario; undefined (with a line saying why) when snmpsimd or the recordings are missing. */
export async function pollingScenario(): Promise<PollingReport | undefined> {
  if (!existsSync(SNMP_FIXTURES)) {
    console.log(`polling: skipped, ${SNMP_FIXTURES} is missing (the shared SNMP recordings)`);
    return undefined;
  }
  if (spawnSync('snmpsimd', ['--help'], { stdio: 'ignore' }).error || spawnSync('snmpget', ['--version'], { stdio: 'ignore' }).error) {
    console.log('polling: skipped, snmpsimd or snmpget is missing (apt-get install snmpsim snmp)');
    return undefined;
  }
  const { run, devices } = snmpsimRunFolder();
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-bench-polling-'));
  const children: ChildProcess[] = [];
  try {
    console.log(`polling: snmpsimd indexing ${SWITCHES} communities of ${devices.length} recordings …`);
    const agent = await startSnmpsimd(run);
    children.push(agent.child);
    console.log(`polling: snmpsimd answers after ${agent.seconds.toFixed(1)} s; the server …`);
    const server = await startServer(dataDir);
    children.push(server.child);
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) };
      const answer = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text.slice(0, 300)}`);
      return text.startsWith('{') ? JSON.parse(text) : text;
    };
    const { token } = await call('POST', '/api/auth/setup', { username: 'bench', password: 'bench password 1' });
    const site = await call('POST', '/api/sites', { name: 'Polled' }, token);
    const numbers = Array.from({ length: SWITCHES }, (_, n) => n);
    console.log(`polling: ${SWITCHES} switches, credential sets and schedules …`);
    const switchIds: string[] = [];
    await inParallel(numbers, 8, async (n) => {
      const made = await call('POST', '/api/switches', { siteId: site.id, name: communityOf(n) }, token);
      const set = await call(
        'POST',
        '/api/credentials',
        { name: communityOf(n), snmp: { version: '2c', community: communityOf(n) }, allowedHosts: ['127.0.0.1'] },
        token,
      );
      const schedule = { enabled: true, intervalMinutes: 5, host: `127.0.0.1:${agent.port}`, credentialId: set.id };
      await call('PUT', `/api/switches/${made.id}/polling`, schedule, token);
      switchIds[n] = made.id;
    });
    const counters = async () => {
      const text: string = await call('GET', '/api/metrics', undefined, token);
      const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
      return { polls: value('switchyard_polls_total'), failed: value('switchyard_polls_failed_total') };
    };
    console.log(`polling: warm-up ${WARM_UP_S} s, then ${MEASURE_S} s measured …`);
    await sleep(WARM_UP_S * 1000);
    const serverPid = server.child.pid!;
    const snmpPid = agent.child.pid!;
    const loadAtStart = loadavg()[0]!;
    const before = { ...(await counters()), at: performance.now(), cpu: cpuSeconds(serverPid), agentCpu: cpuSeconds(snmpPid) };
    let rssMax = 0;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(serverPid))), 250);
    const latencies: number[] = [];
    const headers = { authorization: `Bearer ${token}` };
    const endAt = performance.now() + MEASURE_S * 1000;
    while (performance.now() < endAt) {
      const started = performance.now();
      const answer = await fetch(`${server.url}/api/switches?limit=100`, { headers });
      await answer.arrayBuffer();
      if (answer.ok) latencies.push(performance.now() - started);
      await sleep(100);
    }
    clearInterval(sampler);
    const after = { ...(await counters()), at: performance.now(), cpu: cpuSeconds(serverPid), agentCpu: cpuSeconds(snmpPid) };
    const seconds = (after.at - before.at) / 1000;
    const durations = new Map<string, number[]>();
    for (let offset = 0; offset < SWITCHES; offset += 500) {
      const page = await call('GET', `/api/polling?limit=500&offset=${offset}`, undefined, token);
      for (const item of page.items as { switchId: string; durationMs: number | null }[]) {
        const device = devices[switchIds.indexOf(item.switchId) % devices.length]!;
        if (item.durationMs !== null) durations.set(device, [...(durations.get(device) ?? []), item.durationMs]);
      }
    }
    const pollMsByRecording = Object.fromEntries(
      [...durations]
        .map(
          ([device, ms]) =>
            [
              device,
              percentile(
                ms.sort((a, b) => a - b),
                50,
              ),
            ] as [string, number],
        )
        .sort((a, b) => b[1] - a[1]),
    );
    const polls = after.polls - before.polls;
    const serverCores = (after.cpu - before.cpu) / seconds;
    latencies.sort((a, b) => a - b);
    const report: PollingReport = {
      switches: SWITCHES,
      recordings: devices,
      concurrency: Number(CONCURRENCY),
      seconds: round(seconds),
      polls,
      failed: after.failed - before.failed,
      pollsPerMinute: round((polls * 60) / seconds),
      serverCores: round(serverCores),
      pollsPerMinutePerCore: round((polls * 60) / seconds / Math.max(serverCores, 0.01)),
      snmpsimdCores: round((after.agentCpu - before.agentCpu) / seconds),
      serverCpuMsPerPoll: Math.round(((after.cpu - before.cpu) * 1000) / Math.max(polls, 1)),
      snmpsimdCpuMsPerPoll: Math.round(((after.agentCpu - before.agentCpu) * 1000) / Math.max(polls, 1)),
      snmpsimdCeilingPerMinute: round((60 * Math.max(polls, 1)) / Math.max(after.agentCpu - before.agentCpu, 0.01)),
      rssMaxMb: round(rssMax),
      rssEndMb: round(rssMb(serverPid)),
      listReads: latencies.length,
      listP50Ms: round(percentile(latencies, 50)),
      listP99Ms: round(percentile(latencies, 99)),
      snmpsimdStartS: round(agent.seconds),
      loadAverage: [round(loadAtStart), round(loadavg()[0]!)],
      pollMsByRecording,
    };
    return report;
  } finally {
    for (const child of children.reverse()) {
      child.kill('SIGTERM');
      await new Promise<void>((done) => (child.exitCode !== null ? done() : child.once('exit', () => done())));
    }
    rmSync(run, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The targets: ≥ 200 polls a minute, the server's RSS < 150 MB, a cached list read's p99 < 20 ms. */
export function pollingTargets(r: PollingReport): [string, string, string, boolean][] {
  return [
    [
      `Polls a minute, ${r.switches} switches back to back`,
      '≥ 200',
      `${r.pollsPerMinute} (${r.pollsPerMinutePerCore} per core of server CPU; ${r.failed} failed)`,
      r.pollsPerMinute >= 200,
    ],
    ['Server RSS while polling', '< 150 MB', `${r.rssMaxMb} MB`, r.rssMaxMb < 150],
    ['Cached list read p99 while polling', '< 20 ms', `${r.listP99Ms} ms (p50 ${r.listP50Ms} ms)`, r.listP99Ms < 20],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  spawnSync(process.execPath, ['scripts/build.ts', 'server'], { cwd: ROOT, stdio: 'inherit' });
  const report = await pollingScenario();
  if (report) {
    console.log(JSON.stringify(report, null, 2));
    for (const [name, wanted, measured, met] of pollingTargets(report))
      console.log(`${name}: ${measured} (wanted ${wanted}) ${met ? 'met' : 'NOT met'}`);
  }
}
