import fc from 'fast-check';
import type { Route } from '../../../src/http/route.ts';

// Request parts as small descriptions that fast-check can print and shrink; turned into bytes only when sent,
// so a counterexample with a 600 kB string prints as `huge(600000 × "x")`, not as the string.

/** JSON text put into a body verbatim: numbers JSON.stringify cannot write (1e309, -0), invalid tokens. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  [fc.toStringMethod]() {
    return `raw(${this.text})`;
  }
}

/** A long string, made when sent. */
export class Huge {
  readonly length: number;
  readonly unit: string;
  constructor(length: number, unit: string) {
    this.length = length;
    this.unit = unit;
  }
  [fc.toStringMethod]() {
    return `huge(${this.length} × ${JSON.stringify(this.unit)})`;
  }
}

/** Arrays or objects nested `depth` levels deep, made when sent. */
export class Deep {
  readonly depth: number;
  readonly kind: 'array' | 'object';
  constructor(depth: number, kind: 'array' | 'object') {
    this.depth = depth;
    this.kind = kind;
  }
  [fc.toStringMethod]() {
    return `deep(${this.kind} × ${this.depth})`;
  }
}

/** An object as a list of entries, so that `__proto__` stays an ordinary key and keys may repeat. */
export class Entries {
  readonly entries: [string, unknown][];
  constructor(entries: [string, unknown][]) {
    this.entries = entries;
  }
  [fc.toStringMethod]() {
    return `{${this.entries.map(([key, value]) => `${JSON.stringify(key)}: ${fc.stringify(value)}`).join(', ')}}`;
  }
}

/** Writes a fuzz value as JSON text (RawJson verbatim, Huge and Deep expanded, Entries in order). */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Huge) return JSON.stringify(value.unit.repeat(Math.ceil(value.length / value.unit.length)).slice(0, value.length));
  if (value instanceof Deep)
    return value.kind === 'array'
      ? '['.repeat(value.depth) + ']'.repeat(value.depth)
      : `${'{"a":'.repeat(value.depth)}1${'}'.repeat(value.depth)}`;
  if (value instanceof Entries) return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') return toJsonText(new Entries(Object.entries(value)));
  return JSON.stringify(value) ?? 'null';
}

/** Strings that break naive code: unicode edge cases, NUL, lone surrogates, SQL and LIKE metacharacters, markup. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00y',
  '\uFEFFname',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا',
  '\u200B',
  'e\u0301\u0301\u0301',
  '👨‍👩‍👧‍👦',
  '𝕏',
  '\r\n',
  '\t',
  '\\',
  '"',
  "'",
  '%',
  '_',
  '%_',
  "'; DROP TABLE sites; --",
  "' OR '1'='1",
  '" OR ""="',
  "%' --",
  '\\%',
  '[a-z]*',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  "=cmd|' /C calc'!A0",
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-0',
  '1e309',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '10.0.0.0/8',
  '::ffff:10.0.0.1',
  'aa:bb:cc:dd:ee:ff',
  '00000000-0000-0000-0000-000000000000',
];

/** Number literals as JSON text, including the ones JSON.stringify cannot produce. */
export const NASTY_NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '0.0',
  '1e-400',
  '4.5',
  '-1',
  '0',
  '4094',
  '4095',
  '1024',
  '1025',
  '9007199254740993',
  '123456789012345678901234567890',
  '1E2',
  '0.1e1',
  '2147483648',
  '-2147483649',
];

/** Bodies that are not JSON at all, or not quite. */
export const BROKEN_JSON = [
  '',
  ' ',
  '{',
  '}',
  '[',
  '{"a":}',
  '{"a":1,}',
  '[1,]',
  "{'a':1}",
  '{a:1}',
  'NaN',
  'Infinity',
  'undefined',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"a":1} x',
  '/* c */ {}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '"unterminated',
  'nul',
  'tru',
  '-',
  '0x10',
  '01',
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 120 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...NASTY_STRINGS)).map(([a, b]) => a + b) },
);

const hugeString = fc
  .tuple(fc.constantFrom(101, 1001, 10_001, 100_001, 600_000), fc.constantFrom('x', 'é', '😀', '\u0000', '%', '\uD800'))
  .map(([length, unit]) => new Huge(length, unit));

const deep = fc
  .tuple(fc.constantFrom(50, 1000, 10_000, 100_000), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => new Deep(depth, kind));

