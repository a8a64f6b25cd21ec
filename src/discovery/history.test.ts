import { describe, expect, it } from 'vitest';
import { listSightings, recordSightings } from '../db/history.ts';
import { applyMigrations } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { insertTestRow, MIGRATIONS } from '../db/test-rows.ts';
import { pruneOldHistory } from './history.ts';

describe('retention of the history', () => {
  it('deletes every sighting older than HISTORY_DAYS, in batches, and keeps the newer ones', async () => {
    const db = openDatabase(':memory:');
    applyMigrations(db, MIGRATIONS);
    const siteId = insertTestRow(db, 'sites', { name: 'HQ' });
    const switchId = insertTestRow(db, 'switches', { site_id: siteId, name: 'acc-1' });
    const portId = insertTestRow(db, 'ports', { switch_id: switchId, name: '1', position: 1 });
    const now = Date.UTC(2026, 10, 30);
    const seen = (days: number, count: number) =>
      recordSightings(
        db,
        { switchId, switchName: 'acc-1', at: new Date(now - days * 86_400_000).toISOString(), previousAt: null },
        Array.from({ length: count }, (_, i) => ({
          mac: `02:00:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
          vlan: 1,
          portId,
          portName: '1',
        })),
      );
    seen(500, 2500);
    seen(10, 3);
    expect(await pruneOldHistory(db, 400, now)).toBe(2500);
    expect(listSightings(db, { portId }, 10, 0).total).toBe(3);
  });
});
