-- 0004: port names become plain interface names (src/lib/interface-name.ts): ASCII letters, digits, spaces and
-- / . : - _ +, 1 to 64 characters, not only spaces. A name is written raw into switch configurations
-- (`interface <name>`), so a stored name with a line break, a control character, ";", "{" or "}" could add
-- commands of its own to a configuration an admin pastes into a switch.
--
-- Each port whose name breaks the rule is renamed: every other character becomes a space (after a NUL nothing
-- is kept), runs of spaces become one, the ends are trimmed; nothing left gives "port-<position>". A name that
-- another port of the switch has (case-insensitively) gets "_2", "_3"… as the legacy migration appends, cut so
-- that the whole stays within 64 characters. The port's version is raised and its updated_at set, and each
-- rename is an `update` activity entry of the system (no user) with `changes` { name: [old, new] }; it cannot
-- be undone. An entry whose undo data holds a port image with such a name cannot be undone any more (an undo
-- would write the name back): its undo data is dropped. A database without such names is left as it is.

CREATE TEMP TABLE port_name_now AS SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS at;

-- The ports to rename, numbered switch by switch in position order (the order the suffixes are given in).
CREATE TEMP TABLE port_name_fix (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL,
  switch_id  TEXT NOT NULL,
  position   INTEGER NOT NULL,
  old_name   TEXT NOT NULL,
  base       TEXT,
  rank       INTEGER,
  new_name   TEXT
);
INSERT INTO port_name_fix (seq, id, switch_id, position, old_name)
  SELECT row_number() OVER (ORDER BY switch_id, position, id), id, switch_id, position, name FROM ports
  WHERE name GLOB '*[^A-Za-z0-9/.:_+ -]*' OR instr(name, char(0)) > 0 OR trim(name, ' ') = '';

-- The name with every character that is not allowed as a space, spaces squeezed and trimmed, character by
-- character (length() and substr() stop at a NUL).
WITH RECURSIVE walk(id, i, n, src, acc) AS (
  SELECT id, 1, length(old_name), old_name, '' FROM port_name_fix
  UNION ALL
  SELECT id, i + 1, n, src,
    CASE
      WHEN instr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/.:-_+', substr(src, i, 1)) > 0 THEN acc || substr(src, i, 1)
      WHEN acc = '' OR substr(acc, -1) = ' ' THEN acc
      ELSE acc || ' '
    END
  FROM walk WHERE i <= n
)
UPDATE port_name_fix SET base = rtrim(walk.acc, ' ') FROM walk WHERE walk.id = port_name_fix.id AND walk.i = walk.n + 1;
UPDATE port_name_fix SET base = 'port-' || position WHERE base IS NULL OR base = '';
-- The how-manieth port of its switch renamed to this base (case-insensitively): the nth starts at "_n".
UPDATE port_name_fix SET rank = r.rank FROM (
  SELECT seq, row_number() OVER (PARTITION BY switch_id, lower(base) ORDER BY seq) AS rank FROM port_name_fix
) AS r WHERE r.seq = port_name_fix.seq;

-- Suffix numbers to try: from a port's rank, as many as the ports of its switch and one more, so that one of
-- them is always free; twice the ports of the busiest switch concerned, and one, cover every rank.
CREATE TEMP TABLE port_name_nums (k INTEGER PRIMARY KEY);
WITH RECURSIVE nums(k) AS (
  SELECT 1
  UNION ALL
  SELECT k + 1 FROM nums
  WHERE k <= 2 * (SELECT max(c) FROM (SELECT count(*) AS c FROM ports WHERE switch_id IN (SELECT switch_id FROM port_name_fix) GROUP BY switch_id))
)
INSERT INTO port_name_nums (k) SELECT k FROM nums;

