import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostNamePattern, normalizeCidr, normalizeIp } from '../lib/net.ts';

/**
 * The repository (or image) root, which holds migrations/ and public/: two folders up from src/boot/config.ts,
 * one up from the bundles in dist/ (dist/server.js, dist/migrate.js): the nearer of the two that has migrations/.
 */
export const ROOT_DIR = rootDirOf(dirname(fileURLToPath(import.meta.url)));

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything the service reads from its environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databasePath: string;
  jwtSecret: string;
  /** Warnings about the configuration, logged at start and listed by GET /api/health. */
  warnings: string[];
  logLevel: LogLevel;
  /** Memory bound of the read cache in bytes; 0 turns it off. */
  readCacheBytes: number;
  /** Proxies (CIDRs) whose X-Forwarded-For, -Proto and -Host are believed (TRUSTED_PROXIES). */
  trustedProxies: string[];
  /** Host names besides IP literals, localhost and the machine's own name that the service answers to (APP_ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** Open connections one client address may hold; 0 for no cap (MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress: number;
  /** Connections still sending their request headers, all clients together; 0 for no cap (MAX_PENDING_CONNECTIONS). */
  maxPendingConnections: number;
  /** How long one SNMP discovery may take in all, in milliseconds (DISCOVERY_TIMEOUT_MS). */
  discoveryTimeoutMs: number;
  /** How many days the history of what discoveries saw is kept (HISTORY_DAYS). */
  historyDays: number;
  /** Where a discovery may send SNMP (DISCOVERY_ALLOW): CIDRs and host names (`*.example.net`); docs/DISCOVERY.md. */
  discoveryAllow: string[];
  /** Polls run at once, at most (POLL_CONCURRENCY). */
  pollConcurrency: number;
  /** The length of one minute of a polling interval, in milliseconds (POLL_INTERVAL_UNIT_MS: 60000; tests shorten it). */
  pollIntervalUnitMs: number;
  /** Addresses (CIDRs) webhooks may be sent to over http://, and the loopback and private ones over https:// (WEBHOOK_ALLOW). */
  webhookAllow: string[];
  /** For tests only: scales the webhook sender's waits (back-off, its hour and day, polling); 1 in production (WEBHOOK_TEST_TIME_SCALE). */
  webhookTimeScale: number;
  /** Client addresses (CIDRs) that may read GET /api/metrics without a token (METRICS_ALLOW). */
  metricsAllow: string[];
  /** Where Litestream replicates the database (LITESTREAM_REPLICA_URL); set when the server runs under Litestream. */
  replicaUrl: string | undefined;
  /** Where the Litestream process serves its own metrics (LITESTREAM_METRICS_URL), read for the replication lag. */
  litestreamMetricsUrl: string;
  /** Sign-in through an OpenID Connect provider (OIDC_*), when OIDC_ISSUER is set. */
  oidc: OidcConfig | undefined;
  /** Sign-in against an LDAP directory or Active Directory (LDAP_*), when LDAP_URL is set. */
  ldap: LdapConfig | undefined;
  rootDir: string;
  publicDir: string;
  migrationsDir: string;
}

/** Which groups grant which role (OIDC_ADMIN_GROUPS…, LDAP_ADMIN_GROUPS…). */
export interface GroupRoleConfig {
  admin: string[];
  editor: string[];
  viewer: string[];
}

/** The LDAP directory (or Active Directory) the password form tries for users who are not local (issue 41). */
export interface LdapConfig {
  /** LDAP_URL: ldap:// or ldaps://, one server. */
  url: string;
  /** LDAP_STARTTLS=true: StartTLS on an ldap:// URL before anything is sent. */
  startTls: boolean;
  /** LDAP_BIND_DN and LDAP_BIND_PASSWORD / _FILE: the service account that searches; anonymous when unset. */
  bindDn: string | undefined;
  bindPassword: string | undefined;
  /** LDAP_USER_BASE: where users are searched (subtree). */
  userBase: string;
  /** LDAP_USER_FILTER: `(uid={username})` by default; {username} is replaced by the escaped name (RFC 4515). */
  userFilter: string;
  /** LDAP_GROUP_BASE: where groups are searched by member; unset: the user's memberOf is read instead. */
  groupBase: string | undefined;
  /** LDAP_ADMIN_GROUPS, LDAP_EDITOR_GROUPS, LDAP_VIEWER_GROUPS: group DNs, separated by `;`. */
  roles: GroupRoleConfig;
  /** LDAP_CA_FILE: the PEM of the CA that signed the directory's certificate (ldaps:// or StartTLS). */
  ca: string | undefined;
  /** LDAP_TIMEOUT_MS: how long connecting and each operation may take (5,000 ms by default). */
  timeoutMs: number;
}

