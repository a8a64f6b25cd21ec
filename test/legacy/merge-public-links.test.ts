// A merged file must not plant public links (issue 33, finding 3): the public-tokens of a 0.20.x bundle or an ezSWM
// backup make a link only for a switch the merge creates, under a new random token, never the token the file's
// author chose; a token naming a stored switch makes nothing. Each is a fix, and a made link is in its switch's
// history. Small inputs, built here: one site, one switch, one token.
import { describe, expect, it } from 'vitest';
import { api, useTestServer, type TestServerHandle } from '../helpers/server.ts';

const CREATED_AT = '2026-11-23T02:43:52.232Z';

/** One site with one switch without ports, and one active token of that switch, in the shape `format` writes. */
function fileWith(format: 'bundle' | 'backup', names: { site: string; switch: string }, token: string) {
  const site = { id: 'site-1', name: names.site, created_at: CREATED_AT, updated_at: CREATED_AT };
  const sw = { id: 'sw-1', site_id: 'site-1', name: names.switch, created_at: CREATED_AT, updated_at: CREATED_AT };
  const link = { id: 'tok-1', switch_id: 'sw-1', token, created_at: CREATED_AT, revoked_at: null, last_access_at: CREATED_AT };
  if (format === 'bundle') return { sites: [site], switches: [{ ...sw, ports: [] }], 'public-tokens': [link] };
  return {
    version: '0.32.0',
    created_at: CREATED_AT,
    schema: 'sqlite-v1',
    data: { sites: [site], switches: [sw], ports: [], publicTokens: [link] },
  };
}

/** A token as 0.20.x made them (32 characters of nanoid's alphabet), one per test. */
const tokenOf = (n: number) => `plantedTokenOfTheFilesAuthor${String(n).padStart(4, '0')}`;

async function switchNamed(server: TestServerHandle, name: string) {
  const switches = (await server.call('GET', `/api/switches?q=${encodeURIComponent(name)}&limit=500`)).body.items;
  return switches.find((sw: any) => sw.name === name);
}

const linksOf = async (server: TestServerHandle, switchId: string) =>
  (await server.call('GET', `/api/switches/${switchId}/public-links`)).body;

