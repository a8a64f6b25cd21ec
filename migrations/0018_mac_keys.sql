-- Every MAC address search looks up by its 12 hex digits, whatever the spelling stored (`aa:bb:cc:dd:ee:ff`,
-- `AA-BB-CC-DD-EE-FF`, `aabb.ccdd.eeff`): an expression index that SQLite keeps in every write, so that a whole MAC
-- is one key lookup in each place a MAC is kept (a switch's: switches_mac_digits of 0012, the same expression; a
-- kept ARP table is looked up by its IP, arp_entries_ip, and joined to the MAC tables by this key).
CREATE INDEX ports_mac_key ON ports(lower(replace(replace(replace(mac_address, ':', ''), '-', ''), '.', ''))) WHERE mac_address IS NOT NULL;
CREATE INDEX addresses_mac_key ON addresses(lower(replace(replace(replace(mac_address, ':', ''), '-', ''), '.', ''))) WHERE mac_address IS NOT NULL;
CREATE INDEX fdb_entries_mac_key ON fdb_entries(lower(replace(replace(replace(mac, ':', ''), '-', ''), '.', '')));
