-- 0015: how many addresses each network holds, kept by triggers as vlan_switch_ports is (0011). A network's
-- utilisation, the total of its addresses' page and the networks list read it instead of counting the network's
-- addresses on their index (a /16 of 30,000 addresses: ~0.75 ms for each of the three).
-- A row only while the network holds an address. The triggers keep it in the transaction of every write to
-- addresses, whoever writes (the API, an undo, an import, a merge); a bulk load (the legacy migration, a restore)
-- pauses them with the rest of the derived data (derived_data_paused, 0010) and counts once at its end
-- (src/db/search-index.ts).
CREATE TABLE network_address_counts (
  network_id  TEXT PRIMARY KEY,
  addresses   INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO network_address_counts (network_id, addresses) SELECT network_id, count(*) FROM addresses GROUP BY network_id;

CREATE TRIGGER addresses_count_insert AFTER INSERT ON addresses WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO network_address_counts (network_id, addresses) VALUES (NEW.network_id, 1)
    ON CONFLICT (network_id) DO UPDATE SET addresses = addresses + 1;
END;

CREATE TRIGGER addresses_count_delete AFTER DELETE ON addresses WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  UPDATE network_address_counts SET addresses = addresses - 1 WHERE network_id = OLD.network_id;
  DELETE FROM network_address_counts WHERE network_id = OLD.network_id AND addresses = 0;
END;

-- An address moved to another network (an edit of networkId, an undo of one).
CREATE TRIGGER addresses_count_move AFTER UPDATE OF network_id ON addresses
  WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) AND OLD.network_id IS NOT NEW.network_id BEGIN
  UPDATE network_address_counts SET addresses = addresses - 1 WHERE network_id = OLD.network_id;
  DELETE FROM network_address_counts WHERE network_id = OLD.network_id AND addresses = 0;
  INSERT INTO network_address_counts (network_id, addresses) VALUES (NEW.network_id, 1)
    ON CONFLICT (network_id) DO UPDATE SET addresses = addresses + 1;
END;
