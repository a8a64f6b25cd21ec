// Storage faults, on real file systems: a tmpfs of a few MiB filled to the last byte (writes 507, nothing
// half-stored, reads, export and sign-in work, health degraded, writes resume once space is freed), an ext4
// volume the kernel turns read-only under the running server, as it does after a disk error (writes 503
// read_only), and starts that are refused with one line (a volume remounted read-only; a 0444 database file
// for a non-root uid). Mounting needs root: without it (or when mount fails) each part skips and says why.
import { spawn, execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiClient, NODE, ROOT, setupAdmin, startServer, TEST_PASSWORD, TEST_SECRET, type TestServer } from '../helpers/server.ts';
import { fingerprint, openReadOnly } from '../helpers/db.ts';

const IS_ROOT = process.getuid?.() === 0;
/** The tmpfs of the disk-full scenario: room for the schema, a little data and the WAL, not much more. */
const TMPFS_SIZE = '4m';
/** The uid the refused start runs as (nobody). */
const OTHER_UID = 65534;

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
}

function unmount(dir: string): void {
  try {
    run('umount', [dir]);
  } catch {
    try {
      run('umount', ['-l', dir]);
    } catch {
      // Not mounted (any more).
    }
  }
}

/** Why this machine cannot run the mount scenarios; undefined when it can (a tiny tmpfs was mounted and unmounted). */
function mountProblem(): string | undefined {
  if (!IS_ROOT) return 'not root: mounting a tmpfs needs root';
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-mount-probe-'));
  try {
    run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    unmount(dir);
    return undefined;
  } catch (error) {
    return `mount -t tmpfs failed: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Why an ext4 volume on a loop device cannot be made here; undefined when it can. */
function loopProblem(): string | undefined {
  for (const tool of ['losetup', 'mkfs.ext4']) {
    try {
      run('sh', ['-c', `command -v ${tool}`]);
    } catch {
      return `${tool} is missing`;
    }
  }
  if (!existsSync('/sys/fs/ext4')) return 'the kernel has no ext4 (no /sys/fs/ext4)';
  return undefined;
}

const MOUNT_PROBLEM = mountProblem();
const LOOP_PROBLEM = MOUNT_PROBLEM ?? loopProblem();
if (MOUNT_PROBLEM) console.log(`disk-full.test.ts: skipping the tmpfs scenarios: ${MOUNT_PROBLEM}`);
else if (LOOP_PROBLEM) console.log(`disk-full.test.ts: skipping the read-only file system scenario: ${LOOP_PROBLEM}`);
if (!IS_ROOT) console.log('disk-full.test.ts: skipping the non-root start: not root, so no other uid to run as');

/** Writes to `path` until the volume is full, to the last byte: ENOSPC is the only way out. */
function fillVolume(path: string): void {
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 1]) {
      const chunk = Buffer.alloc(size, 0x5a);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** What is stored, read from the file on a connection of its own (the test process's, not the server's). */
function storedState(dataDir: string): string {
  const db = openReadOnly(dataDir);
  try {
    return fingerprint(db);
  } finally {
    db.close();
  }
}

/** Runs the server to its end (a refused start); resolves with its exit code and what it printed. */
function runServer(dataDir: string, options: { uid?: number; gid?: number } = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(NODE, [join(ROOT, 'src', 'server.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: tmpdir(),
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_JWT_SECRET: TEST_SECRET,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // A start that is not refused would listen forever: bounded, and killed.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

function lines(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '');
}

/** A start that must be refused: exit 1 and one line (blank lines aside); that output. */
async function refusedStart(dataDir: string, options: { uid?: number; gid?: number } = {}): Promise<string> {
  const { code, output } = await runServer(dataDir, options);
  expect(code).toBe(1);
  expect(lines(output), output).toHaveLength(1);
  return output;
}

/**
 * The server of one scenario (its own data directory on a volume of its own), started by `start` in the scenario's
 * beforeAll, with its admin signed in and the site HQ made; and the calls every scenario makes against it.
 */
function scenarioServer() {
  let server: TestServer | undefined;
  let token = '';
  let siteId = '';
  let dataDir = '';
  const started = () => {
    if (!server) throw new Error('the scenario server is read before it started');
    return server;
  };
  const { call } = apiClient(
    () => started().baseUrl,
    () => token,
  );
  /** Makes a switch at HQ: 48 ports and 4000 characters of notes, a change of some size. */
  const newSwitch = (name: string) => call('POST', '/api/switches', { body: { siteId, name, portCount: 48, notes: 'n'.repeat(4000) } });
  return {
    /** Starts the server on `dir` (its data directory from then on), runs first-run setup and makes the site HQ. */
    async start(dir: string): Promise<void> {
      dataDir = dir;
      server = await startServer({ dataDir });
      ({ token } = await setupAdmin(server.baseUrl));
      siteId = (await call('POST', '/api/sites', { body: { name: 'HQ' } })).body.id;
    },
    /** Starts the server again on its data directory, after a stop (the admin's token stays valid). */
    async restart(): Promise<void> {
      server = await startServer({ dataDir });
    },
    /** Stops the server (when it was started); its exit code. */
    stop: async (signal?: NodeJS.Signals) => server?.stop(signal),
    logs: () => started().logs(),
    call,
    /** Makes the switch `edge`, which must be refused with `status` and `code`, nothing of it stored; the refusal's message. */
    async refusedSwitch(status: number, code: string): Promise<string> {
      const before = storedState(dataDir);
      const answer = await newSwitch('edge');
      expect(answer.status).toBe(status);
      expect(answer.body.error.code).toBe(code);
      expect(storedState(dataDir)).toBe(before);
      return answer.body.error.message;
    },
    newSwitch,
    signIn: () => api(started().baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } }),
    health: () => api(started().baseUrl, 'GET', '/api/health'),
    exportDocument: () => call('GET', '/api/backup/export'),
  };
}

describe.skipIf(MOUNT_PROBLEM !== undefined)('a full disk (a tmpfs filled to the last byte)', () => {
  let mountDir = '';
  let switchId = '';
  let filler = '';
  const server = scenarioServer();
  const { call, newSwitch, signIn, health, exportDocument } = server;

  beforeAll(async () => {
    mountDir = mkdtempSync(join(tmpdir(), 'switchyard-full-'));
    run('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', mountDir]);
    filler = join(mountDir, 'filler');
    await server.start(mountDir);
    const made = await newSwitch('core');
    expect(made.status).toBe(201);
    switchId = made.body.id;
    expect((await health()).body.status).toBe('ok');
    fillVolume(filler);
  }, 60_000);

  afterAll(async () => {
    await server.stop('SIGKILL');
    if (mountDir) {
      unmount(mountDir);
      rmSync(mountDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('a change answers 507 insufficient_storage, with what to do, and nothing of it is stored', async () => {
    const message = await server.refusedSwitch(507, 'insufficient_storage');
    expect(message).toMatch(/disk .* is full/);
    expect(message).toMatch(/Free space/);
    const names = (await call('GET', '/api/switches')).body.items.map((item: { name: string }) => item.name);
    expect(names).toEqual(['core']);
  }, 30_000);

  it('changes of concurrent requests, failing in their shared COMMIT, all answer 507 (never 500) and none is stored', async () => {
    const before = storedState(mountDir);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => newSwitch(`parallel ${index}`)));
    expect(answers.map((answer) => `${answer.status} ${answer.body.error?.code}`)).toEqual(Array(6).fill('507 insufficient_storage'));
    expect(storedState(mountDir)).toBe(before);
  }, 30_000);

  it('reads keep working', async () => {
    expect((await call('GET', '/api/sites')).status).toBe(200);
    const one = await call('GET', `/api/switches/${switchId}`);
    expect(one.status).toBe(200);
    expect(one.body.ports).toHaveLength(48);
    expect((await call('GET', '/api/activity')).status).toBe(200);
  }, 30_000);

  it('the export keeps working and holds everything stored', async () => {
    const answer = await exportDocument();
    expect(answer.status).toBe(200);
    expect(answer.body.data.switches.map((item: { name: string }) => item.name)).toEqual(['core']);
    expect(answer.body.data.ports).toHaveLength(48);
  }, 30_000);

  it('health answers degraded, with the reason and what to do', async () => {
    const answer = await health();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'degraded', reason: 'disk full', writable: false });
    expect(answer.body.warnings.join(' ')).toMatch(/Free space on the data volume/);
  }, 30_000);

  it('sign-in with the right password answers 200 on a full disk', async () => {
    const answer = await signIn();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.token).toEqual(expect.any(String));
  }, 30_000);

  it('a restart on the full disk comes up degraded: reads work, changes answer 507', async () => {
    expect(await server.stop()).toBe(0);
    await server.restart();
    expect((await health()).body).toMatchObject({ status: 'degraded', reason: 'disk full' });
    expect((await call('GET', `/api/switches/${switchId}`)).status).toBe(200);
    expect((await call('POST', '/api/sites', { body: { name: 'Annex' } })).status).toBe(507);
  }, 60_000);

  it('a first start on the full disk (the schema cannot be made) is refused with one line saying so', async () => {
    const output = await refusedStart(join(mountDir, 'fresh'));
    expect(output).toMatch(/ error database .*fresh\/db\.sqlite cannot be updated: the disk holding it is full/);
  }, 30_000);

  it('once space is freed, health is ok and changes are stored again', async () => {
    unlinkSync(filler);
    expect((await health()).body).toMatchObject({ status: 'ok', writable: true });
    const made = await newSwitch('edge');
    expect(made.status).toBe(201);
    expect((await call('GET', `/api/switches/${made.body.id}`)).body.ports).toHaveLength(48);
    const answer = await health();
    expect(answer.body).toMatchObject({ status: 'ok', writable: true });
    expect(answer.body.reason).toBeUndefined();
  }, 30_000);

  it('a start on the volume remounted read-only is refused with one line naming it', async () => {
    expect(await server.stop()).toBe(0);
    run('mount', ['-o', 'remount,ro', mountDir]);
    const output = await refusedStart(mountDir);
    expect(output).toContain(mountDir);
    expect(output).toMatch(/ error .*not writable/);
  }, 30_000);
});

describe.skipIf(LOOP_PROBLEM !== undefined)(
  'a file system the kernel turns read-only under the running server (ext4 after an error)',
  () => {
    let workDir = '';
    let mountDir = '';
    const server = scenarioServer();
    const { call, newSwitch, signIn, health, exportDocument } = server;

    beforeAll(async () => {
      workDir = mkdtempSync(join(tmpdir(), 'switchyard-ro-'));
      mountDir = join(workDir, 'data');
      const image = join(workDir, 'volume.ext4');
      run('mkdir', [mountDir]);
      run('truncate', ['-s', '16M', image]);
      run('mkfs.ext4', ['-q', '-F', image]);
      run('mount', ['-o', 'loop,errors=remount-ro', image, mountDir]);
      await server.start(mountDir);
      expect((await newSwitch('core')).status).toBe(201);
      // What the kernel does on a metadata error with errors=remount-ro: the volume turns read-only, open files too.
      const device = basename(run('findmnt', ['-n', '-o', 'SOURCE', mountDir]).trim());
      writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, 'switchyard test: turn read-only');
    }, 60_000);

    afterAll(async () => {
      await server.stop('SIGKILL');
      if (mountDir) unmount(mountDir);
      if (workDir) rmSync(workDir, { recursive: true, force: true });
    }, 30_000);

    it('a change answers 503 read_only, with what to do, and nothing of it is stored', async () => {
      const message = await server.refusedSwitch(503, 'read_only');
      expect(message).toMatch(/read-only/);
      expect(message).toMatch(/restart/);
      const again = await call('POST', '/api/sites', { body: { name: 'Annex' } });
      expect(`${again.status} ${again.body.error?.code}`).toBe('503 read_only');
    }, 30_000);

    it('health answers degraded: read-only database', async () => {
      const answer = await health();
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'degraded', reason: 'read-only database', writable: false });
    }, 30_000);

    it('reads and the export keep working', async () => {
      const list = await call('GET', '/api/switches');
      expect(list.status).toBe(200);
      expect(list.body.items.map((item: { name: string }) => item.name)).toEqual(['core']);
      const answer = await exportDocument();
      expect(answer.status).toBe(200);
      expect(answer.body.data.sites.map((item: { name: string }) => item.name)).toEqual(['HQ']);
    }, 30_000);

    it('sign-in with the right password answers 200 on a read-only database', async () => {
      const answer = await signIn();
      expect(answer.status, answer.text).toBe(200);
    }, 30_000);

    it('the server stops cleanly (its shutdown checkpoint cannot write; the WAL keeps every change), and a restart is refused with one line naming the volume', async () => {
      const stopped = await server.stop();
      expect(stopped, server.logs()).toBe(0);
      const output = await refusedStart(mountDir);
      expect(output).toContain(mountDir);
      expect(output).not.toMatch(/\n\s+at /);
    }, 30_000);
  },
);

describe.skipIf(!IS_ROOT)("a database file the service's uid cannot write (0444, not root)", () => {
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchyard-0444-'));
    const server = await startServer({ dataDir });
    await setupAdmin(server.baseUrl);
    expect(await server.stop()).toBe(0);
    chownSync(dataDir, OTHER_UID, OTHER_UID);
    for (const name of readdirSync(dataDir)) chownSync(join(dataDir, name), OTHER_UID, OTHER_UID);
  }, 60_000);

  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the start is refused with one line naming the file and the fix, exit 1', async () => {
    const file = join(dataDir, 'db.sqlite');
    chmodSync(file, 0o444);
    const output = await refusedStart(dataDir, { uid: OTHER_UID, gid: OTHER_UID });
    expect(output).toContain(` error database ${file} is not writable by uid ${OTHER_UID}: chown ${OTHER_UID}:${OTHER_UID}`);
  }, 30_000);

  it('the same uid starts once the file is writable (the refusal was the file mode)', async () => {
    chmodSync(join(dataDir, 'db.sqlite'), 0o644);
    const { output } = await runServerUntilListening(dataDir, OTHER_UID);
    expect(output).toMatch(/listening on/);
  }, 30_000);
});

/** Starts the server as `uid`, waits (bounded) until it listens, then stops it; resolves with what it printed. */
function runServerUntilListening(dataDir: string, uid: number): Promise<{ output: string }> {
  return new Promise((done) => {
    const child = spawn(NODE, [join(ROOT, 'src', 'server.ts')], {
      cwd: ROOT,
      uid,
      gid: uid,
      env: { PATH: process.env.PATH, HOME: tmpdir(), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, APP_JWT_SECRET: TEST_SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (/listening on/.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', () => {
      clearTimeout(timer);
      done({ output });
    });
  });
}
