// The agent's settings (issue 39), every one from the environment, read once: where the server is and how to reach it
// safely, its token, its credential sets (kept on the agent's disk only, never sent) and its spool.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import type { FieldFault } from '../errors/refusal.ts';
import type { SnmpCredentials } from '../discovery/observed.ts';
import { readCredentials } from '../discovery/snmp-input.ts';

/** What the agent runs with. */
export interface AgentConfig {
  serverUrl: URL;
  token: string;
  /** Credential sets by name (as the server's /api/credentials names them). */
  credentials: Map<string, SnmpCredentials>;
  spoolFile: string;
  spoolBytes: number;
  /** PEM of the CA that signs the server's certificate, else Node's own CAs. */
  ca: string | undefined;
  /** The length of one minute of a schedule's interval (tests shorten it, as POLL_INTERVAL_UNIT_MS does the server's). */
  intervalUnitMs: number;
  /** How often the assignments are asked for again. */
  assignmentsEveryMs: number;
  discoveryTimeoutMs: number;
  /** The longest wait between two tries to reach the server. */
  backoffMaxMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

/** A setting that is wrong: the agent stops with its message (which never holds a secret). */
export class AgentConfigError extends Error {}

/** Reads the agent's settings; throws AgentConfigError naming the variable that is wrong. */
export function loadAgentConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const serverUrl = serverUrlOf(env.AGENT_SERVER_URL, env.AGENT_ALLOW_HTTP === '1');
  const spoolDir = env.AGENT_SPOOL_DIR || '';
  if (!spoolDir) throw new AgentConfigError('AGENT_SPOOL_DIR must name the folder of the spool (it keeps what is not sent yet).');
  return {
    serverUrl,
    token: tokenOf(env),
    credentials: credentialsOf(env.AGENT_CREDENTIALS_FILE),
    spoolFile: join(spoolDir, 'spool.sqlite'),
    spoolBytes: whole('AGENT_SPOOL_MB', env.AGENT_SPOOL_MB, 64, 100_000, 1) * 1024 * 1024,
    ca: env.AGENT_CA_FILE ? fileText('AGENT_CA_FILE', env.AGENT_CA_FILE) : undefined,
    intervalUnitMs: whole('AGENT_INTERVAL_UNIT_MS', env.AGENT_INTERVAL_UNIT_MS, 60_000, 60_000, 50),
    assignmentsEveryMs: whole('AGENT_ASSIGNMENTS_MS', env.AGENT_ASSIGNMENTS_MS, 60_000, 3_600_000, 100),
    discoveryTimeoutMs: whole('DISCOVERY_TIMEOUT_MS', env.DISCOVERY_TIMEOUT_MS, 20_000, 100_000, 1000),
    backoffMaxMs: whole('AGENT_BACKOFF_MAX_MS', env.AGENT_BACKOFF_MAX_MS, 60_000, 3_600_000, 100),
    logLevel: (['debug', 'info', 'warn', 'error'] as const).find((level) => level === env.LOG_LEVEL) ?? 'info',
  };
}

/** The server's URL: https, or http to a loopback address, or any http with AGENT_ALLOW_HTTP=1. */
export function serverUrlOf(text: string | undefined, allowHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(text ?? '');
  } catch {
    throw new AgentConfigError('AGENT_SERVER_URL must be the URL of the Switchyard server, such as https://switchyard.example.net.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AgentConfigError('AGENT_SERVER_URL must be an https:// URL.');
  if (url.username || url.password) throw new AgentConfigError('AGENT_SERVER_URL must hold no user or password: the token is AGENT_TOKEN.');
  if (url.protocol === 'http:' && !allowHttp && !isLoopback(url.hostname))
    throw new AgentConfigError(
      `AGENT_SERVER_URL is plain http:// to ${url.hostname}, which is not this machine: the token and what the switches said would cross ` +
        'the network unencrypted. Use https://, or set AGENT_ALLOW_HTTP=1 to allow it anyway.',
    );
  return url;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

function tokenOf(env: NodeJS.ProcessEnv): string {
  const token = (env.AGENT_TOKEN_FILE ? fileText('AGENT_TOKEN_FILE', env.AGENT_TOKEN_FILE) : (env.AGENT_TOKEN ?? '')).trim();
  if (!/^sya_[A-Za-z0-9_-]{43}$/.test(token))
    throw new AgentConfigError('AGENT_TOKEN (or the file AGENT_TOKEN_FILE names) must hold the token POST /api/agents answered (sya_…).');
  return token;
}

/**
 * The credential sets of AGENT_CREDENTIALS_FILE: a JSON list of { name, snmp } as POST /api/credentials takes them.
 * A fault names the set and the field, never a value.
 */
export function credentialsOf(file: string | undefined): Map<string, SnmpCredentials> {
  if (!file) throw new AgentConfigError('AGENT_CREDENTIALS_FILE must name the JSON file of the credential sets, [{ "name", "snmp" }].');
  let parsed: unknown;
  try {
    parsed = JSON.parse(fileText('AGENT_CREDENTIALS_FILE', file));
  } catch (error) {
    if (error instanceof AgentConfigError) throw error;
    throw new AgentConfigError('AGENT_CREDENTIALS_FILE is no JSON.');
  }
  if (!Array.isArray(parsed)) throw new AgentConfigError('AGENT_CREDENTIALS_FILE must hold a JSON list of { "name", "snmp" }.');
  const sets = new Map<string, SnmpCredentials>();
  parsed.forEach((entry: unknown, index) => {
    const faults: FieldFault[] = [];
    const { name, snmp } = (typeof entry === 'object' && entry !== null ? entry : {}) as { name?: unknown; snmp?: unknown };
    if (typeof name !== 'string' || name.length < 1 || name.length > 100)
      faults.push({ field: `[${index}].name`, message: 'must be 1 to 100 characters' });
    const credentials = readCredentials(snmp, faults, `[${index}].snmp`);
    if (faults.length > 0 || !credentials)
      throw new AgentConfigError(`AGENT_CREDENTIALS_FILE: ${faults.map((fault) => `${fault.field} ${fault.message}`).join('; ')}`);
    sets.set((name as string).toLowerCase(), credentials);
  });
  return sets;
}

function fileText(variable: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new AgentConfigError(`${variable}: ${file} cannot be read.`);
  }
}

function whole(variable: string, value: string | undefined, fallback: number, max: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new AgentConfigError(`${variable} must be a whole number from ${min} to ${max}, got "${value}".`);
  return Number(value);
}