/** The OpenID Connect provider users sign in with (issue 41). */
export interface OidcConfig {
  /** OIDC_ISSUER: https://, or http:// on a loopback address only (a provider on the same machine, the tests'). */
  issuer: string;
  clientId: string;
  /** OIDC_CLIENT_SECRET or the file OIDC_CLIENT_SECRET_FILE names; undefined for a public client (PKCE only). */
  clientSecret: string | undefined;
  /** OIDC_SCOPES: `openid profile email` by default; openid is always asked for. */
  scopes: string;
  /** OIDC_GROUPS_CLAIM: the ID token's (or userinfo's) claim that lists the user's groups; `groups` by default. */
  groupsClaim: string;
  /** OIDC_ADMIN_GROUPS, OIDC_EDITOR_GROUPS, OIDC_VIEWER_GROUPS: group names, comma-separated. */
  roles: GroupRoleConfig;
  /** OIDC_BUTTON_LABEL: the sign-in page's button; `Sign in with single sign-on` by default (the UI's words). */
  buttonLabel: string | undefined;
  /** OIDC_REDIRECT_URL: the callback the provider knows; else made from the request (its protocol and Host). */
  redirectUrl: string | undefined;
}

/** A configuration value that stops the start; its message is the one line the operator sees. */
export class ConfigError extends Error {}

const MIN_SECRET_BYTES = 32;

/** Loads `.env` (when present) into the environment, without overriding what is already set. */
export function loadDotEnv(rootDir = ROOT_DIR): void {
  const file = resolve(rootDir, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * The configuration of a process started by the operator (the server, npm run migrate, npm run backup): `.env`
 * and the environment; on a bad value, the one line naming the variable on stderr, and undefined.
 */
export function loadConfigOrReport(): Config | undefined {
  loadDotEnv();
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${new Date().toISOString()} error configuration: ${error.message}\n`);
    return undefined;
  }
}

/** Reads and checks the configuration; throws ConfigError naming the variable on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = ROOT_DIR): Config {
  const warnings: string[] = [];
  const dataDir = resolveFromRoot(rootDir, env.DATA_DIR || './data');
  const databasePath = parseDatabaseUrl(env.DATABASE_URL, dataDir, rootDir);
  ensureWritableDir('DATA_DIR', dataDir);
  if (dirname(databasePath) !== dataDir) ensureWritableDir('DATABASE_URL', dirname(databasePath));
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databasePath,
    jwtSecret: readSecret(env, warnings),
    warnings,
    logLevel: parseLogLevel(env.LOG_LEVEL),
    readCacheBytes: parseWholeNumber('READ_CACHE_MB', env.READ_CACHE_MB, 32, 4096, 0, 'megabytes') * 1024 * 1024,
    trustedProxies: parseAddresses('TRUSTED_PROXIES', env.TRUSTED_PROXIES),
    allowedHosts: parseAllowedHosts(env.APP_ALLOWED_HOSTS),
    maxConnectionsPerAddress: parseWholeNumber('MAX_CONNECTIONS_PER_ADDRESS', env.MAX_CONNECTIONS_PER_ADDRESS, 256, 100_000),
    maxPendingConnections: parseWholeNumber(
      'MAX_PENDING_CONNECTIONS',
      env.MAX_PENDING_CONNECTIONS,
      pendingConnectionsDefault(readProcLimits()),
      1_000_000,
    ),
    // A discovery answers within the server's request timeout (120 s), with room to store what it read.
    discoveryTimeoutMs: parseWholeNumber('DISCOVERY_TIMEOUT_MS', env.DISCOVERY_TIMEOUT_MS, 20_000, 100_000, 1000),
    historyDays: parseWholeNumber('HISTORY_DAYS', env.HISTORY_DAYS, 400, 36_500, 1, 'days'),
    discoveryAllow: parseDiscoveryAllow(env.DISCOVERY_ALLOW),
    pollConcurrency: parseWholeNumber('POLL_CONCURRENCY', env.POLL_CONCURRENCY, 8, 64, 1),
    pollIntervalUnitMs: parseWholeNumber('POLL_INTERVAL_UNIT_MS', env.POLL_INTERVAL_UNIT_MS, 60_000, 60_000, 100),
    webhookAllow: parseAddresses('WEBHOOK_ALLOW', env.WEBHOOK_ALLOW),
    webhookTimeScale: parseTimeScale(env.WEBHOOK_TEST_TIME_SCALE),
    metricsAllow: parseAddresses('METRICS_ALLOW', env.METRICS_ALLOW),
    replicaUrl: parseReplicaUrl(env.LITESTREAM_REPLICA_URL),
    litestreamMetricsUrl: parseHttpUrl('LITESTREAM_METRICS_URL', env.LITESTREAM_METRICS_URL, 'http://127.0.0.1:9090/metrics'),
    oidc: parseOidc(env, warnings),
    ldap: parseLdap(env, warnings),
    rootDir,
    publicDir: resolve(rootDir, 'public'),
    migrationsDir: resolve(rootDir, 'migrations'),
  };
}

/**
 * MAX_PENDING_CONNECTIONS when unset: half of the process's open-file limit (`limits`, the text of
 * /proc/self/limits), so that the other half is left to requests being served and the database, and at most
 * 10,000 (each holds a socket and up to 16 KiB of headers); 1,000 when the limit cannot be read.
 */
export function pendingConnectionsDefault(limits: string | undefined): number {
  const soft = /^Max open files\s+(\d+)/m.exec(limits ?? '')?.[1];
  return soft === undefined ? 1000 : Math.max(1, Math.min(Math.floor(Number(soft) / 2), 10_000));
}

function readProcLimits(): string | undefined {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined;
  }
}

function rootDirOf(here: string): string {
  const parent = resolve(here, '..');
  const grandparent = resolve(parent, '..');
  if (!existsSync(resolve(parent, 'migrations')) && existsSync(resolve(grandparent, 'migrations'))) return grandparent;
  return parent;
}

function resolveFromRoot(rootDir: string, path: string): string {
  return isAbsolute(path) ? path : resolve(rootDir, path);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${value}"`);
  }
  return port;
}

