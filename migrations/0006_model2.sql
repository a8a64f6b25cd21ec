-- 0006: model 2 (docs/MODEL2.md). Model 1 folded a VLAN number and one optional subnet into one "network"; a
-- VLAN with no subnet, two subnets, or a subnet without a VLAN could not be stored. VLANs and networks (IP
-- subnets) become tables of their own, and ports and switches get the fields a real switch has.
--
-- Every model-1 network becomes the VLAN of the same id: ports' references, the VLAN's version (its ETag) and
-- its activity history stay with it. The table is renamed rather than copied, so that the foreign keys of
-- ports and port_tagged_networks follow it and no port can lose a VLAN on the way. Each model-1 network that had
-- a subnet also becomes a network (a fresh id: nothing referred to the subnet on its own). Activity entries keep
-- their history, but their undo data holds model-1 images that an undo would write into model-2 tables: it is
-- dropped, and each entry says so (undo_lost). Nothing is deleted.
--
-- The migration runs in one transaction (src/db/migrate.ts) with foreign keys on: any row the new constraints
-- refuse stops it, and the file stays as it was.

CREATE TEMP TABLE model2_now AS SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS at;

-- What the summary entry reports, counted before anything moves.
CREATE TEMP TABLE model2_counts AS SELECT
  (SELECT count(*) FROM networks) AS vlans,
  (SELECT count(*) FROM networks WHERE subnet IS NOT NULL) AS subnets,
  (SELECT count(*) FROM activity WHERE undo_data IS NOT NULL) AS undo_lost,
  (SELECT count(*) FROM ports WHERE poe = 1) AS poe_ports,
  EXISTS (SELECT 1 FROM sites) AS inventory;

-- 1. VLANs: the model-1 networks under their new name. `subnet` and `gateway` leave (gateway first: its CHECK
-- names subnet, and a column another column's CHECK names cannot be dropped).
ALTER TABLE networks RENAME TO vlans;
ALTER TABLE vlans RENAME COLUMN vlan_id TO vid;
CREATE TEMP TABLE model2_subnets AS SELECT id, site_id, name, subnet, gateway, description, created_at, updated_at
  FROM vlans WHERE subnet IS NOT NULL;
ALTER TABLE vlans DROP COLUMN gateway;
ALTER TABLE vlans DROP COLUMN subnet;
ALTER TABLE vlans ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive'));
-- The list order index of 0003 was named after the old table; same columns, a name that says what it serves.
DROP INDEX networks_vlan_name;
CREATE INDEX vlans_vid_name ON vlans(vid, name, id);

-- Colours become unique per site: the front panel tells VLANs apart by colour alone. The oldest VLAN of a site
-- (created_at, then id) keeps a colour it has; every other VLAN without one, or whose colour an older VLAN of its
-- site has, gets the next colour its site does not use, in the order of src/lib/vlan-colors.ts: PALETTE, then
-- generatedColor(i) = (i × 2654435761) mod 2^24 for i = 1, 2… (skipping those in PALETTE). Giving them out in
-- (created_at, id) order is what pickVlanColor would have chosen had each been created in turn.
CREATE TEMP TABLE model2_colors (ord INTEGER PRIMARY KEY, color TEXT NOT NULL UNIQUE);
INSERT INTO model2_colors (ord, color) VALUES
  (1, '#1f77b4'), (2, '#ff7f0e'), (3, '#2ca02c'), (4, '#d62728'), (5, '#9467bd'), (6, '#8c564b'),
  (7, '#e377c2'), (8, '#7f7f7f'), (9, '#bcbd22'), (10, '#17becf'), (11, '#f3c300'), (12, '#875692'),
  (13, '#f38400'), (14, '#a1caf1'), (15, '#be0032'), (16, '#c2b280'), (17, '#008856'), (18, '#e68fac'),
  (19, '#0067a5'), (20, '#f99379'), (21, '#604e97'), (22, '#b3446c'), (23, '#8db600'), (24, '#654522');
-- A site with n VLANs needs at most n colours past the ones it keeps; the palette can hide at most 24 generated
-- ones, so as many generated colours as the busiest site has VLANs, and 24, always suffice.
WITH RECURSIVE gen(i) AS (
  SELECT 1
  UNION ALL
  SELECT i + 1 FROM gen WHERE i < 24 + (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM vlans GROUP BY site_id))
)
INSERT OR IGNORE INTO model2_colors (ord, color) SELECT 24 + i, printf('#%06x', (i * 2654435761) % 16777216) FROM gen;

CREATE TEMP TABLE model2_recolor (id TEXT PRIMARY KEY, site_id TEXT NOT NULL, rank INTEGER NOT NULL, color TEXT);
INSERT INTO model2_recolor (id, site_id, rank)
  SELECT id, site_id, row_number() OVER (PARTITION BY site_id ORDER BY created_at, id) FROM vlans AS v
  WHERE color IS NULL OR EXISTS (
    SELECT 1 FROM vlans AS o WHERE o.site_id = v.site_id AND o.color = v.color
      AND (o.created_at < v.created_at OR (o.created_at = v.created_at AND o.id < v.id)));
