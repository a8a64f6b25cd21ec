import { createRequire } from 'node:module';
import type { Config } from '../boot/config.ts';

// Required when first used, not imported: fetch (undici), or node:http's client read at start, costs the server
// ~5 MB of resident memory, which only a server under Litestream needs.
const httpClient = () => createRequire(import.meta.url)('node:http') as typeof import('node:http');

/** How long Litestream's metrics may take to answer before the lag is reported unknown. */
const METRICS_TIMEOUT_MS = 500;
const MAX_METRICS_BYTES = 1024 * 1024;

/**
 * How far the replica is behind the database, in seconds, when the server runs under Litestream; null when it
 * does not (no LITESTREAM_REPLICA_URL) or its metrics cannot be read.
 *
 * Litestream 0.3 (0.3.13, the pinned version) exposes positions, not times: `litestream_shadow_wal_index` and
 * `litestream_shadow_wal_size` say how far it has copied the database's WAL (every monitor-interval), and
 * `litestream_replica_wal_index` and `litestream_replica_wal_offset` how far the replica has received it (every
 * sync interval). Each reading notes the time and the shadow position; the lag is the time since the last
 * reading whose position the replica now holds (0 when it holds everything). Before any reading was caught up,
 * Litestream's start (`process_start_time_seconds`) stands in. The answer is exact to the readings' spacing,
 * and never less than the truth, but for what Litestream has not yet read from the WAL (its monitor-interval:
 * 0.1 s in docker/litestream.yml).
 */
export async function replicationLagSeconds(config: Config): Promise<number | null> {
  if (!config.replicaUrl) return null;
  const text = await readMetrics(config.litestreamMetricsUrl);
  const reading = text === undefined ? undefined : readingOf(text);
  if (!reading) return null;
  return lagAfter(config.litestreamMetricsUrl, reading, Date.now());
}

/** A place in Litestream's WAL stream: the WAL file's index within the generation, then the byte offset in it. */
export interface Position {
  index: number;
  offset: number;
}

/** What one look at Litestream's metrics says. */
export interface Reading {
  shadow: Position;
  replica: Position;
  /** When the Litestream process started, in ms since the epoch. */
  startedAt: number;
}

/** The positions in a Prometheus text of Litestream 0.3; undefined when it has none (not Litestream, no database). */
export function readingOf(text: string): Reading | undefined {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    // One database with one replica: the first series of a name is the one.
    if (match && !values.has(match[1])) values.set(match[1], Number(match[2]));
  }
  const shadowIndex = values.get('litestream_shadow_wal_index');
  const shadowSize = values.get('litestream_shadow_wal_size');
  const startedAt = values.get('process_start_time_seconds');
  if (shadowIndex === undefined || shadowSize === undefined || startedAt === undefined) return undefined;
  return {
    shadow: { index: shadowIndex, offset: shadowSize },
    // Before its first sync the replica has no series: it holds nothing yet.
    replica: { index: values.get('litestream_replica_wal_index') ?? 0, offset: values.get('litestream_replica_wal_offset') ?? 0 },
    startedAt: startedAt * 1000,
  };
}

/** What earlier readings of one Litestream process showed: the basis of the lag. */
interface History {
  startedAt: number;
  /** Everything written before this time (ms) is known to be on the replica. */
  coveredUntil: number;
  /** Readings not yet covered by the replica, oldest first, their positions increasing. */
  pending: { at: number; shadow: Position }[];
}

const MAX_PENDING = 1000;
const histories = new Map<string, History>();

/** The lag in seconds after a reading at `now` (ms), remembered per metrics address; exported for tests. */
export function lagAfter(source: string, reading: Reading, now: number): number {
  let history = histories.get(source);
  if (!history || history.startedAt !== reading.startedAt) {
    history = { startedAt: reading.startedAt, coveredUntil: reading.startedAt, pending: [] };
    histories.set(source, history);
  }
  const last = history.pending.at(-1);
  // A position lower than before: Litestream began a new generation, whose positions start again at zero.
  if (last && isBefore(reading.shadow, last.shadow)) history.pending = [];
  if (history.pending.length < MAX_PENDING) history.pending.push({ at: now, shadow: reading.shadow });
  // A replica ahead of the shadow still shows the old generation's position: it holds none of the new one.
  const comparable = !isBefore(reading.shadow, reading.replica);
  while (comparable && history.pending.length > 0 && !isBefore(reading.replica, history.pending[0].shadow)) {
    history.coveredUntil = history.pending.shift()!.at;
  }
  return Math.max(0, (now - history.coveredUntil) / 1000);
}

function isBefore(a: Position, b: Position): boolean {
  return a.index < b.index || (a.index === b.index && a.offset < b.offset);
}

/** The body of Litestream's metrics page, or undefined when it does not answer 200 within the time limit. */
function readMetrics(url: string): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return Promise.resolve(undefined);
  }
  // Litestream serves its metrics over plain HTTP only.
  return parsed.protocol === 'http:' ? readMetricsOf(parsed) : Promise.resolve(undefined);
}

function readMetricsOf(url: URL): Promise<string | undefined> {
  return new Promise((done) => {
    const request = httpClient().get(url, { timeout: METRICS_TIMEOUT_MS }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return done(undefined);
      }
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > MAX_METRICS_BYTES) request.destroy();
      });
      response.on('end', () => done(body));
      response.on('error', () => done(undefined));
    });
    // `timeout` is for an idle socket; the whole exchange is bounded too.
    const deadline = setTimeout(() => request.destroy(), METRICS_TIMEOUT_MS);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy());
    request.on('error', () => done(undefined));
  });
}
