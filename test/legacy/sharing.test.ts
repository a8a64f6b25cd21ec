// The public tokens and topology layout of the real 0.20.3 data directory (../shared/fixtures/ezswm-0.20.3: acc-bib's
// token opened once, sw-halle's never, stk-verw's revoked; 6 positions in Hauptcampus Nord), through the start-up
// migration, the merge of its files, and the merge of the ezSWM 0.32 backup made from it. The start-up migration
// keeps the active tokens (they open their switch at /api/p/<token> as before); a merge gives each link of a switch
// it creates a new random token instead, answered once in sharing.links, and the file's tokens open nothing. The
// revoked one opens nothing and is named in the log, the positions are the topology's, and no token of the file is
// ever written into the log.
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeNeeding, SHARED_FIXTURES, sharedFixture } from '../helpers/needs.ts';
import { LEGACY_KINDS } from '../../src/legacy/types.ts';
import { api, freshDataDir, startServer, useTestServer, type TestServer, type TestServerHandle } from '../helpers/server.ts';
import { archives } from './helpers.ts';

const FIXTURES = SHARED_FIXTURES;
const FIXTURE = join(FIXTURES, 'ezswm-0.20.3');
const FIXTURE_FILES = sharedFixture('ezswm-0.20.3');
const read = (name: string): any => JSON.parse(readFileSync(join(FIXTURE, `${name}.json`), 'utf8'));

/** The fixture's tokens by the name of their switch, and its layout as switch name → [x, y]. */
function expected() {
  const switches: any[] = read('switches');
  const sites: any[] = read('sites');
  const nameOf = (id: string) => switches.find((sw) => sw.id === id)?.name;
  const tokens = Object.fromEntries((read('public-tokens') as any[]).map((t) => [nameOf(t.switch_id), t]));
  const [[siteId, layout]] = Object.entries(read('topology-layouts') as Record<string, any>);
  const positions = Object.fromEntries(
    Object.entries(layout.node_positions as Record<string, { x: number; y: number }>).map(([id, at]) => [nameOf(id), [at.x, at.y]]),
  );
  return { tokens, positions, site: sites.find((s) => s.id === siteId).name as string };
}

/** A site's topology as switch name → [x, y], placed switches only. */
async function placed(baseUrl: string, token: string, siteName: string): Promise<Record<string, [number, number]>> {
  const sites = (await api(baseUrl, 'GET', `/api/sites?limit=500`, { token })).body.items;
  const site = sites.find((s: any) => s.name === siteName);
  const topology = (await api(baseUrl, 'GET', `/api/sites/${site.id}/topology`, { token })).body;
  return Object.fromEntries(topology.nodes.filter((node: any) => node.x !== null).map((node: any) => [node.name, [node.x, node.y]]));
}

/** What the new token of each link a merge made opens: its switch's name as the answer names it → the name /api/p shows. */
async function openedByNewTokens(server: TestServerHandle, links: { switchName: string; url: string }[]): Promise<Record<string, string>> {
  const opened: Record<string, string> = {};
  for (const link of links)
    opened[link.switchName] = (await api(server.baseUrl, 'GET', `/api/p/${link.url.split('/p/')[1]}`)).body.switch?.name;
  return opened;
}

