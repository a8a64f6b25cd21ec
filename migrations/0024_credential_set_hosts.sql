-- 0024: the hosts a credential set may be sent to (docs/DISCOVERY.md, "Credential sets"). An editor, and the scheduler
-- for everyone, send a set only to a host it allows, so that an editor cannot have an admin's secrets sent to a host of
-- their choosing (not even by making it a switch's management IP, which an editor may change). JSON array of entries:
-- networks in canonical form (an address is written as the network of it alone, /32 or /128) and host name patterns.
--
-- A set kept before allows the hosts it was being sent to: the management IPs of the switches its schedules cover, and
-- a switch schedule's own host where that is an address without a port. A set no schedule uses allows no host
-- until an admin names some; an admin's discovery may still send it anywhere.
ALTER TABLE credential_sets ADD COLUMN allowed_hosts TEXT NOT NULL DEFAULT '[]';

WITH covered (credential_id, host) AS (
  SELECT p.credential_id, COALESCE(p.host, w.management_ip)
    FROM switch_polling p JOIN switches w ON w.id = p.switch_id
  UNION
  SELECT sp.credential_id, w.management_ip
    FROM site_polling sp JOIN switches w ON w.site_id = sp.site_id
   WHERE NOT EXISTS (SELECT 1 FROM switch_polling own WHERE own.switch_id = w.id)
),
allowed (credential_id, entry) AS (
  SELECT DISTINCT credential_id, host || CASE WHEN instr(host, ':') > 0 THEN '/128' ELSE '/32' END
    FROM covered
   WHERE host IS NOT NULL AND host <> '' AND (host NOT GLOB '*[^0-9.]*' OR (instr(host, ':') > 0 AND host NOT GLOB '*[^0-9a-fA-F:]*'))
)
UPDATE credential_sets
   SET allowed_hosts = (SELECT json_group_array(entry) FROM (SELECT entry FROM allowed a WHERE a.credential_id = credential_sets.id ORDER BY entry))
 WHERE id IN (SELECT credential_id FROM allowed);
