// Bytes as text, without replacement characters: UTF-8 decoded strictly (a byte that is not part of a
// well-formed sequence is found by its offset, never turned into U+FFFD), and Windows-1252, the code page that
// Excel's "CSV (Comma delimited)" writes on Western European Windows, for text that is clearly that.
// Pure (no Buffer): the UI may import it.

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as UTF-8 text (a BOM kept as U+FEFF), or undefined when they are not well-formed UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** What keeps bytes that decodeUtf8 refused from being UTF-8, in words: UTF-16, or the first byte that is not UTF-8. */
export function notUtf8Problem(bytes: Uint8Array): string {
  if (hasUtf16ByteOrderMark(bytes)) return 'it is UTF-16 (it begins with a UTF-16 byte order mark)';
  const offset = invalidUtf8Offset(bytes);
  return `byte offset ${offset} (${hexByte(bytes[offset])}) is not UTF-8`;
}

/** A byte as 0xE4. */
export function hexByte(byte: number): string {
  return `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** The offset of the first byte that does not begin a well-formed UTF-8 sequence; -1 when every byte does. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const length = utf8SequenceLength(bytes, index);
    if (length === 0) return index;
    index += length;
  }
  return -1;
}

/**
 * The length of the well-formed UTF-8 sequence that begins at `index` (1 for ASCII), 0 when none does: the
 * Unicode Standard's table 3-7, so no overlong forms, no surrogates and nothing past U+10FFFF, as TextDecoder.
 */
export function utf8SequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index];
  if (lead < 0x80) return 1;
  const [length, secondLow, secondHigh] = sequenceShape(lead);
  if (length === 0) return 0;
  if (!inRange(bytes[index + 1], secondLow, secondHigh)) return 0;
  for (let offset = 2; offset < length; offset++) if (!inRange(bytes[index + offset], 0x80, 0xbf)) return 0;
  return length;
}

/** A lead byte's sequence length and the range its second byte must be in ([0] for a byte that leads none). */
function sequenceShape(lead: number): [number, number?, number?] {
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  return [0];
}

function inRange(byte: number | undefined, low = 0, high = 0): boolean {
  return byte !== undefined && byte >= low && byte <= high;
}

/** Whether the bytes begin with a UTF-16 byte order mark (FF FE or FE FF), as Excel's "Unicode Text" writes. */
export function hasUtf16ByteOrderMark(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

/** What Windows-1252 makes of 0x80-0x9F (Latin-1's C1 controls); U+FFFF where it defines no character. */
const CP1252_80_9F =
  '\u20ac\uffff\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\uffff\u017d\uffff' +
  '\uffff\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\uffff\u017e\u0178';

/**
 * Whether the bytes are clearly Windows-1252 text: no byte that code page leaves undefined (0x81, 0x8D, 0x8F,
 * 0x90, 0x9D), no control character but tab, line feed and carriage return (a NUL is binary or UTF-16), and no
 * UTF-8 Latin letter or punctuation (isUtf8Latin) nor UTF-8 byte order mark: a file with those besides bad bytes
 * is UTF-8 gone wrong, and read as Windows-1252 its letters would turn into others (ä into Ã¤).
 */
export function isWindows1252Text(bytes: Uint8Array): boolean {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (byte < 0x20 ? byte !== 0x09 && byte !== 0x0a && byte !== 0x0d : byte === 0x7f) return false;
    if (byte >= 0x80 && byte <= 0x9f && CP1252_80_9F.charCodeAt(byte - 0x80) === 0xffff) return false;
    if (isUtf8Latin(bytes, index)) return false;
  }
  return true;
}

/**
 * Whether a UTF-8 sequence of U+0080-U+00FF (ä is C3 A4) or of U+2000-U+20BF (“ is E2 80 9C, € E2 82 AC)
 * begins at `index`: in Windows-1252 those bytes are Â, Ã or â before one or two symbols, which real text nearly
 * never has. Other sequences are not looked for: "„Straße“" in Windows-1252 holds DF 93, well-formed UTF-8.
 */
function isUtf8Latin(bytes: Uint8Array, index: number): boolean {
  const lead = bytes[index];
  if (lead === 0xc2 || lead === 0xc3) return utf8SequenceLength(bytes, index) === 2;
  return lead === 0xe2 && bytes[index + 1] <= 0x82 && utf8SequenceLength(bytes, index) === 3;
}

/** How many bytes are decoded per String.fromCharCode call (its arguments go on the stack). */
const DECODE_CHUNK = 8192;

/** The bytes as Windows-1252 text (undefined bytes, which isWindows1252Text refuses, as U+FFFF). */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const codes = new Uint16Array(Math.min(bytes.length, DECODE_CHUNK));
  for (let start = 0; start < bytes.length; start += DECODE_CHUNK) {
    const end = Math.min(start + DECODE_CHUNK, bytes.length);
    for (let index = start; index < end; index++) {
      const byte = bytes[index];
      codes[index - start] = byte >= 0x80 && byte <= 0x9f ? CP1252_80_9F.charCodeAt(byte - 0x80) : byte;
    }
    parts.push(String.fromCharCode(...codes.subarray(0, end - start)));
  }
  return parts.join('');
}
