import { prepare, type Db } from '../open.ts';

// A site's topology (docs/SHARING.md): its switches with where they are drawn (topology-positions.ts keeps that),
// and the links between them.

/** A switch of a site as a topology node, with its position (null until placed). */
export interface TopologyNodeRow {
  id: string;
  name: string;
  role: string | null;
  port_count: number;
  x: number | null;
  y: number | null;
}

/** The switches of a site by name, each with its port count and its position in the site's topology. */
export function topologyNodes(db: Db, siteId: string): TopologyNodeRow[] {
  return prepare(
    db,
    `SELECT s.id, s.name, s.role, (SELECT count(*) FROM ports p WHERE p.switch_id = s.id) AS port_count, t.x, t.y
    FROM switches s LEFT JOIN topology_positions t ON t.site_id = s.site_id AND t.switch_id = s.id
    WHERE s.site_id = ? ORDER BY s.name, s.id`,
  ).all(siteId) as unknown as TopologyNodeRow[];
}

/** A link between two switches of a site, from the end on the switch with the lower id (`a`). */
export interface TopologyLinkRow {
  switch_a: string;
  switch_b: string;
  port_a: string;
  port_b: string;
  mode_a: string;
  mode_b: string;
  lag_a: string | null;
  lag_b: string | null;
}

/** Every link between two switches of a site, each once, by switch pair and then by the ports' order on `a`. */
export function topologyLinks(db: Db, siteId: string): TopologyLinkRow[] {
  return prepare(
    db,
    `SELECT pa.switch_id AS switch_a, pb.switch_id AS switch_b, pa.id AS port_a, pb.id AS port_b,
      pa.mode AS mode_a, pb.mode AS mode_b, pa.lag_id AS lag_a, pb.lag_id AS lag_b
    FROM switches sa
    JOIN ports pa ON pa.switch_id = sa.id
    JOIN ports pb ON pb.id = pa.linked_port_id
    JOIN switches sb ON sb.id = pb.switch_id
    WHERE sa.site_id = ? AND sb.site_id = sa.site_id AND pa.switch_id < pb.switch_id
    ORDER BY pa.switch_id, pb.switch_id, pa.position, pa.name, pa.id`,
  ).all(siteId) as unknown as TopologyLinkRow[];
}

/** The ids of the switches of a site among `ids`. */
export function switchIdsOfSite(db: Db, siteId: string, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set();
  const rows = prepare(db, 'SELECT s.id FROM switches s, json_each(?) j WHERE s.id = j.value AND s.site_id = ?').all(
    JSON.stringify(ids),
    siteId,
  ) as { id: string }[];
  return new Set(rows.map((row) => row.id));
}