-- A colour a VLAN of the site has is a kept colour (the oldest VLAN having it keeps it): the free ones are those
-- no VLAN of the site has, numbered per site in the order above, the nth going to the nth VLAN to recolour.
UPDATE model2_recolor SET color = free.color FROM (
  SELECT s.site_id, c.color, row_number() OVER (PARTITION BY s.site_id ORDER BY c.ord) AS rank
  FROM (SELECT site_id, count(*) AS n FROM model2_recolor GROUP BY site_id) AS s
  JOIN model2_colors AS c ON c.ord <= 24 + 2 * (SELECT count(*) FROM vlans WHERE vlans.site_id = s.site_id)
  WHERE NOT EXISTS (SELECT 1 FROM vlans AS k WHERE k.site_id = s.site_id AND k.color = c.color)
) AS free WHERE free.site_id = model2_recolor.site_id AND free.rank = model2_recolor.rank;
-- A recoloured VLAN is changed data: its version is raised, so an ETag taken before cannot overwrite the colour
-- unseen. A VLAN that keeps its colour keeps its version, and with it the ETags clients hold.
UPDATE vlans SET color = r.color, version = vlans.version + 1, updated_at = (SELECT at FROM model2_now)
  FROM model2_recolor AS r WHERE r.id = vlans.id;
CREATE UNIQUE INDEX vlans_site_color ON vlans(site_id, color);

-- 2. Networks: IP subnets of a site, each in at most one VLAN of it. Model 1 allowed overlapping subnets within a
-- site; they are kept as they are (the checks name them) rather than refusing the upgrade.
CREATE TABLE networks (
  id           TEXT PRIMARY KEY,
  site_id      TEXT NOT NULL REFERENCES sites(id),
  vlan_id      TEXT REFERENCES vlans(id),
  name         TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 100),
  subnet       TEXT NOT NULL,
  gateway      TEXT,
  dns_servers  TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(dns_servers) AND json_type(dns_servers) = 'array'),
  description  TEXT,
  version      INTEGER NOT NULL DEFAULT 1,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  UNIQUE (site_id, name)
);
-- networks_vlan: a VLAN's networks (counts, delete in use); networks_subnet: the list's default order, as 0003.
CREATE INDEX networks_vlan ON networks(vlan_id);
CREATE INDEX networks_subnet ON networks(subnet, id);

-- Fresh ids, lower-case UUIDv4 (version nibble 4, variant 8-b), as 0004 makes them; the name is the VLAN's (VLAN
-- names are unique per site, so network names are too).
INSERT INTO networks (id, site_id, vlan_id, name, subnet, gateway, dns_servers, description, version, created_at, updated_at)
  SELECT
    lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-'
      || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
    site_id, id, name, subnet, gateway, '[]', description, 1, created_at, updated_at
  FROM model2_subnets ORDER BY site_id, created_at, id;

-- 3. Ports. The column references vlans already (the rename above carried it); its name follows.
ALTER TABLE ports RENAME COLUMN untagged_network_id TO untagged_vlan_id;
DROP INDEX ports_untagged_network;
CREATE INDEX ports_untagged_vlan ON ports(untagged_vlan_id);

-- PoE: model 1 only knew "PoE: yes". Yes becomes the base standard, 802.3af at its 15.4 W, written as the exact
-- JSON text the API writes ({"type","maxWatts"} in that order), since stored JSON text is compared as text.
CREATE TEMP TABLE model2_poe AS SELECT id FROM ports WHERE poe = 1;
ALTER TABLE ports DROP COLUMN poe;
ALTER TABLE ports ADD COLUMN poe TEXT CHECK (poe IS NULL OR (json_valid(poe) AND json_type(poe) = 'object'));
UPDATE ports SET poe = '{"type":"802.3af","maxWatts":15.4}' WHERE id IN (SELECT id FROM model2_poe);

ALTER TABLE ports ADD COLUMN unit INTEGER NOT NULL DEFAULT 1 CHECK (unit BETWEEN 1 AND 8);
ALTER TABLE ports ADD COLUMN type TEXT NOT NULL DEFAULT 'rj45'
  CHECK (type IN ('rj45', 'sfp', 'sfp+', 'sfp28', 'qsfp', 'qsfp28', 'console', 'management'));
ALTER TABLE ports ADD COLUMN link_status TEXT CHECK (link_status IS NULL OR link_status IN ('up', 'down'));
ALTER TABLE ports ADD COLUMN mac_address TEXT;
-- Search finds a port by its connected device's full MAC; most ports have none, so the index holds only those that do.
CREATE INDEX ports_mac_address ON ports(mac_address) WHERE mac_address IS NOT NULL;
ALTER TABLE ports ADD COLUMN connected_port TEXT CHECK (connected_port IS NULL OR length(connected_port) <= 100);

