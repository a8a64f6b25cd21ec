// The agent's work (issue 39): it asks the server for its assignments, polls each switch on its schedule with the same
// reader the server uses (discovery/read-observed.ts: DISCOVERY_ALLOW's guard, the deadline, no secret in an error),
// writes each observation to its spool, and sends the spool in order. Every wait is bounded: the requests by their
// time limit, the retries by a back-off that doubles up to AGENT_BACKOFF_MAX_MS.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../boot/log.ts';
import { readObserved, type SwitchReader } from '../discovery/read-observed.ts';
import { parseTarget } from '../discovery/target.ts';
import type { AgentConfig } from './config.ts';
import { callServer, Unreachable, type ServerAnswer } from './client.ts';
import { Spool } from './spool.ts';
import { settledWithin } from '../lib/settled-within.ts';

/** One switch the server gave the agent to poll. */
interface Assignment {
  switchId: string;
  switchName: string;
  host: string | null;
  enabled: boolean;
  intervalMinutes: number;
  credentialSet: string;
}

/** Most observations sent in one batch (the server takes up to 100). */
const BATCH = 50;
/** Polls at once. */
const POLL_CONCURRENCY = 4;
/** Every address but link-local and cloud metadata ones, as the server's DISCOVERY_ALLOW default. */
const ALLOW_ALL = ['0.0.0.0/0', '::/0'];
/** How long stop() waits for polls and a send in flight. */
const STOP_GRACE_MS = 5000;

/** What the agent needs. */
export interface AgentDeps {
  config: AgentConfig;
  log: Logger;
  readSwitch: SwitchReader;
  version: string;
}

/** A running agent. */
export interface RunningAgent {
  stop(): Promise<void>;
}