-- Each port's candidates in order: the base name, then base_2, base_3… (the base cut to fit 64 characters),
-- from its rank on: the ports renamed to the same base before it have taken one each.
CREATE TEMP VIEW port_name_try AS
  SELECT f.seq, f.switch_id, n.k,
    CASE WHEN n.k = 1 THEN f.base ELSE substr(f.base, 1, 64 - length('_' || n.k)) || '_' || n.k END AS cand
  FROM port_name_fix f JOIN port_name_nums n ON n.k >= f.rank;

-- One port after the other, each takes its first candidate that no other port of its switch has: neither a
-- port keeping its name (a name that breaks the rule never equals a candidate) nor one renamed before it
-- (`taken`, the lower-case names given on this switch so far, one per line).
WITH RECURSIVE chosen(seq, switch_id, taken, name) AS (
  SELECT 0, NULL, char(10), ''
  UNION ALL
  SELECT f.seq, f.switch_id,
    CASE WHEN f.switch_id = c.switch_id THEN c.taken || lower(c.name) || char(10) ELSE char(10) END,
    (SELECT t.cand FROM port_name_try t
      WHERE t.seq = f.seq
        AND NOT EXISTS (SELECT 1 FROM ports p WHERE p.switch_id = t.switch_id AND p.name = t.cand)
        AND instr(CASE WHEN f.switch_id = c.switch_id THEN c.taken || lower(c.name) || char(10) ELSE char(10) END,
          char(10) || lower(t.cand) || char(10)) = 0
      ORDER BY t.k LIMIT 1)
  FROM chosen c JOIN port_name_fix f ON f.seq = c.seq + 1
)
UPDATE port_name_fix SET new_name = chosen.name FROM chosen WHERE chosen.seq = port_name_fix.seq;

-- new_name is never NULL (a free candidate always exists); if it were, NOT NULL would stop the migration.
UPDATE ports SET name = f.new_name, version = ports.version + 1, updated_at = (SELECT at FROM port_name_now)
  FROM port_name_fix f WHERE f.id = ports.id;

-- One entry per rename, its id a lower-case UUIDv4 (version nibble 4, variant 8-b).
INSERT INTO activity (id, at, user_id, username, action, entity_type, entity_id, entity_name, site_id, summary, changes, undo_data, undoable, undone_by, undo_of)
  SELECT
    lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-'
      || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
    (SELECT at FROM port_name_now), NULL, NULL, 'update', 'port', f.id, f.new_name, sw.site_id,
    'Renamed port ' || f.new_name || ' on ' || sw.name || ': a port name may hold only letters, digits, spaces and / . : - _ +',
    json_object('name', json_array(f.old_name, f.new_name)),
    NULL, 0, NULL, NULL
  FROM port_name_fix f JOIN switches sw ON sw.id = f.switch_id
  ORDER BY f.seq;

-- Entries whose undo data would write such a name back (before- or after-image of a port) are not undoable now.
UPDATE activity SET undo_data = NULL, undoable = 0
  WHERE undo_data IS NOT NULL AND instr(undo_data, '"port"') > 0 AND CASE WHEN json_valid(undo_data) THEN EXISTS (
    SELECT 1 FROM json_each(activity.undo_data, '$.before.port') AS j
      WHERE j.type = 'object' AND json_type(j.value, '$.name') = 'text' AND (json_extract(j.value, '$.name') GLOB '*[^A-Za-z0-9/.:_+ -]*'
        OR instr(json_extract(j.value, '$.name'), char(0)) > 0 OR trim(json_extract(j.value, '$.name'), ' ') = '')
    UNION ALL
    SELECT 1 FROM json_each(activity.undo_data, '$.after.port') AS j
      WHERE j.type = 'object' AND json_type(j.value, '$.name') = 'text' AND (json_extract(j.value, '$.name') GLOB '*[^A-Za-z0-9/.:_+ -]*'
        OR instr(json_extract(j.value, '$.name'), char(0)) > 0 OR trim(json_extract(j.value, '$.name'), ' ') = '')
  ) ELSE 0 END;

DROP VIEW port_name_try;
DROP TABLE port_name_nums;
DROP TABLE port_name_fix;
DROP TABLE port_name_now;
