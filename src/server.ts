import './boot/silence-sqlite-warning.ts';
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuth } from './auth/auth.ts';
import { createLoginLimiter } from './auth/login-limiter.ts';
import { loadConfigOrReport, type Config } from './boot/config.ts';
import { createLogger, type Logger } from './boot/log.ts';
import { openAndMigrate } from './boot/startup.ts';
import { checkpoint, enableGroupCommit } from './db/open.ts';
import { startScheduler } from './discovery/scheduler.ts';
import { pruneHistoryHourly } from './discovery/history.ts';
import { StartupError } from './errors/startup-error.ts';
import { capConnectionsPerAddress, capPendingConnections } from './http/connection-cap.ts';
import { createPublicLinkLimiter } from './http/public-link-limiter.ts';
import { createReadCache } from './http/read-cache.ts';
import type { App, ReadSwitch } from './http/route.ts';
import { createRouter } from './http/router.ts';
import { SECURITY_HEADERS } from './http/security-headers.ts';
import { serveStatic } from './http/static.ts';
import { createPollStats } from './metrics/poll-stats.ts';
import { createRequestStats } from './metrics/request-stats.ts';
import { ALL_ROUTES } from './routes/index.ts';
import { startSender, type Sender } from './webhooks/sender.ts';
import { webhookSecretKey } from './webhooks/signature.ts';

// node:http is required, not imported: an ESM import of it reads every export, and its lazy WebSocket getters
// then load undici, which costs ~6 MB of resident memory that the service never uses.
const { createServer } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

/** How long in-flight requests may take to finish at shutdown. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A running service: its HTTP server and what it was made of. */
export interface Running {
  server: Server;
  app: App;
  /** Stops accepting, lets requests in flight finish (bounded), checkpoints and closes the database. */
  close(): Promise<void>;
}

// net-snmp costs ~45 ms and ~14 MB of resident memory to load: the reader is loaded by the first discovery. In
// the release it is dist/discovery.js beside this bundle (scripts/build.ts): inside the server bundle, even unrun,
// it kept ~6 MB more of the Node binary resident at every start. The specifier is not a literal, so that esbuild
// leaves it to run time.
const READER = import.meta.url.endsWith('.ts') ? './discovery/read-switch.ts' : './discovery.js';
const readSwitchOnDemand: ReadSwitch = async (target, credentials, limits) =>
  ((await import(READER)) as typeof import('./discovery/read-switch.ts')).readSwitch(target, credentials, limits);

// openid-client and ldapts are loaded only when OIDC_ISSUER or LDAP_URL is set: in the release they are dist/oidc.js
// and dist/ldap.js beside this bundle (scripts/build.ts), as the SNMP reader is, so that a server without single
// sign-on keeps neither in memory. The specifiers are not literals, so that esbuild leaves them to run time.
const OIDC_CLIENT = import.meta.url.endsWith('.ts') ? './auth/oidc.ts' : './oidc.js';
const LDAP_CLIENT = import.meta.url.endsWith('.ts') ? './auth/ldap.ts' : './ldap.js';

/** What a caller may put in place of the real thing: the SNMP reader (the API tests give a fake one). */
export interface ServerOptions {
  readSwitch?: ReadSwitch;
}

