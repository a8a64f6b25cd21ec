// `npm run replicate`: the server from this source tree under Litestream, replicating every commit to
// LITESTREAM_REPLICA_URL, through docker/entrypoint.sh as the image runs it (a missing database restored from the
// replica first, then the migrations, then `litestream replicate -exec` the server), with the Litestream binary of
// the @flydotio/litestream devDependency (v0.3.13, the image's version).
//   npm run replicate                                         build the UI, then serve
//   npm run replicate -- restore -timestamp <RFC 3339> -o <file>   a point-in-time restore (README)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const LITESTREAM = join(ROOT, 'node_modules', '@flydotio', `litestream-${process.platform}-${process.arch}`, 'litestream');
const args = process.argv.slice(2);

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  APP_HOME: ROOT,
  NODE_BIN: process.execPath,
  APP_SERVER: join(ROOT, 'src', 'server.ts'),
  APP_MIGRATE: join(ROOT, 'src', 'cli', 'migrate.ts'),
  APP_BACKUP: join(ROOT, 'src', 'cli', 'backup.ts'),
  LITESTREAM_BIN: LITESTREAM,
};
// As npm start: JWT_SECRET from the shell stands in for APP_JWT_SECRET, and this process's user runs everything.
if (!env.APP_JWT_SECRET && env.JWT_SECRET) env.APP_JWT_SECRET = env.JWT_SECRET;
env.PUID = String(process.getuid?.() ?? 1000);
env.PGID = String(process.getgid?.() ?? 1000);

if (!env.LITESTREAM_REPLICA_URL) {
  process.stderr.write(
    'npm run replicate: set LITESTREAM_REPLICA_URL, the replica (file:///mnt/backup/switchyard, s3://bucket/switchyard)\n',
  );
  process.exit(1);
}
if (!existsSync(LITESTREAM)) {
  process.stderr.write(`npm run replicate: no Litestream binary at ${LITESTREAM}; run npm install (it comes with @flydotio/litestream)\n`);
  process.exit(1);
}
if (args.length === 0 || args[0] === 'serve') {
  const { buildUi } = await import('./build-ui.ts');
  await buildUi();
}

const entrypoint = spawn('sh', [join(ROOT, 'docker', 'entrypoint.sh'), ...args], { cwd: ROOT, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => entrypoint.kill(signal));
entrypoint.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
