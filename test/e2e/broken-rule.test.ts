// A stored row that breaks a rule every write refuses (written by another tool: planted here straight into the
// database) is a broken_rule finding on its site's page, in English and in German (worded from its params): an error
// naming the record, a link to it, and what is wrong. Screenshots broken-rule-*.png at 375 and 1280 px.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeDb } from '../helpers/db.ts';
import { newPage, SHOTS, submitSignIn, TEST_PASSWORD, useBrowserApp, watch } from './support.ts';

let plantId: string;
let brokenPort: { id: string; name: string };

const app = useBrowserApp({
  setup: async ({ server }) => {
    plantId = (await app.admin('POST', '/api/sites', { name: 'Plant' })).id;
    const labId = (await app.admin('POST', '/api/sites', { name: 'Lab' })).id;
    const labVlan = await app.admin('POST', '/api/vlans', { siteId: labId, name: 'Lab', vid: 30 });
    const sw = await app.admin('POST', '/api/switches', { siteId: plantId, name: 'plant-a', portCount: 4 });
    brokenPort = (await app.admin('GET', `/api/switches/${sw.id}`)).ports[2];
    writeDb(server.dataDir, 'UPDATE ports SET untagged_vlan_id = ? WHERE id = ?', labVlan.id, brokenPort.id);
    await app.admin('POST', '/api/users', { username: 'anna', password: TEST_PASSWORD, role: 'admin', language: 'de' });
  },
});

/** The words the test looks for in each language. */
const WORDS = {
  en: {
    username: 'admin',
    signOut: 'Sign out',
    findings: 'Findings',
    severity: 'error',
    breaks: 'breaks a rule that changes keep:',
    otherSite: 'belongs to another site',
  },
  de: {
    username: 'anna',
    signOut: 'Abmelden',
    findings: 'Befunde',
    severity: 'Fehler',
    breaks: 'verletzt eine Regel, die Änderungen einhalten:',
    otherSite: 'gehört zu einem anderen Standort',
  },
};

/** The site page of Plant, signed in through the form (in the browser's English) as the user of `language`. */
async function plantPage(language: keyof typeof WORDS) {
  const { context, page } = await newPage(app.browser);
  const problems = watch(page);
  await page.goto(`${app.baseUrl}/sites/${plantId}`);
  await submitSignIn(page, WORDS[language].username);
  await page.getByRole('button', { name: WORDS[language].signOut }).waitFor();
  return { context, page, problems };
}

describe('a broken_rule finding in the browser', () => {
  it.each(['en', 'de'] as const)(
    'shows the record that breaks the rule, linked, with what is wrong (%s)',
    async (language) => {
      const { context, page, problems } = await plantPage(language);
      const card = page.locator('section', { has: page.getByRole('heading', { name: WORDS[language].findings }) });
      const finding = card.locator('li.finding').filter({ hasText: WORDS[language].breaks });
      await finding.waitFor();
      expect(await finding.locator('.badge').innerText()).toBe(WORDS[language].severity);
      const recordName = `plant-a port ${brokenPort.name}`;
      expect(await finding.innerText()).toContain(`${recordName} ${WORDS[language].breaks}`);
      expect(await finding.innerText()).toContain(WORDS[language].otherSite);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await finding.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `broken-rule-${language}-${width}.png`) });
      }

      await finding.getByRole('link', { name: recordName }).click();
      await page.getByRole('heading', { name: 'plant-a', level: 1 }).waitFor();
      expect(new URL(page.url()).searchParams.get('port')).toBe(brokenPort.id);
      expect(problems.errors).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
