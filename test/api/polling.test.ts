import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ObservedSwitch } from '../../src/discovery/observed.ts';
import { observedAccess as access, observedPort as port, observedSystem } from '../fixtures/observed-switch.ts';
import { expectFaults, NO_SUCH_ID, ROOT, useSignedInUsers, useTestServer, type ApiAnswer, type ApiClient } from '../helpers/server.ts';
import { expectWordedRefusal } from '../helpers/refusals.ts';
import type { FakeReading } from './discovery-server.ts';

// Credential sets, polling schedules and the scheduler (issue 37) on a real server whose SNMP reader is a fake
// (discovery-server.ts: a host answers what the test wrote for it, and only to its community). One minute of an
// interval lasts 200 ms here (POLL_INTERVAL_UNIT_MS), so that a 5-minute schedule polls within a second.

const server = useTestServer({ entry: join(ROOT, 'test', 'api', 'discovery-server.ts'), env: { POLL_INTERVAL_UNIT_MS: '200' } });
const users = useSignedInUsers(server, { editor: 'ed', viewer: 'vi' });
const editor = server.as(() => users.editor);
const viewer = server.as(() => users.viewer);

const COMMUNITY = 'c0mmunity-S3CRET';
const V3 = { version: '3', user: 'netops', authProtocol: 'sha', authKey: 'AUTHKEY-S3CRET', privProtocol: 'aes', privKey: 'PRIVKEY-S3CRET' };
const SECRETS = [COMMUNITY, V3.authKey, V3.privKey, 'REPLACED-S3CRET'];
/** Every answer of the test, searched for the secrets at the end. */
const answers: string[] = [];
const ids = {} as Record<'site' | 'other' | 'acc' | 'dark' | 'bare' | 'v2c' | 'v3', string>;

const OBSERVED: ObservedSwitch = {
  system: observedSystem(),
  ports: [port(1, 'Gi1/0/1'), port(2, 'Gi1/0/2')],
  vlans: [{ vid: 10, name: 'Users' }],
  membership: [access(1, 10), access(2, 10)],
  lags: [],
  neighbours: [],
  fdb: [{ mac: '02:00:5e:00:00:04', vlan: 10, ifIndex: 2 }],
  arp: [],
  poe: [],
  notes: [],
};

async function kept(answer: Promise<ApiAnswer>): Promise<ApiAnswer> {
  const done = await answer;
  answers.push(done.text);
  return done;
}

const call = (method: string, path: string, body?: unknown, client: ApiClient = server) => kept(client.call(method, path, { body }));

beforeAll(async () => {
  mkdirSync(join(server.dataDir, 'observed'));
  const reading: FakeReading = { community: COMMUNITY, observed: OBSERVED };
  writeFileSync(join(server.dataDir, 'observed', '10.0.0.21.json'), JSON.stringify(reading));
  writeFileSync(join(server.dataDir, 'observed', '10.0.0.77.json'), JSON.stringify(reading));
  ids.site = (await server.make('/api/sites', { name: 'Campus' })).id;
  ids.other = (await server.make('/api/sites', { name: 'Branch' })).id;
  ids.acc = (await server.make('/api/switches', { siteId: ids.site, name: 'acc-1', managementIp: '10.0.0.21' })).id;
  for (const name of ['Gi1/0/1', 'Gi1/0/2']) await server.make(`/api/switches/${ids.acc}/ports`, { name, mode: 'access' });
  ids.dark = (await server.make('/api/switches', { siteId: ids.site, name: 'dark-1', managementIp: '10.0.0.99' })).id;
  ids.bare = (await server.make('/api/switches', { siteId: ids.other, name: 'bare-1' })).id;
});

