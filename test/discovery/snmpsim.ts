// Starts Debian's snmpsimd on 127.0.0.1 for a test: on a directory of .snmprec recordings (copied to a private run
// folder, as serve.sh of the shared fixtures does), or through such a serve.sh. Waits until the agent answers and
// stops it again; every wait is bounded.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import snmp from 'net-snmp';

/** The SNMPv3 user every test agent knows: authPriv with SHA and AES-128 (serve.sh's defaults). */
export const SNMPSIM_V3 = { user: 'switchyard', authKey: 'switchyard-auth', privKey: 'switchyard-priv' };

/** A running simulated agent. */
export interface Snmpsim {
  port: number;
  /** Everything snmpsimd printed (for a failing test's message). */
  output(): string;
  stop(): Promise<void>;
}

/** A UDP port that was free a moment ago on 127.0.0.1. */
export async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((done) => socket.bind(0, '127.0.0.1', done));
  const { port } = socket.address();
  await new Promise<void>((done) => socket.close(() => done()));
  return port;
}

/** Whether an agent on the port answers a GET of sysObjectID for this community, within about a second. */
export function answers(port: number, community: string): Promise<boolean> {
  const session = snmp.createSession('127.0.0.1', community, { port, version: snmp.Version2c, retries: 0, timeout: 1000 });
  session.on('error', () => {});
  return new Promise<boolean>((done) => {
    session.get(['1.3.6.1.2.1.1.2.0'], (error) => {
      session.close();
      done(!error);
    });
  });
}

async function waitUntilAnswering(port: number, community: string, alive: () => boolean, output: () => string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (!alive()) throw new Error(`snmpsimd exited:\n${output()}`);
    if (await answers(port, community)) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`snmpsimd did not answer within 60 s:\n${output()}`);
}

/** snmpsimd refuses to run as root: as root it runs as nobody, which must be able to read the run folder. */
function dropPrivilegeArgs(): string[] {
  if (process.getuid?.() !== 0) return [];
  const group = spawnSync('id', ['-gn', 'nobody'], { encoding: 'utf8' }).stdout.trim() || 'nogroup';
  return ['--process-user=nobody', `--process-group=${group}`];
}

/**
 * Serves every .snmprec of `dataDir` (community = file name without .snmprec; v3 context the same) on a free port;
 * `probeCommunity` is asked until it answers.
 */
export async function startSnmpsim(dataDir: string, probeCommunity: string): Promise<Snmpsim> {
  const run = mkdtempSync(join(tmpdir(), 'switchyard-snmpsim-test-'));
  mkdirSync(join(run, 'data'));
  mkdirSync(join(run, 'cache'));
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith('.snmprec'))) {
    copyFileSync(join(dataDir, file), join(run, 'data', file));
    chmodSync(join(run, 'data', file), 0o644);
  }
  writeFileSync(join(run, 'snmpsimd.log'), '');
  chmodSync(run, 0o755);
  chmodSync(join(run, 'data'), 0o755);
  chmodSync(join(run, 'cache'), 0o777);
  chmodSync(join(run, 'snmpsimd.log'), 0o666);
  const port = await freeUdpPort();
  const child: ChildProcess = spawn(
    'snmpsimd',
    [
      `--data-dir=${join(run, 'data')}`,
      `--cache-dir=${join(run, 'cache')}`,
      `--agent-udpv4-endpoint=127.0.0.1:${port}`,
      `--v3-user=${SNMPSIM_V3.user}`,
      `--v3-auth-key=${SNMPSIM_V3.authKey}`,
      '--v3-auth-proto=SHA',
      `--v3-priv-key=${SNMPSIM_V3.privKey}`,
      '--v3-priv-proto=AES',
      `--logging-method=file:${join(run, 'snmpsimd.log')}`,
      ...dropPrivilegeArgs(),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(run, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(
      port,
      probeCommunity,
      () => child.exitCode === null,
      () => output,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, output: () => output, stop };
}

/** Whether a process is gone (a zombie nobody reaps counts as gone: it serves nothing). */
function gone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Runs a serve.sh like the shared fixtures' one on a free port: it starts snmpsimd in the background and prints its PID. */
export async function startServeScript(script: string, probeCommunity: string): Promise<Snmpsim> {
  const port = await freeUdpPort();
  const started = spawnSync('bash', [script, String(port)], { encoding: 'utf8', timeout: 120_000 });
  const pid = Number(started.stdout.trim());
  const output = () => `${started.stderr}`;
  if (started.status !== 0 || !Number.isInteger(pid) || pid <= 0) throw new Error(`${script} failed:\n${output()}`);
  const runFolder = /run folder (\S+)/.exec(started.stderr)?.[1];
  const stop = async () => {
    if (!gone(pid)) process.kill(pid, 'SIGTERM');
    const until = Date.now() + 5000;
    while (!gone(pid) && Date.now() < until) await new Promise((done) => setTimeout(done, 100));
    if (!gone(pid)) process.kill(pid, 'SIGKILL');
    if (runFolder?.startsWith('/tmp/switchyard-snmpsim.')) rmSync(runFolder, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(port, probeCommunity, () => !gone(pid), output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, output, stop };
}
