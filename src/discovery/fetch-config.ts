// Fetching a switch's running configuration over SSH for the API (issue 38), as a discovery reads one over SNMP
// (read-observed.ts): the host looked up once and checked against DISCOVERY_ALLOW, the fetch bounded by
// DISCOVERY_TIMEOUT_MS (the handshake, the answers and the whole), a failure answered 504 device_timeout or 502
// device_error without the credentials' secrets. The SSH side (ssh-config.ts, with ssh2) is loaded by the first
// fetch: in the release it is dist/ssh.js beside the server bundle (scripts/build.ts).
import type { Config } from '../boot/config.ts';
import type { Logger } from '../boot/log.ts';
import { HttpError } from '../errors/http-error.ts';
import type { RunningConfigDialect } from '../switch-config/read-running.ts';
import { checkedTarget, hostNotAllowed } from './allowed-target.ts';
import { DeviceError } from './observed.ts';
import type { SshCredentials } from './ssh-config.ts';
import type { Target } from './target.ts';

export type { SshCredentials };

/** What a fetch needs of the service. */
export interface FetchDeps {
  config: Pick<Config, 'discoveryTimeoutMs' | 'discoveryAllow'>;
  log: Logger;
}

// The specifier is not a literal, so that esbuild leaves it to run time.
const SSH_FETCHER = import.meta.url.endsWith('.ts') ? './ssh-config.ts' : './ssh.js';
const sshFetcher = async () => (await import(SSH_FETCHER)) as typeof import('./ssh-config.ts');

/** The configuration text the switch prints, at most `maxBytes`; 403 host_not_allowed, 504 device_timeout, 502 device_error. */
export async function fetchConfigOver(
  app: FetchDeps,
  target: Target,
  credentials: SshCredentials,
  dialect: RunningConfigDialect,
  maxBytes: number,
): Promise<string> {
  const checked = await checkedTarget(target, app.config.discoveryAllow).catch((error: unknown) => {
    throw failure(app, target, error, credentials);
  });
  if (!checked.ok) throw hostNotAllowed(target, checked);
  try {
    const { fetchRunningConfig } = await sshFetcher();
    const text = await fetchRunningConfig(checked.target, credentials, dialect, { deadlineMs: app.config.discoveryTimeoutMs, maxBytes });
    if (text.trim() === '') throw new DeviceError('error', 'The switch printed no configuration.');
    return text;
  } catch (error) {
    throw failure(app, target, error, credentials);
  }
}

/** The answer to a fetch that failed; a failure that is no DeviceError is logged (without credentials) as the bug it is. */
function failure(app: FetchDeps, target: Target, error: unknown, credentials: SshCredentials): HttpError {
  if (DeviceError.is(error) && error.kind === 'timeout')
    return new HttpError(504, 'device_timeout', clean(`${target.host}: ${error.message}`, credentials));
  if (DeviceError.is(error)) return new HttpError(502, 'device_error', clean(`${target.host}: ${error.message}`, credentials));
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  app.log.error('configuration fetch failed', { host: target.host, error: clean(text, credentials) });
  return new HttpError(502, 'device_error', `${target.host}: the SSH session failed; the server log says more.`);
}

/** A text with every secret of the credentials replaced (the fetcher never puts them in; this makes sure). */
function clean(text: string, credentials: SshCredentials): string {
  let cleaned = text;
  for (const secret of [credentials.password, credentials.passphrase, credentials.privateKey]) {
    if (secret) cleaned = cleaned.split(secret).join('***');
  }
  return cleaned;
}
