-- 0023: webhooks (issue 40): subscriptions, and their outbox, which is also the record of their deliveries.
--
-- webhook_subscriptions: events is a JSON array of patterns (activity.*, activity.<kind>.<action>,
-- discovery.completed); site_ids a JSON array of site ids, NULL for every site. The secret that signs the bodies is
-- sealed like the SNMP credentials (src/lib/sealing.ts, owner: the subscription's id) and never answered back.
-- failing_since is when its deliveries began to fail (NULL while they succeed); disabled_reason why the sender
-- turned it off (NULL when it did not).
CREATE TABLE webhook_subscriptions (
  id               TEXT PRIMARY KEY,
  name             TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  url              TEXT NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  secret_nonce     BLOB NOT NULL CHECK (length(secret_nonce) = 12),
  secret_sealed    BLOB NOT NULL CHECK (length(secret_sealed) > 16),
  enabled          INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  events           TEXT NOT NULL,
  site_ids         TEXT,
  format           TEXT NOT NULL CHECK (format IN ('json', 'slack', 'teams')),
  failing_since    TEXT,
  disabled_reason  TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  version          INTEGER NOT NULL DEFAULT 1
);

-- webhook_deliveries: one row per event and subscription (its seq is the delivery's id: no index of random ids to
-- keep in every change), written in the transaction of the change that made the
-- event (src/db/activity.ts for the activity log's entries). The queued rows are the outbox: the sender delivers
-- each subscription's in seq order. event_id is the event's stable id (an activity entry's id, a discovery's id):
-- a repeat keeps it. data is the event's data for events that are not activity entries (those are read from the
-- activity log when sent). Times are ISO text but next_attempt_at, milliseconds since the epoch.
CREATE TABLE webhook_deliveries (
  seq               INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id   TEXT NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
  event_id          TEXT NOT NULL,
  type              TEXT NOT NULL,
  site_id           TEXT,
  occurred_at       TEXT NOT NULL,
  data              TEXT,
  status            TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'delivered', 'failed')),
  attempts          INTEGER NOT NULL DEFAULT 0,
  next_attempt_at   INTEGER NOT NULL DEFAULT 0,
  first_attempt_at  TEXT,
  last_attempt_at   TEXT,
  last_status_code  INTEGER,
  last_error        TEXT,
  last_response     TEXT
);
-- Every change writes its rows, so they have as few indexes as the sender needs: the queued ones by subscription (the
-- outbox's heads) and the done ones by age (pruning). A subscription's list of deliveries reads the newest rows first.
CREATE INDEX webhook_deliveries_queued ON webhook_deliveries(subscription_id, seq) WHERE status = 'queued';
CREATE INDEX webhook_deliveries_age ON webhook_deliveries(occurred_at) WHERE status <> 'queued';

-- Every activity entry is an event of the type activity.<kind>.<action> (activity.inventory.<action> for an entry of
-- no one record), queued by this trigger in the statement that writes the entry: in the change's own transaction,
-- whatever path wrote it, and at no cost but the WHEN without enabled subscriptions. A bulk load (the 0.20.x
-- migration, a restore) has derived data paused: the history it writes is no news. The JSON arrays of patterns and
-- site ids are searched as text for the quoted value (neither can hold a quote: src/webhooks/input.ts checks them);
-- json_each per subscription cost more than the rows themselves.
CREATE TRIGGER activity_webhook_events AFTER INSERT ON activity
WHEN EXISTS (SELECT 1 FROM webhook_subscriptions WHERE enabled = 1) AND NOT EXISTS (SELECT 1 FROM derived_data_paused)
BEGIN
  INSERT INTO webhook_deliveries (subscription_id, event_id, type, site_id, occurred_at)
  SELECT s.id, NEW.id, 'activity.' || coalesce(NEW.entity_type, 'inventory') || '.' || NEW.action, NEW.site_id, NEW.at
  FROM webhook_subscriptions s
  WHERE s.enabled = 1
    AND (instr(s.events, '"activity.' || coalesce(NEW.entity_type, 'inventory') || '.' || NEW.action || '"') > 0
      OR instr(s.events, '"activity.*"') > 0)
    AND (s.site_ids IS NULL OR instr(s.site_ids, '"' || NEW.site_id || '"') > 0)
  ORDER BY s.id;
END;
