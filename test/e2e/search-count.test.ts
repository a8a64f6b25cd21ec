// A list's search that matches more than 10,000 rows (API.md: counted only that far, totalExact false): the pager
// says "more than 10,000", in German too, and still pages on.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowserApp, SHOTS } from './support.ts';

const SITES = 10_050;

const app = useBrowserApp({
  setup: async () => {
    const rows = Array.from({ length: SITES }, (_, n) => ({ name: `Branch office ${String(n).padStart(5, '0')}` }));
    await app.admin('POST', '/api/import/sites', rows, [201]);
  },
});

describe('a search counted only to 10,000', () => {
  it('says "more than 10,000" under the list and still offers the next page', async () => {
    const { context, page, problems } = await app.signedIn('/sites?q=branch');
    const pager = page.locator('.pager');
    await pager.getByText('1–100 of more than 10,000').waitFor();
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
    await pager.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'search-more-than-10000-1280.png') });
    await page.goto(`${app.baseUrl}/sites?q=office%2010049`);
    await pager.getByText('1–1 of 1').waitFor();
    expect(problems.errors).toEqual([]);
    await context.close();
  }, 120_000);
});
