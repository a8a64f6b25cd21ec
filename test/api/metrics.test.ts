// GET /api/metrics: the scrape, read by an independent parser of the Prometheus text format, counts what was done
// (by route pattern, never by raw path), and only an admin token or an address of METRICS_ALLOW may read it.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATENCY_BOUNDS_S } from '../../src/metrics/request-stats.ts';
import { ALL_ROUTES } from '../../src/routes/index.ts';
import { rawApi } from '../helpers/http.ts';
import { api, NO_SUCH_ID, ROOT, setupAdmin, startServer, type TestServer, useSignedInUsers, useTestServer } from '../helpers/server.ts';

const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => ParsedFamily[];
interface ParsedSample {
  value?: string;
  labels?: Record<string, string>;
  buckets?: Record<string, string>;
  count?: string;
  sum?: string;
}
interface ParsedFamily {
  name: string;
  type: string;
  metrics: ParsedSample[];
}

/** A scrape as the parser reads it. */
interface Scrape {
  text: string;
  families: Map<string, ParsedFamily>;
}

async function scrape(baseUrl: string, token: string): Promise<Scrape> {
  const answer = await api(baseUrl, 'GET', '/api/metrics', { token });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return { text: answer.text, families: new Map(parse(answer.text).map((family) => [family.name, family])) };
}

/** The value of the series of `name` with exactly these labels; 0 when there is none yet (a counter not yet counted). */
function seriesValue(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = scraped.families.get(name);
  const sample = family?.metrics.find((metric) => JSON.stringify(metric.labels ?? {}) === JSON.stringify(labels));
  return sample ? Number(sample.value) : 0;
}

/**
 * The histogram series of `labels` (written first, as the service writes them). The parser folds the series of
 * a labelled histogram into one (yunyu/parse-prometheus-text-format#13), so it is given that series alone, with
 * those labels taken off: it then reads the buckets, sum and count of the one series.
 */
function histogramOf(scraped: Scrape, name: string, labels: Record<string, string>) {
  const labelText = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .join(',');
  const own = scraped.text
    .split('\n')
    .filter((line) => line.startsWith(`# TYPE ${name} `) || line.startsWith(`${name}_`))
    .filter((line) => line.startsWith('#') || line.includes(`{${labelText},`) || line.includes(`{${labelText}}`))
    .map((line) => line.replace(`{${labelText},`, '{').replace(`{${labelText}}`, ''));
  const [family] = parse(`${own.join('\n')}\n`);
  expect(family.type).toBe('HISTOGRAM');
  const { buckets = {}, count, sum } = family.metrics[0];
  // By upper bound: the parser's object lists integer-like keys ("1", "10") first.
  const byBound = Object.entries(buckets)
    .map(([le, value]) => ({ le: Number(le === '+Inf' ? Infinity : le), value: Number(value) }))
    .sort((a, b) => a.le - b.le);
  return { buckets: byBound, count: Number(count), sum: Number(sum) };
}

describe('the scrape', () => {
  const server = useTestServer();
  let before: Scrape;
  let after: Scrape;

  beforeAll(async () => {
    before = await scrape(server.baseUrl, server.token);
    expect((await server.call('POST', '/api/sites', { body: { name: 'metrics-site' } })).status).toBe(201);
    // The same read twice: the second is answered from the read cache.
    expect((await server.call('GET', '/api/sites')).status).toBe(200);
    expect((await server.call('GET', '/api/sites')).status).toBe(200);
    expect((await server.call('GET', `/api/sites/${NO_SUCH_ID}`)).status).toBe(404);
    expect((await server.call('GET', `/api/no-such-endpoint/${NO_SUCH_ID}?q=secret`)).status).toBe(404);
    after = await scrape(server.baseUrl, server.token);
  });

  const delta = (name: string, labels?: Record<string, string>) => seriesValue(after, name, labels) - seriesValue(before, name, labels);
  const requests = (route: string, method: string, status: string) => ({ route, method, status });

  it.each<[string, string, Record<string, string> | undefined, number]>([
    ['a write, by its route pattern', 'switchyard_http_requests_total', requests('/api/sites', 'POST', '201'), 1],
    ['two list reads', 'switchyard_http_requests_total', requests('/api/sites', 'GET', '200'), 2],
    ['a read of a missing site, by its pattern', 'switchyard_http_requests_total', requests('/api/sites/:id', 'GET', '404'), 1],
    ['a path no route has, as "other"', 'switchyard_http_requests_total', requests('other', 'GET', '404'), 1],
    ['the second of two identical reads as a read-cache hit', 'switchyard_read_cache_hits_total', undefined, 1],
    ['the write as one COMMIT', 'switchyard_db_commits_total', undefined, 1],
    ['the write as one transaction committed', 'switchyard_db_committed_transactions_total', undefined, 1],
  ])('counts %s', (_what, name, labels, expected) => {
    expect(after.families.get(name)?.type).toBe('COUNTER');
    expect(delta(name, labels)).toBe(expected);
  });

  it.each([
    ['GET', '/api/sites'],
    ['POST', '/api/sites'],
    ['GET', '/api/sites/:id'],
    ['GET', 'other'],
  ])('has a latency histogram of %s %s: cumulative buckets, +Inf equal to the count of its answers', (method, route) => {
    const { buckets, count, sum } = histogramOf(after, 'switchyard_http_request_duration_seconds', { route, method });
    const answered = after.families
      .get('switchyard_http_requests_total')!
      .metrics.filter((sample) => sample.labels?.route === route && sample.labels.method === method)
      .reduce((total, sample) => total + Number(sample.value), 0);
    expect(buckets).toHaveLength(LATENCY_BOUNDS_S.length + 1);
    expect(buckets.at(-1)).toEqual({ le: Infinity, value: count });
    expect(count).toBe(answered);
    for (let index = 1; index < buckets.length; index++) expect(buckets[index].value).toBeGreaterThanOrEqual(buckets[index - 1].value);
    expect(sum).toBeGreaterThan(0);
  });

  it.each([
    ['switchyard_db_size_bytes', 'the database file'],
    ['switchyard_db_wal_size_bytes', 'the WAL after a write'],
    ['switchyard_schema_version', 'the schema version'],
    ['process_resident_memory_bytes', 'the resident memory'],
    ['process_cpu_seconds_total', 'the CPU time'],
  ])('has %s (%s) above 0', (name) => {
    expect(seriesValue(after, name)).toBeGreaterThan(0);
  });

  it('names the release in its build info and has no replication lag without Litestream', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(after.families.get('switchyard_build_info')!.metrics[0].labels).toMatchObject({ version });
    expect(after.families.has('switchyard_replication_lag_seconds')).toBe(false);
  });

  it('never labels a series with a raw path: route labels are patterns of the route table or "other"', () => {
    expect(after.text).not.toContain(NO_SUCH_ID);
    expect(after.text).not.toContain('no-such-endpoint');
    const patterns = new Set([...ALL_ROUTES.map((route) => route.path), 'other']);
    const routes = after.families.get('switchyard_http_requests_total')!.metrics.map((sample) => sample.labels!.route);
    expect(routes.filter((route) => !patterns.has(route))).toEqual([]);
  });
});

