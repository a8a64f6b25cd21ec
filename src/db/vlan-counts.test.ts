import { beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations } from './migrate.ts';
import { inTransaction, openDatabase, type Db } from './open.ts';
import { withDerivedDataRebuiltAfter } from './search-index.ts';
import { planOf, statementsOf } from './test-plans.ts';
import { insertTestRow, MIGRATIONS, migrationsUpTo } from './test-rows.ts';
import { listVlansJson } from './vlans.ts';

// vlan_counts (migration 0019) holds, for each VLAN a port carries, the sum and the number of its vlan_switch_ports rows.

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
});

const kept = () => db.prepare('SELECT vlan_id, ports, switches FROM vlan_counts ORDER BY vlan_id').all();
const summed = () =>
  db.prepare('SELECT vlan_id, sum(ports) AS ports, count(*) AS switches FROM vlan_switch_ports GROUP BY vlan_id ORDER BY vlan_id').all();

/** A site with two switches and three VLANs. */
function inventory() {
  const siteId = insertTestRow(db, 'sites', { name: 'HQ' });
  const switches = ['core-1', 'acc-1'].map((name) => insertTestRow(db, 'switches', { site_id: siteId, name }));
  const vlans = [10, 20, 30].map((vid) => insertTestRow(db, 'vlans', { site_id: siteId, vid, name: `v${vid}` }));
  return { switches, vlans };
}

const tag = (portId: string, vlanId: string) =>
  db.prepare('INSERT INTO port_tagged_vlans (port_id, vlan_id) VALUES (?, ?)').run(portId, vlanId);

describe('the VLAN counts', () => {
  it('follow every write to ports and their tagged VLANs: the sum and number of the per-switch counts', () => {
    const { switches, vlans } = inventory();
    const [users, voice, mgmt] = vlans;
    const port = (i: number, switchId: string, untagged: string | null) =>
      insertTestRow(db, 'ports', { switch_id: switchId, name: `Gi1/0/${i}`, position: i, untagged_vlan_id: untagged });
    const ports = [port(1, switches[0], users), port(2, switches[0], users), port(3, switches[1], users), port(4, switches[1], null)];
    tag(ports[0], voice);
    tag(ports[0], users);
    tag(ports[3], voice);
    tag(ports[3], mgmt);
    expect(kept()).toEqual(summed());
    expect(kept().find((row) => row.vlan_id === users)).toEqual({ vlan_id: users, ports: 3, switches: 2 });
    const steps = [
      () => db.prepare('UPDATE ports SET untagged_vlan_id = ? WHERE id = ?').run(mgmt, ports[1]),
      () => db.prepare('UPDATE ports SET switch_id = ? WHERE id = ?').run(switches[1], ports[0]),
      () => db.prepare('DELETE FROM port_tagged_vlans WHERE port_id = ? AND vlan_id = ?').run(ports[3], voice),
      () => db.prepare('UPDATE ports SET untagged_vlan_id = NULL WHERE id = ?').run(ports[2]),
      () => db.prepare('DELETE FROM port_tagged_vlans WHERE port_id = ?').run(ports[0]),
      () => db.prepare('DELETE FROM ports WHERE id = ?').run(ports[0]),
      () => db.prepare('DELETE FROM port_tagged_vlans').run(),
      () => db.prepare('DELETE FROM ports').run(),
    ];
    for (const step of steps) {
      step();
      expect(kept()).toEqual(summed());
    }
    expect(kept()).toEqual([]);
  });

  it('are counted again at the end of a bulk load, which the triggers leave alone', () => {
    const { switches, vlans } = inventory();
    inTransaction(db, () =>
      withDerivedDataRebuiltAfter(db, () => {
        const portId = insertTestRow(db, 'ports', { switch_id: switches[0], name: 'Gi1/0/1', position: 1, untagged_vlan_id: vlans[0] });
        tag(portId, vlans[1]);
        expect(kept()).toEqual([]);
      }),
    );
    expect(kept()).toHaveLength(2);
    expect(kept()).toEqual(summed());
  });

  it('are filled for the ports of a database made before them', () => {
    db = openDatabase(':memory:');
    applyMigrations(db, migrationsUpTo(17));
    const { switches, vlans } = inventory();
    insertTestRow(db, 'ports', { switch_id: switches[1], name: 'Gi1/0/1', position: 1, untagged_vlan_id: vlans[2] });
    applyMigrations(db, MIGRATIONS);
    expect(kept()).toEqual([{ vlan_id: vlans[2], ports: 1, switches: 1 }]);
  });

  it("are what a page of VLANs reads, one row per VLAN by its key, and no VLAN's rows of each switch", () => {
    const { switches, vlans } = inventory();
    insertTestRow(db, 'ports', { switch_id: switches[0], name: 'Gi1/0/1', position: 1, untagged_vlan_id: vlans[0] });
    let page = '';
    const ran = statementsOf(() => (page = listVlansJson(db, { limit: 500, offset: 0, sort: undefined, q: undefined }, {}).items));
    expect(JSON.parse(page).map((vlan: { portCount: number; switchCount: number }) => [vlan.portCount, vlan.switchCount])).toEqual([
      [1, 1],
      [0, 0],
      [0, 0],
    ]);
    expect(ran.filter(([sql]) => sql.includes('vlan_switch_ports'))).toEqual([]);
    const counting = ran.filter(([sql]) => sql.includes('vlan_counts'));
    expect(counting).toHaveLength(1);
    expect(planOf(db, ...counting[0])).toContain('SEARCH c USING PRIMARY KEY (vlan_id=?)');
  });
});
