// A small wrapper over net-snmp for reading a switch: v2c or v3 authPriv, GET and GETBULK subtree walks, every
// request bounded (timeout and retries) and every walk checked against the discovery's deadline. Errors come out as
// DeviceError with messages of our own: net-snmp's may quote the community, so they are never passed on.
import { createRequire } from 'node:module';
import snmp, { type Session } from 'net-snmp';
import { parseIp } from '../lib/net.ts';
import { DeviceError, type SnmpCredentials, withoutSecrets } from './observed.ts';
import type { Target } from './target.ts';
import { compareOids, type SnmpValue } from './mib-values.ts';

// Required when a discovery runs, not imported: the server bundles this module, and a static import of these
// built-ins would load them at every start (~5 MB of the Node binary's pages resident) for a feature used rarely.
const builtin = createRequire(import.meta.url);
const dgramModule = () => builtin('node:dgram') as typeof import('node:dgram');
const dnsLookup = (host: string) => (builtin('node:dns/promises') as typeof import('node:dns/promises')).lookup(host);

/** How long a discovery may take: per request, how often it is sent again, and the whole discovery. */
export interface SnmpLimits {
  requestTimeoutMs: number;
  retries: number;
  deadlineMs: number;
  /** GETBULK max-repetitions of a walk. */
  maxRepetitions: number;
}

export const DEFAULT_SNMP_LIMITS: SnmpLimits = { requestTimeoutMs: 2000, retries: 1, deadlineMs: 60_000, maxRepetitions: 40 };

/** The point in time by which the whole discovery must be done. */
export class Deadline {
  readonly at: number;
  readonly ms: number;

  constructor(ms: number) {
    this.ms = ms;
    this.at = Date.now() + ms;
  }

  remaining(): number {
    return this.at - Date.now();
  }

  error(): DeviceError {
    return new DeviceError('timeout', `the switch was not read within the discovery's limit of ${this.ms / 1000} s`);
  }
}

/** Rejects with the deadline's error when it passes first. */
export function withinDeadline<T>(deadline: Deadline, work: Promise<T>): Promise<T> {
  const remaining = deadline.remaining();
  if (remaining <= 0) return Promise.reject(deadline.error());
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(deadline.error()), remaining);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** A target with its address looked up: what a session is opened on. */
export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
  port: number;
}

/** Looks a host name up (an address is taken as it is), within the deadline. */
export async function resolveTarget(target: Target, deadline: Deadline): Promise<ResolvedTarget> {
  const ip = parseIp(target.host);
  if (ip) return { address: target.host, family: ip.family, port: target.port };
  try {
    const found = await withinDeadline(deadline, dnsLookup(target.host));
    return { address: found.address, family: found.family === 6 ? 6 : 4, port: target.port };
  } catch (error) {
    if (error instanceof DeviceError) throw error;
    throw new DeviceError('error', 'the host name could not be resolved');
  }
}

/** The bridge instance a session reads: the default one, or a Cisco per-VLAN one (a community or a v3 context). */
export interface SnmpInstance {
  community?: string;
  context?: string;
}

type Callback<T> = (error: Error | null, result?: T) => void;
type RawVarbind = { oid: string; type: number; value: unknown };

/** One SNMP session to one agent (and one bridge instance); close it when done. */
export class SnmpSession {
  private readonly session: Session;
  private readonly limits: SnmpLimits;
  private readonly deadline: Deadline;
  /** A message without any text of the credentials, whatever produced it. */
  private readonly scrub: (message: string) => string;
  private readonly version: string;
  /** Set when a datagram came back that is not SNMP: a request that then times out was answered with garbage. */
  private garbage = false;
  private maxRepetitions: number;

  constructor(target: ResolvedTarget, credentials: SnmpCredentials, limits: SnmpLimits, deadline: Deadline, instance: SnmpInstance = {}) {
    this.limits = limits;
    this.deadline = deadline;
    this.maxRepetitions = limits.maxRepetitions;
    this.version = credentials.version === '2c' ? 'v2c' : 'v3';
    this.scrub = (message) => withoutSecrets(message, credentials, instance.community ? [instance.community] : []);
    const options = {
      port: target.port,
      retries: limits.retries,
      timeout: limits.requestTimeoutMs,
      transport: target.family === 6 ? ('udp6' as const) : ('udp4' as const),
      dgramModule: this.guardedDgram(),
    };
    this.session =
      credentials.version === '2c'
        ? snmp.createSession(target.address, instance.community ?? credentials.community, { ...options, version: snmp.Version2c })
        : snmp.createV3Session(
            target.address,
            {
              name: credentials.user,
              level: snmp.SecurityLevel.authPriv,
              authProtocol: snmp.AuthProtocols[credentials.authProtocol],
              authKey: credentials.authKey,
              privProtocol: snmp.PrivProtocols[credentials.privProtocol],
              privKey: credentials.privKey,
            },
            { ...options, context: instance.context ?? credentials.context ?? '' },
          );
    // net-snmp emits 'error' for a datagram it cannot decode; unheard, that would be an uncaught exception.
    this.session.on('error', () => {
      this.garbage = true;
    });
  }

  /** A dgram whose message handlers cannot throw out of the event loop: a reply net-snmp chokes on counts as garbage. */
  private guardedDgram() {
    const markGarbage = () => {
      this.garbage = true;
    };
    return {
      createSocket(type: import('node:dgram').SocketType) {
        const socket = dgramModule().createSocket(type);
        const on = socket.on.bind(socket);
        socket.on = ((event: string, listener: (...args: unknown[]) => void) =>
          on(event, (...args: unknown[]) => {
            try {
              listener(...args);
            } catch {
              markGarbage();
            }
          })) as typeof socket.on;
        return socket;
      },
    };
  }

