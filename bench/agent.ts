// The agent's idle memory (issue 39), alone: `node bench/agent.ts`. A fresh server (the bundle) with one site of
// SWITCHES switches on a daily schedule, and the agent bundle (dist/agent.js, what the switchyard-agent image runs) for
// that site. The agent fetches its assignments, polls every switch once (at a closed UDP port on 127.0.0.1: each read
// times out after DISCOVERY_TIMEOUT_MS), sends the failures, and then waits for the next day: its RSS is read from
// /proc then, IDLE_SAMPLES times a second apart (median). The target: < 50 MB. A bare `node` waiting on a timer
// is measured the same way, the floor no agent on this Node can go below.
import '../src/boot/silence-sqlite-warning.ts';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../src/boot/node-flags.ts';

const SWITCHES = 20;
/** Node flags for the agent (the image gives none): BENCH_AGENT_FLAGS, space-separated, to try some. */
const AGENT_FLAGS = (process.env.BENCH_AGENT_FLAGS ?? '').split(' ').filter(Boolean);
const SETTLE_S = 10;
const IDLE_SAMPLES = 5;
const PORT = '3473';
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'switchyard-bench-agent-'));

spawnSync(process.execPath, ['scripts/build.ts', 'server'], { stdio: 'ignore' });
const env = {
  PATH: process.env.PATH!,
  DATA_DIR: join(dir, 'server'),
  PORT,
  HOST: '127.0.0.1',
  APP_JWT_SECRET: 'g'.repeat(64),
  LOG_LEVEL: 'warn',
};
spawnSync('mkdir', ['-p', env.DATA_DIR]);
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server.js'], { env, stdio: 'inherit' });
process.on('exit', () => server.kill('SIGTERM'));
const deadline = Date.now() + 30_000;
while (
  !(await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  )) &&
  Date.now() < deadline
)
  await new Promise((r) => setTimeout(r, 50));
const call = async (method: string, path: string, body?: unknown, token?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) };
  const answer = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return answer.status === 204 ? undefined : answer.json();
};
const { token } = await call('POST', '/api/auth/setup', { username: 'bench', password: 'bench password 1' });
const site = await call('POST', '/api/sites', { name: 'Branch' }, token);
const set = await call(
  'POST',
  '/api/credentials',
  { name: 'Branch RO', snmp: { version: '2c', community: 'bench-community' }, allowedHosts: ['0.0.0.0/0'] },
  token,
);
for (let index = 1; index <= SWITCHES; index++)
  await call('POST', '/api/switches', { siteId: site.id, name: `sw-${index}`, managementIp: `127.0.0.${index + 1}` }, token);
await call('PUT', `/api/sites/${site.id}/polling`, { enabled: true, intervalMinutes: 1440, credentialId: set.id }, token);
const agentMade = await call('POST', '/api/agents', { name: 'bench', siteIds: [site.id] }, token);
writeFileSync(
  join(dir, 'credentials.json'),
  JSON.stringify([{ name: 'Branch RO', snmp: { version: '2c', community: 'bench-community' }, allowedHosts: ['0.0.0.0/0'] }]),
);

const agent = spawn(process.execPath, [...AGENT_FLAGS, 'dist/agent.js'], {
  env: {
    PATH: process.env.PATH!,
    AGENT_SERVER_URL: base,
    AGENT_TOKEN: agentMade.token,
    AGENT_CREDENTIALS_FILE: join(dir, 'credentials.json'),
    AGENT_SPOOL_DIR: join(dir, 'spool'),
    DISCOVERY_TIMEOUT_MS: '1000',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
const samples: number[] = [];
for (let index = 0; index < IDLE_SAMPLES; index++) {
  const status = readFileSync(`/proc/${agent.pid}/status`, 'utf8');
  samples.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
  await new Promise((r) => setTimeout(r, 1000));
}
const bare = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 2000));
const bareRssMb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${bare.pid}/status`, 'utf8'))?.[1]) / 1024;
bare.kill();
const listed = (await call('GET', '/api/agents', undefined, token)).items[0];
samples.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)];
console.log(
  JSON.stringify({
    switches: SWITCHES,
    polledAndSent: listed.lastSeenAt !== null,
    idleRssMb: Math.round(median * 100) / 100,
    bareNodeRssMb: Math.round(bareRssMb * 100) / 100,
    targetMb: 50,
  }),
);
agent.kill('SIGTERM');
server.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
rmSync(dir, { recursive: true, force: true });