describeNeeding([FIXTURE_FILES], 'the start-up migration of public-tokens.json and topology-layouts.json', () => {
  let server: TestServer;
  let token: string;
  let dataDir: string;
  const fixture = expected();

  beforeAll(async () => {
    dataDir = freshDataDir();
    for (const name of readdirSync(FIXTURE).filter((file) => file.endsWith('.json'))) cpSync(join(FIXTURE, name), join(dataDir, name));
    server = await startServer({ dataDir });
    const login = await api(server.baseUrl, 'POST', '/api/auth/login', {
      body: { username: 'campus_admin', password: 'Campus-Admin-2025!' },
    });
    // Until the sign-in of 0.20.x users lands, a fresh admin reads instead.
    token =
      login.status === 200
        ? login.body.token
        : (await api(server.baseUrl, 'POST', '/api/auth/setup', { body: { username: 'reader', password: 'reader-password-1' } })).body
            .token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(['acc-bib', 'sw-halle'])('keeps the active token of %s: it opens its switch, without signing in', async (name) => {
    const answer = await api(server.baseUrl, 'GET', `/api/p/${fixture.tokens[name].token}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.switch.name).toBe(name);
  });

  it('keeps when each link was made and last opened, made by nobody', async () => {
    const switches = (await api(server.baseUrl, 'GET', '/api/switches?limit=500', { token })).body.items;
    const bib = switches.find((sw: any) => sw.name === 'acc-bib');
    const links = (await api(server.baseUrl, 'GET', `/api/switches/${bib.id}/public-links`, { token })).body.items;
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ createdAt: fixture.tokens['acc-bib'].created_at, createdBy: null });
    // Opened at the start of this test file, or as 0.20.3 last recorded.
    expect(links[0].lastAccessAt >= fixture.tokens['acc-bib'].last_access_at).toBe(true);
  });

  it('does not migrate the revoked token of stk-verw, and names it in the log', async () => {
    const revoked = fixture.tokens['stk-verw'];
    expect((await api(server.baseUrl, 'GET', `/api/p/${revoked.token}`)).status).toBe(404);
    expect(server.logs()).toMatch(new RegExp(`value fixed file=public-tokens.json id=${revoked.id} field=revoked_at .*revoked`));
    expect(server.logs()).toMatch(/public links migrated count=2/);
  });

  it('never writes a token into the log', () => {
    for (const { token: value } of Object.values(fixture.tokens) as any[]) expect(server.logs()).not.toContain(value);
  });

  it('places the 6 switches of the layout where 0.20.3 had them', async () => {
    expect(Object.keys(fixture.positions)).toHaveLength(6);
    expect(await placed(server.baseUrl, token, fixture.site)).toEqual(fixture.positions);
    expect(server.logs()).toMatch(/topology positions migrated count=6/);
  });

  it('archives both files, and no longer names them as not migrated', () => {
    const [archive] = archives(dataDir);
    const archived = readdirSync(join(dataDir, archive));
    expect(archived).toEqual(expect.arrayContaining(['public-tokens.json', 'topology-layouts.json']));
    expect(existsSync(join(dataDir, 'public-tokens.json'))).toBe(false);
    expect(server.logs()).not.toMatch(/file not migrated.*(public-tokens|topology-layouts)/);
  });
});

describeNeeding([FIXTURE_FILES], 'POST /api/data/import of the 0.20.3 files with their tokens and layout', () => {
  const server = useTestServer();
  const fixture = expected();
  const bundle = Object.fromEntries(LEGACY_KINDS.map((kind) => [kind, read(kind)]));

  it('answers the dry run with what it would make, making nothing', async () => {
    const answer = await server.call('POST', '/api/data/import?dryRun=true', { body: bundle });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.sharing).toEqual({ publicLinks: 2, topologyPositions: 6 });
    expect((await api(server.baseUrl, 'GET', `/api/p/${fixture.tokens['acc-bib'].token}`)).status).toBe(404);
  });

  it('makes the 2 active links with new tokens and the 6 positions; the revoked token is a fix', async () => {
    const answer = await server.call('POST', '/api/data/import', { body: bundle });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.sharing).toMatchObject({ publicLinks: 2, topologyPositions: 6 });
    expect(answer.body.fixes).toContainEqual(
      expect.objectContaining({ file: 'public-tokens.json', id: fixture.tokens['stk-verw'].id, field: 'revoked_at' }),
    );
    for (const name of ['acc-bib', 'sw-halle']) {
      expect(answer.text).not.toContain(fixture.tokens[name].token);
      expect(answer.body.fixes).toContainEqual(
        expect.objectContaining({ file: 'public-tokens.json', id: fixture.tokens[name].id, field: 'token' }),
      );
    }
    expect(await openedByNewTokens(server, answer.body.sharing.links)).toEqual({ 'acc-bib': 'acc-bib', 'sw-halle': 'sw-halle' });
    for (const token of Object.values(fixture.tokens) as any[])
      expect((await api(server.baseUrl, 'GET', `/api/p/${token.token}`)).status).toBe(404);
    expect(await placed(server.baseUrl, server.token, fixture.site)).toEqual(fixture.positions);
  });

  it('merged again, makes no link to the switches it merged into and keeps the positions they have', async () => {
    const answer = await server.call('POST', '/api/data/import', { body: bundle });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.sharing).toEqual({ publicLinks: 0, topologyPositions: 0, links: [] });
    const fixes = answer.body.fixes.filter((fix: any) => ['public-tokens.json', 'topology-layouts.json'].includes(fix.file));
    expect(fixes.filter((fix: any) => fix.reason.includes('a switch it did not create'))).toHaveLength(2);
    expect(fixes.filter((fix: any) => fix.reason.includes('keeps that one'))).toHaveLength(6);
  });
});

describeNeeding([sharedFixture('ezswm-0.32-backup.json')], 'POST /api/data/import of the ezSWM 0.32 backup', () => {
  const server = useTestServer();

  it('takes its publicTokens and topologyLayouts as the 0.20.3 files hold them', async () => {
    const backup = JSON.parse(readFileSync(join(FIXTURES, 'ezswm-0.32-backup.json'), 'utf8'));
    const fixture = expected();
    const answer = await server.call('POST', '/api/data/import', { body: backup });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.sharing).toMatchObject({ publicLinks: 2, topologyPositions: 6 });
    expect(await openedByNewTokens(server, answer.body.sharing.links)).toEqual({ 'acc-bib': 'acc-bib', 'sw-halle': 'sw-halle' });
    for (const token of Object.values(fixture.tokens) as any[])
      expect((await api(server.baseUrl, 'GET', `/api/p/${token.token}`)).status).toBe(404);
    expect(await placed(server.baseUrl, server.token, fixture.site)).toEqual(fixture.positions);
  });
});
