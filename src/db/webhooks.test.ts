import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertActivity, queueEvent, type NewActivityRow } from './activity.ts';
import { applyMigrations } from './migrate.ts';
import { inTransaction, openDatabase, type Db } from './open.ts';
import { dueDeliveries, insertSubscription, type SubscriptionRow } from './webhooks.ts';

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');
const SITE_A = randomUUID();
const SITE_B = randomUUID();

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
});

function subscribe(events: string[], siteIds: string[] | null = null, enabled = 1): string {
  const id = randomUUID();
  const row: SubscriptionRow = {
    id,
    name: `hook ${id}`,
    url: 'https://example.net/hook',
    secret_nonce: new Uint8Array(12),
    secret_sealed: new Uint8Array(32),
    enabled,
    events: JSON.stringify(events),
    site_ids: siteIds && JSON.stringify(siteIds),
    format: 'json',
    failing_since: null,
    disabled_reason: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
  };
  insertSubscription(db, row);
  return id;
}

function entry(entityType: string, action: NewActivityRow['action'], siteId: string | null): string {
  const id = randomUUID();
  const row: NewActivityRow = {
    id,
    at: '2026-01-01T00:00:00.000Z',
    user_id: null,
    username: 'tester',
    action,
    entity_type: entityType,
    entity_id: randomUUID(),
    entity_name: null,
    site_id: siteId,
    summary: 's',
    changes: null,
    undo_data: null,
    undoable: 0,
    undone_by: null,
    undo_of: null,
  };
  insertActivity(db, row);
  return id;
}

function queued(subscriptionId: string): { event_id: string; type: string }[] {
  return db.prepare('SELECT event_id, type FROM webhook_deliveries WHERE subscription_id = ? ORDER BY seq').all(subscriptionId) as {
    event_id: string;
    type: string;
  }[];
}

describe('the outbox of webhooks', () => {
  it('holds one row per activity entry for each enabled subscription whose patterns and sites take it', () => {
    const all = subscribe(['activity.*']);
    const ports = subscribe(['activity.port.update']);
    const siteB = subscribe(['activity.*'], [SITE_B]);
    const off = subscribe(['activity.*'], null, 0);
    const portUpdate = entry('port', 'update', SITE_A);
    const vlanCreate = entry('vlan', 'create', SITE_B);
    expect(queued(all)).toEqual([
      { event_id: portUpdate, type: 'activity.port.update' },
      { event_id: vlanCreate, type: 'activity.vlan.create' },
    ]);
    expect(queued(ports).map((row) => row.event_id)).toEqual([portUpdate]);
    expect(queued(siteB).map((row) => row.event_id)).toEqual([vlanCreate]);
    expect(queued(off)).toEqual([]);
  });

  it("is written in the change's own transaction: a change rolled back leaves no event", () => {
    const all = subscribe(['activity.*']);
    expect(() =>
      inTransaction(db, () => {
        entry('port', 'update', SITE_A);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(queued(all)).toEqual([]);
  });

  it('takes other events only where a pattern names their type', () => {
    const all = subscribe(['activity.*']);
    const discoveries = subscribe(['discovery.completed']);
    queueEvent(db, { eventId: randomUUID(), type: 'discovery.completed', siteId: SITE_A, occurredAt: '2026-01-01T00:00:00Z', data: '{}' });
    expect(queued(all)).toEqual([]);
    expect(queued(discoveries).map((row) => row.type)).toEqual(['discovery.completed']);
  });

  it('offers each subscription its oldest queued delivery only, once it is due', () => {
    const all = subscribe(['activity.*']);
    const first = entry('port', 'update', SITE_A);
    entry('port', 'update', SITE_A);
    db.prepare('UPDATE webhook_deliveries SET next_attempt_at = 5000 WHERE event_id = ?').run(first);
    expect(dueDeliveries(db, 4999)).toEqual([]);
    expect(dueDeliveries(db, 5000).map((row) => [row.subscription_id, row.event_id])).toEqual([[all, first]]);
  });
});