function parseWholeNumber(variable: string, value: string | undefined, fallback: number, max: number, min = 0, unit = ''): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(`${variable} must be a whole number${unit && ` of ${unit}`} from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

// Addresses or CIDRs, comma-separated: "10.0.0.5, 172.18.0.0/16, ::1". A bare address is one host.
function parseAddresses(variable: string, value: string | undefined): string[] {
  return listOf(value).map((entry) => {
    const address = normalizeIp(entry);
    const cidr = address ? { ok: true as const, value: `${address}/${address.includes(':') ? 128 : 32}` } : normalizeCidr(entry);
    if (!cidr.ok) throw new ConfigError(`${variable}: "${entry}" is not an IP address or CIDR (such as 10.0.0.5 or 172.18.0.0/16)`);
    return cidr.value;
  });
}

function parseTimeScale(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!(scale > 0 && scale <= 1)) throw new ConfigError(`WEBHOOK_TEST_TIME_SCALE must be a number above 0 and at most 1, got "${value}"`);
  return scale;
}

/** DISCOVERY_ALLOW when unset: every address (src/discovery/allowed-target.ts keeps link-local and metadata ones out). */
const DISCOVERY_ALLOW_DEFAULT = ['0.0.0.0/0', '::/0'];

// Addresses, CIDRs or host names, comma-separated: "10.20.0.0/16, 192.0.2.7, *.mgmt.example.net".
function parseDiscoveryAllow(value: string | undefined): string[] {
  const entries = listOf(value);
  return entries.length === 0 ? [...DISCOVERY_ALLOW_DEFAULT] : entries.map(discoveryAllowEntry);
}

function discoveryAllowEntry(entry: string): string {
  const address = normalizeIp(entry);
  if (address) return `${address}/${address.includes(':') ? 128 : 32}`;
  const cidr = entry.includes('/') ? normalizeCidr(entry) : undefined;
  if (cidr?.ok) return cidr.value;
  if (cidr) throw new ConfigError(`DISCOVERY_ALLOW: "${entry}" ${cidr.reason}`);
  const name = hostNamePattern(entry);
  // Digits and dots only are a mistyped address, not a name (as a discovery's host, src/discovery/target.ts).
  if (name && !/^[\d.]+$/.test(name.replace(/^\*\./, ''))) return name;
  throw new ConfigError(`DISCOVERY_ALLOW: "${entry}" is no address, CIDR or host name (such as 10.20.0.0/16 or *.mgmt.example.net)`);
}

/** The schemes LITESTREAM_REPLICA_URL may have: the replica types Litestream is run with. */
const REPLICA_SCHEMES = ['s3:', 'file:', 'sftp:', 'gcs:', 'abs:'];

function parseReplicaUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (!REPLICA_SCHEMES.includes(urlOf(text)?.protocol ?? '')) {
    throw new ConfigError(`LITESTREAM_REPLICA_URL must be an s3://, file://, sftp://, gcs:// or abs:// URL, got "${text}"`);
  }
  return text;
}

