// `npm start` and `npm run dev`: build the web UI (dev: and keep rebuilding it), then run the server with
// the Node 22 that npm put on PATH. The local-development habit of the service notes is honoured here, and
// only here: JWT_SECRET from the shell becomes APP_JWT_SECRET when that is unset.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from '../src/boot/node-flags.ts';

const ROOT = resolve(import.meta.dirname, '..');
const mode = process.argv[2] === 'dev' ? 'dev' : 'start';

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
const env = { ...process.env };
if (!env.APP_JWT_SECRET && env.JWT_SECRET) env.APP_JWT_SECRET = env.JWT_SECRET;

const { buildUi } = await import('./build-ui.ts');
await buildUi({ watch: mode === 'dev' });

const args = [...SERVER_NODE_FLAGS, ...(mode === 'dev' ? ['--watch-path=src', '--watch-path=migrations'] : []), 'src/server.ts'];
const server = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
