import type { Auth } from './auth.ts';
import type { Config } from './config.ts';
import type { Db } from './db/open.ts';
import type { Logger } from './log.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { ReadCache } from './read-cache.ts';
import type { Route } from './router.ts';

/** What every handler can reach: made once in src/server.ts and passed down, never global. */
export interface App {
  db: Db;
  config: Config;
  log: Logger;
  auth: Auth;
  /** Counts failed sign-ins and slows or refuses the next attempt. */
  logins: LoginLimiter;
  startedAt: number;
  /** Serialised answers to reads, valid until the data changes. */
  cache: ReadCache;
  /** Every API route, for the OpenAPI document. */
  routes: Route[];
}
