-- 0009: public links and topology positions (docs/SHARING.md).
--
-- A public link lets anybody who has its URL read one switch without signing in (GET /api/p/<token>). Only the
-- SHA-256 of its token is stored (hex, 64 characters): the token is shown once, when the link is made, and is
-- never stored, exported or written into the activity log; a link is revoked by deleting its row. created_by is
-- the user who made it (null for links migrated from 0.20.x); it is no foreign key, so that a user can be deleted
-- and the links stay, as their activity entries do. last_access_at is the last time the link was opened.
--
-- A topology position is where a switch is drawn in its site's topology (layout, not inventory): x and y in the
-- UI's coordinates. A switch without one is laid out by the UI.
--
-- Both belong to their switch: deleting the switch (or its site, or everything, as a restore does) deletes them
-- with it, as it deletes its place among the users' favourites. Nothing in a database of before changes.

CREATE TABLE public_links (
  id              TEXT PRIMARY KEY,
  switch_id       TEXT NOT NULL REFERENCES switches(id) ON DELETE CASCADE,
  token_hash      TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
  created_at      TEXT NOT NULL,
  last_access_at  TEXT,
  created_by      TEXT
);
CREATE INDEX public_links_switch ON public_links(switch_id);

CREATE TABLE topology_positions (
  site_id    TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  switch_id  TEXT NOT NULL REFERENCES switches(id) ON DELETE CASCADE,
  x          REAL NOT NULL,
  y          REAL NOT NULL,
  PRIMARY KEY (site_id, switch_id)
) WITHOUT ROWID;
CREATE INDEX topology_positions_switch ON topology_positions(switch_id);
