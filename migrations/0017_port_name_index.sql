-- Ports by name (case-insensitively, as the column compares): search finds a port by a bare name in each of its
-- spellings (`Gi1/0/5`, `GigabitEthernet1/0/5`: src/lib/interface-name.ts) as a range of this index, not by every
-- port's trigrams (a common name's are in half the ports).
CREATE INDEX ports_name ON ports(name, switch_id);
