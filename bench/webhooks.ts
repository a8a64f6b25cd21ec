// The cost of webhooks (issue 40), alone: `node bench/webhooks.ts`. A fresh server (the bundle, pinned to core 0)
// with one switch of 48 ports; its port PATCH rate with no subscription and with 3 enabled ones (all events, to a
// receiver on 127.0.0.1 in this process), in alternating slices so that both meet the machine in the same state; then
// the rate at which the sender empties the outbox that the PATCHes left (events/s). The bar: ≥ 90 %.
import '../src/boot/silence-sqlite-warning.ts';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../src/boot/node-flags.ts';

const SLICES = 4;
const SLICE_S = 3;
const DRAIN_S = 10;
const PORT = '3472';
const base = `http://127.0.0.1:${PORT}`;

const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

spawnSync(process.execPath, ['scripts/build.ts', 'server'], { stdio: 'ignore' });
const env = {
  PATH: process.env.PATH!,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'switchyard-bench-webhooks-')),
  PORT,
  HOST: '127.0.0.1',
  APP_JWT_SECRET: 'w'.repeat(64),
  LOG_LEVEL: 'warn',
  WEBHOOK_ALLOW: '127.0.0.1',
};
const server = spawn('taskset', ['-c', '0', process.execPath, ...SERVER_NODE_FLAGS, 'dist/server.js'], { env, stdio: 'inherit' });
while (
  !(await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  ))
)
  await new Promise((r) => setTimeout(r, 20));

const call = async (method: string, path: string, body?: unknown, token?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) };
  const answer = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return answer.status === 204 ? undefined : answer.headers.get('content-type')?.includes('json') ? answer.json() : answer.text();
};
const { token } = await call('POST', '/api/auth/setup', { username: 'bench', password: 'bench password 1' });
const site = await call('POST', '/api/sites', { name: 'Bench' }, token);
const made = await call('POST', '/api/switches', { siteId: site.id, name: 'sw-1', portCount: 48 }, token);
const ports: { id: string }[] = (await call('GET', `/api/switches/${made.id}`, undefined, token)).ports;
const hooks: { id: string }[] = [];
for (const name of ['one', 'two', 'three'])
  hooks.push(
    await call(
      'POST',
      '/api/webhooks',
      { name, url: receiverUrl, secret: 'a bench secret, long enough', events: ['activity.*'], enabled: false },
      token,
    ),
  );
const enableHooks = (enabled: boolean) => Promise.all(hooks.map((hook) => call('PATCH', `/api/webhooks/${hook.id}`, { enabled }, token)));

let n = 0;
const patchLoad = async (seconds: number) => {
  const requests: autocannon.Request[] = [
    {
      method: 'PATCH',
      setupRequest: (req) => ({
        ...req,
        path: `/api/ports/${ports[n % ports.length].id}`,
        body: JSON.stringify({ description: `b${n++}` }),
      }),
    },
  ];
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const result = await autocannon({ url: base, connections: 50, duration: seconds, headers, requests });
  return result.requests.total / seconds;
};
await patchLoad(2);
const rates = { none: [] as number[], three: [] as number[] };
for (let slice = 0; slice < SLICES; slice++) {
  for (const with3 of slice % 2 === 0 ? [false, true] : [true, false]) {
    await enableHooks(with3);
    rates[with3 ? 'three' : 'none'].push(await patchLoad(SLICE_S));
  }
}
await enableHooks(true);
const queued = async () =>
  Number(/switchyard_webhook_deliveries\{status="delivered"\} (\d+)/.exec(await call('GET', '/api/metrics', undefined, token))![1]);
const before = await queued();
await new Promise((r) => setTimeout(r, DRAIN_S * 1000));
const delivered = (await queued()) - before;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const none = sum(rates.none) / SLICES;
const three = sum(rates.three) / SLICES;
console.log(
  `port PATCH without subscriptions: ${Math.round(none)}/s; with 3: ${Math.round(three)}/s (${Math.round((100 * three) / none)} %)`,
);
console.log(`delivery rate to a local receiver: ${Math.round(delivered / DRAIN_S)} events/s (3 subscriptions, outbox not empty)`);
server.kill('SIGTERM');
receiver.close();
