import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Refusal } from '../errors/refusal.ts';
import { recordChange, type Actor, type Change } from './change.ts';
import { undoEntry } from '../domain/undo.ts';
import { insertRecord, undoDataFaults, type Kind } from './images.ts';
import { applyLagToMembers, copyLags } from '../domain/lags.ts';
import { getLag, insertLag, lagsOfSwitch, memberPortIds, setLagMembers, setRemoteLag } from './lags.ts';
import { applyMigrations } from './migrate.ts';
import { openDatabase, type Db } from './open.ts';
import { getPort } from './ports.ts';

// The LAG rules of an undo (src/domain/undo.ts) and of stored undo data (undoDataFaults), which the API's own
// changes never break: here the data is changed behind their back, as another tool or an old entry would.

const ACTOR: Actor = { id: randomUUID(), username: 'tester' };
const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');
const NOW = '2026-01-01T00:00:00.000Z';

let db: Db;
const ids = { site: randomUUID(), a: randomUUID(), b: randomUUID(), c: randomUUID(), vlan: randomUUID() };
const portsOf: Record<'a' | 'b' | 'c', string[]> = { a: [], b: [], c: [] };

beforeEach(() => {
  db = openDatabase(':memory:');
  applyMigrations(db, MIGRATIONS);
  const stored = { version: 1, createdAt: NOW, updatedAt: NOW };
  insertRecord(db, 'site', { id: ids.site, name: 'Main', ...stored });
  insertRecord(db, 'vlan', { id: ids.vlan, siteId: ids.site, name: 'Users', vid: 10, color: '#112233', ...stored });
  for (const sw of ['a', 'b', 'c'] as const) {
    insertRecord(db, 'switch', { id: ids[sw], siteId: ids.site, name: sw, ...stored });
    portsOf[sw] = [1, 2, 3].map((n) => {
      const id = randomUUID();
      insertRecord(db, 'port', { id, switchId: ids[sw], name: String(n), position: n, ...stored });
      return id;
    });
  }
});

/** One entry of raw writes: `work` touches what it writes. */
function change(work: (c: Change) => void): string {
  return recordChange(db, ACTOR, (c) => {
    work(c);
    return {
      activity: { action: 'update', entityType: 'lag', entityId: null, entityName: null, siteId: ids.site, summary: 'raw' },
      result: 0,
    };
  }).entry.id;
}

function lagOn(sw: 'a' | 'b' | 'c', name: string, members: string[]): string {
  const id = randomUUID();
  change((c) => {
    c.touch('lag', id);
    insertLag(
      c.db,
      id,
      ids[sw],
      { name, mode: 'lacp-active', port_mode: 'access', untagged_vlan_id: ids.vlan, remote_lag_id: null, description: null },
      c.now,
    );
    setLagMembers(c, id, members);
    applyLagToMembers(c, id);
  });
  return id;
}

/** A LAG of switch a (ports 1 and 2), and an entry that described its first member. */
function describedMember(): { lag: string; first: string; entry: string } {
  const lag = lagOn('a', 'Po1', portsOf.a.slice(0, 2));
  const [first] = portsOf.a;
  const entry = change((x) => {
    x.touch('port', first);
    x.db.prepare("UPDATE ports SET description = 'x', version = version + 1 WHERE id = ?").run(first);
  });
  return { lag, first, entry };
}

