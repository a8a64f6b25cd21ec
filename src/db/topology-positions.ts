import { prepare, type Db } from './open.ts';

// Where a site's topology draws its switches (docs/SHARING.md). Positions are layout, not inventory: they have no
// version and no activity entry, and go with their switch or site.

/** The largest coordinate a position may have, either way. */
export const COORDINATE_MAX = 1_000_000;
/** Most positions one layout request may carry. */
export const POSITIONS_MAX = 10_000;

/** Stores (or moves) a switch's position in a site's topology. */
export function setTopologyPosition(db: Db, siteId: string, switchId: string, x: number, y: number): void {
  prepare(
    db,
    `INSERT INTO topology_positions (site_id, switch_id, x, y) VALUES (?, ?, ?, ?)
    ON CONFLICT (site_id, switch_id) DO UPDATE SET x = excluded.x, y = excluded.y`,
  ).run(siteId, switchId, x, y);
}

/** Whether a switch has a position in a site's topology. */
export function hasTopologyPosition(db: Db, siteId: string, switchId: string): boolean {
  return prepare(db, 'SELECT 1 FROM topology_positions WHERE site_id = ? AND switch_id = ?').get(siteId, switchId) !== undefined;
}

/** Forgets a switch's position in a site's topology (the UI lays it out again). */
export function clearTopologyPosition(db: Db, siteId: string, switchId: string): void {
  prepare(db, 'DELETE FROM topology_positions WHERE site_id = ? AND switch_id = ?').run(siteId, switchId);
}
