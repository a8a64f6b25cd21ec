import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEditorAndSites } from '../helpers/data.ts';
import { readDb } from '../helpers/db.ts';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { NO_SUCH_ID } from '../helpers/server.ts';

// Running configurations kept as versions (issue 38) on a real server: uploaded as text/plain, stored once per
// distinct content (volatile lines aside), masked before storage, listed, read and diffed, with an activity entry per
// new version; who may do what, and the refusals.

const { server, call, make, viewer, site } = useEditorAndSites();
const ids = {} as { sw: string; other: string };

const upload = (switchId: string, text: string, query = '', options: { token?: string; type?: string } = {}) =>
  call('POST', `/api/switches/${switchId}/configs${query}`, {
    raw: text,
    headers: { 'content-type': options.type ?? 'text/plain' },
    ...(options.token && { token: options.token }),
  });

const CONFIG = [
  'Building configuration...',
  '',
  'Current configuration : 300 bytes',
  '!',
  '! Last configuration change at 18:41:02 UTC Thu Nov 24 2016',
  '!',
  'hostname edge-1',
  'enable secret 5 $1$abcd$Sup3rS3cretHashValue',
  'username admin privilege 15 password 0 hunter2-plain',
  'snmp-server community s3cret-community RO',
  'ntp clock-period 36028797018963968',
  '!',
  'interface GigabitEthernet1/0/1',
  ' description uplink',
  ' switchport mode trunk',
  '!',
  'end',
].join('\n');

beforeAll(async () => {
  ids.sw = (await make('/api/switches', { siteId: site.id, name: 'edge-1', portCount: 2 })).id;
  ids.other = (await make('/api/switches', { siteId: site.id, name: 'edge-2', portCount: 2 })).id;
});