function refusal(run: () => unknown): Refusal {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('a LAG and its members in the data layer', () => {
  it('answers members in port order and writes the LAG’s VLAN to them', () => {
    const id = lagOn('a', 'Po1', [portsOf.a[2], portsOf.a[0]]);
    expect(memberPortIds(db, id)).toEqual([portsOf.a[0], portsOf.a[2]]);
    expect(getPort(db, portsOf.a[2])).toMatchObject({ lag_id: id, untagged_vlan_id: ids.vlan });
    expect(lagsOfSwitch(db, ids.a).map((lag) => lag.memberPortIds)).toEqual([[portsOf.a[0], portsOf.a[2]]]);
  });

  it('copies the LAGs of a switch with their members mapped and no remote LAG', () => {
    const id = lagOn('a', 'Po1', [portsOf.a[0], portsOf.a[1]]);
    const other = lagOn('b', 'Po1', [portsOf.b[0], portsOf.b[1]]);
    change((c) => {
      c.touch('lag', [id, other]);
      setRemoteLag(c.db, id, other, c.now);
      setRemoteLag(c.db, other, id, c.now);
    });
    const map = new Map(portsOf.a.map((portId, i) => [portId, portsOf.c[i]]));
    change((c) => expect(copyLags(c, ids.a, ids.c, map)).toBe(1));
    const [copy] = lagsOfSwitch(db, ids.c);
    expect(copy).toMatchObject({ name: 'Po1', remoteLagId: null, untaggedVlanId: ids.vlan, memberPortIds: [portsOf.c[0], portsOf.c[1]] });
    expect(getPort(db, portsOf.c[0])).toMatchObject({ lag_id: copy.id, untagged_vlan_id: ids.vlan });
    expect(getLag(db, id)!.remote_lag_id).toBe(other);
  });
});

describe('the LAG rules of an undo', () => {
  it('refuses an undo that would pair a LAG with one that pairs elsewhere now (400 validation_failed)', () => {
    const a = lagOn('a', 'Po1', portsOf.a.slice(0, 2));
    const b = lagOn('b', 'Po1', portsOf.b.slice(0, 2));
    const c = lagOn('c', 'Po1', portsOf.c.slice(0, 2));
    change((x) => {
      x.touch('lag', [a, b]);
      setRemoteLag(x.db, a, b, x.now);
      setRemoteLag(x.db, b, a, x.now);
    });
    // An entry that touched only A (unpaired), then B paired with C behind its back.
    const onlyA = change((x) => {
      x.touch('lag', a);
      setRemoteLag(x.db, a, null, x.now);
    });
    change((x) => {
      x.touch('lag', [b, c]);
      setRemoteLag(x.db, b, c, x.now);
      setRemoteLag(x.db, c, b, x.now);
    });
    const refused = refusal(() => undoEntry(db, ACTOR, onlyA));
    expect(refused.code).toBe('validation_failed');
    expect(refused.details).toContainEqual({
      field: `lag:${a}.remoteLagId`,
      message: `LAG ${b} does not pair back with this LAG (pairs are symmetric)`,
    });
    expect(getLag(db, a)!.remote_lag_id).toBeNull();
  });

  it('refuses an undo that would leave a LAG with fewer than two members (400 validation_failed)', () => {
    const lag = lagOn('a', 'Po1', portsOf.a.slice(0, 2));
    const [first, second, third] = portsOf.a;
    // An entry that had port 3 join (three members), then port 2 taken out behind its back (two left).
    const joined = change((x) => setLagMembers(x, lag, [first, second, third]));
    change((x) => setLagMembers(x, lag, [first, third]));
    const refused = refusal(() => undoEntry(db, ACTOR, joined));
    expect(refused.code).toBe('validation_failed');
    expect(refused.details).toContainEqual({ field: `lag:${lag}.memberPortIds`, message: 'a LAG needs two or more members' });
    expect(memberPortIds(db, lag)).toEqual([first, third]);
  });

  it('refuses an undo that would put a port into a LAG of another switch (400 validation_failed)', () => {
    const lag = lagOn('a', 'Po1', portsOf.a);
    const [first] = portsOf.a;
    // An entry that took port 1 out of the LAG, then the LAG moved to switch b behind its back.
    const left = change((x) => setLagMembers(x, lag, portsOf.a.slice(1)));
    change((x) => {
      x.touch('lag', lag);
      x.db.prepare('UPDATE lags SET switch_id = ?, version = version + 1 WHERE id = ?').run(ids.b, lag);
    });
    const refused = refusal(() => undoEntry(db, ACTOR, left));
    expect(refused.code).toBe('validation_failed');
    expect(refused.details).toContainEqual({ field: `port:${first}.lagId`, message: "must be a LAG of the port's switch" });
    expect(getPort(db, first)!.lag_id).toBeNull();
  });

  it("answers a broken rule's own code: 409 lag_member for an undo that would make a member a console port", () => {
    const { lag, first, entry } = describedMember();
    // As another tool might have stored it: the member's before-image a console port.
    db.prepare(`UPDATE activity SET undo_data = json_set(undo_data, '$.before.port."${first}".type', 'console') WHERE id = ?`).run(entry);
    const refused = refusal(() => undoEntry(db, ACTOR, entry));
    expect(refused).toMatchObject({ kind: 'conflict', code: 'lag_member' });
    expect(refused.details).toContainEqual(expect.objectContaining({ field: `port:${first}.type` }));
    expect(refused.details).toContainEqual(expect.objectContaining({ field: `lag:${lag}.memberPortIds[0]` }));
    expect(getPort(db, first)).toMatchObject({ type: 'rj45', description: 'x' });
  });

  it('keeps the LAG of a port when undoing an entry written before LAGs (its images have no lag_id)', () => {
    const { lag, first, entry } = describedMember();
    // As an entry of before migration 0008 holds it: images without lag_id.
    db.prepare(
      `UPDATE activity SET undo_data = json_remove(undo_data, '$.before.port."${first}".lag_id', '$.after.port."${first}".lag_id') WHERE id = ?`,
    ).run(entry);
    undoEntry(db, ACTOR, entry);
    expect(getPort(db, first)).toMatchObject({ lag_id: lag, description: null });
  });
});

describe('stored undo data of a LAG', () => {
  const image = (extra: object) => ({
    id: ids.a,
    switch_id: ids.b,
    name: 'Po1',
    mode: 'lacp-active',
    port_mode: 'access',
    untagged_vlan_id: null,
    remote_lag_id: null,
    description: null,
    version: 1,
    created_at: NOW,
    updated_at: NOW,
    tagged: [],
    ...extra,
  });
  const faultsOf = (extra: object) => {
    const lag = image(extra);
    return undoDataFaults({ before: { lag: { [lag.id]: null } }, after: { lag: { [lag.id]: lag } } } satisfies Record<
      string,
      Partial<Record<Kind, unknown>>
    >);
  };

  it('holds a LAG image that keeps the rules', () => {
    expect(faultsOf({})).toEqual([]);
  });

  it.each([
    ['tagged VLANs on an access LAG', { tagged: [ids.vlan] }, 'after.lag.ID.taggedVlanIds'],
    ['a LAG paired with itself', { remote_lag_id: ids.a }, 'after.lag.ID.remoteLagId'],
    ['a mode that is none', { mode: 'lacp' }, 'after.lag.ID.mode'],
    ['a member list (no column)', { members: [] }, 'after.lag.ID.members'],
  ])('refuses %s', (_name, extra, field) => {
    expect(faultsOf(extra).map((fault) => fault.field)).toContain(field.replace('ID', ids.a));
  });
});
