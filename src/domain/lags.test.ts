import { beforeEach, describe, expect, it } from 'vitest';
import { refusalOf, seededDatabase, type SeededDb } from '../../test/helpers/domain-db.ts';
import type { Actor } from '../db/change.ts';
import { readImage } from '../db/images.ts';
import { getLag } from '../db/lags.ts';
import { getPort } from '../db/ports.ts';
import { changePort, createPort } from './ports.ts';
import { changeLag, createLag, deleteLag } from './lags.ts';

// The LAG writes of the domain core without HTTP: the member rules, the pair kept symmetric, a Refusal otherwise.

const ACTOR: Actor = { id: null, username: 'tester' };
let seeded: SeededDb;

beforeEach(() => {
  seeded = seededDatabase();
});

describe('a LAG write', () => {
  it('refuses a management port as a member (lag_member on memberPortIds[i]), the rule of lib/port-kinds.ts', () => {
    const [p1, p2] = seeded.ports.a;
    changePort(seeded.db, ACTOR, p2, { type: 'management' });
    const refusal = refusalOf(() => createLag(seeded.db, ACTOR, seeded.switches.a, { name: 'Po1', memberPortIds: [p1, p2] }));
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'lag_member' });
    expect(refusal.details).toEqual([
      { field: 'memberPortIds[1]', message: 'port "2" is a management port, which cannot be a LAG member' },
    ]);
  });

  it('refuses a port of another LAG (lag_member), a name the switch has (name_taken) and a remote LAG of the same switch', () => {
    const [p1, p2, p3] = seeded.ports.a;
    createLag(seeded.db, ACTOR, seeded.switches.a, { name: 'Po1', memberPortIds: [p1, p2] });
    expect(refusalOf(() => createLag(seeded.db, ACTOR, seeded.switches.a, { name: 'Po2', memberPortIds: [p2, p3] }))).toMatchObject({
      kind: 'conflict',
      code: 'lag_member',
      details: [{ field: 'memberPortIds[0]' }],
    });
    const p4 = createPort(seeded.db, ACTOR, seeded.switches.a, { name: '4' }).id;
    expect(refusalOf(() => createLag(seeded.db, ACTOR, seeded.switches.a, { name: 'po1', memberPortIds: [p3, p4] }))).toMatchObject({
      code: 'name_taken',
      details: [{ field: 'name' }],
    });
    const own = getLag(seeded.db, getPort(seeded.db, p1)!.lag_id!)!;
    const sameSwitch = createLag(seeded.db, ACTOR, seeded.switches.a, { name: 'Po2', memberPortIds: [p3, p4] });
    expect(refusalOf(() => changeLag(seeded.db, ACTOR, own.id, { remoteLagId: sameSwitch.id })).details).toEqual([
      { field: 'remoteLagId', message: 'must be a LAG of another switch (Po2 is on a)' },
    ]);
  });

  it('pairs both LAGs and links their members pairwise, and a delete unpairs the remote and keeps the members', () => {
    const ours = createLag(seeded.db, ACTOR, seeded.switches.a, { name: 'Po1', memberPortIds: seeded.ports.a.slice(0, 2) });
    const theirs = createLag(seeded.db, ACTOR, seeded.switches.b, {
      name: 'Po1',
      memberPortIds: seeded.ports.b.slice(0, 2),
      remoteLagId: ours.id,
    });
    expect(getLag(seeded.db, ours.id)?.remote_lag_id).toBe(theirs.id);
    expect(getPort(seeded.db, seeded.ports.a[0])?.linked_port_id).toBe(seeded.ports.b[0]);
    deleteLag(seeded.db, ACTOR, theirs.id);
    expect(getLag(seeded.db, ours.id)?.remote_lag_id).toBeNull();
    expect(getPort(seeded.db, seeded.ports.b[0])?.lag_id).toBeNull();
  });
});

describe("a write handed the record's before image", () => {
  function lastBefore(kind: 'port' | 'lag', id: string): unknown {
    const row = seeded.db.prepare('SELECT undo_data FROM activity ORDER BY seq DESC LIMIT 1').get() as { undo_data: string };
    return (JSON.parse(row.undo_data) as { before: Record<string, Record<string, unknown>> }).before[kind][id];
  }

  it('keeps in the entry the same before image that reading it inside the change gives (a LAG without its members)', () => {
    const [p1, p2] = seeded.ports.a;
    changePort(seeded.db, ACTOR, p1, { taggedVlanIds: [seeded.vlan], mode: 'trunk' });
    const port = readImage(seeded.db, 'port', p1);
    changePort(seeded.db, ACTOR, p1, { name: 'uplink' });
    expect(JSON.stringify(lastBefore('port', p1))).toBe(JSON.stringify(port));
    const lag = createLag(seeded.db, ACTOR, seeded.switches.a, { name: 'Po1', memberPortIds: [p1, p2] });
    const image = readImage(seeded.db, 'lag', String(lag.id));
    changeLag(seeded.db, ACTOR, String(lag.id), { name: 'Po2' });
    expect(JSON.stringify(lastBefore('lag', String(lag.id)))).toBe(JSON.stringify(image));
  });
});
