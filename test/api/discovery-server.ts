// The server of test/api/discovery.test.ts: the real server with a fake SNMP reader. It answers what the test wrote
// into <DATA_DIR>/observed/<host>.json ({ community?, observed }: a reading that names a community answers only to
// it, as a real agent does), and fails as a switch can for the hosts timeout.test, refusing.test and buggy.test.
import '../../src/boot/silence-sqlite-warning.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/boot/config.ts';
import { createLogger } from '../../src/boot/log.ts';
import { DeviceError, type ObservedSwitch, type SnmpCredentials } from '../../src/discovery/observed.ts';
import type { ReadSwitch } from '../../src/http/route.ts';
import { startServer } from '../../src/server.ts';

/** A reading the test left for a host. */
export interface FakeReading {
  community?: string;
  observed: ObservedSwitch;
}

const config = loadConfig();

const fakeRead: ReadSwitch = async (target, credentials, limits) => {
  if (target.host === 'timeout.test') throw new DeviceError('timeout', `no answer within ${limits.deadlineMs} ms`);
  if (target.host === 'refusing.test') throw new DeviceError('error', 'the agent answered with authorizationError');
  if (target.host === 'buggy.test') throw new TypeError(`a reader bug that quotes ${secretOf(credentials)}`);
  const file = join(config.dataDir, 'observed', `${target.host}.json`);
  if (!existsSync(file)) throw new DeviceError('timeout', 'no answer');
  const reading = JSON.parse(readFileSync(file, 'utf8')) as FakeReading;
  if (reading.community !== undefined && secretOf(credentials) !== reading.community) throw new DeviceError('timeout', 'no answer');
  return reading.observed;
};

function secretOf(credentials: SnmpCredentials): string {
  return credentials.version === '2c' ? credentials.community : credentials.authKey;
}

const running = await startServer(config, createLogger(config.logLevel), { readSwitch: fakeRead });
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
