import { randomUUID } from 'node:crypto';
import {
  deleteSubscription,
  deliveryToApi,
  getDelivery,
  getSubscription,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  queueDelivery,
  queueRedelivery,
  subscriptionToApi,
  updateSubscription,
  type SubscriptionRow,
} from '../db/webhooks.ts';
import { HttpError, notFound } from '../errors/http-error.ts';
import { created, pageAnswer, withEtag } from '../http/answers.ts';
import { PAGE_QUERY_DOC, pageParams } from '../http/list-request.ts';
import { pathRow, pathRowToChange } from '../http/request.ts';
import type { App, BodySpec, Ctx, Handler, Method, Reply, Route } from '../http/route.ts';
import { sealText } from '../lib/sealing.ts';
import { subscriptionInput, type SubscriptionInput } from '../webhooks/input.ts';
import { PING } from '../webhooks/patterns.ts';
import { webhookSecretKey } from '../webhooks/signature.ts';
import { WEBHOOK, WEBHOOK_CREATE, WEBHOOK_DELIVERY, WEBHOOK_QUEUED, WEBHOOK_UPDATE } from './schemas/webhooks.ts';

const WEBHOOK_LIST = { type: 'object', properties: { items: { type: 'array', items: WEBHOOK } } };
const DELIVERY_PAGE = { type: 'object', properties: { items: { type: 'array', items: WEBHOOK_DELIVERY } } };
const JSON_BODY = { accepts: 'json' } as const;

/** The routes of webhook subscriptions and their deliveries (admins only). */
export const WEBHOOK_ROUTES: Route[] = [
  adminRoute('GET', '/api/webhooks', webhooksList, 'Every webhook subscription, by name; never its secret.', { response: WEBHOOK_LIST }),
  adminRoute(
    'POST',
    '/api/webhooks',
    webhookCreate,
    'Subscribe a URL to events; 400 for a URL webhooks may not reach, 409 without APP_JWT_SECRET (the secret is sealed with it).',
    { request: WEBHOOK_CREATE, response: WEBHOOK, status: 201 },
    JSON_BODY,
  ),
  adminRoute('GET', '/api/webhooks/:id', webhookGet, 'One subscription.', { response: WEBHOOK }),
  adminRoute(
    'PATCH',
    '/api/webhooks/:id',
    webhookUpdate,
    'Change a subscription (If-Match optional); enabling it again clears why it was turned off.',
    { request: WEBHOOK_UPDATE, response: WEBHOOK },
    JSON_BODY,
  ),
  adminRoute('DELETE', '/api/webhooks/:id', webhookDelete, 'Remove a subscription and its deliveries.', { status: 204 }),
  adminRoute(
    'GET',
    '/api/webhooks/:id/deliveries',
    webhookDeliveries,
    'The deliveries of a subscription, newest first (kept 30 days): status, attempts, the last answer.',
    { query: PAGE_QUERY_DOC, response: DELIVERY_PAGE },
  ),
  adminRoute(
    'POST',
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    webhookRedeliver,
    "Send a delivery's event again, at the end of the subscription's queue: the same event id, a new delivery.",
    { response: WEBHOOK_QUEUED, status: 202 },
  ),
  adminRoute('POST', '/api/webhooks/:id/test', webhookTest, 'Queue a ping event for the subscription (sent while it is enabled).', {
    response: WEBHOOK_QUEUED,
    status: 202,
  }),
];

function adminRoute(method: Method, path: string, handler: Handler, summary: string, doc: Route['doc'], body?: BodySpec): Route {
  return { method, path, access: 'admin', handler, summary, doc, ...(body && { body }) };
}

function webhooksList(ctx: Ctx): Reply {
  return { body: { items: listSubscriptions(ctx.app.db).map(subscriptionToApi) } };
}

function webhookGet(ctx: Ctx): Reply {
  return withEtag({ ...subscriptionToApi(pathRow(ctx, 'webhook', getSubscription)) });
}

