import { join } from 'node:path';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../../test/helpers/needs.ts';
import { readRecording, startReplayServer, type Behaviour } from '../../test/helpers/ssh-replay.ts';
import { fetchRunningConfig } from './ssh-config.ts';
import { DeviceError } from './observed.ts';
import type { RunningConfigDialect } from '../switch-config/read-running.ts';

// Fetching running configurations over SSH from the recorded device sessions of ../shared/fixtures/configs/oxidized,
// replayed by an ssh2 server on 127.0.0.1: what each dialect sends (paging off first), the configuration it takes out
// of the shell's answers, and the failures (a refused password, a hung device, a device that closes the connection,
// no SSH server), each a DeviceError that names no credential.

const OXIDIZED = join(SHARED_FIXTURES, 'configs', 'oxidized');
const LOGIN = { username: 'oxidized', password: 'pa55-w0rd-s3cret' };
const LIMITS = { deadlineMs: 5000, maxBytes: 4 * 1024 * 1024 };

const DEVICES: [file: string, dialect: RunningConfigDialect, sent: string[], first: RegExp, last: RegExp][] = [
  [
    'ios#C9200L-24P-4G_17.09.04a#simulation.yaml',
    'cisco-ios',
    ['terminal length 0', 'terminal width 0', 'show running-config'],
    /^Building configuration/,
    /^end$/,
  ],
  ['nxos#C93180YC-FX3J_10.4.5#simulation.yaml', 'nxos', ['terminal length 0', 'show running-config'], /^$|^!Command/, /\S/],
  [
    'eos#DCS-7050SX3-48YC8_4.29.2F#simulation.yaml',
    'arista-eos',
    ['show running-config | no-more | exclude ! Time:'],
    /^! device: eos-test-01/,
    /^end$/,
  ],
  ['aoscx#6100-48G_PL.10.10.1090#simulation.yaml', 'aruba-cx', ['no page', 'show running-config'], /\S/, /\S/],
  ['aoscx#6300M-48G-4SFP56_10.13.1101#simulation.yaml', 'aruba-cx', ['no page', 'show running-config'], /\S/, /\S/],
  ['junos#srx300_22.4#simulation.yaml', 'junos', ['show configuration | display omit'], /^## Last commit/, /\S/],
];

async function replay(file: string, behaviour: Behaviour = 'replay') {
  return startReplayServer(readRecording(join(OXIDIZED, file)), LOGIN, behaviour);
}

async function failure(promise: Promise<unknown>): Promise<DeviceError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(DeviceError.is(error), String(error)).toBe(true);
  expect((error as Error).message).not.toContain(LOGIN.password);
  return error as DeviceError;
}

describeNeeding([sharedFixture('configs/oxidized')], 'fetching from replayed devices', () => {
  it.each(DEVICES)(
    '%s: sends paging off, then the show command, and takes out the configuration alone',
    async (file, dialect, sent, first, last) => {
      const server = await replay(file);
      try {
        const text = await fetchRunningConfig({ host: '127.0.0.1', port: server.port }, LOGIN, dialect, LIMITS);
        expect(server.received).toEqual(sent);
        const lines = text.split('\n');
        expect(lines[0]).toMatch(first);
        expect(lines.filter((line) => line.trim() !== '').at(-1)).toMatch(last);
        expect(lines.length).toBeGreaterThan(10);
        // Neither the echo of the command nor the prompt after it is part of the configuration.
        expect(lines[0]).not.toBe(sent.at(-1));
        expect(text).not.toMatch(/[#>] ?$/);
        expect(text).not.toContain('\r');
      } finally {
        await server.close();
      }
    },
  );

  it('logs in with a private key, and fails with another one', async () => {
    const key = ssh2.utils.generateKeyPairSync('ed25519');
    const other = ssh2.utils.generateKeyPairSync('ed25519');
    const server = await startReplayServer(readRecording(join(OXIDIZED, DEVICES[0][0])), {
      username: LOGIN.username,
      publicKey: key.public,
    });
    try {
      const target = { host: '127.0.0.1', port: server.port };
      const text = await fetchRunningConfig(target, { username: LOGIN.username, privateKey: key.private }, 'cisco-ios', LIMITS);
      expect(text).toContain('hostname LAB-SW123_9200L');
      const error = await failure(fetchRunningConfig(target, { username: LOGIN.username, privateKey: other.private }, 'cisco-ios', LIMITS));
      expect(error.message).toMatch(/refused the user name and password or key/);
      expect(error.message).not.toContain(other.private);
    } finally {
      await server.close();
    }
  });

  it('fails with the password refused, and names no credential', async () => {
    const server = await replay(DEVICES[0][0]);
    try {
      const error = await failure(
        fetchRunningConfig({ host: '127.0.0.1', port: server.port }, { ...LOGIN, password: 'wrong' }, 'cisco-ios', LIMITS),
      );
      expect(error.kind).toBe('error');
      expect(error.message).toMatch(/refused the user name and password/);
      expect(server.received).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it.each(['cisco-ios', 'junos'] as const)('times out on a %s device that hangs after the login', async (dialect) => {
    const file = dialect === 'junos' ? DEVICES[5][0] : DEVICES[0][0];
    const server = await replay(file, 'hang');
    try {
      const error = await failure(
        fetchRunningConfig({ host: '127.0.0.1', port: server.port }, LOGIN, dialect, { ...LIMITS, deadlineMs: 800 }),
      );
      expect(error.kind).toBe('timeout');
      expect(server.sessions).toBe(1);
    } finally {
      await server.close();
    }
  });

  it.each(['cisco-ios', 'junos'] as const)(
    'fails when a %s device closes the connection halfway through the configuration',
    async (dialect) => {
      const file = dialect === 'junos' ? DEVICES[5][0] : DEVICES[0][0];
      const server = await replay(file, 'close');
      try {
        const error = await failure(fetchRunningConfig({ host: '127.0.0.1', port: server.port }, LOGIN, dialect, LIMITS));
        expect(error.kind).toBe('error');
        expect(error.message).toMatch(/closed the connection/);
      } finally {
        await server.close();
      }
    },
  );

  it('fails on a configuration larger than the limit', async () => {
    const server = await replay(DEVICES[0][0]);
    try {
      const error = await failure(
        fetchRunningConfig({ host: '127.0.0.1', port: server.port }, LOGIN, 'cisco-ios', { ...LIMITS, maxBytes: 2000 }),
      );
      expect(error.message).toMatch(/more than 2000 bytes/);
    } finally {
      await server.close();
    }
  });
});

describe('fetching from what is no SSH server', () => {
  let silent: Server;
  let port: number;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as AddressInfo).port;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('times out on a port that accepts and says nothing', async () => {
    const error = await failure(fetchRunningConfig({ host: '127.0.0.1', port }, LOGIN, 'cisco-ios', { ...LIMITS, deadlineMs: 500 }));
    expect(error.kind).toBe('timeout');
  });

  it('fails at once on a closed port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(fetchRunningConfig({ host: '127.0.0.1', port: closedPort }, LOGIN, 'cisco-ios', LIMITS));
    expect(error.message).toMatch(/refused the connection/);
  });
});
