import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactRanges, parseVlanList, VLAN_MAX, VLAN_MIN } from './vlan-ranges.ts';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('compactRanges', () => {
  it.each<[number[], string]>([
    [[], ''],
    [[10], '10'],
    [[30, 10, 11, 12, 20], '10-12,20,30'],
    [[10, 11], '10-11'],
    [[10, 12], '10,12'],
    [[1, 2, 3, 5, 7, 8], '1-3,5,7-8'],
    [[5, 5, 5], '5'],
    [[3, 1, 2, 2, 1, 3], '1-3'],
    [[100, 4094, 4093, 1], '1,100,4093-4094'],
    [[0, 1], '0-1'],
  ])('%j -> %j', (vlans, text) => {
    expect(compactRanges(vlans)).toBe(text);
  });

  it('compacts the whole VLAN range to one run', () => {
    expect(compactRanges(range(1, 4094))).toBe('1-4094');
  });

  it('keeps single gaps at the ends and inside the whole range', () => {
    expect(compactRanges(range(1, 4094).filter((vlan) => vlan !== 100))).toBe('1-99,101-4094');
    expect(compactRanges(range(2, 4093))).toBe('2-4093');
    expect(compactRanges([4094, 1])).toBe('1,4094');
  });

  it('takes any iterable', () => {
    expect(compactRanges(new Set([3, 2, 1, 9]))).toBe('1-3,9');
    expect(
      compactRanges(
        (function* () {
          yield 7;
          yield 6;
        })(),
      ),
    ).toBe('6-7');
  });

  it('joins with the separator given', () => {
    expect(compactRanges([1, 2, 3, 10, 20], ', ')).toBe('1-3, 10, 20');
    expect(compactRanges([1, 5], ';')).toBe('1;5');
  });

  it('does not sort as text', () => {
    expect(compactRanges([100, 20, 3])).toBe('3,20,100');
  });

  it.each([NaN, Infinity, -1, 1.5, 2 ** 53])('throws RangeError on %s', (bad) => {
    expect(() => compactRanges([1, bad])).toThrow(RangeError);
  });
});

describe('parseVlanList', () => {
  it.each<[string, number[]]>([
    ['', []],
    ['   ', []],
    ['\t\n', []],
    ['1', [1]],
    ['4094', [4094]],
    ['10', [10]],
    ['10,20,30', [10, 20, 30]],
    ['30,10,20', [10, 20, 30]],
    ['10;20;30', [10, 20, 30]],
    ['10, 20 ; 30', [10, 20, 30]],
    [' 10 ', [10]],
    ['10-12', [10, 11, 12]],
    ['10 - 12', [10, 11, 12]],
    ['5-5', [5]],
    ['10-12,20,30', [10, 11, 12, 20, 30]],
    ['20,10-12,11', [10, 11, 12, 20]],
    ['10,10,10', [10]],
    ['1-5,3-8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['1-3,7-9', [1, 2, 3, 7, 8, 9]],
    ['4093-4094', [4093, 4094]],
  ])('%j -> %j', (text, vlans) => {
    expect(parseVlanList(text)).toEqual({ ok: true, vlans });
  });

  it('accepts 1-4094', () => {
    expect(parseVlanList('1-4094')).toEqual({ ok: true, vlans: range(1, 4094) });
  });

  it.each<[string, RegExp]>([
    ['0', /^"0" is outside the VLAN ids 1 to 4094\.$/],
    ['4095', /^"4095" is outside the VLAN ids 1 to 4094\.$/],
    ['0-10', /^"0-10" is outside the VLAN ids 1 to 4094\.$/],
    ['4000-4095', /^"4000-4095" is outside/],
    ['10,99999999999999999999', /^"99999999999999999999" is outside/],
    ['20-10', /^"20-10" is a reversed range; write it as 10-20\.$/],
    ['1,5-3', /^"5-3" is a reversed range/],
    ['abc', /^"abc" is not a VLAN id or a range like 10-20\.$/],
    ['10,abc,20', /^"abc" is not/],
    ['10-', /^"10-" is not/],
    ['-10', /^"-10" is not/],
    ['1-2-3', /^"1-2-3" is not/],
    ['10 20', /^"10 20" is not/],
    ['1.5', /^"1.5" is not/],
    ['+5', /^"\+5" is not/],
    ['0x10', /^"0x10" is not/],
    ['1e3', /^"1e3" is not/],
    ['１０', /^"１０" is not/],
    ['010', /^"010" has a number with a leading zero; write it without\.$/],
    ['1-010', /^"1-010" has a number with a leading zero/],
    ['10,', /^The VLAN list has an empty item; remove the extra separator\.$/],
    [',10', /empty item/],
    ['10,,20', /empty item/],
    ['10, ;20', /empty item/],
    [',', /empty item/],
  ])('refuses %j', (text, reason) => {
    const result = parseVlanList(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatch(reason);
  });

  it('round-trips with compactRanges for any set of VLANs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: VLAN_MIN, max: VLAN_MAX }), { maxLength: 60 }),
        fc.constantFrom(',', ';', ', '),
        (vlans, separator) => {
          const expected = [...new Set(vlans)].sort((a, b) => a - b);
          const text = compactRanges(vlans, separator);
          expect(parseVlanList(text)).toEqual({ ok: true, vlans: expected });
          expect(compactRanges(expected, separator)).toBe(text);
        },
      ),
    );
  });

  it('round-trips dense lists with long runs', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: VLAN_MIN, max: VLAN_MAX }), fc.nat(50)), { maxLength: 10 }), (runs) => {
        const vlans = runs.flatMap(([start, length]) => range(start, Math.min(VLAN_MAX, start + length)));
        const expected = [...new Set(vlans)].sort((a, b) => a - b);
        expect(parseVlanList(compactRanges(vlans))).toEqual({ ok: true, vlans: expected });
      }),
    );
  });
});