/** Starts the agent's timer; it reads its spool first, so that what a crash left is sent before anything new. */
export function startAgent(deps: AgentDeps): RunningAgent {
  const { config, log } = deps;
  const spool = new Spool(config.spoolFile, config.spoolBytes);
  const server = { url: config.serverUrl, token: config.token, ca: config.ca, version: deps.version };
  const readDeps = {
    readSwitch: deps.readSwitch,
    config: { discoveryTimeoutMs: config.discoveryTimeoutMs, discoveryAllow: ALLOW_ALL },
    log,
  };
  let assignments: Assignment[] = [];
  const nextPoll = new Map<string, number>();
  const polling = new Map<string, Promise<void>>();
  let nextAssignmentsAt = 0;
  let asking: Promise<void> | undefined;
  let sending: Promise<void> | undefined;
  let nextSendAt = 0;
  let failures = 0;
  let batchSize = BATCH;
  let lastError: string | null = null;
  let stopped = false;
  if (spool.length() > 0) log.info('spool holds observations not yet acknowledged: sending them first', { queued: spool.length() });
  if (spool.dropped() > 0)
    log.warn('the spool was over AGENT_SPOOL_MB and dropped its oldest observations; the next batch reports them', {
      dropped: spool.dropped(),
    });

  const backOff = (what: string, error: string) => {
    failures += 1;
    const waitMs = Math.min(config.backoffMaxMs, 500 * 2 ** Math.min(failures - 1, 20)) * (0.75 + Math.random() / 2);
    lastError = `${what}: ${error}`;
    log.warn(`${what} failed; trying again later`, { error, retryInMs: Math.round(waitMs), queued: spool.length() });
    return Date.now() + waitMs;
  };

  const askAssignments = async () => {
    try {
      const answer = await callServer(server, 'GET', '/api/agent/assignments');
      if (answer.status !== 200) throw new Error(refusalText(answer));
      assignments = (answer.body as { items: Assignment[] }).items;
      const known = new Set(assignments.map((item) => item.switchId));
      for (const id of nextPoll.keys()) if (!known.has(id)) nextPoll.delete(id);
      for (const item of assignments) if (!nextPoll.has(item.switchId)) nextPoll.set(item.switchId, Date.now());
      nextAssignmentsAt = Date.now() + config.assignmentsEveryMs;
      log.debug('assignments', { switches: assignments.length });
    } catch (error) {
      nextAssignmentsAt = backOff('asking for the assignments', messageOf(error));
    }
  };

  const poll = async (item: Assignment) => {
    const started = performance.now();
    const observedAt = new Date().toISOString();
    let observed: unknown = null;
    let error: string | null = null;
    try {
      const credentials = config.credentials.get(item.credentialSet.toLowerCase());
      if (!credentials) throw new Error(`The credential set ${item.credentialSet} is not in AGENT_CREDENTIALS_FILE.`);
      const target = item.host ? parseTarget(item.host) : undefined;
      if (!target)
        throw new Error(item.host ? `${item.host} is no host to poll.` : 'The switch has no management IP and its schedule names no host.');
      observed = await readObserved(readDeps, target, credentials);
    } catch (failure) {
      error = messageOf(failure);
      log.warn('poll failed', { switch: item.switchName, error });
    }
    const key = randomUUID();
    const durationMs = Math.round(performance.now() - started);
    const body = JSON.stringify({ key, switchId: item.switchId, host: item.host, observedAt, durationMs, observed, error });
    const dropped = spool.add(key, body);
    if (dropped > 0)
      log.warn('the spool is over AGENT_SPOOL_MB: dropped the oldest observations', { dropped, spoolMb: config.spoolBytes / 1024 / 1024 });
    log.info('polled', { switch: item.switchName, ok: error === null, ms: durationMs, queued: spool.length() });
  };

  const send = async () => {
    const batch = spool.oldest(batchSize);
    if (batch.length === 0) return;
    const dropped = spool.dropped();
    const status = { version: deps.version, queueLength: spool.length(), dropped, lastError };
    try {
      const answer = await callServer(server, 'POST', '/api/agent/observations', {
        agent: status,
        observations: batch.map((entry) => JSON.parse(entry.body) as unknown),
      });
      if (answer.status === 400)
        return refusedBatch(
          batch.map((entry) => entry.seq),
          answer,
          dropped,
        );
      if (answer.status !== 200) throw new Error(refusalText(answer));
      const results = (answer.body as { results: { key: string; status: string; reason?: string }[] }).results;
      const done = new Set(results.map((result) => result.key));
      for (const result of results)
        if (result.status === 'rejected')
          log.warn('the server refused an observation for good; dropped', { key: result.key, reason: result.reason });
      spool.acknowledge(
        batch.filter((entry) => done.has(entry.key)).map((entry) => entry.seq),
        dropped,
      );
      failures = 0;
      batchSize = BATCH;
      lastError = null;
      log.info('sent', { observations: batch.length, queued: spool.length() });
    } catch (error) {
      nextSendAt = backOff('sending observations', messageOf(error));
    }
  };

  // A 400: some observation of the batch the server cannot take. One at a time finds it; that one alone is dropped.
  const refusedBatch = (seqs: number[], answer: ServerAnswer, dropped: number) => {
    if (seqs.length > 1) {
      batchSize = 1;
      return;
    }
    log.error('the server refused an observation as invalid; dropped', { error: refusalText(answer) });
    spool.acknowledge(seqs, dropped);
  };

  const tick = () => {
    if (stopped) return;
    const now = Date.now();
    if (!asking && now >= nextAssignmentsAt) asking = askAssignments().finally(() => (asking = undefined));
    for (const item of assignments) {
      if (polling.size >= POLL_CONCURRENCY) break;
      if (!item.enabled || polling.has(item.switchId) || (nextPoll.get(item.switchId) ?? 0) > now) continue;
      nextPoll.set(item.switchId, now + item.intervalMinutes * config.intervalUnitMs);
      polling.set(
        item.switchId,
        poll(item).finally(() => polling.delete(item.switchId)),
      );
    }
    if (!sending && now >= nextSendAt && spool.length() > 0) sending = send().finally(() => (sending = undefined));
  };
  const timer = setInterval(tick, Math.min(Math.max(Math.floor(config.intervalUnitMs / 4), 50), 1000));
  tick();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await settledWithin([...polling.values(), sending, asking], STOP_GRACE_MS);
      spool.close();
    },
  };
}

function refusalText(answer: ServerAnswer): string {
  const error = (answer.body as { error?: { code?: string; message?: string } } | undefined)?.error;
  const hint = answer.status === 401 ? ' (the token is not valid or the agent was revoked)' : '';
  return `the server answered ${answer.status}${error ? ` ${error.code}: ${error.message}` : ''}${hint}`;
}

function messageOf(error: unknown): string {
  if (error instanceof Unreachable) return `the server cannot be reached: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
