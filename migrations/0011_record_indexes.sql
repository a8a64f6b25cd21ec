-- 0011: a record page and a counted list cost what the page shows, not what the database holds.

-- How many ports of each switch carry each VLAN (untagged, tagged or both: a port counts once), a row only while
-- there is one: a VLAN's portCount is the sum of its rows, its switchCount their number. Counted over the ports
-- instead, a VLAN cost ~1.5 ms (each of its ~700 ports looked up for its switch), a page of 500 VLANs 0.9 s.
-- The triggers below keep it in the transaction of every write to ports and their tagged VLANs, whoever writes
-- (the API, an undo, an import, a merge); a bulk load (the legacy migration, a restore) pauses them with the search
-- index (derived_data_paused, 0010) and fills the table once at its end (src/db/search-index.ts). A port and its
-- tagged row count from the moment both exist, whichever is written first, and stop as soon as either goes.
CREATE TABLE vlan_switch_ports (
  vlan_id    TEXT NOT NULL,
  switch_id  TEXT NOT NULL,
  ports      INTEGER NOT NULL,
  PRIMARY KEY (vlan_id, switch_id)
) WITHOUT ROWID;

INSERT INTO vlan_switch_ports (vlan_id, switch_id, ports)
  SELECT vlan_id, switch_id, count(*) FROM (
    SELECT t.vlan_id, p.switch_id FROM ports p CROSS JOIN port_tagged_vlans t ON t.port_id = p.id
    UNION ALL
    SELECT p.untagged_vlan_id, p.switch_id FROM ports p WHERE p.untagged_vlan_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM port_tagged_vlans t WHERE t.port_id = p.id AND t.vlan_id = p.untagged_vlan_id))
  GROUP BY vlan_id, switch_id;

-- In two statements, not over a UNION of both: the bulk loads insert 100,000s of ports.
CREATE TRIGGER ports_vlan_counts_insert AFTER INSERT ON ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO vlan_switch_ports (vlan_id, switch_id, ports)
    SELECT NEW.untagged_vlan_id, NEW.switch_id, 1 WHERE NEW.untagged_vlan_id IS NOT NULL
    ON CONFLICT (vlan_id, switch_id) DO UPDATE SET ports = ports + 1;
  INSERT INTO vlan_switch_ports (vlan_id, switch_id, ports)
    SELECT vlan_id, NEW.switch_id, 1 FROM port_tagged_vlans WHERE port_id = NEW.id AND vlan_id IS NOT NEW.untagged_vlan_id
    ON CONFLICT (vlan_id, switch_id) DO UPDATE SET ports = ports + 1;
END;

CREATE TRIGGER ports_vlan_counts_delete AFTER DELETE ON ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  UPDATE vlan_switch_ports SET ports = ports - 1 WHERE switch_id = OLD.switch_id
    AND vlan_id IN (SELECT OLD.untagged_vlan_id UNION SELECT vlan_id FROM port_tagged_vlans WHERE port_id = OLD.id);
  DELETE FROM vlan_switch_ports WHERE switch_id = OLD.switch_id AND ports = 0
    AND vlan_id IN (SELECT OLD.untagged_vlan_id UNION SELECT vlan_id FROM port_tagged_vlans WHERE port_id = OLD.id);
END;

-- A new untagged VLAN on the same port: only the two VLANs change (each unless the port also tags it).
CREATE TRIGGER ports_vlan_counts_untagged AFTER UPDATE OF untagged_vlan_id ON ports
  WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) AND OLD.untagged_vlan_id IS NOT NEW.untagged_vlan_id AND OLD.switch_id IS NEW.switch_id AND OLD.id IS NEW.id BEGIN
  UPDATE vlan_switch_ports SET ports = ports - 1 WHERE vlan_id = OLD.untagged_vlan_id AND switch_id = OLD.switch_id
    AND NOT EXISTS (SELECT 1 FROM port_tagged_vlans WHERE port_id = OLD.id AND vlan_id = OLD.untagged_vlan_id);
  DELETE FROM vlan_switch_ports WHERE vlan_id = OLD.untagged_vlan_id AND switch_id = OLD.switch_id AND ports = 0;
  INSERT INTO vlan_switch_ports (vlan_id, switch_id, ports)
    SELECT NEW.untagged_vlan_id, NEW.switch_id, 1 WHERE NEW.untagged_vlan_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM port_tagged_vlans WHERE port_id = NEW.id AND vlan_id = NEW.untagged_vlan_id)
    ON CONFLICT (vlan_id, switch_id) DO UPDATE SET ports = ports + 1;
