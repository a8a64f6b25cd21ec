import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CsvSyntaxError,
  csvCell,
  decodeCsv,
  detectSeparator,
  escapeFormula,
  parseCsv,
  recordAtEnd,
  unescapeFormula,
  writeCsv,
} from './csv.ts';

describe('parseCsv', () => {
  it.each<[string, string, string[], string[][]]>([
    ['plain LF', 'a,b\n1,2\n', ['a', 'b'], [['1', '2']]],
    [
      'CRLF',
      'a,b\r\n1,2\r\n3,4',
      ['a', 'b'],
      [
        ['1', '2'],
        ['3', '4'],
      ],
    ],
    ['no final line break', 'a,b\n1,2', ['a', 'b'], [['1', '2']]],
    ['quoted comma', 'a,b\n"x, y",2\n', ['a', 'b'], [['x, y', '2']]],
    ['doubled quotes', 'a\n"say ""hi"""\n', ['a'], [['say "hi"']]],
    ['quoted LF and CRLF', 'a,b\n"one\ntwo","three\r\nfour"\r\n', ['a', 'b'], [['one\ntwo', 'three\r\nfour']]],
    ['empty cells', 'a,b,c\n,,x\n', ['a', 'b', 'c'], [['', '', 'x']]],
    ['quoted empty last cell', 'a,b\n1,""', ['a', 'b'], [['1', '']]],
    ['BOM', '\uFEFFname,site\nx,y\n', ['name', 'site'], [['x', 'y']]],
    ['semicolons', 'name;vlanId;taggedVlans\nx;10;"10-20;30"\n', ['name', 'vlanId', 'taggedVlans'], [['x', '10', '10-20;30']]],
    ['comma inside semicolon file', 'a;b\n"1,5";2\n', ['a', 'b'], [['1,5', '2']]],
    ['blank record kept as empty', 'a,b\n1,2\n\n,\n3,4\n', ['a', 'b'], [['1', '2'], [], [], ['3', '4']]],
    ['quote inside unquoted cell is literal', 'a\nab"c\n', ['a'], [['ab"c']]],
    ['UTF-8 text', 'name\nZürich ☃\n', ['name'], [['Zürich ☃']]],
  ])('%s', (_, text, header, rows) => {
    const table = parseCsv(text);
    expect(table.header).toEqual(header);
    expect(table.rows).toEqual(rows);
  });

  it('detects the separator from the header line only', () => {
    expect(detectSeparator('a;b;c\n1,2,3,4,5')).toBe(';');
    expect(detectSeparator('a,b\n1;2;3;4')).toBe(',');
    expect(detectSeparator('"a;b;c",d\n')).toBe(',');
    expect(detectSeparator('single\n')).toBe(',');
  });

  it.each<[string, string, number]>([
    ['an unterminated quote', 'a,b\n1,"open\n2,3\n', 1],
    ['text after a closing quote', 'a\n"x"y\n', 1],
  ])('refuses %s, naming the row', (_, text, row) => {
    let caught: unknown;
    try {
      parseCsv(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CsvSyntaxError);
    expect((caught as CsvSyntaxError).row).toBe(row);
  });

  it('reads an empty text as no header and no rows', () => {
    expect(parseCsv('')).toEqual({ header: [], rows: [], separator: ',' });
  });
});

describe('writeCsv', () => {
  it('quotes only what needs it and ends lines with CRLF', () => {
    expect(
      writeCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['line\nbreak', null],
          [' edge', 'plain'],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",\r\n" edge",plain\r\n');
  });

  it('quotes either separator, so that the reader detects the right one', () => {
    expect(csvCell('10-20;30')).toBe('"10-20;30"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(writeCsv(['a,b', 'c'], [['1', '2']], ';')).toBe('"a,b";c\r\n1;2\r\n');
  });

  it('round-trips any table through parseCsv', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '"', '\n', '\r', 'é', '1', "'", '=', '+', '-', '@', '\t') });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((width) =>
          fc.tuple(
            fc.array(
              cell.filter((c) => c.trim() !== ''),
              { minLength: width, maxLength: width },
            ),
            fc.array(
              fc.array(cell, { minLength: width, maxLength: width }).filter((row) => row.some((c) => c.trim() !== '')),
              { maxLength: 5 },
            ),
            fc.constantFrom<',' | ';'>(',', ';'),
          ),
        ),
        ([header, rows, separator]) => {
          const table = parseCsv(writeCsv(header, rows, separator));
          expect(table.header).toEqual(header);
          expect(table.rows).toEqual(rows);
        },
      ),
    );
  });
});

