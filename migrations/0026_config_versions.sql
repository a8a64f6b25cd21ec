-- 0026: the running configurations of switches (issue 38), one row per distinct configuration of a switch.
--
-- text is the configuration as received with every secret masked (src/switch-config/mask-secrets.ts) and line ends
-- made \n: no secret is stored in clear. content_hash is the SHA-256 of that text without its volatile lines
-- (src/switch-config/volatile-lines.ts: timestamps, ntp clock-period, uptime comments): the same configuration
-- fetched again only moves last_seen_at and seen_count, and is never a new row. number counts a switch's versions
-- from 1 (never reused, also after old versions are pruned); changed_lines is how many lines, volatile ones left
-- out, were removed or added against previous_id, the version that was the newest when this one came (NULL for
-- the first). previous_id is no foreign key: the oldest versions are pruned (src/domain/config-versions.ts keeps
-- CONFIG_VERSIONS_KEPT per switch). The versions go with their switch.
CREATE TABLE config_versions (
  id             TEXT PRIMARY KEY,
  switch_id      TEXT NOT NULL REFERENCES switches(id) ON DELETE CASCADE,
  number         INTEGER NOT NULL CHECK (number >= 1),
  content_hash   TEXT NOT NULL CHECK (length(content_hash) = 64),
  text           TEXT NOT NULL,
  lines          INTEGER NOT NULL CHECK (lines >= 0),
  source         TEXT NOT NULL CHECK (source IN ('upload', 'ssh')),
  dialect        TEXT,
  fetched_at     TEXT NOT NULL,
  last_seen_at   TEXT NOT NULL,
  seen_count     INTEGER NOT NULL DEFAULT 1 CHECK (seen_count >= 1),
  changed_lines  INTEGER CHECK (changed_lines IS NULL OR changed_lines >= 0),
  previous_id    TEXT,
  created_by     TEXT
);
CREATE UNIQUE INDEX config_versions_content ON config_versions(switch_id, content_hash);
CREATE UNIQUE INDEX config_versions_number ON config_versions(switch_id, number);
