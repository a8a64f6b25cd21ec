import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordChange, type Actor } from './change.ts';
import { undoEntry } from '../domain/undo.ts';
import { deleteInventoryAndActivity } from './images.ts';
import { SEARCH_COUNT_LIMIT, type JsonPage, type ListParams } from './list-query.ts';
import { applyMigrations } from './migrate.ts';
import { inTransaction, openDatabase, type Db } from './open.ts';
import { listPortsJson } from './ports.ts';
import { search } from './read/search.ts';
import { SEARCH_INDEXES, countVlanSwitchPorts, withDerivedDataRebuiltAfter } from './search-index.ts';
import { listSitesJson } from './sites.ts';
import { listSwitchesJson } from './switches.ts';
import { insertTestRow, MIGRATIONS, migrationsUpTo } from './test-rows.ts';

const ACTOR: Actor = { id: randomUUID(), username: 'tester' };

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
});

const found = (q: string) => search(db, q, 50).map((hit) => `${hit.type}:${hit.name}:${hit.match}`);

const LISTS = {
  sites: (list: ListParams) => listSitesJson(db, list),
  switches: (list: ListParams) => listSwitchesJson(db, list, {}),
  ports: (list: ListParams) => listPortsJson(db, list, {}),
} satisfies Record<string, (list: ListParams) => JsonPage>;

/** A list's first page for q (the ids on it) and its total. */
const page = (kind: keyof typeof LISTS, q: string | undefined): { ids: string[]; total: number } => {
  const { items, total } = LISTS[kind]({ limit: 100, offset: 0, sort: undefined, q });
  return { ids: (JSON.parse(items) as { id: string }[]).map((item) => item.id), total };
};

/** What the index holds, table by table: the rowids each FTS table finds for every trigram of `probe`. */
function indexState(probe: string): Record<string, number[]> {
  const state: Record<string, number[]> = {};
  for (const index of Object.keys(SEARCH_INDEXES)) {
    state[index] = (
      db.prepare(`SELECT rowid FROM ${index} WHERE ${index} MATCH ? ORDER BY rowid`).all(`"${probe}"`) as { rowid: number }[]
    ).map((row) => row.rowid);
  }
  return state;
}

function createSite(name: string, notes: string | null = null): { id: string; entryId: string } {
  const id = randomUUID();
  const { entry } = recordChange(db, ACTOR, (c) => {
    c.touch('site', id);
    db.prepare('INSERT INTO sites (id, name, notes, version, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)').run(
      id,
      name,
      notes,
      c.now,
      c.now,
    );
    return {
      activity: { action: 'create', entityType: 'site', entityId: id, entityName: name, siteId: id, summary: 'Created' },
      result: id,
    };
  });
  return { id, entryId: entry.id };
}

function renameSite(id: string, name: string): string {
  return recordChange(db, ACTOR, (c) => {
    c.touch('site', id);
    db.prepare('UPDATE sites SET name = ?, version = version + 1, updated_at = ? WHERE id = ?').run(name, c.now, id);
    return {
      activity: { action: 'update', entityType: 'site', entityId: id, entityName: name, siteId: id, summary: 'Renamed' },
      result: null,
    };
  }).entry.id;
}

function deleteSite(id: string): string {
  return recordChange(db, ACTOR, (c) => {
    c.touch('site', id);
    db.prepare('DELETE FROM sites WHERE id = ?').run(id);
    return {
      activity: { action: 'delete', entityType: 'site', entityId: id, entityName: 'x', siteId: id, summary: 'Deleted' },
      result: null,
    };
  }).entry.id;
}

