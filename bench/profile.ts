// A quick profiling aid: seeds the benchmark data set once (kept in /tmp/switchyard-profile), starts the
// bundled server pinned to core 0 with --cpu-prof, loads one scenario for a few seconds and prints the
// hottest functions. `node bench/profile.ts [GET|PATCH] [path]`.
import '../src/boot/silence-sqlite-warning.ts';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../src/boot/node-flags.ts';
import { BENCH_USER, writeSeedFiles } from './seed.ts';

const DATA_DIR = '/tmp/switchyard-profile';
const PROFILE_DIR = '/tmp/switchyard-profile-cpu';
const [method = 'GET', path = '/api/switches?limit=100'] = process.argv.slice(2);
const env = {
  PATH: process.env.PATH!,
  DATA_DIR,
  PORT: '3471',
  HOST: '127.0.0.1',
  APP_JWT_SECRET: 'p'.repeat(64),
  LOG_LEVEL: 'warn',
  READ_CACHE_MB: process.env.READ_CACHE_MB ?? '32',
};

if (!existsSync(`${DATA_DIR}/db.sqlite`)) {
  await writeSeedFiles(DATA_DIR);
  spawnSync(process.execPath, ['src/cli/migrate.ts'], { env, stdio: 'inherit' });
}
spawnSync(process.execPath, ['scripts/build.ts', 'server'], { stdio: 'ignore' });
rmSync(PROFILE_DIR, { recursive: true, force: true });
mkdirSync(PROFILE_DIR);
const server = spawn(
  'taskset',
  ['-c', '0', process.execPath, ...SERVER_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, 'dist/server.js'],
  { env, stdio: 'inherit' },
);
const base = 'http://127.0.0.1:3471';
while (
  !(await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  ))
)
  await new Promise((r) => setTimeout(r, 10));
const { token } = await (
  await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  })
).json();
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
let requests: autocannon.Request[] | undefined;
if (method === 'PATCH') {
  const first = (await (await fetch(`${base}/api/switches?limit=1`, { headers })).json()).items[0];
  const ports = (await (await fetch(`${base}/api/switches/${first.id}`, { headers })).json()).ports;
  let n = 0;
  requests = [
    {
      method: 'PATCH',
      setupRequest: (req) => ({
        ...req,
        path: `/api/ports/${ports[n % ports.length].id}`,
        body: JSON.stringify({ description: `p${n++}` }),
      }),
    },
  ];
}
const result = await autocannon({ url: base + path, connections: 50, duration: 5, headers, requests });
console.log(`${method} ${path}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
await new Promise<void>((done) => {
  server.once('exit', () => done());
  server.kill('SIGTERM');
});
const profile = JSON.parse(readFileSync(`${PROFILE_DIR}/${readdirSync(PROFILE_DIR)[0]}`, 'utf8'));
const nodes = new Map<number, { callFrame: { functionName: string; url: string; lineNumber: number } }>(
  profile.nodes.map((n: { id: number }) => [n.id, n]),
);
const self = new Map<string, number>();
profile.samples.forEach((id: number, i: number) => {
  const frame = nodes.get(id)!.callFrame;
  const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
for (const [key, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