describe('credential sets', () => {
  it('keeps a v2c and a v3 set and answers neither secret: a v3 set its user, protocols and context, a v2c set its version', async () => {
    const allowedHosts = ['10.0.0.21', ' 10.0.0.99 ', '10.0.0.21'];
    const v2c = await call('POST', '/api/credentials', { name: 'Campus RO', snmp: { version: '2c', community: COMMUNITY }, allowedHosts });
    expect(v2c.status, v2c.text).toBe(201);
    expect(v2c.headers.get('location')).toBe(`/api/credentials/${v2c.body.id}`);
    expect(Object.keys(v2c.body).sort()).toEqual(['allowedHosts', 'createdAt', 'id', 'name', 'updatedAt', 'version']);
    expect(v2c.body.allowedHosts).toEqual(['10.0.0.21/32', '10.0.0.99/32']);
    const v3 = await call('POST', '/api/credentials', { name: 'Core v3', snmp: V3, allowedHosts: ['*.Example.NET.', '2001:DB8::/32'] });
    expect(v3.body).toMatchObject({ name: 'Core v3', version: '3', user: 'netops', authProtocol: 'sha', privProtocol: 'aes' });
    expect(v3.body.allowedHosts).toEqual(['*.example.net', '2001:db8::/32']);
    Object.assign(ids, { v2c: v2c.body.id, v3: v3.body.id });
    const list = await call('GET', '/api/credentials');
    expect(list.body.items.map((set: { name: string }) => set.name)).toEqual(['Campus RO', 'Core v3']);
  });

  it.each([
    ['no name', { snmp: { version: '2c', community: 'x' } }, ['name']],
    ['no snmp', { name: 'x' }, ['snmp']],
    ['an unknown field', { name: 'x', snmp: { version: '2c', community: 'x' }, secret: 1 }, ['secret']],
    [
      'a v3 set without keys',
      { name: 'x', snmp: { version: '3', user: 'u', authProtocol: 'sha', privProtocol: 'aes' } },
      ['snmp.authKey', 'snmp.privKey'],
    ],
    ['no allowed hosts', { name: 'x', snmp: { version: '2c', community: 'x' }, allowedHosts: undefined }, ['allowedHosts']],
    ['an empty list of allowed hosts', { name: 'x', snmp: { version: '2c', community: 'x' }, allowedHosts: [] }, ['allowedHosts']],
    [
      'allowed hosts that are none',
      { name: 'x', snmp: { version: '2c', community: 'x' }, allowedHosts: ['10.0.0.1', 'not a host!', '10.0.0.1/33', 7, '10.0.0.1/8'] },
      ['allowedHosts[1]', 'allowedHosts[2]', 'allowedHosts[3]', 'allowedHosts[4]'],
    ],
  ])('refuses a set with %s (400 naming the fields)', async (_, body, fields) => {
    expectFaults(await call('POST', '/api/credentials', { allowedHosts: ['10.0.0.1'], ...body }), fields);
  });

  it('refuses a name taken in another case (409), changes to editors and every read to viewers (403)', async () => {
    const taken = await call('POST', '/api/credentials', {
      name: 'campus ro',
      snmp: { version: '2c', community: 'x' },
      allowedHosts: ['10.0.0.1'],
    });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'unique_violation']);
    expect((await call('GET', '/api/credentials', undefined, editor)).status).toBe(200);
    expect((await call('GET', '/api/credentials', undefined, viewer)).status).toBe(403);
    expect((await call('DELETE', `/api/credentials/${ids.v2c}`, undefined, editor)).status).toBe(403);
    expect((await call('POST', '/api/credentials', { name: 'x', snmp: { version: '2c', community: 'x' } }, viewer)).status).toBe(403);
  });

  it('renames a set and replaces its secrets, with activity entries that hold no secret', async () => {
    const renamed = await call('PATCH', `/api/credentials/${ids.v3}`, { name: 'Core SNMPv3' });
    expect(renamed.body).toMatchObject({ name: 'Core SNMPv3', user: 'netops' });
    const replaced = await call('PATCH', `/api/credentials/${ids.v3}`, { snmp: { ...V3, user: 'ops2', authKey: 'REPLACED-S3CRET' } });
    expect(replaced.body).toMatchObject({ name: 'Core SNMPv3', user: 'ops2' });
    const entries = await call('GET', '/api/activity?limit=5');
    expect(entries.body.items[0]).toMatchObject({ summary: 'Changed credential set Core SNMPv3', changes: { secrets: ['replaced'] } });
    expect((await call('PATCH', `/api/credentials/${NO_SUCH_ID}`, { name: 'y' })).status).toBe(404);
  });
});

