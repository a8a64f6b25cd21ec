-- 0012: indexes for the consistency checks (src/db/checks.ts), so that one site's checks look up what involves
-- the site rather than scan every switch or network of the database.
--
-- A switch's MAC address as its hex digits, whatever the spelling stored: the key of duplicate_mac (the expression
-- must stay the one checks.ts writes, or SQLite will not use the index).
CREATE INDEX switches_mac_digits ON switches(lower(replace(replace(replace(mac_address, ':', ''), '-', ''), '.', '')));

-- A network by its gateway: gateway_is_management_ip from the management IPs of a site's switches.
CREATE INDEX networks_gateway ON networks(gateway) WHERE gateway IS NOT NULL;

-- vlan_not_carried_by_uplink: a switch's VLAN counts (vlan_switch_ports, 0011) by switch, and its disabled ports,
-- which it subtracts from them (few, so the index holds only those).
CREATE INDEX vlan_switch_ports_switch ON vlan_switch_ports(switch_id);
CREATE INDEX ports_disabled ON ports(switch_id) WHERE enabled = 0;
