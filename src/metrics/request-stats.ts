// The API's requests counted by route, method and status, with a latency histogram per route. The router
// records every answer here: a cached read must stay cheap, so recording is a Map lookup and a few increments
// on counters made once per route, with nothing allocated.

/**
 * Upper bounds of the latency buckets, in seconds: few, since each is a series per route. A cached read answers
 * in about a millisecond, a write waits for its group's COMMIT (tens of ms), a bulk edit takes near a second.
 */
export const LATENCY_BOUNDS_S: readonly number[] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** The route label of a request no route matched (404, 405): never its raw path, which may hold anything. */
export const UNMATCHED_ROUTE = 'other';

/** The method label of a request whose method no route uses (a scanner's PROPFIND, say). */
const OTHER_METHOD = 'OTHER';
const KNOWN_METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

/** The counts of one route pattern and method (or of the unmatched requests of one method). */
export interface RouteStats {
  readonly route: string;
  readonly method: string;
  /** Answers by status code. */
  readonly byStatus: Map<number, number>;
  /** Answers per latency bucket, not cumulative: one per bound of LATENCY_BOUNDS_S, then the one past the last. */
  readonly buckets: Float64Array;
  sumSeconds: number;
  count: number;
}

/** Every route's counts, made once in server.ts and given to the router. */
export interface RequestStats {
  /** The counts of a route of the table; made when the router is made. */
  forRoute(method: string, path: string): RouteStats;
  /** The counts of the requests of `method` that no route matched. */
  unmatched(method: string): RouteStats;
  /** Every route's counts, the unmatched ones included, for a scrape. */
  all(): RouteStats[];
}

/** Empty counts for every route the router will meet. */
export function createRequestStats(): RequestStats {
  const byKey = new Map<string, RouteStats>();
  const statsOf = (method: string, route: string) => {
    const key = `${method} ${route}`;
    let stats = byKey.get(key);
    if (!stats) {
      stats = { route, method, byStatus: new Map(), buckets: new Float64Array(LATENCY_BOUNDS_S.length + 1), sumSeconds: 0, count: 0 };
      byKey.set(key, stats);
    }
    return stats;
  };
  const unmatched = new Map<string, RouteStats>();
  for (const method of [...KNOWN_METHODS, OTHER_METHOD]) unmatched.set(method, statsOf(method, UNMATCHED_ROUTE));
  return {
    forRoute: statsOf,
    unmatched: (method) => unmatched.get(method) ?? unmatched.get(OTHER_METHOD)!,
    all: () => [...byKey.values()],
  };
}

/** Counts one answer of `status` that took `seconds`. */
export function observe(stats: RouteStats, status: number, seconds: number): void {
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
  let bucket = 0;
  while (bucket < LATENCY_BOUNDS_S.length && seconds > LATENCY_BOUNDS_S[bucket]) bucket++;
  stats.buckets[bucket]++;
  stats.sumSeconds += seconds;
  stats.count++;
}
