-- 0010: the search index and the row counts of the lists (src/db/search-index.ts).
--
-- <table>_search is a contentless FTS5 table of trigrams over the searched text of <table>, by the row's rowid
-- (ports_description_search and ports_connected_device_search hold one column each, which search reads alone):
-- each column lower-cased (ASCII only, as LIKE folds case) and tokenized case-sensitively, so that the phrase
-- of a lower-cased q of three characters or more finds exactly the rows that "column LIKE '%q%'" finds;
-- mac_digits is a MAC address without its colons, tags a switch's tags as their JSON text. row_counts holds
-- the number of rows of every listed table (the total of an unfiltered list). Triggers keep both in step in the
-- transaction of every change: undo, restore, merge and imports write through the tables. While
-- derived_data_paused holds a row (a bulk load, in its own transaction: a legacy migration, a restore), the
-- triggers do nothing, and the load rebuilds both at its end (withDerivedDataRebuiltAfter). Nothing a database
-- held before changes; this file fills both for it.

CREATE TABLE derived_data_paused (paused INTEGER PRIMARY KEY CHECK (paused = 1));

CREATE TABLE row_counts (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;

-- Switches in the order of their names' bytes (the column's own order ignores case): search walks the ports of a
-- common substring switch by switch in the order of its results' names, "switch / port".
CREATE INDEX switches_name_binary ON switches(name COLLATE BINARY);

-- Ports whose description or connected device begins with q (ranked before those that only contain it): a range
-- of these indexes (LIKE 'q%' folds ASCII case as NOCASE does), where the trigram index would read every match.
CREATE INDEX ports_description_nocase ON ports(description COLLATE NOCASE);
CREATE INDEX ports_connected_device_nocase ON ports(connected_device COLLATE NOCASE);

