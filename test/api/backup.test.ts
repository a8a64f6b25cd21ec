// Backup export and restore over HTTP against real server processes.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_ORDER, comparable, exportDocument, useSourceAndTarget } from '../helpers/data.ts';
import { TEST_PASSWORD, api, userWithRole } from '../helpers/server.ts';

const servers = useSourceAndTarget({ before: (source) => userWithRole(source.baseUrl, source.token, 'erin', 'editor') });
const { source, target } = servers;
/** The target admin's token: a restore with users=replace ends it, and the admin signs in again. */
let targetAdmin: string;

beforeAll(() => {
  targetAdmin = target.token;
});

describe('GET /api/backup/export', () => {
  it('answers the db-v1 document as an attachment, with counts that match its data', async () => {
    const answer = await source.call('GET', '/api/backup/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="switchyard-backup-\d{8}T\d{6}Z\.json"$/);
    const doc = answer.body;
    expect(doc).toMatchObject({ schema: 'db-v1', schemaVersion: 18, app: 'switchyard' });
    expect(Object.keys(doc).slice(0, 2)).toEqual(['schema', 'schemaVersion']);
    expect(Date.parse(doc.exportedAt)).not.toBeNaN();
    expect(Object.keys(doc.data)).toEqual(EXPORT_ORDER);
    for (const kind of Object.keys(doc.data)) expect(doc.counts[kind]).toBe(doc.data[kind].length);
    expect(doc.counts).toMatchObject({ users: 2, sites: 1, vlans: 3, networks: 2, templates: 0, switches: 2, lags: 0, ports: 6 });
  });

  it('carries the API fields, password hashes and tagged lists, and leaves computed counts out', () => {
    expect(servers.original.data.users[0].passwordHash).toMatch(/^\$scrypt\$/);
    expect(servers.original.data.sites[0]).not.toHaveProperty('switchCount');
    expect(servers.original.data.switches[0]).not.toHaveProperty('portCount');
    expect(servers.original.data.switches[0]).not.toHaveProperty('favorite');
    expect(servers.original.data.vlans[0]).not.toHaveProperty('portCount');
    const uplink = servers.original.data.ports.find((port: any) => port.id === servers.seeded.ports.c1);
    expect(uplink).toMatchObject({
      mode: 'trunk',
      untaggedVlanId: servers.seeded.vlans.Users,
      linkedPortId: servers.seeded.ports.e1,
      speed: '10G',
      unit: 1,
      type: 'rj45',
    });
    expect([...uplink.taggedVlanIds].sort()).toEqual([servers.seeded.vlans.Voice, servers.seeded.vlans.Mgmt].sort());
  });

  it('writes json fields as JSON values and the lists of VLAN ids', () => {
    const { data } = servers.original;
    expect(data.ports.find((port: any) => port.id === servers.seeded.ports.c2).poe).toEqual({ type: '802.3af', maxWatts: 15.4 });
    expect(data.networks.find((network: any) => network.id === servers.seeded.networks.Users)).toMatchObject({
      vlanId: servers.seeded.vlans.Users,
      subnet: '10.0.10.0/24',
      dnsServers: [],
    });
    expect(data.switches.every((sw: any) => Array.isArray(sw.tags) && Array.isArray(sw.configuredVlanIds))).toBe(true);
    expect(data.vlans.map((vlan: any) => vlan.color).every((color: string) => /^#[0-9a-f]{6}$/.test(color))).toBe(true);
    expect(data.users[0]).toMatchObject({ language: 'en', displayName: null });
  });

  it.each([
    ['editor', 'erin'],
    ['anonymous', undefined],
  ])('is refused to %s', async (_, username) => {
    const token = username
      ? (await api(source.baseUrl, 'POST', '/api/auth/login', { body: { username, password: TEST_PASSWORD } })).body.token
      : undefined;
    expect((await api(source.baseUrl, 'GET', '/api/backup/export', { token })).status).toBe(username ? 403 : 401);
  });
});

describe('POST /api/backup/import', () => {
  const restore = (query: string, body: unknown, token = targetAdmin) =>
    api(target.baseUrl, 'POST', `/api/backup/import${query}`, { token, body });

  it.each<[string, (doc: any) => unknown, number, string]>([
    ['another schema', (doc) => ({ ...doc, schema: 'db-v2' }), 400, 'unsupported_schema'],
    ['no schema', ({ schema: _, ...rest }) => rest, 400, 'unsupported_schema'],
    ['a JSON array', () => [], 400, 'unsupported_schema'],
  ])('refuses %s', async (_, change, status, code) => {
    const answer = await restore('', change(servers.original));
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
  });

  it('refuses a truncated body with 400', async () => {
    const text = JSON.stringify(servers.original);
    const answer = await api(target.baseUrl, 'POST', '/api/backup/import', {
      token: targetAdmin,
      raw: text.slice(0, text.length / 2),
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_json');
  });

  it('refuses an editor', async () => {
    const editor = await userWithRole(target.baseUrl, targetAdmin, 'ed', 'editor');
    expect((await restore('', servers.original, editor.token)).status).toBe(403);
  });

  it('changes nothing when one reference deep inside is wrong, and names the record', async () => {
    const before = await exportDocument(target.baseUrl, targetAdmin);
    const bad = structuredClone(servers.original);
    const index = bad.data.ports.findIndex((port: any) => port.id === servers.seeded.ports.c2);
    bad.data.ports[index].untaggedVlanId = '0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11';
    bad.data.vlans[0].vid = 5000;
    const answer = await restore('?users=replace', bad);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    const fields = answer.body.error.details.map((detail: any) => detail.field);
    expect(fields).toContain(`data.ports[${index}].untaggedVlanId`);
    expect(fields).toContain('data.vlans[0].vid');
    expect(comparable(await exportDocument(target.baseUrl, targetAdmin))).toEqual(comparable(before));
  });

  it.each<[string, (doc: any) => void, string, number?]>([
    ['a repeated id', (doc) => (doc.data.networks[1].id = doc.data.networks[0].id), 'data.networks[1].id'],
    ['a repeated VLAN number', (doc) => (doc.data.vlans[1].vid = doc.data.vlans[0].vid), 'data.vlans[1].vid', 409],
    ['a repeated VLAN colour', (doc) => (doc.data.vlans[1].color = doc.data.vlans[0].color), 'data.vlans[1].color', 409],
    ['a network in a missing VLAN', (doc) => (doc.data.networks[0].vlanId = randomUUID()), 'data.networks[0].vlanId'],
    [
      'a configured VLAN that is missing',
      (doc) => (doc.data.switches[0].configuredVlanIds = [randomUUID()]),
      'data.switches[0].configuredVlanIds[0]',
    ],
    ['a bad PoE', (doc) => (doc.data.ports[0].poe = true), 'data.ports[0].poe'],
    ['a schema version that is not one', (doc) => (doc.schemaVersion = 'six'), 'schemaVersion'],
    ['a repeated name', (doc) => (doc.data.switches[1].name = doc.data.switches[0].name.toUpperCase()), 'data.switches[1].name', 409],
    ['a one-sided link', (doc) => (doc.data.ports.find((p: any) => p.linkedPortId).linkedPortId = null), 'linkedPortId'],
    [
      'a switch of a missing site',
      (doc) => (doc.data.switches[0].siteId = '0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11'),
      'data.switches[0].siteId',
    ],
    ['an unknown field', (doc) => (doc.data.sites[0].colour = 'red'), 'data.sites[0].colour'],
    ['a bad password hash', (doc) => (doc.data.users[0].passwordHash = 'plain'), 'data.users[0].passwordHash'],
    ['a bad activity action', (doc) => (doc.data.activity[0].action = 'explode'), 'data.activity[0].action'],
  ])('names %s', async (_, spoil, field, status = 400) => {
    const bad = structuredClone(servers.original);
    spoil(bad);
    const answer = await restore('?dryRun=true', bad);
    // A value another record of the document holds answers its rule's 409 (name_taken, conflict), as the API does.
    expect(answer.status).toBe(status);
    expect(answer.body.error.details.map((detail: any) => detail.field).join(' ')).toContain(field);
  });

  it.each(['changes', 'undoData'])(
    "names an activity entry's %s nested too deep to store (JSON.parse reads it, JSON.stringify cannot write it)",
    async (name) => {
      const bad = structuredClone(servers.original);
      bad.data.activity[0][name] = 'DEEP';
      const raw = JSON.stringify(bad).replace('"DEEP"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      const answer = await api(target.baseUrl, 'POST', '/api/backup/import?dryRun=true', {
        token: targetAdmin,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.error.details.map((detail: any) => detail.field)).toContain(`data.activity[0].${name}`);
    },
  );

  it('never locks the caller out (409 would_lock_out), and changes nothing then', async () => {
    const other = await userWithRole(target.baseUrl, targetAdmin, 'olivia', 'admin');
    const before = await exportDocument(target.baseUrl, targetAdmin);
    const answer = await restore('?users=replace', servers.original, other.token);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('would_lock_out');
    const disabled = structuredClone(servers.original);
    disabled.data.users.find((user: any) => user.username === 'admin').disabled = true;
    expect((await restore('?users=replace&dryRun=true', disabled)).body.error.code).toBe('would_lock_out');
    expect(comparable(await exportDocument(target.baseUrl, targetAdmin))).toEqual(comparable(before));
  });

  it('checks a dry run and changes nothing', async () => {
    const before = await exportDocument(target.baseUrl, targetAdmin);
    const answer = await restore('?dryRun=true&users=replace', servers.original);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ restored: servers.original.counts, dryRun: true });
    expect(comparable(await exportDocument(target.baseUrl, targetAdmin))).toEqual(comparable(before));
  });

  it('restores without users: the inventory and activity replaced, the users kept', async () => {
    const answer = await restore('', servers.original);
    expect(answer.status).toBe(200);
    expect(answer.body.restored).toEqual({ ...servers.original.counts, users: 0 });
    const after = await exportDocument(target.baseUrl, targetAdmin);
    expect(after.data.users.map((user: any) => user.username).sort()).toEqual(['admin', 'ed', 'olivia']);
    for (const kind of ['sites', 'vlans', 'networks', 'switches', 'ports']) expect(after.data[kind]).toEqual(servers.original.data[kind]);
  });

  it('export → restore with users=replace → export gives the same document but for exportedAt and the restore entry', async () => {
    const answer = await restore('?users=replace', servers.original);
    expect(answer.status).toBe(200);
    expect(answer.body.restored).toEqual(servers.original.counts);
    expect((await api(target.baseUrl, 'GET', '/api/auth/me', { token: targetAdmin })).status).toBe(401);
    const login = await api(target.baseUrl, 'POST', '/api/auth/login', { body: { username: 'erin', password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('editor');
    targetAdmin = (await api(target.baseUrl, 'POST', '/api/auth/login', { body: { username: 'admin', password: TEST_PASSWORD } })).body
      .token;
    const again = await exportDocument(target.baseUrl, targetAdmin);
    const entry = again.data.activity.pop();
    expect(entry).toMatchObject({ action: 'restore', undoable: false, username: 'admin' });
    again.counts.activity -= 1;
    const lastLogin = (doc: any) => doc.data.users.map((user: any) => ({ ...user, lastLoginAt: null }));
    expect({ ...comparable(again), data: { ...again.data, users: lastLogin(again) } }).toEqual({
      ...comparable(servers.original),
      data: { ...servers.original.data, users: lastLogin(servers.original) },
    });
  });

  it('shows the restore in the activity log, not undoable; restored entries can still be undone', async () => {
    const list = (await api(target.baseUrl, 'GET', '/api/activity?limit=5', { token: targetAdmin })).body.items;
    expect(list[0].action).toBe('restore');
    const undoRestore = await api(target.baseUrl, 'POST', `/api/activity/${list[0].id}/undo`, { token: targetAdmin });
    expect(undoRestore.status).toBe(409);
    expect(undoRestore.body.error.code).toBe('not_undoable');
    const undoable = list.find((entry: any) => entry.undoable);
    expect((await api(target.baseUrl, 'POST', `/api/activity/${undoable.id}/undo`, { token: targetAdmin })).status).toBe(200);
  });
});

describe('POST /api/backup/import with exactly one bad reference deep inside', () => {
  // The test above adds a second fault, which alone would refuse the document. The source restores its own
  // export here, so that nothing but the one spoiled reference is wrong.
  it.each<[string, (doc: any) => string]>([
    [
      "the last port's untagged VLAN",
      (doc) => {
        doc.data.ports.at(-1).untaggedVlanId = randomUUID();
        return `data.ports[${doc.data.ports.length - 1}].untaggedVlanId`;
      },
    ],
    [
      'a tagged VLAN of a port',
      (doc) => {
        const index = doc.data.ports.findIndex((port: any) => port.taggedVlanIds.length > 0);
        doc.data.ports[index].taggedVlanIds[1] = randomUUID();
        return `data.ports[${index}].taggedVlanIds[1]`;
      },
    ],
    [
      "the last switch's site",
      (doc) => {
        doc.data.switches.at(-1).siteId = randomUUID();
        return `data.switches[${doc.data.switches.length - 1}].siteId`;
      },
    ],
  ])('(%s) changes nothing and names only that record', async (_, spoil) => {
    const before = await exportDocument(source.baseUrl, source.token);
    const bad = structuredClone(before);
    const field = spoil(bad);
    const answer = await source.call('POST', '/api/backup/import?users=replace', { body: bad });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details.map((detail: any) => detail.field)).toEqual([field]);
    expect(comparable(await exportDocument(source.baseUrl, source.token))).toEqual(comparable(before));
  });
});