describe.each(['bundle', 'backup'] as const)('POST /api/data/import of a %s with public-tokens', (format) => {
  const server = useTestServer();
  // A fix names the file as it was sent: a bundle's public-tokens.json, a backup's own list data.publicTokens.
  const tokensFile = format === 'bundle' ? 'public-tokens.json' : 'data.publicTokens';

  it('makes no public link for a stored switch the token names, lists the dropped link in the fixes, and the token opens nothing', async () => {
    const site = await server.make('/api/sites', { name: 'Campus' });
    const stored = await server.make('/api/switches', { siteId: site.id, name: 'acc-stored', portCount: 4 });
    const token = tokenOf(1);
    const answer = await server.call('POST', '/api/data/import', {
      body: fileWith(format, { site: 'Campus', switch: 'acc-stored' }, token),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.merged).toMatchObject({ sites: 1, switches: 1 });
    expect(answer.body.sharing).toMatchObject({ publicLinks: 0, links: [] });
    expect(answer.body.fixes).toContainEqual({
      file: tokensFile,
      id: 'tok-1',
      field: 'switch_id',
      from: 'sw-1',
      to: null,
      reason: expect.stringContaining('a merge makes no public link to a switch it did not create'),
    });
    expect((await api(server.baseUrl, 'GET', `/api/p/${token}`)).status).toBe(404);
    expect((await linksOf(server, stored.id)).total).toBe(0);
    expect(answer.text).not.toContain(token);
  });

  it('gives a switch the merge creates a link with a new random token: listed in the fixes and its history, opened by the new token only', async () => {
    const token = tokenOf(2);
    const answer = await server.call('POST', '/api/data/import', { body: fileWith(format, { site: 'Annex', switch: 'acc-new' }, token) });
    expect(answer.status, answer.text).toBe(200);
    const sw = await switchNamed(server, 'acc-new');
    expect(answer.body.sharing.publicLinks).toBe(1);
    const [made] = answer.body.sharing.links;
    expect(made).toEqual({
      id: expect.any(String),
      fileId: 'tok-1',
      switchId: sw.id,
      switchName: 'acc-new',
      url: expect.stringMatching(/\/p\//),
    });
    const newToken = made.url.split('/p/')[1];
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken).not.toBe(token);
    expect(answer.body.fixes).toContainEqual({
      file: tokensFile,
      id: 'tok-1',
      field: 'token',
      from: null,
      to: null,
      reason: expect.stringContaining('"acc-new" gets a new random token'),
    });
    expect(JSON.stringify(answer.body.fixes)).not.toContain(newToken);
    expect(answer.headers.get('cache-control')).toBe('no-store');

    expect((await api(server.baseUrl, 'GET', `/api/p/${token}`)).status).toBe(404);
    const opened = await api(server.baseUrl, 'GET', `/api/p/${newToken}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.switch.name).toBe('acc-new');

    const links = await linksOf(server, sw.id);
    expect(links.items).toEqual([expect.objectContaining({ id: made.id, createdBy: server.userId, createdByUsername: 'admin' })]);
    const history = (await server.call('GET', `/api/activity?entityType=switch&entityId=${sw.id}`)).body.items;
    const entry = history.find((item: any) => item.changes?.publicLink);
    expect(entry).toMatchObject({ action: 'update', entityId: sw.id, undoable: false, changes: { publicLink: [null, made.id] } });
    expect(entry.summary).toContain('Made a public link to switch acc-new');
    const everything = (await server.call('GET', '/api/activity?limit=500')).text;
    expect(everything).not.toContain(newToken);
    expect(everything).not.toContain(token);
  });

  it('in a dry run counts the link and names its new token in the fixes, making nothing', async () => {
    const token = tokenOf(3);
    const answer = await server.call('POST', '/api/data/import?dryRun=true', {
      body: fileWith(format, { site: 'Depot', switch: 'acc-dry' }, token),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.sharing).toEqual({ publicLinks: 1, topologyPositions: 0 });
    expect(answer.body.fixes).toContainEqual(expect.objectContaining({ file: tokensFile, id: 'tok-1', field: 'token' }));
    expect((await api(server.baseUrl, 'GET', `/api/p/${token}`)).status).toBe(404);
    expect(await switchNamed(server, 'acc-dry')).toBeUndefined();
  });
});

describe('POST /api/data/import of a Switchyard export from another install', () => {
  const server = useTestServer();

  it('makes no public link, whatever public links or tokens the document carries', async () => {
    const site = await server.make('/api/sites', { name: 'Source' });
    await server.make('/api/switches', { siteId: site.id, name: 'acc-export', portCount: 2 });
    const exported = (await server.call('GET', '/api/backup/export')).body;
    exported.data.sites[0].name = 'Elsewhere';
    const docSwitchId = exported.data.switches[0].id;
    const token = tokenOf(4);
    const link = { id: 'tok-1', switchId: docSwitchId, switch_id: docSwitchId, token, createdAt: CREATED_AT };
    exported.data.publicLinks = [link];
    exported.data.publicTokens = [link];
    exported.data['public-tokens'] = [link];
    const answer = await server.call('POST', '/api/data/import', { body: exported });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.created).toMatchObject({ sites: 1, switches: 1 });
    expect(answer.body.sharing).toBeUndefined();
    expect((await api(server.baseUrl, 'GET', `/api/p/${token}`)).status).toBe(404);
    const switches = (await server.call('GET', '/api/switches?q=acc-export&limit=500')).body.items;
    for (const sw of switches) expect((await linksOf(server, sw.id)).total).toBe(0);
  });
});
