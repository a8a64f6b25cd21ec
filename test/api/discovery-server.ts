// The server of test/api/discovery.test.ts: the real server with a fake SNMP reader and a fake DNS. The reader
// answers what the test wrote into <DATA_DIR>/observed/<host>.json ({ community?, observed }: a reading that names a
// community answers only to it, as a real agent does), and fails as a switch can for the hosts timeout.test,
// refusing.test and buggy.test. Every agent it is asked to read is written to <DATA_DIR>/reads.log (host:port, as
// the server gave it), every name the server looks up to <DATA_DIR>/lookups.log: no line, nothing was sent there.
import '../../src/boot/silence-sqlite-warning.ts';
import dns from 'node:dns/promises';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
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

/**
 * The names of the fake DNS and their addresses; rebinding.test answers 192.0.2.30 to its odd lookups and the metadata
 * address to the others. A name of hex digits (0xa9fea9fe) goes to the system's resolver, which reads it as an address
 * without asking any DNS server; any other name is not found.
 */
const FAKE_NAMES: Record<string, string[]> = {
  'timeout.test': ['192.0.2.1'],
  'refusing.test': ['192.0.2.2'],
  'buggy.test': ['192.0.2.3'],
  'acc-9.campus.example': ['192.0.2.9'],
  'metadata.test': ['169.254.169.254'],
  'link-local6.test': ['fe80::1'],
  'half-metadata.test': ['192.0.2.20', 'fd00:ec2::254'],
  'rebinding.test': ['192.0.2.30'],
};
const REBOUND = ['169.254.169.254'];
let rebindingLookups = 0;

const realLookup = dns.lookup;
dns.lookup = (async (host: string, options?: object) => {
  appendFileSync(join(config.dataDir, 'lookups.log'), `${host}\n`);
  const rebound = host === 'rebinding.test' && ++rebindingLookups % 2 === 0;
  const addresses = rebound ? REBOUND : FAKE_NAMES[host];
  if (!addresses && /^0x[0-9a-f]+$/i.test(host)) return realLookup(host, options as never);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}) as typeof dns.lookup;

/** The name of the fake DNS that has this address, else the address. */
const nameOf = (address: string) => Object.keys(FAKE_NAMES).find((name) => FAKE_NAMES[name][0] === address) ?? address;

const fakeRead: ReadSwitch = async (target, credentials, limits) => {
  appendFileSync(join(config.dataDir, 'reads.log'), `${target.host}:${target.port}\n`);
  const host = nameOf(target.host);
  if (host === 'timeout.test') throw new DeviceError('timeout', `no answer within ${limits.deadlineMs} ms`);
  if (host === 'refusing.test') throw new DeviceError('error', 'the agent answered with authorizationError');
  if (host === 'buggy.test') throw new TypeError(`a reader bug that quotes ${secretOf(credentials)}`);
  const file = join(config.dataDir, 'observed', `${host}.json`);
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