describe('who may scrape', () => {
  const plain = useTestServer();
  const users = useSignedInUsers(plain, { viewer: 'metrics-viewer' });
  // 127.0.0.3 is a reverse proxy: the address it forwards is the client's.
  const allowing = useTestServer({ env: { METRICS_ALLOW: '127.0.0.1, 192.0.2.0/24', TRUSTED_PROXIES: '127.0.0.3' } });

  interface Scenario {
    server: 'plain' | 'allowing';
    token: 'admin' | 'viewer' | 'none';
    from: string;
    forwardedFor?: string;
    status: number;
  }

  it.each<[string, Scenario]>([
    ['an admin token', { server: 'plain', token: 'admin', from: '127.0.0.1', status: 200 }],
    ['a viewer token', { server: 'plain', token: 'viewer', from: '127.0.0.1', status: 403 }],
    ['no token, without METRICS_ALLOW', { server: 'plain', token: 'none', from: '127.0.0.1', status: 401 }],
    ['no token from an address of METRICS_ALLOW', { server: 'allowing', token: 'none', from: '127.0.0.1', status: 200 }],
    ['no token from an address outside METRICS_ALLOW', { server: 'allowing', token: 'none', from: '127.0.0.2', status: 401 }],
    ['an admin token from outside METRICS_ALLOW', { server: 'allowing', token: 'admin', from: '127.0.0.2', status: 200 }],
    [
      'no token, forwarded for an allowed address by a peer that is not a trusted proxy',
      { server: 'allowing', token: 'none', from: '127.0.0.2', forwardedFor: '127.0.0.1', status: 401 },
    ],
    [
      'no token, through the trusted proxy for a client of METRICS_ALLOW',
      { server: 'allowing', token: 'none', from: '127.0.0.3', forwardedFor: '192.0.2.7', status: 200 },
    ],
    [
      'no token, through the trusted proxy for a client outside METRICS_ALLOW',
      { server: 'allowing', token: 'none', from: '127.0.0.3', forwardedFor: '198.51.100.1', status: 401 },
    ],
  ])('%s', async (_who, scenario) => {
    const server = scenario.server === 'plain' ? plain : allowing;
    const token = { admin: server.token, viewer: users.viewer, none: undefined }[scenario.token];
    const headers: Record<string, string> = scenario.forwardedFor ? { 'x-forwarded-for': scenario.forwardedFor } : {};
    const answer = await rawApi(server.baseUrl, 'GET', '/api/metrics', { token, from: scenario.from, headers });
    expect(answer.status).toBe(scenario.status);
    if (answer.status === 200) expect(answer.body).toContain('# TYPE switchyard_http_requests_total counter');
    if (answer.status === 401) expect(answer.body.error.code).toBe('unauthorized');
    if (answer.status === 403) expect(answer.body.error.code).toBe('forbidden');
  });
});

describe('under Litestream', () => {
  let litestream: Server;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    // Litestream's own metrics page, its replica caught up with the WAL.
    const page = [
      'litestream_shadow_wal_index 0',
      'litestream_shadow_wal_size 4152',
      'litestream_replica_wal_index 0',
      'litestream_replica_wal_offset 4152',
      `process_start_time_seconds ${Math.floor(Date.now() / 1000) - 60}`,
      '',
    ].join('\n');
    litestream = createServer((_request, response) => response.end(page));
    await new Promise<void>((done) => litestream.listen(0, '127.0.0.1', done));
    const { port } = litestream.address() as { port: number };
    server = await startServer({
      env: { LITESTREAM_REPLICA_URL: 'file:///tmp/switchyard-replica', LITESTREAM_METRICS_URL: `http://127.0.0.1:${port}/metrics` },
    });
    token = (await setupAdmin(server.baseUrl)).token;
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((done) => litestream.close(done));
  });

  it('has the replication lag as a gauge', async () => {
    const scraped = await scrape(server.baseUrl, token);
    const lag = scraped.families.get('switchyard_replication_lag_seconds');
    expect(lag?.type).toBe('GAUGE');
    // Caught up: no older than the scrape (src/metrics/replication.test.ts tests how the lag is worked out).
    expect(Number(lag?.metrics[0].value)).toBeGreaterThanOrEqual(0);
    expect(Number(lag?.metrics[0].value)).toBeLessThan(5);
  });
});
