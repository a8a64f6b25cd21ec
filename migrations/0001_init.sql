-- 0001: the whole schema of release 0.26.0.
-- Constraints the API contract states are real SQL constraints wherever SQL can hold them, so that a bug in
-- a handler cannot store what the contract forbids. Names are unique case-insensitively (COLLATE NOCASE).
-- Timestamps are ISO 8601 UTC text with milliseconds; ids are lower-case UUIDv4 text.

CREATE TABLE users (
  id             TEXT PRIMARY KEY,
  username       TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(username) BETWEEN 1 AND 64),
  password_hash  TEXT NOT NULL,
  role           TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
  disabled       INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
  -- Raised by a password change: tokens carry it in their claims, so older tokens stop working.
  token_version  INTEGER NOT NULL DEFAULT 1,
  version        INTEGER NOT NULL DEFAULT 1,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  last_login_at  TEXT
);

-- API tokens are JWTs whose `tid` claim names a row here: deleting the row revokes the token at once.
CREATE TABLE api_tokens (
  id            TEXT PRIMARY KEY,
  user_id       TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name          TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  created_at    TEXT NOT NULL,
  expires_at    TEXT,
  last_used_at  TEXT
);
CREATE INDEX api_tokens_user ON api_tokens(user_id);

-- Failed logins, kept in the database so that the lockout survives a restart and needs no in-memory state.
CREATE TABLE login_failures (
  key  TEXT NOT NULL,   -- 'user:<lower-case username>' or 'addr:<client address>'
  at   INTEGER NOT NULL -- milliseconds since the epoch
);
CREATE INDEX login_failures_key_at ON login_failures(key, at);

CREATE TABLE sites (
  id           TEXT PRIMARY KEY,
  name         TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
  description  TEXT,
  address      TEXT,
  notes        TEXT,
  version      INTEGER NOT NULL DEFAULT 1,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);

-- Foreign keys are plain (NO ACTION): nothing disappears behind the activity log's back; handlers delete
-- children explicitly after recording them, so that an undo can bring them back.
CREATE TABLE networks (
  id           TEXT PRIMARY KEY,
  site_id      TEXT NOT NULL REFERENCES sites(id),
  name         TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 100),
  vlan_id      INTEGER NOT NULL CHECK (vlan_id BETWEEN 1 AND 4094),
  subnet       TEXT,
  gateway      TEXT CHECK (gateway IS NULL OR subnet IS NOT NULL),
  description  TEXT,
  color        TEXT CHECK (color IS NULL OR (length(color) = 7 AND color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')),
  version      INTEGER NOT NULL DEFAULT 1,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  UNIQUE (site_id, name),
  UNIQUE (site_id, vlan_id)
);

CREATE TABLE switches (
  id                TEXT PRIMARY KEY,
  site_id           TEXT NOT NULL REFERENCES sites(id),
  name              TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 100),
  vendor            TEXT,
  model             TEXT,
  serial_number     TEXT,
  mac_address       TEXT UNIQUE,
  management_ip     TEXT,
  firmware_version  TEXT,
  location          TEXT,
  status            TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'planned', 'offline', 'retired')),
  notes             TEXT,
  version           INTEGER NOT NULL DEFAULT 1,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  UNIQUE (site_id, name),
  UNIQUE (site_id, management_ip)
);
CREATE INDEX switches_management_ip ON switches(management_ip);

CREATE TABLE ports (
  id                   TEXT PRIMARY KEY,
  switch_id            TEXT NOT NULL REFERENCES switches(id),
  name                 TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 64),
  position             INTEGER NOT NULL,
  description          TEXT,
  enabled              INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  mode                 TEXT NOT NULL DEFAULT 'access' CHECK (mode IN ('access', 'trunk')),
  untagged_network_id  TEXT REFERENCES networks(id),
  speed                TEXT CHECK (speed IS NULL OR length(speed) <= 20),
  poe                  INTEGER NOT NULL DEFAULT 0 CHECK (poe IN (0, 1)),
  -- Deferred: the two ends of a link point at each other, and a restore or an undo inserts both.
  linked_port_id       TEXT REFERENCES ports(id) DEFERRABLE INITIALLY DEFERRED,
  connected_device     TEXT,
  version              INTEGER NOT NULL DEFAULT 1,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL,
  UNIQUE (switch_id, name),
  CHECK (linked_port_id IS NULL OR linked_port_id <> id)
);
CREATE INDEX ports_switch_position ON ports(switch_id, position);
CREATE INDEX ports_untagged_network ON ports(untagged_network_id);
CREATE INDEX ports_linked_port ON ports(linked_port_id);

-- The tagged VLANs of a trunk port. WITHOUT ROWID: the pair is the whole row.
CREATE TABLE port_tagged_networks (
  port_id     TEXT NOT NULL REFERENCES ports(id),
  network_id  TEXT NOT NULL REFERENCES networks(id),
  PRIMARY KEY (port_id, network_id)
) WITHOUT ROWID;
CREATE INDEX port_tagged_networks_network ON port_tagged_networks(network_id);

-- One entry per change. `seq` orders entries and is the paging cursor (stable under concurrent writes);
-- `undo_data` holds the before- and after-image of every entity the change touched, cascades included.
CREATE TABLE activity (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  id           TEXT NOT NULL UNIQUE,
  at           TEXT NOT NULL,
  user_id      TEXT,
  username     TEXT,
  action       TEXT NOT NULL CHECK (action IN ('create', 'update', 'delete', 'bulk_update', 'import', 'restore', 'migrate', 'undo')),
  entity_type  TEXT,
  entity_id    TEXT,
  entity_name  TEXT,
  site_id      TEXT,
  summary      TEXT NOT NULL,
  changes      TEXT,   -- JSON
  undo_data    TEXT,   -- JSON, null when the entry cannot be undone
  undoable     INTEGER NOT NULL DEFAULT 0 CHECK (undoable IN (0, 1)),
  undone_by    TEXT,
  undo_of      TEXT
);
CREATE INDEX activity_entity ON activity(entity_type, entity_id);
CREATE INDEX activity_site ON activity(site_id);
CREATE INDEX activity_user ON activity(user_id);

-- Every entity an entry touched (a bulk edit touches many ports), for per-entity history.
CREATE TABLE activity_entities (
  activity_seq  INTEGER NOT NULL REFERENCES activity(seq),
  entity_type   TEXT NOT NULL,
  entity_id     TEXT NOT NULL,
  PRIMARY KEY (entity_type, entity_id, activity_seq)
) WITHOUT ROWID;
