// Runs of the container entrypoint (docker/entrypoint.sh) for the container tests: each run is its own process
// group, so that killRuns takes a server (or Litestream and its server) left behind by a failed test with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, TEST_SECRET } from '../helpers/server.ts';

export const ENTRYPOINT = join(ROOT, 'docker', 'entrypoint.sh');
/** The project's own Node 22 binary (the `node` devDependency), by its real path, as /proc shows it. */
export const NODE = realpathSync(join(ROOT, 'node_modules', '.bin', 'node'));
/** The Litestream binary of the @flydotio/litestream devDependency: the image's version. */
export const LITESTREAM = join(ROOT, 'node_modules', '@flydotio', `litestream-${process.platform}-${process.arch}`, 'litestream');
export const START_TIMEOUT_MS = 20_000;

export interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: ChildProcess[] = [];

/** Starts `command` (the entrypoint under sh unless told) with `args`, its stdout and stderr kept together. */
export function runEntrypoint(env: NodeJS.ProcessEnv, args: string[] = [], command: string[] = ['sh', ENTRYPOINT], cwd?: string): Run {
  const child = spawn(command[0], [...command.slice(1), ...args], { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  return { child, output: () => out, exited };
}

/** Kills the process group of every run started so far. */
export function killRuns(): void {
  for (const child of running.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * The environment of a run against the source tree: APP_HOME, NODE_BIN, APP_SERVER, APP_MIGRATE and APP_BACKUP
 * point the entrypoint at `node src/server.ts` and the CLIs instead of the image's /app/dist bundles; no PUID or
 * PGID unless `extra` names them.
 */
export function sourceTreeEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    APP_HOME: ROOT,
    NODE_BIN: NODE,
    APP_SERVER: join(ROOT, 'src', 'server.ts'),
    APP_MIGRATE: join(ROOT, 'src', 'cli', 'migrate.ts'),
    APP_BACKUP: join(ROOT, 'src', 'cli', 'backup.ts'),
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${join(dataDir, 'db.sqlite')}`,
    APP_JWT_SECRET: TEST_SECRET,
    LOG_LEVEL: 'info',
    ...extra,
  };
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits for the `listening on http://host:port` line; fails with the output if the process exits first. */
export async function waitListening(run: Run): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  void run.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    const match = /listening on (http:\/\/[^\s"',]+)/.exec(run.output());
    if (match) return match[1].replace(/\/$/, '');
    if (exited) throw new Error(`the entrypoint exited before listening:\n${run.output()}`);
    await sleep(50);
  }
  throw new Error(`no "listening on" line within ${START_TIMEOUT_MS} ms:\n${run.output()}`);
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Real, effective, saved and filesystem uids (and gids) of a process, from /proc/<pid>/status. */
export function procIds(pid: number): { uids: number[]; gids: number[]; groups: number[]; name: string } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => (new RegExp(`^${name}:[ \\t]*(.*)$`, 'm').exec(status)?.[1] ?? '').trim();
  const numbers = (name: string) => field(name).split(/\s+/).filter(Boolean).map(Number);
  return { uids: numbers('Uid'), gids: numbers('Gid'), groups: numbers('Groups'), name: field('Name') };
}