describe('formula escaping', () => {
  it.each<[string, string, string]>([
    ['a formula', '=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['a plus', '+1', "'+1"],
    ['a minus', '-2', "'-2"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\tX', "'\tX"],
    ['a leading carriage return', '\rX', "'\rX"],
    ['a quote before a formula', "'=x", "''=x"],
    ['two quotes before a formula', "''+1", "'''+1"],
    ['a lone trigger', '=', "'="],
    ['plain text', 'core 1', 'core 1'],
    ['a trigger later on', 'a=b-c', 'a=b-c'],
    ['a quote before text', "'quoted'", "'quoted'"],
    ['a lone quote', "'", "'"],
    ['two quotes before text', "''x", "''x"],
    ['a leading space before a formula', ' =x', ' =x'],
    ['a leading line feed', '\nX', '\nX'],
    ['empty', '', ''],
  ])('escapes %s and reads it back unchanged', (_, value, escaped) => {
    expect(escapeFormula(value)).toBe(escaped);
    expect(unescapeFormula(escaped)).toBe(value);
  });

  it.each<[string, string]>([
    ["'=x", '=x'],
    ["''=x", "'=x"],
    ["'-5", '-5'],
    ["'\t", '\t'],
    ["'x", "'x"],
    ["''x", "''x"],
    ["'", "'"],
    ['=x', '=x'],
  ])('reads the cell %j as %j', (cell, value) => {
    expect(unescapeFormula(cell)).toBe(value);
  });

  it('writes such cells with the quote, quoting the cell when it needs quotes anyway', () => {
    expect(
      writeCsv(
        ['a', 'b', 'c'],
        [
          ['=1+2', '-3', '\rX'],
          ["'=x", 'x=1', null],
        ],
      ),
    ).toBe(`a,b,c\r\n'=1+2,'-3,"'\rX"\r\n''=x,x=1,\r\n`);
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell('@"x"')).toBe('"\'@""x"""');
  });

  it('parses escaped cells back to the values, in the header too', () => {
    expect(parseCsv(`'=h,x\r\n'=1+2,''=x\r\n"'\tX",'y\r\n`)).toEqual({
      header: ['=h', 'x'],
      rows: [
        ['=1+2', "'=x"],
        ['\tX', "'y"],
      ],
      separator: ',',
    });
  });
});

describe('decodeCsv', () => {
  const latin = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

  it('reads UTF-8 as UTF-8, its BOM left for parseCsv', () => {
    const decoded = decodeCsv(new TextEncoder().encode('\uFEFFname\nZürich\n'));
    expect(decoded).toEqual({ text: '\uFEFFname\nZürich\n', encoding: 'utf-8' });
    expect(parseCsv((decoded as { text: string }).text).rows).toEqual([['Zürich']]);
  });

  it('reads what Excel saves as "CSV (Comma delimited)" on a German Windows as Windows-1252', () => {
    expect(decodeCsv(latin('name;notes\r\nM\xfcller;\x84\xe4 \xf6 \xfc \xdf\x93 \x80\r\n'))).toEqual({
      text: 'name;notes\r\nMüller;„ä ö ü ß“ €\r\n',
      encoding: 'windows-1252',
    });
  });

  it('refuses UTF-16 (Excel\'s "Unicode Text")', () => {
    expect(decodeCsv(Uint8Array.from([0xff, 0xfe, 0x6e, 0, 0x61, 0, 0xe4, 0]))).toEqual({ fault: 'utf-16' });
  });

  it('names the first byte that is not UTF-8, and its data row as parseCsv counts them, in a file that is neither', () => {
    const text = 'name,notes\r\nA,"two\r\nlines"\r\n\r\nB,ok\nC,M\xfcller\0\n';
    const offset = text.indexOf('\xfc');
    expect(decodeCsv(latin(text))).toEqual({ fault: 'not_text', offset, byte: 0xfc, row: 4 });
    expect(parseCsv(text).rows[3]).toEqual(['C', 'M\xfcller\0']);
  });

  it('names the header when the bad byte is in it', () => {
    expect(decodeCsv(latin('na\x81me\nx\n'))).toEqual({ fault: 'not_text', offset: 2, byte: 0x81, row: 0 });
  });

  it.each<[string, string, number]>([
    ['the header', 'name,site', 0],
    ['after a CRLF', 'name\r\nx', 1],
    ['after a blank record', 'name\n\nx', 2],
    ['inside a quoted line break', 'name\n"a\nb', 1],
    ['after a quoted field with doubled quotes', 'name\n"a""\n"\nx', 2],
    ['after a semicolon-quoted field', 'a;b\nx;"1\n2";3\ny', 2],
    ['a quote inside an unquoted cell is literal', 'name\nab"c\nx', 2],
  ])('counts records as parseCsv does: %s', (_, text, record) => {
    expect(recordAtEnd(text)).toBe(record);
  });
});
