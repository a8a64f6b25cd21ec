-- 0002: activity_entities is keyed by entity first (per-entity history). Looking up the entities of one
-- entry (restore rebuilding links, deleting an entry's rows) scanned the whole table; this index serves it.
CREATE INDEX activity_entities_by_entry ON activity_entities(activity_seq);
