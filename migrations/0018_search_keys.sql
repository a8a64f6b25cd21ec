-- Every MAC address search looks up by its 12 hex digits, whatever the spelling stored (`aa:bb:cc:dd:ee:ff`,
-- `AA-BB-CC-DD-EE-FF`, `aabb.ccdd.eeff`): an expression index that SQLite keeps in every write, so that a whole MAC
-- is one key lookup in each place a MAC is kept (a switch's: switches_mac_digits of 0012, the same expression; a
-- kept ARP table is looked up by its IP, arp_entries_ip, and joined to the MAC tables by this key).
CREATE INDEX ports_mac_key ON ports(lower(replace(replace(replace(mac_address, ':', ''), '-', ''), '.', ''))) WHERE mac_address IS NOT NULL;
CREATE INDEX addresses_mac_key ON addresses(lower(replace(replace(replace(mac_address, ':', ''), '-', ''), '.', ''))) WHERE mac_address IS NOT NULL;
CREATE INDEX fdb_entries_mac_key ON fdb_entries(lower(replace(replace(replace(mac, ':', ''), '-', ''), '.', '')));

-- Host names in a search index of their own (as ports' descriptions are, 0010): a column filter of addresses_search
-- still reads each trigram's occurrences in every column, and every address holds `10.` and `.10`, so that an IP
-- address looked for in host names read a posting list per address. The triggers keep it as 0010's keep theirs.
CREATE VIRTUAL TABLE addresses_hostname_search USING fts5(hostname, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
INSERT INTO addresses_hostname_search (rowid, hostname) SELECT rowid, lower(hostname) FROM addresses WHERE hostname IS NOT NULL;
CREATE TRIGGER addresses_hostname_search_insert AFTER INSERT ON addresses WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  INSERT INTO addresses_hostname_search (rowid, hostname) SELECT new.rowid, lower(new.hostname) WHERE new.hostname IS NOT NULL;
END;
CREATE TRIGGER addresses_hostname_search_delete AFTER DELETE ON addresses WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM addresses_hostname_search WHERE rowid = old.rowid;
END;
CREATE TRIGGER addresses_hostname_search_update AFTER UPDATE OF hostname ON addresses WHEN NOT EXISTS (SELECT 1 FROM derived_data_paused) BEGIN
  DELETE FROM addresses_hostname_search WHERE rowid = old.rowid;
  INSERT INTO addresses_hostname_search (rowid, hostname) SELECT new.rowid, lower(new.hostname) WHERE new.hostname IS NOT NULL;
END;
