// Where a site's topology draws its switches: layout, not documentation (no version, no activity entry), written
// all or nothing.
import type { Db } from '../db/open.ts';
import { inTransaction } from '../db/open.ts';
import { switchIdsOfSite } from '../db/read/topology.ts';
import { clearTopologyPosition, setTopologyPosition } from '../db/topology-positions.ts';
import { faultOf, formedRefusal } from '../fields/field.ts';

/** A position of a layout: the switch, where it goes (null: forgotten), and its field in the request for a fault. */
export interface GivenPosition {
  switchId: string;
  at: { x: number; y: number } | null;
  field: string;
}

/** Stores the positions of switches of a site at once; refuses 400 when one names a switch of no such site. */
export function saveTopologyLayout(db: Db, site: { id: string; name: string }, positions: readonly GivenPosition[]): void {
  const ofSite = switchIdsOfSite(
    db,
    site.id,
    positions.map((position) => position.switchId),
  );
  const faults = positions
    .filter((position) => !ofSite.has(position.switchId))
    .map((position) => faultOf(position.field, 'switch_of_other_site', { site: site.name }));
  if (faults.length) throw formedRefusal('invalid', 'validation_failed.layout_other_site', {}, faults);
  inTransaction(db, () => {
    for (const { switchId, at } of positions) {
      if (at) setTopologyPosition(db, site.id, switchId, at.x, at.y);
      else clearTopologyPosition(db, site.id, switchId);
    }
  });
}
