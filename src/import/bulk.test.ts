import { beforeEach, describe, expect, it } from 'vitest';
import { refusalOf, seededDatabase, type SeededDb } from '../../test/helpers/domain-db.ts';
import type { Actor } from '../db/change.ts';
import { changePort } from '../domain/ports.ts';
import { bulkImport, type BulkRow } from './bulk.ts';

// The bulk import judges its rows with the rules of each kind (fields/record-rules.ts), as the API's writes do.

const ACTOR: Actor = { id: null, username: 'tester' };
let seeded: SeededDb;

beforeEach(() => {
  seeded = seededDatabase();
});

function rowsOf(raws: object[]): BulkRow[] {
  return raws.map((raw, i) => ({ row: i + 1, raw }));
}

describe('the bulk import of ports', () => {
  it('refuses a port linked to itself by id in the words of the API', () => {
    const port = seeded.ports.a[0];
    const imported = refusalOf(() => bulkImport(seeded.db, ACTOR, 'port', rowsOf([{ id: port, linkedPortId: port }]), true));
    const patched = refusalOf(() => changePort(seeded.db, ACTOR, port, { linkedPortId: port }));
    expect(imported.details).toEqual([{ field: 'rows[1].linkedPortId', message: 'a port cannot be linked to itself' }]);
    expect(patched.details).toEqual([{ field: 'linkedPortId', message: 'a port cannot be linked to itself' }]);
  });

  it('reads the switch and the VLAN its rows name once, however many rows name them', () => {
    const readsOf = (ports: string[]) => {
      const rows = rowsOf(ports.map((id) => ({ id, untaggedVlanId: seeded.vlan, switchId: seeded.switches.a })));
      const statements = seeded.statementsOf(() => bulkImport(seeded.db, ACTOR, 'port', rows, true));
      return statements.filter((sql) => /\bFROM (switches|vlans)\b/.test(sql)).length;
    };
    expect(readsOf(seeded.ports.a)).toBe(readsOf(seeded.ports.a.slice(0, 1)));
  });
});