END;

-- A port moved to another switch (or given another id): everything it carried moves.
CREATE TRIGGER ports_vlan_counts_move AFTER UPDATE OF switch_id, untagged_vlan_id, id ON ports
  WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) AND (OLD.switch_id IS NOT NEW.switch_id OR OLD.id IS NOT NEW.id) BEGIN
  UPDATE vlan_switch_ports SET ports = ports - 1 WHERE switch_id = OLD.switch_id
    AND vlan_id IN (SELECT OLD.untagged_vlan_id UNION SELECT vlan_id FROM port_tagged_vlans WHERE port_id = OLD.id);
  DELETE FROM vlan_switch_ports WHERE switch_id = OLD.switch_id AND ports = 0
    AND vlan_id IN (SELECT OLD.untagged_vlan_id UNION SELECT vlan_id FROM port_tagged_vlans WHERE port_id = OLD.id);
  INSERT INTO vlan_switch_ports (vlan_id, switch_id, ports)
    SELECT vlan_id, NEW.switch_id, 1 FROM (
      SELECT NEW.untagged_vlan_id AS vlan_id WHERE NEW.untagged_vlan_id IS NOT NULL
      UNION SELECT vlan_id FROM port_tagged_vlans WHERE port_id = NEW.id) WHERE true
    ON CONFLICT (vlan_id, switch_id) DO UPDATE SET ports = ports + 1;
END;

CREATE TRIGGER port_tagged_vlans_counts_insert AFTER INSERT ON port_tagged_vlans WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO vlan_switch_ports (vlan_id, switch_id, ports)
    SELECT NEW.vlan_id, p.switch_id, 1 FROM ports p WHERE p.id = NEW.port_id AND p.untagged_vlan_id IS NOT NEW.vlan_id
    ON CONFLICT (vlan_id, switch_id) DO UPDATE SET ports = ports + 1;
END;

CREATE TRIGGER port_tagged_vlans_counts_delete AFTER DELETE ON port_tagged_vlans WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  UPDATE vlan_switch_ports SET ports = ports - 1 WHERE vlan_id = OLD.vlan_id
    AND switch_id = (SELECT switch_id FROM ports WHERE id = OLD.port_id AND untagged_vlan_id IS NOT OLD.vlan_id);
  DELETE FROM vlan_switch_ports WHERE vlan_id = OLD.vlan_id AND ports = 0;
END;

CREATE TRIGGER port_tagged_vlans_counts_update AFTER UPDATE ON port_tagged_vlans
  WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) AND (OLD.port_id IS NOT NEW.port_id OR OLD.vlan_id IS NOT NEW.vlan_id) BEGIN
  UPDATE vlan_switch_ports SET ports = ports - 1 WHERE vlan_id = OLD.vlan_id
    AND switch_id = (SELECT switch_id FROM ports WHERE id = OLD.port_id AND untagged_vlan_id IS NOT OLD.vlan_id);
  DELETE FROM vlan_switch_ports WHERE vlan_id = OLD.vlan_id AND ports = 0;
  INSERT INTO vlan_switch_ports (vlan_id, switch_id, ports)
    SELECT NEW.vlan_id, p.switch_id, 1 FROM ports p WHERE p.id = NEW.port_id AND p.untagged_vlan_id IS NOT NEW.vlan_id
    ON CONFLICT (vlan_id, switch_id) DO UPDATE SET ports = ports + 1;
END;

-- The address list by address (its default order, either way) reads its first page off this index, unsorted.
CREATE INDEX addresses_key ON addresses(key_hi, key_lo, network_id);