describe('schedules', () => {
  const schedule = (credentialId: string, more: object = {}) => ({ enabled: true, intervalMinutes: 5, credentialId, ...more });

  it.each([
    ['an interval under 5 minutes', { intervalMinutes: 4 }, ['intervalMinutes']],
    ['an interval over a day', { intervalMinutes: 1441 }, ['intervalMinutes']],
    ['a host that is no host', { host: 'not a host!' }, ['host']],
    ['no enabled', { enabled: 'yes' }, ['enabled']],
  ])("refuses a switch's schedule with %s", async (_, more, fields) => {
    expectFaults(await call('PUT', `/api/switches/${ids.acc}/polling`, schedule(ids.v2c, more), editor), fields);
  });

  it("refuses a credential set that does not exist, a site's host, a viewer, and an unknown switch", async () => {
    expectFaults(await call('PUT', `/api/switches/${ids.acc}/polling`, schedule(NO_SUCH_ID), editor), ['credentialId']);
    expectFaults(await call('PUT', `/api/sites/${ids.site}/polling`, schedule(ids.v2c, { host: '10.0.0.1' }), editor), ['host']);
    expect((await call('PUT', `/api/switches/${ids.acc}/polling`, schedule(ids.v2c), viewer)).status).toBe(403);
    expect((await call('PUT', `/api/switches/${NO_SUCH_ID}/polling`, schedule(ids.v2c), editor)).status).toBe(404);
  });

  it("covers a site's switches with its schedule and a switch with its own, which overrides the site's", async () => {
    const site = await call('PUT', `/api/sites/${ids.site}/polling`, schedule(ids.v2c, { enabled: false }), editor);
    expect(site.body.schedule).toMatchObject({ enabled: false, intervalMinutes: 5, credentialId: ids.v2c });
    const own = await call('PUT', `/api/switches/${ids.acc}/polling`, schedule(ids.v2c, { intervalMinutes: 5 }), editor);
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ source: 'switch', schedule: { enabled: true, host: null }, siteSchedule: { enabled: false } });
    const list = await call('GET', `/api/polling?siteId=${ids.site}`, undefined, viewer);
    const rows = list.body.items.map((row: { switchName: string; source: string; status: string }) => [
      row.switchName,
      row.source,
      row.status,
    ]);
    expect(rows).toEqual([
      ['acc-1', 'switch', expect.stringMatching(/^(pending|ok)$/)],
      ['dark-1', 'site', 'paused'],
    ]);
    expect((await server.lastEntry(ids.acc)).summary).toBe('Set the polling of switch acc-1');
  });

  it('polls a due switch by itself, as a discovery: the discovery row and its MAC table kept, no activity entry', async () => {
    const polled = await eventually(async () => {
      const state = (await call('GET', `/api/switches/${ids.acc}/polling`, undefined, viewer)).body.state;
      return state?.status === 'ok' ? state : undefined;
    });
    expect(polled).toMatchObject({ status: 'ok', lastError: null, failures: 0 });
    const discoveries = await call('GET', `/api/discovery?switchId=${ids.acc}`);
    expect(discoveries.body.total).toBeGreaterThan(0);
    const fdb = await call('GET', `/api/switches/${ids.acc}/fdb`);
    expect(fdb.body.items.map((entry: { mac: string }) => entry.mac)).toEqual(['02:00:5e:00:00:04']);
    expect((await server.lastEntry(ids.acc)).summary).toBe('Set the polling of switch acc-1');
  });

  it('refuses to delete a set a schedule uses (409 in_use naming the switch and the site)', async () => {
    const refused = await call('DELETE', `/api/credentials/${ids.v2c}`);
    expectWordedRefusal(refused, 409, 'in_use.both', { set: 'Campus RO', switches: 'acc-1', sites: 'Campus' });
  });
});