/** Opens and migrates the database, then listens; resolves once the port is open. */
export async function startServer(config: Config, log: Logger, options: ServerOptions = {}): Promise<Running> {
  const db = openAndMigrate(config, log);
  enableGroupCommit(db);
  const secret = config.jwtSecret ? new TextEncoder().encode(config.jwtSecret) : randomBytes(32);
  for (const warning of config.warnings) log.warn(warning);
  const requests = createRequestStats();
  const app: App = {
    db,
    config,
    log,
    auth: createAuth(db, secret),
    logins: createLoginLimiter(db, log),
    publicLinks: createPublicLinkLimiter(),
    cache: createReadCache(db, config.readCacheBytes),
    startedAt: Date.now(),
    routes: ALL_ROUTES,
    readSwitch: options.readSwitch ?? readSwitchOnDemand,
    requests,
    polls: createPollStats(),
    oidc: config.oidc && ((await import(OIDC_CLIENT)) as typeof import('./auth/oidc.ts')).createOidc(config.oidc),
    ldap: config.ldap && ((await import(LDAP_CLIENT)) as typeof import('./auth/ldap.ts')).createLdap(config.ldap),
  };
  const { answerFromCache, handleApi } = createRouter(ALL_ROUTES, requests);
  const stopPruning = pruneHistoryHourly(db, config.historyDays, (error) => log.error(`deleting old history failed: ${String(error)}`));

  const server = createServer(
    { headersTimeout: 10_000, requestTimeout: 120_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1_000 },
    (req: IncomingMessage, res: ServerResponse) => {
      // Most requests of a busy service are reads that the read cache answers: those parse no URL (http/router.ts).
      if (answerFromCache(app, req, res)) return;
      const url = new URL(req.url ?? '/', 'http://localhost');
      // API answers carry the security headers in their one writeHead (see http/reply.ts).
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return void handleApi(app, req, res, url);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      serveStatic(config.publicDir, req, res, url.pathname);
    },
  );
  capConnectionsPerAddress(server, config, log);
  capPendingConnections(server, config, log);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = timedOut ? '408 Request Timeout' : '400 Bad Request';
    const body = timedOut
      ? '{"error":{"code":"request_timeout","message":"The request\'s headers or body came too slowly."}}'
      : '{"error":{"code":"validation_failed","message":"The request is not valid HTTP."}}';
    if (socket.writable)
      socket.end(
        `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    else socket.destroy();
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(config.port, config.host, done);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(`listening on http://${config.host}:${port}`);
  const scheduler = startScheduler(app);
  const sender = startWebhookSender(app);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((done) => {
      const stopped = scheduler.stop();
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      // Keep-alive connections turn idle as their last request finishes: close each as soon as it does.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      stopPruning();
      const senderStopped = sender?.stop();
      server.close(() => {
        clearTimeout(force);
        clearInterval(idle);
        void Promise.all([stopped, senderStopped]).then(() => {
          checkpoint(db);
          db.close();
          done();
        });
      });
      server.closeIdleConnections();
    }));
  return { server, app, close };
}

// Without APP_JWT_SECRET no subscription can exist (routes/webhooks.ts), so there is nothing to send.
function startWebhookSender(app: App): Sender | undefined {
  const { config } = app;
  if (!config.jwtSecret) return undefined;
  const key = webhookSecretKey(config.jwtSecret);
  return startSender({ db: app.db, log: app.log, key, allow: config.webhookAllow, timeScale: config.webhookTimeScale });
}

async function main(): Promise<void> {
  const config = loadConfigOrReport();
  if (!config) process.exit(1);
  const log = createLogger(config.logLevel);
  // The handlers are in place before the port opens: a signal right after "listening" must not find the
  // default action (instant death). A signal often comes twice (Ctrl-C reaches npm, scripts/run.ts and the
  // server; npm forwards SIGTERM too): the second must not kill the process half way through its shutdown.
  let running: Running | undefined;
  let stopSignal: string | undefined;
  const stop = () => {
    log.info(`${stopSignal} received: finishing requests in flight, then stopping`);
    void running!.close().then(() => {
      log.info('stopped');
      process.exit(0);
    });
  };
  const onSignal = (signal: string) => {
    if (stopSignal) return;
    stopSignal = signal;
    if (running) stop();
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  try {
    running = await startServer(config, log);
  } catch (error) {
    const known = error instanceof StartupError || (error as { code?: string }).code === 'EADDRINUSE';
    log.error(known ? (error as Error).message : 'start failed', known ? undefined : { error: (error as Error).stack });
    process.exit(1);
  }
  if (stopSignal) stop();
}

// Started directly (node src/server.ts, node dist/server.js, through a symlink too), not imported by a test.
if (process.argv[1] && realpathSync(resolve(process.argv[1])) === realpathSync(fileURLToPath(import.meta.url))) void main();