  /** Whether the discovery's deadline has passed (an error then ends the discovery rather than one table). */
  pastDeadline(): boolean {
    return this.deadline.remaining() <= 0;
  }

  close(): void {
    try {
      this.session.close();
    } catch {
      // already closed
    }
  }

  /** GET of scalars; an OID the agent does not have is simply absent from the answer. */
  async get(oids: string[]): Promise<Map<string, SnmpValue>> {
    const varbinds = await this.request<RawVarbind[]>((done) => this.session.get(oids, done as never));
    const values = new Map<string, SnmpValue>();
    for (const varbind of varbinds ?? []) if (!snmp.isVarbindError(varbind as never)) values.set(varbind.oid, snmpValue(varbind));
    return values;
  }

  /** Walks a subtree with GETBULK into `into`; stops at its end, at an OID that does not increase, or at the deadline. */
  async walk(root: string, into: Map<string, SnmpValue>): Promise<void> {
    let cursor = root;
    for (;;) {
      const rows = await this.bulk(cursor);
      if (rows.length === 0) return;
      for (const varbind of rows) {
        if (snmp.isVarbindError(varbind as never) || !varbind.oid.startsWith(`${root}.`)) return;
        if (compareOids(varbind.oid, cursor) <= 0) return;
        into.set(varbind.oid, snmpValue(varbind));
        cursor = varbind.oid;
      }
    }
  }

  /** One GETBULK after `oid`; a tooBig answer is asked again with fewer repetitions. */
  private async bulk(oid: string): Promise<RawVarbind[]> {
    for (;;) {
      try {
        const answer = await this.request<(RawVarbind | RawVarbind[])[]>((done) =>
          this.session.getBulk([oid], 0, this.maxRepetitions, done as never),
        );
        const first = answer?.[0];
        return Array.isArray(first) ? first : first ? [first] : [];
      } catch (error) {
        if (!(error instanceof TooBig) || this.maxRepetitions === 1) throw error instanceof TooBig ? error.deviceError : error;
        this.maxRepetitions = Math.max(1, Math.floor(this.maxRepetitions / 2));
      }
    }
  }

  /** Sends one request within the deadline and turns net-snmp's errors into DeviceErrors. */
  private request<T>(send: (done: Callback<T>) => void): Promise<T | undefined> {
    const answer = new Promise<T | undefined>((resolve, reject) => {
      try {
        send((error, result) => (error ? reject(this.deviceError(error)) : resolve(result)));
      } catch (error) {
        reject(this.deviceError(error instanceof Error ? error : new Error(String(error))));
      }
    });
    return withinDeadline(this.deadline, answer);
  }

  private deviceError(error: Error): DeviceError | TooBig {
    const failed = (kind: 'timeout' | 'error', message: string) => new DeviceError(kind, this.scrub(message));
    if (error.name === 'RequestTimedOutError') {
      if (this.garbage) return failed('error', 'the device answered with data that is not SNMP');
      const waited = this.limits.requestTimeoutMs * (this.limits.retries + 1);
      const hint = this.version === 'v2c' ? ' (a wrong community gets no answer)' : '';
      return failed('timeout', `no SNMP ${this.version} answer within ${waited} ms${hint}`);
    }
    if (error instanceof snmp.ResponseInvalidError) return failed('error', invalidResponseMessage(error));
    if (error instanceof snmp.RequestFailedError) {
      const message = `the agent answered with the error ${error.message}`;
      return error.status === snmp.ErrorStatus.TooBig ? new TooBig(failed('error', message)) : failed('error', message);
    }
    const code = (error as NodeJS.ErrnoException).code;
    return failed('error', code ? `the request could not be sent (${code})` : 'the SNMP request failed');
  }
}

/** A tooBig answer: the walk asks again with fewer repetitions. */
class TooBig extends Error {
  readonly deviceError: DeviceError;

  constructor(deviceError: DeviceError) {
    super(deviceError.message);
    this.deviceError = deviceError;
  }
}

function invalidResponseMessage(error: Error): string {
  const code = (error as { code?: number }).code ?? 0;
  const codeName = (snmp.ResponseInvalidCode as unknown as Record<number, string | undefined>)[code] ?? 'EInvalidResponse';
  if (codeName === 'EAuthFailure') {
    if (Object.values(USM_REASONS).includes(error.message)) return `the agent refused the SNMPv3 credentials (${error.message})`;
    return "the answer's SNMPv3 authentication does not match (check the user, the auth protocol and the auth key)";
  }
  if (codeName === 'ECouldNotDecrypt') return 'the answer could not be decrypted (check the privacy protocol and key)';
  if (codeName === 'ENotInTimeWindow') return 'the answer is outside the SNMPv3 time window';
  return `the answer was not a valid reply to the request (${codeName})`;
}

/** The fixed reasons net-snmp gives for a USM report (RFC 3414): safe to show. */
const USM_REASONS = {
  1: 'Unsupported Security Level',
  2: 'Not In Time Window',
  3: 'Unknown User Name',
  4: 'Unknown Engine ID',
  5: 'Wrong Digest (incorrect password, community or key)',
  6: 'Decryption Error',
};

function snmpValue(varbind: RawVarbind): SnmpValue {
  const { type, value } = varbind;
  if (value === null || value === undefined) return null;
  if (type === snmp.ObjectType.Counter64 && Buffer.isBuffer(value)) return counter64(value);
  if (Buffer.isBuffer(value)) return new Uint8Array(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 2;
  return null;
}

function counter64(bytes: Buffer): number {
  let n = 0n;
  for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  return Number(n);
}
