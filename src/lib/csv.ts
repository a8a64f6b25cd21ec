// RFC 4180 CSV, read and written without I/O, as spreadsheets produce it: quoted fields with embedded
// separators, quotes ("") and line breaks, CRLF or LF line ends, an optional UTF-8 BOM, and `;` as the
// separator when the header line uses it (spreadsheets in locales with a decimal comma write that).
// Against formula injection (OWASP's "CSV injection"), a cell that begins with `=`, `+`, `-`, `@`, a tab or a
// carriage return is written with a leading `'`, and the reader removes that one `'` again (escapeFormula,
// unescapeFormula); a value that itself begins with `'` (or several) before one of those gets one more `'`
// too, so every value round-trips exactly.
// A file's bytes are read as UTF-8, or as Windows-1252 when they are clearly that (decodeCsv): Excel's
// "CSV (Comma delimited)" writes the Windows code page, not UTF-8; anything else is refused, never stored with
// replacement characters.
import { decodeUtf8, decodeWindows1252, hasUtf16ByteOrderMark, invalidUtf8Offset, isWindows1252Text } from './text-bytes.ts';

/** The separators the reader recognises. */
export type CsvSeparator = ',' | ';';

/** A parsed CSV text: the header cells, the data records (each a list of cells) and the separator used. */
export interface CsvTable {
  header: string[];
  /** Data records in order; `rows[0]` is data row 1. Entirely blank records are kept as `[]`. */
  rows: string[][];
  separator: CsvSeparator;
}

/** A CSV text that cannot be read; `row` is the data row (0 for the header) where the problem starts. */
export class CsvSyntaxError extends Error {
  readonly row: number;

  constructor(row: number, message: string) {
    super(message);
    this.row = row;
  }
}

const BOM = '\uFEFF';

/** How a CSV file's bytes were read. */
export type CsvEncoding = 'utf-8' | 'windows-1252';

/**
 * A CSV file's bytes as text, or why they are not text: UTF-16 (Excel's "Unicode Text"), or the first byte that
 * is not UTF-8 (its offset from 0 and the record it is in: 0 the header, n data row n) when they are not
 * clearly Windows-1252 either.
 */
export type DecodedCsv =
  | { text: string; encoding: CsvEncoding }
  | { fault: 'utf-16' }
  | { fault: 'not_text'; offset: number; byte: number; row: number };

/** A CSV file's bytes as UTF-8 text (a BOM kept, parseCsv drops it), else as Windows-1252 when clearly that. */
export function decodeCsv(bytes: Uint8Array): DecodedCsv {
  const utf8 = decodeUtf8(bytes);
  if (utf8 !== undefined) return { text: utf8, encoding: 'utf-8' };
  if (hasUtf16ByteOrderMark(bytes)) return { fault: 'utf-16' };
  if (isWindows1252Text(bytes)) return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  const offset = invalidUtf8Offset(bytes);
  // The bytes before the first bad one are well-formed UTF-8.
  const before = decodeUtf8(bytes.subarray(0, offset)) ?? '';
  return { fault: 'not_text', offset, byte: bytes[offset], row: recordAtEnd(before) };
}

/**
 * The record that the end of `text` is in, as parseCsv counts them (0 the header, n data row n): parseCsv's own
 * reading of the text up to there, which ends inside a quoted field when the bad byte is in one.
 */
export function recordAtEnd(text: string): number {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  try {
    const records = readRecords(body, detectSeparator(body));
    // A text that ends a record starts the next one; one that ends inside a record is in its last.
    return /[\r\n]$/.test(body) ? records.length : Math.max(0, records.length - 1);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return error.row;
    throw error;
  }
}

/** Parses CSV text (each cell through unescapeFormula); throws CsvSyntaxError on an unterminated quote or text after a closing quote. */
export function parseCsv(text: string): CsvTable {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const separator = detectSeparator(body);
  const records = readRecords(body, separator);
  const [header = [], ...rows] = records;
  return { header, rows: rows.map((cells) => (isBlank(cells) ? [] : cells)), separator };
}

/** The characters that make a spreadsheet read a cell as a formula (or strip them into one). */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A cell value as it is written: with one more leading `'` when it begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return, after any number of `'` (so `=1` becomes `'=1`, and `'=1` becomes `''=1`).
 */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The inverse of escapeFormula: a cell read loses one leading `'` when one of those characters follows it (after any further `'`). */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** `;` when the header line (outside quotes) has more semicolons than commas, else `,`. */
export function detectSeparator(text: string): CsvSeparator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' || char === '\r') break;
    else if (char === ',') commas++;
    else if (char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

// One pass over the text: a small state machine over characters, collecting cells and records.
function readRecords(text: string, separator: CsvSeparator): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let index = 0;
  const endCell = () => {
    record.push(unescapeFormula(cell));
    cell = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[index + 1] === '"') {
        cell += '"';
        index++;
      } else {
        quoted = false;
        afterQuote = true;
      }
    } else if (char === separator) endCell();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      endRecord();
    } else if (afterQuote) {
      throw new CsvSyntaxError(
        records.length,
        `Data row ${records.length}: text after a closing quote; a quote inside a quoted field is written as "".`,
      );
    } else if (char === '"' && cell === '') quoted = true;
    else cell += char;
    index++;
  }
  if (quoted) throw new CsvSyntaxError(records.length, `Data row ${records.length}: a quoted field is not closed.`);
  if (cell !== '' || record.length > 0 || afterQuote) endRecord();
  return records;
}

/** Whether a cell must be quoted: it holds a separator of either kind (so that detection stays right), a quote, a line break or edge spaces. */
function needsQuotes(cell: string): boolean {
  return /[,;"\r\n]/.test(cell) || cell !== cell.trim();
}

/** One CSV cell, escaped against formulas (escapeFormula) and quoted when needed; null and undefined are empty. */
export function csvCell(value: string | null | undefined): string {
  const cell = escapeFormula(value ?? '');
  return needsQuotes(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Writes a header and rows as RFC 4180 CSV with CRLF line ends (and a final CRLF). */
export function writeCsv(header: string[], rows: (string | null | undefined)[][], separator: CsvSeparator = ','): string {
  const line = (cells: (string | null | undefined)[]) => cells.map(csvCell).join(separator);
  return [header, ...rows].map((cells) => `${line(cells)}\r\n`).join('');
}