describe('storing a configuration', () => {
  const state = {} as { first: string; second: string };

  it('stores the first upload as version 1 (201, Location), with an activity entry about the switch', async () => {
    const answer = await upload(ids.sw, CONFIG, '?dialect=cisco-ios');
    expect(answer.status, answer.text).toBe(201);
    expect(answer.headers.get('location')).toBe(`/api/configs/${answer.body.id}`);
    expect(answer.body).toMatchObject({ switchId: ids.sw, number: 1, source: 'upload', dialect: 'cisco-ios', seenCount: 1, created: true });
    expect(answer.body.changedLines).toBeNull();
    expect(answer.body.previousId).toBeNull();
    state.first = answer.body.id;
    const entry = (await call('GET', `/api/activity?entityId=${ids.sw}&limit=1`)).body.items[0];
    expect(entry.summary).toBe('Stored running configuration 1 of switch edge-1 (uploaded)');
    expect(entry.changes).toEqual({ configVersion: [null, state.first], changedLines: [null, null] });
    expect(entry.undoable).toBe(false);
  });

  it('keeps no secret in clear: neither the answer of the text nor the database holds any', async () => {
    const text = (await viewer.call('GET', `/api/configs/${state.first}`)).text;
    const [stored] = readDb<{ text: string }>(server.dataDir, 'SELECT text FROM config_versions WHERE id = ?', state.first);
    for (const secret of ['Sup3rS3cretHashValue', 'hunter2-plain', 's3cret-community']) {
      expect(text).not.toContain(secret);
      expect(stored.text).not.toContain(secret);
    }
    expect(text).toContain('snmp-server community <masked sha256:');
    expect(text).toContain('hostname edge-1\n');
  });

  it('stores the same configuration again as no new version: 200, seen once more, no entry', async () => {
    const entriesBefore = (await call('GET', `/api/activity?entityId=${ids.sw}`)).body.total;
    const crlfAndNewTimes = CONFIG.replace('18:41:02', '19:00:00')
      .replace('36028797018963968', '36028797018963999')
      .replaceAll('\n', '\r\n');
    const answer = await upload(ids.sw, crlfAndNewTimes);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ id: state.first, number: 1, seenCount: 2, created: false });
    expect((await call('GET', `/api/activity?entityId=${ids.sw}`)).body.total).toBe(entriesBefore);
    expect(readDb(server.dataDir, 'SELECT count(*) AS n FROM config_versions WHERE switch_id = ?', ids.sw)).toEqual([{ n: 1 }]);
  });

  it('stores a changed configuration as version 2, counting its changed lines against version 1', async () => {
    const changed = CONFIG.replace(' description uplink', ' description uplink to core').replace(
      'snmp-server community s3cret-community RO',
      'snmp-server community other-community RO',
    );
    const answer = await upload(ids.sw, changed);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ number: 2, changedLines: 4, previousId: state.first, dialect: null });
    state.second = answer.body.id;
    const list = (await viewer.call('GET', `/api/switches/${ids.sw}/configs`)).body;
    expect(list.total).toBe(2);
    expect(list.items.map((item: { number: number }) => item.number)).toEqual([2, 1]);
    expect(list.items[0]).not.toHaveProperty('text');
  });

  it('diffs two versions as a unified diff, and shows which secret changed by its mask only', async () => {
    const answer = await viewer.call('GET', `/api/configs/${state.second}/diff?against=${state.first}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const lines = answer.text.split('\n');
    expect(lines[0]).toMatch(/^--- version 1 \(/);
    expect(lines[1]).toMatch(/^\+\+\+ version 2 \(/);
    expect(lines).toContain('- description uplink');
    expect(lines).toContain('+ description uplink to core');
    const secretLines = lines.filter((line) => /^[-+]snmp-server community/.test(line));
    expect(secretLines).toHaveLength(2);
    expect(secretLines[0]).not.toBe(secretLines[1].replace('+', '-'));
    expect(answer.text).not.toContain('other-community');
    expect((await viewer.call('GET', `/api/configs/${state.first}/diff?against=${state.first}`)).text).toBe('');
  });

  it('takes the switch back to an earlier configuration as that version seen again', async () => {
    const answer = await upload(ids.sw, CONFIG);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: state.first, seenCount: 3 });
  });
});

describe('refusals and access', () => {
  it.each([
    ['an empty body', '', '', 400, 'validation_failed'],
    ['only blank and volatile lines', '\n\nBuilding configuration...\n\n', '', 400, 'validation_failed'],
    ['an unknown dialect', 'hostname x\n', '?dialect=ios', 400, 'validation_failed'],
  ])('refuses %s', async (_name, text, query, status, code) => {
    const answer = await upload(ids.other, text, query);
    expect(answer.status, answer.text).toBe(status);
    expect(answer.body.error.code).toBe(code);
  });

  it('refuses JSON (415) and a body that is not UTF-8 (400)', async () => {
    expect((await upload(ids.other, '{"a":1}', '', { type: 'application/json' })).status).toBe(415);
    const latin1 = await fetch(`${server.baseUrl}/api/switches/${ids.other}/configs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'text/plain' },
      body: Buffer.from([0x68, 0x6f, 0x73, 0x74, 0xe9, 0x0a]),
    });
    expect(latin1.status).toBe(400);
  });

  it('answers 404 for an unknown switch, version, or version to compare with, and 400 without one', async () => {
    expect((await upload(NO_SUCH_ID, 'hostname x\n')).status).toBe(404);
    expect((await call('GET', `/api/switches/${NO_SUCH_ID}/configs`)).status).toBe(404);
    expect((await call('GET', `/api/configs/${NO_SUCH_ID}`)).status).toBe(404);
    expect((await call('GET', '/api/configs/not-an-id')).status).toBe(404);
    const [version] = (await call('GET', `/api/switches/${ids.sw}/configs`)).body.items;
    expect((await call('GET', `/api/configs/${version.id}/diff?against=${NO_SUCH_ID}`)).status).toBe(404);
    const missing = await call('GET', `/api/configs/${version.id}/diff`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].field).toBe('against');
  });

  it('lets a viewer read but not upload', async () => {
    const answer = await viewer.call('POST', `/api/switches/${ids.other}/configs`, {
      raw: 'hostname x\n',
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(403);
  });

  it('removes the versions with their switch', async () => {
    const sw = (await make('/api/switches', { siteId: site.id, name: 'gone', portCount: 1 })).id;
    expect((await upload(sw, 'hostname gone\n')).status).toBe(201);
    expect((await call('DELETE', `/api/switches/${sw}`)).status).toBe(204);
    expect(readDb(server.dataDir, 'SELECT count(*) AS n FROM config_versions WHERE switch_id = ?', sw)).toEqual([{ n: 0 }]);
  });
});

