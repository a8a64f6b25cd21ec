import { describe, expect, it } from 'vitest';
import { isUuid } from '../fields/field.ts';
import { SWITCH } from '../fields/switches.ts';
import { INTERFACE_NAME_MAX, suffixedInterfaceName } from '../lib/interface-name.ts';
import { ascendingUuids, dedupeNames, keepRefusedValue, nameFreer, type CheckContext, type Named } from './context.ts';

describe('ascendingUuids', () => {
  it('gives as many fresh UUIDv4s as asked for, in ascending order', () => {
    const ids = ascendingUuids(5000);
    expect(ids).toHaveLength(5000);
    expect(ids.every(isUuid)).toBe(true);
    expect(ids.every((id, i) => i === 0 || ids[i - 1] < id)).toBe(true);
    expect(ascendingUuids(0)).toEqual([]);
  });

  it('is random: no id comes twice across calls, and every hex digit shows up where the bits are random', () => {
    const ids = [...ascendingUuids(2000), ...ascendingUuids(2000)];
    expect(new Set(ids).size).toBe(ids.length);
    const lastGroups = new Set(ids.flatMap((id) => [...id.slice(24)]));
    expect(lastGroups.size).toBe(16);
  });
});

describe('keepRefusedValue', () => {
  const refuse = (field: string, values: Record<string, unknown>) => {
    const ctx = { fixes: [] } as unknown as CheckContext;
    const entry = { index: 0, key: 'sw1', raw: {} };
    keepRefusedValue(ctx, SWITCH, values, { file: 'switches.json', entry, field }, 'x'.repeat(3), { message: 'is refused' });
    return ctx.fixes[0]!.reason;
  };

  it("keeps a refused value in the record's notes, by the field's own name", () => {
    const values: Record<string, unknown> = { notes: 'Rack 4' };
    expect(refuse('ports[2].firmware_notes', values)).toBe('is refused; kept in the notes');
    expect(values.notes).toBe('Rack 4\nfirmware_notes: xxx');
  });

  it('drops a refused value of the notes themselves, and only of them', () => {
    const values: Record<string, unknown> = { notes: 'Rack 4' };
    expect(refuse('notes', values)).toBe('is refused; dropped');
    expect(refuse('ports[2].notes', values)).toBe('is refused; dropped');
    expect(values.notes).toBe('Rack 4');
  });
});

describe('dedupeNames', () => {
  const named = (names: string[], scope = 'site-1'): Named[] =>
    names.map((name, i) => ({ record: { name }, scope, fixAt: { file: 'switches.json', id: `#${i + 1}`, field: 'name' } }));
  const dedupe = (items: Named[], maxLength: number, suffix?: (name: string, n: number, maxLength: number) => string) => {
    dedupeNames({ fixes: [] } as unknown as CheckContext, items, maxLength, suffix);
    return items.map((item) => item.record.name);
  };
  /** A suffix function that counts its calls and gives up past `most` (counting from 2 for each repeat made ~N²/2). */
  const counted = (most: number, suffix: (name: string, n: number) => string) => {
    const calls = { made: 0 };
    const counting = (name: string, n: number) => {
      if (++calls.made > most) throw new Error(`more than ${most} names made`);
      return suffix(name, n);
    };
    return { calls, counting };
  };

  it('numbers 20,000 ports of one name with at most two names made per port (issue 33: 120 s)', () => {
    const { calls, counting } = counted(40_000, suffixedInterfaceName);
    const names = dedupe(named(Array(20_000).fill('Gi1/0/1')), INTERFACE_NAME_MAX, counting);
    expect(names).toEqual(['Gi1/0/1', ...Array.from({ length: 19_999 }, (_, i) => `Gi1/0/1_${i + 2}`)]);
    expect(calls.made).toBe(19_999);
  });

  it('numbers 20,000 spellings of one name (case differs) with at most two names made per record', () => {
    const spellings = Array.from({ length: 20_000 }, (_, i) =>
      [...i.toString(2).padStart(15, '0')].map((bit, k) => (bit === '1' ? 'ACCESSSWITCHNUM'[k] : 'accessswitchnum'[k])).join(''),
    );
    const { calls, counting } = counted(40_000, (name, n) => `${name} (${n})`);
    const names = dedupe(named(spellings), 100, counting);
    expect(names).toEqual(spellings.map((name, i) => (i === 0 ? name : `${name} (${i + 1})`)));
    expect(calls.made).toBe(19_999);
  });

  it('gives the names it gave before: taken numbers skipped, each scope apart, cut to the longest name', () => {
    expect(dedupe(named(['a', 'a', 'a (3)', 'a', 'A', 'b']), 100)).toEqual(['a', 'a (2)', 'a (3)', 'a (4)', 'A (5)', 'b']);
    expect(dedupe([...named(['x', 'x']), ...named(['x', 'X'], 'site-2')], 100)).toEqual(['x', 'x (2)', 'x', 'X (2)']);
    const cut = dedupe(named(Array(12).fill('abcdefgh')), 8);
    expect(cut).toEqual(['abcdefgh', ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `abcd (${n})`), 'abc (10)', 'abc (11)', 'abc (12)']);
  });
});

describe('nameFreer', () => {
  it('frees 20,000 repeats of one name with at most two looks each, as dedupeNames numbers them', () => {
    const freeName = nameFreer(100);
    const taken = new Set(['users']);
    let looks = 0;
    const isTaken = (candidate: string) => {
      looks++;
      return taken.has(candidate.toLowerCase());
    };
    const names = Array.from({ length: 20_000 }, () => {
      const name = freeName('vlan\nsite-1', 'Users', isTaken);
      taken.add(name.toLowerCase());
      return name;
    });
    expect(names.slice(0, 3)).toEqual(['Users (2)', 'Users (3)', 'Users (4)']);
    expect(new Set(names).size).toBe(20_000);
    expect(looks).toBeLessThanOrEqual(2 * 20_000);
    expect(freeName('vlan\nsite-2', 'Users', (candidate) => candidate === 'Users')).toBe('Users (2)');
    expect(freeName('vlan\nsite-1', 'Voice', () => false)).toBe('Voice');
  });

  it('skips numbers that are taken, and cuts a long name to keep its number within the length', () => {
    const freeName = nameFreer(12);
    const taken = new Set(['core', 'core (2)', 'core (3)', 'a-very-long-name']);
    expect(freeName('s', 'core', (c) => taken.has(c))).toBe('core (4)');
    expect(freeName('s', 'a-very-long-name', (c) => taken.has(c))).toBe('a-very-l (2)');
  });
});
