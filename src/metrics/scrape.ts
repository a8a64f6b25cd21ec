// What GET /api/metrics answers: every metric of docs/OPERATIONS.md ("Metrics") in the Prometheus text format.
// Counters are kept where they happen (the router, the read cache, db/open.ts's commits); sizes and process
// figures are read here, at scrape time, so that nothing is measured between scrapes.
import { statSync } from 'node:fs';
import type { Config } from '../boot/config.ts';
import { schemaVersion } from '../db/migrate.ts';
import { commitCounts, type Db } from '../db/open.ts';
import { pollFamilies, type PollStats } from './poll-stats.ts';
import { deliveryCounts } from '../db/webhooks.ts';
import { family, histogramFamily, type Sample } from './prometheus-text.ts';
import { replicationLagSeconds } from './replication.ts';
import { LATENCY_BOUNDS_S, type RequestStats, type RouteStats } from './request-stats.ts';

/** What a scrape reads: the service's counters and where its files are. */
export interface ScrapeSources {
  db: Db;
  config: Config;
  /** The release (package.json). */
  version: string;
  requests: RequestStats;
  polls: PollStats;
  cache: { hits: number; misses: number; entries: number; bytes: number };
}

/** The scrape's text: every family, each with its HELP and TYPE lines. */
export async function scrapeText(sources: ScrapeSources): Promise<string> {
  const [loopLag, replicationLag] = await Promise.all([eventLoopLagSeconds(), readReplicationLag(sources.config)]);
  return [
    serviceFamilies(sources),
    requestFamilies(sources.requests.all()),
    databaseFamilies(sources.db, sources.config.databasePath),
    cacheFamilies(sources.cache),
    pollFamilies(sources.polls, sources.db),
    webhookFamilies(sources.db),
    processFamilies(loopLag),
    replicationLag === null ? '' : family('switchyard_replication_lag_seconds', 'gauge', REPLICATION_LAG_HELP, [{ value: replicationLag }]),
  ].join('');
}

const REPLICATION_LAG_HELP = 'How far the Litestream replica is behind the database, in seconds.';

function serviceFamilies({ db, version }: ScrapeSources): string {
  const build = family('switchyard_build_info', 'gauge', 'The release and the Node version of this process; always 1.', [
    { labels: { version, node: process.version }, value: 1 },
  ]);
  const schema = readableSchemaVersion(db);
  if (schema === undefined) return build;
  return build + family('switchyard_schema_version', 'gauge', 'The newest schema migration applied to the database.', [{ value: schema }]);
}

// A database that cannot be read is GET /api/health's to report: the scrape goes on without the figure.
function readableSchemaVersion(db: Db): number | undefined {
  try {
    return schemaVersion(db);
  } catch {
    return undefined;
  }
}

function requestFamilies(routes: RouteStats[]): string {
  const answered = routes.filter((stats) => stats.count > 0);
  const counts: Sample[] = answered.flatMap(({ route, method, byStatus }) =>
    [...byStatus].map(([status, value]) => ({ labels: { route, method, status: String(status) }, value })),
  );
  return (
    family('switchyard_http_requests_total', 'counter', 'API requests answered, by route pattern, method and status.', counts) +
    histogramFamily(
      'switchyard_http_request_duration_seconds',
      'Time from the request to its answer written, by route pattern and method.',
      LATENCY_BOUNDS_S,
      answered.map(({ route, method, buckets, sumSeconds, count }) => ({
        labels: { route, method },
        counts: buckets,
        sum: sumSeconds,
        count,
      })),
    )
  );
}

function webhookFamilies(db: Db): string {
  const counts = deliveryCounts(db);
  const byStatus = (['queued', 'delivered', 'failed'] as const).map((status) => ({ labels: { status }, value: counts[status] }));
  const age = counts.oldestQueuedAt === null ? 0 : Math.max(0, (Date.now() - Date.parse(counts.oldestQueuedAt)) / 1000);
  return (
    family('switchyard_webhook_deliveries', 'gauge', 'Webhook deliveries kept (30 days), by status: queued is the outbox.', byStatus) +
    family('switchyard_webhook_outbox_age_seconds', 'gauge', 'Age of the oldest queued webhook event; 0 when none waits.', [{ value: age }])
  );
}

function databaseFamilies(db: Db, databasePath: string): string {
  const commits = commitCounts(db);
  return (
    family('switchyard_db_size_bytes', 'gauge', 'Size of the database file.', [{ value: fileSize(databasePath) }]) +
    family('switchyard_db_wal_size_bytes', 'gauge', 'Size of the write-ahead log (0 when there is none).', [
      { value: fileSize(`${databasePath}-wal`) },
    ]) +
    family('switchyard_db_commits_total', 'counter', 'COMMITs made (each one fsync of the WAL).', [{ value: commits.commits }]) +
    family('switchyard_db_committed_transactions_total', 'counter', 'Transactions those COMMITs carried (group commit).', [
      { value: commits.transactions },
    ])
  );
}

function fileSize(path: string): number {
  return statSync(path, { throwIfNoEntry: false })?.size ?? 0;
}

function cacheFamilies(cache: ScrapeSources['cache']): string {
  return (
    family('switchyard_read_cache_hits_total', 'counter', 'Reads answered from the read cache.', [{ value: cache.hits }]) +
    family('switchyard_read_cache_misses_total', 'counter', 'Cacheable reads the read cache did not hold.', [{ value: cache.misses }]) +
    family('switchyard_read_cache_entries', 'gauge', 'Answers the read cache holds.', [{ value: cache.entries }]) +
    family('switchyard_read_cache_bytes', 'gauge', 'Bytes the read cache holds.', [{ value: cache.bytes }])
  );
}

function processFamilies(loopLagSeconds: number): string {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return (
    family('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', [{ value: memory.rss }]) +
    family('process_cpu_seconds_total', 'counter', 'User and system CPU time spent, in seconds.', [
      { value: (cpu.user + cpu.system) / 1e6 },
    ]) +
    family('process_start_time_seconds', 'gauge', 'Start time of the process since the Unix epoch, in seconds.', [
      { value: Math.round(Date.now() / 1000 - process.uptime()) },
    ]) +
    family('nodejs_heap_size_used_bytes', 'gauge', 'V8 heap in use, in bytes.', [{ value: memory.heapUsed }]) +
    family('nodejs_eventloop_lag_seconds', 'gauge', 'How long the event loop took to come round to the scrape, in seconds.', [
      { value: loopLagSeconds },
    ])
  );
}

// Measured when asked, as prom-client does: a timer sampling the loop all the time would cost CPU at idle.
function eventLoopLagSeconds(): Promise<number> {
  const started = performance.now();
  return new Promise((done) => setImmediate(() => done((performance.now() - started) / 1000)));
}

// Only under Litestream (replication.ts answers null otherwise, and bounds its own request to Litestream); a
// Litestream that does not answer leaves the gauge out of this scrape.
async function readReplicationLag(config: Config): Promise<number | null> {
  const lag = await replicationLagSeconds(config).catch(() => null);
  return lag !== null && Number.isFinite(lag) ? lag : null;
}
