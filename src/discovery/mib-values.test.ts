import { describe, expect, it } from 'vitest';
import { asText, bitmapMembers, column, compareOids, formatMac, isPrintableText, portListMembers, tableColumns } from './mib-values.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('table columns', () => {
  it("names each column's OID by its number under the table's entry, in the order given", () => {
    const ifTable = tableColumns('1.3.6.1.2.1.2.2.1', { descr: 2, type: 3, operStatus: 8 });
    expect(ifTable).toEqual({ descr: '1.3.6.1.2.1.2.2.1.2', type: '1.3.6.1.2.1.2.2.1.3', operStatus: '1.3.6.1.2.1.2.2.1.8' });
    expect(Object.values(ifTable)).toEqual(['1.3.6.1.2.1.2.2.1.2', '1.3.6.1.2.1.2.2.1.3', '1.3.6.1.2.1.2.2.1.8']);
  });
});

describe('PortList bitmaps', () => {
  it.each<[Uint8Array, number[]]>([
    [bytes(0x80), [1]],
    [bytes(0x01), [8]],
    [bytes(0x00, 0x80), [9]],
    [bytes(0xc0, 0x01), [1, 2, 16]],
    [bytes(), []],
  ])('the most significant bit of the first octet is port 1: %j -> %j', (value, members) => {
    expect(bitmapMembers(value)).toEqual(members);
  });

  it('numbers a Cisco VLAN bitmap from its first VLAN', () => {
    expect(bitmapMembers(bytes(0x40), 0)).toEqual([1]);
    expect(bitmapMembers(bytes(0x80), 1024)).toEqual([1024]);
  });
});

describe('Junos ASCII port lists', () => {
  const ascii = (text: string) => new TextEncoder().encode(text);

  it('reads comma-separated bridge port numbers', () => {
    expect(portListMembers(ascii('0,4097,4099'), true)).toEqual([0, 4097, 4099]);
    expect(portListMembers(ascii(''), true)).toEqual([]);
  });

  it('reads a one-number list as that number, not as a bitmap', () => {
    expect(portListMembers(ascii('3'), true)).toEqual([3]);
    expect(portListMembers(ascii('3'), false)).toEqual([3, 4, 7, 8]);
  });

  it('still reads a bitmap that is no list of numbers as a bitmap', () => {
    expect(portListMembers(bytes(0x80, 0x00), true)).toEqual([1]);
  });
});

describe('values as text', () => {
  it('reads UTF-8, else Latin-1', () => {
    expect(asText(new TextEncoder().encode('Büro 1'))).toBe('Büro 1');
    expect(asText(bytes(0x42, 0xfc, 0x72, 0x6f))).toBe('Büro');
    expect(asText(undefined)).toBeNull();
    expect(asText(42)).toBe('42');
  });

  it('tells names from binary ids', () => {
    expect(isPrintableText(new TextEncoder().encode(' \\A EDICION-1\\ '))).toBe(true);
    expect(isPrintableText(bytes(0x00, 0x1b, 0x21, 0xbb, 0xe6, 0xf0))).toBe(false);
    expect(isPrintableText(new TextEncoder().encode('a\u00a0b'))).toBe(false);
  });

  it('writes MACs as lower-case pairs, and nothing for no bytes', () => {
    expect(formatMac(bytes(0, 0x1b, 0x21, 0xbb, 0xe6, 0xf0))).toBe('00:1b:21:bb:e6:f0');
    expect(formatMac(bytes())).toBeNull();
  });
});

describe('walked tables', () => {
  it('orders OIDs numerically, not as text', () => {
    expect(compareOids('1.3.6.1.2', '1.3.6.1.10')).toBe(-1);
    expect(compareOids('1.3.6.1', '1.3.6.1.0')).toBe(-1);
    expect(compareOids('1.3.6', '1.3.6')).toBe(0);
  });

  it('takes one column by its index suffix, not a column whose number only starts alike', () => {
    const walk = new Map([
      ['1.3.6.1.2.1.2.2.1.2.1', 'a'],
      ['1.3.6.1.2.1.2.2.1.2.2', 'b'],
      ['1.3.6.1.2.1.2.2.1.20.1', 'x'],
    ]);
    expect([...column(walk, '1.3.6.1.2.1.2.2.1.2')]).toEqual([
      ['1', 'a'],
      ['2', 'b'],
    ]);
  });
});
