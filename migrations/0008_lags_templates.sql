-- 0008: LAGs and layout templates (docs/LAGS-TEMPLATES.md).
--
-- A template is a switch model's front panel: stack members (units), each a list of blocks of ports
-- (`units`, JSON, checked by src/lib/port-layout.ts). A switch made from one keeps its template (template_id),
-- which draws its panel; a template in use cannot be deleted.
--
-- A LAG groups ports of one switch. Its members point at it (ports.lag_id), so a port is in one LAG at most and
-- an undo of a membership change is the ports' own images. The LAG holds the mode and VLANs its members carry
-- (port_mode, untagged_vlan_id, lag_tagged_vlans); remote_lag_id is the LAG at the far end, symmetric like a
-- port's link (deferred: the two ends point at each other, and a restore or an undo inserts both).
-- Nothing in a database of before changes: no template, no LAG, every switch and port without one.

CREATE TABLE templates (
  id           TEXT PRIMARY KEY,
  name         TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 100),
  vendor       TEXT CHECK (vendor IS NULL OR length(vendor) <= 100),
  model        TEXT CHECK (model IS NULL OR length(model) <= 100),
  description  TEXT CHECK (description IS NULL OR length(description) <= 1000),
  units        TEXT NOT NULL CHECK (json_valid(units) AND json_type(units) = 'array'),
  version      INTEGER NOT NULL DEFAULT 1,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);

ALTER TABLE switches ADD COLUMN template_id TEXT REFERENCES templates(id);
CREATE INDEX switches_template ON switches(template_id) WHERE template_id IS NOT NULL;

CREATE TABLE lags (
  id                TEXT PRIMARY KEY,
  switch_id         TEXT NOT NULL REFERENCES switches(id),
  name              TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 64),
  mode              TEXT NOT NULL DEFAULT 'lacp-active' CHECK (mode IN ('lacp-active', 'lacp-passive', 'static')),
  port_mode         TEXT NOT NULL DEFAULT 'access' CHECK (port_mode IN ('access', 'trunk')),
  untagged_vlan_id  TEXT REFERENCES vlans(id),
  remote_lag_id     TEXT REFERENCES lags(id) DEFERRABLE INITIALLY DEFERRED,
  description       TEXT CHECK (description IS NULL OR length(description) <= 200),
  version           INTEGER NOT NULL DEFAULT 1,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  UNIQUE (switch_id, name),
  CHECK (remote_lag_id IS NULL OR remote_lag_id <> id)
);
CREATE INDEX lags_remote ON lags(remote_lag_id) WHERE remote_lag_id IS NOT NULL;
CREATE INDEX lags_untagged_vlan ON lags(untagged_vlan_id) WHERE untagged_vlan_id IS NOT NULL;

-- The tagged VLANs of a trunk LAG, as port_tagged_vlans holds a port's.
CREATE TABLE lag_tagged_vlans (
  lag_id   TEXT NOT NULL REFERENCES lags(id),
  vlan_id  TEXT NOT NULL REFERENCES vlans(id),
  PRIMARY KEY (lag_id, vlan_id)
) WITHOUT ROWID;
CREATE INDEX lag_tagged_vlans_vlan ON lag_tagged_vlans(vlan_id);

ALTER TABLE ports ADD COLUMN lag_id TEXT REFERENCES lags(id);
CREATE INDEX ports_lag ON ports(lag_id) WHERE lag_id IS NOT NULL;
