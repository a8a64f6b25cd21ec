import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { refusalOf, seededDatabase, type SeededDb } from '../../test/helpers/domain-db.ts';
import type { Actor } from '../db/change.ts';
import { insertRecord } from '../db/images.ts';
import { getPort } from '../db/ports.ts';
import { Refusal } from '../errors/refusal.ts';
import { createLag } from './lags.ts';
import { bulkChangePorts, changePort, createPort, deletePort } from './ports.ts';

// The port writes of the domain core, called as any path calls them: no HTTP, a Refusal for what they refuse.

const ACTOR: Actor = { id: null, username: 'tester' };
let seeded: SeededDb;

beforeEach(() => {
  seeded = seededDatabase();
});

function entries(): number {
  return (seeded.db.prepare('SELECT count(*) AS n FROM activity').get() as { n: number }).n;
}

describe('a port write', () => {
  it('refuses a VLAN that does not exist as validation_failed naming the field, writing nothing', () => {
    const vlan = randomUUID();
    const refusal = refusalOf(() => createPort(seeded.db, ACTOR, seeded.switches.a, { name: 'x', untaggedVlanId: vlan }));
    expect(refusal).toMatchObject({ kind: 'invalid', code: 'validation_failed' });
    expect(refusal.details).toEqual([{ field: 'untaggedVlanId', message: `VLAN ${vlan} does not exist` }]);
    expect(entries()).toBe(0);
  });

  it('refuses a name the switch has already as name_taken, and an unknown port as not_found', () => {
    const refusal = refusalOf(() => changePort(seeded.db, ACTOR, seeded.ports.a[0], { name: '2' }));
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'name_taken', details: [{ field: 'name' }] });
    expect(refusalOf(() => deletePort(seeded.db, ACTOR, randomUUID()))).toMatchObject({ kind: 'not_found', code: 'not_found' });
  });

  it('refuses a LAG member turned into a console port, and the delete of one of its two members, as lag_member', () => {
    createLag(seeded.db, ACTOR, seeded.switches.a, { name: 'Po1', memberPortIds: seeded.ports.a.slice(0, 2) });
    const member = seeded.ports.a[0];
    expect(refusalOf(() => changePort(seeded.db, ACTOR, member, { type: 'console' }))).toMatchObject({
      kind: 'conflict',
      code: 'lag_member',
      details: [{ field: 'type' }],
    });
    expect(refusalOf(() => deletePort(seeded.db, ACTOR, member))).toMatchObject({ code: 'lag_member', details: [{ field: 'lagId' }] });
    const bulk = { portIds: [member], set: { mode: 'trunk' } };
    expect(refusalOf(() => bulkChangePorts(seeded.db, ACTOR, seeded.switches.a, bulk))).toMatchObject({ code: 'lag_member' });
  });

  it('links both ends of a link to another switch, and refuses a link within the switch', () => {
    const [a1, a2] = seeded.ports.a;
    const b1 = seeded.ports.b[0];
    expect(changePort(seeded.db, ACTOR, a1, { linkedPortId: b1 })).toMatchObject({ id: a1, linkedPortId: b1, version: 2 });
    expect(getPort(seeded.db, b1)?.linked_port_id).toBe(a1);
    expect(refusalOf(() => changePort(seeded.db, ACTOR, a2, { linkedPortId: a1 }))).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'linkedPortId', message: 'must be a port of another switch' }],
    });
  });

  it('judges each port of a bulk edit as it would be: a value the edit sends at its field, one a port holds already at the port', () => {
    const [lab, labVlan] = [randomUUID(), randomUUID()];
    const stored = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
    insertRecord(seeded.db, 'site', { id: lab, name: 'Lab', ...stored });
    insertRecord(seeded.db, 'vlan', { id: labVlan, siteId: lab, name: 'Lab', vid: 30, color: '#445566', ...stored });
    const [first, second] = seeded.ports.a;
    seeded.db.prepare('UPDATE ports SET untagged_vlan_id = ? WHERE id = ?').run(labVlan, second);
    const refusal = refusalOf(() => bulkChangePorts(seeded.db, ACTOR, seeded.switches.a, { portIds: [first, second], set: { unit: 2 } }));
    expect(refusal).toMatchObject({ kind: 'invalid', code: 'validation_failed' });
    expect(refusal.details).toEqual([
      { field: 'set.unit', message: "must be at most the switch's stackSize (1)" },
      { field: 'portIds[1]', message: `port 2 as it would be: untaggedVlanId VLAN ${labVlan} belongs to another site` },
    ]);
    expect(entries()).toBe(0);
  });

  it("checks the caller's precondition against the version it read, before anything is written", () => {
    const seen: number[] = [];
    const refuse = (version: number) => {
      seen.push(version);
      throw new Refusal('conflict', 'stale', 'stale');
    };
    expect(refusalOf(() => changePort(seeded.db, ACTOR, seeded.ports.a[0], { name: 'x' }, refuse))).toMatchObject({ code: 'stale' });
    expect(seen).toEqual([1]);
    expect(entries()).toBe(0);
  });

  it('renames a port in one entry, reading the port once before the write (12 statements, 15 before; 3 row reads, 4 before)', () => {
    const id = seeded.ports.a[0];
    let answer: unknown;
    const statements = seeded.statementsOf(() => {
      answer = changePort(seeded.db, ACTOR, id, { name: 'uplink' });
    });
    expect(answer).toMatchObject({ id, name: 'uplink', version: 2 });
    const rowReads = statements.filter((sql) => /FROM ports (p )?WHERE (p\.)?id = \?$/.test(sql));
    // One before the change, which is the change's before image too; after the writes, the answer's and the entry's after image.
    expect(rowReads).toHaveLength(3);
    expect(statements.filter((sql) => sql.startsWith('SELECT vlan_id FROM port_tagged_vlans'))).toHaveLength(3);
    expect(statements.length).toBeLessThanOrEqual(12);
    expect(entries()).toBe(1);
  });
});
