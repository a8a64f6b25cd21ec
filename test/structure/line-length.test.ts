import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The project's rule that the formatter cannot keep: it wraps code at 140 characters, but leaves strings, template
// literals and comments as long as they are written. Long text is split into parts ('…' + '…') that make the same string.

const SRC = join(import.meta.dirname, '..', '..', 'src');
const LONGEST = 160;

/** Every .ts file of src/, relative to it, tests and generated files included. */
const FILES = (readdirSync(SRC, { recursive: true }) as string[])
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith('.ts'))
  .sort();

/** `path:line (length)` of each line longer than LONGEST characters (code points, as an editor counts them). */
function longLines(path: string): string[] {
  return readFileSync(join(SRC, path), 'utf8')
    .split(/\r?\n/)
    .flatMap((line, index) => {
      const length = [...line].length;
      return length > LONGEST ? [`src/${path}:${index + 1} (${length})`] : [];
    });
}

describe('the lines of src/', () => {
  it('are read from every .ts file there is', () => {
    expect(FILES).toContain('server.ts');
    expect(FILES).toContain('ui/messages.ts');
    expect(FILES.length).toBeGreaterThan(100);
  });

  it(`are at most ${LONGEST} characters long, strings, templates and comments too`, () => {
    expect(FILES.flatMap(longLines)).toEqual([]);
  });
});