describe('the search index', () => {
  it('follows a create, an update and a delete in their own transactions', () => {
    const site = createSite('Lagerhalle Nord');
    expect(found('halle')).toEqual(['site:Lagerhalle Nord:name']);
    expect(page('sites', 'HALLE').total).toBe(1);
    renameSite(site.id, 'Werkstatt Süd');
    expect(found('halle')).toEqual([]);
    expect(found('statt')).toEqual(['site:Werkstatt Süd:name']);
    deleteSite(site.id);
    expect(found('statt')).toEqual([]);
    expect(page('sites', 'statt')).toEqual({ ids: [], total: 0 });
    expect(page('sites', undefined).total).toBe(0);
  });

  it('follows an undo of a create, of an update and of a delete', () => {
    const site = createSite('Lagerhalle Nord');
    const rename = renameSite(site.id, 'Werkstatt Süd');
    undoEntry(db, ACTOR, rename);
    expect(found('halle')).toEqual(['site:Lagerhalle Nord:name']);
    expect(found('statt')).toEqual([]);
    const removal = deleteSite(site.id);
    expect(found('halle')).toEqual([]);
    undoEntry(db, ACTOR, removal);
    expect(found('halle')).toEqual(['site:Lagerhalle Nord:name']);
    expect(page('sites', undefined).total).toBe(1);
    undoEntry(db, ACTOR, site.entryId);
    expect(found('halle')).toEqual([]);
    expect(page('sites', undefined).total).toBe(0);
  });

  it('is rolled back with the change that failed', () => {
    expect(() =>
      inTransaction(db, () => {
        insertTestRow(db, 'sites', { name: 'Lagerhalle Nord' });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(found('halle')).toEqual([]);
    expect(page('sites', undefined).total).toBe(0);
  });

  it('after a bulk load that left it alone row by row, holds what keeping it row by row holds', () => {
    const siteId = insertTestRow(db, 'sites', { name: 'HQ' });
    const switchId = insertTestRow(db, 'switches', {
      site_id: siteId,
      name: 'core-1',
      mac_address: 'aa:bb:cc:dd:ee:ff',
      tags: '["Rack-7"]',
    });
    for (let i = 1; i <= 5; i++)
      insertTestRow(db, 'ports', { switch_id: switchId, name: `Gi1/0/${i}`, position: i, description: `Port ${i}` });
    const kept = [indexState('ort'), indexState('aabb'), indexState('rack'), indexState('core')];
    const counts = db.prepare('SELECT tbl, n FROM row_counts ORDER BY tbl').all();
    // What a restore does: everything deleted and written again, the triggers idle meanwhile.
    inTransaction(db, () =>
      withDerivedDataRebuiltAfter(db, () => {
        const rows = ['sites', 'switches', 'ports'].map((table) => db.prepare(`SELECT rowid, * FROM ${table}`).all());
        deleteInventoryAndActivity(db);
        expect(indexState('ort').ports_description_search).toEqual(kept[0].ports_description_search);
        ['sites', 'switches', 'ports'].forEach((table, i) => {
          for (const row of rows[i] as Record<string, string | number | null>[]) {
            db.prepare(
              `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
                .map(() => '?')
                .join(', ')})`,
            ).run(...Object.values(row));
          }
        });
      }),
    );
    expect([indexState('ort'), indexState('aabb'), indexState('rack'), indexState('core')]).toEqual(kept);
    expect(db.prepare('SELECT tbl, n FROM row_counts ORDER BY tbl').all()).toEqual(counts);
    // The triggers keep it again afterwards.
    insertTestRow(db, 'ports', { switch_id: switchId, name: 'Gi1/0/6', position: 6, description: 'Port 6' });
    expect(page('ports', 'port 6').total).toBe(1);
    expect(page('ports', undefined).total).toBe(6);
  });

  it('after a bulk load, counts the ports of each switch that carry each VLAN as the triggers count them', () => {
    const siteId = insertTestRow(db, 'sites', { name: 'HQ' });
    const switchId = insertTestRow(db, 'switches', { site_id: siteId, name: 'core-1' });
    const [users, voice] = [10, 20].map((vid) => insertTestRow(db, 'vlans', { site_id: siteId, vid, name: `v${vid}` }));
    for (let i = 1; i <= 4; i++) {
      const portId = insertTestRow(db, 'ports', { switch_id: switchId, name: `Gi1/0/${i}`, position: i, untagged_vlan_id: users });
      // Port 1 also tags its own untagged VLAN: it counts once.
      if (i <= 2) db.prepare('INSERT INTO port_tagged_vlans (port_id, vlan_id) VALUES (?, ?)').run(portId, i === 1 ? users : voice);
    }
    const countsOf = () => db.prepare('SELECT vlan_id, switch_id, ports FROM vlan_switch_ports ORDER BY vlan_id').all();
    const kept = countsOf();
    expect(kept.map((row) => row.ports)).toEqual(users < voice ? [4, 1] : [1, 4]);
    const tables = ['sites', 'vlans', 'switches', 'ports', 'port_tagged_vlans'];
    inTransaction(db, () =>
      withDerivedDataRebuiltAfter(db, () => {
        const rows = tables.map((table) => db.prepare(`SELECT * FROM ${table}`).all());
        deleteInventoryAndActivity(db);
        // The triggers idle: the counts are those from before until the load's end counts again.
        expect(countsOf()).toEqual(kept);
        // Written back without the tag of VLAN 20: the load's end must count it gone.
        tables.forEach((table, i) => {
          for (const row of (rows[i] as Record<string, string | number | null>[]).filter(
            (row) => row.vlan_id !== voice || table !== 'port_tagged_vlans',
          ))
            db.prepare(
              `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
                .map(() => '?')
                .join(', ')})`,
            ).run(...Object.values(row));
        });
      }),
    );
    expect(countsOf()).toEqual(kept.filter((row) => row.vlan_id !== voice));
  });

  it('after a bulk load that counted its own ports, holds the VLAN counts SQL counts', () => {
    const siteId = insertTestRow(db, 'sites', { name: 'HQ' });
    const switches = ['core-1', 'core-2'].map((name) => insertTestRow(db, 'switches', { site_id: siteId, name }));
    const [users, voice, mgmt] = [10, 20, 30].map((vid) => insertTestRow(db, 'vlans', { site_id: siteId, vid, name: `v${vid}` }));
    // Untagged only, tagged only, its own untagged VLAN tagged too (counts once), no VLAN, on two switches.
    const ports = [
      { switchId: switches[0], untaggedVlanId: users, taggedVlanIds: [] },
      { switchId: switches[0], untaggedVlanId: null, taggedVlanIds: [voice, mgmt] },
      { switchId: switches[0], untaggedVlanId: users, taggedVlanIds: [users, voice] },
      { switchId: switches[1], untaggedVlanId: null, taggedVlanIds: [] },
      { switchId: switches[1], untaggedVlanId: mgmt, taggedVlanIds: [voice] },
    ];
    const countsOf = () => db.prepare('SELECT vlan_id, switch_id, ports FROM vlan_switch_ports ORDER BY vlan_id, switch_id').all();
    const load = (counted?: ReturnType<typeof countVlanSwitchPorts>) =>
      inTransaction(db, () =>
        withDerivedDataRebuiltAfter(
          db,
          () => {
            db.exec('DELETE FROM port_tagged_vlans; DELETE FROM ports');
            ports.forEach((port, i) => {
              const portId = insertTestRow(db, 'ports', {
                switch_id: port.switchId,
                name: `Gi1/0/${i}`,
                position: i,
                untagged_vlan_id: port.untaggedVlanId,
              });
              for (const vlanId of port.taggedVlanIds)
                db.prepare('INSERT INTO port_tagged_vlans (port_id, vlan_id) VALUES (?, ?)').run(portId, vlanId);
            });
          },
          counted,
        ),
      );
    load();
    const bySql = countsOf();
    expect(bySql).toHaveLength(5);
    load(countVlanSwitchPorts(ports));
    expect(countsOf()).toEqual(bySql);
  });

  it('keeps no pause when the bulk load fails', () => {
    expect(() =>
      inTransaction(db, () =>
        withDerivedDataRebuiltAfter(db, () => {
          throw new Error('bad file');
        }),
      ),
    ).toThrow('bad file');
    createSite('Lagerhalle Nord');
    expect(found('halle')).toEqual(['site:Lagerhalle Nord:name']);
    expect(page('sites', undefined).total).toBe(1);
  });

  it('is filled for the records of a database made before it', () => {
    db = openDatabase(':memory:');
    applyMigrations(db, migrationsUpTo(9));
    const siteId = insertTestRow(db, 'sites', { name: 'HQ' });
    const switchId = insertTestRow(db, 'switches', { site_id: siteId, name: 'core-1' });
    insertTestRow(db, 'ports', { switch_id: switchId, name: 'Gi1/0/1', position: 1, description: 'Uplink to the WAN' });
    applyMigrations(db, MIGRATIONS);
    expect(found('the wan')).toEqual(['port:core-1 / Gi1/0/1:description']);
    expect(page('ports', undefined).total).toBe(1);
    expect(page('switches', 'ORE-').total).toBe(1);
  });
});

describe('search and list filters by the index', () => {
  const LIKE_TEXTS = ['Port 4', 'port 40', 'PORT 4x', 'Ärger port 4', 'sport 41', 'Straße', 'STRASSE', '100% sure', '1_0', 'a"b', null];

  beforeEach(() => {
    const siteId = insertTestRow(db, 'sites', { name: 'HQ' });
    const switchId = insertTestRow(db, 'switches', { site_id: siteId, name: 'sw-1' });
    LIKE_TEXTS.forEach((description, i) =>
      insertTestRow(db, 'ports', {
        switch_id: switchId,
        name: `${i + 1}`,
        position: i + 1,
        description,
        connected_device: i === 3 ? 'Port 4 phone' : null,
      }),
    );
  });

  it('finds with q of three characters or more exactly the rows LIKE finds, whatever the case', () => {
    for (const q of ['port 4', 'PORT 4', 'ort', 'ärger', 'ÄRGER', 'straße', 'trasse', '00%', '1_0', 'a"b', 'x"']) {
      const expected = (
        db
          .prepare(
            "SELECT id FROM ports p WHERE description LIKE ? ESCAPE '\\' OR connected_device LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' " +
              'ORDER BY switch_id, position',
          )
          .all(...Array(3).fill(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) as { id: string }[]
      ).map((row) => row.id);
      const { ids, total } = page('ports', q);
      expect({ q, ids: [...ids].sort(), total }).toEqual({ q, ids: [...expected].sort(), total: expected.length });
    }
  });

  it('counts a common q once per row, whether one index finds it, the other or both', () => {
    const switchId = insertTestRow(db, 'switches', { site_id: insertTestRow(db, 'sites', { name: 'Big' }), name: 'big-sw' });
    const rows = Array.from({ length: 2100 }, (_, n) => ({
      description: n % 3 === 0 ? `Desk ${n}` : `Common ${n}`,
      device: n % 3 === 0 || n % 5 === 0 ? 'Common phone' : null,
    }));
    rows.forEach(({ description, device }, n) =>
      insertTestRow(db, 'ports', { switch_id: switchId, name: `p${n}`, position: n + 1, description, connected_device: device }),
    );
    const holding = (q: string) => rows.filter((row) => `${row.description}\n${row.device}`.toLowerCase().includes(q)).length;
    // Past FEW_MATCHES: the total is counted in the indexes and the page walks the list with LIKE.
    for (const q of ['common', 'common phone', 'common 1', 'desk'])
      expect({ q, total: page('ports', q).total }).toEqual({ q, total: holding(q) });
    expect(holding('common')).toBe(2100);
    expect(page('ports', 'common').ids).toHaveLength(100);
  });

  it('counts a q that matches more than 10,000 rows only that far: total 10,000 and totalExact false', () => {
    const switchId = insertTestRow(db, 'switches', { site_id: insertTestRow(db, 'sites', { name: 'Huge' }), name: 'huge-sw' });
    inTransaction(db, () => {
      for (let n = 0; n < SEARCH_COUNT_LIMIT + 50; n++)
        insertTestRow(db, 'ports', {
          switch_id: switchId,
          name: `h${n}`,
          position: n + 1,
          description: `Hallway ${n % 2 ? 'odd' : 'even'}`,
        });
    });
    const list = { limit: 100, offset: 0, sort: undefined, q: undefined };
    const common = listPortsJson(db, { ...list, q: 'hallway' }, {});
    expect({ total: common.total, totalExact: common.totalExact }).toEqual({ total: SEARCH_COUNT_LIMIT, totalExact: false });
    expect(JSON.parse(common.items)).toHaveLength(100);
    const half = listPortsJson(db, { ...list, q: 'hallway odd' }, {});
    expect({ total: half.total, totalExact: half.totalExact }).toEqual({ total: (SEARCH_COUNT_LIMIT + 50) / 2, totalExact: true });
    expect(listPortsJson(db, list, {})).toMatchObject({ totalExact: true });
  });

  it('finds with a q shorter than three characters every row that holds it, by scanning', () => {
    expect(page('ports', 'ß').total).toBe(1);
    expect(page('ports', '4x').total).toBe(1);
    expect(found('4x')).toEqual(['port:sw-1 / 3:description']);
    expect(found('% ')).toEqual(['port:sw-1 / 8:description']);
  });

  it("keeps a list's other filters beside q: a site's ports that hold it, not every port", () => {
    const [here, there] = ['Kiosk site', 'Depot site'].map((name) => insertTestRow(db, 'sites', { name }));
    for (const [site, name] of [
      [here, 'kiosk-sw'],
      [there, 'depot-sw'],
    ]) {
      const switchId = insertTestRow(db, 'switches', { site_id: site, name });
      for (let i = 1; i <= 3; i++)
        insertTestRow(db, 'ports', { switch_id: switchId, name: `${i}`, position: i, description: `Kiosk ${i}` });
    }
    const list = { limit: 100, offset: 0, sort: undefined, q: 'kiosk' };
    expect(listPortsJson(db, list, {}).total).toBe(6);
    expect(listPortsJson(db, list, { siteId: here }).total).toBe(3);
    expect(JSON.parse(listPortsJson(db, list, { siteId: here }).items)).toHaveLength(3);
  });

  it('answers a q with a NUL character by scanning, where the index query would end at it', () => {
    for (const q of ['ab\u0000cd', '\u0000\u0000\u0000', 'ort\u0000']) {
      expect(() => search(db, q, 5)).not.toThrow();
      expect(() => page('ports', q)).not.toThrow();
    }
  });

  it('ranks the same way with an index lookup and with a scan', () => {
    expect(found('port 4')).toEqual([
      'port:sw-1 / 1:description',
      'port:sw-1 / 2:description',
      'port:sw-1 / 3:description',
      'port:sw-1 / 4:connectedDevice',
      'port:sw-1 / 5:description',
    ]);
  });
});

describe('search among many matching ports', () => {
  it('picks the best of them in the order of their names, as sorting them all would', () => {
    const siteId = insertTestRow(db, 'sites', { name: 'HQ' });
    const names = ['sw-10', 'SW-2', 'sw-1', 'acc-9', 'sw-1a', 'Édge'];
    const ports: { name: string; description: string }[] = [];
    for (const switchName of names) {
      const switchId = insertTestRow(db, 'switches', { site_id: siteId, name: switchName });
      for (let i = 1; i <= 48; i++) {
        const description = i % 7 === 0 ? 'port 17' : i % 5 === 0 ? `Port 17${i}` : `uplink port ${i}`;
        insertTestRow(db, 'ports', { switch_id: switchId, name: `${i}`, position: i, description });
        ports.push({ name: `${switchName} / ${i}`, description });
      }
    }
    const rankOf = (text: string, q: string) =>
      text.toLowerCase() === q ? 0 : text.toLowerCase().startsWith(q) ? 2 : text.toLowerCase().includes(q) ? 3 : undefined;
    for (const q of ['port 17', 'ort 1', 'link port', 'uplink', 'uplink port 1']) {
      // What the query answered when it sorted every match: the first 20 by rank, then name as SQLite sorts text.
      const expected = ports
        .filter((port) => rankOf(port.description, q) !== undefined)
        .sort((a, b) => rankOf(a.description, q)! - rankOf(b.description, q)! || Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)))
        .slice(0, 20)
        .map((port) => port.name)
        .sort();
      expect({
        q,
        names: search(db, q, 20)
          .map((hit) => hit.name)
          .sort(),
      }).toEqual({ q, names: expected });
    }
  });
});