async function webhookCreate(ctx: Ctx): Promise<Reply> {
  const key = keyOf(ctx.app);
  const input = await subscriptionInput(ctx.app.db, ctx.body, true, ctx.app.config.webhookAllow);
  const now = new Date().toISOString();
  const id = randomUUID();
  const sealed = sealText(key, input.secret!, id);
  const row: SubscriptionRow = {
    id,
    name: input.name!,
    url: input.url!,
    secret_nonce: sealed.nonce,
    secret_sealed: sealed.sealed,
    enabled: input.enabled === false ? 0 : 1,
    events: JSON.stringify(input.events),
    site_ids: input.siteIds ? JSON.stringify(input.siteIds.map((siteId) => siteId.toLowerCase())) : null,
    format: input.format ?? 'json',
    failing_since: null,
    disabled_reason: null,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  insertSubscription(ctx.app.db, row);
  return created(`/api/webhooks/${id}`, subscriptionToApi(row));
}

async function webhookUpdate(ctx: Ctx): Promise<Reply> {
  const row = pathRowToChange(ctx, 'webhook', getSubscription);
  const input = await subscriptionInput(ctx.app.db, ctx.body, false, ctx.app.config.webhookAllow);
  const changed = { ...row, ...columnsOf(input), updated_at: new Date().toISOString() };
  if (input.secret !== undefined) Object.assign(changed, secretColumns(keyOf(ctx.app), input.secret, row.id));
  if (input.enabled === true && row.enabled === 0) Object.assign(changed, { failing_since: null, disabled_reason: null });
  updateSubscription(ctx.app.db, changed);
  return withEtag({ ...subscriptionToApi(getSubscription(ctx.app.db, row.id)!) });
}

function columnsOf(input: SubscriptionInput): Partial<SubscriptionRow> {
  const columns: Partial<SubscriptionRow> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.url !== undefined) columns.url = input.url;
  if (input.enabled !== undefined) columns.enabled = input.enabled ? 1 : 0;
  if (input.events !== undefined) columns.events = JSON.stringify(input.events);
  if (input.siteIds !== undefined) columns.site_ids = input.siteIds && JSON.stringify(input.siteIds.map((id) => id.toLowerCase()));
  if (input.format !== undefined) columns.format = input.format;
  return columns;
}

function secretColumns(key: ReturnType<typeof keyOf>, secret: string, id: string): Partial<SubscriptionRow> {
  const sealed = sealText(key, secret, id);
  return { secret_nonce: sealed.nonce, secret_sealed: sealed.sealed };
}

function webhookDelete(ctx: Ctx): Reply {
  deleteSubscription(ctx.app.db, pathRow(ctx, 'webhook', getSubscription).id);
  return { status: 204 };
}

function webhookDeliveries(ctx: Ctx): Reply {
  const subscription = pathRow(ctx, 'webhook', getSubscription);
  const page = pageParams(ctx);
  const { rows, total } = listDeliveries(ctx.app.db, subscription.id, page.limit, page.offset);
  return pageAnswer(rows.map(deliveryToApi), total, page);
}

function webhookRedeliver(ctx: Ctx): Reply {
  const subscription = pathRow(ctx, 'webhook', getSubscription);
  const id = ctx.params.deliveryId;
  const delivery = /^\d{1,15}$/.test(id) ? getDelivery(ctx.app.db, subscription.id, Number(id)) : undefined;
  if (!delivery) throw notFound('delivery');
  return { status: 202, body: { deliveryId: queueRedelivery(ctx.app.db, delivery) } };
}

function webhookTest(ctx: Ctx): Reply {
  const subscription = pathRow(ctx, 'webhook', getSubscription);
  const occurredAt = new Date().toISOString();
  const data = JSON.stringify({ webhookId: subscription.id, name: subscription.name });
  const deliveryId = queueDelivery(ctx.app.db, subscription.id, { eventId: randomUUID(), type: PING, siteId: null, occurredAt, data });
  return { status: 202, body: { deliveryId } };
}

// A random secret (no APP_JWT_SECRET) dies with the process: a secret sealed with it could never be opened again.
function keyOf(app: App) {
  if (!app.config.jwtSecret)
    throw new HttpError(
      409,
      'conflict',
      'Webhooks need APP_JWT_SECRET: their secrets are sealed with it, and a random one does not outlive the process.',
    );
  return webhookSecretKey(app.config.jwtSecret);
}
