// The latest discovery of each switch is read through the index discoveries_switch: checks of all sites start from
// the switches that have a discovery (nothing to read where there is none), one site's from its switches.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { latestDiscoveries, latestDiscoveryId } from './drift.ts';
import { applyMigrations } from './migrate.ts';
import { openDatabase, type Db } from './open.ts';
import { planOf, statementsOf } from './test-plans.ts';
import { insertTestRow, MIGRATIONS } from './test-rows.ts';

function databaseWithDiscoveries(): { db: Db; site: string; sw: string; latest: string } {
  const db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
  const site = insertTestRow(db, 'sites', { name: 'HQ' });
  const sw = insertTestRow(db, 'switches', { site_id: site, name: 'acc-1' });
  insertTestRow(db, 'switches', { site_id: site, name: 'never-read' });
  const discovery = (at: string) => {
    const id = randomUUID();
    db.prepare(
      `INSERT INTO discoveries (id, site_id, switch_id, for_new_switch, host, observed_at, system, proposal, observed)
      VALUES (?, ?, ?, 0, '10.0.0.21', ?, '{}', '[]', '{}')`,
    ).run(id, site, sw, at);
    return id;
  };
  discovery('2026-01-01T00:00:00.000Z');
  const latest = discovery('2026-01-02T00:00:00.000Z');
  discovery('2025-12-31T00:00:00.000Z');
  return { db, site, sw, latest };
}

describe('the latest discovery of each switch', () => {
  const { db, site, sw, latest } = databaseWithDiscoveries();

  it('is the newest one, of every site and of one, only for switches that have one', () => {
    expect(latestDiscoveries(db, null).map((row) => [row.switch_name, row.id])).toEqual([['acc-1', latest]]);
    expect(latestDiscoveries(db, site).map((row) => row.id)).toEqual([latest]);
    expect(latestDiscoveryId(db, sw)).toBe(latest);
  });

  it('is read through discoveries_switch, never by a scan of the discoveries', () => {
    const ran = statementsOf(() => {
      latestDiscoveries(db, null);
      latestDiscoveries(db, site);
      latestDiscoveryId(db, sw);
    });
    expect(ran).toHaveLength(3);
    for (const [sql, args] of ran) {
      const plan = planOf(db, sql, args).join('\n');
      expect(plan).toContain('discoveries_switch');
      expect(plan).not.toMatch(/SCAN discoveries/);
    }
  });
});
