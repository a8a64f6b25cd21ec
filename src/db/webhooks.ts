// The SQL of webhooks (migration 0023): subscriptions, and their deliveries, whose queued rows are the outbox. An
// activity entry's rows are queued by src/db/activity.ts in the entry's own statement path.
import type { NewEvent } from './activity.ts';
import { prepare, type Db } from './open.ts';

/** The formats a subscription's bodies take. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The event of a discovery recorded (src/discovery/discover.ts). */
export const DISCOVERY_COMPLETED = 'discovery.completed';

/** A subscription as stored. */
export interface SubscriptionRow {
  id: string;
  name: string;
  url: string;
  secret_nonce: Uint8Array;
  secret_sealed: Uint8Array;
  enabled: number;
  events: string;
  site_ids: string | null;
  format: WebhookFormat;
  failing_since: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** A subscription as the API answers it: never its secret. */
export interface SubscriptionApi {
  id: string;
  name: string;
  url: string;
  enabled: boolean;
  events: string[];
  siteIds: string[] | null;
  format: WebhookFormat;
  failingSince: string | null;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** Maps a stored subscription to its API form. */
export function subscriptionToApi(row: SubscriptionRow): SubscriptionApi {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    enabled: row.enabled === 1,
    events: JSON.parse(row.events) as string[],
    siteIds: row.site_ids === null ? null : (JSON.parse(row.site_ids) as string[]),
    format: row.format,
    failingSince: row.failing_since,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

const SUBSCRIPTION_COLUMNS = [
  'id',
  'name',
  'url',
  'secret_nonce',
  'secret_sealed',
  'enabled',
  'events',
  'site_ids',
  'format',
  'failing_since',
  'disabled_reason',
  'created_at',
  'updated_at',
  'version',
] as const;

/** Every subscription, by name. */
export function listSubscriptions(db: Db): SubscriptionRow[] {
  return prepare(db, 'SELECT * FROM webhook_subscriptions ORDER BY name, id').all() as unknown as SubscriptionRow[];
}

/** One subscription by id. */
export function getSubscription(db: Db, id: string): SubscriptionRow | undefined {
  return prepare(db, 'SELECT * FROM webhook_subscriptions WHERE id = ?').get(id) as SubscriptionRow | undefined;
}

/** Stores a new subscription. */
export function insertSubscription(db: Db, row: SubscriptionRow): void {
  const sql = `INSERT INTO webhook_subscriptions (${SUBSCRIPTION_COLUMNS.join(', ')}) VALUES (${SUBSCRIPTION_COLUMNS.map(() => '?').join(', ')})`;
  prepare(db, sql).run(...SUBSCRIPTION_COLUMNS.map((column) => row[column]));
}

/** Writes a subscription's columns as `row` holds them, its version raised. */
export function updateSubscription(db: Db, row: SubscriptionRow): void {
  const columns = SUBSCRIPTION_COLUMNS.filter((column) => column !== 'id' && column !== 'version');
  const sql = `UPDATE webhook_subscriptions SET ${columns.map((column) => `${column} = ?`).join(', ')}, version = version + 1 WHERE id = ?`;
  prepare(db, sql).run(...columns.map((column) => row[column]), row.id);
}

/** Removes a subscription and its deliveries. */
export function deleteSubscription(db: Db, id: string): void {
  prepare(db, 'DELETE FROM webhook_subscriptions WHERE id = ?').run(id);
}

/** Notes that a subscription's deliveries fail since `at` (kept when they failed already). */
export function markSubscriptionFailing(db: Db, id: string, at: string): void {
  prepare(db, 'UPDATE webhook_subscriptions SET failing_since = coalesce(failing_since, ?) WHERE id = ?').run(at, id);
}

/** Notes that a subscription's deliveries succeed again. */
export function markSubscriptionSucceeding(db: Db, id: string): void {
  prepare(db, 'UPDATE webhook_subscriptions SET failing_since = NULL WHERE id = ? AND failing_since IS NOT NULL').run(id);
}

const DISABLE = 'UPDATE webhook_subscriptions SET enabled = 0, disabled_reason = ?, updated_at = ?, version = version + 1 WHERE id = ?';

/** Turns a subscription off, saying why. */
export function disableSubscription(db: Db, id: string, reason: string, at: string): void {
  prepare(db, DISABLE).run(reason, at, id);
}

/** Queues `event` for one subscription whatever its patterns (a test ping); returns the delivery's id. */
export function queueDelivery(db: Db, subscriptionId: string, event: NewEvent): string {
  const row = prepare(
    db,
    `INSERT INTO webhook_deliveries (subscription_id, event_id, type, site_id, occurred_at, data)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING seq`,
  ).get(subscriptionId, event.eventId, event.type, event.siteId, event.occurredAt, event.data) as { seq: number };
  return String(row.seq);
}

/** Queues a delivery's event once more, at the end of its subscription's queue: the same event id, a new delivery. */
export function queueRedelivery(db: Db, delivery: DeliveryRow): string {
  const event = { eventId: delivery.event_id, type: delivery.type, siteId: delivery.site_id, occurredAt: delivery.occurred_at };
  return queueDelivery(db, delivery.subscription_id, { ...event, data: delivery.data });
}

/** A delivery as stored. */
export interface DeliveryRow {
  /** The delivery's id. */
  seq: number;
  subscription_id: string;
  event_id: string;
  type: string;
  site_id: string | null;
  occurred_at: string;
  data: string | null;
  status: 'queued' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number;
  first_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_response: string | null;
}

/** Maps a delivery to its API form. */
export function deliveryToApi(row: DeliveryRow) {
  return {
    id: String(row.seq),
    eventId: row.event_id,
    type: row.type,
    siteId: row.site_id,
    occurredAt: row.occurred_at,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'queued' && row.next_attempt_at > 0 ? new Date(row.next_attempt_at).toISOString() : null,
    lastAttemptAt: row.last_attempt_at,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastResponse: row.last_response,
  };
}

/** A page of a subscription's deliveries, newest first, and how many it has. */
export function listDeliveries(db: Db, subscriptionId: string, limit: number, offset: number): { rows: DeliveryRow[]; total: number } {
  const rows = prepare(db, 'SELECT * FROM webhook_deliveries WHERE subscription_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?').all(
    subscriptionId,
    limit,
    offset,
  ) as unknown as DeliveryRow[];
  const { total } = prepare(db, 'SELECT count(*) AS total FROM webhook_deliveries WHERE subscription_id = ?').get(subscriptionId) as {
    total: number;
  };
  return { rows, total };
}

/** One delivery of a subscription, by its id (seq). */
export function getDelivery(db: Db, subscriptionId: string, seq: number): DeliveryRow | undefined {
  return prepare(db, 'SELECT * FROM webhook_deliveries WHERE seq = ? AND subscription_id = ?').get(seq, subscriptionId) as
    | DeliveryRow
    | undefined;
}

/**
 * The next delivery of each enabled subscription whose oldest queued one is due at `now` (milliseconds), and none of
 * a subscription in `busy`: a subscription's deliveries go one after the other, in order.
 */
export function dueDeliveries(db: Db, now: number): DeliveryRow[] {
  return prepare(
    db,
    `SELECT d.* FROM webhook_subscriptions s
     JOIN webhook_deliveries d ON d.seq = (SELECT min(seq) FROM webhook_deliveries WHERE subscription_id = s.id AND status = 'queued')
     WHERE s.enabled = 1 AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.seq`,
  ).all(now) as unknown as DeliveryRow[];
}

/** What one attempt of a delivery came to. */
export interface AttemptOutcome {
  status: DeliveryRow['status'];
  at: string;
  nextAttemptAt: number;
  statusCode: number | null;
  error: string | null;
  response: string | null;
}

/** Records an attempt of a delivery: its outcome, one more attempt, the first attempt's time kept. */
export function recordAttempt(db: Db, seq: number, outcome: AttemptOutcome): void {
  prepare(
    db,
    `UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?, first_attempt_at = coalesce(first_attempt_at, ?),
     last_attempt_at = ?, last_status_code = ?, last_error = ?, last_response = ? WHERE seq = ?`,
  ).run(outcome.status, outcome.nextAttemptAt, outcome.at, outcome.at, outcome.statusCode, outcome.error, outcome.response, seq);
}

/** Removes the deliveries done (delivered or failed) before `before` (ISO time); answers how many. */
export function pruneDeliveries(db: Db, before: string): number {
  return Number(prepare(db, "DELETE FROM webhook_deliveries WHERE status <> 'queued' AND occurred_at < ?").run(before).changes);
}

/** The deliveries by status and the time of the oldest queued event (null when none is queued). */
export function deliveryCounts(db: Db): { queued: number; delivered: number; failed: number; oldestQueuedAt: string | null } {
  const counts = { queued: 0, delivered: 0, failed: 0 };
  const rows = prepare(db, 'SELECT status, count(*) AS n FROM webhook_deliveries GROUP BY status').all() as {
    status: keyof typeof counts;
    n: number;
  }[];
  for (const row of rows) counts[row.status] = row.n;
  const oldest = prepare(db, "SELECT min(occurred_at) AS at FROM webhook_deliveries WHERE status = 'queued'").get() as {
    at: string | null;
  };
  return { ...counts, oldestQueuedAt: oldest.at };
}
