-- 0007: IPAM (docs/IPAM.md): the addresses recorded in a network (who holds which), and its ranges (DHCP pools,
-- static assignments, addresses held back).
--
-- An address is kept as its canonical text and as a number in two columns, key_hi and key_lo: the address's 128
-- bits (an IPv4 address as its 32 bits, in key_lo) less 2^63 in each half, so that SQLite's signed integers
-- order them as unsigned numbers do. Lists sort by them, a range's addresses are an index range, and the next free
-- address is found from the gaps between neighbours, all without reading every address of a large network.

CREATE TABLE addresses (
  id           TEXT PRIMARY KEY,
  network_id   TEXT NOT NULL REFERENCES networks(id),
  address      TEXT NOT NULL,
  key_hi       INTEGER NOT NULL,
  key_lo       INTEGER NOT NULL,
  hostname     TEXT CHECK (hostname IS NULL OR length(hostname) BETWEEN 1 AND 253),
  mac_address  TEXT,
  device_type  TEXT CHECK (device_type IS NULL OR device_type IN ('server', 'switch', 'router', 'firewall', 'printer', 'phone', 'ap', 'camera', 'other')),
  status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'reserved', 'inactive')),
  description  TEXT,
  port_id      TEXT REFERENCES ports(id),
  -- The switch whose management IP this is; at most one address per switch.
  switch_id    TEXT UNIQUE REFERENCES switches(id),
  version      INTEGER NOT NULL DEFAULT 1,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  UNIQUE (network_id, key_hi, key_lo)
);
CREATE INDEX addresses_port ON addresses(port_id) WHERE port_id IS NOT NULL;
CREATE INDEX addresses_mac ON addresses(mac_address) WHERE mac_address IS NOT NULL;
CREATE INDEX addresses_hostname ON addresses(hostname COLLATE NOCASE) WHERE hostname IS NOT NULL;

CREATE TABLE ranges (
  id             TEXT PRIMARY KEY,
  network_id     TEXT NOT NULL REFERENCES networks(id),
  start_address  TEXT NOT NULL,
  end_address    TEXT NOT NULL,
  start_hi       INTEGER NOT NULL,
  start_lo       INTEGER NOT NULL,
  end_hi         INTEGER NOT NULL,
  end_lo         INTEGER NOT NULL,
  kind           TEXT NOT NULL CHECK (kind IN ('dhcp', 'static', 'reserved')),
  description    TEXT,
  version        INTEGER NOT NULL DEFAULT 1,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  CHECK (start_hi < end_hi OR (start_hi = end_hi AND start_lo <= end_lo))
);
CREATE INDEX ranges_network_start ON ranges(network_id, start_hi, start_lo);