describeNeeding([sharedFixture('configs/napalm')], 'real configurations', () => {
  it.each([
    ['ios_show_running_config.txt', 'cisco-ios'],
    ['eos_show_running_config.txt', 'arista-eos'],
    ['nxos_show_running_config.txt', 'nxos'],
  ])('stores %s once, with no crypt string of it left', async (file, dialect) => {
    const text = readFileSync(join(SHARED_FIXTURES, 'configs', 'napalm', file), 'utf8');
    const sw = (await make('/api/switches', { siteId: site.id, name: `real ${dialect}`, portCount: 1 })).id;
    const first = await upload(sw, text, `?dialect=${dialect}`);
    expect(first.status, first.text).toBe(201);
    expect((await upload(sw, text)).status).toBe(200);
    const stored = (await call('GET', `/api/configs/${first.body.id}`)).text;
    expect(stored).not.toMatch(/\$[156]\$[^\s<]/);
    expect(stored.split('\n').length).toBeGreaterThan(20);
  });
});

describeNeeding([sharedFixture('configs/napalm')], 'a discovery from a stored configuration', () => {
  it('answers a discovery of the switch read from the configuration, which applies as an SNMP one does', async () => {
    const text = readFileSync(join(SHARED_FIXTURES, 'configs', 'napalm', 'eos_show_running_config.txt'), 'utf8');
    const sw = (await make('/api/switches', { siteId: site.id, name: 'from config', vendor: 'Arista', portCount: 0 })).id;
    const version = (await upload(sw, text)).body;
    const answer = await call('POST', `/api/configs/${version.id}/discovery`);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.headers.get('location')).toBe(`/api/discovery/${answer.body.id}`);
    expect(answer.body).toMatchObject({ switchId: sw, siteId: site.id, host: 'configuration 1', newSwitch: false });
    const keys = answer.body.proposal.map((item: { key: string }) => item.key);
    expect(keys).toEqual(expect.arrayContaining(['vlan:1:add', 'port:Ethernet1:add', 'port:Ethernet2:add']));
    expect(answer.body.notes.some((note: string) => /lines of the configuration were not read/.test(note))).toBe(true);
    const applied = await call('POST', `/api/discovery/${answer.body.id}/apply`, { body: { keys } });
    expect(applied.status, applied.text).toBe(200);
    const ports = (await call('GET', `/api/switches/${sw}/ports`)).body.items.map((port: { name: string }) => port.name);
    expect(ports).toEqual(expect.arrayContaining(['Ethernet1', 'Ethernet2']));
  });

  it('asks for the dialect where neither the version nor the vendor names one, and answers 404 for no version', async () => {
    const sw = (await make('/api/switches', { siteId: site.id, name: 'no vendor', portCount: 0 })).id;
    const version = (await upload(sw, 'hostname x\n')).body;
    const refused = await call('POST', `/api/configs/${version.id}/discovery`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].field).toBe('dialect');
    expect((await call('POST', `/api/configs/${version.id}/discovery?dialect=cisco-ios`)).status).toBe(201);
    expect((await call('POST', `/api/configs/${NO_SUCH_ID}/discovery`)).status).toBe(404);
    expect((await viewer.call('POST', `/api/configs/${version.id}/discovery?dialect=cisco-ios`)).status).toBe(403);
  });
});
