import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readDb } from '../helpers/db.ts';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { useSignedInUsers, useTestServer } from '../helpers/server.ts';
import { readRecording, startReplayServer, type Behaviour, type ReplayServer } from '../helpers/ssh-replay.ts';

// POST /api/switches/{id}/configs/fetch on a real server against the recorded devices of
// ../shared/fixtures/configs/oxidized replayed over SSH on 127.0.0.1 (test/helpers/ssh-replay.ts): a fetch stores a
// version, the same configuration again is no new version, a changed device gives a version and a diff; a refused
// password, a hung device and a device that closes the connection answer 502/504, store nothing and never echo the
// password; bad requests answer 400 naming the field; viewers may not fetch.

const OXIDIZED = join(SHARED_FIXTURES, 'configs', 'oxidized');
const IOS = 'ios#C9200L-24P-4G_17.09.04a#simulation.yaml';
const JUNOS = 'junos#srx300_22.4#simulation.yaml';
const LOGIN = { username: 'oxidized', password: 'fetch-pa55-s3cret' };

describeNeeding([sharedFixture('configs/oxidized')], 'fetching a configuration over SSH', () => {
  const server = useTestServer({ env: { DISCOVERY_TIMEOUT_MS: '1500' } });
  const tokens = useSignedInUsers(server, { viewer: 'vi' });
  const devices: ReplayServer[] = [];
  const ids = {} as { site: string; ios: string; junos: string; bare: string };

  async function device(file: string, behaviour: Behaviour = 'replay', change?: (text: string) => string) {
    const recording = readRecording(join(OXIDIZED, file));
    if (change) for (const [command, answer] of recording.commands) recording.commands.set(command, change(answer));
    const started = await startReplayServer(recording, LOGIN, behaviour);
    devices.push(started);
    return started;
  }

  const fetchFrom = (switchId: string, body: unknown, token?: string) =>
    server.call('POST', `/api/switches/${switchId}/configs/fetch`, { body, ...(token && { token }) });
  const versions = (switchId: string) =>
    readDb<{ n: number }>(server.dataDir, 'SELECT count(*) AS n FROM config_versions WHERE switch_id = ?', switchId)[0].n;

  beforeAll(async () => {
    ids.site = (await server.make('/api/sites', { name: 'Lab' })).id;
    ids.ios = (await server.make('/api/switches', { siteId: ids.site, name: 'LAB-SW123', vendor: 'Cisco', managementIp: '127.0.0.1' })).id;
    ids.junos = (await server.make('/api/switches', { siteId: ids.site, name: 'srx', vendor: 'Juniper' })).id;
    ids.bare = (await server.make('/api/switches', { siteId: ids.site, name: 'bare' })).id;
  });
  afterAll(async () => {
    for (const started of devices) await started.close();
  });

  it('stores the fetched configuration as a version, masked, by the dialect of the vendor and the management IP', async () => {
    const ios = await device(IOS);
    const answer = await fetchFrom(ids.ios, { port: ios.port, credentials: LOGIN });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ source: 'ssh', dialect: 'cisco-ios', number: 1, created: true });
    expect(ios.received).toEqual(['terminal length 0', 'terminal width 0', 'show running-config']);
    const text = (await server.call('GET', `/api/configs/${answer.body.id}`)).text;
    expect(text).toMatch(/^Building configuration/);
    expect(text).toContain('hostname LAB-SW123');
    expect(text).not.toContain('LAB-SW123_9200L#');
    const entry = (await server.call('GET', `/api/activity?entityId=${ids.ios}&limit=1`)).body.items[0];
    expect(entry.summary).toBe('Stored running configuration 1 of switch LAB-SW123 (fetched over SSH)');
    expect(JSON.stringify(entry)).not.toContain(LOGIN.password);
  });

  it('makes no new version when the device runs the same configuration, and one with a diff when it changed', async () => {
    const same = await device(IOS);
    const again = await fetchFrom(ids.ios, { port: same.port, credentials: LOGIN });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ number: 1, seenCount: 2, created: false });
    const changed = await device(IOS, 'replay', (text) => text.replace('hostname LAB-SW123_9200L\n', 'hostname LAB-SW124\n'));
    const next = await fetchFrom(ids.ios, { port: changed.port, credentials: LOGIN });
    expect(next.status, next.text).toBe(201);
    expect(next.body).toMatchObject({ number: 2, changedLines: 2 });
    const diff = (await server.call('GET', `/api/configs/${next.body.id}/diff?against=${again.body.id}`)).text;
    expect(diff).toContain('\n-hostname LAB-SW123_9200L\n+hostname LAB-SW124\n');
  });

  it('fetches Junos on an exec channel, given its host and dialect', async () => {
    const junos = await device(JUNOS);
    const answer = await fetchFrom(ids.junos, { host: '127.0.0.1', port: junos.port, credentials: LOGIN });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.dialect).toBe('junos');
    expect(junos.received).toEqual(['show configuration | display omit']);
    const text = (await server.call('GET', `/api/configs/${answer.body.id}`)).text;
    expect(text).not.toContain('very-secret-encrypted-password');
    expect(text).not.toContain('$9$FAKEHASHDATA');
  });

  it.each([
    ['a refused password', 'replay', { ...LOGIN, password: 'wrong-pa55' }, 502, 'device_error', /refused the user name/],
    ['a device that hangs after the login', 'hang', LOGIN, 504, 'device_timeout', /within 1500 ms/],
    ['a device that closes the connection', 'close', LOGIN, 502, 'device_error', /closed the connection/],
  ] as const)('answers %s with its error and stores nothing', async (_name, behaviour, credentials, status, code, message) => {
    const before = versions(ids.bare);
    const bad = await device(IOS, behaviour as Behaviour);
    const answer = await fetchFrom(ids.bare, { host: '127.0.0.1', port: bad.port, dialect: 'cisco-ios', credentials });
    expect(answer.status, answer.text).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.message).toMatch(message);
    expect(answer.text).not.toContain(credentials.password);
    expect(versions(ids.bare)).toBe(before);
    expect(server.logs()).not.toContain(credentials.password);
  });

  it.each([
    ['no credentials', {}, ['credentials']],
    ['no password or key', { credentials: { username: 'x' } }, ['credentials.password']],
    ['an unknown credential field', { credentials: { username: 'x', password: 'y', token: 'z' } }, ['credentials.token']],
    ['a bad port and dialect', { port: 0, dialect: 'ios', credentials: LOGIN }, ['port', 'dialect']],
  ])('refuses %s (400 naming the field)', async (_name, body, fields) => {
    const answer = await fetchFrom(ids.ios, body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error.details.map((detail: { field: string }) => detail.field)).toEqual(fields);
  });

  it('asks for a host and a dialect where the switch names neither', async () => {
    const answer = await fetchFrom(ids.bare, { credentials: LOGIN });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { field: string }) => detail.field)).toEqual(['host', 'dialect']);
  });

  it('sends nothing to an address DISCOVERY_ALLOW does not let in (403 host_not_allowed)', async () => {
    const answer = await fetchFrom(ids.bare, { host: '169.254.169.254', dialect: 'cisco-ios', credentials: LOGIN });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body.error.code).toBe('host_not_allowed');
  });

  it('lets no viewer fetch', async () => {
    expect((await fetchFrom(ids.ios, { credentials: LOGIN }, tokens.viewer)).status).toBe(403);
  });
});
