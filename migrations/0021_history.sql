-- 0021: the history of what discoveries (and the polls that are discoveries) saw of documented switches:
-- where each MAC address was seen, a port's link and admin state changes, and each port's last observed state with
-- when it was last up and last used (its traffic counters grew). Written by src/db/history.ts in the transaction of
-- the discovery's row. Observations, not documentation: no activity entry, no undo, not in the backup export.
--
-- A sighting or a state change has no foreign key: deleting a switch or a port keeps its history, with the switch
-- and port names it had when last seen ("where was this MAC?" is asked after the port is gone). A port's current
-- state (port_observations) goes with the port. Rows older than HISTORY_DAYS are deleted a batch at a time after
-- each discovery (pruneHistory).

-- One row per stay: a MAC seen again on the same switch, port and VLAN in the switch's next discovery extends
-- last_seen; seen elsewhere, or again after an absence, it gets a new row. ip is from the ARP tables kept.
CREATE TABLE mac_sightings (
  id           INTEGER PRIMARY KEY,
  mac          TEXT NOT NULL CHECK (length(mac) = 17),
  vlan         INTEGER CHECK (vlan IS NULL OR vlan BETWEEN 1 AND 4094),
  switch_id    TEXT NOT NULL,
  port_id      TEXT NOT NULL,
  switch_name  TEXT NOT NULL,
  port_name    TEXT NOT NULL,
  ip           TEXT,
  first_seen   TEXT NOT NULL,
  last_seen    TEXT NOT NULL
);
CREATE INDEX mac_sightings_mac ON mac_sightings(mac, last_seen);
CREATE INDEX mac_sightings_ip ON mac_sightings(ip, last_seen) WHERE ip IS NOT NULL;
CREATE INDEX mac_sightings_switch ON mac_sightings(switch_id, last_seen);
CREATE INDEX mac_sightings_port ON mac_sightings(port_id, last_seen);
CREATE INDEX mac_sightings_age ON mac_sightings(last_seen);

-- A port's link (oper) or admin state as a discovery found it changed since the switch's discovery before.
CREATE TABLE port_state_changes (
  id         INTEGER PRIMARY KEY,
  port_id    TEXT NOT NULL,
  switch_id  TEXT NOT NULL,
  port_name  TEXT NOT NULL,
  at         TEXT NOT NULL,
  change     TEXT NOT NULL CHECK (change IN ('link_up', 'link_down', 'admin_up', 'admin_down'))
);
CREATE INDEX port_state_changes_port ON port_state_changes(port_id, at);
CREATE INDEX port_state_changes_age ON port_state_changes(at);

-- Each documented port's state as last observed: last_up_at is the last discovery that saw its link up,
-- last_used_at the last that saw its traffic counters grow (in_octets/out_octets: the last values read).
CREATE TABLE port_observations (
  port_id            TEXT PRIMARY KEY REFERENCES ports(id) ON DELETE CASCADE,
  oper_up            INTEGER NOT NULL CHECK (oper_up IN (0, 1)),
  admin_up           INTEGER NOT NULL CHECK (admin_up IN (0, 1)),
  in_octets          INTEGER,
  out_octets         INTEGER,
  first_observed_at  TEXT NOT NULL,
  observed_at        TEXT NOT NULL,
  last_up_at         TEXT,
  last_used_at       TEXT
) WITHOUT ROWID;
