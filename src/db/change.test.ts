import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Refusal } from '../errors/refusal.ts';
import { ipKey } from '../lib/ip-math.ts';
import { insertAddress, removeAddress, updateAddress, type AddressValues } from './addresses.ts';
import { getActivity, listActivity } from './activity.ts';
import { recordChange, type Actor, type Change } from './change.ts';
import { undoEntry } from '../domain/undo.ts';
import { RESOURCES, readImage, type Kind } from './images.ts';
import { applyMigrations } from './migrate.ts';
import { openDatabase, type Db } from './open.ts';
import { insertRange, removeRange, updateRange } from './ranges.ts';
import { removeVlan } from '../domain/vlans.ts';

const ACTOR: Actor = { id: randomUUID(), username: 'tester' };
const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
});

// Small writers in the shape the inventory handlers use: touch, then SQL, then describe the entry.

function createSite(name: string): { id: string; entryId: string } {
  const id = randomUUID();
  const { entry } = recordChange(db, ACTOR, (c) => {
    c.touch('site', id);
    db.prepare('INSERT INTO sites (id, name, version, created_at, updated_at) VALUES (?, ?, 1, ?, ?)').run(id, name, c.now, c.now);
    return {
      activity: { action: 'create', entityType: 'site', entityId: id, entityName: name, siteId: id, summary: `Created site ${name}` },
      result: id,
    };
  });
  return { id, entryId: entry.id };
}

function updateSite(id: string, values: { name?: string; notes?: string }): string {
  return recordChange(db, ACTOR, (c) => {
    c.touch('site', id);
    const row = db.prepare('SELECT name, notes FROM sites WHERE id = ?').get(id) as { name: string; notes: string | null };
    db.prepare('UPDATE sites SET name = ?, notes = ?, version = version + 1, updated_at = ? WHERE id = ?').run(
      values.name ?? row.name,
      values.notes ?? row.notes,
      c.now,
      id,
    );
    return {
      activity: {
        action: 'update',
        entityType: 'site',
        entityId: id,
        entityName: values.name ?? row.name,
        siteId: id,
        summary: 'Changed site',
      },
      result: null,
    };
  }).entry.id;
}

function createVlan(siteId: string, name: string, vid: number): { id: string; entryId: string } {
  const id = randomUUID();
  const color = `#0000${vid.toString(16).padStart(2, '0')}`;
  const { entry } = recordChange(db, ACTOR, (c) => {
    c.touch('vlan', id);
    db.prepare('INSERT INTO vlans (id, site_id, vid, name, color, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)').run(
      id,
      siteId,
      vid,
      name,
      color,
      c.now,
      c.now,
    );
    return {
      activity: { action: 'create', entityType: 'vlan', entityId: id, entityName: name, siteId, summary: `Created VLAN ${name}` },
      result: id,
    };
  });
  return { id, entryId: entry.id };
}

/** A network (10.0.<n>.0/24) of a site, in a VLAN or none. */
function createNetwork(siteId: string, name: string, n: number, vlanId: string | null): { id: string; entryId: string } {
  const id = randomUUID();
  const { entry } = recordChange(db, ACTOR, (c) => {
    c.touch('network', id);
    db.prepare(
      'INSERT INTO networks (id, site_id, vlan_id, name, subnet, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
    ).run(id, siteId, vlanId, name, `10.0.${n}.0/24`, c.now, c.now);
    return {
      activity: { action: 'create', entityType: 'network', entityId: id, entityName: name, siteId, summary: `Created network ${name}` },
      result: id,
    };
  });
  return { id, entryId: entry.id };
}

/** A switch and its ports named 1…n, in one entry. */
function createSwitch(siteId: string, name: string, ports: number): { id: string; portIds: string[]; entryId: string } {
  const id = randomUUID();
  const portIds = Array.from({ length: ports }, () => randomUUID());
  const { entry } = recordChange(db, ACTOR, (c) => {
    c.touch('switch', id);
    c.touch('port', portIds);
    db.prepare('INSERT INTO switches (id, site_id, name, mac_address, version, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)').run(
      id,
      siteId,
      name,
      null,
      c.now,
      c.now,
    );
    portIds.forEach((portId, i) =>
      db
        .prepare('INSERT INTO ports (id, switch_id, name, position, version, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)')
        .run(portId, id, String(i + 1), i + 1, c.now, c.now),
    );
    return {
      activity: { action: 'create', entityType: 'switch', entityId: id, entityName: name, siteId, summary: `Created switch ${name}` },
      result: id,
    };
  });
  return { id, portIds, entryId: entry.id };
}

/** Makes a port a trunk with a native and tagged VLANs. */
function setTrunk(portId: string, untagged: string, tagged: string[]): string {
  return recordChange(db, ACTOR, (c) => {
    c.touch('port', portId);
    db.prepare("UPDATE ports SET mode = 'trunk', untagged_vlan_id = ?, version = version + 1, updated_at = ? WHERE id = ?").run(
      untagged,
      c.now,
      portId,
    );
    db.prepare('DELETE FROM port_tagged_vlans WHERE port_id = ?').run(portId);
    for (const vlanId of tagged) db.prepare('INSERT INTO port_tagged_vlans (port_id, vlan_id) VALUES (?, ?)').run(portId, vlanId);
    return {
      activity: { action: 'update', entityType: 'port', entityId: portId, entityName: 'port', siteId: null, summary: 'Trunk' },
      result: null,
    };
  }).entry.id;
}

/** Links two ports both ways (neither may be linked yet). */
function link(a: string, b: string): string {
  return recordChange(db, ACTOR, (c) => {
    c.touch('port', [a, b]);
    const setLink = db.prepare('UPDATE ports SET linked_port_id = ?, version = version + 1, updated_at = ? WHERE id = ?');
    setLink.run(b, c.now, a);
    setLink.run(a, c.now, b);
    return {
      activity: { action: 'update', entityType: 'port', entityId: a, entityName: 'port', siteId: null, summary: 'Link' },
      result: null,
    };
  }).entry.id;
}

