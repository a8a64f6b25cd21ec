// The container entrypoint (docker/entrypoint.sh), run for real as root on this machine against the source
// tree: APP_HOME, NODE_BIN, APP_SERVER and APP_MIGRATE point it at `node src/server.ts` instead of the image's
// /app/dist bundles. Privileges are dropped with setpriv (or, in one test, through an su-exec stand-in).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/boot/node-flags.ts';
import { SAMPLE_DIR } from '../fixtures/legacy/make-fixture.ts';
import { readDbFile } from '../helpers/db.ts';
import { fileNeeds, itNeeding, NEEDS } from '../helpers/needs.ts';
import { ROOT } from '../helpers/server.ts';
import {
  ENTRYPOINT,
  killRuns,
  NODE,
  procIds,
  type Run,
  runEntrypoint,
  sourceTreeEnv,
  waitListening,
  withTimeout,
} from './entrypoint-runs.ts';

let tmp: string;

const runnable = fileNeeds([NEEDS.root]);

beforeAll(() => {
  if (!runnable) return;
  tmp = mkdtempSync(join(tmpdir(), 'switchyard-entrypoint-'));
  chmodSync(tmp, 0o755); // uid 1000 must traverse to the data directories below
  // uid 1000 must be able to read the source tree it runs.
  const probe = spawnSync('setpriv', [
    '--reuid',
    '1000',
    '--regid',
    '1000',
    '--clear-groups',
    '--',
    'test',
    '-r',
    join(ROOT, 'migrations'),
  ]);
  expect(probe.status, `uid 1000 cannot read ${ROOT}`).toBe(0);
});

// Each run is its own process group: a server left behind by a failed run goes with it.
afterEach(killRuns);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A fresh directory under the test's temporary root, owned by `owner` (uid = gid) with `mode`. */
function makeDir(name: string, owner: number, mode = 0o755): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  chownSync(dir, owner, owner);
  chmodSync(dir, mode);
  return dir;
}

/** A data directory of uid 1000 holding a copy of the generated 0.20.x sample, the files of uid 1000 too. */
function legacyDataDir(name: string): string {
  const dir = makeDir(name, 1000);
  for (const file of readdirSync(SAMPLE_DIR)) {
    cpSync(join(SAMPLE_DIR, file), join(dir, file));
    chownSync(join(dir, file), 1000, 1000);
  }
  return dir;
}

/** Writes `content` to `file` and gives it `mode`, whatever the umask; the file's path. */
function writeWithMode(file: string, content: string, mode: number): string {
  writeFileSync(file, content);
  chmodSync(file, mode);
  return file;
}

async function health(base: string): Promise<number> {
  const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
  await response.arrayBuffer();
  return response.status;
}

function migrationCount(dbFile: string): number {
  return readDbFile<{ n: number }>(dbFile, 'SELECT count(*) AS n FROM schema_migrations')[0].n;
}

/** Waits for a run that must fail: it exits (within 15 s) with a code other than 0. */
async function failedExit(run: Run): Promise<void> {
  const { code } = await withTimeout(run.exited, 15_000, 'entrypoint exit');
  expect(code).not.toBe(0);
}

/** The one line a failed run printed (blank lines aside); fails when it printed more. */
async function oneLineFailure(run: Run): Promise<string> {
  await failedExit(run);
  const lines = run
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '');
  expect(lines, run.output()).toHaveLength(1);
  return lines[0];
}

/** Waits until the run listens and expects its server's real, effective, saved and file system uids to be `uid`. */
async function listensAs(run: Run, uid: number): Promise<void> {
  await waitListening(run);
  expect(procIds(run.child.pid!).uids).toEqual([uid, uid, uid, uid]);
}

/** Sends SIGTERM to the entrypoint's own pid and expects the server (which replaced it) to exit 0. */
async function stopWithSigterm(run: Run): Promise<void> {
  run.child.kill('SIGTERM');
  const { code, signal } = await withTimeout(run.exited, 10_000, 'exit after SIGTERM');
  expect({ code, signal }, run.output()).toEqual({ code: 0, signal: null });
}