describe('run now and back-off', () => {
  it('polls now and answers the outcome; a switch no schedule covers is 409 not_polled', async () => {
    const outcome = await call('POST', `/api/switches/${ids.acc}/polling/run`, undefined, editor);
    expect(outcome.status, outcome.text).toBe(200);
    expect(outcome.body).toMatchObject({ switchId: ids.acc, status: 'ok', failures: 0, lastError: null });
    expect((await call('GET', `/api/discovery/${outcome.body.discoveryId}`)).status).toBe(200);
    const refused = await call('POST', `/api/switches/${ids.bare}/polling/run`, undefined, editor);
    expectWordedRefusal(refused, 409, 'not_polled', { switch: 'bare-1' });
  });

  it('backs a switch that does not answer off, doubling its wait, and recovers it once it answers', async () => {
    await call('PUT', `/api/switches/${ids.dark}/polling`, { enabled: true, intervalMinutes: 5, credentialId: ids.v2c }, editor);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const outcome = (await call('POST', `/api/switches/${ids.dark}/polling/run`, undefined, editor)).body;
      expect(outcome).toMatchObject({ status: 'failing', failures: i + 1, discoveryId: null });
      expect(outcome.lastError).toMatch(/10\.0\.0\.99/);
      waits.push(Date.parse(outcome.nextAt) - Date.parse(outcome.lastPolledAt));
    }
    // One interval is 5 × 200 ms: then 2, 4 and 8 intervals.
    expect(waits.map((ms) => Math.round(ms / 1000))).toEqual([1, 2, 4, 8]);
    const failing = await call('GET', '/api/polling?status=failing', undefined, viewer);
    expect(failing.body.items.map((row: { switchName: string }) => row.switchName)).toEqual(['dark-1']);
    const elsewhere = { enabled: true, intervalMinutes: 5, host: '10.0.0.77', credentialId: ids.v2c };
    const refused = await call('PUT', `/api/switches/${ids.dark}/polling`, elsewhere, editor);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('credentials_bound_to_host');
    expect((await call('PUT', `/api/switches/${ids.dark}/polling`, elsewhere)).status).toBe(200);
    const held = (await call('POST', `/api/switches/${ids.dark}/polling/run`, undefined, editor)).body;
    expect(held).toMatchObject({ status: 'failing', discoveryId: null });
    expect(held.lastError).toBe(
      'The credential set Campus RO may not be sent to 10.0.0.77:161: an admin adds the host to its allowed hosts.',
    );
    await call('PUT', `/api/switches/${ids.dark}/polling`, { ...elsewhere, host: '10.0.0.21' }, editor);
    const recovered = (await call('POST', `/api/switches/${ids.dark}/polling/run`, undefined, editor)).body;
    expect(recovered).toMatchObject({ status: 'ok', failures: 0, lastError: null });
  });

  it('lists failing switches first', async () => {
    await call('PUT', `/api/switches/${ids.acc}/polling`, { enabled: true, intervalMinutes: 5, host: '10.0.0.98', credentialId: ids.v2c });
    await call('POST', `/api/switches/${ids.acc}/polling/run`, undefined, editor);
    const list = await call('GET', '/api/polling', undefined, viewer);
    expect(list.body.items[0]).toMatchObject({ switchName: 'acc-1', status: 'failing' });
  });
});

describe('undo of a schedule change', () => {
  // bare-1 has no schedule and its site none: paused schedules, so that nothing polls it meanwhile.
  const paused = (intervalMinutes: number) => ({ enabled: false, intervalMinutes, credentialId: ids.v2c });
  const polling = async () => (await call('GET', `/api/switches/${ids.bare}/polling`, undefined, viewer)).body;
  const set = async (intervalMinutes: number) => {
    expect((await call('PUT', `/api/switches/${ids.bare}/polling`, paused(intervalMinutes), editor)).status).toBe(200);
    return (await server.lastEntry(ids.bare)).id as string;
  };
  const undo = (entryId: string) => call('POST', `/api/activity/${entryId}/undo`, undefined, editor);

  it('takes a first schedule away again, with the poll state, and a redo sets it back', async () => {
    const first = await set(30);
    expect((await polling()).state).toMatchObject({ status: 'paused' });
    expect((await undo(first)).status).toBe(200);
    expect(await polling()).toMatchObject({ schedule: null, state: null });
    const undoEntry = await server.lastEntry(ids.bare);
    expect(undoEntry).toMatchObject({ action: 'undo', summary: 'Undid: Set the polling of switch bare-1' });
    expect((await undo(undoEntry.id)).status).toBe(200);
    expect(await polling()).toMatchObject({
      schedule: { enabled: false, intervalMinutes: 30, credentialId: ids.v2c },
      state: { status: 'paused' },
    });
  });

  it('puts the schedule before a change back, and refuses (409 undo_conflict) while a later change stands', async () => {
    const second = await set(60);
    const third = await set(90);
    const refused = await undo(second);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'undo_conflict']);
    expect((await polling()).schedule.intervalMinutes).toBe(90);
    expect((await undo(third)).status).toBe(200);
    expect((await polling()).schedule.intervalMinutes).toBe(60);
    expect((await undo(second)).status).toBe(200);
    expect((await polling()).schedule.intervalMinutes).toBe(30);
  });

  it("undoes a site's schedule the same way", async () => {
    const before = (await call('GET', `/api/sites/${ids.other}/polling`)).body.schedule;
    await call('PUT', `/api/sites/${ids.other}/polling`, paused(45), editor);
    const entry = (await call('GET', `/api/activity?entityId=${ids.other}&limit=1`)).body.items[0];
    expect(entry.undoable).toBe(true);
    expect((await undo(entry.id)).status).toBe(200);
    expect((await call('GET', `/api/sites/${ids.other}/polling`)).body.schedule).toEqual(before);
  });
});

