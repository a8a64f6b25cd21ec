// The UI's JavaScript budget (issue 21): what a first visit loads (the entry and the chunks it imports statically,
// gzipped) stays under 60 KB. The size is build-ui's own measure, the one `npm run bench` reports.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUi, FIRST_LOAD_BUDGET_KB as BUDGET_KB } from '../../scripts/build-ui.ts';

const tmp = mkdtempSync(join(tmpdir(), 'switchyard-ui-budget-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the UI build', () => {
  it(`keeps the JavaScript of the first load under ${BUDGET_KB} KB gzipped`, { timeout: 60_000 }, async () => {
    const ui = await buildUi({ outDir: tmp });
    // The measure covers at least the entry itself (a measure of nothing would pass any budget).
    const entry = gzipSync(readFileSync(join(tmp, ui.jsFile)), { level: 9 }).length;
    expect(ui.gzipBytes).toBeGreaterThanOrEqual(entry);
    const kb = ui.gzipBytes / 1024;
    expect(kb, `first load is ${kb.toFixed(1)} KB gzipped, the budget ${BUDGET_KB} KB`).toBeLessThan(BUDGET_KB);
  });
});