// Litestream serves its metrics over plain HTTP (its `addr` setting), and the server reads them with node:http.
function parseHttpUrl(variable: string, value: string | undefined, fallback: string): string {
  const text = value?.trim();
  if (!text) return fallback;
  if (urlOf(text)?.protocol !== 'http:')
    throw new ConfigError(`${variable} must be an http:// URL (Litestream serves its metrics over plain HTTP), got "${text}"`);
  return text;
}

function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

// Host names, comma-separated; "*.example.net" allows every name under example.net.
function parseAllowedHosts(value: string | undefined): string[] {
  return listOf(value).map((entry) => {
    const name = hostNamePattern(entry);
    if (name) return name;
    throw new ConfigError(`APP_ALLOWED_HOSTS: "${entry}" is not a host name (such as switchyard.example.net or *.example.net)`);
  });
}

function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (!value) return 'info';
  const level = value.toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  }
  return level;
}

function parseDatabaseUrl(value: string | undefined, dataDir: string, rootDir: string): string {
  if (!value) return resolve(dataDir, 'db.sqlite');
  if (!value.startsWith('file:') || value.length === 'file:'.length) {
    throw new ConfigError(`DATABASE_URL must be a file: URL such as file:./data/db.sqlite, got "${value}"`);
  }
  const path = value.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
  return resolveFromRoot(rootDir, path);
}

function ensureWritableDir(variable: string, dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    // A real write, not access(): the answer must hold for the uid the process runs as, root included.
    const probe = resolve(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch {
    throw new ConfigError(`${variable}: the directory ${dir} cannot be created or is not writable by uid ${process.getuid?.() ?? '?'}`);
  }
}

function parseOidc(env: NodeJS.ProcessEnv, warnings: string[]): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) return undefined;
  const url = urlOf(issuer);
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))) {
    throw new ConfigError(`OIDC_ISSUER must be an https:// URL (http:// only on a loopback address), got "${issuer}"`);
  }
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new ConfigError('OIDC_CLIENT_ID must be set when OIDC_ISSUER is');
  const roles = {
    admin: listOf(env.OIDC_ADMIN_GROUPS),
    editor: listOf(env.OIDC_EDITOR_GROUPS),
    viewer: listOf(env.OIDC_VIEWER_GROUPS),
  };
  if (roles.admin.length + roles.editor.length + roles.viewer.length === 0) {
    warnings.push('OIDC_ISSUER is set but none of OIDC_ADMIN_GROUPS, OIDC_EDITOR_GROUPS, OIDC_VIEWER_GROUPS: nobody can sign in with it.');
  }
  const redirect = env.OIDC_REDIRECT_URL?.trim();
  if (redirect && !/^https?:$/.test(urlOf(redirect)?.protocol ?? '')) {
    throw new ConfigError(`OIDC_REDIRECT_URL must be an http:// or https:// URL, got "${redirect}"`);
  }
  const scopes = (env.OIDC_SCOPES?.trim() || 'openid profile email').split(/\s+/);
  return {
    issuer,
    clientId,
    clientSecret: secretOf(env, 'OIDC_CLIENT_SECRET'),
    scopes: [...new Set(['openid', ...scopes])].join(' '),
    groupsClaim: env.OIDC_GROUPS_CLAIM?.trim() || 'groups',
    roles,
    buttonLabel: env.OIDC_BUTTON_LABEL?.trim() || undefined,
    redirectUrl: redirect || undefined,
  };
}