describe('discovery with a credential set', () => {
  it('reads a switch with a kept set instead of snmp; an unknown set is 404', async () => {
    const body = { siteId: ids.site, switchId: ids.acc, host: '10.0.0.21', credentialId: ids.v2c };
    const discovery = await call('POST', '/api/discovery', body, editor);
    expect(discovery.status, discovery.text).toBe(201);
    expect((await call('POST', '/api/discovery', { ...body, credentialId: NO_SUCH_ID }, editor)).status).toBe(404);
    expectFaults(await call('POST', '/api/discovery', { ...body, snmp: { version: '2c', community: 'x' } }, editor), ['credentialId']);
  });

  it('sends a set only to a host it allows unless an admin asks (403 credentials_bound_to_host)', async () => {
    const elsewhere = { siteId: ids.site, switchId: ids.dark, host: '10.0.0.77', credentialId: ids.v2c };
    const undocumented = { siteId: ids.site, host: '10.0.0.77', credentialId: ids.v2c };
    for (const body of [elsewhere, undocumented]) {
      const refused = await call('POST', '/api/discovery', body, editor);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.error.code).toBe('credentials_bound_to_host');
    }
    expect((await call('POST', '/api/discovery', elsewhere)).status).toBe(201);
  });
});

describe('a credential set goes only to the hosts it allows', () => {
  it('sends no set to a management IP an editor changed to a host it does not allow, until an admin allows it', async () => {
    const moved = await call('PATCH', `/api/switches/${ids.acc}`, { managementIp: '10.0.0.77' }, editor);
    expect(moved.status, moved.text).toBe(200);
    await call('PUT', `/api/switches/${ids.acc}/polling`, { enabled: true, intervalMinutes: 5, credentialId: ids.v2c }).then((answer) =>
      expect(answer.status, answer.text).toBe(200),
    );
    const refused = await call(
      'POST',
      '/api/discovery',
      { siteId: ids.site, switchId: ids.acc, host: '10.0.0.77', credentialId: ids.v2c },
      editor,
    );
    expect([refused.status, refused.body.error.code]).toEqual([403, 'credentials_bound_to_host']);
    const held = (await call('POST', `/api/switches/${ids.acc}/polling/run`, undefined, editor)).body;
    expect(held).toMatchObject({ status: 'failing', discoveryId: null });
    expect(held.lastError).toMatch(/^The credential set Campus RO may not be sent to 10\.0\.0\.77:161/);
    expect((await call('PATCH', `/api/credentials/${ids.v2c}`, { allowedHosts: ['10.0.0.0/24'] }, editor)).status).toBe(403);
    const widened = await call('PATCH', `/api/credentials/${ids.v2c}`, { allowedHosts: ['10.0.0.0/24'] });
    expect(widened.body.allowedHosts).toEqual(['10.0.0.0/24']);
    expect((await call('GET', '/api/activity?limit=1')).body.items[0].changes).toEqual({
      allowedHosts: [['10.0.0.21/32', '10.0.0.99/32'], ['10.0.0.0/24']],
    });
    const read = (await call('POST', `/api/switches/${ids.acc}/polling/run`, undefined, editor)).body;
    expect(read).toMatchObject({ status: 'ok', lastError: null });
    await call('PATCH', `/api/switches/${ids.acc}`, { managementIp: '10.0.0.21' }, editor);
  });
});

