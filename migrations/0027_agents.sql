-- 0027: agents (issue 39): processes inside management networks the server cannot reach, which poll the switches of
-- their sites over SNMP and send what they read to POST /api/agent/observations. Only the SHA-256 of an agent's
-- token is stored (like a public link's). A revoked agent keeps its row (revoked_at) for the record, and loses its
-- sites at once. What the agent reports of itself (version, queue length, dropped observations, last error) is an
-- observation: no activity entry. Creating and revoking an agent are activity entries.
CREATE TABLE agents (
  id               TEXT PRIMARY KEY,
  name             TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  token_hash       TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
  created_at       TEXT NOT NULL,
  created_by       TEXT,
  last_seen_at     TEXT,
  version          TEXT,
  queue_length     INTEGER,
  dropped          INTEGER NOT NULL DEFAULT 0,
  last_error       TEXT,
  revoked_at       TEXT
);

-- pollingBy: a site listed here is polled by its agent, never by the server's scheduler; a site has one agent at most
-- (the primary key), so a switch is polled by the server or by one agent, never both.
CREATE TABLE agent_sites (
  site_id   TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
  agent_id  TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX agent_sites_agent ON agent_sites(agent_id);

-- The idempotency keys of the observations received, kept AGENT_KEY_RETENTION_DAYS: a resend of a key kept answers
-- "stored already" and stores nothing (no second sighting, no second drift finding). received_at is for the pruning.
CREATE TABLE agent_observation_keys (
  agent_id      TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  key           TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 100),
  received_at   TEXT NOT NULL,
  discovery_id  TEXT,
  PRIMARY KEY (agent_id, key)
) WITHOUT ROWID;
CREATE INDEX agent_observation_keys_age ON agent_observation_keys(received_at);

-- Which agent made a discovery (NULL: the server itself or a user).
ALTER TABLE discoveries ADD COLUMN agent_id TEXT;
