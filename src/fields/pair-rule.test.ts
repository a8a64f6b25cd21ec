import { describe, expect, it } from 'vitest';
import { pairFaults, type PairEnd, type PairLookups } from './rules.ts';

// The symmetric-pair rule over plain lookups: the same function judges the database and a document's records.

function lookupsOf(records: PairEnd[]): PairLookups {
  const byId = new Map(records.map((record) => [record.id, record]));
  return {
    find: (id) => byId.get(id),
    pointingAt: (id) => records.filter((record) => record.partnerId === id).map((record) => record.id),
  };
}

const end = (id: string, switchId: string, partnerId: string | null = null): PairEnd => ({ id, switchId, partnerId });

describe('pairFaults', () => {
  it('accepts a pair of two switches that point at each other, and a record without a partner', () => {
    const records = [end('p1', 'a', 'p2'), end('p2', 'b', 'p1'), end('p3', 'a')];
    const lookups = lookupsOf(records);
    for (const record of records) expect(pairFaults(record, { field: 'linkedPortId', symmetric: true }, lookups)).toEqual([]);
  });

  it.each([
    ['a partner that does not exist', [end('p1', 'a', 'p9')], 'port p9 does not exist'],
    ['a partner of the same switch', [end('p1', 'a', 'p2'), end('p2', 'a', 'p1')], 'must be a port of another switch'],
    [
      'a partner that does not point back',
      [end('p1', 'a', 'p2'), end('p2', 'b')],
      'port p2 does not link back to this port (links are symmetric)',
    ],
  ])('names %s on the field, with its prefix', (_, records, message) => {
    const faults = pairFaults(records[0], { field: 'linkedPortId', symmetric: true }, lookupsOf(records), 'data.ports[0].');
    expect(faults).toEqual([{ field: 'data.ports[0].linkedPortId', message }]);
  });

  it('names a record that points at this one without being pointed back at', () => {
    const records = [end('l1', 'a'), end('l2', 'b', 'l1')];
    expect(pairFaults(records[0], { field: 'remoteLagId', symmetric: true }, lookupsOf(records))).toEqual([
      { field: 'remoteLagId', message: 'LAG l2 pairs with this LAG, which does not pair back' },
    ]);
  });

  it('asks no pointing back of a write that points the far end back itself, and no lookup of who points here', () => {
    const records = [end('p1', 'a', 'p2'), end('p2', 'b', 'p7')];
    const find = (id: string) => records.find((record) => record.id === id);
    expect(pairFaults(records[0], { field: 'linkedPortId', symmetric: false }, { find })).toEqual([]);
  });

  it('leaves a record paired with itself to the field rules, and takes the wording of its caller', () => {
    const lookups = lookupsOf([end('l1', 'a', 'l1'), end('l2', 'a', 'l9')]);
    expect(pairFaults(end('l1', 'a', 'l1'), { field: 'remoteLagId', symmetric: true }, lookups)).toEqual([]);
    const words = { missing: (id: string) => `LAG ${id} is not in the document` };
    expect(pairFaults(end('l2', 'a', 'l9'), { field: 'remoteLagId', symmetric: true, words }, lookups)).toEqual([
      { field: 'remoteLagId', message: 'LAG l9 is not in the document' },
    ]);
  });
});
