import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, decodeWindows1252, hasUtf16ByteOrderMark, invalidUtf8Offset, isWindows1252Text } from './text-bytes.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const latin = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('strict UTF-8', () => {
  it('decodes well-formed UTF-8 and keeps a BOM and a real U+FFFD', () => {
    expect(decodeUtf8(new TextEncoder().encode('\uFEFFZürich ☃ 🦊 \uFFFD'))).toBe('\uFEFFZürich ☃ 🦊 \uFFFD');
    expect(invalidUtf8Offset(new TextEncoder().encode('Zürich ☃ 🦊'))).toBe(-1);
  });

  it.each<[string, Uint8Array, number]>([
    ['a Windows-1252 ä', bytes(0x61, 0x62, 0xe4, 0x63), 2],
    ['a lone continuation byte', bytes(0x61, 0x80), 1],
    ['an overlong slash', bytes(0x61, 0xc0, 0xaf), 1],
    ['an overlong three-byte form', bytes(0xe0, 0x80, 0xaf), 0],
    ['a UTF-16 surrogate', bytes(0x41, 0xed, 0xa0, 0x80), 1],
    ['past U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80), 0],
    ['a sequence cut short at the end', bytes(0x61, 0xe2, 0x98), 1],
    ['a sequence cut short by ASCII', bytes(0xc3, 0x41), 0],
  ])('refuses %s, naming the offset of its first byte', (_, input, offset) => {
    expect(decodeUtf8(input)).toBeUndefined();
    expect(invalidUtf8Offset(input)).toBe(offset);
  });

  it('finds the first bad byte exactly where a lenient decoder would first write U+FFFD, for any bytes', () => {
    const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (input) => {
        const offset = invalidUtf8Offset(input);
        expect(offset === -1).toBe(decodeUtf8(input) !== undefined);
        if (offset === -1) return;
        const before = decodeUtf8(input.subarray(0, offset));
        expect(before).toBeDefined();
        expect(lenient.decode(input).startsWith(`${before}\uFFFD`)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells a UTF-16 byte order mark', () => {
    expect(hasUtf16ByteOrderMark(bytes(0xff, 0xfe, 0x61, 0))).toBe(true);
    expect(hasUtf16ByteOrderMark(bytes(0xfe, 0xff, 0, 0x61))).toBe(true);
    expect(hasUtf16ByteOrderMark(bytes(0xef, 0xbb, 0xbf))).toBe(false);
  });
});

describe('Windows-1252', () => {
  it('decodes German and French letters and the 0x80-0x9F punctuation', () => {
    expect(decodeWindows1252(latin('\xe4 \xf6 \xfc \xdf \xc4 \xd6 \xdc \xe9 \xe8'))).toBe('ä ö ü ß Ä Ö Ü é è');
    expect(decodeWindows1252(bytes(0x80, 0x8a, 0x93, 0x94, 0x96, 0x9f))).toBe('€Š“”–Ÿ');
  });

  it('decodes every byte it defines as the WHATWG Encoding Standard does', () => {
    const defined = [...Array(256).keys()].filter((byte) => ![0x81, 0x8d, 0x8f, 0x90, 0x9d].includes(byte));
    const input = Uint8Array.from(defined);
    expect(decodeWindows1252(input)).toBe(new TextDecoder('windows-1252').decode(input));
  });

  it('decodes text longer than one chunk whole', () => {
    const input = latin('Stra\xdfe;'.repeat(5000));
    expect(decodeWindows1252(input)).toBe('Straße;'.repeat(5000));
  });

  it('takes text with letters of the code page, tabs and line breaks', () => {
    expect(isWindows1252Text(latin('name;notes\r\nM\xfcller;Gr\xf6\xdfe\t\x80 5\n'))).toBe(true);
  });

  it('takes text whose letters make well-formed UTF-8 by chance ("ß“" is DF 93)', () => {
    expect(isWindows1252Text(latin('\x84Stra\xdfe\x93 \xc4\xa7 \xe9\xa9\xb2'))).toBe(true);
  });

  it.each<[string, Uint8Array]>([
    ['a byte the code page leaves undefined', latin('name\nM\xfcller \x81\n')],
    ['a NUL (UTF-16 without a byte order mark, or binary)', latin('n\0a\0m\0e\0')],
    ['another control character (an .xlsx file is a zip)', latin('PK\x03\x04\xe4')],
    ['UTF-8 letters beside bytes that are not (ü as UTF-8, then as Windows-1252)', latin('M\xc3\xbcller;M\xfcller\n')],
    ['UTF-8 punctuation beside bytes that are not (“ and € as UTF-8)', latin('\xe2\x80\x9cM\xfcller \xe2\x82\xac\n')],
    ['a UTF-8 byte order mark before bytes that are not UTF-8', latin('\xef\xbb\xbfname\nM\xfcller\n')],
  ])('refuses %s', (_, input) => {
    expect(isWindows1252Text(input)).toBe(false);
  });
});
