// A line diff (Myers' O(ND) algorithm, "An O(ND) Difference Algorithm and Its Variations", 1986) and its unified
// form, for the versions of a running configuration (issue 38). The common head and tail are taken off first; past
// MAX_EDIT_DISTANCE differences in the rest, the rest is given as removed and added whole (bounded time and memory:
// the trace of the search grows with the square of the distance).

/** One line of a diff: kept (' '), removed ('-') or added ('+'), with its 0-based line numbers. */
export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
  /** Its line in the old text (kept and removed lines). */
  oldLine?: number;
  /** Its line in the new text (kept and added lines). */
  newLine?: number;
}

/** Past this many removed and added lines in the middle, the diff stops searching for the shortest one. */
export const MAX_EDIT_DISTANCE = 2000;

/** The lines of a text: split on \n, a \r before it dropped, no empty last line for a final line end. */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The shortest edit (at most MAX_EDIT_DISTANCE inside) that turns `before` into `after`, line by line, in order. */
export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail])
    tail++;
  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ op: ' ', text: before[i], oldLine: i, newLine: i });
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  for (const line of middle(a, b)) {
    out.push({
      ...line,
      ...(line.oldLine !== undefined && { oldLine: line.oldLine + head }),
      ...(line.newLine !== undefined && { newLine: line.newLine + head }),
    });
  }
  for (let i = tail; i > 0; i--) {
    out.push({ op: ' ', text: before[before.length - i], oldLine: before.length - i, newLine: after.length - i });
  }
  return out;
}

/** How many lines were removed and added. */
export function changedLineCount(diff: readonly DiffLine[]): number {
  let count = 0;
  for (const line of diff) if (line.op !== ' ') count++;
  return count;
}

function middle(a: readonly string[], b: readonly string[]): DiffLine[] {
  if (a.length === 0 || b.length === 0) return wholesale(a, b);
  const trace = search(a, b);
  return trace ? backtrack(a, b, trace) : wholesale(a, b);
}

function wholesale(a: readonly string[], b: readonly string[]): DiffLine[] {
  return [
    ...a.map((text, i): DiffLine => ({ op: '-', text, oldLine: i })),
    ...b.map((text, i): DiffLine => ({ op: '+', text, newLine: i })),
  ];
}

/** Myers' forward search: the furthest x on each diagonal k, kept for every d until the end is reached; undefined past the bound. */
function search(a: readonly string[], b: readonly string[]): Int32Array[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return trace;
    }
  }
  return undefined;
}

/** Walks the trace back from the end: each step d came from diagonal k±1 of step d-1 (the V kept before step d). */
function backtrack(a: readonly string[], b: readonly string[], trace: Int32Array[]): DiffLine[] {
  const reversed: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    // trace[d] holds v[k] for k in -d-1 .. d+1 as it stood before step d.
    const at = (k: number) => trace[d][k + d + 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      reversed.push({ op: ' ', text: a[x], oldLine: x, newLine: y });
    }
    if (d > 0) {
      if (x === prevX) reversed.push({ op: '+', text: b[y - 1], newLine: y - 1 });
      else reversed.push({ op: '-', text: a[x - 1], oldLine: x - 1 });
    }
    x = prevX;
    y = prevY;
  }
  return reversed.reverse();
}

/**
 * The diff in the unified format (`diff -u`): the two names, then hunks of changes with `context` kept lines around
 * them, `@@ -start,count +start,count @@` (1-based). Empty when nothing changed.
 */
export function unifiedDiff(diff: readonly DiffLine[], oldName: string, newName: string, context = 3): string {
  const changed = diff.map((line, i) => (line.op === ' ' ? -1 : i)).filter((i) => i >= 0);
  if (changed.length === 0) return '';
  const out = [`--- ${oldName}`, `+++ ${newName}`];
  let i = 0;
  while (i < changed.length) {
    const start = Math.max(0, changed[i] - context);
    let end = Math.min(diff.length, changed[i] + context + 1);
    i++;
    while (i < changed.length && changed[i] - context <= end) {
      end = Math.min(diff.length, changed[i] + context + 1);
      i++;
    }
    out.push(...hunk(diff, start, end));
  }
  return `${out.join('\n')}\n`;
}

function hunk(diff: readonly DiffLine[], start: number, end: number): string[] {
  const lines = diff.slice(start, end);
  const oldCount = lines.filter((line) => line.op !== '+').length;
  const newCount = lines.filter((line) => line.op !== '-').length;
  const oldStart = firstLine(diff, start, 'oldLine');
  const newStart = firstLine(diff, start, 'newLine');
  return [
    `@@ -${oldCount === 0 ? oldStart : oldStart + 1},${oldCount} +${newCount === 0 ? newStart : newStart + 1},${newCount} @@`,
    ...lines.map((line) => `${line.op}${line.text}`),
  ];
}

/** The 0-based line of its side where the hunk starts: the first line of that side at or after `start`, else the side's length. */
function firstLine(diff: readonly DiffLine[], start: number, side: 'oldLine' | 'newLine'): number {
  for (let i = start; i < diff.length; i++) {
    const line = diff[i][side];
    if (line !== undefined) return line;
  }
  let count = 0;
  for (const line of diff) if (line[side] !== undefined) count++;
  return count;
}
