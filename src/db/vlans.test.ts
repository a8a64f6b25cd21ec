import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations } from './migrate.ts';
import { openDatabase, type Db } from './open.ts';
import { insertTestRow } from './test-rows.ts';
import { getVlan, listVlansJson, portsCarryingVlan } from './vlans.ts';

// A VLAN's portCount and switchCount come from the per-switch counts that migration 0011's triggers keep; here
// ports and their tagged VLANs are written behind the API's back, in every way a writer may, and the counts must
// stay what counting the ports themselves gives.

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');

let db: Db;
let vlans: string[];
let switches: string[];

beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
  const site = insertTestRow(db, 'sites', { name: 'Main' });
  vlans = [10, 20, 30].map((vid) => insertTestRow(db, 'vlans', { site_id: site, vid, name: `v${vid}` }));
  switches = ['a', 'b', 'c'].map((name) => insertTestRow(db, 'switches', { site_id: site, name }));
});

function addPort(switchIndex: number, name: string, untagged?: number, tagged: number[] = []): string {
  const id = insertTestRow(db, 'ports', {
    switch_id: switches[switchIndex],
    name,
    position: Number(name),
    untagged_vlan_id: untagged === undefined ? null : vlans[untagged],
  });
  for (const vlan of tagged) tag(id, vlan);
  return id;
}

function tag(portId: string, vlan: number): void {
  db.prepare('INSERT INTO port_tagged_vlans (port_id, vlan_id) VALUES (?, ?)').run(portId, vlans[vlan]);
}

/** The counts as the ports give them: each port carrying the VLAN once, and the switches of those ports. */
function countedOverPorts(): { portCount: number; switchCount: number }[] {
  return vlans.map((id) => {
    const carriers = db
      .prepare(
        `SELECT DISTINCT p.id, p.switch_id FROM ports p
        WHERE p.untagged_vlan_id = ?1 OR EXISTS (SELECT 1 FROM port_tagged_vlans t WHERE t.port_id = p.id AND t.vlan_id = ?1)`,
      )
      .all(id) as { id: string; switch_id: string }[];
    return { portCount: carriers.length, switchCount: new Set(carriers.map((row) => row.switch_id)).size };
  });
}

function countsRead(): { portCount: number; switchCount: number }[] {
  return vlans.map((id) => {
    const row = getVlan(db, id)!;
    return { portCount: row.port_count, switchCount: row.switch_count };
  });
}

function expectCountsOfPorts(): void {
  expect(countsRead()).toEqual(countedOverPorts());
}

describe("a VLAN's port and switch counts", () => {
  it('count a port that carries the VLAN untagged and tagged once, and each switch once', () => {
    addPort(0, '1', 0, [0, 1]);
    addPort(0, '2', 0, [1]);
    addPort(1, '1', 1, [0]);
    expect(countsRead()).toEqual([
      { portCount: 3, switchCount: 2 },
      { portCount: 3, switchCount: 2 },
      { portCount: 0, switchCount: 0 },
    ]);
    expectCountsOfPorts();
  });

  it('follow changes of the untagged VLAN, to one the port also tags and back', () => {
    const port = addPort(0, '1', 0, [1, 2]);
    addPort(0, '2', 1);
    for (const untagged of [1, 2, null, 0, 2]) {
      db.prepare('UPDATE ports SET untagged_vlan_id = ? WHERE id = ?').run(untagged === null ? null : vlans[untagged], port);
      expectCountsOfPorts();
    }
  });

  it('follow tagged VLANs added and removed, and a tagged row rewritten in place', () => {
    const port = addPort(0, '1', 0);
    addPort(1, '1', undefined, [1]);
    tag(port, 1);
    tag(port, 0);
    expectCountsOfPorts();
    db.prepare('DELETE FROM port_tagged_vlans WHERE port_id = ? AND vlan_id = ?').run(port, vlans[1]);
    expectCountsOfPorts();
    db.prepare('UPDATE port_tagged_vlans SET vlan_id = ? WHERE port_id = ? AND vlan_id = ?').run(vlans[2], port, vlans[0]);
    expectCountsOfPorts();
  });

  it('move with a port to another switch, with its untagged VLAN changed in the same write or not', () => {
    const port = addPort(0, '1', 0, [1, 2]);
    addPort(0, '2', undefined, [1]);
    db.prepare('UPDATE ports SET switch_id = ? WHERE id = ?').run(switches[1], port);
    expectCountsOfPorts();
    db.prepare('UPDATE ports SET switch_id = ?, untagged_vlan_id = ? WHERE id = ?').run(switches[2], vlans[1], port);
    expectCountsOfPorts();
  });

  it('drop a deleted port, whether its tagged rows go before it or after it', () => {
    const first = addPort(0, '1', 0, [1, 2]);
    const second = addPort(0, '2', 1, [0, 2]);
    addPort(1, '1', 2, [0]);
    db.prepare('DELETE FROM port_tagged_vlans WHERE port_id = ?').run(first);
    db.prepare('DELETE FROM ports WHERE id = ?').run(first);
    expectCountsOfPorts();
    db.exec('PRAGMA foreign_keys = OFF');
    db.prepare('DELETE FROM ports WHERE id = ?').run(second);
    expectCountsOfPorts();
    db.prepare('DELETE FROM port_tagged_vlans WHERE port_id = ?').run(second);
    expectCountsOfPorts();
  });

  it("count a port's tagged rows written before the port itself", () => {
    db.exec('PRAGMA foreign_keys = OFF');
    const id = '00000000-0000-4000-8000-000000000001';
    db.prepare('INSERT INTO port_tagged_vlans (port_id, vlan_id) VALUES (?, ?), (?, ?)').run(id, vlans[0], id, vlans[1]);
    insertTestRow(db, 'ports', { id, switch_id: switches[0], name: '1', position: 1, untagged_vlan_id: vlans[1] });
    expectCountsOfPorts();
  });

  it('are the same in the list page and in the VLAN ports total', () => {
    addPort(0, '1', 0, [1]);
    addPort(1, '1', undefined, [0, 1]);
    addPort(1, '2', 0, [0]);
    const list = { limit: 10, offset: 0, sort: { field: 'portCount', descending: true }, q: undefined };
    const items = JSON.parse(listVlansJson(db, list, {}).items) as { id: string; portCount: number; switchCount: number }[];
    expect(items.map((item) => [item.id, item.portCount, item.switchCount])).toEqual([
      [vlans[0], 3, 2],
      [vlans[1], 2, 2],
      [vlans[2], 0, 0],
    ]);
    expect(portsCarryingVlan(db, vlans[0], 100, 0).total).toBe(3);
  });
});
