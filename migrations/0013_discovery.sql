-- 0013: SNMP discovery (docs/DISCOVERY.md): each discovery with what it read and what it proposed, the SNMP
-- credentials a user asked the service to remember for a switch, and the MAC (forwarding database) and ARP tables
-- the last discovery of each switch read.
--
-- These are observations, not documentation: no activity entry and no undo (applying a discovery's proposal
-- changes the inventory through the activity log like any other change), and the backup export carries none of
-- them. They belong to what they observed: a site's go with it; a switch's credentials, MAC and ARP tables go with
-- the switch, and its past discoveries stay, without their switch (switch_id NULL; for_new_switch tells a
-- discovery of an undocumented switch from one whose switch is gone). Nothing in a database of before changes.
--
-- discoveries: system, proposal and observed are JSON (src/discovery/observed.ts, src/discovery/proposal.ts);
-- observed is what applying needs, without the MAC and ARP tables of a documented switch (those are kept below).
-- applied_keys is the JSON array of the keys applied, activity_id the entry that applied them (no foreign key:
-- a restore replaces the activity log). credentials_nonce/credentials_sealed hold the credentials to remember for
-- an undocumented switch until applying creates it (then they move to snmp_credentials).
CREATE TABLE discoveries (
  id                  TEXT PRIMARY KEY,
  site_id             TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  switch_id           TEXT REFERENCES switches(id) ON DELETE SET NULL,
  for_new_switch      INTEGER NOT NULL CHECK (for_new_switch IN (0, 1)),
  host                TEXT NOT NULL CHECK (length(host) BETWEEN 1 AND 300),
  observed_at         TEXT NOT NULL,
  created_by          TEXT,
  system              TEXT NOT NULL,
  proposal            TEXT NOT NULL,
  observed            TEXT NOT NULL,
  notes               TEXT NOT NULL DEFAULT '[]',
  applied_at          TEXT,
  applied_keys        TEXT,
  activity_id         TEXT,
  credentials_nonce   BLOB,
  credentials_sealed  BLOB,
  CHECK ((credentials_nonce IS NULL) = (credentials_sealed IS NULL))
);
CREATE INDEX discoveries_switch ON discoveries(switch_id, observed_at);
CREATE INDEX discoveries_site ON discoveries(site_id, observed_at);

-- SNMP credentials of a switch, sealed with AES-256-GCM under a key derived from the service secret
-- (src/discovery/credentials.ts): the 12-byte nonce, and the ciphertext followed by its 16-byte tag.
CREATE TABLE snmp_credentials (
  switch_id   TEXT PRIMARY KEY REFERENCES switches(id) ON DELETE CASCADE,
  nonce       BLOB NOT NULL CHECK (length(nonce) = 12),
  sealed      BLOB NOT NULL CHECK (length(sealed) > 16),
  updated_at  TEXT NOT NULL
) WITHOUT ROWID;

-- Where the last discovery of a switch saw each MAC address: only on its access ports that link to no other switch
-- and are in no LAG (a MAC seen on an uplink is not where the device is). Replaced at each discovery of the switch.
CREATE TABLE fdb_entries (
  switch_id  TEXT NOT NULL REFERENCES switches(id) ON DELETE CASCADE,
  port_id    TEXT NOT NULL REFERENCES ports(id) ON DELETE CASCADE,
  mac        TEXT NOT NULL CHECK (length(mac) = 17),
  vlan       INTEGER CHECK (vlan IS NULL OR vlan BETWEEN 1 AND 4094),
  seen_at    TEXT NOT NULL
);
CREATE INDEX fdb_entries_switch ON fdb_entries(switch_id, port_id);
CREATE INDEX fdb_entries_port ON fdb_entries(port_id);
CREATE INDEX fdb_entries_mac ON fdb_entries(mac);

-- The ARP (IP to MAC) table the last discovery of a switch read. Replaced at each discovery of the switch.
CREATE TABLE arp_entries (
  switch_id  TEXT NOT NULL REFERENCES switches(id) ON DELETE CASCADE,
  ip         TEXT NOT NULL,
  mac        TEXT NOT NULL CHECK (length(mac) = 17),
  seen_at    TEXT NOT NULL
);
CREATE INDEX arp_entries_switch ON arp_entries(switch_id);
CREATE INDEX arp_entries_ip ON arp_entries(ip);
CREATE INDEX arp_entries_mac ON arp_entries(mac);

-- Applying a discovery writes an activity entry of the action `discovery` (API.md). SQLite cannot change a CHECK
-- constraint in place, so the activity log and its entities are copied into tables that allow it, the old ones
-- dropped and the new ones renamed (renaming activity_new makes activity_entities_new's foreign key name
-- activity). Every entry keeps its seq, and the AUTOINCREMENT sequence its high-water mark (entries may have been
-- deleted above the highest one left: a seq is never used twice). One pass over the log, once.
CREATE TABLE activity_sequence_kept AS SELECT seq FROM sqlite_sequence WHERE name = 'activity';

CREATE TABLE activity_new (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  id           TEXT NOT NULL UNIQUE,
  at           TEXT NOT NULL,
  user_id      TEXT,
  username     TEXT,
  action       TEXT NOT NULL CHECK (action IN ('create', 'update', 'delete', 'bulk_update', 'import', 'restore', 'migrate', 'undo', 'discovery')),
  entity_type  TEXT,
  entity_id    TEXT,
  entity_name  TEXT,
  site_id      TEXT,
  summary      TEXT NOT NULL,
  changes      TEXT,   -- JSON
  undo_data    TEXT,   -- JSON, null when the entry cannot be undone
  undoable     INTEGER NOT NULL DEFAULT 0 CHECK (undoable IN (0, 1)),
  undone_by    TEXT,
  undo_of      TEXT,
  undo_lost    TEXT
);
INSERT INTO activity_new (seq, id, at, user_id, username, action, entity_type, entity_id, entity_name, site_id, summary,
    changes, undo_data, undoable, undone_by, undo_of, undo_lost)
  SELECT seq, id, at, user_id, username, action, entity_type, entity_id, entity_name, site_id, summary,
    changes, undo_data, undoable, undone_by, undo_of, undo_lost FROM activity ORDER BY seq;

CREATE TABLE activity_entities_new (
  activity_seq  INTEGER NOT NULL REFERENCES activity_new(seq),
  entity_type   TEXT NOT NULL,
  entity_id     TEXT NOT NULL,
  PRIMARY KEY (entity_type, entity_id, activity_seq)
) WITHOUT ROWID;
INSERT INTO activity_entities_new (activity_seq, entity_type, entity_id)
  SELECT activity_seq, entity_type, entity_id FROM activity_entities;

DROP TABLE activity_entities;
DROP TABLE activity;
ALTER TABLE activity_new RENAME TO activity;
ALTER TABLE activity_entities_new RENAME TO activity_entities;
CREATE INDEX activity_entity ON activity(entity_type, entity_id);
CREATE INDEX activity_site ON activity(site_id);
CREATE INDEX activity_user ON activity(user_id);
CREATE INDEX activity_entities_by_entry ON activity_entities(activity_seq);

INSERT INTO sqlite_sequence (name, seq)
  SELECT 'activity', seq FROM activity_sequence_kept WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'activity');
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM activity_sequence_kept), 0)) WHERE name = 'activity';
DROP TABLE activity_sequence_kept;
