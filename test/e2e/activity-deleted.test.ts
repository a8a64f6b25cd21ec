// An activity entry of a deleted switch (issue 35): its name links to the switch's history, not to its page, which
// is gone, and says that it was deleted; a switch that is still there links to its page. At 1280 and 375 px;
// screenshots activity-deleted-*.png.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finishPage, must, useBrowserApp, SHOTS } from './support.ts';

const ids: Record<string, string> = {};

const app = useBrowserApp({
  setup: async ({ baseUrl, adminToken }) => {
    const call = (method: string, path: string, body?: unknown) => must(baseUrl, adminToken, method, path, body);
    const site = await call('POST', '/api/sites', { name: 'Depot' });
    ids.kept = (await call('POST', '/api/switches', { siteId: site.id, name: 'kept-1', portCount: 2 })).id;
    ids.gone = (await call('POST', '/api/switches', { siteId: site.id, name: 'gone-1', portCount: 2 })).id;
    await call('DELETE', `/api/switches/${ids.gone}`);
  },
});

describe('the activity of a deleted switch', () => {
  it.each([1280, 375])('links its name to its history, not to its page, at %i px', { timeout: 60_000 }, async (width) => {
    const { page, context, problems } = await app.signedIn('/activity', 'admin', { width, height: 900 });
    const entries = page.locator('li.entry');
    await entries.filter({ hasText: 'deleted switch' }).first().waitFor();
    for (const action of ['deleted', 'created']) {
      const link = entries
        .filter({ hasText: `${action} switch` })
        .filter({ hasText: 'gone-1' })
        .getByRole('link', { name: 'gone-1' });
      expect(await link.getAttribute('href'), action).toBe(`/activity?entityId=${ids.gone}`);
    }
    const gone = entries.filter({ hasText: 'deleted switch' }).first();
    await gone.getByText('deleted', { exact: true }).waitFor();
    const kept = entries.filter({ hasText: 'created switch' }).filter({ hasText: 'kept-1' }).getByRole('link', { name: 'kept-1' });
    expect(await kept.getAttribute('href')).toBe(`/switches/${ids.kept}`);
    await page.screenshot({ path: join(SHOTS, `activity-deleted-${width}.png`) });
    // No 0.20.x data was migrated here: the side navigation lists no summary of its fixes.
    expect(await page.locator('.side-nav a[href="/migration"]').count()).toBe(0);
    // The history lists both of its entries, and no page says that it is not found.
    await gone.getByRole('link', { name: 'gone-1' }).click();
    await page.waitForURL(`**/activity?entityId=${ids.gone}`);
    await expect.poll(() => page.locator('li.entry').count()).toBe(2);
    expect(await page.getByText('not found', { exact: false }).count()).toBe(0);
    await finishPage({ context, page, problems });
  });
});
