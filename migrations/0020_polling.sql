-- 0020: polling (issue 37): SNMP credential sets kept once and named, and the schedules that poll documented
-- switches with them, each switch's own or its site's (a switch's own row overrides its site's).
--
-- A credential set's secrets are sealed like a switch's remembered credentials (src/discovery/credentials.ts:
-- AES-256-GCM, the owner bound in being the set's id); the API never answers them, and the backup export carries no
-- credential set. A schedule is configuration (exported and restored with the rest); its scheduler state (status,
-- last_polled_at, last_error, next_at, duration_ms, failures) is an observation the scheduler alone writes, without an
-- activity entry. next_at is kept in the row, so that a restart loses no schedule.
CREATE TABLE credential_sets (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 100),
  version     TEXT NOT NULL CHECK (version IN ('2c', '3')),
  details     TEXT NOT NULL DEFAULT '{}',  -- JSON: what the API answers of a v3 set (user, protocols, context), no secret
  nonce       BLOB NOT NULL CHECK (length(nonce) = 12),
  sealed      BLOB NOT NULL CHECK (length(sealed) > 16),
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);

CREATE TABLE switch_polling (
  switch_id         TEXT PRIMARY KEY REFERENCES switches(id) ON DELETE CASCADE,
  enabled           INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  interval_minutes  INTEGER NOT NULL CHECK (interval_minutes BETWEEN 5 AND 1440),
  host              TEXT CHECK (host IS NULL OR length(host) BETWEEN 1 AND 300),
  credential_id     TEXT NOT NULL REFERENCES credential_sets(id),
  updated_at        TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX switch_polling_credential ON switch_polling(credential_id);

CREATE TABLE site_polling (
  site_id           TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
  enabled           INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  interval_minutes  INTEGER NOT NULL CHECK (interval_minutes BETWEEN 5 AND 1440),
  credential_id     TEXT NOT NULL REFERENCES credential_sets(id),
  updated_at        TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX site_polling_credential ON site_polling(credential_id);

-- The scheduler's state of each switch a schedule covers (its own or its site's): one row per polled switch, made
-- when the switch is first due. next_at is milliseconds since the epoch, so that the due switches are one range of
-- its index.
CREATE TABLE poll_state (
  switch_id       TEXT PRIMARY KEY REFERENCES switches(id) ON DELETE CASCADE,
  status          TEXT NOT NULL CHECK (status IN ('ok', 'failing', 'paused', 'pending')),
  last_polled_at  TEXT,
  last_error      TEXT,
  next_at         INTEGER NOT NULL,
  duration_ms     INTEGER,
  failures        INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX poll_state_due ON poll_state(next_at);
