import { describe, expect, it } from 'vitest';
import { jsonListBytes } from './json-bytes.ts';

describe('jsonListBytes', () => {
  it.each([
    ['no item', []],
    ['one item', ['{"a":1}']],
    ['several items with text beyond ASCII', ['{"name":"Büro 2"}', '"Zähler ✓"', '3']],
  ])('writes the same bytes as joining the text: %s', (_name, items) => {
    const bytes = jsonListBytes('findings', items);
    expect(bytes.toString('utf8')).toBe(`{"findings":[${items.join(',')}]}`);
    expect(JSON.parse(bytes.toString('utf8')).findings).toEqual(items.map((item) => JSON.parse(item)));
  });
});