CREATE VIRTUAL TABLE sites_search USING fts5(name, description, address, notes, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO sites_search (rowid, name, description, address, notes) SELECT rowid, lower(name), lower(description), lower(address), lower(notes) FROM sites WHERE coalesce(name, description, address, notes) IS NOT NULL;
INSERT INTO row_counts (tbl, n) VALUES ('sites', (SELECT count(*) FROM sites));
CREATE TRIGGER sites_index_insert AFTER INSERT ON sites WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO sites_search (rowid, name, description, address, notes) SELECT new.rowid, lower(new.name), lower(new.description), lower(new.address), lower(new.notes) WHERE coalesce(new.name, new.description, new.address, new.notes) IS NOT NULL;
  UPDATE row_counts SET n = n + 1 WHERE tbl = 'sites';
END;
CREATE TRIGGER sites_index_delete AFTER DELETE ON sites WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM sites_search WHERE rowid = old.rowid;
  UPDATE row_counts SET n = n - 1 WHERE tbl = 'sites';
END;
CREATE TRIGGER sites_search_update AFTER UPDATE OF name, description, address, notes ON sites WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM sites_search WHERE rowid = old.rowid;
  INSERT INTO sites_search (rowid, name, description, address, notes) SELECT new.rowid, lower(new.name), lower(new.description), lower(new.address), lower(new.notes) WHERE coalesce(new.name, new.description, new.address, new.notes) IS NOT NULL;
END;

CREATE VIRTUAL TABLE vlans_search USING fts5(name, description, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO vlans_search (rowid, name, description) SELECT rowid, lower(name), lower(description) FROM vlans WHERE coalesce(name, description) IS NOT NULL;
INSERT INTO row_counts (tbl, n) VALUES ('vlans', (SELECT count(*) FROM vlans));
CREATE TRIGGER vlans_index_insert AFTER INSERT ON vlans WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO vlans_search (rowid, name, description) SELECT new.rowid, lower(new.name), lower(new.description) WHERE coalesce(new.name, new.description) IS NOT NULL;
  UPDATE row_counts SET n = n + 1 WHERE tbl = 'vlans';
END;
CREATE TRIGGER vlans_index_delete AFTER DELETE ON vlans WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM vlans_search WHERE rowid = old.rowid;
  UPDATE row_counts SET n = n - 1 WHERE tbl = 'vlans';
END;
CREATE TRIGGER vlans_search_update AFTER UPDATE OF name, description ON vlans WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM vlans_search WHERE rowid = old.rowid;
  INSERT INTO vlans_search (rowid, name, description) SELECT new.rowid, lower(new.name), lower(new.description) WHERE coalesce(new.name, new.description) IS NOT NULL;
END;

CREATE VIRTUAL TABLE networks_search USING fts5(name, subnet, gateway, description, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO networks_search (rowid, name, subnet, gateway, description) SELECT rowid, lower(name), lower(subnet), lower(gateway), lower(description) FROM networks WHERE coalesce(name, subnet, gateway, description) IS NOT NULL;
INSERT INTO row_counts (tbl, n) VALUES ('networks', (SELECT count(*) FROM networks));
CREATE TRIGGER networks_index_insert AFTER INSERT ON networks WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO networks_search (rowid, name, subnet, gateway, description) SELECT new.rowid, lower(new.name), lower(new.subnet), lower(new.gateway), lower(new.description) WHERE coalesce(new.name, new.subnet, new.gateway, new.description) IS NOT NULL;
  UPDATE row_counts SET n = n + 1 WHERE tbl = 'networks';
END;
CREATE TRIGGER networks_index_delete AFTER DELETE ON networks WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM networks_search WHERE rowid = old.rowid;
  UPDATE row_counts SET n = n - 1 WHERE tbl = 'networks';
END;
CREATE TRIGGER networks_search_update AFTER UPDATE OF name, subnet, gateway, description ON networks WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM networks_search WHERE rowid = old.rowid;
  INSERT INTO networks_search (rowid, name, subnet, gateway, description) SELECT new.rowid, lower(new.name), lower(new.subnet), lower(new.gateway), lower(new.description) WHERE coalesce(new.name, new.subnet, new.gateway, new.description) IS NOT NULL;
END;

CREATE VIRTUAL TABLE templates_search USING fts5(name, vendor, model, description, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO templates_search (rowid, name, vendor, model, description) SELECT rowid, lower(name), lower(vendor), lower(model), lower(description) FROM templates WHERE coalesce(name, vendor, model, description) IS NOT NULL;
INSERT INTO row_counts (tbl, n) VALUES ('templates', (SELECT count(*) FROM templates));
CREATE TRIGGER templates_index_insert AFTER INSERT ON templates WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO templates_search (rowid, name, vendor, model, description) SELECT new.rowid, lower(new.name), lower(new.vendor), lower(new.model), lower(new.description) WHERE coalesce(new.name, new.vendor, new.model, new.description) IS NOT NULL;
  UPDATE row_counts SET n = n + 1 WHERE tbl = 'templates';
END;
CREATE TRIGGER templates_index_delete AFTER DELETE ON templates WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM templates_search WHERE rowid = old.rowid;
  UPDATE row_counts SET n = n - 1 WHERE tbl = 'templates';
END;
CREATE TRIGGER templates_search_update AFTER UPDATE OF name, vendor, model, description ON templates WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM templates_search WHERE rowid = old.rowid;
  INSERT INTO templates_search (rowid, name, vendor, model, description) SELECT new.rowid, lower(new.name), lower(new.vendor), lower(new.model), lower(new.description) WHERE coalesce(new.name, new.vendor, new.model, new.description) IS NOT NULL;
END;

CREATE VIRTUAL TABLE switches_search USING fts5(name, vendor, model, serial_number, mac_address, management_ip, firmware_version, location, rack_position, notes, mac_digits, tags, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO switches_search (rowid, name, vendor, model, serial_number, mac_address, management_ip, firmware_version, location, rack_position, notes, mac_digits, tags) SELECT rowid, lower(name), lower(vendor), lower(model), lower(serial_number), lower(mac_address), lower(management_ip), lower(firmware_version), lower(location), lower(rack_position), lower(notes), lower(replace(mac_address, ':', '')), lower(tags) FROM switches WHERE coalesce(name, vendor, model, serial_number, mac_address, management_ip, firmware_version, location, rack_position, notes, tags) IS NOT NULL;
INSERT INTO row_counts (tbl, n) VALUES ('switches', (SELECT count(*) FROM switches));
CREATE TRIGGER switches_index_insert AFTER INSERT ON switches WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO switches_search (rowid, name, vendor, model, serial_number, mac_address, management_ip, firmware_version, location, rack_position, notes, mac_digits, tags) SELECT new.rowid, lower(new.name), lower(new.vendor), lower(new.model), lower(new.serial_number), lower(new.mac_address), lower(new.management_ip), lower(new.firmware_version), lower(new.location), lower(new.rack_position), lower(new.notes), lower(replace(new.mac_address, ':', '')), lower(new.tags) WHERE coalesce(new.name, new.vendor, new.model, new.serial_number, new.mac_address, new.management_ip, new.firmware_version, new.location, new.rack_position, new.notes, new.tags) IS NOT NULL;
  UPDATE row_counts SET n = n + 1 WHERE tbl = 'switches';
END;
CREATE TRIGGER switches_index_delete AFTER DELETE ON switches WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM switches_search WHERE rowid = old.rowid;
  UPDATE row_counts SET n = n - 1 WHERE tbl = 'switches';
END;
CREATE TRIGGER switches_search_update AFTER UPDATE OF name, vendor, model, serial_number, mac_address, management_ip, firmware_version, location, rack_position, notes, tags ON switches WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM switches_search WHERE rowid = old.rowid;
  INSERT INTO switches_search (rowid, name, vendor, model, serial_number, mac_address, management_ip, firmware_version, location, rack_position, notes, mac_digits, tags) SELECT new.rowid, lower(new.name), lower(new.vendor), lower(new.model), lower(new.serial_number), lower(new.mac_address), lower(new.management_ip), lower(new.firmware_version), lower(new.location), lower(new.rack_position), lower(new.notes), lower(replace(new.mac_address, ':', '')), lower(new.tags) WHERE coalesce(new.name, new.vendor, new.model, new.serial_number, new.mac_address, new.management_ip, new.firmware_version, new.location, new.rack_position, new.notes, new.tags) IS NOT NULL;
END;

CREATE VIRTUAL TABLE lags_search USING fts5(name, description, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO lags_search (rowid, name, description) SELECT rowid, lower(name), lower(description) FROM lags WHERE coalesce(name, description) IS NOT NULL;
INSERT INTO row_counts (tbl, n) VALUES ('lags', (SELECT count(*) FROM lags));
CREATE TRIGGER lags_index_insert AFTER INSERT ON lags WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO lags_search (rowid, name, description) SELECT new.rowid, lower(new.name), lower(new.description) WHERE coalesce(new.name, new.description) IS NOT NULL;
  UPDATE row_counts SET n = n + 1 WHERE tbl = 'lags';
END;
CREATE TRIGGER lags_index_delete AFTER DELETE ON lags WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM lags_search WHERE rowid = old.rowid;
  UPDATE row_counts SET n = n - 1 WHERE tbl = 'lags';
END;
CREATE TRIGGER lags_search_update AFTER UPDATE OF name, description ON lags WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM lags_search WHERE rowid = old.rowid;
  INSERT INTO lags_search (rowid, name, description) SELECT new.rowid, lower(new.name), lower(new.description) WHERE coalesce(new.name, new.description) IS NOT NULL;
END;

CREATE VIRTUAL TABLE ports_search USING fts5(name, mac_address, connected_port, mac_digits, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO ports_search (rowid, name, mac_address, connected_port, mac_digits) SELECT rowid, lower(name), lower(mac_address), lower(connected_port), lower(replace(mac_address, ':', '')) FROM ports WHERE coalesce(name, mac_address, connected_port) IS NOT NULL;
CREATE VIRTUAL TABLE ports_description_search USING fts5(description, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO ports_description_search (rowid, description) SELECT rowid, lower(description) FROM ports WHERE description IS NOT NULL;
CREATE VIRTUAL TABLE ports_connected_device_search USING fts5(connected_device, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO ports_connected_device_search (rowid, connected_device) SELECT rowid, lower(connected_device) FROM ports WHERE connected_device IS NOT NULL;
INSERT INTO row_counts (tbl, n) VALUES ('ports', (SELECT count(*) FROM ports));
CREATE TRIGGER ports_index_insert AFTER INSERT ON ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO ports_search (rowid, name, mac_address, connected_port, mac_digits) SELECT new.rowid, lower(new.name), lower(new.mac_address), lower(new.connected_port), lower(replace(new.mac_address, ':', '')) WHERE coalesce(new.name, new.mac_address, new.connected_port) IS NOT NULL;
  INSERT INTO ports_description_search (rowid, description) SELECT new.rowid, lower(new.description) WHERE new.description IS NOT NULL;
  INSERT INTO ports_connected_device_search (rowid, connected_device) SELECT new.rowid, lower(new.connected_device) WHERE new.connected_device IS NOT NULL;
  UPDATE row_counts SET n = n + 1 WHERE tbl = 'ports';
END;
CREATE TRIGGER ports_index_delete AFTER DELETE ON ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM ports_search WHERE rowid = old.rowid;
  DELETE FROM ports_description_search WHERE rowid = old.rowid;
  DELETE FROM ports_connected_device_search WHERE rowid = old.rowid;
  UPDATE row_counts SET n = n - 1 WHERE tbl = 'ports';
END;
CREATE TRIGGER ports_search_update AFTER UPDATE OF name, mac_address, connected_port ON ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM ports_search WHERE rowid = old.rowid;
  INSERT INTO ports_search (rowid, name, mac_address, connected_port, mac_digits) SELECT new.rowid, lower(new.name), lower(new.mac_address), lower(new.connected_port), lower(replace(new.mac_address, ':', '')) WHERE coalesce(new.name, new.mac_address, new.connected_port) IS NOT NULL;
END;
CREATE TRIGGER ports_description_search_update AFTER UPDATE OF description ON ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM ports_description_search WHERE rowid = old.rowid;
  INSERT INTO ports_description_search (rowid, description) SELECT new.rowid, lower(new.description) WHERE new.description IS NOT NULL;
END;
CREATE TRIGGER ports_connected_device_search_update AFTER UPDATE OF connected_device ON ports WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM ports_connected_device_search WHERE rowid = old.rowid;
  INSERT INTO ports_connected_device_search (rowid, connected_device) SELECT new.rowid, lower(new.connected_device) WHERE new.connected_device IS NOT NULL;
END;

CREATE VIRTUAL TABLE addresses_search USING fts5(address, hostname, mac_address, description, mac_digits, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO addresses_search (rowid, address, hostname, mac_address, description, mac_digits) SELECT rowid, lower(address), lower(hostname), lower(mac_address), lower(description), lower(replace(mac_address, ':', '')) FROM addresses WHERE coalesce(address, hostname, mac_address, description) IS NOT NULL;
INSERT INTO row_counts (tbl, n) VALUES ('addresses', (SELECT count(*) FROM addresses));
CREATE TRIGGER addresses_index_insert AFTER INSERT ON addresses WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO addresses_search (rowid, address, hostname, mac_address, description, mac_digits) SELECT new.rowid, lower(new.address), lower(new.hostname), lower(new.mac_address), lower(new.description), lower(replace(new.mac_address, ':', '')) WHERE coalesce(new.address, new.hostname, new.mac_address, new.description) IS NOT NULL;
  UPDATE row_counts SET n = n + 1 WHERE tbl = 'addresses';
END;
CREATE TRIGGER addresses_index_delete AFTER DELETE ON addresses WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM addresses_search WHERE rowid = old.rowid;
  UPDATE row_counts SET n = n - 1 WHERE tbl = 'addresses';
END;
CREATE TRIGGER addresses_search_update AFTER UPDATE OF address, hostname, mac_address, description ON addresses WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM addresses_search WHERE rowid = old.rowid;
  INSERT INTO addresses_search (rowid, address, hostname, mac_address, description, mac_digits) SELECT new.rowid, lower(new.address), lower(new.hostname), lower(new.mac_address), lower(new.description), lower(replace(new.mac_address, ':', '')) WHERE coalesce(new.address, new.hostname, new.mac_address, new.description) IS NOT NULL;
END;

INSERT INTO row_counts (tbl, n) VALUES ('ranges', (SELECT count(*) FROM ranges));
CREATE TRIGGER ranges_index_insert AFTER INSERT ON ranges WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  UPDATE row_counts SET n = n + 1 WHERE tbl = 'ranges';
END;
CREATE TRIGGER ranges_index_delete AFTER DELETE ON ranges WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  UPDATE row_counts SET n = n - 1 WHERE tbl = 'ranges';
END;
