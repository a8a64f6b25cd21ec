// The webhook sender (API.md, "Webhooks"): delivers the outbox (db/webhooks.ts) outside every request's path, at most
// CONCURRENCY subscriptions at a time and each subscription's deliveries one after the other, in order. The outbox is
// its only state: a delivery is marked after its attempt, so a crash repeats at most the attempts in flight
// (at least once, with the event's stable id). server.ts starts it after listening and stops it in close().
import type { Logger } from '../boot/log.ts';
import { activityToApi, getActivity } from '../db/activity.ts';
import { committed, inTransaction, writeTurn, type Db } from '../db/open.ts';
import { getSite } from '../db/sites.ts';
import {
  disableSubscription,
  dueDeliveries,
  getSubscription,
  markSubscriptionFailing,
  markSubscriptionSucceeding,
  pruneDeliveries,
  recordAttempt,
  type AttemptOutcome,
  type DeliveryRow,
  type SubscriptionRow,
} from '../db/webhooks.ts';
import { openText, type SealingKey } from '../lib/sealing.ts';
import { urlFault } from './allowed-url.ts';
import { GIVE_UP_MS, outcomeOf, type Answer } from './attempt.ts';
import { bodyOf, type WebhookEvent } from './bodies.ts';
import { signatureHeader } from './signature.ts';

/** Subscriptions delivered to at the same time. */
const CONCURRENCY = 4;
const POLL_MS = 1_000;
const ANSWER_TIMEOUT_MS = 10_000;
/** How much of an answer's body is read; the rest is dropped with the connection. */
const RESPONSE_READ_BYTES = 64 * 1024;
/** How much of it a delivery keeps to show. */
const RESPONSE_KEPT_CHARS = 1_000;
const PRUNE_EVERY_MS = 3_600_000;
const KEEP_DAYS = 30;

/** What the sender needs: the database, the log, the key that opens secrets, WEBHOOK_ALLOW and the time scale. */
export interface SenderOptions {
  db: Db;
  log: Logger;
  key: SealingKey;
  allow: readonly string[];
  /** 1 but in tests (WEBHOOK_TEST_TIME_SCALE): scales the back-off, the hour and day it counts, and the polling. */
  timeScale: number;
}

/** A running sender. */
export interface Sender {
  /** Stops sending: attempts in flight are cut off and stay queued. */
  stop(): Promise<void>;
}

/** Starts delivering the outbox. */
export function startSender(options: SenderOptions): Sender {
  const inFlight = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let prunedAt = 0;
  const tick = () => {
    if (stopping.signal.aborted) return;
    const now = Date.now();
    if (now - prunedAt >= PRUNE_EVERY_MS) prunedAt = prune(options.db, now);
    for (const delivery of dueDeliveries(options.db, now)) {
      if (inFlight.size >= CONCURRENCY) break;
      if (inFlight.has(delivery.subscription_id)) continue;
      const done = deliver(options, delivery, stopping.signal)
        .catch((error: unknown) => options.log.error('webhook delivery failed', { delivery: delivery.seq, error: String(error) }))
        .finally(() => {
          inFlight.delete(delivery.subscription_id);
          setImmediate(tick);
        });
      inFlight.set(delivery.subscription_id, done);
    }
  };
  const timer = setInterval(tick, Math.max(10, POLL_MS * options.timeScale));
  setImmediate(tick);
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await Promise.all(inFlight.values());
    },
  };
}

function prune(db: Db, now: number): number {
  pruneDeliveries(db, new Date(now - KEEP_DAYS * 86_400_000).toISOString());
  return now;
}

async function deliver(options: SenderOptions, delivery: DeliveryRow, stopping: AbortSignal): Promise<void> {
  const { db } = options;
  // A row of a commit group still open is not sent before it is durable (nor if the group rolls back).
  const pending = committed(db);
  if (
    pending &&
    !(await pending.then(
      () => true,
      () => false,
    ))
  )
    return;
  const subscription = getSubscription(db, delivery.subscription_id);
  if (!subscription) return;
  const answer = await attempt(options, subscription, delivery, stopping);
  if (stopping.aborted) return;
  const outcome = outcomeOf(delivery, answer, Date.now(), options.timeScale);
  await writeTurn(db);
  inTransaction(db, () => record(options, subscription, delivery, outcome));
}

async function attempt(
  options: SenderOptions,
  subscription: SubscriptionRow,
  delivery: DeliveryRow,
  stopping: AbortSignal,
): Promise<Answer> {
  const secret = openText(options.key, { nonce: subscription.secret_nonce, sealed: subscription.secret_sealed }, subscription.id);
  if (secret === undefined) return { error: 'the secret does not open: APP_JWT_SECRET changed since it was kept; set the secret again' };
  const refused = await urlFault(subscription.url, options.allow);
  if (refused !== undefined) return { error: `the URL ${refused}` };
  const body = bodyOf(subscription.format, eventOf(options.db, delivery));
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'Switchyard-Webhooks',
    'Switchyard-Event': delivery.type,
    'Switchyard-Delivery': String(delivery.seq),
    'Switchyard-Signature': signatureHeader(secret, Math.floor(Date.now() / 1000), body),
  };
  return post(subscription.url, body, headers, AbortSignal.any([stopping, AbortSignal.timeout(ANSWER_TIMEOUT_MS)]));
}

/** The event a delivery sends: an activity entry as the log holds it now (null once a restore replaced the log). */
function eventOf(db: Db, delivery: DeliveryRow): WebhookEvent {
  const site = delivery.site_id === null ? undefined : getSite(db, delivery.site_id);
  const entry = delivery.data === null ? getActivity(db, delivery.event_id) : undefined;
  const { undo_data: _, ...listed } = entry ?? { undo_data: null };
  return {
    id: delivery.event_id,
    type: delivery.type,
    occurredAt: delivery.occurred_at,
    site: site ? { id: site.id, name: site.name } : delivery.site_id === null ? null : { id: delivery.site_id, name: '' },
    data: delivery.data !== null ? JSON.parse(delivery.data) : entry ? activityToApi(listed as typeof entry) : null,
  };
}

async function post(url: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<Answer> {
  try {
    const response = await fetch(url, { method: 'POST', body, headers, redirect: 'manual', signal });
    const text = await readAtMost(response, RESPONSE_READ_BYTES);
    return { statusCode: response.status, response: text.slice(0, RESPONSE_KEPT_CHARS), retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

async function readAtMost(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    bytes += read.value.length;
    if (bytes >= limit) {
      await reader.cancel();
      break;
    }
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${ANSWER_TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

// The attempt's outcome, and the subscription's: succeeding again, or failing since its first failure, and turned
// off once that is a day ago.
function record(options: SenderOptions, subscription: SubscriptionRow, delivery: DeliveryRow, outcome: AttemptOutcome): void {
  const { db, log } = options;
  recordAttempt(db, delivery.seq, outcome);
  if (outcome.status === 'delivered') return markSubscriptionSucceeding(db, subscription.id);
  markSubscriptionFailing(db, subscription.id, outcome.at);
  const since = subscription.failing_since ?? outcome.at;
  if (Date.parse(outcome.at) - Date.parse(since) < GIVE_UP_MS * options.timeScale) return;
  const reason = `its deliveries failed since ${since}`;
  disableSubscription(db, subscription.id, reason, outcome.at);
  log.warn('webhook subscription turned off', { subscription: subscription.id, name: subscription.name, reason });
}