const rawNumber = fc.constantFrom(...NASTY_NUMBERS).map((text) => new RawJson(text));

/** Keys a body may carry besides the real fields: prototype keys, near-miss spellings, junk. */
export const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'version',
  'createdAt',
  'ID',
  'Name',
  'name ',
  '',
  '\u0000',
  'role',
  'isAdmin',
  'password',
  'passwordHash',
  'siteId',
  'switchId',
];

/** Any JSON value that a field might receive: wrong types, edge strings and numbers, huge, deep, nested. */
export const fieldValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { weight: 5, arbitrary: nastyString },
    { weight: 3, arbitrary: rawNumber },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
    { weight: 1, arbitrary: hugeString },
    { weight: 1, arbitrary: deep },
    { weight: 1, depthSize: 'small', arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      depthSize: 'small',
      arbitrary: fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), tie('value')), { maxLength: 3 }).map((entries) => new Entries(entries)),
    },
  ),
})).value;

/** The property names a route's documented request body has (its fields), for near-valid bodies. */
export function requestFields(route: Route): string[] {
  const properties = route.doc?.request as
    | { properties?: Record<string, unknown>; items?: { properties?: Record<string, unknown> } }
    | undefined;
  return Object.keys(properties?.properties ?? properties?.items?.properties ?? {});
}

/** A body for a route: near-valid objects with bad values and extra keys, any JSON, raw numbers, broken JSON, deep nesting. */
export function bodyValue(route: Route): fc.Arbitrary<unknown> {
  const fields = requestFields(route);
  const keys = fields.length ? [...fields, ...EXTRA_KEYS] : EXTRA_KEYS;
  const object = fc
    .array(fc.tuple(fc.constantFrom(...keys), fieldValue), { maxLength: Math.max(3, fields.length + 2) })
    .map((entries) => new Entries(entries));
  return fc.oneof(
    { weight: 6, arbitrary: object },
    { weight: 1, arbitrary: fc.array(object, { maxLength: 3 }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: rawNumber },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON).map((text) => new RawJson(text)) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: hugeString },
  );
}

/** Content types a client may send, mostly the right one. */
export const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/csv',
      'text/plain',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
      'application/json;;;',
      'application/jsonp',
    ),
  },
);

/** CSV-ish text for the endpoints that accept text/csv. */
export const csvText = fc.oneof(
  fc.constantFrom(
    '',
    'name\n',
    'name\n"unterminated',
    'name,name\na,b',
    "name\n=cmd|' /C calc'!A0",
    '\uFEFFname\nx',
    'name\r\n"a""b"\r\n',
    'a\u0000b\nc',
    ',,,\n,,,',
  ),
  fc
    .array(fc.array(nastyString, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 })
    .map((rows) => rows.map((row) => row.join(',')).join('\n')),
);

/** Query parameter names: the route's documented ones and the list parameters, plus junk. */
export function queryName(route: Route): fc.Arbitrary<string> {
  const named = (route.doc?.query ?? []).map((parameter) => parameter.name);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        ...new Set([...named, 'sort', 'limit', 'offset', 'q', 'format', 'dryRun', 'siteId', 'before', 'entityId']),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  );
}

/** Query parameter values: SQL and LIKE metacharacters, numbers in odd spellings, field names with and without `-`. */
export const queryValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...NASTY_NUMBERS,
      '1',
      '100',
      '500',
      '501',
      '-5',
      ' 10',
      '10 ',
      '0x1f',
      '1.5',
      '',
      'true',
      'false',
      'csv',
      'json',
      'xml',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('', '-', '--', '+'),
        fc.constantFrom(
          'name',
          'id',
          'version',
          'createdAt',
          'vlanId',
          'vid',
          'subnet',
          'unit',
          'position',
          'name; DROP TABLE x',
          'name ASC',
          '(SELECT 1)',
          'rowid',
          '1',
        ),
      )
      .map(([sign, name]) => sign + name),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
);

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD instead of throwing as encodeURIComponent does). */
export function encodeBytes(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Path segments already percent-encoded, some of them invalid UTF-8 or malformed escapes. */
export const RAW_SEGMENTS = [
  '%FF',
  '%C0%AF',
  '%',
  '%E0%A4%A',
  '%00',
  '%2F',
  '%2e%2e',
  '..',
  '.',
  '',
  '%20',
  'a%2Fb',
  '%u0041',
  '%%',
  '%252F',
];
