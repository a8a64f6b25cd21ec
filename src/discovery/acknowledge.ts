// Acknowledged drift (docs/DISCOVERY.md, "Drift"): an editor keeps a drift finding out of GET /api/checks, until a
// time or until its difference changes. An acknowledgement is configuration: each is made and removed with an
// activity entry about its switch.
import { recordChange, type Actor } from '../db/change.ts';
import { deleteAcknowledgement, getAcknowledgement, putAcknowledgement, type AcknowledgementRow } from '../db/drift.ts';
import type { Db } from '../db/open.ts';
import { getSwitch, type SwitchRow } from '../db/switches.ts';
import { Refusal } from '../errors/refusal.ts';
import { currentDrift, differenceOf, driftKey } from './drift.ts';

/** What an acknowledgement asks: the finding's key, why, and until when (ISO time; null: until the difference changes). */
export interface Acknowledging {
  key: string;
  note: string;
  until: string | null;
}

/** Acknowledges the drift finding of `key` as it is now; refuses as not_found a key that names no finding now. */
export function acknowledgeDrift(db: Db, actor: Actor, wanted: Acknowledging): AcknowledgementRow {
  return recordChange(db, actor, (change) => {
    const { sw, difference } = findingOf(change.db, wanted.key);
    const row: AcknowledgementRow = {
      key: wanted.key,
      switch_id: sw.id,
      difference,
      note: wanted.note,
      until: wanted.until,
      created_at: change.now,
      created_by: actor.id,
    };
    putAcknowledgement(change.db, row);
    const until = wanted.until ? ` until ${wanted.until}` : '';
    return {
      activity: {
        ...aboutSwitch(sw),
        summary: `Acknowledged drift ${proposalKeyOf(wanted.key)} of switch ${sw.name}${until}: ${wanted.note}`,
        changes: { acknowledgement: [null, { key: wanted.key, note: wanted.note, until: wanted.until }] },
        undoable: false,
      },
      result: row,
    };
  }).result;
}

/** Removes an acknowledgement; refuses as not_found one that is not there. */
export function removeAcknowledgement(db: Db, actor: Actor, key: string): void {
  recordChange(db, actor, (change) => {
    const row = getAcknowledgement(change.db, key);
    const sw = row && getSwitch(change.db, row.switch_id);
    if (!row || !sw) throw new Refusal('not_found', 'not_found', 'No acknowledgement has this key.');
    deleteAcknowledgement(change.db, key);
    return {
      activity: {
        ...aboutSwitch(sw),
        summary: `Removed the acknowledgement of drift ${proposalKeyOf(key)} of switch ${sw.name}`,
        changes: { acknowledgement: [{ key, note: row.note, until: row.until }, null] },
        undoable: false,
      },
      result: key,
    };
  });
}

const aboutSwitch = (sw: SwitchRow) =>
  ({ action: 'update', entityType: 'switch', entityId: sw.id, entityName: sw.name, siteId: sw.site_id }) as const;

const proposalKeyOf = (key: string) => key.split(':').slice(2).join(':');

function findingOf(db: Db, key: string): { sw: SwitchRow; difference: string } {
  const switchId = key.split(':')[1] ?? '';
  const sw = key.startsWith('drift:') ? getSwitch(db, switchId) : undefined;
  const drift = sw && currentDrift(db, sw.site_id).find((each) => each.discovery.switch_id === sw.id);
  const item = drift?.items.find((each) => driftKey(sw!.id, each.key) === key);
  if (!sw || !item)
    throw new Refusal('not_found', 'not_found', 'No drift finding has this key now.', [{ field: 'key', message: 'names no finding now' }]);
  return { sw, difference: differenceOf(item) };
}
