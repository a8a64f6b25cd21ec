import { describe, expect, it } from 'vitest';
import { changedLineCount, diffLines, linesOf, MAX_EDIT_DISTANCE, unifiedDiff } from './line-diff.ts';

const sides = (diff: ReturnType<typeof diffLines>) => ({
  before: diff.filter((line) => line.op !== '+').map((line) => line.text),
  after: diff.filter((line) => line.op !== '-').map((line) => line.text),
});

/** A small random generator with a seed, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

function lcsLength(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      table[i][j] = a[i - 1] === b[j - 1] ? table[i - 1][j - 1] + 1 : Math.max(table[i - 1][j], table[i][j - 1]);
  return table[a.length][b.length];
}

describe('diffLines', () => {
  it('gives back both texts: the kept and removed lines are the old one, the kept and added lines the new one', () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: next(30) }, () => `line ${next(6)}`);
      const b = Array.from({ length: next(30) }, () => `line ${next(6)}`);
      const diff = diffLines(a, b);
      expect(sides(diff)).toEqual({ before: a, after: b });
    }
  });

  it('finds the shortest edit (Myers: ABCABBA to CBABAC takes 5; random texts: as many as the longest common subsequence leaves)', () => {
    expect(changedLineCount(diffLines([...'ABCABBA'], [...'CBABAC']))).toBe(5);
    const next = random(11);
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: next(25) }, () => String(next(4)));
      const b = Array.from({ length: next(25) }, () => String(next(4)));
      expect(changedLineCount(diffLines(a, b))).toBe(a.length + b.length - 2 * lcsLength(a, b));
    }
  });

  it('counts a changed line as one removed and one added, and nothing for equal texts', () => {
    const a = ['hostname sw1', 'interface Gi1/0/1', ' description old', '!'];
    const b = ['hostname sw1', 'interface Gi1/0/1', ' description new', '!'];
    expect(changedLineCount(diffLines(a, b))).toBe(2);
    expect(changedLineCount(diffLines(a, a))).toBe(0);
  });

  it('gives the middle removed and added whole past MAX_EDIT_DISTANCE differences, still both texts', () => {
    const a = Array.from({ length: MAX_EDIT_DISTANCE }, (_, i) => `a${i}`);
    const b = Array.from({ length: MAX_EDIT_DISTANCE }, (_, i) => `b${i}`);
    const diff = diffLines(['same', ...a, 'end'], ['same', ...b, 'end']);
    expect(sides(diff)).toEqual({ before: ['same', ...a, 'end'], after: ['same', ...b, 'end'] });
    expect(changedLineCount(diff)).toBe(2 * MAX_EDIT_DISTANCE);
  });
});

describe('unifiedDiff', () => {
  it('writes hunks with three lines of context and 1-based ranges, as diff -u does', () => {
    const a = linesOf('1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n');
    const b = linesOf('1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n');
    expect(unifiedDiff(diffLines(a, b), 'a', 'b')).toBe(
      [
        '--- a',
        '+++ b',
        '@@ -2,7 +2,7 @@',
        ' 2',
        ' 3',
        ' 4',
        '-5',
        '+five',
        ' 6',
        ' 7',
        ' 8',
        '@@ -13,3 +13,4 @@',
        ' 13',
        ' 14',
        ' 15',
        '+16',
        '',
      ].join('\n'),
    );
  });

  it('names an empty side at line 0 and is empty when nothing changed', () => {
    expect(unifiedDiff(diffLines([], ['x']), 'a', 'b')).toBe('--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n');
    expect(unifiedDiff(diffLines(['x'], ['x']), 'a', 'b')).toBe('');
  });

  it('reads lines with CRLF ends as the same lines', () => {
    expect(linesOf('a\r\nb\r\n')).toEqual(['a', 'b']);
    expect(linesOf('')).toEqual([]);
  });
});
