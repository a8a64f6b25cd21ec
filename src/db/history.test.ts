// The history of what discoveries saw, written and read straight in SQLite: a stay of a MAC is one row however often
// it is seen, a move starts a new one, a port's state changes are kept with its free-port clock, old history goes a
// batch at a time, and every statement of the history reads its tables through an index (a plan that scans fails).
import { beforeEach, describe, expect, it } from 'vitest';
import { search } from './read/search.ts';
import {
  listSightings,
  portStateChanges,
  pruneHistory,
  recordPortStates,
  recordSightings,
  siteFreePorts,
  switchFreePorts,
  type HistoryPoll,
  type SeenPort,
} from './history.ts';
import { applyMigrations } from './migrate.ts';
import { openDatabase, type Db } from './open.ts';
import { planOf, statementsOf } from './test-plans.ts';
import { insertTestRow, MIGRATIONS } from './test-rows.ts';

const MAC = '02:00:5e:33:44:55';
let db: Db;
const ids: Record<string, string> = {};

beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
  ids.site = insertTestRow(db, 'sites', { name: 'HQ' });
  ids.sw = insertTestRow(db, 'switches', { site_id: ids.site, name: 'acc-1' });
  ids.p1 = insertTestRow(db, 'ports', { switch_id: ids.sw, name: 'Gi1/0/1', position: 1 });
  ids.p2 = insertTestRow(db, 'ports', { switch_id: ids.sw, name: 'Gi1/0/2', position: 2 });
});

const day = (n: number) => new Date(Date.UTC(2026, 10, n)).toISOString();
const poll = (n: number, previous?: number): HistoryPoll => ({
  switchId: ids.sw,
  switchName: 'acc-1',
  at: day(n),
  previousAt: previous === undefined ? null : day(previous),
});
const onPort = (port: 'p1' | 'p2') => [{ mac: MAC, vlan: 10, portId: ids[port], portName: port === 'p1' ? 'Gi1/0/1' : 'Gi1/0/2' }];
const stays = () => listSightings(db, { mac: MAC }, 50, 0).rows.map((row) => [row.port_name, row.first_seen, row.last_seen]);
const port = (name: 'p1' | 'p2', operUp: 0 | 1, octets = 0): SeenPort => ({
  portId: ids[name],
  name,
  operUp,
  adminUp: 1,
  in: octets,
  out: 0,
});

describe('MAC sightings', () => {
  it('keep a MAC seen on the same port in consecutive discoveries as one stay', () => {
    for (const n of [1, 2, 3]) recordSightings(db, poll(n, n === 1 ? undefined : n - 1), onPort('p1'));
    expect(stays()).toEqual([['Gi1/0/1', day(1), day(3)]]);
  });

  it('start a new stay where the MAC moved, and again when it comes back, newest first', () => {
    recordSightings(db, poll(1), onPort('p1'));
    recordSightings(db, poll(2, 1), onPort('p2'));
    recordSightings(db, poll(3, 2), onPort('p1'));
    expect(stays()).toEqual([
      ['Gi1/0/1', day(3), day(3)],
      ['Gi1/0/2', day(2), day(2)],
      ['Gi1/0/1', day(1), day(1)],
    ]);
  });

  it('outlive the port they were seen on, with its name', () => {
    recordSightings(db, poll(1), onPort('p2'));
    db.prepare('DELETE FROM ports WHERE id = ?').run(ids.p2);
    expect(stays()).toEqual([['Gi1/0/2', day(1), day(1)]]);
  });

  it('answer search with the port a MAC or its IP was seen on before, from when to when', () => {
    db.prepare('INSERT INTO arp_entries (switch_id, ip, mac, seen_at) VALUES (?, ?, ?, ?)').run(ids.sw, '10.0.0.5', MAC, day(1));
    recordSightings(db, poll(1), onPort('p2'));
    for (const q of ['0200.5e33.4455', '10.0.0.5'])
      expect(search(db, q, 50)).toContainEqual(
        expect.objectContaining({
          id: ids.p2,
          name: 'acc-1 / Gi1/0/2',
          seenFrom: day(1),
          seenAt: day(1),
          match: expect.stringMatching(/^sighted/),
        }),
      );
  });
});