/** Makes a switch's configured VLANs exactly `vlanIds`. */
function configure(switchId: string, vlanIds: string[]): string {
  return recordChange(db, ACTOR, (c) => {
    c.touch('switch', switchId);
    db.prepare('DELETE FROM switch_configured_vlans WHERE switch_id = ?').run(switchId);
    for (const vlanId of vlanIds)
      db.prepare('INSERT INTO switch_configured_vlans (switch_id, vlan_id) VALUES (?, ?)').run(switchId, vlanId);
    db.prepare('UPDATE switches SET version = version + 1, updated_at = ? WHERE id = ?').run(c.now, switchId);
    return {
      activity: { action: 'update', entityType: 'switch', entityId: switchId, entityName: 'switch', siteId: null, summary: 'Configured' },
      result: null,
    };
  }).entry.id;
}

/** Deletes a site with everything in it, as `DELETE /api/sites/{id}?cascade=true` does; links from outside are cleared. */
function deleteSiteCascade(siteId: string): string {
  return recordChange(db, ACTOR, (c: Change) => {
    const ids = (sql: string, ...args: string[]) => (db.prepare(sql).all(...args) as { id: string }[]).map((row) => row.id);
    const vlans = ids('SELECT id FROM vlans WHERE site_id = ?', siteId);
    const networks = ids('SELECT id FROM networks WHERE site_id = ?', siteId);
    const switches = ids('SELECT id FROM switches WHERE site_id = ?', siteId);
    const ports = ids('SELECT p.id FROM ports p JOIN switches w ON w.id = p.switch_id WHERE w.site_id = ?', siteId);
    const outside = ids(
      `SELECT p.id FROM ports p JOIN switches w ON w.id = p.switch_id WHERE w.site_id <> ?
      AND p.linked_port_id IN (SELECT q.id FROM ports q JOIN switches v ON v.id = q.switch_id WHERE v.site_id = ?)`,
      siteId,
      siteId,
    );
    c.touch('site', siteId);
    c.touch('vlan', vlans);
    c.touch('network', networks);
    c.touch('switch', switches);
    c.touch('port', [...ports, ...outside]);
    for (const id of outside)
      db.prepare('UPDATE ports SET linked_port_id = NULL, version = version + 1, updated_at = ? WHERE id = ?').run(c.now, id);
    for (const id of ports) {
      db.prepare('DELETE FROM port_tagged_vlans WHERE port_id = ?').run(id);
      db.prepare('UPDATE ports SET linked_port_id = NULL WHERE id = ?').run(id);
    }
    for (const id of ports) db.prepare('DELETE FROM ports WHERE id = ?').run(id);
    for (const id of switches) db.prepare('DELETE FROM switch_configured_vlans WHERE switch_id = ?').run(id);
    for (const id of switches) db.prepare('DELETE FROM switches WHERE id = ?').run(id);
    for (const id of networks) db.prepare('DELETE FROM networks WHERE id = ?').run(id);
    for (const id of vlans) db.prepare('DELETE FROM vlans WHERE id = ?').run(id);
    db.prepare('DELETE FROM sites WHERE id = ?').run(siteId);
    return {
      activity: {
        action: 'delete',
        entityType: 'site',
        entityId: siteId,
        entityName: 'site',
        siteId,
        summary: 'Deleted site with everything in it',
      },
      result: null,
    };
  }).entry.id;
}

/** Everything stored about inventory, without versions and update times (which an undo raises). */
function snapshot(): Record<string, unknown[]> {
  const strip = (rows: Record<string, unknown>[]) => rows.map(({ version: _v, updated_at: _u, ...rest }) => ({ ...rest }));
  return {
    sites: strip(db.prepare('SELECT * FROM sites ORDER BY id').all()),
    vlans: strip(db.prepare('SELECT * FROM vlans ORDER BY id').all()),
    networks: strip(db.prepare('SELECT * FROM networks ORDER BY id').all()),
    switches: strip(db.prepare('SELECT * FROM switches ORDER BY id').all()),
    ports: strip(db.prepare('SELECT * FROM ports ORDER BY id').all()),
    tagged: db
      .prepare('SELECT * FROM port_tagged_vlans ORDER BY port_id, vlan_id')
      .all()
      .map((row) => ({ ...row })),
    configured: db
      .prepare('SELECT * FROM switch_configured_vlans ORDER BY switch_id, vlan_id')
      .all()
      .map((row) => ({ ...row })),
  };
}

