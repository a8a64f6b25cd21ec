import { describe, expect, it } from 'vitest';
import { jsonForMessage, writableJson } from './json-text.ts';

function nested(depth: number, kind: 'list' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'list' ? [value] : { a: value };
  return value;
}

describe('a value as a message shows it', () => {
  it('is its JSON text', () => {
    expect([jsonForMessage('10.0.0.x'), jsonForMessage(5), jsonForMessage(null), jsonForMessage(['a', 1])]).toEqual([
      '"10.0.0.x"',
      '5',
      'null',
      '["a",1]',
    ]);
  });

  it('is cut to the length asked for, by characters, not UTF-16 units', () => {
    expect(jsonForMessage('x'.repeat(100), 10)).toBe('"xxxxxxxx…');
    expect(jsonForMessage('😀'.repeat(20), 5)).toBe('"😀😀😀…');
    expect(jsonForMessage('😀'.repeat(4), 6)).toBe('"😀😀😀😀"');
    expect(jsonForMessage('short', 10)).toBe('"short"');
  });

  it('names a value nested too deep for JSON.stringify by its kind, where JSON.stringify overflows the stack', () => {
    expect(() => JSON.stringify(nested(100_000, 'list'))).toThrow(RangeError);
    expect(jsonForMessage(nested(100_000, 'list'))).toBe('a list nested too deep to show');
    expect(jsonForMessage(nested(100_000, 'object'))).toBe('an object nested too deep to show');
  });

  it('keeps a value JSON can write as it is, and describes one it cannot', () => {
    const poe = { type: '802.3zz' };
    expect([writableJson(poe), writableJson('x'), writableJson(5)]).toEqual([poe, 'x', 5]);
    expect(writableJson(poe)).toBe(poe);
    expect(writableJson(nested(100_000, 'list'))).toBe('a list nested too deep to show');
  });
});