describe('port states', () => {
  it('record link changes and start the free-port clock when a port goes down', () => {
    recordPortStates(db, poll(1), [port('p1', 1), port('p2', 0)]);
    recordPortStates(db, poll(2, 1), [port('p1', 0), port('p2', 0)]);
    expect(portStateChanges(db, ids.p1, {}, 10)).toEqual([{ at: day(2), change: 'link_down' }]);
    expect(portStateChanges(db, ids.p1, { after: day(2) }, 10)).toEqual([]);
    expect(portStateChanges(db, ids.p1, { upTo: day(1) }, 10)).toEqual([]);
    const free = (cutoff: string) => switchFreePorts(db, ids.sw, cutoff).map((row) => [row.port_name, row.last_up_at]);
    expect(free(day(2))).toEqual([
      ['Gi1/0/1', day(1)],
      ['Gi1/0/2', null],
    ]);
    expect(free(day(1))).toEqual([['Gi1/0/2', null]]);
    expect(siteFreePorts(db, ids.site, day(2)).map((row) => row.switch_name)).toEqual(['acc-1', 'acc-1']);
  });

  it('note a port used when its counters grew', () => {
    recordPortStates(db, poll(1), [port('p1', 1, 100)]);
    recordPortStates(db, poll(2, 1), [port('p1', 1, 100)]);
    recordPortStates(db, poll(3, 2), [port('p1', 0, 500)]);
    recordPortStates(db, poll(4, 3), [port('p1', 0, 500)]);
    const row = db.prepare('SELECT last_up_at, last_used_at FROM port_observations WHERE port_id = ?').get(ids.p1);
    expect(row).toEqual({ last_up_at: day(2), last_used_at: day(3) });
  });
});

describe('retention', () => {
  it('deletes history older than the cutoff a batch at a time', () => {
    for (const n of [1, 2, 3]) recordSightings(db, poll(n), [{ ...onPort('p1')[0], vlan: n }]);
    expect(pruneHistory(db, day(3), 1)).toBe(1);
    expect(pruneHistory(db, day(3), 1)).toBe(1);
    expect(pruneHistory(db, day(3), 1)).toBe(0);
    expect(stays()).toEqual([['Gi1/0/1', day(3), day(3)]]);
  });
});

/** The lines of a statement's plan that read a whole table (json_each and subqueries' rows aside). */
const scans = (sql: string, args: unknown[]) =>
  planOf(db, sql, args).filter((detail) => /^SCAN /.test(detail) && !/VIRTUAL TABLE|^SCAN \(subquery|CONSTANT ROW|^SCAN j\b/.test(detail));

describe('the statements of the history', () => {
  it.each([
    [
      'writing a discovery',
      () => {
        recordSightings(db, poll(2, 1), onPort('p1'));
        recordPortStates(db, poll(2, 1), [port('p1', 1)]);
      },
    ],
    [
      'a timeline by MAC, IP, switch or port',
      () => ['mac', 'ip', 'switchId', 'portId'].forEach((k) => listSightings(db, { [k]: 'x', since: day(1) }, 9, 0)),
    ],
    ['a port timeline', () => portStateChanges(db, ids.p1, { after: day(1), upTo: day(3) }, 100)],
    [
      'the free ports of a switch and of a site',
      () => {
        switchFreePorts(db, ids.sw, day(1));
        siteFreePorts(db, ids.site, day(1));
      },
    ],
    ['retention', () => pruneHistory(db, day(1), 100)],
    [
      'search by MAC and by IP',
      () => {
        search(db, MAC, 50);
        search(db, '10.0.0.5', 50);
      },
    ],
  ])('%s: no statement scans a table', (_what, work) => {
    recordSightings(db, poll(1), onPort('p1'));
    recordPortStates(db, poll(1), [port('p1', 1)]);
    const ran = statementsOf(work as () => void, ['all', 'get', 'run']).filter(([sql]) =>
      /mac_sightings|port_state|port_observations/.test(sql),
    );
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.flatMap(([sql, args]) => scans(sql, args).map((scan) => `${scan} in ${sql.replace(/\s+/g, ' ').slice(0, 140)}`))).toEqual(
      [],
    );
  });
});