describe('entrypoint script', () => {
  itNeeding([NEEDS.shellcheck], 'passes shellcheck as POSIX sh', { timeout: 20_000 }, () => {
    const result = spawnSync('shellcheck', ['--shell=sh', '--severity=style', ENTRYPOINT], { encoding: 'utf8', timeout: 15_000 });
    if (result.error) throw new Error(`shellcheck could not run (${result.error.message})`);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('is a POSIX sh script that dash parses', () => {
    expect(readFileSync(ENTRYPOINT, 'utf8').split('\n')[0]).toBe('#!/bin/sh');
    expect(spawnSync('dash', ['-n', ENTRYPOINT]).status).toBe(0);
    expect(statSync(ENTRYPOINT).mode & 0o111, 'docker/entrypoint.sh is executable').not.toBe(0);
  });
});

describe('entrypoint run as root', () => {
  it('with PUID/PGID 1000 runs the server as 1000:1000, its files belong to 1000, and SIGTERM exits 0', { timeout: 40_000 }, async () => {
    const data = makeDir('data-1000', 1000);
    const run = runEntrypoint(sourceTreeEnv(data, { PUID: '1000', PGID: '1000' }));
    const base = await waitListening(run);
    expect(await health(base)).toBe(200);

    // exec chain: the entrypoint's pid is now the node server itself, running as 1000 with no extra groups.
    const ids = procIds(run.child.pid!);
    expect(ids.name).toBe('node');
    const commandLine = readFileSync(`/proc/${run.child.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toContain(join(ROOT, 'src', 'server.ts'));
    expect(commandLine.slice(1, 1 + SERVER_NODE_FLAGS.length), 'the server flags of src/boot/node-flags.ts').toEqual(SERVER_NODE_FLAGS);
    expect(ids.uids).toEqual([1000, 1000, 1000, 1000]);
    expect(ids.gids).toEqual([1000, 1000, 1000, 1000]);
    expect(ids.groups.filter((g) => g !== 1000)).toEqual([]);

    const dbFile = join(data, 'db.sqlite');
    expect(existsSync(dbFile)).toBe(true);
    for (const file of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`].filter(existsSync)) {
      expect({ file, uid: statSync(file).uid, gid: statSync(file).gid }).toEqual({ file, uid: 1000, gid: 1000 });
    }
    await stopWithSigterm(run);
  });

  it('with PUID=0 PGID=0 (option B) runs the server as root', { timeout: 40_000 }, async () => {
    const data = makeDir('data-root', 0, 0o700);
    const run = runEntrypoint(sourceTreeEnv(data, { PUID: '0', PGID: '0' }));
    const base = await waitListening(run);
    expect(await health(base)).toBe(200);
    const ids = procIds(run.child.pid!);
    expect(ids.name).toBe('node');
    expect(ids.uids).toEqual([0, 0, 0, 0]);
    expect(ids.gids).toEqual([0, 0, 0, 0]);
    expect(statSync(join(data, 'db.sqlite')).uid).toBe(0);
    await stopWithSigterm(run);
  });

  it('with a custom PUID/PGID (option A) creates a missing data directory for that user', { timeout: 40_000 }, async () => {
    const data = join(makeDir('custom-parent', 0), 'data');
    const run = runEntrypoint(sourceTreeEnv(data, { PUID: '1234', PGID: '2345' }));
    const base = await waitListening(run);
    expect(await health(base)).toBe(200);
    expect(procIds(run.child.pid!).uids).toEqual([1234, 1234, 1234, 1234]);
    expect(procIds(run.child.pid!).gids).toEqual([2345, 2345, 2345, 2345]);
    expect([statSync(data).uid, statSync(data).gid]).toEqual([1234, 2345]);
    expect([statSync(join(data, 'db.sqlite')).uid, statSync(join(data, 'db.sqlite')).gid]).toEqual([1234, 2345]);
    await stopWithSigterm(run);
  });

  it('defaults to 1000:1000 when PUID and PGID are not set', { timeout: 40_000 }, async () => {
    const run = runEntrypoint(sourceTreeEnv(makeDir('data-default', 1000)));
    await listensAs(run, 1000);
    await stopWithSigterm(run);
  });

  it('applies the migrations in a separate step, as the service user, before the server starts', { timeout: 40_000 }, async () => {
    const data = makeDir('data-migrate', 1000);
    // A NODE_BIN stand-in that records each call (pid, uid, arguments), then execs the real node.
    const callLog = writeWithMode(join(tmp, 'node-calls.log'), '', 0o666);
    const script = `#!/bin/sh\nprintf '%s %s %s\\n' "$$" "$(id -u)" "$*" >> '${callLog}'\nexec '${NODE}' "$@"\n`;
    const wrapper = writeWithMode(join(tmp, 'node-wrapper.sh'), script, 0o755);

    const run = runEntrypoint(sourceTreeEnv(data, { NODE_BIN: wrapper }));
    const base = await waitListening(run);
    // By the time the port is open, the schema is in place.
    expect(migrationCount(join(data, 'db.sqlite'))).toBeGreaterThan(0);
    expect(await health(base)).toBe(200);

    const calls = readFileSync(callLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' '));
    expect(calls.map(([, uid, ...args]) => [uid, ...args])).toEqual([
      ['1000', join(ROOT, 'src', 'cli', 'migrate.ts')],
      ['1000', ...SERVER_NODE_FLAGS, join(ROOT, 'src', 'server.ts')],
    ]);
    expect(calls[0][0]).not.toBe(String(run.child.pid)); // migrate: a child that finished first
    expect(calls[1][0]).toBe(String(run.child.pid)); // server: exec'd in place of the entrypoint
    await stopWithSigterm(run);
  });

  it('does not start the server when the migrations fail', { timeout: 20_000 }, async () => {
    const data = makeDir('data-migrate-fails', 1000);
    const failing = writeWithMode(
      join(tmp, 'failing-migrate.mjs'),
      "console.error('migration 0002 failed: boom'); process.exit(3);\n",
      0o644,
    );
    const run = runEntrypoint(sourceTreeEnv(data, { APP_MIGRATE: failing }));
    await failedExit(run);
    expect(run.output()).toContain('migrations failed (exit 3)');
    expect(run.output()).not.toMatch(/listening on/);
  });

  it('migrates a 0.20.x data directory in that step, as the service user, and archives its files', { timeout: 60_000 }, async () => {
    const data = legacyDataDir('data-legacy');
    const run = runEntrypoint(sourceTreeEnv(data));
    await waitListening(run);
    const ports = JSON.parse(readFileSync(join(SAMPLE_DIR, 'switches.json'), 'utf8')).reduce(
      (n: number, sw: any) => n + sw.ports.length,
      0,
    );
    expect(run.output()).toContain(`legacy migration: ports migrated count=${ports}`);
    expect(readDbFile<{ n: number }>(join(data, 'db.sqlite'), 'SELECT count(*) AS n FROM ports')).toEqual([{ n: ports }]);
    const [archive] = readdirSync(data).filter((name) => name.startsWith('_archive_'));
    expect(readdirSync(join(data, archive)).sort()).toEqual(readdirSync(SAMPLE_DIR).sort());
    expect(statSync(join(data, archive)).uid).toBe(1000);
    await stopWithSigterm(run);
  });

  it('does not start the server when the 0.20.x files are broken, and leaves them as they were', { timeout: 30_000 }, async () => {
    const data = legacyDataDir('data-legacy-broken');
    writeFileSync(join(data, 'vlans.json'), JSON.stringify({ version: 1, items: [] }, null, 2));
    const before = Object.fromEntries(readdirSync(data).map((name) => [name, readFileSync(join(data, name))]));
    const run = runEntrypoint(sourceTreeEnv(data));
    await failedExit(run);
    expect(run.output()).toContain('vlans.json (whole file): must be a JSON array of records, as 0.20.x wrote it; it is an object');
    expect(run.output()).toContain('migrations failed (exit 1)');
    expect(run.output()).not.toMatch(/listening on/);
    for (const [name, bytes] of Object.entries(before)) expect(readFileSync(join(data, name)), name).toEqual(bytes);
    expect(readDbFile<{ n: number }>(join(data, 'db.sqlite'), 'SELECT count(*) AS n FROM sites')).toEqual([{ n: 0 }]);
  });

  it('stops with one clear line when the data directory is not writable by PUID', { timeout: 20_000 }, async () => {
    const data = makeDir('data-root-owned', 0, 0o755);
    const line = await oneLineFailure(runEntrypoint(sourceTreeEnv(data, { PUID: '1000', PGID: '1000' })));
    expect(line).toContain(data);
    expect(line).toContain('1000:1000');
    expect(line).toContain(`chown -R 1000:1000 ${data}`);
    expect(existsSync(join(data, 'db.sqlite'))).toBe(false); // neither migrate nor the server ran
  });

  it('stops with one clear line when the database file belongs to another user', { timeout: 20_000 }, async () => {
    // For example, after running as root (option B) and then switching to PUID 1000 without chown -R.
    const data = makeDir('data-root-db', 1000);
    const dbFile = writeWithMode(join(data, 'db.sqlite'), '', 0o644);
    const line = await oneLineFailure(runEntrypoint(sourceTreeEnv(data)));
    expect(line).toContain(dbFile);
    expect(line).toContain(`chown -R 1000:1000 ${dbFile}`);
  });

  it('rejects a PUID that is not a number with one line', { timeout: 20_000 }, async () => {
    const data = makeDir('data-bad-puid', 1000);
    const run = runEntrypoint(sourceTreeEnv(data, { PUID: 'admin' }));
    await failedExit(run);
    expect(run.output().trim().split('\n')).toEqual([expect.stringContaining("PUID must be a numeric user id, got 'admin'")]);
  });

  it('drops privileges with su-exec when it is on PATH (as in the alpine image)', { timeout: 40_000 }, async () => {
    const data = makeDir('data-su-exec', 1000);
    // su-exec is not packaged for Debian: a stand-in with its interface (su-exec uid:gid cmd args...).
    const bin = makeDir('su-exec-bin', 0);
    const used = join(tmp, 'su-exec-used.log');
    writeWithMode(
      join(bin, 'su-exec'),
      `#!/bin/sh\necho "$1" >> '${used}'\nspec=$1; shift\nexec setpriv --reuid "\${spec%%:*}" --regid "\${spec#*:}" --clear-groups -- "$@"\n`,
      0o755,
    );
    const run = runEntrypoint(sourceTreeEnv(data, { PATH: `${bin}:${process.env.PATH}` }));
    await listensAs(run, 1000);
    expect(readFileSync(used, 'utf8')).toContain('1000:1000');
    await stopWithSigterm(run);
  });

  it('runs as the invoking user when started without root (docker run --user)', { timeout: 40_000 }, async () => {
    const asUser1000 = ['setpriv', '--reuid', '1000', '--regid', '1000', '--clear-groups', '--', 'sh', ENTRYPOINT];
    const run = runEntrypoint(sourceTreeEnv(makeDir('data-non-root', 1000)), [], asUser1000);
    await listensAs(run, 1000);
    await stopWithSigterm(run);
  });
});
