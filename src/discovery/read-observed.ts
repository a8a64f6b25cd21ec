// Reading a switch for a discovery or a poll (docs/DISCOVERY.md): its host looked up once and checked against
// DISCOVERY_ALLOW, the read bounded by DISCOVERY_TIMEOUT_MS, and a failure answered without the credentials' secrets.
import type { Config } from '../boot/config.ts';
import type { Logger } from '../boot/log.ts';
import { HttpError } from '../errors/http-error.ts';
import { checkedTarget, hostNotAllowed } from './allowed-target.ts';
import { DeviceError, withoutSecrets, type ObservedSwitch, type SnmpCredentials } from './observed.ts';
import type { Target } from './target.ts';

/** What reads a switch (the App's readSwitch): throws DeviceError when it cannot. */
export type SwitchReader = (
  target: { host: string; port: number },
  credentials: SnmpCredentials,
  limits: { requestTimeoutMs?: number; retries?: number; deadlineMs?: number },
) => Promise<ObservedSwitch>;

/** What a read needs of the service. */
export interface ReadDeps {
  readSwitch: SwitchReader;
  config: Pick<Config, 'discoveryTimeoutMs' | 'discoveryAllow'>;
  log: Logger;
}

/** Beyond the deadline the reader keeps, how long its answer is waited for. */
const DEADLINE_GRACE_MS = 2000;
/** The longest one SNMP request waits. */
const REQUEST_TIMEOUT_MS = 3000;

/**
 * What the switch reports; 403 host_not_allowed for an address DISCOVERY_ALLOW does not let in, 504 device_timeout or
 * 502 device_error when it cannot be read in time.
 */
export async function readObserved(app: ReadDeps, target: Target, credentials: SnmpCredentials): Promise<ObservedSwitch> {
  const deadlineMs = app.config.discoveryTimeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DeviceError('timeout', `The switch did not answer within ${deadlineMs} ms.`)),
      deadlineMs + DEADLINE_GRACE_MS,
    );
  });
  try {
    return await Promise.race([readAllowed(app, target, credentials), overrun]);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw deviceFailure(app, target, error, credentials);
  } finally {
    clearTimeout(timer);
  }
}

/** Looks the host up and checks its addresses first; the reader gets the address checked, and looks nothing up. */
async function readAllowed(app: ReadDeps, target: Target, credentials: SnmpCredentials): Promise<ObservedSwitch> {
  const checked = await checkedTarget(target, app.config.discoveryAllow);
  if (!checked.ok) throw hostNotAllowed(target, checked);
  const deadlineMs = app.config.discoveryTimeoutMs;
  const limits = { deadlineMs, requestTimeoutMs: Math.min(REQUEST_TIMEOUT_MS, deadlineMs), retries: 1 };
  return app.readSwitch(checked.target, credentials, limits);
}

/**
 * The answer to a read that failed; a failure that is no DeviceError is logged (without credentials) as the bug it is.
 * Every text is checked for the credentials' secrets (the reader never puts them in; this makes sure).
 */
function deviceFailure(app: ReadDeps, target: Target, error: unknown, credentials: SnmpCredentials): HttpError {
  if (DeviceError.is(error) && error.kind === 'timeout')
    return new HttpError(504, 'device_timeout', withoutSecrets(`${target.host}: ${error.message}`, credentials));
  if (DeviceError.is(error)) return new HttpError(502, 'device_error', withoutSecrets(`${target.host}: ${error.message}`, credentials));
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  app.log.error('discovery read failed', { host: target.host, error: withoutSecrets(text, credentials) });
  return new HttpError(502, 'device_error', `${target.host}: the switch's answers could not be read; the server log says more.`);
}
