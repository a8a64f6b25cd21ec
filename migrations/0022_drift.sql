-- 0022: acknowledged drift (docs/DISCOVERY.md): a drift finding of GET /api/checks that an editor keeps out of the
-- checks, by its stable key (drift:<switch id>:<proposal key>), until `until` (NULL: for good) or until the
-- difference it was acknowledged for changes (`difference`: the documented and the observed value, as JSON).
-- Configuration, not observation: the backup export carries it. A switch's go with the switch.
CREATE TABLE drift_acknowledgements (
  key         TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 600),
  switch_id   TEXT NOT NULL REFERENCES switches(id) ON DELETE CASCADE,
  difference  TEXT NOT NULL,
  note        TEXT NOT NULL CHECK (length(note) BETWEEN 1 AND 1000),
  until       TEXT,
  created_at  TEXT NOT NULL,
  created_by  TEXT
) WITHOUT ROWID;
CREATE INDEX drift_acknowledgements_switch ON drift_acknowledgements(switch_id);