function parseLdap(env: NodeJS.ProcessEnv, warnings: string[]): LdapConfig | undefined {
  const url = env.LDAP_URL?.trim();
  if (!url) return undefined;
  const protocol = urlOf(url)?.protocol;
  if (protocol !== 'ldap:' && protocol !== 'ldaps:') throw new ConfigError(`LDAP_URL must be an ldap:// or ldaps:// URL, got "${url}"`);
  const startTls = parseFlag('LDAP_STARTTLS', env.LDAP_STARTTLS);
  if (startTls && protocol === 'ldaps:') throw new ConfigError('LDAP_STARTTLS is for ldap:// URLs; an ldaps:// URL is TLS already');
  const userBase = env.LDAP_USER_BASE?.trim();
  if (!userBase) throw new ConfigError('LDAP_USER_BASE must be set when LDAP_URL is (the DN users are searched under)');
  const userFilter = env.LDAP_USER_FILTER?.trim() || '(uid={username})';
  if (!userFilter.includes('{username}') || !userFilter.startsWith('(')) {
    throw new ConfigError(`LDAP_USER_FILTER must be an LDAP filter that holds {username}, such as (uid={username}), got "${userFilter}"`);
  }
  const groups = (value: string | undefined) =>
    (value ?? '')
      .split(';')
      .map((dn) => dn.trim())
      .filter(Boolean);
  const roles = { admin: groups(env.LDAP_ADMIN_GROUPS), editor: groups(env.LDAP_EDITOR_GROUPS), viewer: groups(env.LDAP_VIEWER_GROUPS) };
  if (roles.admin.length + roles.editor.length + roles.viewer.length === 0) {
    warnings.push('LDAP_URL is set but none of LDAP_ADMIN_GROUPS, LDAP_EDITOR_GROUPS, LDAP_VIEWER_GROUPS: nobody can sign in with it.');
  }
  if (protocol === 'ldap:' && !startTls && !isLoopbackHost(urlOf(url)!.hostname)) {
    warnings.push('LDAP_URL is ldap:// without LDAP_STARTTLS=true: passwords cross the network in the clear; use ldaps:// or StartTLS.');
  }
  const caFile = env.LDAP_CA_FILE?.trim();
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = readFileSync(caFile, 'utf8');
    } catch {
      throw new ConfigError(`LDAP_CA_FILE: cannot read ${caFile}`);
    }
  }
  return {
    url,
    startTls,
    bindDn: env.LDAP_BIND_DN?.trim() || undefined,
    bindPassword: secretOf(env, 'LDAP_BIND_PASSWORD'),
    userBase,
    userFilter,
    groupBase: env.LDAP_GROUP_BASE?.trim() || undefined,
    roles,
    ca,
    timeoutMs: parseWholeNumber('LDAP_TIMEOUT_MS', env.LDAP_TIMEOUT_MS, 5000, 60_000, 100),
  };
}

function parseFlag(variable: string, value: string | undefined): boolean {
  const text = value?.trim().toLowerCase();
  if (!text || text === 'false' || text === '0' || text === 'no') return false;
  if (text === 'true' || text === '1' || text === 'yes') return true;
  throw new ConfigError(`${variable} must be true or false, got "${value}"`);
}

/** Whether a URL's host name is a loopback address or localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A secret from `NAME`, else from the file `NAME_FILE` names (trimmed); undefined when neither is set. */
function secretOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  if (value) return value;
  const file = env[`${name}_FILE`];
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    throw new ConfigError(`${name}_FILE: cannot read ${file}`);
  }
}

function readSecret(env: NodeJS.ProcessEnv, warnings: string[]): string {
  let secret = env.APP_JWT_SECRET ?? '';
  if (!secret && env.APP_JWT_SECRET_FILE) {
    try {
      secret = readFileSync(env.APP_JWT_SECRET_FILE, 'utf8').trim();
    } catch {
      throw new ConfigError(`APP_JWT_SECRET_FILE: cannot read ${env.APP_JWT_SECRET_FILE}`);
    }
  }
  if (!secret) {
    warnings.push(missingSecretWarning(env));
    return '';
  }
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
    warnings.push(`APP_JWT_SECRET is shorter than ${MIN_SECRET_BYTES} bytes; use 32 random bytes, hex encoded (openssl rand -hex 32).`);
  }
  return secret;
}

function missingSecretWarning(env: NodeJS.ProcessEnv): string {
  const base =
    'APP_JWT_SECRET is not set: tokens are signed with a random secret made for this process, so every restart signs everybody out.';
  if (env.JWT_SECRET && isInContainer()) {
    return `${base} JWT_SECRET is set, but inside the container only APP_JWT_SECRET configures the secret: map it in compose (APP_JWT_SECRET: \${JWT_SECRET}).`;
  }
  if (env.JWT_SECRET) {
    return `${base} JWT_SECRET is set, but the server reads APP_JWT_SECRET only (npm start and npm run dev copy it over for you).`;
  }
  return base;
}

function isInContainer(): boolean {
  return existsSync('/.dockerenv') || existsSync('/run/.containerenv');
}