function count(table: 'sites' | 'vlans' | 'networks' | 'switches' | 'ports' | 'activity'): number {
  return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/** The refusal an undo fails with (http/errors.ts answers a conflict with 409, not_found with 404). */
function undoFails(entryId: string): { kind: string; code: string; details?: unknown } {
  try {
    undoEntry(db, ACTOR, entryId);
  } catch (error) {
    if (error instanceof Refusal) return { kind: error.kind, code: error.code, details: error.details };
    throw error;
  }
  throw new Error('the undo succeeded');
}

function row(kind: Kind, id: string): Record<string, unknown> | undefined {
  return db.prepare(`SELECT * FROM ${RESOURCES[kind].table} WHERE id = ?`).get(id) as Record<string, unknown> | undefined;
}

/** Stores an entry's undo data as `change` makes it from what is stored, straight in the database. */
function storeUndoData(entryId: string, change: (data: Record<string, unknown>) => unknown): void {
  const data = JSON.parse(getActivity(db, entryId)!.undo_data!);
  db.prepare('UPDATE activity SET undo_data = ? WHERE id = ?').run(JSON.stringify(change(data)), entryId);
}

describe('recordChange', () => {
  it('writes one entry with before/after changes in the same transaction', () => {
    const site = createSite('Lab');
    const entry = getActivity(db, site.entryId)!;
    expect(entry).toMatchObject({
      action: 'create',
      entity_type: 'site',
      entity_id: site.id,
      username: 'tester',
      user_id: ACTOR.id,
      undoable: 1,
    });
    expect(JSON.parse(entry.changes!)).toMatchObject({ name: [null, 'Lab'], id: [null, site.id] });
    const update = updateSite(site.id, { notes: 'rack 4' });
    expect(JSON.parse(getActivity(db, update)!.changes!)).toEqual({ notes: [null, 'rack 4'] });
  });

  it('leaves neither change nor entry when the work writes and then throws', () => {
    expect(() =>
      recordChange(db, ACTOR, (c) => {
        c.touch('site', 'x');
        db.prepare("INSERT INTO sites (id, name, created_at, updated_at) VALUES ('x', 'Ghost', ?, ?)").run(c.now, c.now);
        throw new Error('injected failure');
      }),
    ).toThrow('injected failure');
    expect(count('sites')).toBe(0);
    expect(count('activity')).toBe(0);
  });

  it('leaves no change when writing the entry itself fails', () => {
    const site = createSite('Lab');
    expect(() =>
      recordChange(db, ACTOR, (c) => {
        c.touch('site', site.id);
        db.prepare("UPDATE sites SET name = 'Changed', version = version + 1 WHERE id = ?").run(site.id);
        return {
          activity: { action: 'bogus' as 'update', entityType: 'site', entityId: site.id, entityName: 'x', siteId: site.id, summary: 'x' },
          result: null,
        };
      }),
    ).toThrow();
    expect(row('site', site.id)).toMatchObject({ name: 'Lab', version: 1 });
    expect(count('activity')).toBe(1);
  });
});

describe('undoEntry', () => {
  it('undoes a create by removing the entity, and undoing that undo brings it back with the same id', () => {
    const site = createSite('Lab');
    const undo = undoEntry(db, ACTOR, site.entryId);
    expect(undo).toMatchObject({ action: 'undo', undoOf: site.entryId, entityId: site.id, undoable: true, undoneBy: null });
    expect(row('site', site.id)).toBeUndefined();
    expect(getActivity(db, site.entryId)!.undone_by).toBe(undo.id);

    const redo = undoEntry(db, ACTOR, undo.id);
    expect(redo).toMatchObject({ action: 'undo', undoOf: undo.id });
    expect(row('site', site.id)).toMatchObject({ name: 'Lab' });
    expect(count('activity')).toBe(3);
  });

  it('undoes an update with the old values and a higher version; undo of the undo redoes', () => {
    const site = createSite('Lab');
    const update = updateSite(site.id, { name: 'Lab 2', notes: 'moved' });
    const undo = undoEntry(db, ACTOR, update);
    expect(row('site', site.id)).toMatchObject({ name: 'Lab', notes: null, version: 3 });
    expect(undo.changes).toEqual({ name: ['Lab 2', 'Lab'], notes: ['moved', null] });
    undoEntry(db, ACTOR, undo.id);
    expect(row('site', site.id)).toMatchObject({ name: 'Lab 2', notes: 'moved', version: 4 });
  });

  it('brings back a cascade delete with the same ids, tagged lists and links, inside and outside the site', () => {
    const site = createSite('Branch');
    const other = createSite('HQ');
    const users = createVlan(site.id, 'users', 10);
    const voice = createVlan(site.id, 'voice', 20);
    createNetwork(site.id, 'users', 10, users.id);
    createNetwork(site.id, 'transit', 11, null);
    const a = createSwitch(site.id, 'sw-a', 4);
    const b = createSwitch(site.id, 'sw-b', 2);
    const core = createSwitch(other.id, 'core', 2);
    setTrunk(a.portIds[0], users.id, [voice.id]);
    configure(b.id, [voice.id]);
    link(a.portIds[0], b.portIds[0]);
    link(a.portIds[1], core.portIds[0]);
    const before = snapshot();

    const deletion = deleteSiteCascade(site.id);
    expect(count('sites')).toBe(1);
    expect(count('ports')).toBe(2);
    expect(row('port', core.portIds[0])!.linked_port_id).toBeNull();

    undoEntry(db, ACTOR, deletion);
    expect(snapshot()).toEqual(before);
    expect(row('port', a.portIds[0])).toMatchObject({ linked_port_id: b.portIds[0], mode: 'trunk', untagged_vlan_id: users.id });
    expect(row('port', core.portIds[0])!.linked_port_id).toBe(a.portIds[1]);
  });

  it('brings a deleted row back as it was, its version and times included, and so does the redo of an undone create', () => {
    const site = createSite('Lab');
    updateSite(site.id, { notes: 'moved' });
    const stored = { ...row('site', site.id) };
    undoEntry(db, ACTOR, deleteSiteCascade(site.id));
    expect({ ...row('site', site.id) }).toEqual({ ...stored, version: 2 });

    const annex = createSite('Annex');
    const created = { ...row('site', annex.id) };
    undoEntry(db, ACTOR, undoEntry(db, ACTOR, annex.entryId).id);
    expect({ ...row('site', annex.id) }).toEqual({ ...created, version: 1 });
  });

  it('brings a deleted row back at its rowid (the export lists rows by rowid), or last when another row holds it now', () => {
    const rowidOf = (id: string) => (db.prepare('SELECT rowid AS r FROM sites WHERE id = ?').get(id) as { r: number }).r;
    const [, middle, last] = [createSite('A'), createSite('B'), createSite('C')];
    const middleAt = rowidOf(middle.id);
    undoEntry(db, ACTOR, deleteSiteCascade(middle.id));
    expect(rowidOf(middle.id)).toBe(middleAt);

    const lastAt = rowidOf(last.id);
    const deletion = deleteSiteCascade(last.id);
    const next = createSite('D');
    expect(rowidOf(next.id)).toBe(lastAt);
    undoEntry(db, ACTOR, deletion);
    expect(rowidOf(last.id)).toBeGreaterThan(lastAt);
    expect(rowidOf(next.id)).toBe(lastAt);
  });

  it('undoes a delete whose entry has no rowids (written before they were kept), the row then last', () => {
    const [first, second] = [createSite('A'), createSite('B')];
    const deletion = deleteSiteCascade(first.id);
    storeUndoData(deletion, ({ rowids: _rowids, ...data }) => data);
    undoEntry(db, ACTOR, deletion);
    const order = db.prepare('SELECT id FROM sites ORDER BY rowid').all() as { id: string }[];
    expect(order.map((row) => row.id)).toEqual([second.id, first.id]);
  });

  it('refuses as undo_data_invalid rowids that are not positive integers, and changes nothing', () => {
    const site = createSite('Lab');
    const deletion = deleteSiteCascade(site.id);
    storeUndoData(deletion, (data) => ({ ...data, rowids: { site: { [site.id]: 0 } } }));
    const details = [{ field: `rowids.site.${site.id}`, message: 'must be a positive integer' }];
    expect(undoFails(deletion)).toMatchObject({ code: 'undo_data_invalid', details });
    expect(row('site', site.id)).toBeUndefined();
  });

  it('refuses as undo_data_invalid polling schedules that are none (issue 37), and changes nothing', () => {
    const site = createSite('Lab');
    const first = updateSite(site.id, { notes: 'one' });
    const schedule = { enabled: 1, interval_minutes: 2, host: null, credential_id: site.id, updated_at: first.at };
    const side = { before: { site_polling: { [site.id]: schedule }, elsewhere: {} }, after: { site_polling: { [site.id]: null } } };
    storeUndoData(first, (data) => ({ ...data, side }));
    const details = [
      { field: `side.before.site_polling.${site.id}`, message: 'is no record of site_polling' },
      { field: 'side.before.elsewhere', message: 'is no store of side records' },
    ];
    expect(undoFails(first)).toMatchObject({ code: 'undo_data_invalid', details });
    expect(row('site', site.id)).toMatchObject({ notes: 'one' });
  });

  it('refuses with undo_conflict when the entity changed since, and changes nothing', () => {
    const site = createSite('Lab');
    const first = updateSite(site.id, { notes: 'one' });
    updateSite(site.id, { notes: 'two' });
    const entries = count('activity');
    expect(undoFails(first)).toMatchObject({ kind: 'conflict', code: 'undo_conflict' });
    expect(row('site', site.id)).toMatchObject({ notes: 'two', version: 3 });
    expect(count('activity')).toBe(entries);
  });

  it('refuses with undo_conflict when a row changed without its version being raised', () => {
    const site = createSite('Lab');
    const update = updateSite(site.id, { notes: 'one' });
    db.prepare("UPDATE sites SET notes = 'sneaky' WHERE id = ?").run(site.id);
    expect(undoFails(update)).toMatchObject({ code: 'undo_conflict' });
  });

  it('refuses with name_taken when a name the undo needs is taken now', () => {
    const site = createSite('Lab');
    const deletion = deleteSiteCascade(site.id);
    createSite('LAB');
    const failure = undoFails(deletion);
    expect(failure).toMatchObject({ kind: 'conflict', code: 'name_taken', details: [{ field: 'name' }] });
    expect(row('site', site.id)).toBeUndefined();
    expect(getActivity(db, deletion)!.undone_by).toBeNull();
  });

  it('refuses with undo_conflict when removing a created entity would break references made since', () => {
    const site = createSite('Lab');
    const vlan = createVlan(site.id, 'users', 10);
    const sw = createSwitch(site.id, 'sw', 1);
    setTrunk(sw.portIds[0], vlan.id, []);
    expect(undoFails(vlan.entryId)).toMatchObject({ kind: 'conflict', code: 'undo_conflict' });
    expect(row('vlan', vlan.id)).toBeDefined();
  });

  it('refuses with undo_conflict when a deleted entity exists again under its id', () => {
    const site = createSite('Lab');
    const undo = undoEntry(db, ACTOR, site.entryId);
    recordChange(db, ACTOR, (c) => {
      c.touch('site', site.id);
      db.prepare("INSERT INTO sites (id, name, created_at, updated_at) VALUES (?, 'Restored', ?, ?)").run(site.id, c.now, c.now);
      return {
        activity: { action: 'restore', entityType: null, entityId: null, entityName: null, siteId: null, summary: 'restore' },
        result: null,
      };
    });
    expect(undoFails(undo.id)).toMatchObject({ kind: 'conflict', code: 'undo_conflict', details: [{ message: 'exists again' }] });
  });

  it('refuses a second undo with already_undone', () => {
    const site = createSite('Lab');
    const update = updateSite(site.id, { notes: 'x' });
    undoEntry(db, ACTOR, update);
    expect(undoFails(update)).toMatchObject({ kind: 'conflict', code: 'already_undone' });
  });

  it('refuses import, restore and migrate entries with not_undoable', () => {
    for (const action of ['import', 'restore', 'migrate'] as const) {
      const { entry } = recordChange(db, ACTOR, (c) => {
        const id = randomUUID();
        c.touch('site', id);
        db.prepare('INSERT INTO sites (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(id, `site ${action}`, c.now, c.now);
        return { activity: { action, entityType: null, entityId: null, entityName: null, siteId: null, summary: action }, result: null };
      });
      expect(entry.undoable).toBe(false);
      expect(undoFails(entry.id)).toMatchObject({ kind: 'conflict', code: 'not_undoable' });
    }
    expect(count('sites')).toBe(3);
  });

  it('refuses an entry whose undo was lost (an entry from before model 2) with not_undoable, saying why', () => {
    const site = createSite('Lab');
    const update = updateSite(site.id, { notes: 'x' });
    db.prepare("UPDATE activity SET undo_lost = 'Recorded before model 2.', undoable = 0, undo_data = NULL WHERE id = ?").run(update);
    const failure = undoFails(update);
    expect(failure).toMatchObject({ kind: 'conflict', code: 'not_undoable' });
    expect(row('site', site.id)).toMatchObject({ notes: 'x' });
  });

  it("refuses with 400 validation_failed an undo of a switch's stackSize that would leave a port beyond its stack", () => {
    const site = createSite('Lab');
    const sw = createSwitch(site.id, 'stack', 1);
    const grow = recordChange(db, ACTOR, (c) => {
      c.touch('switch', sw.id);
      db.prepare('UPDATE switches SET stack_size = 2, version = version + 1, updated_at = ? WHERE id = ?').run(c.now, sw.id);
      return {
        activity: { action: 'update', entityType: 'switch', entityId: sw.id, entityName: 'stack', siteId: site.id, summary: 'Grown' },
        result: null,
      };
    }).entry.id;
    recordChange(db, ACTOR, (c) => {
      c.touch('port', sw.portIds[0]);
      db.prepare('UPDATE ports SET unit = 2, version = version + 1, updated_at = ? WHERE id = ?').run(c.now, sw.portIds[0]);
      return {
        activity: { action: 'update', entityType: 'port', entityId: sw.portIds[0], entityName: '1', siteId: site.id, summary: 'Moved' },
        result: null,
      };
    });
    const failure = undoFails(grow);
    expect(failure).toMatchObject({ code: 'validation_failed', details: [{ field: `port:${sw.portIds[0]}.unit` }] });
    expect(row('switch', sw.id)).toMatchObject({ stack_size: 2 });
  });

  it('brings back a VLAN deleted in use (force) on its ports, switches and networks, in one undo', () => {
    const site = createSite('Lab');
    const vlan = createVlan(site.id, 'users', 10);
    const other = createVlan(site.id, 'voice', 20);
    const network = createNetwork(site.id, 'users', 10, vlan.id);
    const sw = createSwitch(site.id, 'sw', 2);
    setTrunk(sw.portIds[0], vlan.id, [vlan.id, other.id]);
    configure(sw.id, [vlan.id, other.id]);
    const before = snapshot();
    const { entry } = recordChange(db, ACTOR, (c) => {
      removeVlan(c, vlan.id);
      return {
        activity: { action: 'delete', entityType: 'vlan', entityId: vlan.id, entityName: 'users', siteId: site.id, summary: 'Deleted' },
        result: null,
      };
    });
    expect(row('vlan', vlan.id)).toBeUndefined();
    expect(row('network', network.id)).toMatchObject({ vlan_id: null });
    expect(row('port', sw.portIds[0])).toMatchObject({ untagged_vlan_id: null });
    undoEntry(db, ACTOR, entry.id);
    expect(snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown entry', () => {
    expect(undoFails(randomUUID())).toMatchObject({ kind: 'not_found', code: 'not_found' });
  });

  it('undoes twice, newest first: a symmetric link, then a change of tagged VLANs; versions only rise', () => {
    const site = createSite('Lab');
    const n1 = createVlan(site.id, 'a', 1);
    const n2 = createVlan(site.id, 'b', 2);
    const a = createSwitch(site.id, 'sw-a', 1);
    const b = createSwitch(site.id, 'sw-b', 1);
    setTrunk(a.portIds[0], n1.id, [n1.id, n2.id]);
    const trunk = setTrunk(a.portIds[0], n2.id, [n2.id]);
    const linked = link(a.portIds[0], b.portIds[0]);
    undoEntry(db, ACTOR, linked);
    expect(row('port', a.portIds[0])!.linked_port_id).toBeNull();
    expect(row('port', b.portIds[0])!.linked_port_id).toBeNull();
    undoEntry(db, ACTOR, trunk);
    const tagged = db
      .prepare('SELECT vlan_id FROM port_tagged_vlans WHERE port_id = ? ORDER BY vlan_id')
      .all(a.portIds[0])
      .map((r) => (r as { vlan_id: string }).vlan_id);
    expect(tagged).toEqual([n1.id, n2.id].sort());
    expect(row('port', a.portIds[0])).toMatchObject({ untagged_vlan_id: n1.id, version: 6 });
  });
});

describe('listActivity', () => {
  it('pages newest first by seq and finds entries that touched an entity among others', () => {
    const site = createSite('Lab');
    const sw = createSwitch(site.id, 'sw', 3);
    for (let i = 0; i < 5; i++) updateSite(site.id, { notes: `n${i}` });
    const seen: string[] = [];
    let beforeSeq: number | undefined;
    for (;;) {
      const page = listActivity(db, { limit: 3, beforeSeq });
      if (page.length === 0) break;
      seen.push(...page.map((entry) => entry.id));
      beforeSeq = page.at(-1)!.seq;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.at(-1)).toBe(site.entryId);
    expect(listActivity(db, { limit: 10, entityId: sw.portIds[2] }).map((entry) => entry.id)).toEqual([sw.entryId]);
    expect(listActivity(db, { limit: 10, entityType: 'port', entityId: sw.portIds[2] })).toHaveLength(1);
    expect(listActivity(db, { limit: 10, entityType: 'site', entityId: sw.portIds[2] })).toHaveLength(0);
    expect(listActivity(db, { limit: 10, action: 'update', siteId: site.id })).toHaveLength(5);
  });
});

describe('undoEntry with stored images that break the rules (a database written by another tool)', () => {
  /** Changes one entity with `sql` (its parameters, then the time and the id) in an update entry; returns the entry's id. */
  function update(kind: Kind, id: string, sql: string, ...args: (string | number | null)[]): string {
    return recordChange(db, ACTOR, (c) => {
      c.touch(kind, id);
      db.prepare(sql).run(...args, c.now, id);
      return {
        activity: { action: 'update', entityType: kind, entityId: id, entityName: kind, siteId: null, summary: `Changed ${kind}` },
        result: null,
      };
    }).entry.id;
  }

  /** Undo data that `corrupt` stores as this text instead. */
  const NOT_JSON = { text: '{"before": {' };

  /** Rewrites an entry's undo data straight in the database: changed in place by `change`, or NOT_JSON's text. */
  function corrupt(entryId: string, change: (data: any) => unknown): void {
    const data = JSON.parse(getActivity(db, entryId)!.undo_data!);
    const text = change(data) === NOT_JSON ? NOT_JSON.text : JSON.stringify(data);
    db.prepare('UPDATE activity SET undo_data = ? WHERE id = ?').run(text, entryId);
  }

  let ids: { site: string; otherVlan: string; vlan: string; network: string; switch: string; port: string; farPort: string };
  let entries: { site: string; vlan: string; network: string; switch: string; port: string; configured: string };
  beforeEach(() => {
    const site = createSite('Lab');
    const other = createSite('HQ');
    const vlan = createVlan(site.id, 'users', 10);
    const otherVlan = createVlan(other.id, 'guests', 30);
    const network = createNetwork(site.id, 'users', 10, vlan.id);
    const a = createSwitch(site.id, 'sw-a', 1);
    const b = createSwitch(site.id, 'sw-b', 1);
    ids = {
      site: site.id,
      otherVlan: otherVlan.id,
      vlan: vlan.id,
      network: network.id,
      switch: a.id,
      port: a.portIds[0],
      farPort: b.portIds[0],
    };
    entries = {
      site: updateSite(site.id, { notes: 'rack 4' }),
      vlan: update('vlan', vlan.id, 'UPDATE vlans SET description = ?, version = version + 1, updated_at = ? WHERE id = ?', 'desks'),
      configured: configure(b.id, [vlan.id]),
      network: update(
        'network',
        network.id,
        'UPDATE networks SET gateway = ?, version = version + 1, updated_at = ? WHERE id = ?',
        '10.0.10.1',
      ),
      switch: update(
        'switch',
        a.id,
        'UPDATE switches SET mac_address = ?, management_ip = ?, version = version + 1, updated_at = ? WHERE id = ?',
        'aa:bb:cc:dd:ee:01',
        '10.0.0.2',
      ),
      port: setTrunk(a.portIds[0], vlan.id, [vlan.id]),
    };
  });

  it.each<[string, (e: typeof entries) => string, (data: any, i: typeof ids) => unknown, string, (i: typeof ids) => string]>([
    [
      'a MAC address the API refuses',
      (e) => e.switch,
      (d, i) => (d.before.switch[i.switch].mac_address = 'NOT-A-MAC'),
      'undo_data_invalid',
      (i) => `before.switch.${i.switch}.macAddress`,
    ],
    [
      'a MAC address not in its stored spelling',
      (e) => e.switch,
      (d, i) => (d.before.switch[i.switch].mac_address = 'AA-BB-CC-DD-EE-09'),
      'undo_data_invalid',
      (i) => `before.switch.${i.switch}.macAddress`,
    ],
    [
      'an IP address that is none',
      (e) => e.switch,
      (d, i) => (d.before.switch[i.switch].management_ip = '999.999.1.1'),
      'undo_data_invalid',
      (i) => `before.switch.${i.switch}.managementIp`,
    ],
    [
      'a VLAN number out of range',
      (e) => e.vlan,
      (d, i) => (d.before.vlan[i.vlan].vid = 5000),
      'undo_data_invalid',
      (i) => `before.vlan.${i.vlan}.vid`,
    ],
    [
      'a VLAN colour that is none',
      (e) => e.vlan,
      (d, i) => (d.before.vlan[i.vlan].color = 'red'),
      'undo_data_invalid',
      (i) => `before.vlan.${i.vlan}.color`,
    ],
    [
      'PoE that is not { type, maxWatts }',
      (e) => e.port,
      (d, i) => (d.before.port[i.port].poe = '{"type":"802.3zz","maxWatts":15}'),
      'undo_data_invalid',
      (i) => `before.port.${i.port}.poe`,
    ],
    [
      'a unit out of range',
      (e) => e.port,
      (d, i) => (d.before.port[i.port].unit = 9),
      'undo_data_invalid',
      (i) => `before.port.${i.port}.unit`,
    ],
    [
      'a gateway outside the subnet',
      (e) => e.network,
      (d, i) => (d.before.network[i.network].gateway = '10.9.9.1'),
      'undo_data_invalid',
      (i) => `before.network.${i.network}.gateway`,
    ],
    [
      'a value of the wrong type (which SQLite cannot bind)',
      (e) => e.site,
      (d, i) => (d.before.site[i.site].name = { evil: true }),
      'undo_data_invalid',
      (i) => `before.site.${i.site}.name`,
    ],
    [
      'a boolean that is not 0 or 1',
      (e) => e.port,
      (d, i) => (d.before.port[i.port].enabled = 'yes'),
      'undo_data_invalid',
      (i) => `before.port.${i.port}.enabled`,
    ],
    [
      'a column the table does not have',
      (e) => e.site,
      (d, i) => (d.before.site[i.site].evil = 1),
      'undo_data_invalid',
      (i) => `before.site.${i.site}.evil`,
    ],
    [
      'tagged VLANs that are not ids',
      (e) => e.port,
      (d, i) => (d.before.port[i.port].tagged = ['not-an-id']),
      'undo_data_invalid',
      (i) => `before.port.${i.port}.taggedVlanIds`,
    ],
    [
      'tagged VLANs on an access port',
      (e) => e.port,
      (d, i) => (d.before.port[i.port].tagged = [i.vlan]),
      'undo_data_invalid',
      (i) => `before.port.${i.port}.taggedVlanIds`,
    ],
    [
      'configured VLANs that are not ids',
      (e) => e.configured,
      (d) => (Object.values(d.before.switch as Record<string, { configured: unknown }>)[0].configured = ['nope']),
      'undo_data_invalid',
      () => 'configuredVlanIds',
    ],
    [
      'a bad value in an after-image',
      (e) => e.switch,
      (d, i) => (d.after.switch[i.switch].mac_address = 'NOT-A-MAC'),
      'undo_data_invalid',
      (i) => `after.switch.${i.switch}.macAddress`,
    ],
    ['an entity without its after-image', (e) => e.site, (d) => delete d.after.site, 'undo_data_invalid', (i) => `before.site.${i.site}`],
    [
      'a kind the inventory does not have',
      (e) => e.site,
      (d, i) => {
        d.before.gadget = { [i.site]: null };
        d.after.gadget = { [i.site]: null };
      },
      'undo_data_invalid',
      () => 'before.gadget',
    ],
    ['images that are not objects', (e) => e.site, (d) => (d.before = [1, 2, 3]), 'undo_data_invalid', () => 'undoData'],
    ['text that is not JSON', (e) => e.site, () => NOT_JSON, 'undo_data_invalid', () => 'undoData'],
    [
      'a VLAN of another site on a port',
      (e) => e.port,
      (d, i) => (d.before.port[i.port].untagged_vlan_id = i.otherVlan),
      'validation_failed',
      (i) => `port:${i.port}.untaggedVlanId`,
    ],
    [
      'a unit beyond the stack of the switch',
      (e) => e.port,
      (d, i) => (d.before.port[i.port].unit = 2),
      'validation_failed',
      (i) => `port:${i.port}.unit`,
    ],
    [
      'a configured VLAN of another site',
      (e) => e.configured,
      (d, i) => (Object.values(d.before.switch as Record<string, { configured: unknown }>)[0].configured = [i.otherVlan]),
      'validation_failed',
      () => 'configuredVlanIds[0]',
    ],
    [
      'a network in a VLAN of another site',
      (e) => e.network,
      (d, i) => (d.before.network[i.network].vlan_id = i.otherVlan),
      'validation_failed',
      (i) => `network:${i.network}.vlanId`,
    ],
    [
      'a link to a port that does not exist',
      (e) => e.port,
      (d, i) => (d.before.port[i.port].linked_port_id = '0b6f7a52-2a7c-4f53-9d43-6f7e1c1d9a11'),
      'validation_failed',
      (i) => `port:${i.port}.linkedPortId`,
    ],
    [
      'a link the far end does not return',
      (e) => e.port,
      (d, i) => (d.before.port[i.port].linked_port_id = i.farPort),
      'validation_failed',
      (i) => `port:${i.port}.linkedPortId`,
    ],
  ])('refuses %s with its code (a broken rule: 400 validation_failed), names it, and changes nothing', (_, entryOf, spoil, code, field) => {
    const entryId = entryOf(entries);
    corrupt(entryId, (data) => spoil(data, ids));
    const before = snapshot();
    const entryCount = count('activity');
    const failure = undoFails(entryId);
    expect(failure).toMatchObject({ kind: code === 'validation_failed' ? 'invalid' : 'conflict', code });
    const fields = (failure.details as { field: string }[]).map((detail) => detail.field);
    expect(fields.some((name) => name === field(ids) || name.endsWith(`.${field(ids)}`))).toBe(true);
    expect(snapshot()).toEqual(before);
    expect(count('activity')).toBe(entryCount);
    expect(getActivity(db, entryId)!.undone_by).toBeNull();
  });

  it('still undoes the same entries when their images are as written', () => {
    for (const entryId of [entries.port, entries.switch, entries.configured, entries.network, entries.vlan, entries.site])
      undoEntry(db, ACTOR, entryId);
    expect(row('switch', ids.switch)).toMatchObject({ mac_address: null, management_ip: null });
    expect(row('network', ids.network)).toMatchObject({ gateway: null });
    expect(row('vlan', ids.vlan)).toMatchObject({ description: null });
    expect(row('port', ids.port)).toMatchObject({ mode: 'access', untagged_vlan_id: null });
    expect(count('activity')).toBeGreaterThan(0);
    expect(db.prepare('SELECT count(*) AS n FROM switch_configured_vlans').get()).toEqual({ n: 0 });
  });
});

describe('undoEntry of addresses and ranges', () => {
  const ADDRESS: AddressValues = {
    address: '10.0.1.5',
    hostname: null,
    mac_address: null,
    device_type: null,
    status: 'active',
    description: null,
    port_id: null,
  };

  /** One change of the kind: its entry's id. */
  function change(kind: 'address' | 'range', id: string, work: (c: Change) => void): string {
    return recordChange(db, ACTOR, (c) => {
      c.touch(kind, id);
      work(c);
      return { activity: { action: 'update', entityType: kind, entityId: id, entityName: id, siteId: null, summary: kind }, result: null };
    }).entry.id;
  }

  function addressAt(networkId: string, address: string, values: Partial<AddressValues> = {}): { id: string; entryId: string } {
    const id = randomUUID();
    const entryId = change('address', id, (c) => insertAddress(db, id, { ...ADDRESS, ...values, address, network_id: networkId }, c.now));
    return { id, entryId };
  }

  function rangeAt(networkId: string, start: string, end: string, kind: 'dhcp' | 'static' | 'reserved'): { id: string; entryId: string } {
    const id = randomUUID();
    const entryId = change('range', id, (c) =>
      insertRange(db, id, { start_address: start, end_address: end, kind, description: null, network_id: networkId }, c.now),
    );
    return { id, entryId };
  }

  /** The key columns of a row as text (they pass 2^53: read as numbers they would lose digits). */
  function keys(table: 'addresses' | 'ranges', id: string): string[] {
    const columns = table === 'addresses' ? ['key_hi', 'key_lo'] : ['start_hi', 'start_lo', 'end_hi', 'end_lo'];
    const row = db
      .prepare(`SELECT ${columns.map((c) => `CAST(${c} AS TEXT) AS ${c}`).join(', ')} FROM ${table} WHERE id = ?`)
      .get(id) as Record<string, string>;
    return columns.map((column) => row[column]);
  }

  const keyText = (address: string) => {
    const key = ipKey(address)!;
    return [String(key.hi), String(key.lo)];
  };

  /** The row of an address or range as its fields' columns (SELECT * would read the keys, past 2^53). */
  const stored = (kind: 'address' | 'range', id: string) => readImage(db, kind, id) ?? undefined;

  let site: string;
  let net: string;
  beforeEach(() => {
    site = createSite('IPAM').id;
    net = createNetwork(site, 'net', 1, null).id;
  });

  it('undoes a create, an update and a delete of an address exactly, keys included', () => {
    const { id, entryId } = addressAt(net, '10.0.1.5', { hostname: 'one' });
    const created = stored('address', id);
    const updated = change('address', id, (c) => updateAddress(db, id, { ...ADDRESS, address: '10.0.1.6', hostname: 'two' }, c.now));
    expect(keys('addresses', id)).toEqual(keyText('10.0.1.6'));
    undoEntry(db, ACTOR, updated);
    expect({ ...stored('address', id), version: 0, updated_at: '' }).toEqual({ ...created, version: 0, updated_at: '' });
    expect(keys('addresses', id)).toEqual(keyText('10.0.1.5'));
    const deleted = change('address', id, (c) => removeAddress(c, id));
    expect(stored('address', id)).toBeUndefined();
    undoEntry(db, ACTOR, deleted);
    expect(keys('addresses', id)).toEqual(keyText('10.0.1.5'));
    expect(stored('address', id)).toMatchObject({ address: '10.0.1.5', hostname: 'one' });
    undoEntry(db, ACTOR, entryId);
    expect(stored('address', id)).toBeUndefined();
  });

  it('undoes changes of an IPv6 range with keys past 2^53 exactly', () => {
    const v6 = recordChange(db, ACTOR, (c) => {
      const id = randomUUID();
      c.touch('network', id);
      db.prepare(
        "INSERT INTO networks (id, site_id, name, subnet, version, created_at, updated_at) VALUES (?, ?, 'v6', '2001:db8::/64', 1, ?, ?)",
      ).run(id, site, c.now, c.now);
      return {
        activity: { action: 'create', entityType: 'network', entityId: id, entityName: 'v6', siteId: site, summary: 'v6' },
        result: id,
      };
    }).result;
    const { id } = rangeAt(v6, '2001:db8::ffff:ffff:ffff:0', '2001:db8::ffff:ffff:ffff:ff', 'dhcp');
    const before = keys('ranges', id);
    expect(before).toEqual([...keyText('2001:db8::ffff:ffff:ffff:0'), ...keyText('2001:db8::ffff:ffff:ffff:ff')]);
    const updated = change('range', id, (c) =>
      updateRange(db, id, { start_address: '2001:db8::1', end_address: '2001:db8::ff', kind: 'static', description: null }, c.now),
    );
    undoEntry(db, ACTOR, updated);
    expect(keys('ranges', id)).toEqual(before);
    const deleted = change('range', id, (c) => removeRange(c, id));
    undoEntry(db, ACTOR, deleted);
    expect(keys('ranges', id)).toEqual(before);
    expect(stored('range', id)).toMatchObject({ start_address: '2001:db8::ffff:ffff:ffff:0', kind: 'dhcp' });
  });

  it('refuses with 409 in_dhcp_range to bring back an address into a DHCP range made since', () => {
    const { id } = addressAt(net, '10.0.1.50');
    const deleted = change('address', id, (c) => removeAddress(c, id));
    rangeAt(net, '10.0.1.40', '10.0.1.60', 'dhcp');
    expect(undoFails(deleted)).toMatchObject({ kind: 'conflict', code: 'in_dhcp_range', details: [{ field: `address:${id}.address` }] });
    expect(stored('address', id)).toBeUndefined();
  });

  it('refuses with in_dhcp_range and range_overlaps to bring back a DHCP range over an address recorded since, or over another range', () => {
    const pool = rangeAt(net, '10.0.1.40', '10.0.1.60', 'dhcp').id;
    const deleted = change('range', pool, (c) => removeRange(c, pool));
    const address = addressAt(net, '10.0.1.45');
    expect(undoFails(deleted)).toMatchObject({ code: 'in_dhcp_range', details: [{ field: `range:${pool}.start` }] });
    change('address', address.id, (c) => removeAddress(c, address.id));
    rangeAt(net, '10.0.1.60', '10.0.1.70', 'static');
    expect(undoFails(deleted)).toMatchObject({ code: 'range_overlaps', details: [{ field: `range:${pool}.start` }] });
    expect(stored('range', pool)).toBeUndefined();
  });

  it('refuses with address_taken naming address when the address is taken again in its network', () => {
    const { id } = addressAt(net, '10.0.1.7');
    const moved = change('address', id, (c) => updateAddress(db, id, { ...ADDRESS, address: '10.0.1.8' }, c.now));
    addressAt(net, '10.0.1.7');
    expect(undoFails(moved)).toMatchObject({ code: 'address_taken', details: [{ field: 'address' }] });
  });

  it("refuses with 400 validation_failed a subnet change back that would leave the network's addresses outside it", () => {
    const widened = recordChange(db, ACTOR, (c) => {
      c.touch('network', net);
      db.prepare("UPDATE networks SET subnet = '10.0.0.0/16', version = version + 1, updated_at = ? WHERE id = ?").run(c.now, net);
      return {
        activity: { action: 'update', entityType: 'network', entityId: net, entityName: 'net', siteId: site, summary: 'wider' },
        result: null,
      };
    }).entry.id;
    const outside = addressAt(net, '10.0.2.5').id;
    expect(undoFails(widened)).toMatchObject({ code: 'validation_failed', details: [{ field: `address:${outside}.address` }] });
    change('address', outside, (c) => removeAddress(c, outside));
    undoEntry(db, ACTOR, widened);
    expect(row('network', net)).toMatchObject({ subnet: '10.0.1.0/24' });
  });

  it("refuses as undo_data_invalid images that carry the key columns or break a range's shape", () => {
    const { id, entryId } = addressAt(net, '10.0.1.9');
    const entry = getActivity(db, entryId)!;
    const data = JSON.parse(entry.undo_data!);
    data.after.address[id].key_lo = 0;
    db.prepare('UPDATE activity SET undo_data = ? WHERE id = ?').run(JSON.stringify(data), entryId);
    expect(undoFails(entryId)).toMatchObject({ code: 'undo_data_invalid', details: [{ field: `after.address.${id}.key_lo` }] });
    const range = rangeAt(net, '10.0.1.10', '10.0.1.20', 'static');
    const rangeData = JSON.parse(getActivity(db, range.entryId)!.undo_data!);
    rangeData.after.range[range.id].start_address = '10.0.1.30';
    db.prepare('UPDATE activity SET undo_data = ? WHERE id = ?').run(JSON.stringify(rangeData), range.entryId);
    expect(undoFails(range.entryId)).toMatchObject({ code: 'undo_data_invalid', details: [{ field: `after.range.${range.id}.end` }] });
  });
});
