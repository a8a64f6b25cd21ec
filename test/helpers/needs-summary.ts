// vitest's global setup: a file for the skip lines of needs.ts, and at the end of the run one summary of what was
// skipped for want of what (a tool, root, the shared fixtures), each with how to get it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Skipped {
  need: string;
  howToGet: string;
  file: string;
}

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-needs-'));
  const file = join(dir, 'skipped.jsonl');
  writeFileSync(file, '');
  process.env.SWITCHYARD_SKIPPED_NEEDS = file;
  return () => {
    const lines = summaryLines(readFileSync(file, 'utf8'));
    rmSync(dir, { recursive: true, force: true });
    if (lines.length > 0) process.stdout.write(`\nSkipped for what this machine lacks:\n${lines.join('\n')}\n`);
  };
}

/** One line per missing need: how to get it and the test files it skipped. */
export function summaryLines(jsonLines: string): string[] {
  const files = new Map<string, { howToGet: string; files: Set<string> }>();
  for (const line of jsonLines.split('\n').filter(Boolean)) {
    const skipped = JSON.parse(line) as Skipped;
    const entry = files.get(skipped.need) ?? { howToGet: skipped.howToGet, files: new Set() };
    entry.files.add(skipped.file);
    files.set(skipped.need, entry);
  }
  return [...files].map(
    ([need, { howToGet, files }]) => `  ${need} (${howToGet}): ${files.size} test file(s): ${[...files].sort().join(', ')}`,
  );
}