-- Tagged VLANs: the same pairs under the new names (every port carries exactly what it carried).
ALTER TABLE port_tagged_networks RENAME TO port_tagged_vlans;
ALTER TABLE port_tagged_vlans RENAME COLUMN network_id TO vlan_id;
DROP INDEX port_tagged_networks_network;
CREATE INDEX port_tagged_vlans_vlan ON port_tagged_vlans(vlan_id);

-- 4. Switches and users.
ALTER TABLE switches ADD COLUMN rack_position TEXT CHECK (rack_position IS NULL OR length(rack_position) <= 50);
ALTER TABLE switches ADD COLUMN role TEXT CHECK (role IS NULL OR role IN ('core', 'distribution', 'access', 'management'));
ALTER TABLE switches ADD COLUMN tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags));
ALTER TABLE switches ADD COLUMN stack_size INTEGER NOT NULL DEFAULT 1 CHECK (stack_size BETWEEN 1 AND 8);
ALTER TABLE switches ADD COLUMN poe_budget_watts INTEGER CHECK (poe_budget_watts IS NULL OR poe_budget_watts >= 0);

-- VLANs a switch defines even where no port carries them. Plain foreign keys, as everywhere: the handlers
-- remove a VLAN or a switch from here after recording it, so that an undo brings the pair back.
CREATE TABLE switch_configured_vlans (
  switch_id  TEXT NOT NULL REFERENCES switches(id),
  vlan_id    TEXT NOT NULL REFERENCES vlans(id),
  PRIMARY KEY (switch_id, vlan_id)
) WITHOUT ROWID;
CREATE INDEX switch_configured_vlans_vlan ON switch_configured_vlans(vlan_id);

-- A user's favourite switches. Not inventory (no activity entry, no undo, per user like api_tokens): they go
-- with the user or the switch.
CREATE TABLE user_favorite_switches (
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  switch_id  TEXT NOT NULL REFERENCES switches(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, switch_id)
) WITHOUT ROWID;
CREATE INDEX user_favorite_switches_switch ON user_favorite_switches(switch_id);

ALTER TABLE users ADD COLUMN display_name TEXT CHECK (display_name IS NULL OR length(display_name) BETWEEN 1 AND 100);
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de'));

-- 5. Activity. A model-1 network's entries are its VLAN's now (same id).
ALTER TABLE activity ADD COLUMN undo_lost TEXT;
UPDATE activity SET entity_type = 'vlan' WHERE entity_type = 'network';
UPDATE activity_entities SET entity_type = 'vlan' WHERE entity_type = 'network';
-- An entry's undo data holds model-1 images (a network with a VLAN number and a subnet, a port's
-- untaggedNetworkId and poe true/false), which an undo would write into model-2 tables: it is dropped, and the
-- entry keeps its summary and changes and says why it cannot be undone.
UPDATE activity SET undo_data = NULL, undoable = 0,
  undo_lost = 'Recorded before the upgrade to model 2 (VLANs apart from networks, 0.27.0): its undo data describes the data as 0.26.0 stored it, so it cannot be undone. Change the data by hand instead.'
  WHERE undo_data IS NOT NULL;

-- One entry of the system says what the upgrade did; a database without inventory (a fresh one) gets none.
INSERT INTO activity (id, at, user_id, username, action, entity_type, entity_id, entity_name, site_id, summary, changes, undo_data, undoable, undone_by, undo_of, undo_lost)
  SELECT
    lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-'
      || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
    (SELECT at FROM model2_now), NULL, NULL, 'migrate', NULL, NULL, NULL, NULL,
    'Upgraded to model 2: ' || c.vlans || ' network' || CASE c.vlans WHEN 1 THEN '' ELSE 's' END || ' became VLANs ('
      || (SELECT count(*) FROM model2_recolor) || ' given a colour of their own), '
      || c.subnets || ' subnet' || CASE c.subnets WHEN 1 THEN '' ELSE 's' END || ' became networks, '
      || c.poe_ports || ' PoE port' || CASE c.poe_ports WHEN 1 THEN '' ELSE 's' END || ' set to 802.3af (15.4 W); '
      || c.undo_lost || ' earlier entr' || CASE c.undo_lost WHEN 1 THEN 'y' ELSE 'ies' END || ' can no longer be undone',
    NULL, NULL, 0, NULL, NULL, NULL
  FROM model2_counts AS c WHERE c.inventory OR c.undo_lost > 0;

DROP TABLE model2_recolor;
DROP TABLE model2_colors;
DROP TABLE model2_poe;
DROP TABLE model2_subnets;
DROP TABLE model2_counts;
DROP TABLE model2_now;
