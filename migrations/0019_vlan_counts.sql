-- 0019: each VLAN's port and switch counts, kept by triggers on vlan_switch_ports (0011), of which they are the sum
-- and the number of rows. A list of 500 VLANs read ~20,000 rows of vlan_switch_ports (a VLAN's rows on each switch
-- of its site), scattered over a table that grows with the database (4.9 ms at 1×, 7.7 ms at 5×); it reads one
-- row per VLAN here. A row only while a port carries the VLAN. vlan_switch_ports' rows are written only by 0011's
-- triggers and by the bulk loads' rebuild (src/db/search-index.ts), which fills this table after it; its vlan_id and
-- switch_id never change, only ports. Paused with the rest of the derived data (derived_data_paused, 0010).
CREATE TABLE vlan_counts (
  vlan_id   TEXT PRIMARY KEY,
  ports     INTEGER NOT NULL,
  switches  INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO vlan_counts (vlan_id, ports, switches) SELECT vlan_id, sum(ports), count(*) FROM vlan_switch_ports GROUP BY vlan_id;

CREATE TRIGGER vlan_counts_insert AFTER INSERT ON vlan_switch_ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO vlan_counts (vlan_id, ports, switches) VALUES (NEW.vlan_id, NEW.ports, 1)
    ON CONFLICT (vlan_id) DO UPDATE SET ports = ports + excluded.ports, switches = switches + 1;
END;

CREATE TRIGGER vlan_counts_update AFTER UPDATE OF ports ON vlan_switch_ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  UPDATE vlan_counts SET ports = ports + NEW.ports - OLD.ports WHERE vlan_id = NEW.vlan_id;
END;

CREATE TRIGGER vlan_counts_delete AFTER DELETE ON vlan_switch_ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  UPDATE vlan_counts SET ports = ports - OLD.ports, switches = switches - 1 WHERE vlan_id = OLD.vlan_id;
  DELETE FROM vlan_counts WHERE vlan_id = OLD.vlan_id AND switches = 0;
END;