describe('metrics and secrets', () => {
  it('counts polls done and failed, their durations and the queue', async () => {
    const text = (await call('GET', '/api/metrics')).text;
    expect(Number(/^switchyard_polls_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(7);
    expect(Number(/^switchyard_polls_failed_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(5);
    expect(text).toMatch(/^switchyard_poll_duration_seconds_count \d+$/m);
    expect(text).toMatch(/^switchyard_poll_queue_length \d+$/m);
  });

  it('never shows a secret: in no answer, activity entry, log line or backup export', async () => {
    await call('GET', '/api/activity?limit=100');
    await call('GET', '/api/backup/export');
    await call('GET', '/api/polling');
    const seen = [...answers, server.logs()].join('\n');
    for (const secret of SECRETS) expect(seen).not.toContain(secret);
  });
});

describe('schedules in the backup', () => {
  const schedule = (credentialId: string, more: object = {}) => ({ enabled: true, intervalMinutes: 5, credentialId, ...more });
  const own = async () => (await call('GET', `/api/switches/${ids.acc}/polling`)).body.schedule;
  const ofSite = async (site: string) => (await call('GET', `/api/sites/${site}/polling`)).body.schedule;
  type Exported = { switchId?: string; siteId?: string; credentialId: string; credentialName: string };
  let doc: { pollingSchedules: Exported[] } & Record<string, unknown>;

  beforeAll(async () => {
    await call('PUT', `/api/switches/${ids.acc}/polling`, schedule(ids.v2c, { intervalMinutes: 30, host: '10.0.0.21' }), editor);
    await call('PUT', `/api/sites/${ids.other}/polling`, schedule(ids.v3, { enabled: false, intervalMinutes: 60 }), editor);
    const exported = await call('GET', '/api/backup/export');
    for (const secret of SECRETS) expect(exported.text).not.toContain(secret);
    doc = exported.body;
  });

  it("are exported with their switch's or site's id and their credential set's id and name, never its secrets", () => {
    const bySwitch = doc.pollingSchedules.find((each) => each.switchId === ids.acc);
    expect(bySwitch).toMatchObject({ enabled: true, intervalMinutes: 30, host: '10.0.0.21', credentialId: ids.v2c });
    expect(bySwitch?.credentialName).toEqual(expect.any(String));
    expect(doc.pollingSchedules.find((each) => each.siteId === ids.other)).toMatchObject({
      enabled: false,
      intervalMinutes: 60,
      credentialId: ids.v3,
    });
  });

  it('are restored as they were exported', async () => {
    await call('PUT', `/api/switches/${ids.acc}/polling`, schedule(ids.v3, { intervalMinutes: 120 }), editor);
    expect((await call('POST', '/api/backup/import', doc)).status).toBe(200);
    expect(await own()).toMatchObject({ enabled: true, intervalMinutes: 30, host: '10.0.0.21', credentialId: ids.v2c });
    expect(await ofSite(ids.other)).toMatchObject({ enabled: false, intervalMinutes: 60, credentialId: ids.v3 });
  });

  it("take the credential set of the same name when the set's id is not here, and are left out (and said so) when neither is", async () => {
    const renamed = doc.pollingSchedules.map((each) =>
      each.switchId ? { ...each, credentialId: NO_SUCH_ID } : { ...each, credentialId: NO_SUCH_ID, credentialName: 'No such set' },
    );
    expect((await call('POST', '/api/backup/import', { ...doc, pollingSchedules: renamed })).status).toBe(200);
    expect(await own()).toMatchObject({ intervalMinutes: 30, credentialId: ids.v2c });
    expect(await ofSite(ids.other)).toBeNull();
    const entry = (await call('GET', '/api/activity?limit=1')).body.items[0];
    const ofSites = renamed.filter((each) => each.siteId).length;
    expect(ofSites).toBeGreaterThan(0);
    expect(entry.summary).toContain(
      `${renamed.length - ofSites} polling schedules (${ofSites} left out: their credential sets are not in this database`,
    );
  });

  it('refuses a schedule of a switch the document lacks, or a bad interval, naming each', async () => {
    const [first, second] = doc.pollingSchedules;
    const bad = {
      ...doc,
      pollingSchedules: [
        { ...first, switchId: NO_SUCH_ID, siteId: undefined },
        { ...second, intervalMinutes: 1 },
      ],
    };
    const refused = await call('POST', '/api/backup/import', bad);
    expectFaults(refused, ['pollingSchedules[0].switchId', 'pollingSchedules[1].intervalMinutes']);
  });
});

/** Asks until `check` answers something (up to 10 s). */
async function eventually<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('never happened');
}
