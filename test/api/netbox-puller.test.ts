// `npm run import-netbox` (src/cli/import-netbox.ts) against a small fake NetBox on 127.0.0.1 that serves the campus
// bundle (test/fixtures/netbox/campus.json) two records a page, as NetBox pages a list (count, next, previous,
// results; `next` naming the host NetBox believes it has, here another one), and asks for its token. A test of the
// puller: the import itself is tested in netbox-import.test.ts.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, runProcess, useTestServer } from '../helpers/server.ts';

const NETBOX_TOKEN = '0123456789abcdef0123456789abcdef01234567';
const PAGE = 2;
const bundle: Record<string, { results: unknown[] }> = JSON.parse(
  readFileSync(join(ROOT, 'test', 'fixtures', 'netbox', 'campus.json'), 'utf8'),
);

const server = useTestServer();
let netbox: Server;
let netboxUrl = '';
const asked: string[] = [];

beforeAll(async () => {
  netbox = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    asked.push(`${url.pathname}${url.search}`);
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Token ${NETBOX_TOKEN}`) return answer(403, { detail: 'Invalid token' });
    const path = url.pathname.replace(/^\/api\//, '').replace(/\/$/, '');
    // This NetBox has no VLAN groups (as before 2.10): the puller leaves the path out.
    if (path === 'ipam/vlan-groups') return answer(404, { detail: 'Not found.' });
    const results = bundle[path]?.results ?? [];
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const page = (offset2: number) => `http://netbox.internal:8080/api/${path}/?limit=${PAGE}&offset=${offset2}`;
    answer(200, {
      count: results.length,
      next: offset + PAGE < results.length ? page(offset + PAGE) : null,
      previous: offset > 0 ? page(Math.max(0, offset - PAGE)) : null,
      results: results.slice(offset, offset + PAGE),
    });
  });
  await new Promise<void>((done) => netbox.listen(0, '127.0.0.1', done));
  netboxUrl = `http://127.0.0.1:${(netbox.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => netbox?.close(done));
});

const pull = (...extra: string[]) =>
  runProcess([
    'src/cli/import-netbox.ts',
    '--url',
    netboxUrl,
    '--token',
    NETBOX_TOKEN,
    '--server',
    server.baseUrl,
    '--server-token',
    server.token,
    '--timeout',
    '60',
    ...extra,
  ]);

it('pulls every page of every list with the token and sends the bundle as a dry run that changes nothing', async () => {
  const { code, output } = await pull('--dry-run');
  expect(code, output).toBe(0);
  expect(output).toContain('pulled dcim/interfaces: 11');
  expect(output).toContain('NetBox has no ipam/vlan-groups (404): left out');
  expect(output).toMatch(/dry run: would create 1 sites, 3 vlans, 3 networks, 2 ranges, 2 switches, 9 ports, 4 addresses/);
  // Eleven interfaces two a page: six pages, each `next` followed on the given NetBox, not on the host it names.
  expect(asked.filter((path) => path.startsWith('/api/dcim/interfaces/'))).toHaveLength(6);
  expect((await server.must(200, 'GET', '/api/sites')).items).toHaveLength(0);
});

it('imports the pulled bundle', async () => {
  const { code, output } = await pull();
  expect(code, output).toBe(0);
  expect(output).toMatch(/^created 1 sites/m);
  const switches = (await server.must(200, 'GET', '/api/switches?sort=name')).items;
  expect(switches.map((sw: { name: string }) => sw.name)).toEqual(['acc-1', 'core-1']);
});

it.each([
  ['a wrong NetBox token', () => ['--url', netboxUrl, '--token', 'wrong'], /NetBox answered 403/],
  ['no NetBox URL', () => ['--token', NETBOX_TOKEN], /--url and --token are needed/],
  ['an unknown argument', () => ['--url', netboxUrl, '--token', NETBOX_TOKEN, '--limit', '5'], /unknown or incomplete argument: --limit/],
])('exits 1 with the reason for %s', async (_what, args, reason) => {
  const { code, output } = await runProcess([
    'src/cli/import-netbox.ts',
    ...args(),
    '--server',
    server.baseUrl,
    '--server-token',
    server.token,
  ]);
  expect(code, output).toBe(1);
  expect(output).toMatch(reason);
});
