// What a route is (Route, one line of a route table), what its handler gets (Ctx, with the App in it) and what
// it answers (Reply). App is here, not in a file of its own, because App and Ctx each name the other.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ldap } from '../auth/ldap.ts';
import type { Oidc } from '../auth/oidc.ts';
import type { Auth, AuthUser, Role } from '../auth/auth.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import type { Config } from '../boot/config.ts';
import type { AgentRow } from '../db/agents.ts';
import type { Logger } from '../boot/log.ts';
import type { Db } from '../db/open.ts';
import type { ObservedSwitch, SnmpCredentials } from '../discovery/observed.ts';
import type { JsonSchema } from '../fields/field.ts';
import type { CsvEncoding } from '../lib/csv.ts';
import type { PublicLinkLimiter } from './public-link-limiter.ts';
import type { ReadCache } from './read-cache.ts';
import type { RequestStats } from '../metrics/request-stats.ts';
import type { PollStats } from '../metrics/poll-stats.ts';

/** What every handler can reach: made once in src/server.ts and passed down, never global. */
export interface App {
  db: Db;
  /** The API's requests counted by route, method and status, with their latency (GET /api/metrics): the router's. */
  requests: RequestStats;
  config: Config;
  log: Logger;
  auth: Auth;
  /** Counts failed sign-ins and slows or refuses the next attempt. */
  logins: LoginLimiter;
  /** Counts requests to public links per client address and refuses too many. */
  publicLinks: PublicLinkLimiter;
  startedAt: number;
  /** Serialised answers to reads, valid until the data changes. */
  cache: ReadCache;
  /** Every API route, for the OpenAPI document. */
  routes: Route[];
  /** Reads a switch over SNMP (discovery/read-switch.ts); the API tests give the server a fake one. */
  readSwitch: ReadSwitch;
  /** The polls made, for GET /api/metrics: server.ts's. */
  polls: PollStats;
  /** The OpenID Connect client when OIDC_ISSUER is set (auth/oidc.ts). */
  oidc: Oidc | undefined;
  /** The LDAP directory's sign-in when LDAP_URL is set (auth/ldap.ts). */
  ldap: Ldap | undefined;
}

/** How a discovery reads a switch: throws discovery/observed.ts's DeviceError when it cannot. */
export type ReadSwitch = (
  target: { host: string; port: number },
  credentials: SnmpCredentials,
  limits: { requestTimeoutMs?: number; retries?: number; deadlineMs?: number },
) => Promise<ObservedSwitch>;

/** Who may call a route: anybody, any signed-in user, at least the named role, or an agent's token alone (issue 39). */
export type Access = 'public' | 'user' | Role | 'agent';

/** The HTTP methods routes use. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What a handler answers; a handler that wrote the response itself (a stream) returns undefined. */
export interface Reply {
  status?: number;
  body?: unknown;
  /** A ready text body (CSV, configuration text); sent as is with its own content type header. */
  text?: string | Buffer;
  /** A body already serialised as JSON (by SQLite, for list pages; as bytes, the checks); sent as is, as application/json. */
  json?: string | Buffer;
  /** Headers of the answer, Set-Cookie included: a handler writes no header on `res` itself. */
  headers?: Record<string, string>;
}

/** Everything a handler gets. */
export interface Ctx {
  app: App;
  req: IncomingMessage;
  /** For a handler that streams its answer (the export); any other answers with its Reply. */
  res: ServerResponse;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The signed-in user; always set on routes whose access is not 'public' or 'agent'. */
  user: AuthUser | undefined;
  /** The agent whose token the request carries; always set on routes whose access is 'agent', never on others. */
  agent?: AgentRow;
  /** The parsed JSON body, or the raw text of a text/csv or YAML body (see `bodyType`). */
  body: unknown;
  bodyType: 'json' | 'csv' | 'text' | 'none';
  /** How a text/csv body's bytes were read: UTF-8, or Windows-1252 when they were clearly that (body.ts). */
  bodyEncoding?: CsvEncoding;
  /** The activity entries the request's change wrote (actorOf hands it to the core); the last is its Activity-Id. */
  entryIds: string[];
}

export type Handler = (ctx: Ctx) => Promise<Reply | undefined> | Reply | undefined;

/** 1 MiB for ordinary bodies (a BodySpec without a limit). */
export const BODY_LIMIT = 1024 * 1024;
/** 64 MiB for the import endpoints. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

/** The media types a route whose body is a YAML file takes (`accepts: 'yaml'`); text/plain too, as browsers send it. */
export const YAML_MEDIA_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml', 'text/plain'] as const;

/** How a route reads its body: not at all, JSON, JSON or CSV, a YAML file as text, or plain text; with its size limit. */
export interface BodySpec {
  accepts: 'json' | 'json-or-csv' | 'yaml' | 'text';
  limit?: number;
  /** A route whose body may be missing (treated as {}). */
  optional?: boolean;
}

/** One line of a route table. The OpenAPI document is generated from these. */
export interface Route {
  method: Method;
  path: string;
  access: Access;
  /**
   * Client addresses (CIDRs, from the config) let in on a GET without a token besides the callers `access` allows:
   * a Prometheus scraper on METRICS_ALLOW. The handler then gets no user.
   */
  allowFrom?: (config: Config) => readonly string[];
  handler: Handler;
  summary: string;
  body?: BodySpec;
  /** Set false for a GET whose answer must be made fresh every time (the read cache keeps the others). */
  cache?: boolean;
  /** The path holds a secret (a public link's token): the request log names the route's pattern instead. */
  secretPath?: boolean;
  /** OpenAPI hints: the request body schema, the success answer's schema and status, query parameters. */
  doc?: {
    request?: JsonSchema;
    response?: JsonSchema;
    status?: number;
    query?: { name: string; schema: JsonSchema; description?: string; required?: boolean }[];
    produces?: string[];
  };
}
