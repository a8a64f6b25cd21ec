import { appVersion } from '../http/app-version.ts';
import type { Ctx, Reply, Route } from '../http/route.ts';
import { PROMETHEUS_CONTENT_TYPE } from '../metrics/prometheus-text.ts';
import { scrapeText } from '../metrics/scrape.ts';

/** The route of the metrics a Prometheus server scrapes (docs/OPERATIONS.md, "Metrics"). */
export const METRICS_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/metrics',
    access: 'admin',
    allowFrom: (config) => config.metricsAllow,
    handler: metricsGet,
    cache: false,
    summary:
      'Metrics in the Prometheus text format (0.0.4): requests by route and status, latency histograms, database and WAL ' +
      'size, commits, read-cache hits, process figures and, under Litestream, the replication lag. An admin token, or ' +
      'no token at all from a client address of METRICS_ALLOW.',
    doc: { produces: ['text/plain'] },
  },
];

async function metricsGet(ctx: Ctx): Promise<Reply> {
  const { app } = ctx;
  const text = await scrapeText({
    db: app.db,
    config: app.config,
    version: appVersion(app.config.rootDir),
    requests: app.requests,
    polls: app.polls,
    cache: app.cache.stats(),
  });
  return { text, headers: { 'Content-Type': PROMETHEUS_CONTENT_TYPE } };
}
